import { randomUUID } from 'node:crypto';
import {
  allowedInvoiceActions,
  type CreateInvoiceInput,
  computeInvoiceTotals,
  encodeMessage,
  INVOICE_PAYMENTS_MAX,
  INVOICE_SEND_WAYS,
  type Invoice,
  type InvoiceAction,
  type InvoiceListRow,
  type InvoicePaymentBody,
  type InvoicePaymentsList,
  type InvoiceSendWay,
  type InvoicesListFilter,
  type Pagination,
  rowTotalOre,
  type UpdateInvoiceInput,
} from '@fairway/shared';
import type { Tx } from '../../db/client';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import { type Lang, type MessageKey, t } from '../../lib/i18n';
import { addDays, stockholmDate } from '../../lib/stockholm-time';
import { creatorOf } from '../../plugins/auth';
import { isAccountingError } from '../../providers/accounting/errors';
import type { AccInvoice, InvoiceFields } from '../../providers/accounting/provider';
import { type AccountingCaller, targetOf } from '../accounting/access';
import type { AccountingDeps } from '../accounting/deps';
import { joinInFlight } from '../accounting/in-flight';
import { type ExportFile, exportRows } from '../accounting/mirror/export';
import type { MirrorTarget } from '../accounting/mirror/mirror';
import { articleDescriptions } from '../articles/articles.repository';
import { getConfiguration } from '../configurations/configurations.service';
import { findCustomerByNumber } from '../customers/customers.repository';
import { actorOf, logEvent } from '../eventlogs/eventlogs.service';
import { reserveInvoiceQuota } from '../subscriptions/subscriptions.service';
import { mirrorInvoicePayments, mirrorInvoices } from './invoices.mirror';
import * as repo from './invoices.repository';

export const EXPORT_LIMIT = 50_000;

const today = () => stockholmDate(new Date());

function isOverdue(row: { cancelled: boolean; balanceOre: number; dueDate: string | null }, on: string): boolean {
  return !row.cancelled && row.balanceOre > 0 && row.dueDate !== null && row.dueDate < on;
}

const sendWayOf = (stored: string | null): InvoiceSendWay | null =>
  (INVOICE_SEND_WAYS as readonly string[]).includes(stored ?? '') ? (stored as InvoiceSendWay) : null;

function toListRow(row: repo.InvoiceListRecord, on: string): InvoiceListRow {
  return {
    ...row,
    invoiceType: row.invoiceType === 'CASH' ? 'CASH' : 'INVOICE',
    deliveryMethod: sendWayOf(row.deliveryMethod),
    overdue: isOverdue(row, on),
  };
}

function toInvoice(row: repo.InvoiceRecord, stale: boolean): Invoice {
  const d = row.data;
  return {
    ...toListRow(row, today()),
    termsOfPayment: d.termsOfPayment,
    yourReference: d.yourReference,
    ourReference: d.ourReference,
    remarks: d.remarks,
    costCenter: d.costCenter,
    project: d.project,
    netOre: row.netOre,
    vatOre: row.vatOre,
    rows: (d.rows ?? []).map((r) => ({ ...r, totalOre: rowTotalOre(r) })),
    payments: (d.payments ?? []).map((p) => ({ number: p.number, paymentDate: p.paymentDate, amountOre: p.amountOre })),
    creditedInvoiceNumber: row.creditedInvoiceNumber,
    voucherNumbers: d.voucherNumbers ?? [],
    contractNumber: row.contractNumber,
    allowedActions: allowedInvoiceActions(row),
    stale,
    syncedAt: row.syncedAt.toISOString(),
  };
}

// ---- the list -------------------------------------------------------------------------------

/**
 * Totals of list filters, per process, keyed by the club account's mirror version (the latest
 * synced_at): counting 100k rows on every page is what made a page slow, and the total only
 * changes when the mirror does. A minute's lifetime covers writes that keep the same version
 * (a transaction that started earlier committing later).
 */
const COUNT_TTL_MS = 60_000;
const COUNT_CACHE_MAX = 2_000;
const counts = new Map<string, { total: number; at: number }>();

