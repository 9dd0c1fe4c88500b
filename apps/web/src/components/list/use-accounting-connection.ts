import type { IntegrationStatus } from '@fairway/shared';
import { useCurrentUser } from '../../lib/current-user';
// The accounting lists need to know whether the club account has an accounting program at all;
// the integrations page and the dashboard notices read the same cache entry.
import { useIntegrations } from '../../lib/integrations';

export interface AccountingConnection {
  /** Undefined while unknown (loading, or the user may not read integrations). */
  status: IntegrationStatus | undefined;
  /** True only when the integrations answer says no accounting program is connected. */
  notConnected: boolean;
  refetch: () => unknown;
}

/** The accounting program's link status of the club account in use (GET integrations). */
export function useAccountingConnection(enabled = true): AccountingConnection {
  const user = useCurrentUser();
  const clubAccountId = user?.currentAccount?.id;
  const mayRead = user?.scopes.includes('company.read') ?? false;
  const query = useIntegrations(clubAccountId, { enabled: enabled && mayRead && Boolean(clubAccountId) });
  const accounting = query.data?.integrations.find((integration) => integration.system === 'accounting');
  const status = query.data ? (accounting?.status ?? 'not_connected') : undefined;
  return { status, notConnected: status === 'not_connected', refetch: query.refetch };
}
