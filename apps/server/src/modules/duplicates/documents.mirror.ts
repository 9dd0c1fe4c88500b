import { isDeepStrictEqual } from 'node:util';
import { and, eq, getTableColumns, gt, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  type AccOrder,
  type AccSupplierInvoice,
  type AccVoucher,
  type DocumentRow,
  type SummaryOmits,
  voucherName,
} from '../../providers/accounting/provider';
import {
  type ListItemWrite,
  type MirrorTarget,
  mirrorTableUpkeep,
  summaryToStore,
  timestampOf,
} from '../accounting/mirror/mirror';
import { accountingDocuments } from './duplicates.tables';
import type { DocumentRowInput } from './engine/model';

/**
 * The mirror of the documents Dubbelkoll compares besides customer invoices (docs/duplicates.md#mirror):
 * supplier invoices, orders and vouchers, in `accounting_documents`, each mapped to the engine's
 * fields (engine/model.ts `DuplicateDocument`) with the program's document in `data`.
 *
 * Where a program's list items leave fields out (the provider's `summaryOmits`: Fortnox's order
 * list has no "your order number", no rows), the stored document keeps them from its last whole
 * read, and the column `read_in_full_at` says when that was: a document without it is read whole
 * after the lists (refresh.service.ts), like customers and articles (whole-reads.ts).
 */
export type DocumentResource = 'supplier_invoice' | 'order' | 'voucher';

/** A document as `data` holds it; rows written before migration 0040 may still carry `readInFullAt`. */
type Stored<T> = T & { readInFullAt?: string | null };

type Row = typeof accountingDocuments.$inferInsert;

const nonEmpty = (rows: DocumentRowInput[]) => (rows.length > 0 ? rows : null);

/** An order or invoice row's amount excl. VAT in öre: quantity × price less the discount. */
export function rowAmount(r: DocumentRow): number {
  return Math.round(((r.quantityHundredths * r.priceOre) / 100) * (1 - r.discountBasisPoints / 10_000));
}

function base(target: MirrorTarget, resource: DocumentResource, number: string, modifiedAt: string | null) {
  return {
    organisationId: target.organisationId,
    clubAccountId: target.clubAccountId,
    resource,
    number,
    providerModifiedAt: timestampOf(modifiedAt),
  };
}

export function supplierInvoiceRow(target: MirrorTarget, d: Stored<AccSupplierInvoice>): Row {
  return {
    ...base(target, 'supplier_invoice', d.number, d.modifiedAt),
    counterpartyNumber: d.supplierNumber,
    counterpartyName: d.supplierName,
    // The supplier's own invoice number: what a second entry copies (the transaction reference).
    reference: d.invoiceNumber,
    ocr: d.ocr,
    bankAccount: d.bankAccount,
    amountOre: d.credit && d.totalOre > 0 ? -d.totalOre : d.totalOre,
    vatOre: d.vatOre,
    currency: d.currency,
    documentDate: d.invoiceDate,
    dueDate: d.dueDate,
    text: d.comments,
    rows: nonEmpty(d.rows.map((r) => ({ code: r.account ?? r.articleNumber ?? '', amount: r.amountOre }))),
    booked: d.booked,
    cancelled: d.cancelled,
    data: d as unknown as Record<string, unknown>,
  };
}

export function orderRow(target: MirrorTarget, d: Stored<AccOrder>): Row {
  return {
    ...base(target, 'order', d.number, d.modifiedAt),
    counterpartyNumber: d.customerNumber,
    counterpartyName: d.customerName,
    // The customer's order number, else their reference.
    reference: d.yourOrderNumber ?? d.yourReference,
    ocr: null,
    bankAccount: null,
    amountOre: d.totalOre,
    vatOre: d.vatOre,
    currency: d.currency,
    documentDate: d.orderDate,
    dueDate: null,
    text: d.remarks,
    rows: nonEmpty(d.rows.map((r) => ({ code: r.articleNumber ?? r.description, amount: rowAmount(r) }))),
    // An invoiced order can no longer be cancelled, as a booked document.
    booked: d.invoiced,
    cancelled: d.cancelled,
    data: d as unknown as Record<string, unknown>,
  };
}

