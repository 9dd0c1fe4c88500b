import type { InvoiceSort, InvoicesListFilter } from '@fairway/shared';
import { and, asc, count, eq, gte, inArray, isNotNull, lt, lte, max, ne, not, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { countMatches, matchesWords, pageOfMatches } from '../../db/word-search';
import { inChunks } from '../../lib/sql';
import { type AccountingCaller, teamCondition } from '../accounting/access';
import { deferredPage, orderByOf, type PageOrder, type PageRequest } from '../accounting/mirror/list';
import { findMirrored, type MirrorTarget } from '../accounting/mirror/mirror';
import { invoicePayments, invoiceSearchTerms, invoices } from './invoices.tables';

export type InvoiceRecord = typeof invoices.$inferSelect;
export type InvoiceListFilter = Omit<InvoicesListFilter, 'page' | 'pageSize'>;

/** Every sort has an index (club account, column, number) in invoices.tables.ts. */
const SORT_COLUMNS: Record<InvoiceSort, PgColumn> = {
  number: invoices.number,
  invoiceDate: invoices.invoiceDate,
  dueDate: invoices.dueDate,
  customerName: invoices.customerName,
  total: invoices.totalOre,
  balance: invoices.balanceOre,
};

/**
 * Where a caller may look: the club account in use, and "only team-created documents" (docs/permissions.md#team-rules).
 * `clubAccountOnly` leaves out the organisation (the club account belongs to exactly one) so a
 * query can be answered from an index alone; its caller checks the organisation on what it returns.
 */
function scope(caller: AccountingCaller, target: MirrorTarget, clubAccountOnly = false): SQL[] {
  const conditions: SQL[] = [eq(invoices.clubAccountId, target.clubAccountId)];
  if (!clubAccountOnly) conditions.push(eq(invoices.organisationId, target.organisationId));
  const team = teamInvoices(caller);
  if (team) conditions.push(team);
  return conditions;
}

/** The caller's "only team-created documents" rule on invoices, if it has one (also the member's billing tab). */
export function teamInvoices(caller: AccountingCaller): SQL | undefined {
  return teamCondition(caller, 'onlyTeamDocuments', invoices.createdBy);
}

/**
 * The search box: invoices with a word (number, customer number or name, OCR) starting with each
 * word typed, "golf 1001" finding customer Golfklubben's invoice 1001 (db/word-search.ts).
 */
export const invoiceSearch = (clubAccountId: string, search: string | undefined) =>
  matchesWords(invoiceSearchTerms, invoices.id, clubAccountId, search);

/**
 * Unpaid (money owed, not cancelled) — the condition of the partial index invoices_club_unpaid_idx,
 * the list's "unpaid" filter, and what makes a member's invoice balance (members.repository.ts).
 */
export const unpaid = () => and(ne(invoices.balanceOre, 0), not(invoices.cancelled)) as SQL;

/** The list's filters other than the caller's scope and the search box. */
function narrowing(filter: InvoiceListFilter, today: string): SQL[] {
  const conditions: SQL[] = [];
  if (filter.booked !== 'all') conditions.push(eq(invoices.booked, filter.booked === 'booked'));
  if (filter.payment === 'unpaid') conditions.push(unpaid());
  if (filter.payment === 'paid') conditions.push(eq(invoices.balanceOre, 0), not(invoices.cancelled));
  if (filter.kind === 'cancelled') conditions.push(eq(invoices.cancelled, true));
  if (filter.kind === 'credit') conditions.push(or(eq(invoices.isCredit, true), eq(invoices.credited, true)) as SQL);
  if (filter.kind === 'overdue') conditions.push(unpaid(), lt(invoices.dueDate, today), sql`${invoices.balanceOre} > 0`);
  if (filter.from) conditions.push(gte(invoices.invoiceDate, filter.from));
  if (filter.to) conditions.push(lte(invoices.invoiceDate, filter.to));
  return conditions;
}

function filterOf(
  caller: AccountingCaller,
  target: MirrorTarget,
  filter: InvoiceListFilter,
  today: string,
  clubAccountOnly = false,
): SQL | undefined {
  const conditions = [...scope(caller, target, clubAccountOnly), ...narrowing(filter, today)];
  const search = invoiceSearch(target.clubAccountId, filter.search);
  if (search) conditions.push(search);
  return and(...conditions);
}

const rowColumns = {
  id: invoices.id,
  number: invoices.number,
  customerNumber: invoices.customerNumber,
  customerName: invoices.customerName,
  invoiceDate: invoices.invoiceDate,
  dueDate: invoices.dueDate,
  totalOre: invoices.totalOre,
  balanceOre: invoices.balanceOre,
  currency: invoices.currency,
  ocr: invoices.ocr,
  invoiceType: invoices.invoiceType,
  booked: invoices.booked,
  cancelled: invoices.cancelled,
  sent: invoices.sent,
  deliveryMethod: invoices.deliveryMethod,
  isCredit: invoices.isCredit,
  credited: invoices.credited,
};
export type InvoiceListRecord = { [K in keyof typeof rowColumns]: InvoiceRecord[K] };

function pageOrder(filter: InvoiceListFilter): PageOrder {
  // Without a chosen sort the newest invoices come first.
  const direction = filter.order === 'desc' || !filter.sort ? 'desc' : 'asc';
  const column = SORT_COLUMNS[filter.sort ?? 'invoiceDate'];
  // Plain ASC/DESC (nulls last/first) so the ascending indexes serve both directions.
  return { columns: column === invoices.number ? [invoices.number] : [column, invoices.number], direction };
}

const orderOf = (filter: InvoiceListFilter): SQL[] => orderByOf(pageOrder(filter));

/** A page of the list, and the mirror's version read in the same statement (see `mirrorVersion`). */
export interface InvoicePage {
  rows: InvoiceListRecord[];
  /** Null when the page is empty: then there was no row to carry it. */
  version: string | null;
}

/**
 * One page of the list, in the chosen order (no total: see countInvoices). The page's invoice
 * numbers are found first and only then their rows read (a deferred join): a deep page skips
 * thousands of rows, and skipping them in the sort index alone costs a third of reading each
 * row (page 200 of 100,000: 2–12 ms instead of 8–33 ms on PGlite). Each row also carries the
 * mirror's version (a scalar subquery, evaluated once per statement): the total's cache needs it
 * (invoices.service.ts), and asking for it apart cost a round trip on every request.
 */
export async function listInvoices(
  conn: Db | Tx,
  caller: AccountingCaller,
  target: MirrorTarget,
  filter: InvoiceListFilter,
  page: PageRequest,
  today: string,
): Promise<InvoicePage> {
  const order = pageOrder(filter);
  const onPage =
    searchPage(caller, target, filter, order, page, today) ??
    deferredPage(conn, invoices, invoices.number, filterOf(caller, target, filter, today, true), order, page);
  const found = await conn
    .select({ ...rowColumns, version: sql`(${latestWrite(conn, target)})`.mapWith(invoices.syncedAt) })
    .from(invoices)
    .where(and(...scope(caller, target), onPage))
    .orderBy(...orderOf(filter));
  const rows = found.map(({ version: _v, ...row }) => row);
  return { rows, version: found[0] ? versionOf(found[0].version) : null };
}

/**
 * The page of a search that is the list's only condition, in the order by invoice date (the
 * default, newest first, or oldest first), chosen in the terms, which carry each invoice's date and
 * number (db/word-search.ts pageOfMatches): only the page's invoices are read. Null otherwise.
 */
function searchPage(
  caller: AccountingCaller,
  target: MirrorTarget,
  filter: InvoiceListFilter,
  order: PageOrder,
  page: PageRequest,
  today: string,
): SQL | null {
  const [first, second] = order.columns;
  if (first !== invoices.invoiceDate || second !== invoices.number || order.columns.length !== 2) return null;
  if (teamInvoices(caller) || narrowing(filter, today).length > 0) return null;
  const terms = { columns: [invoiceSearchTerms.invoiceDate, invoiceSearchTerms.number], direction: order.direction };
  return pageOfMatches(invoiceSearchTerms, invoices.id, target.clubAccountId, filter.search, terms, page);
}

export async function countInvoices(
  conn: Db | Tx,
  caller: AccountingCaller,
  target: MirrorTarget,
  filter: InvoiceListFilter,
  today: string,
): Promise<number> {
  // A search alone is counted in its terms index, without reading each match (db/word-search.ts).
  if (!teamInvoices(caller) && narrowing(filter, today).length === 0) {
    const matches = await countMatches(conn, invoiceSearchTerms, target.clubAccountId, filter.search);
    if (matches !== null) return matches;
  }
  const [row] = await conn
    .select({ n: count() })
    .from(invoices)
    .where(filterOf(caller, target, filter, today));
  return row?.n ?? 0;
}

/**
 * The mirror's version for a club account: the latest time any of its invoices was written
 * (every mirror write sets synced_at). Read from invoices_club_synced_idx in one probe.
 */
export async function mirrorVersion(conn: Db | Tx, target: MirrorTarget): Promise<string> {
  const [row] = await latestWrite(conn, target);
  return versionOf(row?.at);
}

/** The club account's latest mirror write, as a query (alone, or a subquery of the list's page). */
const latestWrite = (conn: Db | Tx, target: MirrorTarget) =>
  conn
    .select({ at: max(invoices.syncedAt) })
    .from(invoices)
    .where(eq(invoices.clubAccountId, target.clubAccountId));

const versionOf = (at: Date | null | undefined): string => (at ? new Date(at).toISOString() : 'empty');

/** Every invoice of the filter, in the list's order, for an export (capped). */
export async function allInvoices(
  conn: Db | Tx,
  caller: AccountingCaller,
  target: MirrorTarget,
  filter: InvoiceListFilter,
  today: string,
  limit: number,
): Promise<InvoiceRecord[]> {
  return conn
    .select()
    .from(invoices)
    .where(filterOf(caller, target, filter, today))
    .orderBy(...orderOf(filter))
    .limit(limit);
}

export async function findInvoice(
  conn: Db | Tx,
  caller: AccountingCaller,
  target: MirrorTarget,
  id: string,
): Promise<InvoiceRecord | null> {
  const [row] = await conn
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), ...scope(caller, target)));
  return row ?? null;
}

