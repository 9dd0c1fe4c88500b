import type { GitImportCommitResult, GitImportPreview, GitImportUpload } from '@fairway/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../../app/query-client';
import { setLanguage } from '../../../../lib/i18n';
import { setTokens } from '../../../../lib/storage';
import { type AnswerContext, mockApi, ok, refuse, reply } from '../../../../test/api';
import { demoUser, renderRoutes } from '../../../../test/render';
import { GitImportButton } from './git-import-button';
import { columnLetter, fileProblem } from './import-helpers';
import { excelRows } from './preview-step';

const IMPORT_ID = '3c0a4c2e-8f57-4c1e-9a3b-1d2e3f4a5b6c';
const OCCASION_ID = '7d1e2f3a-4b5c-4d6e-8f90-a1b2c3d4e5f6';
const HEADERS = ['Fakturanr', 'Golf-ID', 'Förnamn', 'Efternamn', 'Artikelkod', 'Artikel/Benämning', 'Belopp', 'Anteckning'];

const uploadAnswer: GitImportUpload = {
  id: IMPORT_ID,
  fileName: 'Årsavgifter 2027.xlsx',
  sheetNames: ['Fakturaunderlag'],
  sheetName: 'Fakturaunderlag',
  headerRow: 1,
  columns: HEADERS,
  rowCount: 3,
  sampleRows: [
    { row: 2, cells: ['10001', '850312-004', 'Anna', 'Andersson', 'ARS', 'Årsavgift', '6 500,00', null] },
    { row: 3, cells: ['10002', '900101-001', 'Bo', null, 'ARS', 'Årsavgift', '6 500,00', null] },
  ],
  suggestedMapping: {
    invoiceNumber: 0,
    golfId: 1,
    firstName: 2,
    lastName: 3,
    articleCode: 4,
    description: 5,
    amount: 6,
    payerGolfId: null,
    vatRate: null,
  },
  status: 'uploaded',
  occasionId: null,
};

const row = (n: number, errors: GitImportPreview['invoices'][number]['errors'] = []) => ({
  row: n,
  golfId: '850312-004',
  memberName: 'Anna Andersson',
  articleCode: 'ARS',
  description: 'Årsavgift',
  quantity: 1,
  amountOre: 650000,
  vatRate: 0,
  errors,
});
const missing = { row: 3, field: 'lastName', message: 'Värde saknas' };
const previewAnswer: GitImportPreview = {
  id: IMPORT_ID,
  fileName: 'Årsavgifter 2027.xlsx',
  occasionName: 'Årsavgifter 2027',
  counts: { invoices: 2, validInvoices: 1, invalidInvoices: 1, rows: 2, validRows: 1, invalidRows: 1, validTotalOre: 650000 },
  invoices: [
    {
      invoiceNumber: '10001',
      golfId: '850312-004',
      memberName: 'Anna Andersson',
      payerGolfId: '850312-004',
      payerName: 'Anna Andersson',
      email: null,
      invoiceDate: '2027-01-01',
      dueDate: '2027-01-31',
      totalOre: 650000,
      valid: true,
      rows: [row(2)],
      errors: [],
    },
    {
      invoiceNumber: '10002',
      golfId: '900101-001',
      memberName: 'Bo',
      payerGolfId: '900101-001',
      payerName: 'Bo',
      email: null,
      invoiceDate: '2027-01-01',
      dueDate: '2027-01-31',
      totalOre: 650000,
      valid: false,
      rows: [row(3, [missing])],
      errors: [missing],
    },
  ],
};
const commitAnswer: GitImportCommitResult = {
  importId: IMPORT_ID,
  occasionId: OCCASION_ID,
  occasionGitId: `import-${IMPORT_ID}`,
  invoices: 1,
  skippedInvoices: 1,
  membersCreated: 1,
  articlesCreated: 1,
  totalOre: 650000,
  created: true,
};

/** The calls of the wizard (the signed-in user's aside), with 'form' for the uploaded file. */
const calls: { path: string; body: unknown }[] = [];
let uploadResponse: () => Response;

function record({ request, url, body }: AnswerContext) {
  const form = (request.headers.get('content-type') ?? '').startsWith('multipart/form-data');
  calls.push({ path: url.pathname, body: form ? 'form' : (body ?? null) });
}

beforeEach(async () => {
  await setLanguage('sv');
  calls.length = 0;
  uploadResponse = () => ok(uploadAnswer, { status: 201 });
  mockApi({
    'ALL users/me': () => demoUser,
    'POST git/imports': (call) => {
      record(call);
      return uploadResponse();
    },
    [`POST git/imports/${IMPORT_ID}/preview`]: (call) => {
      record(call);
      return previewAnswer;
    },
    [`POST git/imports/${IMPORT_ID}/commit`]: (call) => {
      record(call);
      return commitAnswer;
    },
    'ALL *': (call) => {
      record(call);
      return refuse(404, 'Finns inte', 'Not found');
    },
  });
  setTokens({ accessToken: 'access', refreshToken: 'refresh-123' });
});

afterEach(() => {
  queryClient.clear();
});

const xlsx = (name = 'Årsavgifter 2027.xlsx', size = 2048) =>
  new File([new Uint8Array(size)], name, { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });

function fileInput(dialog: HTMLElement): HTMLInputElement {
  const input = dialog.ownerDocument.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
}

