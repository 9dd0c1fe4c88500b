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
import { applyDeferredStylesheets, isPrerenderCurrent, seedPrerenderedQueries } from './app/prerendered';
import { queryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { i18nReady } from './lib/i18n';

document.title = brand.name;
applyDeferredStylesheets();

const router = createAppRouter();
const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks #root');

/** Resolves once the router has loaded the first route's modules and data. */
const routerReady = new Promise<void>((resolve) => {
  if (router.state.initialized) resolve();
  else router.subscribe((state) => state.initialized && resolve());
});

const app = (
  <AppRoot>
    <RouterProvider router={router} />
  </AppRoot>
);
const render = () => {
  container.replaceChildren();
  createRoot(container).render(app);
};

// The first render waits for the active language's core texts (index.html shows its loading
// screen meanwhile); a failed fetch still renders, as keys, rather than nothing at all.
// A page prerendered at build time (docs/web-app.md#prerendered-pages) is shown already: the app
// takes it over once its route is in, unless it was made for another language than the reader's.
if (isPrerenderCurrent()) {
  seedPrerenderedQueries(queryClient);
  const prerenderedPath = window.location.pathname;
  void Promise.all([i18nReady, routerReady])
    .catch(() => undefined)
    // A loader may have sent the reader elsewhere (a signed-in reader on /login): not this page.
    .then(() => (router.state.location.pathname === prerenderedPath ? hydrateRoot(container, app) : render()));
} else {
  void i18nReady.catch(() => undefined).then(render);
}
