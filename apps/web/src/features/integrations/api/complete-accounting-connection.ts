import type { AccountingCallbackBody, AccountingCallbackResult } from '@fairway/shared';
import { api } from '../../../lib/api-client';

/**
 * POST integrations/accounting/callback from the public provider page (`/fortnox`, `/visma`):
 * the single-use state names the club account. Silent: the page shows the refusal itself.
 */
export async function completeAccountingConnection(body: AccountingCallbackBody): Promise<AccountingCallbackResult> {
  return await api.post<AccountingCallbackResult>('integrations/accounting/callback', body, { silent: true });
}

const attempts = new Map<string, Promise<AccountingCallbackResult>>();

/**
 * The state can be spent only once, so the page must never send it twice: React's StrictMode runs
 * effects twice, and a remount would run them again. Every caller for the same answer of the
 * provider shares the one call made in this page load.
 */
export function completeAccountingConnectionOnce(body: AccountingCallbackBody): Promise<AccountingCallbackResult> {
  const key = JSON.stringify([body.provider, body.state, body.code ?? null, body.error ?? null]);
  let attempt = attempts.get(key);
  if (!attempt) {
    attempt = completeAccountingConnection(body);
    attempts.set(key, attempt);
  }
  return attempt;
}
