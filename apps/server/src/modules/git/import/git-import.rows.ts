import type { GitImportCell, GitImportField, GitImportMapping } from '@fairway/shared';
import type { MessageKey, MessageParams } from '../../../lib/i18n';
import type { GitImportSheetRow } from './git-import.tables';

/**
 * Turns the rows of an uploaded sheet into invoices with row-level errors, given the column
 * mapping (GIT-EXCEL-EXPORT.md). Pure: the caller supplies the names of golf IDs the portal knows.
 */

export interface RowProblem {
  row: number;
  field: GitImportField;
  key: MessageKey;
  params?: MessageParams;
}

export interface AnalysedRow {
  row: number;
  golfId: string;
  firstName: string;
  lastName: string;
  payerGolfId: string;
  payerName: string;
  email: string | null;
  address: string | null;
  postalCode: string | null;
  city: string | null;
  articleCode: string;
  description: string;
  quantity: number;
  amountOre: number | null;
  vatRate: number | null;
  invoiceDate: string;
  dueDate: string;
  memberCategory: string | null;
  problems: RowProblem[];
}

export interface AnalysedInvoice {
  invoiceNumber: string;
  rows: AnalysedRow[];
  /** Problems of the invoice as a whole (they name the row that shows them). */
  problems: RowProblem[];
  valid: boolean;
  totalOre: number;
}

export interface ImportDefaults {
  invoiceDate: string;
  dueDate: string;
}

const GOLF_ID = /^(\d{2})(\d{2})(\d{2})-\d{3}$/;
const VAT_RATES = [25, 12, 6, 0];
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MAX_TEXT = 200;

/** `YYMMDD-NNN` whose date exists (in 19YY or 20YY). */
export function isGolfId(value: string): boolean {
  const m = GOLF_ID.exec(value);
  if (!m) return false;
  const [yy, mm, dd] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mm < 1 || mm > 12 || dd < 1) return false;
  const leap = yy % 4 === 0; // 2000 is a leap year, so any YY divisible by 4 has a 29 February.
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][mm - 1] as number;
  return dd <= days;
}

/** `YYYY-MM-DD` that exists. */
export function isIsoDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

const SPACES = /[\s\u00a0\u202f\u2009]/g;

/**
 * Kronor → öre: a number cell, or text such as `1 234,50`, `1234.50`, `450 kr`, `-100`.
 * Null when it is not an amount with at most two decimals.
 */
export function parseAmountOre(cell: GitImportCell): number | null {
  if (typeof cell === 'number') {
    const ore = Math.round(cell * 100);
    return Math.abs(cell * 100 - ore) < 1e-6 ? ore : null;
  }
  if (cell === null) return null;
  const text = cell
    .replace(SPACES, '')
    .replace(/(kr|sek|:-)$/i, '')
    .replace(/^\u2212/, '-');
  const m = /^(-?)(\d+)(?:[,.](\d{1,2}))?$/.exec(text);
  if (!m) return null;
  const ore = Number(m[2]) * 100 + Number((m[3] ?? '0').padEnd(2, '0'));
  return m[1] === '-' ? -ore : ore;
}

/** A quantity: a number cell or text with a decimal comma. */
export function parseQuantity(cell: GitImportCell): number | null {
  if (typeof cell === 'number') return cell;
  if (cell === null) return null;
  const text = cell.replace(SPACES, '').replace(',', '.');
  return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : null;
}

/** A VAT rate in percent: `25`, `25 %`, `25,0`, or a percent-formatted cell (0.25). */
export function parseVatRate(cell: GitImportCell): number | null {
  let value: number | null = null;
  if (typeof cell === 'number') value = cell > 0 && cell < 1 ? Math.round(cell * 10000) / 100 : cell;
  else if (cell !== null) {
    const text = cell.replace(SPACES, '').replace(/%$/, '').replace(',', '.');
    if (/^\d+(\.\d+)?$/.test(text)) value = Number(text);
  }
  return value !== null && VAT_RATES.includes(value) ? value : null;
}

