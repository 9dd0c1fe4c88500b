import {
  canAssignRole,
  encodeMessage,
  type InviteUserBody,
  type PROFILE_IMAGE_TYPES,
  ROLES,
  type RoleName,
  type UpdateUserBody,
  type User,
  type UserSeats,
} from '@fairway/shared';
import type { Db, Tx } from '../../db/client';
import { asSystem } from '../../db/tenant-context';
import { BusinessError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors';
import type { AuthContext } from '../../plugins/auth';
import { logEvent, userDisplayName } from '../eventlogs/eventlogs.service';
import { reaches, type Tenant, tenantOf } from '../organizations/tenant';
import { ensureSystemRoles, findRole, findRoleByName, type RoleRef } from '../permissions/permissions.repository';
import { roleNameParam } from '../permissions/permissions.service';
import { assertUserSeat, subscriptionLimits } from '../subscriptions/duplicate-allowance';
import { profileImageUrl } from './current-user';
import {
  clubAccountIdsOf,
  countMembers,
  countOwners,
  findMember,
  findReachableAccount,
  type ListMembersQuery,
  listMembers,
  lockOrganisation,
  type MemberRow,
  removeMember,
  repairCurrentAccount,
  replaceClubAccess,
  setCurrentAccount,
  updateMembership,
  updateProfile,
} from './users.repository';

/** The caller as the users service needs them: `request.auth`. */
export type Actor = Pick<AuthContext, 'userId' | 'organisationId' | 'role' | 'scopes' | 'clubAccounts'>;

/** The kind of role (docs/permissions.md#roles): a default role by its name, an organisation's own role as "Other". */
function roleKind(row: Pick<MemberRow, 'role' | 'roleSystem'>): RoleName {
  return row.roleSystem && (ROLES as readonly string[]).includes(row.role) ? (row.role as RoleName) : 'Other';
}

export function toUser(row: MemberRow): User {
  return {
    id: row.id,
    name: row.name,
    displayName: row.displayName,
    email: row.email,
    phone: row.phone,
    role: roleKind(row),
    roleId: row.roleId,
    roleName: row.role,
    clubAccountIds: row.clubAccountIds,
    // The list never loads image bytes; the marker only tells profileImageUrl there is one.
    imageUrl: profileImageUrl({ id: row.id, image: row.hasImage ? 'stored' : null, imageUpdatedAt: row.imageUpdatedAt }),
    golfclubAdmin: row.golfclubAdmin,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}

const can = (actor: Actor, scope: 'users.read' | 'users.manage') => (actor.scopes as readonly string[]).includes(scope);
const isOwner = (actor: Actor) => actor.role === 'Owner';

export async function listUsers(db: Db, tenant: Tenant, query: ListMembersQuery) {
  const { rows, total } = await listMembers(db, tenant, query);
  return { data: rows.map(toUser), pagination: { page: query.page, pageSize: query.pageSize, total } };
}

export async function loadUser(conn: Db | Tx, tenant: Tenant, userId: string): Promise<User> {
  const row = await findMember(conn, tenant, userId);
  if (!row) throw new NotFoundError();
  return toUser(row);
}

/** Anyone may read themself; reading others needs `users.read`. Another tenant's user is a 404. */
export async function getUser(db: Db, actor: Actor, userId: string): Promise<User> {
  if (userId !== actor.userId && !can(actor, 'users.read')) throw new ForbiddenError();
  return loadUser(db, tenantOf(actor), userId);
}

/**
 * The role rules (docs/permissions.md#inviting) for giving `role` to someone: an Owner may give any role, others only
 * Staff, Accountant and Other (and an organisation's own role that grants nothing they lack) —
 * and only an Owner may appoint an Owner.
 */
export function assertMayAssign(actor: Actor, role: Pick<RoleRef, 'name' | 'system' | 'scopes'>): void {
  if (canAssignRole(actor, role)) return;
  if (role.system && role.name === 'Owner') throw new ForbiddenError('users.onlyOwnerAssignsOwner');
  throw new ForbiddenError('users.roleNotAssignable', { role: roleNameParam(role) });
}

/**
 * The role a body names, by `roleId` (any role of the organisation) or by `role` (a default role).
 * An id that is not one of the tenant's roles is a field error, like a foreign club account.
 */
async function resolveRole(tx: Tx, tenant: Tenant, body: { role?: RoleName; roleId?: string }): Promise<RoleRef | null> {
  if (body.roleId !== undefined) {
    const role = await findRole(tx, tenant, body.roleId);
    if (!role) throw new ValidationError({ roleId: [encodeMessage('invalid_value')] });
    return role;
  }
  if (body.role === undefined) return null;
  const existing = await findRoleByName(tx, tenant, body.role);
  if (existing?.system) return existing;
  // Organisations created before a default role existed get it on first use.
  await ensureSystemRoles(tx, tenant);
  const created = await findRoleByName(tx, tenant, body.role);
  if (!created) throw new Error(`default role ${body.role} missing`);
  return created;
}

/**
 * The club accounts a user is to reach after the change: each one named must be the
 * organisation's, and one the actor was given unless the user already has it (re-saving the form
 * keeps it). Accounts the actor cannot reach stay as they are, since the actor may neither give
 * nor take away what they were not given.
 */
async function grantableClubAccounts(
  tx: Tx,
  actor: Actor,
  ids: readonly string[],
  held: readonly string[] = [],
): Promise<string[]> {
  const unique = [...new Set(ids)];
  const found = await clubAccountIdsOf(tx, tenantOf(actor), unique);
  if (found.length !== unique.length || unique.some((id) => !held.includes(id) && !reaches(actor, id))) {
    throw new ValidationError({ clubAccountIds: [encodeMessage('invalid_value')] });
  }
  return [...unique, ...held.filter((id) => !unique.includes(id) && !reaches(actor, id))];
}

export interface UpdateUserResult {
  user: User;
  /** Set when the caller switched to a club account of another organisation. */
  organisationId?: string;
}

/**
 * PUT users/{id}. A user may change their own name, display name, phone and club account in use;
 * everything about someone else, and anyone's role, club accounts and golf-club-admin flag, needs
 * `users.manage`. Owners are protected: only an Owner changes an Owner, and the last Owner keeps
 * the role. Switching to a club account of another of the user's organisations switches the
 * organisation too (effective for the next access token).
 */
export async function updateUser(db: Db, actor: Actor, userId: string, body: UpdateUserBody): Promise<UpdateUserResult> {
  const tenant = tenantOf(actor);
  const self = userId === actor.userId;
  const profile = { name: body.name, displayName: body.displayName, phone: body.phone };
  const touchesProfile = Object.values(profile).some((v) => v !== undefined);
  const touchesMembership =
    body.role !== undefined || body.roleId !== undefined || body.clubAccountIds !== undefined || body.golfclubAdmin !== undefined;

  if (!self && body.currentAccountId !== undefined) throw new ForbiddenError('users.onlyOwnAccount');
  if ((!self && (touchesProfile || touchesMembership)) || (self && touchesMembership)) {
    if (!can(actor, 'users.manage')) throw new ForbiddenError();
  }
  if (!self && !can(actor, 'users.read') && !can(actor, 'users.manage')) throw new ForbiddenError();

  const switched = await db.transaction(async (tx) => {
    await lockOrganisation(tx, tenant);
    const target = await findMember(tx, tenant, userId);
    if (!target) throw new NotFoundError();

    if (!self && target.role === 'Owner' && !isOwner(actor) && (touchesProfile || touchesMembership)) {
      throw new ForbiddenError('users.onlyOwnerChangesOwner');
    }

    const membership: { roleId?: string; golfclubAdmin?: boolean } = {};
    const nextRole = await resolveRole(tx, tenant, body);
    if (nextRole && nextRole.id !== target.roleId) {
      assertMayAssign(actor, nextRole);
      if (target.role === 'Owner' && target.roleSystem && (await countOwners(tx, tenant)) <= 1) {
        throw new BusinessError(400, 'users.lastOwner');
      }
      membership.roleId = nextRole.id;
    }
    if (body.golfclubAdmin !== undefined) membership.golfclubAdmin = body.golfclubAdmin;

    if (body.clubAccountIds !== undefined) {
      const ids = await grantableClubAccounts(tx, actor, body.clubAccountIds, target.clubAccountIds);
      await replaceClubAccess(tx, tenant, userId, ids);
      await repairCurrentAccount(tx, tenant, userId);
    }
    await updateMembership(tx, tenant, userId, membership);

    if (touchesProfile) {
      const changes = Object.fromEntries(Object.entries(profile).filter(([, v]) => v !== undefined));
      // An empty display name or phone clears it rather than storing "".
      for (const key of ['displayName', 'phone'] as const) if (changes[key] === '') changes[key] = null;
      await updateProfile(tx, tenant, userId, changes);
    }

    if (body.currentAccountId !== undefined) {
      const reachable = await findReachableAccount(tx, { userId }, body.currentAccountId);
      if (!reachable) throw new NotFoundError();
      await setCurrentAccount(tx, { userId }, reachable);
      if (reachable.organisationId !== tenant.organisationId) return reachable.organisationId;
    }
    return undefined;
  });

  if (switched) {
    // The organisation switched to is not the one this request runs for.
    return { user: await asSystem(() => loadUser(db, { organisationId: switched }, userId)), organisationId: switched };
  }
  return { user: await loadUser(db, tenant, userId) };
}

/**
 * DELETE users/{id}: takes the user out of this organisation (the person keeps their other
 * organisations). Nobody removes themself, only an Owner removes an Owner, and the last Owner stays.
 */
export async function removeUser(db: Db, actor: Actor, userId: string): Promise<void> {
  const tenant = tenantOf(actor);
  if (userId === actor.userId) throw new BusinessError(400, 'users.cannotRemoveSelf');
  await db.transaction(async (tx) => {
    await lockOrganisation(tx, tenant);
    const target = await findMember(tx, tenant, userId);
    if (!target) throw new NotFoundError();
    if (target.role === 'Owner') {
      if (!isOwner(actor)) throw new ForbiddenError('users.onlyOwnerChangesOwner');
      if ((await countOwners(tx, tenant)) <= 1) throw new BusinessError(400, 'users.lastOwner');
    }
    await removeMember(tx, tenant, userId);
    await logEvent(tx, {
      organisationId: tenant.organisationId,
      resource: 'users',
      activity: 'eventlogs.userRemoved',
      params: { actor: await userDisplayName(tx, actor.userId), name: target.name, email: target.email },
      type: 'INFO',
    });
  });
}

/** GET users/seats: what the package allows and what is taken, counted as the invitation counts. */
export async function userSeats(db: Db, tenant: Tenant): Promise<UserSeats> {
  const [limits, used] = await Promise.all([subscriptionLimits(db, tenant), countMembers(db, tenant)]);
  return { packageName: limits.name, maxUsers: limits.maxUsers, used };
}

/**
 * The checks of POST users/invite that come before anything is written: the role the inviter may
 * give, the package's or tier's user limit (a 406 asking to upgrade; docs/permissions.md#inviting) and the club
 * accounts. Runs in the invitation's transaction with the organisation locked, so two invitations
 * racing for the last seat cannot both pass.
 */
export async function checkInvitation(
  tx: Tx,
  actor: Actor,
  body: Pick<InviteUserBody, 'role' | 'roleId' | 'clubAccountIds'>,
): Promise<{ roleId: string; clubAccountIds: string[] }> {
  const tenant = tenantOf(actor);
  const role = await resolveRole(tx, tenant, body);
  // The shared schema demands one of the two; a body that got here without is a programming error.
  if (!role) throw new Error('invitation without a role');
  assertMayAssign(actor, role);
  await lockOrganisation(tx, tenant);
  // The package's users, or a Dubbelkoll tier's (modules/subscriptions/duplicate-allowance.ts).
  await assertUserSeat(tx, tenant, await countMembers(tx, tenant));
  const clubAccountIds = await grantableClubAccounts(tx, actor, body.clubAccountIds);
  return { roleId: role.id, clubAccountIds };
}

/** Magic numbers of the accepted image types; the declared content type alone proves nothing. */
export function sniffImageType(bytes: Buffer): (typeof PROFILE_IMAGE_TYPES)[number] | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'image/png';
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 12 && bytes.toString('ascii', 0, 4) === 'RIFF' && bytes.toString('ascii', 8, 12) === 'WEBP') {
    return 'image/webp';
  }
  return null;
}
