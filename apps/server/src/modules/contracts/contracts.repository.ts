import type { ContractSort, ContractStatus, ContractsListFilter } from '@fairway/shared';
import { and, arrayContains, asc, eq, gt, ilike, inArray, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { likePattern } from '../../lib/sql';
import { type AccountingCaller, teamCondition } from '../accounting/access';
import { type PageRequest, pageOf } from '../accounting/mirror/list';
import { findMirrored, type MirrorTarget } from '../accounting/mirror/mirror';
import { clubAccounts } from '../organizations/organizations.tables';
import { contractPriceChanges, contracts } from './contracts.tables';

export type ContractRecord = typeof contracts.$inferSelect;
export type PriceChangeRecord = typeof contractPriceChanges.$inferSelect;

/**
 * The contract's status (docs/accounting-data.md#contracts) from the mirror and today's date; the same rule as
 * `statusOf` below and `CONTRACT_STATUSES` in the shared schemas, first match wins.
 */
export function statusSql(today: string): SQL<ContractStatus> {
  return sql<ContractStatus>`case
    when ${contracts.terminatedAt} is not null then 'terminated'
    when ${contracts.finished} then 'finished'
    when not ${contracts.active} then 'inactive'
    when ${contracts.periodStart} > ${today} then 'upcoming'
    else 'active' end`;
}

export function statusOf(
  row: Pick<ContractRecord, 'terminatedAt' | 'finished' | 'active' | 'periodStart'>,
  today: string,
): ContractStatus {
  if (row.terminatedAt) return 'terminated';
  if (row.finished) return 'finished';
  if (!row.active) return 'inactive';
  if (row.periodStart > today) return 'upcoming';
  return 'active';
}

/** The status as plain conditions on the columns (usable by the indexes, unlike the case). */
function statusCondition(status: ContractStatus, today: string): SQL {
  const open = [isNull(contracts.terminatedAt), eq(contracts.finished, false)];
  switch (status) {
    case 'terminated':
      return isNotNull(contracts.terminatedAt);
    case 'finished':
      return and(isNull(contracts.terminatedAt), eq(contracts.finished, true)) as SQL;
    case 'inactive':
      return and(...open, eq(contracts.active, false)) as SQL;
    case 'upcoming':
      return and(...open, eq(contracts.active, true), gt(contracts.periodStart, today)) as SQL;
    case 'active':
      return and(...open, eq(contracts.active, true), lte(contracts.periodStart, today)) as SQL;
  }
}

/** Where a caller may look: the club account in use, and the team rule (docs/permissions.md#team-rules). */
function scope(caller: AccountingCaller, target: MirrorTarget): SQL[] {
  const conditions: SQL[] = [
    eq(contracts.organisationId, target.organisationId),
    eq(contracts.clubAccountId, target.clubAccountId),
  ];
  const team = teamCondition(caller, 'onlyTeamContracts', contracts.createdBy);
  if (team) conditions.push(team);
  return conditions;
}

function filterOf(
  caller: AccountingCaller,
  target: MirrorTarget,
  filter: Omit<ContractsListFilter, 'page' | 'pageSize'>,
  today: string,
): SQL | undefined {
  const conditions = scope(caller, target);
  if (filter.status !== 'all') conditions.push(statusCondition(filter.status, today));
  if (filter.tag) conditions.push(arrayContains(contracts.tags, [filter.tag]));
  if (filter.search) {
    const pattern = likePattern(filter.search);
    conditions.push(
      or(
        ilike(contracts.number, pattern),
        ilike(contracts.customerName, pattern),
        ilike(contracts.customerNumber, pattern),
        ilike(contracts.category, pattern),
      ) as SQL,
    );
  }
  return and(...conditions);
}

function sortColumn(sort: ContractSort, today: string): PgColumn | SQL {
  switch (sort) {
    case 'number':
      // Fortnox numbers are digits: sort them as numbers when they are.
      return sql`case when ${contracts.number} ~ '^[0-9]{1,15}$' then ${contracts.number}::bigint end`;
    case 'customerName':
      return contracts.customerName;
    case 'contractDate':
      return contracts.contractDate;
    case 'periodStart':
      return contracts.periodStart;
    case 'periodEnd':
      return contracts.periodEnd;
    case 'lastInvoiceDate':
      return contracts.lastInvoiceDate;
    case 'totalOre':
      return contracts.totalOre;
    case 'status':
      return statusSql(today);
  }
}

const rowColumns = (today: string) => ({
  id: contracts.id,
  number: contracts.number,
  customerNumber: contracts.customerNumber,
  customerName: contracts.customerName,
  contractDate: contracts.contractDate,
  periodStart: contracts.periodStart,
  periodEnd: contracts.periodEnd,
  continuous: contracts.continuous,
  invoiceInterval: contracts.invoiceInterval,
  contractLength: contracts.contractLength,
  lastInvoiceDate: contracts.lastInvoiceDate,
  totalOre: contracts.totalOre,
  status: statusSql(today),
  category: contracts.category,
  tags: contracts.tags,
  cancellationDate: contracts.cancellationDate,
});
export type ContractListRecord = Pick<
  ContractRecord,
  | 'id'
  | 'number'
  | 'customerNumber'
  | 'customerName'
  | 'contractDate'
  | 'periodStart'
  | 'periodEnd'
  | 'continuous'
  | 'invoiceInterval'
  | 'contractLength'
  | 'lastInvoiceDate'
  | 'totalOre'
  | 'category'
  | 'tags'
  | 'cancellationDate'
> & { status: ContractStatus };

export function listContracts(
  conn: Db | Tx,
  caller: AccountingCaller,
  target: MirrorTarget,
  filter: ContractsListFilter,
  page: PageRequest,
  today: string,
) {
  return pageOf<typeof contracts, ContractListRecord>(
    conn,
    contracts,
    rowColumns(today),
    filterOf(caller, target, filter, today),
    { column: sortColumn(filter.sort ?? 'number', today), direction: filter.order, tiebreak: contracts.number },
    page,
  );
}

/** Every contract of the filter, for an export (capped: an export is a list, not a backup). */
export async function allContracts(
  conn: Db | Tx,
  caller: AccountingCaller,
  target: MirrorTarget,
  filter: Omit<ContractsListFilter, 'page' | 'pageSize'>,
  today: string,
  limit: number,
): Promise<ContractListRecord[]> {
  const rows = await conn
    .select(rowColumns(today))
    .from(contracts)
    .where(filterOf(caller, target, filter, today))
    .orderBy(sortColumn('number', today), asc(contracts.number))
    .limit(limit);
  return rows as ContractListRecord[];
}

/** Tags in Swedish alphabetical order (Å, Ä, Ö after Z; case does not split a name). */
const swedish = new Intl.Collator('sv');

/**
 * The tags on the contracts the caller may see (the list's scope: club account in use, team rule),
 * each with how many of those contracts carry it; `search` keeps the tags containing it.
 */
export async function tagsInUse(
  conn: Db | Tx,
  caller: AccountingCaller,
  target: MirrorTarget,
  search: string | undefined,
  limit: number,
): Promise<{ name: string; contracts: number }[]> {
  const tagged = conn
    .select({ tag: sql<string>`unnest(${contracts.tags})`.as('tag') })
    .from(contracts)
    .where(and(...scope(caller, target)))
    .as('tagged');
  const rows = await conn
    .select({ name: tagged.tag, contracts: sql<number>`count(*)::int` })
    .from(tagged)
    .where(search ? ilike(tagged.tag, likePattern(search)) : undefined)
    .groupBy(tagged.tag)
    .orderBy(asc(tagged.tag))
    .limit(limit);
  return rows.sort((x, y) => swedish.compare(x.name, y.name) || x.name.localeCompare(y.name));
}

export async function findContract(
  conn: Db | Tx,
  caller: AccountingCaller,
  target: MirrorTarget,
  id: string,
): Promise<ContractRecord | null> {
  const [row] = await conn
    .select()
    .from(contracts)
    .where(and(eq(contracts.id, id), ...scope(caller, target)));
  return row ?? null;
}

/** The contract a portal request created (our reference on it), if it has been mirrored. */
export function findContractByExternalRef(
  conn: Db | Tx,
  target: MirrorTarget,
  externalRef: string,
): Promise<ContractRecord | null> {
  return findMirrored(conn, contracts, target, { externalRef });
}

export function findContractByNumber(conn: Db | Tx, target: MirrorTarget, number: string): Promise<ContractRecord | null> {
  return findMirrored(conn, contracts, target, { number });
}

/** The accounting program the club account uses (Visma eEkonomi has no contracts). */
export async function accountingProgramOf(conn: Db | Tx, target: MirrorTarget): Promise<string | null> {
  const [row] = await conn
    .select({ program: clubAccounts.accountingProgram })
    .from(clubAccounts)
    .where(and(eq(clubAccounts.id, target.clubAccountId), eq(clubAccounts.organisationId, target.organisationId)));
  return row?.program ?? null;
}

const byNumber = (target: MirrorTarget, number: string) =>
  and(
    eq(contracts.organisationId, target.organisationId),
    eq(contracts.clubAccountId, target.clubAccountId),
    eq(contracts.number, number),
  );

export async function setCategory(conn: Db | Tx, target: MirrorTarget, number: string, category: string | null): Promise<void> {
  await conn.update(contracts).set({ category }).where(byNumber(target, number));
}

export async function setTags(conn: Db | Tx, target: MirrorTarget, number: string, tags: string[]): Promise<void> {
  await conn.update(contracts).set({ tags }).where(byNumber(target, number));
}

export async function setCancellationDate(
  conn: Db | Tx,
  target: MirrorTarget,
  number: string,
  date: string | null,
): Promise<void> {
  await conn.update(contracts).set({ cancellationDate: date }).where(byNumber(target, number));
}

/**
 * Records that the portal ended the contract. Only the first call counts (answers false after),
 * so a job run twice logs the cancellation once.
 */
export async function markTerminated(
  conn: Db | Tx,
  target: MirrorTarget,
  number: string,
  keepCancellationDate: boolean,
): Promise<boolean> {
  const rows = await conn
    .update(contracts)
    .set({ terminatedAt: new Date(), ...(keepCancellationDate ? {} : { cancellationDate: null }) })
    .where(and(byNumber(target, number), isNull(contracts.terminatedAt)))
    .returning({ id: contracts.id });
  return rows.length > 0;
}

// ---- price changes --------------------------------------------------------------------------

export async function insertPriceChange(
  conn: Db | Tx,
  target: MirrorTarget,
  input: { contractNumber: string; changeBasisPoints: number; effectiveOn: string; createdBy: string },
): Promise<PriceChangeRecord> {
  const [row] = await conn
    .insert(contractPriceChanges)
    .values({ ...target, ...input })
    .returning();
  if (!row) throw new Error('the price change was not stored');
  return row;
}

export async function priceChangesOf(conn: Db | Tx, target: MirrorTarget, contractNumber: string): Promise<PriceChangeRecord[]> {
  return conn
    .select()
    .from(contractPriceChanges)
    .where(
      and(
        eq(contractPriceChanges.organisationId, target.organisationId),
        eq(contractPriceChanges.clubAccountId, target.clubAccountId),
        eq(contractPriceChanges.contractNumber, contractNumber),
      ),
    )
    .orderBy(asc(contractPriceChanges.effectiveOn), asc(contractPriceChanges.createdAt));
}

/** Pending price changes of an ended contract fail with the given reason (they can no longer apply). */
export async function failPendingPriceChanges(
  conn: Db | Tx,
  target: MirrorTarget,
  contractNumber: string,
  error: string,
): Promise<void> {
  await conn
    .update(contractPriceChanges)
    .set({ status: 'failed', error, errorParams: null })
    .where(
      and(
        eq(contractPriceChanges.organisationId, target.organisationId),
        eq(contractPriceChanges.clubAccountId, target.clubAccountId),
        eq(contractPriceChanges.contractNumber, contractNumber),
        eq(contractPriceChanges.status, 'scheduled'),
      ),
    );
}

/** A claim older than this belongs to a run that died; another run may take it over. */
const CLAIM_TIMEOUT = sql`now() - interval '15 minutes'`;

/** Price changes due on or before `today`, over every club account (the daily job). */
export async function duePriceChanges(conn: Db | Tx, today: string): Promise<PriceChangeRecord[]> {
  return conn
    .select()
    .from(contractPriceChanges)
    .where(
      and(
        lte(contractPriceChanges.effectiveOn, today),
        or(
          eq(contractPriceChanges.status, 'scheduled'),
          and(eq(contractPriceChanges.status, 'applying'), sql`${contractPriceChanges.claimedAt} < ${CLAIM_TIMEOUT}`),
        ),
      ),
    )
    .orderBy(asc(contractPriceChanges.clubAccountId), asc(contractPriceChanges.effectiveOn), asc(contractPriceChanges.createdAt));
}

/** Takes a due price change for this run; null when another run has it or it is done. */
export async function claimPriceChange(conn: Db | Tx, target: MirrorTarget, id: string): Promise<PriceChangeRecord | null> {
  const [row] = await conn
    .update(contractPriceChanges)
    .set({ status: 'applying', claimedAt: new Date() })
    .where(
      and(
        eq(contractPriceChanges.id, id),
        eq(contractPriceChanges.clubAccountId, target.clubAccountId),
        or(
          eq(contractPriceChanges.status, 'scheduled'),
          and(eq(contractPriceChanges.status, 'applying'), sql`${contractPriceChanges.claimedAt} < ${CLAIM_TIMEOUT}`),
        ),
      ),
    )
    .returning();
  return row ?? null;
}

export async function updatePriceChange(
  conn: Db | Tx,
  target: MirrorTarget,
  id: string,
  values: Partial<
    Pick<PriceChangeRecord, 'status' | 'claimedAt' | 'pricesBefore' | 'pricesAfter' | 'appliedAt' | 'error' | 'errorParams'>
  >,
): Promise<void> {
  await conn
    .update(contractPriceChanges)
    .set(values)
    .where(and(eq(contractPriceChanges.id, id), eq(contractPriceChanges.clubAccountId, target.clubAccountId)));
}

// ---- scheduled cancellations ----------------------------------------------------------------

/** Contracts whose scheduled cancellation date has come, over every club account (the daily job). */
export async function dueCancellations(conn: Db | Tx, today: string): Promise<ContractRecord[]> {
  return conn
    .select()
    .from(contracts)
    .where(and(isNotNull(contracts.cancellationDate), lte(contracts.cancellationDate, today), isNull(contracts.terminatedAt)))
    .orderBy(asc(contracts.clubAccountId), asc(contracts.cancellationDate));
}

// ---- schedules of a club account ------------------------------------------------------------

export async function scheduledCancellations(
  conn: Db | Tx,
  caller: AccountingCaller,
  target: MirrorTarget,
  includeDone: boolean,
  limit: number,
): Promise<ContractRecord[]> {
  return conn
    .select()
    .from(contracts)
    .where(
      and(
        ...scope(caller, target),
        isNotNull(contracts.cancellationDate),
        includeDone ? undefined : isNull(contracts.terminatedAt),
      ),
    )
    .orderBy(asc(contracts.cancellationDate), asc(contracts.number))
    .limit(limit);
}

export async function scheduledPriceChanges(
  conn: Db | Tx,
  caller: AccountingCaller,
  target: MirrorTarget,
  includeDone: boolean,
  limit: number,
): Promise<{ change: PriceChangeRecord; contract: Pick<ContractRecord, 'id' | 'customerName'> | null }[]> {
  const team = teamCondition(caller, 'onlyTeamContracts', contracts.createdBy);
  const rows = await conn
    .select({ change: contractPriceChanges, contractId: contracts.id, customerName: contracts.customerName })
    .from(contractPriceChanges)
    .leftJoin(
      contracts,
      and(
        eq(contracts.clubAccountId, contractPriceChanges.clubAccountId),
        eq(contracts.number, contractPriceChanges.contractNumber),
      ),
    )
    .where(
      and(
        eq(contractPriceChanges.organisationId, target.organisationId),
        eq(contractPriceChanges.clubAccountId, target.clubAccountId),
        includeDone ? undefined : inArray(contractPriceChanges.status, ['scheduled', 'applying']),
        // With the team rule, only changes of contracts the caller may see.
        team ? and(isNotNull(contracts.id), team) : undefined,
      ),
    )
    .orderBy(asc(contractPriceChanges.effectiveOn), asc(contractPriceChanges.createdAt))
    .limit(limit);
  return rows.map((r) => ({
    change: r.change,
    contract: r.contractId ? { id: r.contractId, customerName: r.customerName ?? '' } : null,
  }));
}