/**
 * A voucher's number in the mirror is its name (providers/accounting/provider.ts voucherName), the
 * one the provider's `vouchers.get` takes: `A 17`, and where the program numbers each financial
 * year anew (Fortnox) with the year, `A 17 (2025)`, so that year's A 17 and the next year's are two
 * documents.
 */
export function voucherRow(target: MirrorTarget, d: Stored<AccVoucher>): Row {
  return {
    ...base(target, 'voucher', voucherName(d), d.modifiedAt),
    counterpartyNumber: null,
    counterpartyName: null,
    reference: d.transactionRef,
    ocr: null,
    bankAccount: null,
    amountOre: d.amountOre,
    vatOre: null,
    currency: null,
    documentDate: d.date,
    dueDate: null,
    text: d.description,
    rows: nonEmpty(d.rows.map((r) => ({ code: r.account, amount: r.debitOre - r.creditOre }))),
    booked: true,
    cancelled: false,
    data: d as unknown as Record<string, unknown>,
  };
}

const MIRRORED = [
  'counterpartyNumber',
  'counterpartyName',
  'reference',
  'ocr',
  'bankAccount',
  'amountOre',
  'vatOre',
  'currency',
  'documentDate',
  'dueDate',
  'text',
  'rows',
  'booked',
  'cancelled',
  'data',
  'readInFullAt',
  'providerModifiedAt',
] as const;

async function storedData(conn: Db | Tx, target: MirrorTarget, resource: DocumentResource, numbers: string[]) {
  if (numbers.length === 0) return new Map<string, { data: Record<string, unknown>; readInFullAt: Date | null }>();
  const rows = await conn
    .select({
      number: accountingDocuments.number,
      data: accountingDocuments.data,
      readInFullAt: accountingDocuments.readInFullAt,
    })
    .from(accountingDocuments)
    .where(
      and(
        eq(accountingDocuments.clubAccountId, target.clubAccountId),
        eq(accountingDocuments.resource, resource),
        inArray(accountingDocuments.number, numbers),
      ),
    );
  return new Map(rows.map((r) => [r.number, { data: r.data, readInFullAt: r.readInFullAt }]));
}

interface DocumentKind<T extends { modifiedAt: string | null }> {
  resource: DocumentResource;
  numberOf(d: T): string;
  row(target: MirrorTarget, d: Stored<T>): Row;
}

const withoutStamp = (d: Record<string, unknown>) => {
  const { readInFullAt: _r, modifiedAt: _m, ...rest } = d;
  return rest;
};

/** The stored document without the whole-read stamp older rows kept in `data` (now its own column). */
const withoutReadStamp = (d: Record<string, unknown>) => {
  const { readInFullAt: _r, ...rest } = d;
  return rest;
};

/**
 * Writes documents of one kind. A whole document replaces the stored one and is stamped read
 * whole; a list item is merged into it (the omitted fields kept), and keeps the stamp only when
 * nothing it carries changed and the list was not a changes-only read: otherwise it waits for a
 * whole read again. A program whose list items leave nothing out gives whole documents in its lists.
 */
async function mirrorKind<T extends { modifiedAt: string | null }>(
  kind: DocumentKind<T>,
  conn: Db | Tx,
  target: MirrorTarget,
  items: T[],
  whole: boolean,
  list: ListItemWrite<T>,
): Promise<number> {
  const stored = await storedData(conn, target, kind.resource, items.map(kind.numberOf));
  const now = new Date();
  const complete = whole || list.omits.length === 0;
  const rows = items.map((item): Row => {
    const found = stored.get(kind.numberOf(item));
    if (complete) return { ...kind.row(target, item), readInFullAt: now };
    const before = found ? (withoutReadStamp(found.data) as Stored<T>) : undefined;
    const merged = summaryToStore(before, item, list.omits as SummaryOmits<T>) as Stored<T>;
    const unchanged =
      before !== undefined &&
      !list.changedOnly &&
      isDeepStrictEqual(withoutStamp(before as Record<string, unknown>), withoutStamp(merged as Record<string, unknown>));
    return { ...kind.row(target, merged), readInFullAt: unchanged ? (found?.readInFullAt ?? null) : null };
  });
  return upsertDocuments(conn, rows);
}

