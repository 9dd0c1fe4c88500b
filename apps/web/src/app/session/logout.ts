import { api } from '../../lib/api-client';
import { clearSession, getRefreshToken, removeItem } from '../../lib/storage';
import { queryClient } from '../query-client';

/**
 * POST jwt/logout revokes the refresh token's family on the server; whatever it answers, the
 * browser forgets the session, so logging out always works, even offline.
 */
export async function logout(): Promise<void> {
  const refreshToken = getRefreshToken();
  if (refreshToken) {
    try {
      await api.post('jwt/logout', { refreshToken }, { silent: true });
    } catch {
      // Already revoked or unreachable: the local session is cleared below regardless.
    }
  }
  clearSession();
  // The invoice occasion a GIT screen remembered belongs to this user's club.
  removeItem('invoiceOccasion');
  queryClient.clear();
}
