import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { HELP_TEXT_SEED } from '../../../apps/server/src/db/seed/help-guides';
import { snap } from '../../fixtures/browser';
import { loginThroughForm, OWNER } from '../auth/helpers';
import { seriousViolations, useAxePage } from '../landing/helpers';

const RECEIPTS = '/dashboard/golfrelated/receipts';

/** The seeded text of a key for the Fairway brand (apps/server/src/db/seed/help-guides.ts). */
function seeded(key: string) {
  const found = HELP_TEXT_SEED.find((t) => t.brand === 'fairway' && t.key === key);
  if (!found) throw new Error(`No seeded help text ${key}`);
  return found.text;
}

/** The contextual help of the dashboard (GET helptexts) beside a page title. */
describe('help hints in the dashboard', () => {
  let page: Page;
  useAxePage((next) => {
    page = next;
  });

  async function openHint(name: string) {
    const button = page.getByRole('button', { name });
    await button.waitFor({ timeout: 60_000 });
    await button.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name });
    await dialog.waitFor();
    return { button, dialog };
  }

  it('opens the seeded text beside the receipts title in Swedish and English, and closes on Escape', async () => {
    const text = seeded('receipts.list');
    await loginThroughForm(page, OWNER);
    await page.goto(RECEIPTS);
    await page.getByRole('heading', { level: 1, name: 'Kvitton' }).waitFor();
    const sv = await openHint('Hjälp om Kvitton');
    expect(await sv.dialog.textContent()).toBe(text.sv);
    expect(await sv.button.getAttribute('aria-expanded')).toBe('true');
    expect(await seriousViolations(page), 'receipts with the hint open').toEqual([]);
    await snap(page, 'help-hint-receipts-sv');
    await page.keyboard.press('Escape');
    await sv.dialog.waitFor({ state: 'hidden' });
    expect(await sv.button.evaluate((el) => el === document.activeElement)).toBe(true);

    await page.evaluate(() => localStorage.setItem('lang', 'en'));
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Receipts' }).waitFor();
    const en = await openHint('Help on Receipts');
    expect(await en.dialog.textContent()).toBe(text.en);
  }, 90_000);
});
