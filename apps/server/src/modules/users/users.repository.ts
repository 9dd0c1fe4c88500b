import type { RoleName } from '@fairway/shared';
import { and, asc, count, desc, eq, exists, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { asSystemIn } from '../../db/tenant-context';
import { likePattern } from '../../lib/sql';
import { deleteOneTimeTokensIn } from '../auth/auth.repository';
import { clubAccounts, organisations } from '../organizations/organizations.tables';
import type { Tenant } from '../organizations/tenant';
import { roles } from '../permissions/permissions.tables';
import { memberships, userClubAccounts, users } from './users.tables';

type Conn = Db | Tx;

/** A user as a member of one organisation: the person plus their role and access there. */
export interface MemberRow {
  id: string;
  email: string;
  name: string;
  displayName: string | null;
  phone: string | null;
  role: string;
  roleId: string;
  roleSystem: boolean;
  golfclubAdmin: boolean;
  status: 'active' | 'invited';
  /** When the user joined this organisation. */
  createdAt: Date;
  imageUpdatedAt: Date | null;
  hasImage: boolean;
  clubAccountIds: string[];
}

export interface ListMembersQuery {
  page: number;
  pageSize: number;
  search?: string;
  role?: RoleName;
  sort: 'name' | 'email' | 'role' | 'createdAt';
  order: 'asc' | 'desc';
}

const memberColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  displayName: users.displayName,
  phone: users.phone,
  role: roles.name,
  roleId: roles.id,
  roleSystem: roles.system,
  golfclubAdmin: memberships.golfclubAdmin,
  status: memberships.status,
  createdAt: memberships.createdAt,
  imageUpdatedAt: users.imageUpdatedAt,
  hasImage: sql<boolean>`${users.image} is not null`.mapWith(Boolean),
};

const SORT_COLUMNS = {
  name: sql`lower(${users.name})`,
  email: users.email,
  role: roles.name,
  createdAt: memberships.createdAt,
} as const;

async function attachClubAccounts(conn: Conn, tenant: Tenant, rows: Omit<MemberRow, 'clubAccountIds'>[]): Promise<MemberRow[]> {
  if (rows.length === 0) return [];
  const access = await conn
    .select({ userId: userClubAccounts.userId, clubAccountId: userClubAccounts.clubAccountId })
    .from(userClubAccounts)
    .innerJoin(clubAccounts, eq(clubAccounts.id, userClubAccounts.clubAccountId))
    .where(
      and(
        eq(userClubAccounts.organisationId, tenant.organisationId),
        inArray(
          userClubAccounts.userId,
          rows.map((r) => r.id),
        ),
      ),
    )
    .orderBy(asc(clubAccounts.createdAt), asc(clubAccounts.name));
  const byUser = new Map<string, string[]>();
  for (const a of access) byUser.set(a.userId, [...(byUser.get(a.userId) ?? []), a.clubAccountId]);
  return rows.map((r) => ({ ...r, clubAccountIds: byUser.get(r.id) ?? [] }));
}

export async function listMembers(
  conn: Conn,
  tenant: Tenant,
  query: ListMembersQuery,
): Promise<{ rows: MemberRow[]; total: number }> {
  const filters: SQL[] = [eq(memberships.organisationId, tenant.organisationId)];
  if (query.search) {
    const pattern = likePattern(query.search);
    filters.push(or(ilike(users.name, pattern), ilike(users.email, pattern), ilike(users.displayName, pattern)) as SQL);
  }
  if (query.role) filters.push(eq(roles.name, query.role));
  const where = and(...filters);

  const [totalRow] = await conn
    .select({ total: count() })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(roles, eq(roles.id, memberships.roleId))
    .where(where);

  const direction = query.order === 'desc' ? desc : asc;
  const rows = await conn
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(roles, eq(roles.id, memberships.roleId))
    .where(where)
    .orderBy(direction(SORT_COLUMNS[query.sort]), asc(users.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);

  return { rows: await attachClubAccounts(conn, tenant, rows), total: totalRow?.total ?? 0 };
}

export async function findMember(conn: Conn, tenant: Tenant, userId: string): Promise<MemberRow | null> {
  const [row] = await conn
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(roles, eq(roles.id, memberships.roleId))
    .where(and(eq(memberships.organisationId, tenant.organisationId), eq(memberships.userId, userId)))
    .limit(1);
  if (!row) return null;
  const [member] = await attachClubAccounts(conn, tenant, [row]);
  return member ?? null;
}

/** Locks the organisation row so concurrent role changes and invitations see each other's counts. */
export async function lockOrganisation(tx: Tx, tenant: Tenant): Promise<void> {
  await tx.execute(sql`select id from ${organisations} where id = ${tenant.organisationId} for update`);
}

export async function countOwners(conn: Conn, tenant: Tenant): Promise<number> {
  const [row] = await conn
    .select({ n: count() })
    .from(memberships)
    .innerJoin(roles, eq(roles.id, memberships.roleId))
    .where(and(eq(memberships.organisationId, tenant.organisationId), eq(roles.name, 'Owner')));
  return row?.n ?? 0;
}

/** Active and invited members both take a seat of the package. */
export async function countMembers(conn: Conn, tenant: Tenant): Promise<number> {
  const [row] = await conn.select({ n: count() }).from(memberships).where(eq(memberships.organisationId, tenant.organisationId));
  return row?.n ?? 0;
}

/** The given ids that are club accounts of the tenant. */
export async function clubAccountIdsOf(conn: Conn, tenant: Tenant, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await conn
    .select({ id: clubAccounts.id })
    .from(clubAccounts)
    .where(and(eq(clubAccounts.organisationId, tenant.organisationId), inArray(clubAccounts.id, [...ids])));
  return rows.map((r) => r.id);
}

const isMemberOf = (conn: Conn, tenant: Tenant, userId: string) =>
  exists(
    conn
      .select({ one: sql`1` })
      .from(memberships)
      .where(and(eq(memberships.organisationId, tenant.organisationId), eq(memberships.userId, userId))),
  );

export interface ProfileChanges {
  name?: string;
  displayName?: string | null;
  phone?: string | null;
}

/** Changes the person's own fields; only for a member of the tenant (answers false otherwise). */
export async function updateProfile(conn: Conn, tenant: Tenant, userId: string, changes: ProfileChanges): Promise<boolean> {
  const rows = await conn
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(users.id, userId), isMemberOf(conn, tenant, userId)))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function updateMembership(
  conn: Conn,
  tenant: Tenant,
  userId: string,
  changes: { roleId?: string; golfclubAdmin?: boolean; status?: 'active' | 'invited' },
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await conn
    .update(memberships)
    .set(changes)
    .where(and(eq(memberships.organisationId, tenant.organisationId), eq(memberships.userId, userId)));
}

