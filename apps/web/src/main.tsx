import '@fontsource-variable/inter';
import '@mantine/core/styles.css';
import '@mantine/charts/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import 'mantine-datatable/styles.css';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppRoot } from './app/app-root';
import { brand } from './app/brand';
import { isPrerenderCurrent } from './app/prerendered';
import { createAppRouter } from './app/router';
import { i18nReady } from './lib/i18n';

document.title = brand.name;

const router = createAppRouter();
const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks #root');

/** Resolves once the router has loaded the first route's modules and data. */
const routerReady = new Promise<void>((resolve) => {
  if (router.state.initialized) resolve();
  else router.subscribe((state) => state.initialized && resolve());
});

const app = <RouterProvider router={router} />;

// The first render waits for the active language's core texts (index.html shows its loading
// screen meanwhile); a failed fetch still renders, as keys, rather than nothing at all.
// A page prerendered at build time (docs/web-app.md#prerendered-pages) is shown already: the app
// takes it over once its route is in, unless it was made for another language than the reader's.
if (isPrerenderCurrent()) {
  void Promise.all([i18nReady, routerReady])
    .catch(() => undefined)
    .then(() => hydrateRoot(container, <AppRoot>{app}</AppRoot>));
} else {
  container.replaceChildren();
  void i18nReady.catch(() => undefined).then(() => createRoot(container).render(<AppRoot>{app}</AppRoot>));
}
