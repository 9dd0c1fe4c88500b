import { and, count, desc, eq, gte, inArray, isNotNull, lte, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { type AccountingCaller, teamCondition } from '../accounting/access';
import type { MirrorTarget } from '../accounting/mirror/mirror';
import { contracts } from '../contracts/contracts.tables';
import { customers } from '../customers/customers.tables';
import { invoicePayments, invoices } from '../invoices/invoices.tables';

/**
 * The aggregates behind the statistics tabs and the dashboard home, all over the mirror of one
 * club account (queries lead with `club_account_id` and a date, the order of the mirror's
 * indexes). Money sums are SEK only; cancelled invoices never count.
 */

export interface DateRange {
  from: string;
  to: string;
}

const sum = (column: SQL | PgColumn) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);
const monthOf = (column: typeof invoices.invoiceDate | typeof invoicePayments.paymentDate | typeof contracts.periodStart) =>
  sql<string>`to_char(${column}, 'YYYY-MM')`;

/** Invoices of the club account the caller may see (the "only team-created documents" rule). */
function invoiceScope(caller: AccountingCaller, target: MirrorTarget): SQL[] {
  const conditions: SQL[] = [
    eq(invoices.clubAccountId, target.clubAccountId),
    eq(invoices.organisationId, target.organisationId),
  ];
  const team = teamCondition(caller, 'onlyTeamDocuments', invoices.createdBy);
  if (team) conditions.push(team);
  return conditions;
}

/** Invoices that count as billed: not cancelled, in SEK, dated in the range. */
function billedIn(caller: AccountingCaller, target: MirrorTarget, range: DateRange): SQL {
  return and(
    ...invoiceScope(caller, target),
    gte(invoices.invoiceDate, range.from),
    lte(invoices.invoiceDate, range.to),
    eq(invoices.cancelled, false),
    eq(invoices.currency, 'SEK'),
  ) as SQL;
}

export interface InvoiceMonth {
  month: string;
  count: number;
  creditNotes: number;
  /** Invoices whose net and VAT the mirror knows (read in full); netOre and vatOre cover these. */
  withNet: number;
  netOre: number;
  vatOre: number;
  totalOre: number;
  creditedTotalOre: number;
  contractTotalOre: number;
  customers: number;
}

/**
 * Net and VAT are known unless the invoice came only from a list (Fortnox's list has Total but no
 * Net or TotalVAT, read as 0): a real document with a total has a net or VAT that is not 0.
 */
const netKnown = sql`not (${invoices.netOre} = 0 and ${invoices.vatOre} = 0 and ${invoices.totalOre} <> 0)`;

/** Billed invoices per month of the range (credit notes included with their negative amounts). */
export async function invoiceMonths(
  conn: Db | Tx,
  caller: AccountingCaller,
  target: MirrorTarget,
  range: DateRange,
): Promise<InvoiceMonth[]> {
  const month = monthOf(invoices.invoiceDate);
  return conn
    .select({
      month,
      count: count(),
      creditNotes: sql<number>`count(*) filter (where ${invoices.isCredit})`.mapWith(Number),
      withNet: sql<number>`count(*) filter (where ${netKnown})`.mapWith(Number),
      netOre: sql<number>`coalesce(sum(${invoices.netOre}) filter (where ${netKnown}), 0)`.mapWith(Number),
      vatOre: sql<number>`coalesce(sum(${invoices.vatOre}) filter (where ${netKnown}), 0)`.mapWith(Number),
      totalOre: sum(invoices.totalOre),
      creditedTotalOre: sql<number>`coalesce(sum(${invoices.totalOre}) filter (where ${invoices.isCredit}), 0)`.mapWith(Number),
      contractTotalOre:
        sql<number>`coalesce(sum(${invoices.totalOre}) filter (where ${invoices.contractNumber} is not null), 0)`.mapWith(Number),
      customers: sql<number>`count(distinct ${invoices.customerNumber})`.mapWith(Number),
    })
    .from(invoices)
    .where(billedIn(caller, target, range))
    .groupBy(month);
}

/** Distinct customers billed in the range (a month's count cannot be summed into this). */
export async function billedCustomerCount(
  conn: Db | Tx,
  caller: AccountingCaller,
  target: MirrorTarget,
  range: DateRange,
): Promise<number> {
  const [row] = await conn
    .select({ n: sql<number>`count(distinct ${invoices.customerNumber})`.mapWith(Number) })
    .from(invoices)
    .where(billedIn(caller, target, range));
  return row?.n ?? 0;
}

