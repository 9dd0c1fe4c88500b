import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { snap, usePagePerTest } from '../../fixtures/browser';
import { loginThroughForm, OWNER } from '../auth/helpers';

const LIST = '/dashboard/acounting/invoices';

/** How far the element's content reaches past its own box sideways (0: no sideways scroll). */
/** How far the content overflows, in whole pixels: below one is sub-pixel layout rounding, not a scroll. */
const overflow = (element: Locator) =>
  element.evaluate((el) => Math.max(0, Math.floor(el.scrollWidth - el.getBoundingClientRect().width)));

/** The nearest ancestor that scrolls sideways, or the element itself when none does. */
async function scroller(table: Locator): Promise<Locator> {
  await table.evaluate((el) => {
    let node: HTMLElement | null = el.parentElement;
    while (node && node !== document.body) {
      const style = getComputedStyle(node);
      if (/(auto|scroll)/.test(style.overflowX)) {
        node.setAttribute('data-e2e-scroller', '');
        return;
      }
      node = node.parentElement;
    }
    el.setAttribute('data-e2e-scroller', '');
  });
  return table.page().locator('[data-e2e-scroller]').first();
}

/** The element lies inside the window's width. */
async function inView(page: Page, element: Locator) {
  const box = await element.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box, 'the element has a box').not.toBeNull();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
}

describe('invoice screens fit their width', () => {
  describe('at 1440 px', () => {
    let page: Page;
    usePagePerTest(
      (next) => {
        ({ page } = next);
      },
      { width: 1440, height: 900 },
    );

    it('shows every column of the invoice rows, Summa included, without a sideways scroll', async () => {
      await loginThroughForm(page, OWNER);
      await page.goto(`${LIST}/create`);
      await page.getByRole('heading', { level: 1, name: 'Ny faktura' }).waitFor();
      const rows = page.getByRole('table', { name: 'Fakturarader' });
      await rows.getByRole('columnheader', { name: 'Summa' }).waitFor();
      expect(await overflow(await scroller(rows))).toBe(0);
      await inView(page, rows.getByRole('columnheader', { name: 'Summa' }));
      // Cost centre and project are still there, on the row's second line.
      await inView(page, page.getByRole('textbox', { name: 'Projekt, rad 1' }));
      await snap(page, 'invoice-create-1440');
    });
  });

  describe('on a phone (390 px)', () => {
    let page: Page;
    usePagePerTest(
      (next) => {
        ({ page } = next);
      },
      { width: 390, height: 844 },
    );

    it('shows each invoice with its amount without a sideways scroll', async () => {
      await loginThroughForm(page, OWNER);
      await page.goto(LIST);
      const table = page.getByRole('table', { name: 'Fakturor' });
      const amount = table.getByRole('row').nth(1).getByRole('cell').filter({ hasText: /kr$/ }).first();
      await amount.waitFor();
      expect(await overflow(await scroller(table))).toBe(0);
      await inView(page, amount);
      await snap(page, 'invoice-list-390');
    });
  });
});
