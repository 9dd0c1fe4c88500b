import '@fontsource-variable/inter';
import '@mantine/core/styles.css';
import '@mantine/charts/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import 'mantine-datatable/styles.css';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { brand } from './app/brand';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { i18nReady } from './lib/i18n';

document.title = brand.name;

const router = createAppRouter();
const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks #root');

// The first render waits for the active language's core texts (index.html shows its loading
// screen meanwhile); a failed fetch still renders, as keys, rather than nothing at all.
void i18nReady
  .catch(() => undefined)
  .then(() =>
    createRoot(container).render(
      <StrictMode>
        <AppProviders>
          {/* A page whose texts are still on their way keeps the loading screen (or, while
              navigating, the previous page) instead of showing raw keys. */}
          <Suspense fallback={null}>
            <RouterProvider router={router} />
          </Suspense>
        </AppProviders>
      </StrictMode>,
    ),
  );
