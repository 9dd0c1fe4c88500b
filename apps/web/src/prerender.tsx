/**
 * The public pages rendered to HTML at build time (docs/web-app.md#prerendered-pages), so they
 * paint before their scripts have run; main.tsx then hydrates them. Built by `vite build --ssr`
 * and run by apps/web/scripts/prerender.mjs, once per brand (PRERENDER_BRAND, read by
 * app/brand.ts), in the default language and the light skin.
 */
import { DEFAULT_LANG } from '@fairway/shared/constants';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppRoot } from './app/app-root';
import { routes } from './app/router';
import { i18nReady } from './lib/i18n';

/** The language the pages are rendered in: i18n's without a stored choice. */
export const PRERENDER_LANG = DEFAULT_LANG;

/** The pages prerendered: what needs no session and no address parameter. */
export const PRERENDERED_PATHS = ['/', '/functions', '/price', '/faq', '/blog', '/contact-us', '/login'];

/** The markup of #root for `path`, as the browser's first render would make it. */
export async function renderPage(path: string): Promise<string> {
  await i18nReady;
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://localhost')));
  if (context instanceof Response) throw new Error(`${path} answers ${context.status}, not a page`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // prerender (not renderToString) waits for every lazy page and text namespace to arrive.
  const { prelude } = await prerender(
    <AppRoot>
      {/* No hydration data: it would be an inline script, which the Content-Security-Policy refuses. */}
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppRoot>,
    // Every boundary inline, in place: an outlined one is revealed by an inline script, which the
    // Content-Security-Policy refuses.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return new Response(prelude).text();
}
