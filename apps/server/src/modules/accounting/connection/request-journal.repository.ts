import { and, eq, isNotNull, lt, sql } from 'drizzle-orm';
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

/** The program ids the club account's completed requests of `operation` hold. */
export async function answeredIds(
  conn: Db | Tx,
  tenant: Tenant,
  scope: RequestJournalScope,
  operation: RequestOperation,
): Promise<Set<string>> {
  const rows = await conn
    .select({ answered: accountingRequests.answered })
    .from(accountingRequests)
    .where(and(scoped(tenant, scope, operation), isNotNull(accountingRequests.answered)));
  return new Set(rows.flatMap((r) => (r.answered ? [r.answered.id] : [])));
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

/** Removes the club account's completed requests older than `REQUEST_JOURNAL_KEEP_DAYS`. */
export async function pruneRequests(conn: Db | Tx, tenant: Tenant, scope: RequestJournalScope): Promise<void> {
  await conn
    .delete(accountingRequests)
    .where(
      and(
        eq(accountingRequests.organisationId, tenant.organisationId),
        eq(accountingRequests.clubAccountId, scope.clubAccountId),
        lt(accountingRequests.completedAt, sql`now() - make_interval(days => ${REQUEST_JOURNAL_KEEP_DAYS})`),
      ),
    );
}

/**
 * The club account's request journal in the database: what `accountingFor` gives a provider, so
 * the record of an ask survives a restart. Recording an ask also prunes the club account's
 * completed rows older than 30 days (a retry comes within hours; keeping rows small is enough).
 */
export function databaseRequestJournal(conn: Db, tenant: Tenant, scope: RequestJournalScope): RequestJournal {
  return {
    find: (operation, key) => findRequest(conn, tenant, scope, operation, key),
    async begin(operation, key, asked, at) {
      await pruneRequests(conn, tenant, scope);
      await insertRequest(conn, tenant, scope, operation, key, asked, at);
      const record = await findRequest(conn, tenant, scope, operation, key);
      if (!record) throw new Error('accounting request insert left no row');
      return record;
    },
    complete: (operation, key, answer) => completeRequest(conn, tenant, scope, operation, key, answer),
    claimed: (operation) => answeredIds(conn, tenant, scope, operation),
    byAnswer: (operation, answer) => findRequestByAnswer(conn, tenant, scope, operation, answer),
  };
}
