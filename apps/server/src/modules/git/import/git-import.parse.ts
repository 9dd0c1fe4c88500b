import {
  GIT_IMPORT_FIELDS,
  GIT_IMPORT_MAX_COLUMNS,
  GIT_IMPORT_MAX_ROWS,
  type GitImportCell,
  type GitImportField,
} from '@fairway/shared';
import type ExcelJS from 'exceljs';
import { BusinessError } from '../../../lib/errors';
import type { GitImportSheetRow } from './git-import.tables';

/**
 * Reading GIT's Excel export of an invoice batch (GIT-EXCEL-EXPORT.md) into plain rows, and
 * suggesting which column holds which field from the header texts.
 */

export interface ParsedSheet {
  sheetNames: string[];
  sheetName: string;
  headerRow: number;
  columns: string[];
  rows: GitImportSheetRow[];
}

const pad = (n: number) => String(n).padStart(2, '0');
const isoDay = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

/** One cell as text, a number or a date (`YYYY-MM-DD`); empty text is null. */
export function cellValue(value: ExcelJS.CellValue): GitImportCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : isoDay(value);
  if (typeof value === 'object') {
    if ('richText' in value && Array.isArray(value.richText)) {
      return cellValue(value.richText.map((part) => part.text).join(''));
    }
    if ('result' in value) return cellValue((value.result ?? null) as ExcelJS.CellValue);
    if ('formula' in value || 'sharedFormula' in value) return null;
    if ('text' in value && typeof value.text === 'string') return cellValue(value.text);
    if ('error' in value) return String(value.error);
  }
  return null;
}

/** Header text → a key that ignores case, spaces and punctuation (Swedish letters kept). */
export function headerKey(text: string): string {
  return text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}%]/gu, '');
}

/** Header texts each field is known by, Swedish (GIT's export) and English. */
const HEADER_NAMES: Record<GitImportField, readonly string[]> = {
  invoiceNumber: ['Fakturanr', 'Fakturanummer', 'Faktura nr', 'Invoice number', 'Invoice no', 'Invoice'],
  golfId: ['Golf-ID', 'GolfID', 'Golf ID', 'Medlemmens golf-ID'],
  firstName: ['Förnamn', 'First name', 'Firstname', 'Given name'],
  lastName: ['Efternamn', 'Last name', 'Lastname', 'Surname', 'Family name'],
  payerGolfId: ['Betalare (golf-ID)', 'Betalare golf-ID', 'Betalare', 'Betalarens golf-ID', 'Payer golf ID', 'Payer'],
  payerName: ['Betalarens namn', 'Betalarnamn', 'Betalare namn', 'Payer name', "Payer's name"],
  email: ['E-post', 'Epost', 'E-postadress', 'Mejl', 'Email', 'E-mail', 'Email address'],
  address: ['Adress', 'Gatuadress', 'Utdelningsadress', 'Address', 'Street', 'Street address'],
  postalCode: ['Postnr', 'Postnummer', 'Post nr', 'Postal code', 'Zip', 'Zip code', 'Postcode'],
  city: ['Ort', 'Postort', 'City', 'Town'],
  articleCode: ['Artikelkod', 'Artikelnr', 'Artikelnummer', 'Avgiftskod', 'Article code', 'Article number', 'Item code'],
  description: [
    'Artikel/Benämning',
    'Benämning',
    'Artikel',
    'Artikelnamn',
    'Beskrivning',
    'Text',
    'Description',
    'Article',
    'Item',
  ],
  quantity: ['Antal', 'Quantity', 'Qty'],
  amount: ['Belopp', 'Belopp (kr)', 'Belopp kr', 'Belopp inkl. moms', 'Summa', 'Amount', 'Amount (SEK)', 'Total'],
  vatRate: ['Moms %', 'Moms', 'Momssats', 'Moms (%)', 'VAT %', 'VAT', 'VAT rate'],
  dueDate: ['Förfallodatum', 'Förfallodag', 'Förfaller', 'Due date'],
  invoiceDate: ['Fakturadatum', 'Invoice date'],
  memberCategory: ['Medlemskategori', 'Kategori', 'Member category', 'Category'],
};

