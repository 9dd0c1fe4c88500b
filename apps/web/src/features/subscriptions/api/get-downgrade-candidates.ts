import type { Company, User } from '@fairway/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface DowngradeCandidates {
  users: Pick<User, 'id' | 'name' | 'email' | 'role' | 'roleName' | 'status'>[];
  clubAccounts: { id: string; name: string }[];
}

/**
 * Whom a downgrade can keep: every user (GET users, at most 100, more than any package holds)
 * and every club account (GET company). Asked for only when the downgrade dialog opens.
 */
export async function getDowngradeCandidates(signal?: AbortSignal): Promise<DowngradeCandidates> {
  const [users, company] = await Promise.all([
    api.list<User>('users', { query: { page: 1, pageSize: 100, sort: 'name', order: 'asc' }, signal }),
    api.get<Company>('company', { signal }),
  ]);
  return {
    users: users.data.map(({ id, name, email, role, roleName, status }) => ({
      id,
      name,
      email,
      role,
      roleName,
      status,
    })),
    clubAccounts: company.clubAccounts.map(({ id, name }) => ({ id, name })),
  };
}

export function useDowngradeCandidates(enabled: boolean) {
  return useQuery({
    queryKey: ['subscriptions', 'downgrade-candidates'],
    queryFn: ({ signal }) => getDowngradeCandidates(signal),
    enabled,
    staleTime: 0,
  });
}
