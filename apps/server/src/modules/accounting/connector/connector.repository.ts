import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import type { ConnectorError } from '../../../providers/visma-admin/protocol';
import type { NewWork } from '../../../providers/visma-admin/queue';
import { clubAccounts } from '../../organizations/organizations.tables';
import type { Tenant } from '../../organizations/tenant';
import { connectors, connectorWork } from './connector.tables';

type Conn = Db | Tx;

/** The connector belongs to one club account of the organisation. */
export interface ClubTenant extends Tenant {
  readonly clubAccountId: string;
}

export type ConnectorRow = typeof connectors.$inferSelect;
export type WorkRow = typeof connectorWork.$inferSelect;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

const ofTenant = (tenant: ClubTenant) =>
  and(eq(connectors.organisationId, tenant.organisationId), eq(connectors.clubAccountId, tenant.clubAccountId));
const workOfTenant = (tenant: ClubTenant) =>
  and(eq(connectorWork.organisationId, tenant.organisationId), eq(connectorWork.clubAccountId, tenant.clubAccountId));

export async function clubAccountExists(conn: Conn, tenant: ClubTenant): Promise<boolean> {
  const [row] = await conn
    .select({ id: clubAccounts.id })
    .from(clubAccounts)
    .where(and(eq(clubAccounts.id, tenant.clubAccountId), eq(clubAccounts.organisationId, tenant.organisationId)));
  return row !== undefined;
}

/** Stores a new key hash for the club account's connector (first key or rotation). */
export async function saveKey(conn: Conn, tenant: ClubTenant, keyHash: string, keyPrefix: string): Promise<ConnectorRow> {
  const [row] = await conn
    .insert(connectors)
    .values({ organisationId: tenant.organisationId, clubAccountId: tenant.clubAccountId, keyHash, keyPrefix })
    .onConflictDoUpdate({
      target: connectors.clubAccountId,
      set: { keyHash, keyPrefix, keyCreatedAt: sql`now()`, updatedAt: sql`now()` },
    })
    .returning();
  if (!row) throw new Error('connectors upsert returned no row');
  return row;
}

export async function findConnector(conn: Conn, tenant: ClubTenant): Promise<ConnectorRow | null> {
  const [row] = await conn.select().from(connectors).where(ofTenant(tenant));
  return row ?? null;
}

/** The connector presenting this key hash (the one lookup that has no tenant yet: the key is the tenant). */
export async function findConnectorByKeyHash(conn: Conn, keyHash: string): Promise<ConnectorRow | null> {
  const [row] = await conn.select().from(connectors).where(eq(connectors.keyHash, keyHash));
  return row ?? null;
}

export async function touchConnector(conn: Conn, tenant: ClubTenant): Promise<void> {
  await conn.update(connectors).set({ lastSeenAt: sql`now()` }).where(ofTenant(tenant));
}

export async function registerConnector(
  conn: Conn,
  tenant: ClubTenant,
  values: { protocolVersion: number; version: string; machine: string; companyName: string; companyDatabase: string },
): Promise<ConnectorRow> {
  const [row] = await conn
    .update(connectors)
    .set({ ...values, registeredAt: sql`now()`, lastSeenAt: sql`now()`, updatedAt: sql`now()` })
    .where(ofTenant(tenant))
    .returning();
  if (!row) throw new Error('connector to register vanished');
  return row;
}

export interface StatusRow {
  registeredAt: Date | null;
  lastSeenAt: Date | null;
  /** Judged on the database clock, like every other timestamp here. */
  seenRecently: boolean;
}

export async function connectorStatusRow(conn: Conn, tenant: ClubTenant, offlineAfterSeconds: number): Promise<StatusRow | null> {
  const [row] = await conn
    .select({
      registeredAt: connectors.registeredAt,
      lastSeenAt: connectors.lastSeenAt,
      seenRecently: sql<boolean>`coalesce(${connectors.lastSeenAt} > now() - make_interval(secs => ${offlineAfterSeconds}), false)`,
    })
    .from(connectors)
    .where(ofTenant(tenant));
  return row ?? null;
}

