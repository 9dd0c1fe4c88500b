import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportRow, gitExportWorkbook } from '../../../apps/server/test/fixtures/git-import.fixtures';
import { snap, usePagePerTest } from '../../fixtures/browser';
import { eventually, loginThroughForm, pathOf } from '../auth/helpers';

const OCCASIONS = '/dashboard/golfrelated/git?tab=invoiceOccasions';
const OCCASION_PATH = /^\/dashboard\/golfrelated\/git\/invoice-occasions\/[0-9a-f-]{36}$/;

/**
 * Importing GIT's Excel export of an invoice batch (docs/git.md#import) on the demo club account: the file
 * is uploaded from the invoice-occasions tab, its columns are mapped by the suggestion, the
 * preview shows the invalid invoice with its Excel row, the import skips it, and the new invoice
 * occasion opens; then the wizard in English with the dark skin.
 */
describe('GIT Excel import', () => {
  let page: Page;
  let dir: string;
  let file: string;
  const tag = Date.now().toString(36);

  usePagePerTest((next) => {
    ({ page } = next);
  });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'fairway-e2e-import-'));
    file = join(dir, `Arsavgifter-${tag}.xlsx`);
    const book = await gitExportWorkbook(
      [
        exportRow({ Fakturanr: '70001' }),
        exportRow({ Fakturanr: '70001', Artikelkod: 'SKAP', 'Artikel/Benämning': 'Skåphyra', Belopp: '450,00', 'Moms %': 25 }),
        exportRow({
          Fakturanr: '70002',
          'Golf-ID': '910101-321',
          Förnamn: 'Bo',
          Efternamn: 'Berg',
          'Betalare (golf-ID)': '910101-321',
          'Betalarens namn': 'Bo Berg',
          Belopp: 'sexhundra',
        }),
      ],
      { title: [`Fakturaomgång ${tag}`] },
    );
    writeFileSync(file, book);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  async function openWizard(button: string, title: RegExp) {
    await page.goto(OCCASIONS);
    await page.getByRole('button', { name: button }).click();
    const dialog = page.getByRole('dialog', { name: title });
    await dialog.waitFor();
    return dialog;
  }

  it('uploads, maps, previews the errors and imports the valid invoice into a new occasion', async () => {
    await loginThroughForm(page);
    const dialog = await openWizard('Importera från Excel', /Importera fakturaomgång från Excel/);
    await dialog.locator('input[type="file"]').setInputFiles(file);
    await snap(page, 'git-import-upload');
    await dialog.getByRole('button', { name: 'Ladda upp och fortsätt' }).click();

    const golfId = dialog.getByRole('textbox', { name: /^Golf-ID/ });
    await golfId.waitFor();
    expect(await golfId.inputValue()).toBe('B – Golf-ID');
    await dialog.getByText('rubriker på rad 2').waitFor();
    const name = dialog.getByRole('textbox', { name: /^Fakturaomgångens namn/ });
    await name.fill(`Excel ${tag}`);
    await snap(page, 'git-import-mapping');
    await dialog.getByRole('button', { name: 'Förhandsgranska', exact: true }).click();

    const table = dialog.getByRole('table', { name: 'Fakturor i filen' });
    await table.getByText('Rad 5 · Belopp: Beloppet "sexhundra" är inget belopp i kronor (t.ex. 1 234,50)').waitFor();
    const commit = dialog.getByRole('button', { name: 'Importera 1 faktura' });
    expect(await commit.isDisabled()).toBe(true);
    await snap(page, 'git-import-preview');

    // Keyboard: the switch is reached and toggled from the keyboard.
    const skip = dialog.getByRole('switch', { name: 'Hoppa över fakturan med fel' });
    await skip.focus();
    await page.keyboard.press('Space');
    await eventually(async () => expect(await commit.isDisabled()).toBe(false));
    await commit.click();

    await dialog.getByText('Fakturaomgången är importerad').waitFor();
    await dialog.getByText('1 faktura med fel hoppades över.').waitFor();
    await snap(page, 'git-import-done');
    await dialog.getByRole('link', { name: 'Öppna fakturaomgången' }).click();
    await eventually(async () => expect(pathOf(page)).toMatch(OCCASION_PATH));
    await page.getByRole('heading', { level: 1, name: new RegExp(`Excel ${tag}`) }).waitFor();
    await snap(page, 'git-import-occasion');

    // Listed with the other occasions.
    await page.goto(OCCASIONS);
    await page
      .getByRole('table', { name: 'Fakturaomgångar' })
      .getByRole('link', { name: `Excel ${tag}` })
      .waitFor();
  });

  it('speaks English in the dark skin', async () => {
    await loginThroughForm(page);
    await page.evaluate(() => {
      localStorage.setItem('lang', 'en');
      localStorage.setItem('skin', 'dark');
    });
    const dialog = await openWizard('Import from Excel', /Import an invoice occasion from Excel/);
    await dialog.locator('input[type="file"]').setInputFiles(file);
    await dialog.getByRole('button', { name: 'Upload and continue' }).click();
    await dialog.getByRole('textbox', { name: /^Golf ID/ }).waitFor();
    await snap(page, 'git-import-mapping-en-dark');
    await dialog.getByRole('button', { name: 'Preview', exact: true }).click();
    await dialog
      .getByRole('table', { name: 'Invoices in the file' })
      .getByText(/^Row 5 · Amount: /)
      .waitFor();
    await snap(page, 'git-import-preview-en-dark');
  });
});
