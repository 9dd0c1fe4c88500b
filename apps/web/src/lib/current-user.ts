import type { CurrentUser } from '@fairway/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { getAccessToken, getStoredUser, setStoredUser } from './storage';

export const currentUserQueryKey = ['users', 'me'] as const;

/**
 * GET users/me. Silent: the guard decides what a failure means (401 → login with
 * q=tokenExpired), so no toast or redirect is raised from here.
 */
export async function getCurrentUser(): Promise<CurrentUser> {
  const result = await api.get<CurrentUser>('users/me', { silent: true });
  // Its data field becomes the current user (docs/web-app.md#guard), remembered for the next visit, unless
  // the user logged out while the call was under way.
  if (getAccessToken() !== null) setStoredUser(result);
  return result;
}

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: currentUserQueryKey,
    queryFn: getCurrentUser,
    // The guard refreshes it on every dashboard navigation; nothing else needs to poll.
    staleTime: Number.POSITIVE_INFINITY,
    // Without a token there is nobody to ask about (e.g. right after logout).
    enabled: () => getAccessToken() !== null,
    initialData: () => getStoredUser() ?? undefined,
  });

/** The signed-in user inside the dashboard (the guard has loaded it), else `null`. */
export function useCurrentUser(): CurrentUser | null {
  return useQuery(currentUserQueryOptions()).data ?? null;
}
