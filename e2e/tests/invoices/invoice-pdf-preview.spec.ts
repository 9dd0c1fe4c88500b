import type { Frame, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { snap, usePagePerTest } from '../../fixtures/browser';
import { loginThroughForm, OWNER } from '../auth/helpers';

const LIST = '/dashboard/acounting/invoices';

/** Chromium's own PDF viewer, once it has opened a document inside the preview's frame. */
async function pdfViewer(page: Page): Promise<Frame> {
  for (;;) {
    const viewer = page.frames().find((f) => f.url().startsWith('chrome-extension://') && f.url().endsWith('/index.html'));
    if (viewer) return viewer;
    await page.waitForEvent('frameattached');
  }
}

/**
 * "Visa PDF" shows the accounting program's PDF inside the page: the preview frame holds a blob:
 * URL, which the server's Content-Security-Policy has to allow, and Chromium's PDF viewer reads
 * the document (its toolbar names it by the invoice's number).
 */
describe('invoice PDF preview', () => {
  let page: Page;
  usePagePerTest((next) => {
    ({ page } = next);
  });

  for (const lang of ['sv', 'en'] as const) {
    it(`renders the invoice's PDF in the page (${lang})`, { timeout: 120_000 }, async () => {
      const violations: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && /Content Security Policy/.test(message.text())) violations.push(message.text());
      });
      await loginThroughForm(page, OWNER);
      await page.evaluate((l) => localStorage.setItem('lang', l), lang);
      await page.goto(LIST);
      const firstRow = page.getByRole('table').getByRole('row').nth(1);
      const link = firstRow.getByRole('link').first();
      await link.waitFor();
      const number = ((await link.textContent()) ?? '').trim();
      await link.click();

      const texts =
        lang === 'sv'
          ? { show: 'Visa PDF', title: `Faktura ${number} (PDF)` }
          : { show: 'View PDF', title: `Invoice ${number} (PDF)` };
      const viewerOpened = pdfViewer(page);
      await page.getByRole('button', { name: texts.show }).click();
      const dialog = page.getByRole('dialog', { name: texts.title });
      await dialog.locator('iframe').waitFor();
      const viewer = await viewerOpened;
      // The viewer's title is the document's own: it opened and read the PDF.
      await viewer
        .locator('#title')
        .filter({ hasText: `Faktura ${number}` })
        .waitFor();
      expect(violations).toEqual([]);
      await snap(page, `invoice-pdf-preview-${lang}`);
    });
  }
});