/**
 * Club accounts kept in Visma Administration whose connector was heard from within the offline
 * window: the scheduled mirror refresh reads through them. A silent connector is skipped (its
 * club sees the "connector offline" notice) and picked up again by the first tick after it returns.
 */
export async function listOnlineConnectorClubAccounts(conn: Conn, offlineAfterSeconds: number): Promise<ClubTenant[]> {
  return conn
    .select({ organisationId: connectors.organisationId, clubAccountId: connectors.clubAccountId })
    .from(connectors)
    .innerJoin(clubAccounts, eq(clubAccounts.id, connectors.clubAccountId))
    .where(
      and(
        eq(clubAccounts.accountingProgram, 'visma_administration'),
        sql`${connectors.registeredAt} is not null`,
        sql`${connectors.lastSeenAt} > now() - make_interval(secs => ${offlineAfterSeconds})`,
      ),
    );
}

export async function countPending(conn: Conn, tenant: ClubTenant): Promise<number> {
  const [row] = await conn
    .select({ n: count() })
    .from(connectorWork)
    .where(and(workOfTenant(tenant), inArray(connectorWork.status, ['queued', 'leased'])));
  return row?.n ?? 0;
}

/** Serialises queue changes of one club account (dedupe of pending actions). */
export async function lockQueue(tx: Tx, tenant: ClubTenant): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`connector_work:${tenant.clubAccountId}`}, 0))`);
}

export async function insertWork(conn: Conn, tenant: ClubTenant, work: NewWork): Promise<WorkRow | null> {
  const [row] = await conn
    .insert(connectorWork)
    .values({
      organisationId: tenant.organisationId,
      clubAccountId: tenant.clubAccountId,
      operation: work.operation,
      kind: work.kind,
      payload: work.payload,
      idempotencyKey: work.idempotencyKey,
      fingerprint: work.fingerprint,
      expiresAt: work.expiresInSeconds === null ? null : sql`now() + make_interval(secs => ${work.expiresInSeconds})`,
    })
    .onConflictDoNothing({ target: [connectorWork.clubAccountId, connectorWork.idempotencyKey] })
    .returning();
  return row ?? null;
}

export async function findWorkByIdempotencyKey(conn: Conn, tenant: ClubTenant, key: string): Promise<WorkRow | null> {
  const [row] = await conn
    .select()
    .from(connectorWork)
    .where(and(workOfTenant(tenant), eq(connectorWork.idempotencyKey, key)));
  return row ?? null;
}

export async function findPendingByFingerprint(conn: Conn, tenant: ClubTenant, fingerprint: string): Promise<WorkRow | null> {
  const [row] = await conn
    .select()
    .from(connectorWork)
    .where(
      and(workOfTenant(tenant), eq(connectorWork.fingerprint, fingerprint), inArray(connectorWork.status, ['queued', 'leased'])),
    )
    .orderBy(asc(connectorWork.createdAt))
    .limit(1);
  return row ?? null;
}

/** A failed create tried again with the same reference: back to the queue with the new values. */
export async function requeueFailed(conn: Conn, tenant: ClubTenant, id: string, payload: unknown): Promise<WorkRow | null> {
  const [row] = await conn
    .update(connectorWork)
    .set({
      status: 'queued',
      payload,
      attempts: 0,
      leaseUntil: null,
      result: null,
      error: null,
      completedAt: null,
      updatedAt: sql`now()`,
    })
    .where(and(workOfTenant(tenant), eq(connectorWork.id, id), eq(connectorWork.status, 'failed')))
    .returning();
  return row ?? null;
}

export async function findWork(conn: Conn, tenant: ClubTenant, id: string): Promise<WorkRow | null> {
  const [row] = await conn
    .select()
    .from(connectorWork)
    .where(and(workOfTenant(tenant), eq(connectorWork.id, id)));
  return row ?? null;
}

/**
 * Gives up what can no longer run: reads nobody waits for any more, and items whose lease ran
 * out `maxAttempts` times (they crash or hang the connector each time).
 */
export async function expireWork(conn: Conn, tenant: ClubTenant, maxAttempts: number): Promise<string[]> {
  const result = await conn.execute(sql`
    update connector_work
       set status = 'failed',
           lease_until = null,
           completed_at = now(),
           updated_at = now(),
           error = case when status = 'queued'
                        then '{"kind":"timeout","code":"EXPIRED","message":"Nobody waited for the answer any longer."}'::jsonb
                        else '{"kind":"unavailable","code":"LEASE_EXPIRED","message":"The connector did not finish the item."}'::jsonb
                   end
     where organisation_id = ${tenant.organisationId}
       and club_account_id = ${tenant.clubAccountId}
       and ((status = 'queued' and expires_at is not null and expires_at <= now())
         or (status = 'leased' and lease_until <= now() and (attempts >= ${maxAttempts} or (expires_at is not null and expires_at <= now()))))
    returning id`);
  return rowsOf<{ id: string }>(result).map((r) => r.id);
}

export interface ClaimedRow {
  id: string;
  operation: string;
  payload: unknown;
  idempotency_key: string | null;
  lease_until: string | Date;
  attempts: number;
  created_at: string | Date;
}

/**
 * Leases the oldest claimable items: queued ones, and leased ones whose lease ran out (the
 * connector died or lost the answer; the item goes to whoever claims next). `skip locked` lets
 * two connector processes (or two claims) never lease the same item.
 */
export async function leaseWork(conn: Conn, tenant: ClubTenant, max: number, leaseSeconds: number): Promise<ClaimedRow[]> {
  const result = await conn.execute(sql`
    update connector_work w
       set status = 'leased',
           lease_until = now() + make_interval(secs => ${leaseSeconds}),
           attempts = w.attempts + 1,
           updated_at = now()
     where w.id in (
       select id from connector_work
        where organisation_id = ${tenant.organisationId}
          and club_account_id = ${tenant.clubAccountId}
          and (status = 'queued' or (status = 'leased' and lease_until <= now()))
          and (expires_at is null or expires_at > now())
        order by created_at, id
        limit ${max}
        for update skip locked)
    returning w.id, w.operation, w.payload, w.idempotency_key, w.lease_until, w.attempts, w.created_at`);
  const rows = rowsOf<ClaimedRow>(result);
  return rows.sort((a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime() || a.id.localeCompare(b.id));
}

/** Puts items leased a moment ago back in the queue, as if never claimed (the connector hung up). */
export async function returnLeases(conn: Conn, tenant: ClubTenant, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await conn
    .update(connectorWork)
    .set({ status: 'queued', leaseUntil: null, attempts: sql`greatest(${connectorWork.attempts} - 1, 0)`, updatedAt: sql`now()` })
    .where(and(workOfTenant(tenant), inArray(connectorWork.id, [...ids]), eq(connectorWork.status, 'leased')));
}

/** Applies the first result of an item; answers false when it already had one (or was given up). */
export async function completeWork(
  conn: Conn,
  tenant: ClubTenant,
  id: string,
  outcome: { ok: true; data: unknown } | { ok: false; error: ConnectorError | { kind: string; code: string; message: string } },
): Promise<boolean> {
  const done = { completedAt: sql`now()`, updatedAt: sql`now()`, leaseUntil: null };
  const rows = await conn
    .update(connectorWork)
    .set(
      outcome.ok
        ? { status: 'done', result: outcome.data ?? null, error: null, ...done }
        : { status: 'failed', error: outcome.error, result: null, ...done },
    )
    .where(and(workOfTenant(tenant), eq(connectorWork.id, id), inArray(connectorWork.status, ['queued', 'leased'])))
    .returning({ id: connectorWork.id });
  return rows.length > 0;
}

/** A read that timed out: dropped from the queue unless the connector already holds it. */
export async function abandonQueuedRead(conn: Conn, tenant: ClubTenant, id: string): Promise<void> {
  await conn
    .update(connectorWork)
    .set({
      status: 'failed',
      error: { kind: 'timeout', code: 'ABANDONED', message: 'Nobody waited for the answer any longer.' },
      completedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(workOfTenant(tenant), eq(connectorWork.id, id), eq(connectorWork.status, 'queued')));
}
