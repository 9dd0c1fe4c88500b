import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import {
  REQUEST_JOURNAL_KEEP_DAYS,
  type RequestJournal,
  type RequestOperation,
  type RequestRecord,
} from '../../../providers/accounting/request-journal';
import type { Tenant } from '../../organizations/tenant';
import { accountingRequests } from './request-journal.tables';

/** Whose record: one club account's requests to one program. */
export interface RequestJournalScope {
  clubAccountId: string;
  provider: string;
}

type Row = typeof accountingRequests.$inferSelect;

const toRecord = (row: Row): RequestRecord => ({
  operation: row.operation as RequestOperation,
  key: row.key,
  asked: row.asked,
  askedAt: row.createdAt,
  answer: row.answered?.id ?? null,
});

function scoped(tenant: Tenant, scope: RequestJournalScope, operation: RequestOperation) {
  return and(
    eq(accountingRequests.organisationId, tenant.organisationId),
    eq(accountingRequests.clubAccountId, scope.clubAccountId),
    eq(accountingRequests.provider, scope.provider),
    eq(accountingRequests.operation, operation),
  );
}

export async function findRequest(
  conn: Db | Tx,
  tenant: Tenant,
  scope: RequestJournalScope,
  operation: RequestOperation,
  key: string,
): Promise<RequestRecord | null> {
  const [row] = await conn
    .select()
    .from(accountingRequests)
    .where(and(scoped(tenant, scope, operation), eq(accountingRequests.key, key)));
  return row ? toRecord(row) : null;
}

/** Records an ask; a row of the key already there is kept as it was. */
export async function insertRequest(
  conn: Db | Tx,
  tenant: Tenant,
  scope: RequestJournalScope,
  operation: RequestOperation,
  key: string,
  asked: unknown,
  at: Date,
): Promise<void> {
  await conn
    .insert(accountingRequests)
    .values({ organisationId: tenant.organisationId, ...scope, operation, key, asked, createdAt: at })
    .onConflictDoNothing({
      target: [
        accountingRequests.clubAccountId,
        accountingRequests.provider,
        accountingRequests.operation,
        accountingRequests.key,
      ],
    });
}

/** Records the answer (and the row, if the ask was never recorded). */
export async function completeRequest(
  conn: Db | Tx,
  tenant: Tenant,
  scope: RequestJournalScope,
  operation: RequestOperation,
  key: string,
  answer: string,
): Promise<void> {
  await conn
    .insert(accountingRequests)
    .values({
      organisationId: tenant.organisationId,
      ...scope,
      operation,
      key,
      answered: { id: answer },
      completedAt: sql`now()`,
    })
    .onConflictDoUpdate({
      target: [
        accountingRequests.clubAccountId,
        accountingRequests.provider,
        accountingRequests.operation,
        accountingRequests.key,
      ],
      set: { answered: { id: answer }, completedAt: sql`now()` },
      where: eq(accountingRequests.organisationId, tenant.organisationId),
    });
}

/** Which of `ids` the club account's completed requests of `operation` hold (only those are read). */
export async function answeredIds(
  conn: Db | Tx,
  tenant: Tenant,
  scope: RequestJournalScope,
  operation: RequestOperation,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const answer = sql<string>`${accountingRequests.answered}->>'id'`;
  const rows = await conn
    .select({ id: answer })
    .from(accountingRequests)
    .where(and(scoped(tenant, scope, operation), inArray(answer, [...ids])));
  return new Set(rows.map((r) => r.id));
}

export async function findRequestByAnswer(
  conn: Db | Tx,
  tenant: Tenant,
  scope: RequestJournalScope,
  operation: RequestOperation,
  answer: string,
): Promise<RequestRecord | null> {
  const [row] = await conn
    .select()
    .from(accountingRequests)
    .where(and(scoped(tenant, scope, operation), sql`${accountingRequests.answered}->>'id' = ${answer}`))
    .limit(1);
  return row ? toRecord(row) : null;
}

/**
 * Removes every club account's completed requests older than `REQUEST_JOURNAL_KEEP_DAYS` (a retry
 * comes within hours); open asks stay, as they are what a lost answer is matched against. System
 * work across organisations: the daily job (request-journal.jobs.ts). Answers how many went.
 */
export async function pruneCompletedRequests(conn: Db | Tx, now: Date = new Date()): Promise<number> {
  const before = new Date(now.getTime() - REQUEST_JOURNAL_KEEP_DAYS * 24 * 60 * 60 * 1000);
  const deleted = await conn
    .delete(accountingRequests)
    .where(lt(accountingRequests.completedAt, before))
    .returning({ id: accountingRequests.id });
  return deleted.length;
}

/**
 * The club account's request journal in the database: what `accountingFor` gives a provider, so
 * the record of an ask survives a restart. Completed rows are pruned by a daily job
 * (`pruneCompletedRequests`).
 */
export function databaseRequestJournal(conn: Db, tenant: Tenant, scope: RequestJournalScope): RequestJournal {
  return {
    find: (operation, key) => findRequest(conn, tenant, scope, operation, key),
    async begin(operation, key, asked, at) {
      await insertRequest(conn, tenant, scope, operation, key, asked, at);
      const record = await findRequest(conn, tenant, scope, operation, key);
      if (!record) throw new Error('accounting request insert left no row');
      return record;
    },
    complete: (operation, key, answer) => completeRequest(conn, tenant, scope, operation, key, answer),
    claimed: (operation, ids) => answeredIds(conn, tenant, scope, operation, ids),
    byAnswer: (operation, answer) => findRequestByAnswer(conn, tenant, scope, operation, answer),
  };
}
