import type { Frame, Locator, Page } from 'playwright-core';
import { describe, expect, it, onTestFailed } from 'vitest';
import { snap, usePagePerTest } from '../../fixtures/browser';
import { type Lang, translator } from '../../fixtures/i18n';
import { eventually, loginThroughForm, reloadUntilVisible } from '../auth/helpers';

const GIT = '/dashboard/golfrelated/git';
const PAID = `${GIT}?tab=paidInvoices`;
const DASHBOARD = '/dashboard';

/** Data rows of a table (mantine-datatable draws an empty row while it has none). */
function rows(page: Page, table: string): Locator {
  return page.getByRole('table', { name: table }).locator('tbody tr:not(.mantine-datatable-empty-row)');
}

/** Sets the demo club's API configuration `club_to_sync` through the API, as the signed-in user. */
async function setClubToSync(page: Page, clubAccountId: string | null): Promise<void> {
  const status = await page.evaluate(async (club) => {
    const headers = { Authorization: `Bearer ${localStorage.getItem('accessToken')}`, 'Content-Type': 'application/json' };
    const current = await (await fetch('/api/v1/configurations/api', { headers })).json();
    const res = await fetch('/api/v1/configurations/api', {
      method: 'PUT',
      headers,
      body: JSON.stringify({ ...current.data.values, club_to_sync: club }),
    });
    return res.status;
  }, clubAccountId);
  expect(status).toBe(200);
}

/** The dashboard's "invoiced this year ex VAT" once it is complete (the card shows a figure, not "—"). */
async function revenueFigure(page: Page, t: ReturnType<typeof translator>): Promise<string> {
  await page.goto(DASHBOARD);
  const card = page.getByTestId('stat-revenueThisYear');
  await card.getByText(t('dashboard:stats.revenueThisYear.label')).waitFor();
  // The first refresh reads every invoice whole before the figure is given: minutes on a loaded machine.
  const figure = card.getByText(/\d[\d\s\u00a0]*\s?kr|SEK\s?[\d,]+/).first();
  await reloadUntilVisible(page, figure, 300_000, DASHBOARD);
  return ((await figure.textContent()) ?? '').trim();
}

/**
 * A treasurer's week on the demo, in Swedish and then in English: sync an occasion's basis that
 * GIT addresses to a family payer (the dialog says who gets the invoice and what the run will do;
 * the invoice goes to the payer, its row names the member), register its payment, report payments
 * to GIT with the API configuration's club to sync to missing (the dialog says which setting and
 * links to it) and then set, open the invoice's PDF, and read the dashboard twice (the same
 * complete figure both times).
 */
