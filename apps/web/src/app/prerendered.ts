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