/** Upserts rows keyed by (club account, resource, number); only the program's columns are overwritten. */
async function upsertDocuments(conn: Db | Tx, rows: Row[]): Promise<number> {
  if (rows.length === 0) return 0;
  const set: Record<string, SQL> = { syncedAt: sql`now()` };
  const columns = getTableColumns(accountingDocuments);
  for (const key of MIRRORED) set[key] = sql.raw(`excluded."${columns[key].name}"`);
  let written = 0;
  for (let i = 0; i < rows.length; i += 200) {
    const chunk = rows.slice(i, i + 200);
    await conn
      .insert(accountingDocuments)
      .values(chunk)
      .onConflictDoUpdate({
        target: [accountingDocuments.clubAccountId, accountingDocuments.resource, accountingDocuments.number],
        set,
      });
    written += chunk.length;
  }
  return written;
}

const SUPPLIER_INVOICES: DocumentKind<AccSupplierInvoice> = {
  resource: 'supplier_invoice',
  numberOf: (d) => d.number,
  row: supplierInvoiceRow,
};
const ORDERS: DocumentKind<AccOrder> = { resource: 'order', numberOf: (d) => d.number, row: orderRow };
const VOUCHERS: DocumentKind<AccVoucher> = { resource: 'voucher', numberOf: voucherName, row: voucherRow };

export const mirrorSupplierInvoices = (
  conn: Db | Tx,
  target: MirrorTarget,
  items: AccSupplierInvoice[],
  whole = false,
  list: ListItemWrite<AccSupplierInvoice> = { omits: [] },
) => mirrorKind(SUPPLIER_INVOICES, conn, target, items, whole, list);

export const mirrorOrders = (
  conn: Db | Tx,
  target: MirrorTarget,
  items: AccOrder[],
  whole = false,
  list: ListItemWrite<AccOrder> = { omits: [] },
) => mirrorKind(ORDERS, conn, target, items, whole, list);

/**
 * Vouchers the program booked from a customer or supplier invoice (`books`) are not kept: the scan
 * compares that invoice itself, and a voucher kept would report an invoice entered twice a second
 * time and cost a whole read each (docs/duplicates.md#what-is-compared).
 */
export const mirrorVouchers = (
  conn: Db | Tx,
  target: MirrorTarget,
  items: AccVoucher[],
  whole = false,
  list: ListItemWrite<AccVoucher> = { omits: [] },
) =>
  mirrorKind(
    VOUCHERS,
    conn,
    target,
    items.filter((v) => v.books === null),
    whole,
    list,
  );

/** Up to `limit` documents of a kind held only as list items, or changed since their whole read, in number order. */
export async function documentsAwaitingWholeRead(
  conn: Db | Tx,
  target: MirrorTarget,
  resource: DocumentResource,
  limit: number,
  after: string | null,
): Promise<string[]> {
  if (limit <= 0) return [];
  const conditions: SQL[] = [
    eq(accountingDocuments.clubAccountId, target.clubAccountId),
    eq(accountingDocuments.resource, resource),
    isNull(accountingDocuments.readInFullAt),
  ];
  if (after !== null) conditions.push(gt(accountingDocuments.number, after));
  const rows = await conn
    .select({ number: accountingDocuments.number })
    .from(accountingDocuments)
    .where(and(...conditions))
    .orderBy(accountingDocuments.number)
    .limit(limit);
  return rows.map((r) => r.number);
}

/** The upkeep of one kind's rows: a full read of the kind prunes only that kind. */
export function documentsMirrorTable(resource: DocumentResource) {
  const upkeep = mirrorTableUpkeep(accountingDocuments, { pruned: false });
  return {
    ...upkeep,
    prune: async (conn: Db | Tx, target: MirrorTarget, since: Date) => {
      const removed = await conn
        .delete(accountingDocuments)
        .where(
          and(
            eq(accountingDocuments.clubAccountId, target.clubAccountId),
            eq(accountingDocuments.resource, resource),
            sql`${accountingDocuments.syncedAt} < ${since}`,
          ),
        )
        .returning({ number: accountingDocuments.number });
      return removed.length;
    },
  };
}