describe('import helpers', () => {
  it('names columns like Excel and checks the file before sending it', () => {
    expect([0, 25, 26, 27, 51, 52].map(columnLetter)).toEqual(['A', 'Z', 'AA', 'AB', 'AZ', 'BA']);
    expect(fileProblem(null)).toBe('required');
    expect(fileProblem(xlsx('export.xls'))).toBe('type');
    expect(fileProblem(xlsx('export.xlsx', 5 * 1024 * 1024 + 1))).toBe('size');
    expect(fileProblem(xlsx('EXPORT.XLSX'))).toBeNull();
    expect([[4], [4, 5, 6], [4, 9, 12], [1, 2, 3, 5, 7, 9, 11]].map(excelRows)).toEqual([
      '4',
      '4–6',
      '4, 9, 12',
      '1, 2, 3, 5, 7, 9 …',
    ]);
  });
});

describe('GIT import wizard', { timeout: 120_000 }, () => {
  it('uploads, maps with the suggestion, previews errors by Excel row and imports skipping the invalid invoice', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderRoutes([{ path: '/', element: <GitImportButton /> }], '/');
    await user.click(await screen.findByRole('button', { name: 'Importera från Excel' }));
    const dialog = await screen.findByRole('dialog', { name: /Importera fakturaomgång från Excel/ });

    // A file that is not .xlsx is refused before anything is sent.
    await user.upload(fileInput(dialog), xlsx('export.csv'));
    await user.click(within(dialog).getByRole('button', { name: 'Ladda upp och fortsätt' }));
    expect(await within(dialog).findByText('Filen måste vara en Excel-fil (.xlsx)')).toBeInTheDocument();
    expect(calls).toEqual([]);

    await user.upload(fileInput(dialog), xlsx());
    await user.click(within(dialog).getByRole('button', { name: 'Ladda upp och fortsätt' }));
    await waitFor(() => expect(calls.map((c) => c.path)).toEqual(['/api/v1/git/imports']));
    expect(calls[0]?.body).toBe('form');

    // The mapping step: the suggestion is chosen, the name comes from the file, required fields are marked.
    const golfId = await within(dialog).findByRole('textbox', { name: /^Golf-ID/ });
    expect(golfId).toHaveValue('B – Golf-ID');
    expect(golfId).toBeRequired();
    expect(within(dialog).getByRole('textbox', { name: /^Betalare \(golf-ID\)/ })).toHaveValue('');
    expect(within(dialog).getByRole('textbox', { name: /^Betalare \(golf-ID\)/ })).not.toBeRequired();
    const name = within(dialog).getByRole('textbox', { name: /^Fakturaomgångens namn/ });
    expect(name).toHaveValue('Årsavgifter 2027');
    expect(within(dialog).getByRole('table', { name: 'De första raderna i filen' })).toHaveTextContent('850312-004');

    // The shared rule runs before sending: a name is required.
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Förhandsgranska' }));
    expect(await within(dialog).findByText('Detta fält är obligatoriskt')).toBeInTheDocument();
    expect(calls).toHaveLength(1);

    await user.type(name, 'Årsavgifter 2027');
    await user.click(within(dialog).getByRole('button', { name: 'Förhandsgranska' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]).toMatchObject({
      path: `/api/v1/git/imports/${IMPORT_ID}/preview`,
      body: {
        occasionName: 'Årsavgifter 2027',
        mapping: { invoiceNumber: 0, golfId: 1, lastName: 3, amount: 6, payerGolfId: null, vatRate: null },
      },
    });

    // The preview opens on the invalid invoices, with the row's message.
    const table = await within(dialog).findByRole('table', { name: 'Fakturor i filen' });
    expect(within(table).getByText('10002')).toBeInTheDocument();
    expect(within(table).queryByText('10001')).not.toBeInTheDocument();
    expect(within(table).getByText('Rad 3 · Efternamn: Värde saknas')).toBeInTheDocument();
    expect(within(dialog).getByText('Några fakturor har fel.', { exact: false })).toBeInTheDocument();
    const commit = within(dialog).getByRole('button', { name: 'Importera 1 faktura' });
    expect(commit).toBeDisabled();

    await user.click(within(dialog).getByRole('radio', { name: 'Alla (2)' }));
    expect(within(table).getByText('10001')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('switch', { name: 'Hoppa över fakturan med fel' }));
    expect(commit).toBeEnabled();
    await user.click(commit);
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2]).toMatchObject({ path: `/api/v1/git/imports/${IMPORT_ID}/commit`, body: { skipInvalid: true } });

    expect(await within(dialog).findByText('Fakturaomgången är importerad')).toBeInTheDocument();
    expect(within(dialog).getByText('1 faktura med fel hoppades över.')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Öppna fakturaomgången' })).toHaveAttribute(
      'href',
      `/dashboard/golfrelated/git/invoice-occasions/${OCCASION_ID}`,
    );
  });

  it('shows the server’s refusal of the file in English', async () => {
    await setLanguage('en');
    uploadResponse = () =>
      reply(400, {
        message: 'Excel-filen kunde inte läsas.',
        eng_message: 'The Excel file could not be read. Save it again as .xlsx and try once more.',
        error: 'The Excel file could not be read. Save it again as .xlsx and try once more.',
      });
    const user = userEvent.setup();
    renderRoutes([{ path: '/', element: <GitImportButton /> }], '/');
    await user.click(await screen.findByRole('button', { name: 'Import from Excel' }));
    const dialog = await screen.findByRole('dialog', { name: /Import an invoice occasion from Excel/ });
    await user.upload(fileInput(dialog), xlsx('broken.xlsx'));
    await user.click(within(dialog).getByRole('button', { name: 'Upload and continue' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('The Excel file could not be read. Save it again as .xlsx and try once more.');
    // Still on the first step.
    expect(within(dialog).getByRole('button', { name: 'Upload and continue' })).toBeInTheDocument();
  });
});
