import { type SQL, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  date,
  index,
  jsonb,
  type PgColumn,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { tenantIsolation } from '../../db/row-level-security';
import { searchTermColumns, searchTermIndexes } from '../../db/word-search';
import type { AccInvoice } from '../../providers/accounting/provider';
import { tenantColumns } from '../organizations/organizations.tables';
import { actorReference } from '../users/users.tables';

/**
 * The text the invoice list searches, as one `simple` (no stemming, no stop words) tsvector over
 * number, customer number and name, and OCR. Stored in `search_vector` (a generated column), and its
 * words kept in invoice_search_terms for the search (db/word-search.ts).
 */
function invoiceSearchVector(t: { number: PgColumn; customerNumber: PgColumn; customerName: PgColumn; ocr: PgColumn }) {
  return sql`to_tsvector('simple', ${t.number} || ' ' || ${t.customerNumber} || ' ' || ${t.customerName} || ' ' || coalesce(${t.ocr}, ''))`;
}

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The mirror of the accounting program's invoices, per club account (see customers.tables.ts).
 * Rows and payments are inside `data`; the columns are what the invoice list (100k rows, p95
 * ≤ 50 ms), the dashboard and the statistics read.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...tenantColumns(),
    number: text('number').notNull(),
    customerNumber: text('customer_number').notNull(),
    customerName: text('customer_name').notNull(),
    invoiceDate: date('invoice_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }),
    netOre: bigint('net_ore', { mode: 'number' }).notNull(),
    vatOre: bigint('vat_ore', { mode: 'number' }).notNull(),
    totalOre: bigint('total_ore', { mode: 'number' }).notNull(),
    balanceOre: bigint('balance_ore', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    ocr: text('ocr'),
    invoiceType: text('invoice_type').notNull(),
    booked: boolean('booked').notNull(),
    cancelled: boolean('cancelled').notNull(),
    sent: boolean('sent').notNull(),
    isCredit: boolean('is_credit').notNull(),
    credited: boolean('credited').notNull(),
    creditedInvoiceNumber: text('credited_invoice_number'),
    contractNumber: text('contract_number'),
    deliveryMethod: text('delivery_method'),
    /** Date of the payment that brought the balance to zero. */
    fullyPaidOn: date('fully_paid_on', { mode: 'string' }),
    externalRef: text('external_ref'),
    createdBy: actorReference('created_by'),
    data: jsonb('data').$type<AccInvoice>().notNull(),
    providerModifiedAt: timestamp('provider_modified_at', { withTimezone: true }),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs((): SQL => invoiceSearchVector(invoices)),
  },
  (t) => [
    uniqueIndex('invoices_club_number_uq').on(t.clubAccountId, t.number),
    // One index per sort of the list, ending in the number (the tiebreak), all ascending: an
    // ORDER BY walks it either way, so a page is read in order instead of sorting 100k rows.
    // (A `DESC NULLS LAST` index does not serve a plain `ORDER BY … DESC`.) Each ends in the
    // organisation, so the tenant policy is checked in the index and a deep page is skipped by an
    // index-only scan (docs/decisions/word-search-terms.md).
    index('invoices_club_date_idx').on(t.clubAccountId, t.invoiceDate, t.number, t.organisationId),
    index('invoices_club_due_idx').on(t.clubAccountId, t.dueDate, t.number, t.organisationId),
    index('invoices_club_name_idx').on(t.clubAccountId, t.customerName, t.number, t.organisationId),
    index('invoices_club_total_idx').on(t.clubAccountId, t.totalOre, t.number, t.organisationId),
    index('invoices_club_balance_idx').on(t.clubAccountId, t.balanceOre, t.number, t.organisationId),
    // max(synced_at) per club account: the version the list's cached totals are keyed by.
    index('invoices_club_synced_idx').on(t.clubAccountId, t.syncedAt),
    index('invoices_club_customer_idx').on(t.clubAccountId, t.customerNumber),
    index('invoices_club_unpaid_idx').on(t.clubAccountId, t.dueDate).where(sql`${t.balanceOre} <> 0 and not ${t.cancelled}`),
    index('invoices_club_external_ref_idx').on(t.clubAccountId, t.externalRef),
    // No index on organisation_id alone: every query names the club account too, and the planner
    // ANDed a bitmap of the organisation's 100,000 rows into searches that had 500 matches.
    tenantIsolation(t.organisationId),
  ],
);

/**
 * The words of each invoice's search_vector (number, customer number and name, OCR), one row each,
 * kept by the triggers of db/migrations/0029_word_search_terms_triggers.sql and
 * 0044_search_terms_order_key.sql: what the invoice and receipt lists' search boxes read
 * (db/word-search.ts). Each carries the invoice's date and number, the invoice list's default
 * order (newest first, invoices.repository.ts pageOrder), so a search's page is chosen here.
 */
export const invoiceSearchTerms = pgTable(
  'invoice_search_terms',
  searchTermColumns(
    { name: 'invoice_id', references: () => invoices.id },
    { invoiceDate: date('invoice_date', { mode: 'string' }).notNull(), number: text('number').notNull() },
  ),
  (t) => searchTermIndexes('invoice_search_terms', t, [t.invoiceDate, t.number]),
);

/** Payments registered in the accounting program, mirrored for receipts and the GIT report-back. */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...tenantColumns(),
    number: text('number').notNull(),
    invoiceNumber: text('invoice_number').notNull(),
    paymentDate: date('payment_date', { mode: 'string' }).notNull(),
    amountOre: bigint('amount_ore', { mode: 'number' }).notNull(),
    /** `fw-pay-<requestId>` of a payment registered through the portal: a retried request finds it. */
    externalRef: text('external_ref'),
    providerModifiedAt: timestamp('provider_modified_at', { withTimezone: true }),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoice_payments_club_number_uq').on(t.clubAccountId, t.number),
    index('invoice_payments_club_external_ref_idx').on(t.clubAccountId, t.externalRef),
    index('invoice_payments_club_invoice_idx').on(t.clubAccountId, t.invoiceNumber),
    index('invoice_payments_club_date_idx').on(t.clubAccountId, t.paymentDate),
    tenantIsolation(t.organisationId),
  ],
);