/** Payments received per month of the range, on invoices the caller may see. */
export async function paymentMonths(
  conn: Db | Tx,
  caller: AccountingCaller,
  target: MirrorTarget,
  range: DateRange,
): Promise<{ month: string; paidOre: number }[]> {
  const month = monthOf(invoicePayments.paymentDate);
  const conditions: SQL[] = [
    eq(invoicePayments.clubAccountId, target.clubAccountId),
    eq(invoicePayments.organisationId, target.organisationId),
    gte(invoicePayments.paymentDate, range.from),
    lte(invoicePayments.paymentDate, range.to),
  ];
  if (teamCondition(caller, 'onlyTeamDocuments', invoices.createdBy)) {
    conditions.push(
      inArray(
        invoicePayments.invoiceNumber,
        conn
          .select({ number: invoices.number })
          .from(invoices)
          .where(and(...invoiceScope(caller, target))),
      ),
    );
  }
  return conn
    .select({ month, paidOre: sum(invoicePayments.amountOre) })
    .from(invoicePayments)
    .where(and(...conditions))
    .groupBy(month);
}

/** Open invoices: booked, not cancelled, something left to pay. */
function unpaidCondition(caller: AccountingCaller, target: MirrorTarget): SQL {
  return and(
    ...invoiceScope(caller, target),
    sql`${invoices.balanceOre} > 0`,
    eq(invoices.cancelled, false),
    eq(invoices.booked, true),
  ) as SQL;
}

export async function unpaidSummary(conn: Db | Tx, caller: AccountingCaller, target: MirrorTarget, today: string) {
  const overdue = sql`${invoices.dueDate} < ${today}`;
  const sek = sql`${invoices.currency} = 'SEK'`;
  const [row] = await conn
    .select({
      count: count(),
      balanceOre: sql<number>`coalesce(sum(${invoices.balanceOre}) filter (where ${sek}), 0)`.mapWith(Number),
      overdueCount: sql<number>`count(*) filter (where ${overdue})`.mapWith(Number),
      overdueBalanceOre: sql<number>`coalesce(sum(${invoices.balanceOre}) filter (where ${overdue} and ${sek}), 0)`.mapWith(
        Number,
      ),
    })
    .from(invoices)
    .where(unpaidCondition(caller, target));
  return row ?? { count: 0, balanceOre: 0, overdueCount: 0, overdueBalanceOre: 0 };
}

/** The open invoices due first (the dashboard's table). */
export async function unpaidInvoices(conn: Db | Tx, caller: AccountingCaller, target: MirrorTarget, limit: number) {
  return conn
    .select({
      id: invoices.id,
      number: invoices.number,
      customerNumber: invoices.customerNumber,
      customerName: invoices.customerName,
      totalOre: invoices.totalOre,
      balanceOre: invoices.balanceOre,
      currency: invoices.currency,
      invoiceDate: invoices.invoiceDate,
      dueDate: invoices.dueDate,
    })
    .from(invoices)
    .where(unpaidCondition(caller, target))
    .orderBy(sql`${invoices.dueDate} asc nulls last`, invoices.invoiceDate, invoices.number)
    .limit(limit);
}

/**
 * Invoices dated in the range by what they are now. Cancelled ones are counted here (and only
 * here) so the tab can say how many were made void.
 */
export async function invoiceStatuses(
  conn: Db | Tx,
  caller: AccountingCaller,
  target: MirrorTarget,
  range: DateRange,
  today: string,
): Promise<{ status: string; count: number; totalOre: number }[]> {
  const status = sql<string>`case
    when ${invoices.cancelled} then 'cancelled'
    when ${invoices.isCredit} then 'credit'
    when not ${invoices.booked} then 'unbooked'
    when ${invoices.balanceOre} <= 0 then 'paid'
    when ${invoices.dueDate} < ${today} then 'overdue'
    else 'unpaid' end`;
  return (
    conn
      .select({ status, count: count(), totalOre: sum(invoices.totalOre) })
      .from(invoices)
      .where(
        and(
          ...invoiceScope(caller, target),
          gte(invoices.invoiceDate, range.from),
          lte(invoices.invoiceDate, range.to),
          eq(invoices.currency, 'SEK'),
        ),
      )
      // By position: the expression carries a parameter (today), which PostgreSQL cannot match twice.
      .groupBy(sql`1`)
  );
}

/** Mean days from invoice date to fully paid, over invoices of the range that are paid. */
export async function averageDaysToPay(
  conn: Db | Tx,
  caller: AccountingCaller,
  target: MirrorTarget,
  range: DateRange,
): Promise<number | null> {
  const [row] = await conn
    .select({ days: sql<string | null>`avg(${invoices.fullyPaidOn} - ${invoices.invoiceDate})` })
    .from(invoices)
    .where(and(billedIn(caller, target, range), isNotNull(invoices.fullyPaidOn), eq(invoices.isCredit, false)));
  return row?.days === null || row?.days === undefined ? null : Math.round(Number(row.days) * 10) / 10;
}