async function totalOf(
  deps: AccountingDeps,
  caller: AccountingCaller,
  target: MirrorTarget,
  filter: repo.InvoiceListFilter,
  on: string,
  /** The mirror's version when the page's statement read it already (repo.listInvoices). */
  known: string | null,
): Promise<number> {
  const version = known ?? (await repo.mirrorVersion(deps.db, target));
  const { sort: _s, order: _o, ...counted } = filter;
  const team = caller.rules.onlyTeamDocuments ? caller.roleId : '';
  const key = JSON.stringify([target.clubAccountId, version, team, on, counted]);
  const hit = counts.get(key);
  if (hit && Date.now() - hit.at < COUNT_TTL_MS) return hit.total;
  const total = await repo.countInvoices(deps.db, caller, target, filter, on);
  if (counts.size >= COUNT_CACHE_MAX) counts.delete(counts.keys().next().value as string);
  counts.set(key, { total, at: Date.now() });
  return total;
}

export async function listInvoicesPage(
  deps: AccountingDeps,
  caller: AccountingCaller,
  filter: InvoicesListFilter,
): Promise<{ data: InvoiceListRow[]; pagination: Pagination }> {
  const target = targetOf(caller);
  const on = today();
  const { page, pageSize, ...rest } = filter;
  const { rows, version } = await repo.listInvoices(deps.db, caller, target, rest, { page, pageSize }, on);
  // A short first page is the whole list: no need to count.
  const total = page === 1 && rows.length < pageSize ? rows.length : await totalOf(deps, caller, target, rest, on, version);
  return { data: rows.map((r) => toListRow(r, on)), pagination: { page, pageSize, total } };
}

export async function exportInvoices(
  deps: AccountingDeps,
  caller: AccountingCaller,
  filter: repo.InvoiceListFilter,
  format: 'csv' | 'xlsx',
  lang: Lang,
): Promise<ExportFile> {
  const on = today();
  const rows = await repo.allInvoices(deps.db, caller, targetOf(caller), filter, on, EXPORT_LIMIT);
  const h = (key: MessageKey) => t(key, lang);
  const status = (r: repo.InvoiceRecord): MessageKey => {
    if (r.cancelled) return 'invoices.status.cancelled';
    if (r.isCredit) return 'invoices.status.credit';
    if (r.credited) return 'invoices.status.credited';
    if (!r.booked) return 'invoices.status.unbooked';
    if (r.balanceOre === 0) return 'invoices.status.paid';
    return isOverdue(r, on) ? 'invoices.status.overdue' : 'invoices.status.unpaid';
  };
  return exportRows(
    format,
    h('invoices.export.filename'),
    [
      { header: h('invoices.export.number'), value: (r) => r.number, width: 12 },
      { header: h('invoices.export.customerNumber'), value: (r) => r.customerNumber, width: 12 },
      { header: h('invoices.export.customerName'), value: (r) => r.customerName, width: 32 },
      { header: h('invoices.export.invoiceDate'), value: (r) => r.invoiceDate, width: 12 },
      { header: h('invoices.export.dueDate'), value: (r) => r.dueDate, width: 12 },
      { header: h('invoices.export.net'), value: (r) => r.netOre, money: true },
      { header: h('invoices.export.vat'), value: (r) => r.vatOre, money: true },
      { header: h('invoices.export.total'), value: (r) => r.totalOre, money: true },
      { header: h('invoices.export.balance'), value: (r) => r.balanceOre, money: true },
      { header: h('invoices.export.currency'), value: (r) => r.currency, width: 8 },
      { header: h('invoices.export.ocr'), value: (r) => r.ocr, width: 20 },
      { header: h('invoices.export.status'), value: (r) => h(status(r)), width: 14 },
    ],
    rows,
  );
}

// ---- one invoice ----------------------------------------------------------------------------

async function mirrored(deps: AccountingDeps, caller: AccountingCaller, id: string): Promise<repo.InvoiceRecord> {
  const row = await repo.findInvoice(deps.db, caller, targetOf(caller), id);
  if (!row) throw new NotFoundError('invoices.notFound');
  return row;
}

