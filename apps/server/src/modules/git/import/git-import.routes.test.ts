import type {
  GitImportCommitResult,
  GitImportMapping,
  GitImportPreview,
  GitImportUpload,
  GitInvoiceOccasionDetail,
  GitTransaction,
} from '@fairway/shared';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExportRow, exportRow, GIT_EXPORT_HEADERS, gitExportWorkbook } from '../../../../test/fixtures/git-import.fixtures';
import { multipart, XLSX_TYPE } from '../../../../test/fixtures/multipart';
import { createOrganisation, memberWithScopes, type TestMember, type TestOrganisation } from '../../../../test/fixtures/users';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import type { App } from '../../../app';
import { type GitSimulator, startGitSimulator } from '../../../providers/git/git.simulator';
import { eventLogs } from '../../eventlogs/eventlogs.tables';
import { gitArticles, gitInvoiceBases, gitInvoiceOccasions, gitMembers, gitTransactions } from '../git.tables';
import { runGitRefresh } from '../refresh/git-refresh.service';
import { deleteStaleGitImports } from './git-import.service';
import { gitImports } from './git-import.tables';

let t: TestApp;
let app: App;
let a: TestOrganisation;
let b: TestOrganisation;
let aReader: TestMember;
let aNoGit: TestMember;

type Who = { headers: Record<string, string> };
type Json = Record<string, unknown>;

const api = (method: 'GET' | 'POST' | 'PUT', url: string, who: Who, payload?: object, lang = 'en') =>
  app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...who.headers, 'accept-language': lang },
    ...(payload === undefined ? {} : { payload }),
  });

function upload(who: Who, data: Buffer | string, filename = 'fakturaomgang.xlsx', lang = 'en', path = '/git/imports') {
  const body = multipart([{ name: 'file', filename, type: XLSX_TYPE, data }]);
  return app.inject({
    method: 'POST',
    url: `/api/v1${path}`,
    headers: { ...who.headers, 'content-type': body.contentType, 'accept-language': lang },
    payload: body.payload,
  });
}

async function uploaded(rows: ExportRow[], who: Who = a.owner, options?: Parameters<typeof gitExportWorkbook>[1]) {
  const res = await upload(who, await gitExportWorkbook(rows, options));
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { data: GitImportUpload }).data;
}

const settings = (imp: GitImportUpload, extra: Json = {}) => ({
  mapping: imp.suggestedMapping as GitImportMapping,
  occasionName: 'Årsavgifter 2027 (Excel)',
  invoiceDate: '2027-01-01',
  dueDate: '2027-01-31',
  ...extra,
});

async function preview(imp: GitImportUpload, who: Who = a.owner, extra: Json = {}, lang = 'en') {
  const res = await api('POST', `/git/imports/${imp.id}/preview`, who, settings(imp, extra), lang);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: GitImportPreview }).data;
}

