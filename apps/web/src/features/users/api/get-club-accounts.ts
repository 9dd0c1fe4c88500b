import type { CurrentUser } from '@fairway/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

interface ClubAccountRef {
  id: string;
  name: string;
}

/**
 * The organisation's club accounts, from GET company (scope company.read). Someone who manages
 * users without that scope is offered the accounts they reach themselves.
 */
export async function getClubAccounts(): Promise<ClubAccountRef[]> {
  const company = await api.get<{ clubAccounts: ClubAccountRef[] }>('company', { silent: true });
  return company.clubAccounts.map(({ id, name }) => ({ id, name }));
}

export function useClubAccounts(viewer: CurrentUser) {
  const canRead = viewer.scopes.includes('company.read');
  const query = useQuery({
    queryKey: ['company', 'club-accounts'],
    queryFn: getClubAccounts,
    enabled: canRead,
    staleTime: 60_000,
  });
  return canRead && query.data ? query.data : viewer.clubAccounts;
}
