import type { AccountingConnect } from '@fairway/shared';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../../lib/api-client';

/**
 * POST integrations/accounting/connect: the provider's consent page for the club account in use
 * (in demo mode the built-in simulator's). Refusals go through the global error handling (toast,
 * access-denied modal), as for any button without a form.
 */
export async function connectAccounting(): Promise<AccountingConnect> {
  return await api.post<AccountingConnect>('integrations/accounting/connect');
}

/** Where the browser goes; a seam so tests can watch the navigation jsdom cannot perform. */
export const browserNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

/**
 * Connect and Reconnect: asks for the consent page and sends the browser there. `busy` stays true
 * after success while the page unloads; coming back with the Back button (from the back-forward
 * cache) clears it, so the button is usable again.
 */
export function useConnectAccounting() {
  const mutation = useMutation({
    mutationFn: async () => {
      const { authorizeUrl } = await connectAccounting();
      browserNavigation.assign(authorizeUrl);
    },
  });
  const { reset } = mutation;
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) reset();
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, [reset]);
  return { connect: () => mutation.mutate(), busy: mutation.isPending || mutation.isSuccess };
}