const count = async (table: typeof gitInvoiceBases | typeof gitInvoiceOccasions, clubAccountId: string) =>
  (await app.db.select({ id: table.id }).from(table).where(eq(table.clubAccountId, clubAccountId))).length;

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  a = await createOrganisation(app, { name: 'Alfa GK' });
  b = await createOrganisation(app, { name: 'Beta GK', organisationNumber: '559412-3456' });
  aReader = await memberWithScopes(app, a, 'GIT-läsare', ['git.read']);
  aNoGit = await memberWithScopes(app, a, 'Kassa', ['customers.read']);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('POST /git/imports (upload)', () => {
  it('reads the sheet under a title row, answers its columns, the first ten rows and a suggested mapping', async () => {
    const rows = Array.from({ length: 12 }, (_, i) =>
      exportRow({ Fakturanr: String(20001 + i), 'Golf-ID': `9001${String(10 + i)}-00${i % 10}` }),
    );
    const imp = await uploaded(rows, a.owner, { title: ['Fakturaomgång: Årsavgifter 2027', ''], extraSheets: ['Summering'] });
    expect(imp.sheetNames).toEqual(['Fakturaunderlag', 'Summering']);
    expect(imp.sheetName).toBe('Fakturaunderlag');
    expect(imp.headerRow).toBe(3);
    expect(imp.columns).toEqual([...GIT_EXPORT_HEADERS]);
    expect(imp.rowCount).toBe(12);
    expect(imp.sampleRows).toHaveLength(10);
    // Row numbers as Excel shows them; dates as YYYY-MM-DD; amounts as GIT wrote them.
    expect(imp.sampleRows[0]).toMatchObject({ row: 4 });
    expect(imp.sampleRows[0]?.cells.slice(0, 2)).toEqual(['20001', '900110-000']);
    expect(imp.sampleRows[0]?.cells[13]).toBe('6 500,00');
    expect(imp.sampleRows[0]?.cells[15]).toBe('2027-01-31');
    expect(imp.suggestedMapping).toEqual({
      invoiceNumber: 0,
      golfId: 1,
      firstName: 2,
      lastName: 3,
      payerGolfId: 4,
      payerName: 5,
      email: 6,
      address: 7,
      postalCode: 8,
      city: 9,
      articleCode: 10,
      description: 11,
      quantity: 12,
      amount: 13,
      vatRate: 14,
      dueDate: 15,
      invoiceDate: 16,
      memberCategory: 17,
    });
    expect(imp.status).toBe('uploaded');

    // Read back by id (git.read is enough).
    const again = await api('GET', `/git/imports/${imp.id}`, aReader);
    expect(again.statusCode).toBe(200);
    expect((again.json() as { data: GitImportUpload }).data.columns).toEqual(imp.columns);
  });

  it('suggests English and oddly written headers regardless of case, spaces and punctuation', async () => {
    const headers = [
      'INVOICE NUMBER',
      'golf id',
      'First name',
      'LAST  NAME',
      'e-mail',
      'Item code',
      'Description',
      'Amount (SEK)',
      'vat%',
      'Due date',
      'Notes',
    ];
    const row = Object.fromEntries(headers.map((h) => [h, 'x'])) as ExportRow;
    const imp = await uploaded([row], a.owner, { headers });
    expect(imp.headerRow).toBe(1);
    expect(imp.suggestedMapping).toMatchObject({
      invoiceNumber: 0,
      golfId: 1,
      firstName: 2,
      lastName: 3,
      email: 4,
      articleCode: 5,
      description: 6,
      amount: 7,
      vatRate: 8,
      dueDate: 9,
      payerGolfId: null,
      quantity: null,
      memberCategory: null,
    });
    // "Notes" names no field; every other column is suggested once.
    expect(Object.values(imp.suggestedMapping).filter((v) => v !== null)).toHaveLength(10);
  });

  it('refuses what is not a readable .xlsx with localised messages, storing nothing', async () => {
    const before = (await app.db.select({ id: gitImports.id }).from(gitImports)).length;
    const good = await gitExportWorkbook([exportRow()]);

    const csv = await upload(a.owner, 'Fakturanr;Golf-ID\n1;850312-004\n', 'export.csv', 'sv');
    expect(csv.statusCode).toBe(400);
    expect(csv.json()).toMatchObject({
      error: 'Filen måste vara en Excel-fil (.xlsx), som GIT:s export av en fakturaomgång',
      eng_message: 'The file must be an Excel file (.xlsx), like GIT’s export of an invoice batch',
    });
    // An .xlsx name on other bytes, and a zip that is no workbook.
    expect((await upload(a.owner, 'not a workbook')).json()).toMatchObject({
      eng_message: expect.stringContaining('must be an Excel file'),
    });
    const brokenZip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 1)]);
    const broken = await upload(a.owner, brokenZip, 'trasig.xlsx', 'sv');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error).toBe('Excel-filen kunde inte läsas. Spara den igen som .xlsx och försök på nytt.');
    // The right bytes under another name are refused too.
    expect((await upload(a.owner, good, 'export.xls')).statusCode).toBe(400);

    const huge = Buffer.concat([good, Buffer.alloc(5 * 1024 * 1024, 0)]);
    const tooBig = await upload(a.owner, huge, 'stor.xlsx');
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().error).toBe('The file may be at most 5 MB');

    const empty = await upload(a.owner, await gitExportWorkbook([]));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe('The file holds no rows to import');

    const noFile = await api('POST', '/git/imports', a.owner, { file: 'x' });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().error).toBe('Choose an Excel file (.xlsx)');

    expect((await app.db.select({ id: gitImports.id }).from(gitImports)).length).toBe(before);
  });

  it('refuses a multipart body it cannot read with 400 and a localised message, storing nothing', async () => {
    const before = (await app.db.select({ id: gitImports.id }).from(gitImports)).length;
    const cutOff = '--X\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\n\r\nPK';
    for (const [contentType, payload] of [
      ['multipart/form-data', 'x'],
      [`multipart/form-data; boundary=${'b'.repeat(300)}`, 'x'],
      ['multipart/form-data; boundary=X', cutOff],
    ] as const) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/git/imports',
        headers: { ...a.owner.headers, 'content-type': contentType, 'accept-language': 'sv' },
        payload,
      });
      expect(res.statusCode, contentType).toBe(400);
      expect(res.json()).toEqual({
        message: 'Uppladdningen gick inte att läsa. Välj filen och försök igen',
        eng_message: 'The upload could not be read. Choose the file and try again',
        error: 'Uppladdningen gick inte att läsa. Välj filen och försök igen',
      });
    }
    expect((await app.db.select({ id: gitImports.id }).from(gitImports)).length).toBe(before);
  });

  it('needs git.write to upload, git.read to read, and a signed-in user', async () => {
    const book = await gitExportWorkbook([exportRow()]);
    expect((await upload(aReader, book)).statusCode).toBe(403);
    expect((await upload(aNoGit, book)).statusCode).toBe(403);
    expect((await upload({ headers: {} }, book)).statusCode).toBe(401);
    const imp = await uploaded([exportRow()]);
    expect((await api('GET', `/git/imports/${imp.id}`, aNoGit)).statusCode).toBe(403);
    expect((await api('POST', `/git/imports/${imp.id}/preview`, aReader, settings(imp))).statusCode).toBe(403);
    expect((await api('POST', `/git/imports/${imp.id}/commit`, aReader, settings(imp, { skipInvalid: true }))).statusCode).toBe(
      403,
    );
  });

  it('is also `uploads` (apps/server/src/lib/spec-paths.ts): the same upload, scope and tenant check', async () => {
    const book = await gitExportWorkbook([exportRow()]);
    const res = await upload(a.owner, book, 'fakturaomgang.xlsx', 'en', '/uploads');
    expect(res.statusCode, res.body).toBe(201);
    const imp = (res.json() as { data: GitImportUpload }).data;
    const read = await api('GET', `/uploads/${imp.id}`, aReader);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data).toEqual((await api('GET', `/git/imports/${imp.id}`, aReader)).json().data);
    expect((await upload(aReader, book, 'fakturaomgang.xlsx', 'en', '/uploads')).statusCode).toBe(403);
    expect((await api('GET', `/uploads/${imp.id}`, aNoGit)).statusCode).toBe(403);
    expect((await api('GET', `/uploads/${imp.id}`, b.owner)).statusCode).toBe(404);
  });
});