const KEY_TO_FIELD = new Map<string, GitImportField>();
for (const field of GIT_IMPORT_FIELDS) {
  for (const name of HEADER_NAMES[field]) KEY_TO_FIELD.set(headerKey(name), field);
}

/** The field a header text names, if it is one we know. */
export function fieldOfHeader(text: string): GitImportField | undefined {
  const key = headerKey(text);
  return key ? KEY_TO_FIELD.get(key) : undefined;
}

/** Each field → the first column whose header names it, or null. */
export function suggestMapping(columns: readonly string[]): Record<GitImportField, number | null> {
  const mapping = Object.fromEntries(GIT_IMPORT_FIELDS.map((f) => [f, null])) as Record<GitImportField, number | null>;
  columns.forEach((header, index) => {
    const field = fieldOfHeader(header);
    if (field && mapping[field] === null) mapping[field] = index;
  });
  return mapping;
}

/** Looks like a ZIP container (an .xlsx is one). */
const isZip = (bytes: Buffer) =>
  bytes.length > 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

function rowCells(row: ExcelJS.Row, width: number): GitImportCell[] {
  const cells: GitImportCell[] = [];
  for (let c = 1; c <= width; c++) cells.push(cellValue(row.getCell(c).value));
  return cells;
}

/** How many of a row's cells name a known field. */
const knownHeaders = (cells: GitImportCell[]) => cells.filter((c) => typeof c === 'string' && fieldOfHeader(c)).length;

/**
 * Reads an .xlsx export: the first worksheet with a header row (the row among the first ten that
 * names the most known fields, else the first non-empty one) and every non-empty row below it.
 * Refused (localised) when the file is no readable workbook, has no rows, or is too large.
 */
export async function parseWorkbook(bytes: Buffer): Promise<ParsedSheet> {
  if (!isZip(bytes)) throw new BusinessError(400, 'gitImport.notXlsx');
  // Loaded on first use, not at start: it costs about 30 MB (docs/operations.md#memory).
  const { Workbook } = (await import('exceljs')).default;
  const workbook = new Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new BusinessError(400, 'gitImport.unreadable');
  }
  const sheetNames = workbook.worksheets.map((s) => s.name);
  for (const sheet of workbook.worksheets) {
    const width = Math.min(sheet.columnCount, GIT_IMPORT_MAX_COLUMNS);
    if (width === 0 || sheet.rowCount === 0) continue;
    let header: { row: number; cells: GitImportCell[]; known: number } | null = null;
    for (let r = 1; r <= Math.min(sheet.rowCount, 10); r++) {
      const cells = rowCells(sheet.getRow(r), width);
      if (cells.every((c) => c === null)) continue;
      const known = knownHeaders(cells);
      if (!header || known > header.known) header = { row: r, cells, known };
    }
    if (!header) continue;
    // Trailing columns without a header or data are dropped.
    const rows: GitImportSheetRow[] = [];
    for (let r = header.row + 1; r <= sheet.rowCount; r++) {
      const cells = rowCells(sheet.getRow(r), width);
      if (cells.every((c) => c === null)) continue;
      if (rows.length >= GIT_IMPORT_MAX_ROWS) throw new BusinessError(400, 'gitImport.tooManyRows', { max: GIT_IMPORT_MAX_ROWS });
      rows.push({ row: r, cells });
    }
    if (rows.length === 0) continue;
    let used = 0;
    for (let c = 0; c < width; c++) {
      if (header.cells[c] !== null || rows.some((row) => row.cells[c] !== null)) used = c + 1;
    }
    return {
      sheetNames,
      sheetName: sheet.name,
      headerRow: header.row,
      columns: header.cells.slice(0, used).map((c) => (c === null ? '' : String(c))),
      rows: rows.map((row) => ({ row: row.row, cells: row.cells.slice(0, used) })),
    };
  }
  throw new BusinessError(400, 'gitImport.empty');
}
