export interface ExportColumn<T> {
  header: string;
  value(row: T): string | number | boolean | null;
  /** Excel column width in characters. */
  width?: number;
  /** Öre shown as kronor with two decimals. */
  money?: boolean;
}

export interface ExportFile {
  filename: string;
  contentType: string;
  body: Buffer;
}

const csvCell = (value: string | number | boolean | null): string => {
  if (value === null) return '';
  const text = String(value);
  // Formula-looking cells are quoted with a leading apostrophe so a spreadsheet never runs them.
  const safe = /^[=+\-@\t\r]/.test(text) && typeof value === 'string' ? `'${text}` : text;
  return /[";\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

const kronor = (ore: number) => (ore / 100).toFixed(2).replace('.', ',');

/**
 * A list as CSV (semicolon-separated with a BOM and decimal commas, as Swedish Excel opens it)
 * or as an .xlsx workbook with typed cells.
 */
export async function exportRows<T>(
  format: 'csv' | 'xlsx',
  name: string,
  columns: ExportColumn<T>[],
  rows: T[],
): Promise<ExportFile> {
  const date = new Date().toISOString().slice(0, 10);
  if (format === 'csv') {
    const lines = [columns.map((c) => csvCell(c.header)).join(';')];
    for (const row of rows) {
      lines.push(
        columns
          .map((c) => {
            const v = c.value(row);
            return c.money && typeof v === 'number' ? kronor(v) : csvCell(v);
          })
          .join(';'),
      );
    }
    return {
      filename: `${name}-${date}.csv`,
      contentType: 'text/csv; charset=utf-8',
      body: Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8'),
    };
  }
  // Loaded on first use, not at start: it costs about 30 MB (docs/operations.md#memory).
  const ExcelJS = (await import('exceljs')).default;
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(name);
  sheet.columns = columns.map((c, i) => ({ header: c.header, key: String(i), width: c.width ?? 18 }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  for (const row of rows) {
    sheet.addRow(
      columns.map((c) => {
        const v = c.value(row);
        return c.money && typeof v === 'number' ? v / 100 : v;
      }),
    );
  }
  columns.forEach((c, i) => {
    if (c.money) sheet.getColumn(i + 1).numFmt = '#,##0.00';
  });
  return {
    filename: `${name}-${date}.xlsx`,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    body: Buffer.from(await workbook.xlsx.writeBuffer()),
  };
}