describe('POST /git/imports/{id}/preview', () => {
  it('groups rows into invoices by invoice number, with amounts in öre from Swedish and numeric cells', async () => {
    const imp = await uploaded([
      exportRow({ Fakturanr: '10001', Artikelkod: 'ARS-FULL', Belopp: '1 234,50' }),
      exportRow({ Fakturanr: '10001', Artikelkod: 'SKAP', 'Artikel/Benämning': 'Skåphyra', Belopp: 450.5, 'Moms %': '25 %' }),
      exportRow({
        Fakturanr: '10002',
        'Golf-ID': '080615-012',
        Förnamn: 'Olle',
        Efternamn: 'Andersson',
        Belopp: '2 500',
        Antal: '2',
        Medlemskategori: 'Junior',
      }),
    ]);
    const p = await preview(imp);
    expect(p.counts).toEqual({
      invoices: 2,
      validInvoices: 2,
      invalidInvoices: 0,
      rows: 3,
      validRows: 3,
      invalidRows: 0,
      validTotalOre: 123450 + 45050 + 250000,
    });
    const [first, second] = p.invoices;
    expect(first).toMatchObject({
      invoiceNumber: '10001',
      golfId: '850312-004',
      payerName: 'Anna Andersson',
      totalOre: 168500,
      valid: true,
    });
    expect(first?.rows.map((r) => [r.row, r.amountOre, r.vatRate])).toEqual([
      [2, 123450, 0],
      [3, 45050, 25],
    ]);
    // The guardian pays the junior's invoice.
    expect(second).toMatchObject({
      golfId: '080615-012',
      payerGolfId: '850312-004',
      memberName: 'Olle Andersson',
      totalOre: 250000,
    });
    expect(second?.rows[0]?.quantity).toBe(2);
    expect(second?.dueDate).toBe('2027-01-31');
  });

  it('reports every kind of bad row with its Excel row number and a localised message', async () => {
    const rows: ExportRow[] = [
      exportRow({ Fakturanr: '1' }), // row 2: good
      exportRow({ Fakturanr: '2', 'Golf-ID': '8503124' }), // 3: golf ID format
      exportRow({ Fakturanr: '3', 'Golf-ID': '850230-001', 'Betalare (golf-ID)': '850230-001' }), // 4: no 30 February
      exportRow({ Fakturanr: '4', Efternamn: null }), // 5: required cell
      exportRow({ Fakturanr: '5', Belopp: 'sexhundra' }), // 6: amount
      exportRow({ Fakturanr: '6', 'Moms %': 20 }), // 7: VAT
      exportRow({ Fakturanr: '7', Förfallodatum: '2027-02-30' }), // 8: due date invalid
      exportRow({ Fakturanr: '8', Förfallodatum: new Date(Date.UTC(2026, 11, 1)) }), // 9: due before invoice date
      exportRow({ Fakturanr: '9' }), // 10: first row of invoice 9
      exportRow({ Fakturanr: '9', 'Betalare (golf-ID)': '700101-001', 'Betalarens namn': 'Per Persson' }), // 11: other payer
      exportRow({ Fakturanr: '10', 'E-post': 'anna(at)example.se' }), // 12: e-mail
      exportRow({ Fakturanr: '11', Antal: 0 }), // 13: quantity
      exportRow({ Fakturanr: '12', Belopp: '12,345' }), // 14: three decimals
      exportRow({ Fakturanr: null }), // 15: no invoice number
      exportRow({ Fakturanr: '13', 'Betalare (golf-ID)': '700101-001', 'Betalarens namn': null }), // 16: unknown payer, no name
    ];
    const imp = await uploaded(rows);
    const p = await preview(imp);
    const errorsOf = (row: number) =>
      p.invoices
        .flatMap((i) => i.errors)
        .filter((e) => e.row === row)
        .map((e) => [e.field, e.message]);
    expect(errorsOf(2)).toEqual([]);
    expect(errorsOf(3)).toEqual([['golfId', 'Invalid golf ID "8503124": use YYMMDD-NNN with a real date']]);
    expect(errorsOf(4)).toEqual([
      ['golfId', 'Invalid golf ID "850230-001": use YYMMDD-NNN with a real date'],
      ['payerGolfId', 'Invalid golf ID "850230-001": use YYMMDD-NNN with a real date'],
    ]);
    expect(errorsOf(5)).toEqual([['lastName', 'Value missing']]);
    expect(errorsOf(6)).toEqual([['amount', 'The amount "sexhundra" is not an amount in kronor (e.g. 1 234,50)']]);
    expect(errorsOf(7)).toEqual([['vatRate', 'The VAT rate "20" must be 25, 12, 6 or 0 %']]);
    expect(errorsOf(8)).toEqual([['dueDate', 'Invalid date "2027-02-30": use YYYY-MM-DD']]);
    expect(errorsOf(9)).toEqual([['dueDate', 'The due date 2026-12-01 is before the invoice date 2027-01-01']]);
    expect(errorsOf(10)).toEqual([]);
    expect(errorsOf(11)).toEqual([
      ['payerGolfId', 'The invoice has another payer (850312-004) on row 10 than here (700101-001)'],
    ]);
    expect(errorsOf(12)).toEqual([['email', 'Invalid e-mail address "anna(at)example.se"']]);
    expect(errorsOf(13)).toEqual([['quantity', 'The quantity "0" is not a positive number']]);
    expect(errorsOf(14)).toEqual([['amount', 'The amount "12,345" is not an amount in kronor (e.g. 1 234,50)']]);
    expect(errorsOf(15)).toEqual([['invoiceNumber', 'Value missing']]);
    expect(errorsOf(16)).toEqual([['payerName', 'The payer’s name is missing and the payer is not among the GIT members']]);

    expect(p.counts).toMatchObject({
      invoices: 14,
      validInvoices: 1,
      invalidInvoices: 13,
      rows: 15,
      validRows: 2,
      invalidRows: 13,
    });
    // Invoice 9 is invalid as a whole though its first row is fine.
    const nine = p.invoices.find((i) => i.invoiceNumber === '9');
    expect(nine?.valid).toBe(false);
    expect(nine?.rows[0]?.errors).toEqual([]);
    expect(p.counts.validTotalOre).toBe(650000);

    // Swedish for a Swedish reader.
    const sv = await preview(imp, a.owner, {}, 'sv');
    expect(sv.invoices.flatMap((i) => i.errors).find((e) => e.row === 7)?.message).toBe(
      'Momssatsen "20" måste vara 25, 12, 6 eller 0 %',
    );
  });

  it('uses a known GIT member’s name for a payer without one, and the dates of the request for empty date cells', async () => {
    await app.db.insert(gitMembers).values({
      organisationId: a.organisationId,
      clubAccountId: a.clubAccountId,
      golfId: '600101-123',
      firstName: 'Greta',
      lastName: 'Garbo',
      email: null,
      categoryCode: 'FULL',
      categoryName: 'Fullvärdig',
      active: true,
      modifiedAt: new Date(),
      raw: {},
    });
    const imp = await uploaded([
      exportRow({ 'Betalare (golf-ID)': '600101-123', 'Betalarens namn': null, Förfallodatum: null, Fakturadatum: null }),
    ]);
    const p = await preview(imp, a.owner, { invoiceDate: '2027-03-01', dueDate: '2027-03-31' });
    expect(p.invoices[0]).toMatchObject({
      payerName: 'Greta Garbo',
      invoiceDate: '2027-03-01',
      dueDate: '2027-03-31',
      valid: true,
    });
  });

  it('refuses a mapping without the required fields, a column used twice and bad dates, per field', async () => {
    const imp = await uploaded([exportRow()]);
    const cases: [Json, string, string][] = [
      [{ mapping: { ...imp.suggestedMapping, golfId: null } }, 'mapping.golfId', 'This field is required'],
      [{ mapping: { ...imp.suggestedMapping, email: 1 } }, 'mapping.email', 'The column is already used for another field'],
      [{ mapping: { ...imp.suggestedMapping, amount: 99 } }, 'mapping.amount', ''],
      [{ dueDate: '2026-12-31' }, 'dueDate', 'The due date cannot be before the invoice date'],
      [{ invoiceDate: '2027-13-01' }, 'invoiceDate', ''],
      [{ occasionName: '  ' }, 'occasionName', 'This field is required'],
    ];
    for (const [extra, field, message] of cases) {
      const res = await api('POST', `/git/imports/${imp.id}/preview`, a.owner, settings(imp, extra));
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      const errors = (res.json() as { error: Record<string, string[]> }).error;
      expect(errors[field], JSON.stringify(errors)).toBeDefined();
      if (message) expect(errors[field]).toContain(message);
    }
  });
});

