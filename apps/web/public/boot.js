// Runs before the app (a file, not inline: the Content-Security-Policy allows only 'self'
// scripts). Matches the stored skin and language before React starts, so there is no flash;
// the loading overlay's colour follows the skin attribute (index.html).
(() => {
  try {
    const skin = localStorage.getItem('skin');
    // The app's default skin is light (providers.tsx); set it now too, so the page is in its
    // skin from the first paint, before the app's first render waits for its texts.
    document.documentElement.setAttribute('data-mantine-color-scheme', skin === 'dark' ? 'dark' : 'light');
    const lang = localStorage.getItem('lang');
    if (lang === 'en' || lang === 'sv') document.documentElement.setAttribute('lang', lang);
    // A page prerendered in another language than the reader's stays under the loading screen
    // until the app has rendered it afresh (src/app/prerendered.ts).
    const prerendered = document.documentElement.getAttribute('data-prerendered');
    if (prerendered && (lang === 'en' || lang === 'sv') && lang !== prerendered) {
      document.documentElement.setAttribute('data-prerender-stale', '');
    }
  } catch {}
})();
