import type { User } from '@fairway/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ApiPage, api } from '../../../lib/api-client';

export type UsersSort = 'name' | 'email' | 'role' | 'createdAt';

export interface UsersListParams {
  page: number;
  pageSize: number;
  search: string;
  sort: UsersSort;
  order: 'asc' | 'desc';
}

/** Every cached page of the users list; invalidate this after any change to a user. */
export const usersListKey = ['users', 'list'] as const;

/** GET users: one page, searched and sorted by the server. A 403 opens the access-denied modal. */
export async function listUsers(params: UsersListParams): Promise<ApiPage<User>> {
  const search = params.search.trim();
  return await api.list<User>('users', {
    query: {
      page: params.page,
      pageSize: params.pageSize,
      sort: params.sort,
      order: params.order,
      search: search || undefined,
    },
  });
}

export function useUsersList(params: UsersListParams) {
  return useQuery({
    queryKey: [...usersListKey, params],
    queryFn: () => listUsers(params),
    // The table keeps the previous page while the next one loads, so paging does not flash.
    placeholderData: keepPreviousData,
  });
}