describe('POST /git/imports/{id}/commit', () => {
  it('refuses invalid rows unless told to skip, then creates the occasion, bases, members, articles and a log row once', async () => {
    const rows: ExportRow[] = [
      exportRow({
        Fakturanr: '501',
        'Golf-ID': '920202-101',
        Förnamn: 'Karin',
        Efternamn: 'Berg',
        'Betalare (golf-ID)': '920202-101',
        'Betalarens namn': 'Karin Berg',
        'E-post': 'karin@example.se',
      }),
      exportRow({
        Fakturanr: '501',
        'Golf-ID': '920202-101',
        Förnamn: 'Karin',
        Efternamn: 'Berg',
        'Betalare (golf-ID)': '920202-101',
        'Betalarens namn': 'Karin Berg',
        Artikelkod: 'BAG-25',
        'Artikel/Benämning': 'Bagförvaring',
        Belopp: '500,00',
        'Moms %': 25,
      }),
      // A family invoice: two members, one payer.
      exportRow({
        Fakturanr: '502',
        'Golf-ID': '750505-201',
        Förnamn: 'Lars',
        Efternamn: 'Lund',
        'Betalare (golf-ID)': '750505-201',
        'Betalarens namn': 'Lars Lund',
        'E-post': 'lars@example.se',
      }),
      exportRow({
        Fakturanr: '502',
        'Golf-ID': '100505-202',
        Förnamn: 'Lisa',
        Efternamn: 'Lund',
        'Betalare (golf-ID)': '750505-201',
        'Betalarens namn': 'Lars Lund',
        Artikelkod: 'ARS-JUN',
        'Artikel/Benämning': 'Årsavgift Junior',
        Belopp: '1 500,00',
        Medlemskategori: 'Junior',
      }),
      exportRow({ Fakturanr: '503', 'Golf-ID': '921302-999' }), // invalid month
    ];
    const imp = await uploaded(rows);
    const occasionsBefore = await count(gitInvoiceOccasions, a.clubAccountId);
    const body = settings(imp, { skipInvalid: false });

    const refused = await api('POST', `/git/imports/${imp.id}/commit`, a.owner, body, 'sv');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      error: '1 rader har fel. Rätta filen, eller välj att hoppa över fakturor med fel.',
      eng_message: '1 rows have errors. Correct the file, or choose to skip invoices with errors.',
    });
    expect(await count(gitInvoiceOccasions, a.clubAccountId)).toBe(occasionsBefore);

    const res = await api('POST', `/git/imports/${imp.id}/commit`, a.owner, { ...body, skipInvalid: true });
    expect(res.statusCode, res.body).toBe(200);
    const result = (res.json() as { data: GitImportCommitResult }).data;
    expect(result).toMatchObject({
      importId: imp.id,
      occasionGitId: `import-${imp.id}`,
      invoices: 2,
      skippedInvoices: 1,
      membersCreated: 3,
      articlesCreated: 3,
      totalOre: 650000 + 50000 + 650000 + 150000,
      created: true,
    });

    // The occasion is an occasion like any other on the GIT pages.
    const detail = await api('GET', `/git/invoice-occasions/${result.occasionId}`, aReader);
    expect(detail.statusCode, detail.body).toBe(200);
    expect((detail.json() as { data: GitInvoiceOccasionDetail }).data).toMatchObject({
      gitId: `import-${imp.id}`,
      name: 'Årsavgifter 2027 (Excel)',
      invoiceDate: '2027-01-01',
      dueDate: '2027-01-31',
      basisCount: 2,
      totalOre: 1500000,
    });
    const stored = await app.db
      .select()
      .from(gitInvoiceBases)
      .where(and(eq(gitInvoiceBases.clubAccountId, a.clubAccountId), eq(gitInvoiceBases.occasionGitId, `import-${imp.id}`)))
      .orderBy(gitInvoiceBases.gitId);
    expect(stored.map((s) => [s.gitId, s.number, s.payerKind, s.payerGolfId, s.totalOre, s.status])).toEqual([
      [`import-${imp.id}-1`, 501, 'self', '920202-101', 700000, 'unpaid'],
      [`import-${imp.id}-2`, 502, 'family', '750505-201', 800000, 'unpaid'],
    ]);
    expect(stored[1]?.rows).toEqual([
      { articleCode: 'ARS-FULL', description: 'Årsavgift Fullvärdig – Lars Lund', quantity: 1, amountOre: 650000, vatRate: 0 },
      { articleCode: 'ARS-JUN', description: 'Årsavgift Junior – Lisa Lund', quantity: 1, amountOre: 150000, vatRate: 0 },
    ]);
    expect(stored[0]?.raw).toMatchObject({
      source: 'import',
      file: 'fakturaomgang.xlsx',
      row: 2,
      rows: [2, 3],
      invoiceNumber: '501',
      payer: {
        golfId: '920202-101',
        firstName: 'Karin',
        lastName: 'Berg',
        email: 'karin@example.se',
        address: { street: 'Storgatan 1', postalCode: '123 45', city: 'Golfby' },
      },
    });

    const members = await app.db
      .select()
      .from(gitMembers)
      .where(and(eq(gitMembers.clubAccountId, a.clubAccountId), like(gitMembers.golfId, '%0505-20%')))
      .orderBy(gitMembers.golfId);
    expect(members.map((m) => [m.golfId, m.firstName, m.lastName, m.email, m.categoryName, m.active])).toEqual([
      ['100505-202', 'Lisa', 'Lund', null, 'Junior', false],
      ['750505-201', 'Lars', 'Lund', 'lars@example.se', 'Fullvärdig', false],
    ]);
    const articles = await app.db
      .select()
      .from(gitArticles)
      .where(eq(gitArticles.clubAccountId, a.clubAccountId))
      .orderBy(gitArticles.code);
    expect(articles.map((x) => [x.gitId, x.code, x.name, x.amountOre, x.vatRate, x.account])).toEqual([
      ['import-ARS-FULL', 'ARS-FULL', 'Årsavgift Fullvärdig', 650000, 0, '3004'],
      ['import-ARS-JUN', 'ARS-JUN', 'Årsavgift Junior', 150000, 0, '3004'],
      ['import-BAG-25', 'BAG-25', 'Bagförvaring', 50000, 25, '3001'],
    ]);

    const [log] = await app.db
      .select()
      .from(gitTransactions)
      .where(and(eq(gitTransactions.clubAccountId, a.clubAccountId), eq(gitTransactions.kind, 'import')));
    expect(log).toMatchObject({ status: 'succeeded', trigger: 'manual', created: 9, total: 5, processed: 4, failed: 1 });
    expect(log?.counts).toEqual({
      invoiceOccasions: { created: 1, updated: 0 },
      invoiceBases: { created: 2, updated: 0 },
      members: { created: 3, updated: 0 },
      articles: { created: 3, updated: 0 },
    });
    expect(log?.failures).toEqual([
      { basisGitId: null, invoiceNumber: '503', message: '6: Invalid golf ID "921302-999": use YYMMDD-NNN with a real date' },
    ]);
    const logged = await api('GET', '/git/transactions', aReader);
    expect((logged.json() as { data: GitTransaction[] }).data.some((r) => r.kind === 'import')).toBe(true);
    const events = await app.db.select().from(eventLogs).where(eq(eventLogs.activity, 'gitImport.event.committed'));
    expect(events).toHaveLength(1);

    // A second commit answers the same occasion and writes nothing.
    const again = await api('POST', `/git/imports/${imp.id}/commit`, a.owner, { ...body, skipInvalid: true });
    expect(again.statusCode).toBe(200);
    expect((again.json() as { data: GitImportCommitResult }).data).toEqual({ ...result, created: false });
    expect(await count(gitInvoiceOccasions, a.clubAccountId)).toBe(occasionsBefore + 1);
    expect(
      (
        await app.db
          .select()
          .from(gitTransactions)
          .where(and(eq(gitTransactions.clubAccountId, a.clubAccountId), eq(gitTransactions.kind, 'import')))
      ).length,
    ).toBe(1);
    const upload = await api('GET', `/git/imports/${imp.id}`, a.owner);
    expect((upload.json() as { data: GitImportUpload }).data).toMatchObject({
      status: 'committed',
      occasionId: result.occasionId,
    });
  });

  it('keeps existing GIT members and articles, and refuses a batch with nothing valid', async () => {
    await app.db.insert(gitArticles).values({
      organisationId: a.organisationId,
      clubAccountId: a.clubAccountId,
      gitId: 'git-art-77',
      code: 'GREENFEE',
      name: 'Greenfee (GIT)',
      amountOre: 40000,
      vatRate: 6,
      account: '3010',
      modifiedAt: new Date(),
      raw: {},
    });
    const imp = await uploaded([
      exportRow({
        Fakturanr: '601',
        'Golf-ID': '600101-123',
        'Betalare (golf-ID)': '600101-123',
        Förnamn: 'G',
        Efternamn: 'G',
        Artikelkod: 'GREENFEE',
        'Moms %': 6,
        Belopp: '400',
      }),
    ]);
    const res = await api('POST', `/git/imports/${imp.id}/commit`, a.owner, settings(imp, { skipInvalid: false }));
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { data: GitImportCommitResult }).data).toMatchObject({ membersCreated: 0, articlesCreated: 0 });
    const [greta] = await app.db
      .select()
      .from(gitMembers)
      .where(and(eq(gitMembers.clubAccountId, a.clubAccountId), eq(gitMembers.golfId, '600101-123')));
    expect(greta).toMatchObject({ firstName: 'Greta', lastName: 'Garbo' });

    const bad = await uploaded([exportRow({ Belopp: 'gratis' })]);
    const none = await api('POST', `/git/imports/${bad.id}/commit`, a.owner, settings(bad, { skipInvalid: true }));
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toBe('There is no valid invoice to import');
  });
});

