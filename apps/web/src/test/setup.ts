import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
// The dashboard layout registers dayjs' Swedish names in the app; tests render parts without it.
import 'dayjs/locale/sv';

// Node-environment tests (the bundle-size build) have no window.
if (typeof window !== 'undefined') {
  // jsdom lacks the layout APIs Mantine asks for; these stand-ins answer "no match" / do nothing,
  // except that the reader asks for reduced motion: Mantine's transitions then end at once instead
  // of leaving a timer that could fire after a test file's window is gone (app/theme.ts).
  if (!window.matchMedia) {
    Object.defineProperty(window, 'matchMedia', {
      writable: true,
      value: (query: string) => ({
        matches: /prefers-reduced-motion:\s*reduce/.test(query),
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }),
    });
  }

  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  if (!('ResizeObserver' in window)) {
    Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
  }

  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  Element.prototype.scrollIntoView = vi.fn();
}

// The app fetches locale files lazily; tests get every namespace of both languages up front, so
// no render waits for a text file.
if (typeof window !== 'undefined') {
  const { i18n, i18nReady } = await import('../lib/i18n');
  const { resources } = await import('../lib/i18n-resources');
  // Toasts and dialogs are mounted lazily in the app; their chunk is ready before any test renders.
  await import('../app/lazy-overlays');
  await i18nReady;
  for (const [lang, bundles] of Object.entries(resources)) {
    for (const [namespace, texts] of Object.entries(bundles)) i18n.addResourceBundle(lang, namespace, texts, true, true);
  }
}

// The mock API (test/api.ts) answers the app's calls; tests add their answers with mockApi.
if (typeof window !== 'undefined') {
  const { server, resetMockApi } = await import('./api');
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(resetMockApi);
  afterAll(() => server.close());
}

// Lazy route modules are transformed on first use, which can take seconds on a busy 2-core machine:
// a `findBy…` gives up only after 30 s, inside the 45 s test timeout (vitest.config.ts). A passing
// test never waits for it.
configure({ asyncUtilTimeout: 30_000 });

afterEach(() => {
  if (typeof window === 'undefined') return;
  cleanup();
  localStorage.clear();
});