/** Replaces the user's club accounts within the tenant; `clubAccountIds` must be the tenant's. */
export async function replaceClubAccess(conn: Conn, tenant: Tenant, userId: string, clubAccountIds: readonly string[]) {
  await conn
    .delete(userClubAccounts)
    .where(and(eq(userClubAccounts.organisationId, tenant.organisationId), eq(userClubAccounts.userId, userId)));
  if (clubAccountIds.length > 0) {
    await conn
      .insert(userClubAccounts)
      .values(clubAccountIds.map((clubAccountId) => ({ userId, clubAccountId, organisationId: tenant.organisationId })))
      .onConflictDoNothing();
  }
}

export async function insertMembership(
  conn: Conn,
  tenant: Tenant,
  input: { userId: string; roleId: string; status: 'active' | 'invited'; golfclubAdmin?: boolean },
): Promise<void> {
  await conn.insert(memberships).values({
    organisationId: tenant.organisationId,
    userId: input.userId,
    roleId: input.roleId,
    status: input.status,
    golfclubAdmin: input.golfclubAdmin ?? false,
  });
}

/**
 * Removes the user from the tenant: membership, club access, the tenant's pending invitations.
 * A user left without any organisation is deleted with everything that hangs off them (sessions,
 * password history) — an account nobody can use must not stay able to sign in.
 */
export async function removeMember(tx: Tx, tenant: Tenant, userId: string): Promise<void> {
  await tx
    .delete(userClubAccounts)
    .where(and(eq(userClubAccounts.organisationId, tenant.organisationId), eq(userClubAccounts.userId, userId)));
  await deleteOneTimeTokensIn(tx, tenant, userId);
  await tx.delete(memberships).where(and(eq(memberships.organisationId, tenant.organisationId), eq(memberships.userId, userId)));

  // The person's other organisations lie beyond this one's row-level security.
  await asSystemIn(tx, async () => {
    const [other] = await tx
      .select({ organisationId: memberships.organisationId })
      .from(memberships)
      .where(and(eq(memberships.userId, userId), eq(memberships.status, 'active')))
      .orderBy(asc(memberships.createdAt))
      .limit(1);
    const [anyMembership] = await tx
      .select({ id: memberships.id })
      .from(memberships)
      .where(eq(memberships.userId, userId))
      .limit(1);
    if (!anyMembership) {
      await tx.delete(users).where(eq(users.id, userId));
      return;
    }

    // If this was the organisation in use, move the user to another one they belong to.
    const [user] = await tx
      .select({ currentOrganisationId: users.currentOrganisationId })
      .from(users)
      .where(eq(users.id, userId));
    if (user && (user.currentOrganisationId === tenant.organisationId || user.currentOrganisationId === null)) {
      const nextOrg = other?.organisationId ?? null;
      const nextAccount = nextOrg ? await firstReachableAccount(tx, userId, nextOrg) : null;
      await tx
        .update(users)
        .set({ currentOrganisationId: nextOrg, currentClubAccountId: nextAccount, updatedAt: new Date() })
        .where(eq(users.id, userId));
    }
  });
}

