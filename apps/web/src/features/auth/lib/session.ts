import type { Session } from '@fairway/shared';
import { setStoredUser, setTokens } from '../../../lib/storage';

/** Where a new session lands (the dashboard home). */
export const AFTER_SIGN_IN_PATH = '/dashboard';

/**
 * Remembers a session answer (login, registration, a password set from a link) under the
 * storage keys (docs/web-app.md#storage), so the guard lets the user into the dashboard.
 */
export function startSession(session: Session): void {
  setTokens({ accessToken: session.accessToken, refreshToken: session.refreshToken });
  setStoredUser(session.user);
}