export function findInvoiceByNumber(conn: Db | Tx, target: MirrorTarget, number: string): Promise<InvoiceRecord | null> {
  return findMirrored(conn, invoices, target, { number });
}

export function findInvoiceByExternalRef(
  conn: Db | Tx,
  target: MirrorTarget,
  externalRef: string,
): Promise<InvoiceRecord | null> {
  return findMirrored(conn, invoices, target, { externalRef });
}

/** Marks a mirrored payment as registered by the portal request `externalRef`. */
export async function markPaymentRequest(conn: Db | Tx, target: MirrorTarget, paymentNumber: string, externalRef: string) {
  await conn
    .update(invoicePayments)
    .set({ externalRef })
    .where(and(eq(invoicePayments.clubAccountId, target.clubAccountId), eq(invoicePayments.number, paymentNumber)));
}

/** Whether the portal request `externalRef` already registered its payment. */
export async function paymentRequestDone(conn: Db | Tx, target: MirrorTarget, externalRef: string): Promise<boolean> {
  const rows = await conn
    .select({ number: invoicePayments.number })
    .from(invoicePayments)
    .where(and(eq(invoicePayments.clubAccountId, target.clubAccountId), eq(invoicePayments.externalRef, externalRef)))
    .limit(1);
  return rows.length > 0;
}