const providerOf = (deps: AccountingDeps, target: MirrorTarget) =>
  deps.accountingFor({ organisationId: target.organisationId }, target.clubAccountId);

/**
 * GET invoices/{id}: the full document (rows, payments) from the accounting program, merged
 * into the mirror. When the program cannot be reached, the mirror's copy with `stale: true`; an
 * invoice the program no longer has is its "missing in accounting" 404.
 */
export async function getInvoice(deps: AccountingDeps, caller: AccountingCaller, id: string): Promise<Invoice> {
  const row = await mirrored(deps, caller, id);
  const target = targetOf(caller);
  let fresh: AccInvoice;
  try {
    fresh = await (await providerOf(deps, target)).invoices.get(row.number);
  } catch (error) {
    if (isAccountingError(error) && error.kind !== 'not_found' && error.kind !== 'validation') {
      deps.log.warn({ err: error, invoice: row.number }, 'accounting program unreachable; answering the mirrored invoice');
      return toInvoice(row, true);
    }
    throw error;
  }
  await mirrorInvoices(deps.db, target, [fresh], null, true);
  return toInvoice((await repo.findInvoiceByNumber(deps.db, target, row.number)) ?? row, false);
}

/**
 * GET invoices/{id}/payments: the payments registered on the invoice as the mirror holds them
 * (the last refresh or full read of the invoice), each with where it was registered. No call to
 * the accounting program: GET invoices/{id} reads the invoice again when fresh data is wanted.
 */
export async function listInvoicePayments(
  deps: AccountingDeps,
  caller: AccountingCaller,
  id: string,
): Promise<InvoicePaymentsList> {
  const row = await mirrored(deps, caller, id);
  const payments = await repo.paymentsOfInvoice(deps.db, targetOf(caller), row.number, INVOICE_PAYMENTS_MAX);
  return {
    data: payments.map((p) => ({
      number: p.number,
      paymentDate: p.paymentDate,
      amountOre: Number(p.amountOre),
      source: p.viaPortal ? 'portal' : 'accounting',
      syncedAt: p.syncedAt.toISOString(),
    })),
    invoice: { id: row.id, number: row.number, balanceOre: row.balanceOre },
  };
}

export async function invoicePdf(
  deps: AccountingDeps,
  caller: AccountingCaller,
  id: string,
  lang: Lang,
): Promise<{ body: Buffer; filename: string }> {
  const row = await mirrored(deps, caller, id);
  const pdf = await (await providerOf(deps, targetOf(caller))).invoices.pdf(row.number);
  return { body: Buffer.from(pdf), filename: t('invoices.pdfFilename', lang, { number: row.number }) };
}

// ---- create and update ----------------------------------------------------------------------

/**
 * The fields sent to the program. The due date comes from, in order: the form, the terms of
 * payment (the program computes it), the customer's own terms, the invoice configuration's
 * payment terms. Remarks and our reference default to the configuration's invoice text and
 * reference on create.
 */
async function programFields(
  deps: AccountingDeps,
  target: MirrorTarget,
  body: UpdateInvoiceInput,
  creating: boolean,
): Promise<InvoiceFields> {
  const config = await getConfiguration(deps.db, target, 'invoice');
  let dueDate = body.dueDate;
  if (!dueDate && !body.termsOfPayment) {
    const customer = await findCustomerByNumber(deps.db, target, body.customerNumber);
    if (!customer?.data.termsOfPayment) dueDate = addDays(body.invoiceDate, config.paymentTermsDays);
  }
  // A row may name only its article: the article's name is its description (as in the program).
  const names = await articleDescriptions(
    deps.db,
    target,
    body.rows.filter((r) => r.description === null && r.articleNumber).map((r) => r.articleNumber as string),
  );
  const rows = body.rows.map((r) => ({
    ...r,
    description: r.description ?? (r.articleNumber ? names.get(r.articleNumber) : undefined) ?? r.articleNumber ?? '',
  }));
  const fields: InvoiceFields = {
    customerNumber: body.customerNumber,
    invoiceDate: body.invoiceDate,
    dueDate,
    termsOfPayment: body.termsOfPayment,
    invoiceType: body.invoiceType,
    currency: body.currency,
    yourReference: body.yourReference,
    ourReference: body.ourReference ?? (creating && config.ourReference ? config.ourReference.slice(0, 50) : null),
    remarks: body.remarks ?? (creating && config.invoiceText ? config.invoiceText.slice(0, 1024) : null),
    costCenter: body.costCenter,
    project: body.project,
    rows,
  };
  // No terms: left out, so the program uses the customer's (a null would blank them, which
  // Fortnox refuses as unknown terms of payment).
  if (fields.termsOfPayment === null) delete (fields as Partial<InvoiceFields>).termsOfPayment;
  return fields;
}