describe('commit twice at once', () => {
  it('makes one occasion and answers it to both', async () => {
    const imp = await uploaded([exportRow({ Fakturanr: '801', 'Golf-ID': '770707-777', 'Betalare (golf-ID)': '770707-777' })]);
    const body = settings(imp, { skipInvalid: false, occasionName: 'Samtidigt' });
    const [one, two] = await Promise.all([
      api('POST', `/git/imports/${imp.id}/commit`, a.owner, body),
      api('POST', `/git/imports/${imp.id}/commit`, a.owner, body),
    ]);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    const results = [one, two].map((r) => (r.json() as { data: GitImportCommitResult }).data);
    expect(results[0]?.occasionId).toBe(results[1]?.occasionId);
    expect(results.map((r) => r.created).sort()).toEqual([false, true]);
    const occasions = await app.db
      .select({ id: gitInvoiceOccasions.id })
      .from(gitInvoiceOccasions)
      .where(eq(gitInvoiceOccasions.gitId, `import-${imp.id}`));
    expect(occasions).toHaveLength(1);
  });
});

describe('stale uploads', () => {
  it('forgets uploads never imported after the kept days, and keeps imported ones', async () => {
    const stale = await uploaded([exportRow({ Fakturanr: '901' })]);
    const fresh = await uploaded([exportRow({ Fakturanr: '902' })]);
    const done = await uploaded([exportRow({ Fakturanr: '903', 'Golf-ID': '880808-888', 'Betalare (golf-ID)': '880808-888' })]);
    expect(
      (await api('POST', `/git/imports/${done.id}/commit`, a.owner, settings(done, { skipInvalid: false }))).statusCode,
    ).toBe(200);
    const eightDaysAgo = new Date(Date.now() - 8 * 24 * 60 * 60 * 1000);
    for (const id of [stale.id, done.id]) {
      await app.db.update(gitImports).set({ createdAt: eightDaysAgo }).where(eq(gitImports.id, id));
    }
    expect(await deleteStaleGitImports(app.db, 7)).toBeGreaterThanOrEqual(1);
    expect((await api('GET', `/git/imports/${stale.id}`, a.owner)).statusCode).toBe(404);
    expect((await api('GET', `/git/imports/${fresh.id}`, a.owner)).statusCode).toBe(200);
    expect((await api('GET', `/git/imports/${done.id}`, a.owner)).statusCode).toBe(200);
  });
});