// ---- what the receipts read of the invoices (modules/receipts/receipts.repository.ts) ----------

/**
 * The receipts window (docs/receipts.md#window) as a subquery the receipts join to: invoices fully
 * paid (balance zero, not cancelled, not a credit note) whose last payment is on or after `since`
 * (90 days back, Swedish time). With a `caller`, also only what they may see: with "see/edit only
 * team-created documents" (docs/permissions.md#team-rules) the invoices their team created, as in
 * the invoice list; the send-out job, which a caller queued, passes none. `search` is the search
 * box, as in the invoice list. A plain subquery: PostgreSQL plans it as part of the enclosing query,
 * so its sort, filters and paging use the invoices' indexes as a join would.
 */
export function paidInvoicesWindow(
  conn: Db | Tx,
  target: MirrorTarget,
  since: string,
  options: { caller?: AccountingCaller; search?: string } = {},
) {
  return conn
    .select({
      id: invoices.id,
      clubAccountId: invoices.clubAccountId,
      number: invoices.number,
      customerNumber: invoices.customerNumber,
      customerName: invoices.customerName,
      totalOre: invoices.totalOre,
      currency: invoices.currency,
      ocr: invoices.ocr,
      invoiceDate: invoices.invoiceDate,
      fullyPaidOn: invoices.fullyPaidOn,
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.organisationId, target.organisationId),
        eq(invoices.clubAccountId, target.clubAccountId),
        eq(invoices.balanceOre, 0),
        not(invoices.cancelled),
        not(invoices.isCredit),
        sql`${invoices.totalOre} > 0`,
        isNotNull(invoices.fullyPaidOn),
        gte(invoices.fullyPaidOn, since),
        options.caller ? teamInvoices(options.caller) : undefined,
        invoiceSearch(target.clubAccountId, options.search) ?? undefined,
      ),
    )
    .as('paid_invoices');
}