/** A date cell (already `YYYY-MM-DD`) or text `YYYY-MM-DD`, `YYYYMMDD`, `YYYY/MM/DD`. */
export function parseDay(cell: GitImportCell): string | null {
  if (cell === null) return null;
  const text = String(cell).trim();
  const m = /^(\d{4})[-/.]?(\d{2})[-/.]?(\d{2})$/.exec(text);
  if (!m) return null;
  const iso = `${m[1]}-${m[2]}-${m[3]}`;
  return isIsoDay(iso) ? iso : null;
}

const asText = (cell: GitImportCell): string => (cell === null ? '' : typeof cell === 'number' ? String(cell) : cell.trim());

/** Splits "Förnamn Efternamn" at the last space. */
export function splitName(name: string): { firstName: string; lastName: string } {
  const at = name.trim().lastIndexOf(' ');
  return at === -1
    ? { firstName: name.trim(), lastName: '' }
    : { firstName: name.slice(0, at).trim(), lastName: name.slice(at + 1) };
}

function analyseRow(
  sheetRow: GitImportSheetRow,
  mapping: GitImportMapping,
  defaults: ImportDefaults,
  knownNames: ReadonlyMap<string, string>,
): AnalysedRow & { invoiceNumber: string } {
  const problems: RowProblem[] = [];
  const problem = (field: GitImportField, key: MessageKey, params?: MessageParams) =>
    problems.push({ row: sheetRow.row, field, key, ...(params ? { params } : {}) });
  const cell = (field: GitImportField): GitImportCell => {
    const index = mapping[field];
    return index === null || index === undefined ? null : (sheetRow.cells[index] ?? null);
  };
  const mapped = (field: GitImportField) => mapping[field] !== null && mapping[field] !== undefined;
  const text = (field: GitImportField, required: boolean) => {
    const value = asText(cell(field));
    if (required && value === '') problem(field, 'gitImport.row.required');
    else if (value.length > MAX_TEXT) problem(field, 'gitImport.row.tooLong', { max: MAX_TEXT });
    return value.slice(0, MAX_TEXT);
  };

  const invoiceNumber = text('invoiceNumber', true);
  const golfId = text('golfId', true);
  if (golfId && !isGolfId(golfId)) problem('golfId', 'gitImport.row.golfId', { value: golfId });
  const firstName = text('firstName', true);
  const lastName = text('lastName', true);

  let payerGolfId = text('payerGolfId', false);
  if (payerGolfId && !isGolfId(payerGolfId)) problem('payerGolfId', 'gitImport.row.golfId', { value: payerGolfId });
  if (!payerGolfId) payerGolfId = golfId;
  let payerName = text('payerName', false);
  if (!payerName) {
    if (payerGolfId === golfId) payerName = `${firstName} ${lastName}`.trim();
    else payerName = knownNames.get(payerGolfId) ?? '';
    if (!payerName && payerGolfId && isGolfId(payerGolfId)) problem('payerName', 'gitImport.row.payerUnknown');
  }

  const email = text('email', false) || null;
  if (email && !EMAIL.test(email)) problem('email', 'gitImport.row.email', { value: email });

  const articleCode = text('articleCode', true);
  const description = text('description', true);

  let quantity = 1;
  if (mapped('quantity') && cell('quantity') !== null) {
    const q = parseQuantity(cell('quantity'));
    if (q === null || q <= 0) problem('quantity', 'gitImport.row.quantity', { value: asText(cell('quantity')) });
    else quantity = q;
  }

  let amountOre: number | null = null;
  if (cell('amount') === null) problem('amount', 'gitImport.row.required');
  else {
    amountOre = parseAmountOre(cell('amount'));
    if (amountOre === null) problem('amount', 'gitImport.row.amount', { value: asText(cell('amount')) });
  }

  let vatRate: number | null = 0;
  if (mapped('vatRate')) {
    if (cell('vatRate') === null) {
      vatRate = null;
      problem('vatRate', 'gitImport.row.required');
    } else {
      vatRate = parseVatRate(cell('vatRate'));
      if (vatRate === null) problem('vatRate', 'gitImport.row.vat', { value: asText(cell('vatRate')) });
    }
  }

  let invoiceDate = defaults.invoiceDate;
  if (mapped('invoiceDate') && cell('invoiceDate') !== null) {
    const day = parseDay(cell('invoiceDate'));
    if (day === null) problem('invoiceDate', 'gitImport.row.date', { value: asText(cell('invoiceDate')) });
    else invoiceDate = day;
  }
  let dueDate = defaults.dueDate;
  if (mapped('dueDate') && cell('dueDate') !== null) {
    const day = parseDay(cell('dueDate'));
    if (day === null) problem('dueDate', 'gitImport.row.date', { value: asText(cell('dueDate')) });
    else dueDate = day;
  }
  if (dueDate < invoiceDate) problem('dueDate', 'gitImport.row.dueBeforeInvoice', { dueDate, invoiceDate });

  return {
    invoiceNumber,
    row: sheetRow.row,
    golfId,
    firstName,
    lastName,
    payerGolfId,
    payerName,
    email,
    address: text('address', false) || null,
    postalCode: text('postalCode', false) || null,
    city: text('city', false) || null,
    articleCode,
    description,
    quantity,
    amountOre,
    vatRate,
    invoiceDate,
    dueDate,
    memberCategory: text('memberCategory', false) || null,
    problems,
  };
}

