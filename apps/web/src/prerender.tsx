/**
 * The public pages rendered to HTML at build time (docs/web-app.md#prerendered-pages), so they
 * paint before their scripts have run; main.tsx then hydrates them. Built by `vite build --ssr`
 * and run by apps/web/scripts/prerender.mjs, once per brand (PRERENDER_BRAND, read by
 * app/brand.ts), in the default language and the light skin.
 */
import type { BlogPost } from '@fairway/shared';
import { DEFAULT_LANG } from '@fairway/shared/constants';
import type { QueryKey } from '@tanstack/react-query';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppRoot } from './app/app-root';
import { queryClient } from './app/query-client';
import { routes } from './app/router';
import { blogPostQueryOptions } from './features/landing/api/get-blog-post';
import { i18n, i18nReady } from './lib/i18n';

/** The language the pages are rendered in: i18n's without a stored choice. */
export const PRERENDER_LANG = DEFAULT_LANG;

const FULL_FIRST = 'src/app/layouts/full-first-layout.tsx';
const FULL = 'src/app/layouts/full-layout.tsx';

/**
 * The pages prerendered (what needs no session and no address parameter), each with the modules
 * app/router.tsx loads for it: their scripts are preloaded and their stylesheets linked by the
 * page, so it is styled from the first paint and hydrates without waiting for one chunk after another.
 */
export const PRERENDERED_PAGES: { path: string; modules: string[] }[] = [
  { path: '/', modules: [FULL_FIRST, 'src/features/landing/pages/landing-home-page.tsx'] },
  { path: '/functions', modules: [FULL_FIRST, 'src/features/landing/pages/functions-page.tsx'] },
  { path: '/price', modules: [FULL_FIRST, 'src/features/landing/pages/price-page.tsx'] },
  { path: '/faq', modules: [FULL_FIRST, 'src/features/landing/pages/faq-page.tsx'] },
  { path: '/blog', modules: [FULL_FIRST, 'src/features/landing/pages/blog-page.tsx'] },
  { path: '/contact-us', modules: [FULL, 'src/features/landing/pages/contact-us-page.tsx'] },
  { path: '/login', modules: [FULL, 'src/features/auth/pages/login-page.tsx'] },
];

/**
 * A blog post's page, rendered by the server when the post is published or changed, with the
 * post it was given (scripts/prerender.mjs `--blog-posts`, apps/server/src/modules/help/blog-pages.ts).
 */
export const BLOG_POST_MODULES = [FULL_FIRST, 'src/features/landing/pages/blog-post-page.tsx'];

/** The server's data a page is rendered with, instead of asking the API for it. */
export interface PageData {
  blogPost?: BlogPost;
}

/** A query's answer the render used: the page embeds it, and the browser's cache starts with it (app/prerendered.ts). */
export type SeededQuery = [QueryKey, unknown];

/** The queries `data` answers, as the page's components ask for them. */
function seededQueries(data: PageData): SeededQuery[] {
  const seeded: SeededQuery[] = [];
  if (data.blogPost) seeded.push([blogPostQueryOptions(PRERENDER_LANG, data.blogPost.id).queryKey, data.blogPost]);
  return seeded;
}

/**
 * The markup of #root for `path`, as the browser's first render would make it, the text
 * namespaces it used (their chunks are preloaded too) and the queries it was given answers for
 * (none for a build-time page: nothing is fetched at build time).
 */
export async function renderPage(
  path: string,
  data: PageData = {},
): Promise<{ markup: string; namespaces: string[]; queries: SeededQuery[] }> {
  await i18nReady;
  // One page's answers only: a process renders several pages with the app's one cache.
  queryClient.clear();
  const queries = seededQueries(data);
  for (const [queryKey, answer] of queries) queryClient.setQueryData(queryKey, answer);
  // The namespaces this page asks for (react-i18next reports each useTranslation's), this page's only.
  const used = new Set<string>();
  i18n.reportNamespaces = {
    addUsedNamespaces: (namespaces) => {
      for (const namespace of typeof namespaces === 'string' ? [namespaces] : namespaces) used.add(namespace);
    },
    getUsedNamespaces: () => [...used],
  };
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
  const markup = await new Response(prelude).text();
  return { markup, namespaces: [...used], queries };
}

export { PRERENDERED_QUERIES_ID } from './app/prerendered';
