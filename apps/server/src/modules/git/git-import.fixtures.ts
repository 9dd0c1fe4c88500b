import ExcelJS from 'exceljs';

/**
 * Builds workbooks shaped like GIT's Excel export of an invoice batch (GIT-EXCEL-EXPORT.md) for
 * tests, so no binary fixture is committed. Cells are written as GIT writes them: golf IDs and
 * amounts as text ("1 234,50"), dates as date cells.
 */

export const GIT_EXPORT_HEADERS = [
  'Fakturanr',
  'Golf-ID',
  'Förnamn',
  'Efternamn',
  'Betalare (golf-ID)',
  'Betalarens namn',
  'E-post',
  'Adress',
  'Postnr',
  'Ort',
  'Artikelkod',
  'Artikel/Benämning',
  'Antal',
  'Belopp',
  'Moms %',
  'Förfallodatum',
  'Fakturadatum',
  'Medlemskategori',
] as const;

export type ExportCell = string | number | Date | null;
export type ExportRow = Partial<Record<(typeof GIT_EXPORT_HEADERS)[number], ExportCell>>;

/** A good invoice row; override what a test needs. */
export function exportRow(overrides: ExportRow = {}): ExportRow {
  return {
    Fakturanr: '10001',
    'Golf-ID': '850312-004',
    Förnamn: 'Anna',
    Efternamn: 'Andersson',
    'Betalare (golf-ID)': '850312-004',
    'Betalarens namn': 'Anna Andersson',
    'E-post': 'anna.andersson@example.se',
    Adress: 'Storgatan 1',
    Postnr: '123 45',
    Ort: 'Golfby',
    Artikelkod: 'ARS-FULL',
    'Artikel/Benämning': 'Årsavgift Fullvärdig',
    Antal: 1,
    Belopp: '6 500,00',
    'Moms %': 0,
    Förfallodatum: new Date(Date.UTC(2027, 0, 31)),
    Fakturadatum: new Date(Date.UTC(2027, 0, 1)),
    Medlemskategori: 'Fullvärdig',
    ...overrides,
  };
}

export interface ExportOptions {
  headers?: readonly string[];
  /** Rows above the header row (GIT puts the batch's name there). */
  title?: string[];
  sheetName?: string;
  extraSheets?: string[];
}

/** An .xlsx buffer with the given rows under GIT's headers. */
export async function gitExportWorkbook(rows: ExportRow[], options: ExportOptions = {}): Promise<Buffer> {
  const headers = options.headers ?? GIT_EXPORT_HEADERS;
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(options.sheetName ?? 'Fakturaunderlag');
  for (const line of options.title ?? []) sheet.addRow([line]);
  sheet.addRow([...headers]);
  for (const row of rows) sheet.addRow(headers.map((h) => (row as Record<string, ExportCell>)[h] ?? null));
  for (const name of options.extraSheets ?? []) workbook.addWorksheet(name).addRow(['Summering']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