async function firstReachableAccount(conn: Conn, userId: string, organisationId: string): Promise<string | null> {
  const [row] = await conn
    .select({ id: clubAccounts.id })
    .from(userClubAccounts)
    .innerJoin(clubAccounts, eq(clubAccounts.id, userClubAccounts.clubAccountId))
    .where(and(eq(userClubAccounts.userId, userId), eq(userClubAccounts.organisationId, organisationId)))
    .orderBy(asc(clubAccounts.createdAt), asc(clubAccounts.name))
    .limit(1);
  return row?.id ?? null;
}

/**
 * Keeps the user's current club account valid after their access in the tenant changed: an
 * account they can no longer reach is replaced by the first one they can (or none).
 */
export async function repairCurrentAccount(conn: Conn, tenant: Tenant, userId: string): Promise<void> {
  const [user] = await conn
    .select({ currentOrganisationId: users.currentOrganisationId, currentClubAccountId: users.currentClubAccountId })
    .from(users)
    .where(eq(users.id, userId));
  if (!user || user.currentOrganisationId !== tenant.organisationId) return;
  const reachable = user.currentClubAccountId
    ? await conn
        .select({ id: userClubAccounts.clubAccountId })
        .from(userClubAccounts)
        .where(and(eq(userClubAccounts.userId, userId), eq(userClubAccounts.clubAccountId, user.currentClubAccountId)))
        .limit(1)
    : [];
  if (reachable.length > 0) return;
  const next = await firstReachableAccount(conn, userId, tenant.organisationId);
  if (next !== user.currentClubAccountId) {
    await conn.update(users).set({ currentClubAccountId: next, updatedAt: new Date() }).where(eq(users.id, userId));
  }
}

/**
 * A club account the user may switch to: one they have access to, in an organisation where their
 * membership is active. This looks across the user's organisations on purpose — switching to an
 * account of another organisation switches the organisation too.
 */
export async function findReachableAccount(
  tx: Tx,
  self: { userId: string },
  clubAccountId: string,
): Promise<{ clubAccountId: string; organisationId: string } | null> {
  return asSystemIn(tx, () => reachableAccount(tx, self, clubAccountId));
}

async function reachableAccount(
  conn: Conn,
  self: { userId: string },
  clubAccountId: string,
): Promise<{ clubAccountId: string; organisationId: string } | null> {
  const [row] = await conn
    .select({ clubAccountId: userClubAccounts.clubAccountId, organisationId: userClubAccounts.organisationId })
    .from(userClubAccounts)
    .innerJoin(
      memberships,
      and(eq(memberships.userId, userClubAccounts.userId), eq(memberships.organisationId, userClubAccounts.organisationId)),
    )
    .where(
      and(
        eq(userClubAccounts.userId, self.userId),
        eq(userClubAccounts.clubAccountId, clubAccountId),
        eq(memberships.status, 'active'),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function setCurrentAccount(
  conn: Conn,
  self: { userId: string },
  target: { organisationId: string; clubAccountId: string },
): Promise<void> {
  await conn
    .update(users)
    .set({ currentOrganisationId: target.organisationId, currentClubAccountId: target.clubAccountId, updatedAt: new Date() })
    .where(eq(users.id, self.userId));
}

export async function findImage(conn: Conn, tenant: Tenant, userId: string): Promise<{ mime: string; base64: string } | null> {
  const [row] = await conn
    .select({ mime: users.imageMime, base64: users.image })
    .from(users)
    .where(and(eq(users.id, userId), isMemberOf(conn, tenant, userId)))
    .limit(1);
  if (!row?.mime || !row.base64) return null;
  return { mime: row.mime, base64: row.base64 };
}

export async function setImage(conn: Conn, tenant: Tenant, userId: string, image: { mime: string; bytes: Buffer }) {
  const now = new Date();
  await conn
    .update(users)
    .set({ imageMime: image.mime, image: image.bytes.toString('base64'), imageUpdatedAt: now, updatedAt: now })
    .where(and(eq(users.id, userId), isMemberOf(conn, tenant, userId)));
}

/** The whole user row (the current user's profile is built from it). */
export async function findUser(conn: Conn, userId: string): Promise<typeof users.$inferSelect | null> {
  const [row] = await conn.select().from(users).where(eq(users.id, userId));
  return row ?? null;
}

export async function findUserByEmail(conn: Conn, email: string) {
  const [row] = await conn
    .select({ id: users.id, name: users.name, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  return row ?? null;
}

/** A new account (an invitee's has no password until the link is used). */
export async function insertUser(
  conn: Conn,
  values: {
    email: string;
    name: string;
    phone?: string | null;
    passwordHash?: string | null;
    currentOrganisationId: string;
    currentClubAccountId?: string | null;
  },
): Promise<string> {
  const [row] = await conn.insert(users).values(values).returning({ id: users.id });
  if (!row) throw new Error('users insert returned no row');
  return row.id;
}
