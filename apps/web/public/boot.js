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
  } catch {}
})();