/** The program's totals should be ours; a difference is logged (a customer's VAT type can explain it). */
function checkTotals(deps: AccountingDeps, invoice: AccInvoice) {
  const ours = computeInvoiceTotals(invoice.rows);
  if (invoice.rows.length > 0 && ours.totalOre !== invoice.totalOre) {
    deps.log.info(
      { invoice: invoice.number, ours: ours.totalOre, program: invoice.totalOre },
      'invoice total differs from the portal calculation',
    );
  }
}

async function answer(tx: Tx, target: MirrorTarget, number: string) {
  const row = await repo.findInvoiceByNumber(tx, target, number);
  if (!row) throw new Error(`invoice ${number} is missing from the mirror`);
  return toInvoice(row, false);
}

/**
 * POST invoices: one invoice of the package's monthly quota reserved (given back if the program
 * refuses or fails), created in the accounting program carrying our reference (the provider looks
 * it up before creating, so a lost answer never makes a second invoice), then mirrored and logged
 * in one transaction, and booked when the invoice configuration says `bookOnCreate` (or when
 * `options.book` says so: the GIT sync's choice for its run). The same `requestId` again answers
 * the first invoice (booking it then if that was left undone).
 */
export async function createInvoice(
  deps: AccountingDeps,
  caller: AccountingCaller,
  body: CreateInvoiceInput,
  options: { firstAttempt?: boolean; book?: boolean } = {},
): Promise<Invoice> {
  return joinInFlight(body.requestId ? `${caller.organisationId}:invoices:${body.requestId}` : null, async () => {
    const created = await createUnbooked(deps, caller, body, options);
    const target = targetOf(caller);
    const book = options.book ?? (await getConfiguration(deps.db, target, 'invoice')).bookOnCreate;
    if (!book || created.booked || created.cancelled) return created;
    return bookkeepInvoice(deps, caller, created.id);
  });
}

async function createUnbooked(
  deps: AccountingDeps,
  caller: AccountingCaller,
  body: CreateInvoiceInput,
  options: { firstAttempt?: boolean },
): Promise<Invoice> {
  const target = targetOf(caller);
  const externalRef = `fw-${body.requestId ?? randomUUID()}`;
  if (body.requestId) {
    const existing = await repo.findInvoiceByExternalRef(deps.db, target, externalRef);
    if (existing) return toInvoice(existing, false);
  }
  const { requestId: _r, ...fields } = body;
  const provider = await providerOf(deps, target);
  const program = await programFields(deps, target, fields, true);
  const quota = await reserveInvoiceQuota(deps.db, target.organisationId, 1);
  let created: AccInvoice;
  try {
    // `firstAttempt` (the GIT sync's ledger proves no earlier attempt) spares the look-up request.
    created = await provider.invoices.create(program, {
      externalRef,
      firstAttempt: options.firstAttempt === true && !!body.requestId,
    });
  } catch (error) {
    await quota.release(deps.db);
    throw error;
  }
  checkTotals(deps, created);
  return deps.db.transaction(async (tx) => {
    const known = await repo.findInvoiceByExternalRef(tx, target, externalRef);
    await mirrorInvoices(tx, target, [created], creatorOf(caller), true);
    // A retry of the same request that raced the first one is not counted twice.
    if (known) await quota.release(tx);
    await logEvent(tx, {
      organisationId: target.organisationId,
      clubAccountId: target.clubAccountId,
      resource: 'invoices',
      invoice: created.number,
      activity: 'invoices.event.created',
      params: { user: await actorOf(tx, caller), number: created.number, customer: created.customerName },
      type: 'SUCCESS',
    });
    return answer(tx, target, created.number);
  });
}

