import { and, countDistinct, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { clubAccounts } from '../../organizations/organizations.tables';
import type { Tenant } from '../../organizations/tenant';
import { accountingConnections, oauthStates } from './connections.tables';

export type ConnectionRow = typeof accountingConnections.$inferSelect;
export type NewConnection = typeof accountingConnections.$inferInsert;

/** The club account a connection is for, with the program it keeps its books in. */
export async function findClubAccount(conn: Db | Tx, tenant: Tenant, clubAccountId: string) {
  const [row] = await conn
    .select({ id: clubAccounts.id, name: clubAccounts.name, accountingProgram: clubAccounts.accountingProgram })
    .from(clubAccounts)
    .where(and(eq(clubAccounts.id, clubAccountId), eq(clubAccounts.organisationId, tenant.organisationId)));
  return row ?? null;
}

export async function findConnection(conn: Db | Tx, tenant: Tenant, clubAccountId: string): Promise<ConnectionRow | null> {
  const [row] = await conn
    .select()
    .from(accountingConnections)
    .where(
      and(
        eq(accountingConnections.organisationId, tenant.organisationId),
        eq(accountingConnections.clubAccountId, clubAccountId),
      ),
    );
  return row ?? null;
}

/** Creates or replaces the club account's connection (a reconnect starts a fresh token chain). */
export async function saveConnection(conn: Db | Tx, values: NewConnection): Promise<ConnectionRow> {
  const { organisationId: _o, clubAccountId: _c, ...changes } = values;
  const [row] = await conn
    .insert(accountingConnections)
    .values(values)
    .onConflictDoUpdate({
      target: accountingConnections.clubAccountId,
      set: { ...changes, refreshLeaseUntil: null, updatedAt: sql`now()` },
      where: eq(accountingConnections.organisationId, values.organisationId),
    })
    .returning();
  if (!row) throw new Error('accounting connection upsert returned no row');
  return row;
}

export async function updateConnection(
  conn: Db | Tx,
  tenant: Tenant,
  id: string,
  changes: Partial<NewConnection>,
): Promise<ConnectionRow | null> {
  const [row] = await conn
    .update(accountingConnections)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(accountingConnections.id, id), eq(accountingConnections.organisationId, tenant.organisationId)))
    .returning();
  return row ?? null;
}

/**
 * Takes the refresh lease of a connection if nobody holds it. Answers the row as it was when
 * taken, or null when another process is refreshing (or the connection is gone or not connected).
 */
export async function takeRefreshLease(conn: Db | Tx, id: string, leaseMs: number): Promise<ConnectionRow | null> {
  const [row] = await conn
    .update(accountingConnections)
    .set({ refreshLeaseUntil: sql`now() + ${`${leaseMs} milliseconds`}::interval` })
    .where(
      and(
        eq(accountingConnections.id, id),
        eq(accountingConnections.status, 'connected'),
        or(isNull(accountingConnections.refreshLeaseUntil), lt(accountingConnections.refreshLeaseUntil, sql`now()`)),
      ),
    )
    .returning();
  return row ?? null;
}

/** Stores a refreshed token pair and releases the lease in one statement. */
export async function storeRefreshedTokens(
  conn: Db | Tx,
  id: string,
  tokens: { accessToken: string; refreshToken: string | null; accessExpiresAt: Date; scope: string | null },
): Promise<void> {
  await conn
    .update(accountingConnections)
    .set({
      ...tokens,
      refreshLeaseUntil: null,
      tokenVersion: sql`${accountingConnections.tokenVersion} + 1`,
      lastError: null,
      lastErrorAt: null,
      updatedAt: sql`now()`,
    })
    .where(eq(accountingConnections.id, id));
}

export async function releaseRefreshLease(conn: Db | Tx, id: string, error: string | null): Promise<void> {
  await conn
    .update(accountingConnections)
    .set({ refreshLeaseUntil: null, lastError: error, lastErrorAt: error ? sql`now()` : null, updatedAt: sql`now()` })
    .where(eq(accountingConnections.id, id));
}

export async function findConnectionById(conn: Db | Tx, id: string): Promise<ConnectionRow | null> {
  const [row] = await conn.select().from(accountingConnections).where(eq(accountingConnections.id, id));
  return row ?? null;
}

/** Every connection in use, for the scheduled refresh of the mirrors. */
export async function listConnectedClubAccounts(conn: Db | Tx): Promise<{ organisationId: string; clubAccountId: string }[]> {
  return conn
    .select({ organisationId: accountingConnections.organisationId, clubAccountId: accountingConnections.clubAccountId })
    .from(accountingConnections)
    .where(eq(accountingConnections.status, 'connected'));
}

export type OAuthStateRow = typeof oauthStates.$inferSelect;

export async function insertOAuthState(conn: Db | Tx, values: typeof oauthStates.$inferInsert): Promise<void> {
  await conn.insert(oauthStates).values(values);
}

/** Spends a state: answers it once, only while unexpired. */
export async function spendOAuthState(conn: Db | Tx, stateHash: string): Promise<OAuthStateRow | null> {
  const [row] = await conn
    .update(oauthStates)
    .set({ usedAt: sql`now()` })
    .where(and(eq(oauthStates.stateHash, stateHash), isNull(oauthStates.usedAt), gt(oauthStates.expiresAt, sql`now()`)))
    .returning();
  return row ?? null;
}

/**
 * Club accounts linked to a cloud accounting program, other than `except` (Dubbelkoll's
 * "connected companies", docs/subscriptions.md#limits). A connection ended by a user does not
 * count; one whose consent the provider revoked does (it is reconnected, not replaced).
 */
export async function countConnectedClubAccounts(conn: Db | Tx, tenant: Tenant, except?: string): Promise<number> {
  const [row] = await conn
    .select({ n: countDistinct(accountingConnections.clubAccountId) })
    .from(accountingConnections)
    .where(
      and(
        eq(accountingConnections.organisationId, tenant.organisationId),
        ne(accountingConnections.status, 'disconnected'),
        except ? ne(accountingConnections.clubAccountId, except) : undefined,
      ),
    );
  return row?.n ?? 0;
}
