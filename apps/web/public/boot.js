// Runs before the app (a file, not inline: the Content-Security-Policy allows only 'self'
// scripts). Matches the stored skin and language before React starts, so there is no flash;
// the loading overlay's colour follows the skin attribute (index.html).
(function () {
  try {
    var skin = localStorage.getItem('skin');
    if (skin === 'dark' || skin === 'light') document.documentElement.setAttribute('data-mantine-color-scheme', skin);
    var lang = localStorage.getItem('lang');
    if (lang === 'en' || lang === 'sv') document.documentElement.setAttribute('lang', lang);
  } catch (e) {}
})();