/** The customer name of the invoice `number` names, as a subquery correlated with the enclosing query (a send-out's receipts). */
export const invoiceCustomerNameOf = (clubAccountId: PgColumn, number: PgColumn) =>
  sql<string | null>`(select ${invoices.customerName} from ${invoices} where ${and(
    eq(invoices.clubAccountId, clubAccountId),
    eq(invoices.number, number),
  )})`;

/**
 * The payments of an invoice as mirrored, oldest first, with whether the portal registered them
 * (its reference on the row, markPaymentRequest above): a receipt lists them, and
 * GET invoices/{id}/payments answers them (at most `limit`).
 */
export function paymentsOfInvoice(conn: Db | Tx, target: MirrorTarget, invoiceNumber: string, limit?: number) {
  const query = conn
    .select({
      number: invoicePayments.number,
      paymentDate: invoicePayments.paymentDate,
      amountOre: invoicePayments.amountOre,
      viaPortal: isNotNull(invoicePayments.externalRef),
      syncedAt: invoicePayments.syncedAt,
    })
    .from(invoicePayments)
    .where(
      and(
        eq(invoicePayments.organisationId, target.organisationId),
        eq(invoicePayments.clubAccountId, target.clubAccountId),
        eq(invoicePayments.invoiceNumber, invoiceNumber),
      ),
    )
    .orderBy(asc(invoicePayments.paymentDate), asc(invoicePayments.number));
  return limit === undefined ? query : query.limit(limit);
}

// ---- what the GIT report-back reads of the invoices (modules/git/report/git-report.service.ts) ----

export type ReportedInvoice = Pick<
  typeof invoices.$inferSelect,
  'number' | 'invoiceDate' | 'totalOre' | 'balanceOre' | 'cancelled' | 'credited' | 'isCredit' | 'fullyPaidOn' | 'externalRef'
>;

/** The target's invoices carrying these references (`basisInvoiceExternalRef`). */
export function invoicesByRef(conn: Db | Tx, target: MirrorTarget, refs: readonly string[]): Promise<ReportedInvoice[]> {
  return inChunks(refs, (chunk) =>
    conn
      .select({
        number: invoices.number,
        invoiceDate: invoices.invoiceDate,
        totalOre: invoices.totalOre,
        balanceOre: invoices.balanceOre,
        cancelled: invoices.cancelled,
        credited: invoices.credited,
        isCredit: invoices.isCredit,
        fullyPaidOn: invoices.fullyPaidOn,
        externalRef: invoices.externalRef,
      })
      .from(invoices)
      .where(
        and(
          eq(invoices.organisationId, target.organisationId),
          eq(invoices.clubAccountId, target.clubAccountId),
          inArray(invoices.externalRef, chunk),
        ),
      ),
  );
}

