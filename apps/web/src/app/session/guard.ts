import { type LoaderFunctionArgs, redirect } from 'react-router';
import { isUnauthorized } from '../../lib/api-client';
import { currentUserQueryKey, currentUserQueryOptions } from '../../lib/current-user';
import { clearSession, getAccessToken, getStoredUser, hasSession } from '../../lib/storage';
import { queryClient } from '../query-client';

export const LOGIN_PATH = '/login';
export const TOKEN_EXPIRED_PATH = '/login?q=tokenExpired';
export const HOME_PATH = '/dashboard';

/**
 * The navigation guard (docs/web-app.md#guard) for every dashboard route. Runs on each navigation (the route
 * opts into revalidation), so an expired session is caught on the next click.
 */
export async function requireSession(_args?: LoaderFunctionArgs): Promise<null> {
  if (!hasSession()) throw redirect(LOGIN_PATH);

  if (getAccessToken() === null) {
    // Only stored user data: the user is let in (docs/web-app.md#guard); calls will tell when the session is gone.
    const stored = getStoredUser();
    if (stored) queryClient.setQueryData(currentUserQueryKey, stored);
    return null;
  }

  try {
    // Through the cache (its answer becomes the current user), so that a page's loader can wait
    // for the same call (features/dashboard/api/prefetch-dashboard-home.ts) instead of asking again.
    await queryClient.fetchQuery(freshCurrentUser());
  } catch (error) {
    if (isUnauthorized(error)) {
      clearSession();
      queryClient.clear();
      throw redirect(TOKEN_EXPIRED_PATH);
    }
    // The spec leaves other failures open: with a remembered user the dashboard still opens
    // (screens show their own errors); without one there is nothing to show, so the error screen.
    const stored = getStoredUser();
    if (stored) {
      queryClient.setQueryData(currentUserQueryKey, stored);
      return null;
    }
    throw error;
  }

  return null;
}

/** GET users/me asked now (not answered from the cache), once: the guard decides what a failure means. */
export const freshCurrentUser = () => ({ ...currentUserQueryOptions(), staleTime: 0, retry: false });

/**
 * Login, registration, forgot/reset password and complete-profile: a logged-in user goes to the
 * dashboard, unless the link carries a `q` query.
 */
export function redirectIfLoggedIn({ request }: Pick<LoaderFunctionArgs, 'request'>): null {
  const url = new URL(request.url);
  if (hasSession() && !url.searchParams.has('q')) throw redirect(HOME_PATH);
  return null;
}
