import { type CurrentUser, ROLES, type RoleName } from '@fairway/shared';
import type { Db, Tx } from '../../db/client';
import { UnauthorizedError } from '../../lib/errors';
import { type Access, loadAccess, pickOrganisation } from '../auth/access';
import { findOrganisationRef } from '../organizations/organizations.repository';
import { findUser } from './users.repository';

/**
 * Where a user's profile image is served; `v` changes with every upload so browsers can cache
 * the image for long. Null when the user has none.
 */
export function profileImageUrl(user: { id: string; image: string | null; imageUpdatedAt: Date | null }): string | null {
  if (!user.image) return null;
  return `/api/v1/users/${user.id}/image?v=${user.imageUpdatedAt?.getTime() ?? 0}`;
}

function asRoleName(role: string): RoleName {
  // An organisation's own role is of the kind "Other" (docs/permissions.md#roles); its names can never be a
  // default role's (permissions.roles.ts refuses them).
  return (ROLES as readonly string[]).includes(role) ? (role as RoleName) : 'Other';
}

/**
 * The signed-in user as `users/me` and every Session report it (shared `CurrentUser`), in the
 * given organisation (the session's), else the one the user last used. Pass `access` when the
 * caller already loaded it (the auth plugin has). Throws 401 when the user is no longer an active
 * member there: the session no longer stands for anything.
 */
export async function getCurrentUser(
  db: Db | Tx,
  userId: string,
  organisationId?: string,
  access?: Access,
): Promise<CurrentUser> {
  const user = await findUser(db, userId);
  const orgId = organisationId ?? (user ? await pickOrganisation(db, userId, user.currentOrganisationId) : null);
  const resolved = access ?? (user && orgId ? await loadAccess(db, userId, orgId) : null);
  if (!user || !orgId || !resolved) throw new UnauthorizedError('auth.tokenNotValid', 'auth.sessionRevokedDetail');
  const organisation = await findOrganisationRef(db, { organisationId: orgId });
  if (!organisation) throw new UnauthorizedError('auth.tokenNotValid', 'auth.sessionRevokedDetail');
  const current = resolved.clubAccounts.find((c) => c.id === resolved.clubAccountId) ?? null;
  return {
    id: user.id,
    name: user.name,
    displayName: user.displayName,
    email: user.email,
    phone: user.phone,
    role: asRoleName(resolved.role),
    scopes: [...resolved.scopes],
    imageUrl: profileImageUrl(user),
    golfclubAdmin: resolved.golfclubAdmin,
    organisation,
    currentAccount: current ? { id: current.id, name: current.name } : null,
    clubAccounts: resolved.clubAccounts.map((c) => ({ id: c.id, name: c.name })),
  };
}