/** The date of each invoice's latest payment (a part payment's date), by invoice number. */
export async function lastPaymentDates(
  conn: Db | Tx,
  target: MirrorTarget,
  numbers: readonly string[],
): Promise<Map<string, string>> {
  const rows = await inChunks(numbers, (chunk) =>
    conn
      .select({ invoiceNumber: invoicePayments.invoiceNumber, last: sql<string>`max(${invoicePayments.paymentDate})` })
      .from(invoicePayments)
      .where(and(eq(invoicePayments.clubAccountId, target.clubAccountId), inArray(invoicePayments.invoiceNumber, chunk)))
      .groupBy(invoicePayments.invoiceNumber),
  );
  return new Map(rows.map((r) => [r.invoiceNumber, String(r.last)]));
}

/** The date of each credited invoice's credit note, by the credited invoice's number. */
export async function creditNoteDates(
  conn: Db | Tx,
  target: MirrorTarget,
  numbers: readonly string[],
): Promise<Map<string, string>> {
  const rows = await inChunks(numbers, (chunk) =>
    conn
      .select({ credited: invoices.creditedInvoiceNumber, date: sql<string>`min(${invoices.invoiceDate})` })
      .from(invoices)
      .where(
        and(
          eq(invoices.clubAccountId, target.clubAccountId),
          eq(invoices.isCredit, true),
          inArray(invoices.creditedInvoiceNumber, chunk),
        ),
      )
      .groupBy(invoices.creditedInvoiceNumber),
  );
  return new Map(rows.map((r) => [r.credited as string, String(r.date)]));
}

// ---- the open invoices of one customer (a member's balance and billing tab, modules/members) ----

/**
 * The open balance of a customer of a club account: the sum of the balances of its unpaid
 * invoices, as a subquery correlated with the columns of the enclosing query (a member's balance).
 */
export const openBalanceOf = (clubAccountId: PgColumn, customerNumber: PgColumn) =>
  sql<number>`(select coalesce(sum(${invoices.balanceOre}), 0)::bigint from ${invoices} where ${and(
    eq(invoices.clubAccountId, clubAccountId),
    eq(invoices.customerNumber, customerNumber),
    unpaid(),
  )})`.mapWith(Number);

/**
 * The customers of a club account whose open balance is not zero (a member's "has a balance"
 * filter), as one set-based subquery over the unpaid invoices (the partial index
 * invoices_club_unpaid_idx) instead of a sum per member.
 */
export const owingCustomers = (clubAccountId: string) =>
  sql`select ${invoices.customerNumber} from ${invoices} where ${and(eq(invoices.clubAccountId, clubAccountId), unpaid())} group by ${invoices.customerNumber} having sum(${invoices.balanceOre}) <> 0`;

/** Each owing customer's open balance (owingCustomers), to join a list to and sort by. */
export const openBalancesByCustomer = (conn: Db | Tx, clubAccountId: string) =>
  conn
    .select({
      customerNumber: invoices.customerNumber,
      balanceOre: sql<number>`sum(${invoices.balanceOre})::bigint`.mapWith(Number).as('balance_ore'),
    })
    .from(invoices)
    .where(and(eq(invoices.clubAccountId, clubAccountId), unpaid()))
    .groupBy(invoices.customerNumber)
    .having(sql`sum(${invoices.balanceOre}) <> 0`)
    .as('open_balances');

export interface OpenInvoiceRecord {
  id: string;
  number: string;
  customerNumber: string;
  customerName: string;
  invoiceDate: string;
  dueDate: string | null;
  totalOre: number;
  balanceOre: number;
  currency: string;
  ocr: string | null;
  invoiceType: string;
  booked: boolean;
  cancelled: boolean;
  sent: boolean;
  deliveryMethod: string | null;
  isCredit: boolean;
  credited: boolean;
}

