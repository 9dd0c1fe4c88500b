import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { downloaded, snap, usePagePerTest } from '../../fixtures/browser';
import { apiCall, eventually, loginThroughForm, OWNER, storedSession } from '../auth/helpers';

const EXPORTS = '/dashboard/golfrelated/exports';

const today = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm' }).format(new Date());

/**
 * Exports (docs/exports.md): the required-dates message,
 * then the members of this month exported as CSV — the download holds a member created today —
 * and the export's row in the log, downloaded again from there; the page in English and dark.
 */
describe('exports', () => {
  let page: Page;
  usePagePerTest((next) => {
    ({ page } = next);
  });

  it('exports the members of a period, downloads the file and sees the export in the log', { timeout: 180_000 }, async () => {
    await loginThroughForm(page, OWNER);
    const { accessToken } = await storedSession(page);
    const lastname = `Exportsson${Date.now().toString(36)}`;
    await apiCall(
      'POST',
      'members',
      { firstname: 'Greta', lastname, email: `${lastname.toLowerCase()}@example.se` },
      accessToken as string,
    );

    await page.goto(EXPORTS);
    await page.getByRole('heading', { level: 1, name: 'Exporter' }).waitFor();
    const form = page.getByRole('form', { name: 'Ny export' });
    await form.waitFor();

    // No dates: the required-dates message on both fields, nothing sent.
    await form.getByRole('button', { name: 'Exportera' }).click();
    await eventually(async () => expect(await form.getByText('Start- och slutdatum måste anges').count()).toBe(2));

    // The period typed (as ISO dates, which either language reads), members as CSV.
    const start = `${today().slice(0, 8)}01`;
    const end = today();
    await form.getByRole('radio', { name: /^Medlemmar/ }).click();
    const startField = form.getByRole('textbox', { name: /^Startdatum/ });
    await startField.fill(start);
    await startField.press('Tab');
    const endField = form.getByRole('textbox', { name: /^Slutdatum/ });
    await endField.fill(end);
    await endField.press('Tab');
    await snap(page, 'exports-form');

    const [response, download] = await Promise.all([
      page.waitForResponse((r) => /\/api\/v1\/exports\/[0-9a-f-]{36}\/file$/.test(r.url()), { timeout: 120_000 }),
      page.waitForEvent('download', { timeout: 120_000 }),
      form.getByRole('button', { name: 'Exportera' }).click(),
    ]);
    expect(response.status()).toBe(200);
    expect(download.suggestedFilename()).toBe(`medlemmar-${start}-${end}.csv`);
    const csv = (await downloaded(download)).toString('utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.split('\r\n')[0]).toContain('Golf-ID;Medlemsnummer;Förnamn;Efternamn');
    const line = csv.split('\r\n').find((l) => l.includes(lastname));
    expect(line).toContain(`Greta;${lastname}`);
    expect(line).toContain('Ny');

    // The export log: the newest row is this export.
    const log = page.getByRole('table', { name: 'Exportlogg' });
    await log.waitFor();
    const row = log.getByRole('row').nth(1);
    await eventually(async () => {
      // The heading row and this export's: one click, one export.
      expect(await log.getByRole('row').count()).toBe(2);
      const text = (await row.textContent()) ?? '';
      expect(text).toContain('Medlemmar');
      expect(text).toContain('Klar');
      expect(text).toContain('CSV');
    }, 20_000);
    await snap(page, 'exports-log');

    // Download again from the log: the same file.
    const [again] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: `Ladda ner medlemmar-${start}-${end}.csv` }).click(),
    ]);
    expect((await downloaded(again)).toString('utf8')).toBe(csv);

    // English, dark.
    await page.evaluate(() => {
      localStorage.setItem('lang', 'en');
      localStorage.setItem('skin', 'dark');
    });
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Exports' }).waitFor();
    await page.getByRole('table', { name: 'Export log' }).getByText('Members').first().waitFor();
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    await eventually(async () => expect(await page.getByText('Start and End date is required').count()).toBe(2));
    // The first empty date has the focus (and its calendar open): Escape closes the calendar.
    await page.keyboard.press('Escape');
    await snap(page, 'exports-en-dark');
  });
});