describe('tenant isolation', () => {
  it('answers 404 for another organisation’s import on every route', async () => {
    const imp = await uploaded([exportRow()]);
    for (const [method, url, body] of [
      ['GET', `/git/imports/${imp.id}`, undefined],
      ['POST', `/git/imports/${imp.id}/preview`, settings(imp)],
      ['POST', `/git/imports/${imp.id}/commit`, settings(imp, { skipInvalid: true })],
    ] as const) {
      const res = await api(method, url, b.owner, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().eng_message).toBe('The import does not exist');
    }
    expect(await count(gitInvoiceOccasions, b.clubAccountId)).toBe(0);
    expect((await api('GET', '/git/imports/not-a-uuid', a.owner)).statusCode).toBe(400);
  });
});

describe('the GIT refresh and imported occasions', () => {
  let sim: GitSimulator;
  afterAll(async () => sim?.close());

  it('leaves an imported occasion and its bases alone while reading GIT', async () => {
    sim = await startGitSimulator({ members: 40, seed: 'git-import' });
    // The app's own GIT simulator, so its address is one the app may call.
    app.simulators.use('git', sim);
    const c = await createOrganisation(app, { name: 'Gamma GK' });
    const imp = await uploaded([exportRow({ Fakturanr: '9001' })], c.owner);
    const commit = await api('POST', `/git/imports/${imp.id}/commit`, c.owner, settings(imp, { skipInvalid: false }));
    expect(commit.statusCode, commit.body).toBe(200);
    const { occasionId } = (commit.json() as { data: GitImportCommitResult }).data;

    const connect = await api('PUT', '/git/connection', c.owner, {
      clubId: sim.clubId,
      apiKey: sim.apiKey,
      baseUrl: sim.apiBaseUrl,
    });
    expect(connect.statusCode, connect.body).toBe(200);
    const queued = await api('POST', '/git/refresh', c.owner);
    expect(queued.statusCode, queued.body).toBe(202);
    const runId = (queued.json() as { data: GitTransaction }).data.id;
    await runGitRefresh(app, runId);
    const [run] = await app.db.select().from(gitTransactions).where(eq(gitTransactions.id, runId));
    expect(run?.status, run?.error ?? '').toBe('succeeded');
    expect(await count(gitInvoiceOccasions, c.clubAccountId)).toBeGreaterThan(1);

    const [occasion] = await app.db.select().from(gitInvoiceOccasions).where(eq(gitInvoiceOccasions.id, occasionId));
    expect(occasion).toMatchObject({ gitId: `import-${imp.id}`, name: 'Årsavgifter 2027 (Excel)', basisCount: 1 });
    const bases = await app.db
      .select()
      .from(gitInvoiceBases)
      .where(eq(gitInvoiceBases.occasionGitId, `import-${imp.id}`));
    expect(bases).toHaveLength(1);
    expect(bases[0]?.raw).toMatchObject({ source: 'import' });
  }, 60_000);
});