/**
 * One page of the open invoices of a customer of the club account (oldest due date first) and
 * what they add up to over every page, in one statement: the totals row is always there, the
 * page's invoices joined to it (none past the last page). `team` is the caller's "only
 * team-created documents" condition, applied to the sum and the rows alike.
 */
export async function openInvoicesOfCustomerPage(
  conn: Db | Tx,
  t: { organisationId: string; clubAccountId: string },
  customerNumber: string,
  team: SQL | undefined,
  page: { page: number; pageSize: number },
): Promise<{ rows: OpenInvoiceRecord[]; total: number; balanceOre: number }> {
  const open = sql`select ${invoices.id} as id, ${invoices.number} as number, ${invoices.customerNumber} as customer_number,
      ${invoices.customerName} as customer_name, ${invoices.invoiceDate}::text as invoice_date, ${invoices.dueDate}::text as due_date,
      ${invoices.totalOre} as total_ore, ${invoices.balanceOre} as balance_ore, ${invoices.currency} as currency, ${invoices.ocr} as ocr,
      ${invoices.invoiceType} as invoice_type, ${invoices.booked} as booked, ${invoices.cancelled} as cancelled, ${invoices.sent} as sent,
      ${invoices.deliveryMethod} as delivery_method, ${invoices.isCredit} as is_credit, ${invoices.credited} as credited
    from ${invoices}
    where ${and(
      eq(invoices.organisationId, t.organisationId),
      eq(invoices.clubAccountId, t.clubAccountId),
      eq(invoices.customerNumber, customerNumber),
      unpaid(),
      team,
    )}`;
  const result = await conn.execute(sql`
    with open as (${open})
    select totals.balance::text as total_balance, totals.n as total_count, p.*
    from (select coalesce(sum(balance_ore), 0) as balance, count(*)::int as n from open) as totals
    left join lateral (
      select * from open order by due_date asc nulls last, invoice_date asc, number asc
      limit ${page.pageSize} offset ${(page.page - 1) * page.pageSize}
    ) as p on true`);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  const first = rows[0];
  return {
    total: Number(first?.total_count ?? 0),
    balanceOre: Number(first?.total_balance ?? 0),
    rows: rows
      .filter((r) => r.id !== null && r.id !== undefined)
      .map((r) => ({
        id: r.id as string,
        number: r.number as string,
        customerNumber: r.customer_number as string,
        customerName: r.customer_name as string,
        invoiceDate: r.invoice_date as string,
        dueDate: (r.due_date as string | null) ?? null,
        totalOre: Number(r.total_ore),
        balanceOre: Number(r.balance_ore),
        currency: r.currency as string,
        ocr: (r.ocr as string | null) ?? null,
        invoiceType: r.invoice_type as string,
        booked: r.booked as boolean,
        cancelled: r.cancelled as boolean,
        sent: r.sent as boolean,
        deliveryMethod: (r.delivery_method as string | null) ?? null,
        isCredit: r.is_credit as boolean,
        credited: r.credited as boolean,
      })),
  };
}

/** What Dubbelkoll's handling needs of some mirrored invoices (modules/duplicates/handling): state and total, by number. */
export async function invoiceStates(
  conn: Db | Tx,
  target: MirrorTarget,
  numbers: readonly string[],
): Promise<{ number: string; booked: boolean; cancelled: boolean; credited: boolean; totalOre: number }[]> {
  if (numbers.length === 0) return [];
  return conn
    .select({
      number: invoices.number,
      booked: invoices.booked,
      cancelled: invoices.cancelled,
      credited: invoices.credited,
      totalOre: invoices.totalOre,
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.organisationId, target.organisationId),
        eq(invoices.clubAccountId, target.clubAccountId),
        inArray(invoices.number, [...numbers]),
      ),
    );
}
