import { and, count, eq, gt, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import type { Tenant } from '../organizations/tenant';
import { memberships, users } from '../users/users.tables';
import { oneTimeTokens, passwordHistory } from './auth.tables';

/**
 * The queries of sign-in, registration, e-mailed links and passwords (auth.service.ts composes
 * them). Most run before anyone is signed in, so they find the user by e-mail, id or token; those
 * that write inside an organisation take it first. Refresh tokens are in sessions.repository.ts,
 * failed sign-ins in login-throttle.repository.ts.
 */

type Conn = Db | Tx;

export type OneTimeTokenPurpose = 'password_reset' | 'invitation';

// ---------------------------------------------------------------------------------------------
// Accounts

/** The account with the e-mail address, with what sign-in and password resets need of it. */
export async function findAccountByEmail(conn: Conn, email: string) {
  const [row] = await conn
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      passwordHash: users.passwordHash,
      currentOrganisationId: users.currentOrganisationId,
    })
    .from(users)
    .where(eq(users.email, email));
  return row ?? null;
}

export async function findAccountById(conn: Conn, userId: string) {
  const [row] = await conn
    .select({ id: users.id, email: users.email, name: users.name, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

export async function emailTaken(conn: Conn, email: string): Promise<boolean> {
  const rows = await conn.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return rows.length > 0;
}

/**
 * Sets the user's password and remembers it in the history (so it can never be chosen again);
 * an invitation may set the name the invitee typed at the same time.
 */
export async function storePassword(
  tx: Conn,
  userId: string,
  passwordHash: string,
  now: Date,
  changes: { name?: string } = {},
): Promise<void> {
  await tx
    .update(users)
    .set({ passwordHash, updatedAt: now, ...changes })
    .where(eq(users.id, userId));
  await addPasswordHistory(tx, userId, passwordHash);
}

export async function addPasswordHistory(conn: Conn, userId: string, passwordHash: string): Promise<void> {
  await conn.insert(passwordHistory).values({ userId, passwordHash });
}

/** Every hash the user has had (`password_history`); the service adds the current one. */
export async function passwordHashesOf(conn: Conn, userId: string): Promise<string[]> {
  const rows = await conn
    .select({ hash: passwordHistory.passwordHash })
    .from(passwordHistory)
    .where(eq(passwordHistory.userId, userId));
  return rows.map((r) => r.hash);
}

export async function setCurrentClubAccount(tx: Conn, userId: string, clubAccountId: string): Promise<void> {
  await tx.update(users).set({ currentClubAccountId: clubAccountId }).where(eq(users.id, userId));
}

/** An invited membership becomes active; false when it was removed after the invitation. */
export async function activateMembership(tx: Conn, tenant: Tenant, userId: string): Promise<boolean> {
  const activated = await tx
    .update(memberships)
    .set({ status: 'active' })
    .where(and(eq(memberships.userId, userId), eq(memberships.organisationId, tenant.organisationId)))
    .returning({ id: memberships.id });
  return activated.length > 0;
}

// ---------------------------------------------------------------------------------------------
// One-time tokens (the links of password resets and invitations; only their hash is stored)

export async function insertOneTimeToken(
  conn: Conn,
  values: { userId: string; organisationId: string | null; purpose: OneTimeTokenPurpose; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await conn.insert(oneTimeTokens).values(values);
}

/** Links of the purpose the user was sent since `since`, used or not. */
export async function countTokensSince(conn: Conn, userId: string, purpose: OneTimeTokenPurpose, since: Date): Promise<number> {
  const [row] = await conn
    .select({ n: count() })
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose), gt(oneTimeTokens.createdAt, since)));
  return row?.n ?? 0;
}

/** The token with the hash and the user it was issued to, used or expired as well. */
export async function findTokenByHash(conn: Conn, tokenHash: string) {
  const [row] = await conn
    .select({
      id: oneTimeTokens.id,
      userId: oneTimeTokens.userId,
      organisationId: oneTimeTokens.organisationId,
      purpose: oneTimeTokens.purpose,
      expiresAt: oneTimeTokens.expiresAt,
      usedAt: oneTimeTokens.usedAt,
      email: users.email,
      name: users.name,
      passwordHash: users.passwordHash,
      currentOrganisationId: users.currentOrganisationId,
    })
    .from(oneTimeTokens)
    .innerJoin(users, eq(users.id, oneTimeTokens.userId))
    .where(eq(oneTimeTokens.tokenHash, tokenHash));
  return row ?? null;
}

/**
 * Marks the token used when it is still unused and unexpired, in one statement: of two requests
 * presenting the same link only one gets true.
 */
export async function claimToken(tx: Conn, tokenId: string, now: Date): Promise<boolean> {
  const claimed = await tx
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(and(eq(oneTimeTokens.id, tokenId), isNull(oneTimeTokens.usedAt), gt(oneTimeTokens.expiresAt, now)))
    .returning({ id: oneTimeTokens.id });
  return claimed.length > 0;
}

/** The user's unused links of the purpose stop working (of one organisation, when given). */
export async function expireUnusedTokens(
  tx: Conn,
  userId: string,
  purpose: OneTimeTokenPurpose,
  now: Date,
  tenant?: Tenant,
): Promise<void> {
  await tx
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(oneTimeTokens.userId, userId),
        tenant ? eq(oneTimeTokens.organisationId, tenant.organisationId) : undefined,
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
      ),
    );
}

/** A user's one-time tokens of one organisation (the user leaves it, modules/users/users.repository.ts). */
export async function deleteOneTimeTokensIn(tx: Tx, tenant: Tenant, userId: string): Promise<void> {
  await tx
    .delete(oneTimeTokens)
    .where(and(eq(oneTimeTokens.organisationId, tenant.organisationId), eq(oneTimeTokens.userId, userId)));
}
