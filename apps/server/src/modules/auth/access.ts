import type { Scope } from '@fairway/shared';
import { and, asc, eq, type Placeholder, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { clubAccounts } from '../organizations/organizations.tables';
import { type RoleRules, roleRules, roleScopes } from '../permissions/permissions.service';
import { roles } from '../permissions/permissions.tables';
import { memberships, userClubAccounts, users } from '../users/users.tables';
import { refreshTokenFamilies } from './auth.tables';

export interface ClubAccountRef {
  id: string;
  name: string;
}

/** What a user may do in one organisation, as the auth plugin puts it on `request.auth`. */
export interface Access {
  userId: string;
  organisationId: string;
  roleId: string;
  /** The role's name (a default role, docs/permissions.md#roles, or an organisation's own role). */
  role: string;
  scopes: Scope[];
  rules: RoleRules;
  golfclubAdmin: boolean;
  /** The club account in use; always one of `clubAccounts`, null when the user may reach none. */
  clubAccountId: string | null;
  /** Club accounts of the organisation the user may reach, by name. */
  clubAccounts: ClubAccountRef[];
}

/**
 * The user's access in an organisation, or null when the user is not an active member of it
 * (never was, was removed, or has not accepted the invitation yet).
 */
export function loadAccess(db: Db | Tx, userId: string, organisationId: string): Promise<Access | null> {
  return accessOf(db, userId, organisationId, null);
}

/**
 * What an access token's bearer may do: as `loadAccess`, and null as well when the token's session
 * (its refresh-token family) has ended or is another user's. Every authenticated request asks
 * this, so it is one statement, and a named prepared one: PostgreSQL (and PGlite, in its worker)
 * parses and plans it once per connection instead of on every request.
 */
export async function loadSessionAccess(
  db: Db,
  session: { userId: string; organisationId: string; familyId: string },
): Promise<Access | null> {
  let statement = sessionAccessStatements.get(db);
  if (!statement) {
    statement = membershipQuery(
      db,
      sql.placeholder('userId'),
      sql.placeholder('organisationId'),
      sql.placeholder('familyId'),
    ).prepare('session_access');
    sessionAccessStatements.set(db, statement);
  }
  const [membership] = await statement.execute(session);
  return accessFrom(session.userId, session.organisationId, membership);
}

type Value = string | Placeholder;
type MembershipQuery = ReturnType<typeof membershipQuery>;
const sessionAccessStatements = new WeakMap<Db, ReturnType<MembershipQuery['prepare']>>();

/** The membership, role, session and reachable club accounts of a user in an organisation. */
function membershipQuery(db: Db | Tx, userId: Value, organisationId: Value, familyId: Value | null) {
  return db
    .select({
      status: memberships.status,
      golfclubAdmin: memberships.golfclubAdmin,
      role: roles,
      currentClubAccountId: users.currentClubAccountId,
      sessionLive:
        familyId === null
          ? sql<boolean>`true`
          : sql<boolean>`exists (select 1 from ${refreshTokenFamilies} where ${refreshTokenFamilies.id} = ${familyId}
              and ${refreshTokenFamilies.userId} = ${userId} and ${refreshTokenFamilies.revokedAt} is null)`,
      reachable: sql<ClubAccountRef[]>`coalesce((
        select json_agg(json_build_object('id', ${clubAccounts.id}, 'name', ${clubAccounts.name})
                        order by ${clubAccounts.name}, ${clubAccounts.id})
        from ${userClubAccounts} inner join ${clubAccounts} on ${clubAccounts.id} = ${userClubAccounts.clubAccountId}
        where ${userClubAccounts.userId} = ${userId} and ${userClubAccounts.organisationId} = ${organisationId}
          and ${clubAccounts.organisationId} = ${organisationId}), '[]'::json)`,
    })
    .from(memberships)
    .innerJoin(roles, eq(roles.id, memberships.roleId))
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.userId, userId), eq(memberships.organisationId, organisationId)));
}

type MembershipRow = Awaited<MembershipQuery>[number];

async function accessOf(db: Db | Tx, userId: string, organisationId: string, familyId: string | null): Promise<Access | null> {
  const [membership] = await membershipQuery(db, userId, organisationId, familyId);
  return accessFrom(userId, organisationId, membership);
}

function accessFrom(userId: string, organisationId: string, membership: MembershipRow | undefined): Access | null {
  if (membership?.status !== 'active' || !membership.sessionLive) return null;
  const reachable = membership.reachable;
  const current = reachable.find((c) => c.id === membership.currentClubAccountId) ?? reachable[0] ?? null;
  return {
    userId,
    organisationId,
    roleId: membership.role.id,
    role: membership.role.name,
    scopes: roleScopes(membership.role),
    rules: roleRules(membership.role),
    golfclubAdmin: membership.golfclubAdmin,
    clubAccountId: current?.id ?? null,
    clubAccounts: reachable,
  };
}

export function reachableClubAccounts(db: Db | Tx, userId: string, organisationId: string): Promise<ClubAccountRef[]> {
  return db
    .select({ id: clubAccounts.id, name: clubAccounts.name })
    .from(userClubAccounts)
    .innerJoin(clubAccounts, eq(clubAccounts.id, userClubAccounts.clubAccountId))
    .where(
      and(
        eq(userClubAccounts.userId, userId),
        eq(userClubAccounts.organisationId, organisationId),
        eq(clubAccounts.organisationId, organisationId),
      ),
    )
    .orderBy(asc(clubAccounts.name), asc(clubAccounts.id));
}

/**
 * The organisation a sign-in lands in: the one the user last used when still an active member
 * there, else the oldest active membership. Null when the user is active nowhere.
 */
export async function pickOrganisation(db: Db | Tx, userId: string, preferred: string | null): Promise<string | null> {
  const rows = await db
    .select({ organisationId: memberships.organisationId })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.status, 'active')))
    .orderBy(asc(memberships.createdAt), asc(memberships.id));
  if (preferred && rows.some((r) => r.organisationId === preferred)) return preferred;
  return rows[0]?.organisationId ?? null;
}
