import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * A public page prerendered at build time (src/prerender.tsx, docs/web-app.md#prerendered-pages)
 * carries the language it was rendered in as `<html data-prerendered>`. public/boot.js marks it
 * stale (`data-prerender-stale`) when the reader's stored language is another, before the first
 * paint: index.html's loading screen then covers it and the app renders afresh.
 */
export function isPrerenderCurrent(): boolean {
  const html = document.documentElement;
  return html.hasAttribute('data-prerendered') && !html.hasAttribute('data-prerender-stale');
}

/**
 * A prerendered page carries only the CSS rules of its own markup and loads the full stylesheet
 * with `media="print"`, so that request does not hold up the first paint (scripts/prerender.mjs):
 * the app applies it as it starts, before it renders or hydrates anything that needs more.
 */
export function applyDeferredStylesheets(): void {
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[data-deferred-stylesheet]')) link.media = 'all';
}

/** The element a page rendered by the server with its data carries that data in (scripts/prerender.mjs). */
export const PRERENDERED_QUERIES_ID = 'prerendered-queries';

/**
 * A page the server rendered with its data (a blog post, scripts/prerender.mjs) carries the
 * queries' answers it used as JSON (a data block, not a script: the Content-Security-Policy runs
 * none inline). They go into the cache before hydration, so the first render has them as the
 * server's did, and as fresh: the server sends such a page only while its data is current
 * (apps/server/src/modules/help/blog-pages.ts).
 */
export function seedPrerenderedQueries(client: QueryClient): void {
  const text = document.getElementById(PRERENDERED_QUERIES_ID)?.textContent;
  if (!text) return;
  try {
    for (const [queryKey, data] of JSON.parse(text) as [QueryKey, unknown][]) client.setQueryData(queryKey, data);
  } catch {
    // Unreadable: the page's queries ask the API, as on any other page.
  }
}