// ---- state rules ------------------------------------------------------------------------------

/** Why `action` is not allowed in the invoice's state, as a message key. */
function refusalOf(row: repo.InvoiceRecord, action: InvoiceAction): MessageKey {
  if (row.cancelled) return 'invoices.refused.cancelled';
  if (action === 'edit' || action === 'bookkeep' || action === 'cancel') return 'invoices.refused.booked';
  if (!row.booked) return 'invoices.refused.notBooked';
  if (row.isCredit) return 'invoices.refused.isCredit';
  if (action === 'credit') return 'invoices.refused.credited';
  return 'invoices.refused.paid';
}

/** Refuses (409, nothing changes) unless the mirror's state allows the action. */
function assertAllowed(row: repo.InvoiceRecord, action: InvoiceAction) {
  if (!allowedInvoiceActions(row).includes(action)) throw new ConflictError(refusalOf(row, action), { number: row.number });
}

/** PUT invoices/{id}: only while the invoice is not booked (nor cancelled). */
export async function updateInvoice(
  deps: AccountingDeps,
  caller: AccountingCaller,
  id: string,
  body: UpdateInvoiceInput,
): Promise<Invoice> {
  return changeInvoice(deps, caller, id, (target) => programFields(deps, target, body, false));
}

/**
 * A synced invoice brought up to date with its source (the GIT sync): only its rows and due date
 * are sent, so what the club keeps in the program itself stays. The same state rule and
 * event-log line as PUT invoices/{id}.
 */
export async function updateInvoiceRows(
  deps: AccountingDeps,
  caller: AccountingCaller,
  id: string,
  change: Pick<InvoiceFields, 'rows' | 'dueDate'>,
): Promise<Invoice> {
  return changeInvoice(deps, caller, id, async () => change);
}

async function changeInvoice(
  deps: AccountingDeps,
  caller: AccountingCaller,
  id: string,
  fieldsOf: (target: MirrorTarget) => Promise<Partial<InvoiceFields>>,
): Promise<Invoice> {
  const row = await mirrored(deps, caller, id);
  assertAllowed(row, 'edit');
  const target = targetOf(caller);
  const provider = await providerOf(deps, target);
  const updated = await provider.invoices.update(row.number, await fieldsOf(target));
  checkTotals(deps, updated);
  return recordAction(deps, caller, target, [updated], {
    number: updated.number,
    activity: 'invoices.event.updated',
    type: 'INFO',
  });
}

async function recordAction(
  deps: AccountingDeps,
  caller: AccountingCaller,
  target: MirrorTarget,
  documents: AccInvoice[],
  event: { number: string; activity: MessageKey; params?: Record<string, string | number>; type: 'INFO' | 'SUCCESS' },
  extra?: (tx: Tx) => Promise<void>,
): Promise<Invoice> {
  return deps.db.transaction(async (tx) => {
    await mirrorInvoices(tx, target, documents, null, true);
    if (extra) await extra(tx);
    await logEvent(tx, {
      organisationId: target.organisationId,
      clubAccountId: target.clubAccountId,
      resource: 'invoices',
      invoice: event.number,
      activity: event.activity,
      params: { user: await actorOf(tx, caller), number: event.number, ...event.params },
      type: event.type,
    });
    return answer(tx, target, documents[0]?.number ?? event.number);
  });
}

// ---- actions ----------------------------------------------------------------------------------

export async function bookkeepInvoice(deps: AccountingDeps, caller: AccountingCaller, id: string): Promise<Invoice> {
  const row = await mirrored(deps, caller, id);
  assertAllowed(row, 'bookkeep');
  const target = targetOf(caller);
  const booked = await (await providerOf(deps, target)).invoices.bookkeep(row.number);
  return recordAction(deps, caller, target, [booked], { number: row.number, activity: 'invoices.event.booked', type: 'SUCCESS' });
}