/** The customers billed most (incl. VAT, known for every invoice) in the range. */
export async function topCustomers(
  conn: Db | Tx,
  caller: AccountingCaller,
  target: MirrorTarget,
  range: DateRange,
  limit: number,
) {
  const billed = sum(invoices.totalOre);
  return conn
    .select({
      customerNumber: invoices.customerNumber,
      customerName: sql<string>`max(${invoices.customerName})`,
      customerId: sql<
        string | null
      >`(select ${customers.id} from ${customers} where ${customers.clubAccountId} = ${target.clubAccountId} and ${customers.number} = ${invoices.customerNumber})`,
      invoiceCount: count(),
      billedTotalOre: billed,
    })
    .from(invoices)
    .where(billedIn(caller, target, range))
    .groupBy(invoices.customerNumber)
    .orderBy(desc(billed), invoices.customerNumber)
    .limit(limit);
}

/** Customers of the club account the caller may see, by kind. */
export async function customerCounts(conn: Db | Tx, caller: AccountingCaller, target: MirrorTarget) {
  const conditions: SQL[] = [
    eq(customers.clubAccountId, target.clubAccountId),
    eq(customers.organisationId, target.organisationId),
  ];
  const team = teamCondition(caller, 'onlyTeamCustomers', customers.createdBy);
  if (team) conditions.push(team);
  const [row] = await conn
    .select({
      customers: count(),
      active: sql<number>`count(*) filter (where ${customers.active})`.mapWith(Number),
      companies: sql<number>`count(*) filter (where ${customers.type} = 'company')`.mapWith(Number),
      private: sql<number>`count(*) filter (where ${customers.type} = 'private')`.mapWith(Number),
    })
    .from(customers)
    .where(and(...conditions));
  return row ?? { customers: 0, active: 0, companies: 0, private: 0 };
}

function contractScope(caller: AccountingCaller, target: MirrorTarget): SQL[] {
  const conditions: SQL[] = [
    eq(contracts.clubAccountId, target.clubAccountId),
    eq(contracts.organisationId, target.organisationId),
  ];
  const team = teamCondition(caller, 'onlyTeamContracts', contracts.createdBy);
  if (team) conditions.push(team);
  return conditions;
}

/**
 * A contract's state today, first match wins: terminated in the portal, finished in the
 * program, not active, not started yet, else active — the rule of the contracts list
 * (`statusSql` in modules/contracts/contracts.repository.ts), so the figures match its filters.
 */
export function contractStatusSql(today: string): SQL<string> {
  return sql<string>`case
    when ${contracts.terminatedAt} is not null then 'terminated'
    when ${contracts.finished} then 'finished'
    when not ${contracts.active} then 'inactive'
    when ${contracts.periodStart} > ${today} then 'upcoming'
    else 'active' end`;
}

export async function contractStatuses(conn: Db | Tx, caller: AccountingCaller, target: MirrorTarget, today: string) {
  const status = contractStatusSql(today);
  const monthly = sql`round(${contracts.totalOre}::numeric / greatest(${contracts.invoiceInterval}, 1))`;
  return conn
    .select({
      status,
      count: count(),
      monthlyValueOre: sql<number>`coalesce(sum(${monthly}), 0)`.mapWith(Number),
    })
    .from(contracts)
    .where(and(...contractScope(caller, target)))
    .groupBy(sql`1`);
}

export async function contractIntervals(conn: Db | Tx, caller: AccountingCaller, target: MirrorTarget, today: string) {
  return conn
    .select({ months: contracts.invoiceInterval, count: count() })
    .from(contracts)
    .where(and(...contractScope(caller, target), sql`${contractStatusSql(today)} in ('active', 'upcoming')`))
    .groupBy(contracts.invoiceInterval)
    .orderBy(contracts.invoiceInterval);
}

/** Contracts whose period started in each month of the range. */
export async function contractStartMonths(conn: Db | Tx, caller: AccountingCaller, target: MirrorTarget, range: DateRange) {
  const month = monthOf(contracts.periodStart);
  return conn
    .select({ month, started: count() })
    .from(contracts)
    .where(and(...contractScope(caller, target), gte(contracts.periodStart, range.from), lte(contracts.periodStart, range.to)))
    .groupBy(month);
}