describe('a treasurer’s week', () => {
  let page: Page;
  usePagePerTest((next) => {
    ({ page } = next);
  });

  for (const lang of ['sv', 'en'] as Lang[]) {
    it(`syncs a family payer's invoice, takes the payment, reports to GIT, opens the PDF and reads the dashboard (${lang})`, async () => {
      const t = translator(lang);
      onTestFailed(() => snap(page, `week-${lang}-failed`));
      await loginThroughForm(page);
      await page.evaluate((l) => localStorage.setItem('lang', l), lang);
      // Reporting starts without a club to sync to, as a newly connected club does.
      await setClubToSync(page, null);

      // 1. An unsynced basis of an occasion that GIT addresses to the family's payer.
      await page.goto(`${GIT}?tab=invoiceOccasions`);
      const occasions = rows(page, t('git:occasions.table'));
      await reloadUntilVisible(page, occasions.first());
      await occasions.first().getByRole('link').first().click();
      await page.waitForURL(/invoice-occasions\//);
      const unsynced = `${page.url().split('?')[0]}?status=unpaid&sync=not_synced`;
      const familyPaid = rows(page, t('git:bases.table')).filter({ hasText: t('git:bases.payerKinds.family') });
      await page.goto(unsynced);
      await reloadUntilVisible(page, familyPaid.first(), 180_000, unsynced);
      const basis = familyPaid.first();
      const cells = await basis.locator('td').allTextContents();
      const memberCell = cells.find((c) => /\d{6}-\d{3}/.test(c)) ?? '';
      const golfId = memberCell.match(/\d{6}-\d{3}/)?.[0] ?? '';
      const payerCell = cells.find((c) => c.endsWith(t('git:bases.payerKinds.family'))) ?? '';
      const payer = payerCell.slice(0, -t('git:bases.payerKinds.family').length).trim();
      expect(golfId).not.toBe('');
      expect(payer).not.toBe('');
      await basis.getByRole('checkbox').check();
      await page.getByRole('button', { name: t('git:bases.syncSelected', { count: 1 }) }).click();

      // 2. Before starting, the dialog says who the invoice goes to and what the run does with it.
      const dialog = page.getByRole('dialog');
      const payers = dialog.getByTestId('sync-payers');
      await payers.waitFor({ timeout: 120_000 });
      const payerLine = (await payers.getByRole('listitem').first().textContent()) ?? '';
      const member = payerLine.split(':')[0]?.trim() ?? '';
      expect(payerLine).toBe(t('git:sync.otherPayers.row', { member, payer, kind: t('git:sync.otherPayers.kind.family') }));
      // GIT articles the accounting program lacks are created first (the first sync of the demo).
      const mapButton = dialog.getByRole('button', { name: t('git:sync.mapArticles') });
      if ((await mapButton.count()) > 0) {
        await mapButton.click();
        await dialog.getByRole('button', { name: t('git:sync.articles.createAll') }).click();
        await dialog.getByRole('button', { name: t('git:sync.articles.save') }).click();
      }
      await dialog.getByText(t('git:sync.plan.title')).waitFor();
      // Booked at once, so that its payment can be registered; not sent, so that nobody is e-mailed.
      const book = dialog.getByRole('switch', { name: t('git:sync.plan.book') });
      if (!(await book.isChecked())) await book.click();
      const send = dialog.getByRole('switch', { name: t('git:sync.plan.send') });
      if (await send.isChecked()) await send.click();
      await dialog.getByTestId('sync-delivery').getByText(t('git:sync.plan.booked_one')).waitFor();
      await dialog.getByTestId('sync-delivery').getByText(t('git:sync.plan.notSent_one')).waitFor();
      await snap(page, `week-${lang}-sync-plan`);
      await dialog.getByRole('button', { name: t('git:sync.start', { count: 1 }) }).click();
      // The run goes through the shared limiter of the accounting program: minutes on a loaded machine.
      await dialog.locator('[data-testid="run-progress"][data-status="succeeded"]').waitFor({ timeout: 300_000 });
      await dialog.getByRole('button', { name: t('git:sync.done') }).click();

      // 3. The basis names its invoice; the invoice is the payer's, its row names the member.
      await page
        .getByRole('combobox', { name: t('git:bases.filters.sync') })
        .or(page.getByRole('textbox', { name: t('git:bases.filters.sync') }))
        .click();
      await page.getByRole('option', { name: t('git:bases.filters.all') }).click();
      await page.waitForURL((url) => !url.searchParams.has('sync'));
      await page.getByRole('searchbox', { name: t('git:bases.search') }).fill(golfId);
      await page.waitForURL((url) => url.searchParams.get('search') === golfId);
      const invoiceLink = rows(page, t('git:bases.table')).filter({ hasText: golfId }).getByTestId('basis-invoice');
      await invoiceLink.waitFor({ timeout: 60_000 });
      const number = ((await invoiceLink.textContent()) ?? '').replace(/\D/g, '');
      await invoiceLink.click();
      await page.waitForURL((url) => url.pathname === '/dashboard/acounting/invoices');
      // The invoice list names its customer: the payer.
      await page.getByRole('link', { name: t('invoices:list.open', { number, name: payer }) }).click();
      await eventually(async () => {
        const values = await page.locator('input, textarea').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
        expect(values.some((v) => v.includes(member))).toBe(true);
      }, 60_000);

      // 4. Its payment, registered in full.
      await page.getByRole('button', { name: t('invoices:actions.payment.button') }).click();
      const payment = page.getByRole('dialog', { name: t('invoices:actions.payment.title', { number }) });
      await payment.getByRole('button', { name: t('accounting:payment.confirm') }).click();
      await payment.waitFor({ state: 'hidden', timeout: 60_000 });

      // 5. The PDF opens in the page.
      await page.getByRole('button', { name: t('invoices:actions.pdf.button') }).click();
      const pdf = page.getByRole('dialog', { name: t('invoices:actions.pdf.title', { number }) });
      await pdf.locator('iframe').waitFor();
      // Chromium's PDF viewer opened the document: its title is the PDF's own ("Faktura N").
      let viewer: Frame | undefined;
      await eventually(async () => {
        viewer = page.frames().find((f) => f.url().startsWith('chrome-extension://') && f.url().endsWith('/index.html'));
        expect(viewer).toBeDefined();
      }, 60_000);
      await viewer
        ?.locator('#title')
        .filter({ hasText: `Faktura ${number}` })
        .waitFor();
      await snap(page, `week-${lang}-invoice-pdf`);
      await page.keyboard.press('Escape');

      // 6. Report payments to GIT: refused in the dialog, naming the missing setting with a link to it.
      try {
        await page.goto(PAID);
        const reportAll = page.getByRole('button', { name: t('git:settled.reportAll') });
        await reloadUntilVisible(page, reportAll);
        await reportAll.click();
        const report = page.getByRole('dialog', { name: t('git:settled.confirmTitle.paid') });
        await report.getByRole('button', { name: t('git:settled.confirm') }).click();
        const alert = report.getByRole('alert');
        await alert.getByText(t('git:settled.reportFailed')).waitFor();
        expect(await alert.textContent()).not.toContain('club_to_sync');
        await snap(page, `week-${lang}-report-missing-setting`);
        const setting = t('configurations:groups.api.fields.club_to_sync.label');
        await alert
          .getByRole('link', { name: t('common:failure.openSetting', { setting, group: t('configurations:groups.api.title') }) })
          .click();
        await page.waitForURL((url) => url.searchParams.get('tab') === 'api');
        const club = page.getByRole('textbox', { name: setting });
        await eventually(async () => expect(await club.evaluate((el) => el === document.activeElement)).toBe(true));
        await club.click();
        await page.getByRole('option', { name: 'Fairway Demo GK', exact: true }).click();
        await page.getByRole('button', { name: t('configurations:save'), exact: true }).click();
        await page
          .getByRole('alert')
          .filter({ hasText: t('configurations:saved', { group: t('configurations:groups.api.title') }) })
          .first()
          .waitFor();

        // ... and once it is set, the report runs to the end.
        await page.goto(PAID);
        await reportAll.click();
        await report.getByRole('button', { name: t('git:settled.confirm') }).click();
        await report.waitFor({ state: 'hidden' });
        const done = page
          .locator('[data-testid="run-progress"]')
          .and(page.locator('[data-status="succeeded"], [data-status="failed"]'));
        await done.waitFor({ timeout: 300_000 });
        expect(await done.getAttribute('data-status')).toBe('succeeded');
        await snap(page, `week-${lang}-reported`);
      } finally {
        await setClubToSync(page, null);
      }

      // 7. The dashboard twice: a complete figure, the same both times.
      const first = await revenueFigure(page, t);
      const second = await revenueFigure(page, t);
      expect(second).toBe(first);
      await snap(page, `week-${lang}-dashboard`);
    }, 1_200_000);
  }
});