/**
 * Groups the rows into invoices by invoice number (in the order first seen) and checks each row
 * and each invoice: rows of one invoice must share payer, invoice date and due date, and an
 * invoice's total may not be negative. An invoice is valid when none of its rows has a problem.
 */
export function analyseImport(
  rows: readonly GitImportSheetRow[],
  mapping: GitImportMapping,
  defaults: ImportDefaults,
  knownNames: ReadonlyMap<string, string> = new Map(),
): AnalysedInvoice[] {
  const byNumber = new Map<string, AnalysedInvoice>();
  const orphans: AnalysedInvoice[] = [];
  for (const sheetRow of rows) {
    const { invoiceNumber, ...row } = analyseRow(sheetRow, mapping, defaults, knownNames);
    if (!invoiceNumber) {
      // A row without an invoice number is an invoice of its own, invalid.
      orphans.push({ invoiceNumber: '', rows: [row], problems: [], valid: false, totalOre: 0 });
      continue;
    }
    let invoice = byNumber.get(invoiceNumber);
    if (!invoice) {
      invoice = { invoiceNumber, rows: [], problems: [], valid: true, totalOre: 0 };
      byNumber.set(invoiceNumber, invoice);
    }
    invoice.rows.push(row);
  }
  const invoices = [...byNumber.values(), ...orphans];
  for (const invoice of invoices) {
    const [first] = invoice.rows;
    if (!first) continue;
    for (const row of invoice.rows.slice(1)) {
      if (row.payerGolfId !== first.payerGolfId) {
        row.problems.push({
          row: row.row,
          field: 'payerGolfId',
          key: 'gitImport.row.otherPayer',
          params: { payer: row.payerGolfId, first: first.payerGolfId, firstRow: first.row },
        });
      }
      if (row.dueDate !== first.dueDate) {
        row.problems.push({ row: row.row, field: 'dueDate', key: 'gitImport.row.otherDueDate', params: { firstRow: first.row } });
      }
      if (row.invoiceDate !== first.invoiceDate) {
        row.problems.push({
          row: row.row,
          field: 'invoiceDate',
          key: 'gitImport.row.otherInvoiceDate',
          params: { firstRow: first.row },
        });
      }
    }
    invoice.totalOre = invoice.rows.reduce((sum, r) => sum + (r.amountOre ?? 0), 0);
    const rowsValid = invoice.rows.every((r) => r.problems.length === 0);
    if (rowsValid && invoice.totalOre < 0) {
      invoice.problems.push({ row: first.row, field: 'amount', key: 'gitImport.row.negativeTotal' });
    }
    invoice.valid = invoice.invoiceNumber !== '' && rowsValid && invoice.problems.length === 0;
  }
  return invoices;
}

/** Every problem of an invoice, its rows' first, in row order. */
export const problemsOf = (invoice: AnalysedInvoice): RowProblem[] =>
  [...invoice.rows.flatMap((r) => r.problems), ...invoice.problems].sort((a, b) => a.row - b.row);