/** Rows of a document as the mirror holds them (only documents read in full have any). */
const rowsOf = sql`jsonb_array_elements(case when jsonb_typeof(${invoices.data}->'rows') = 'array' then ${invoices.data}->'rows' else '[]'::jsonb end)`;
/** A row's amount ex VAT, rounded half away from zero like the programs do. */
const rowNet = sql`round((r->>'quantityHundredths')::numeric * (r->>'priceOre')::numeric / 100
  * (1 - coalesce((r->>'discountBasisPoints')::numeric, 0) / 10000))`;

export interface ProductRow {
  month: string;
  articleNumber: string | null;
  description: string;
  quantityHundredths: number;
  netOre: number;
  invoices: number;
}

/** Revenue ex VAT per article and month from the rows of billed invoices in the range. */
export async function productMonths(
  conn: Db | Tx,
  caller: AccountingCaller,
  target: MirrorTarget,
  range: DateRange,
): Promise<ProductRow[]> {
  const result = await conn.execute(sql`
    select to_char(${invoices.invoiceDate}, 'YYYY-MM') as month,
      nullif(r->>'articleNumber', '') as article_number,
      max(r->>'description') as description,
      coalesce(sum((r->>'quantityHundredths')::numeric), 0) as quantity,
      coalesce(sum(${rowNet}), 0) as net,
      count(distinct ${invoices.number}) as invoices
    from ${invoices} cross join lateral ${rowsOf} as r
    where ${billedIn(caller, target, range)}
    group by 1, 2`);
  return (result as unknown as { rows: Record<string, unknown>[] }).rows.map((r) => ({
    month: String(r.month),
    articleNumber: r.article_number === null ? null : String(r.article_number),
    description: String(r.description ?? ''),
    quantityHundredths: Number(r.quantity),
    netOre: Number(r.net),
    invoices: Number(r.invoices),
  }));
}

/** Billed invoices of the range, and how many of them the mirror holds with their rows. */
export async function rowCoverage(conn: Db | Tx, caller: AccountingCaller, target: MirrorTarget, range: DateRange) {
  const [row] = await conn
    .select({
      invoices: count(),
      invoicesWithRows:
        sql<number>`count(*) filter (where jsonb_typeof(${invoices.data}->'rows') = 'array' and jsonb_array_length(${invoices.data}->'rows') > 0)`.mapWith(
          Number,
        ),
    })
    .from(invoices)
    .where(billedIn(caller, target, range));
  return row ?? { invoices: 0, invoicesWithRows: 0 };
}

/**
 * An invoice the mirror holds only as a list summary: no rows, and (Fortnox) no net or VAT. Not
 * cancelled (never counted) and not of a zero total (it adds nothing to any sum, and a document
 * without rows would otherwise wait for a read that cannot give it any).
 */
const awaitsWholeRead = and(
  eq(invoices.cancelled, false),
  sql`${invoices.totalOre} <> 0`,
  sql`coalesce(jsonb_array_length(case when jsonb_typeof(${invoices.data}->'rows') = 'array' then ${invoices.data}->'rows' end), 0) = 0`,
) as SQL;

/** Where a pass over the invoices awaiting a whole read has got to (they come newest first). */
export interface WholeReadPosition {
  invoiceDate: string;
  number: string;
}

/**
 * Invoices awaiting a whole read (see awaitsWholeRead), newest first, after `after`: the ones the
 * refresh reads next, so the recent months are complete first. A pass goes on after the last one
 * it read, so a document whose whole read still has no rows is not read twice in one pass.
 */
export async function invoicesAwaitingWholeRead(
  conn: Db | Tx,
  target: MirrorTarget,
  limit: number,
  after: WholeReadPosition | null = null,
): Promise<WholeReadPosition[]> {
  if (limit <= 0) return [];
  return conn
    .select({ invoiceDate: invoices.invoiceDate, number: invoices.number })
    .from(invoices)
    .where(
      and(
        eq(invoices.clubAccountId, target.clubAccountId),
        awaitsWholeRead,
        after ? sql`(${invoices.invoiceDate}, ${invoices.number}) < (${after.invoiceDate}::date, ${after.number})` : undefined,
      ),
    )
    .orderBy(desc(invoices.invoiceDate), desc(invoices.number))
    .limit(limit);
}

/** Invoices awaiting a whole read per invoice date, from `from` on (later dates included). */
export async function awaitingWholeReadByDate(
  conn: Db | Tx,
  target: MirrorTarget,
  from: string,
): Promise<{ date: string; count: number }[]> {
  return conn
    .select({ date: invoices.invoiceDate, count: count() })
    .from(invoices)
    .where(
      and(
        eq(invoices.organisationId, target.organisationId),
        eq(invoices.clubAccountId, target.clubAccountId),
        gte(invoices.invoiceDate, from),
        awaitsWholeRead,
      ),
    )
    .groupBy(invoices.invoiceDate);
}
