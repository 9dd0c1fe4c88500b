import { type ReactNode, StrictMode, Suspense } from 'react';
import { AppProviders } from './providers';

/**
 * What wraps the router, in the browser (main.tsx) and when the public pages are prerendered
 * (prerender.tsx): the same tree on both sides, so the browser can take the prerendered HTML over.
 */
export function AppRoot({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      <AppProviders>
        {/* A page whose texts are still on their way keeps the loading screen (or, while
            navigating, the previous page) instead of showing raw keys. */}
        <Suspense fallback={null}>{children}</Suspense>
      </AppProviders>
    </StrictMode>
  );
}
