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

// A prerendered page's scripts, asked for after its first paint (docs/web-app.md#prerendered-pages).
(() => {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const link of document.querySelectorAll('link[rel="after-paint-module"], link[rel="after-paint-modulepreload"]')) {
      const entry = link.rel === 'after-paint-module';
      const element = document.createElement(entry ? 'script' : 'link');
      if (entry) {
        element.type = 'module';
        element.src = link.href;
      } else {
        element.rel = 'modulepreload';
        element.href = link.href;
      }
      if (link.hasAttribute('crossorigin')) element.crossOrigin = link.getAttribute('crossorigin') || 'anonymous';
      link.replaceWith(element);
    }
  };
  const afterPaint = () => {
    if (!document.querySelector('link[rel="after-paint-module"]')) return;
    if (document.hidden || document.documentElement.hasAttribute('data-prerender-stale')) return start();
    document.addEventListener('visibilitychange', start, { once: true });
    setTimeout(start, 2000);
    try {
      const observer = new PerformanceObserver((list) => {
        if (list.getEntriesByName('first-contentful-paint').length === 0) return;
        observer.disconnect();
        start();
      });
      observer.observe({ type: 'paint', buffered: true });
    } catch {}
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', afterPaint, { once: true });
  else afterPaint();
})();
