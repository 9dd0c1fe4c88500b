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