export async function sendInvoice(
  deps: AccountingDeps,
  caller: AccountingCaller,
  id: string,
  method: InvoiceSendWay,
): Promise<Invoice> {
  const row = await mirrored(deps, caller, id);
  assertAllowed(row, 'send');
  const target = targetOf(caller);
  const sent = await (await providerOf(deps, target)).invoices.send(row.number, method);
  return recordAction(deps, caller, target, [sent], {
    number: row.number,
    activity: 'invoices.event.sent',
    // The method is stored as the Swedish word; the entry's text is rendered per reader.
    params: { method: t(`invoices.method.${method}`, 'sv') },
    type: 'SUCCESS',
  });
}

export async function cancelInvoice(deps: AccountingDeps, caller: AccountingCaller, id: string): Promise<Invoice> {
  const row = await mirrored(deps, caller, id);
  assertAllowed(row, 'cancel');
  const target = targetOf(caller);
  const cancelled = await (await providerOf(deps, target)).invoices.cancel(row.number);
  return recordAction(deps, caller, target, [cancelled], {
    number: row.number,
    activity: 'invoices.event.cancelled',
    type: 'INFO',
  });
}

/** PUT invoices/{id}/credit: answers the new credit note; the credited invoice is re-read too. */
export async function creditInvoice(deps: AccountingDeps, caller: AccountingCaller, id: string): Promise<Invoice> {
  const row = await mirrored(deps, caller, id);
  assertAllowed(row, 'credit');
  const target = targetOf(caller);
  const provider = await providerOf(deps, target);
  const credit = await provider.invoices.credit(row.number);
  const original = await provider.invoices.get(row.number).catch((error: unknown) => {
    // The credit note exists; the original is refreshed by the next mirror refresh instead.
    deps.log.warn({ err: error, invoice: row.number }, 'could not re-read the credited invoice');
    return null;
  });
  const creditNote = { ...credit, creditedInvoiceNumber: credit.creditedInvoiceNumber ?? row.number };
  return recordAction(deps, caller, target, original ? [creditNote, original] : [creditNote], {
    number: row.number,
    activity: 'invoices.event.credited',
    params: { credit: credit.number },
    type: 'SUCCESS',
  });
}

const kronor = (ore: number) =>
  (ore / 100).toLocaleString('sv-SE', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).replace(/\u00a0/g, ' ');

/**
 * POST invoices/{id}/payments: positive and not more than the balance. Registered in the
 * program with our reference (the provider looks it up first, so a lost answer never registers a
 * second payment), then the invoice is re-read for its new balance and payments. The same
 * `requestId` again (a retry after a lost answer) answers the invoice without paying twice.
 */
export async function registerPayment(
  deps: AccountingDeps,
  caller: AccountingCaller,
  id: string,
  body: InvoicePaymentBody,
): Promise<Invoice> {
  const row = await mirrored(deps, caller, id);
  const target = targetOf(caller);
  const externalRef = `fw-pay-${body.requestId ?? randomUUID()}`;
  if (body.requestId && (await repo.paymentRequestDone(deps.db, target, externalRef))) return toInvoice(row, false);
  assertAllowed(row, 'payment');
  if (body.amountOre > row.balanceOre) {
    throw new ValidationError({ amountOre: [encodeMessage('amount_exceeds_balance', { balance: kronor(row.balanceOre) })] });
  }
  const provider = await providerOf(deps, target);
  const { requestId: _r, ...payment } = body;
  const registered = await provider.invoices.registerPayment(row.number, payment, { externalRef });
  const invoice = await provider.invoices.get(row.number);
  return recordAction(
    deps,
    caller,
    target,
    [invoice],
    {
      number: row.number,
      activity: 'invoices.event.paid',
      params: { amount: kronor(body.amountOre), date: body.paymentDate },
      type: 'SUCCESS',
    },
    async (tx) => {
      await mirrorInvoicePayments(tx, target, [registered]);
      await repo.markPaymentRequest(tx, target, registered.number, externalRef);
    },
  );
}
