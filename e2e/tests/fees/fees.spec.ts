import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { snap, usePagePerTest } from '../../fixtures/browser';
import { eventually, loginThroughForm, registerOwnerViaApi } from '../auth/helpers';

/** The toast with `text` (`TOAST_MS`). */
async function toast(page: Page, text: string) {
  await page.getByRole('alert').filter({ hasText: text }).first().waitFor();
}

const plain = (text: string | null) => (text ?? '').replace(/\s/g, ' ');

/** Opens a Mantine select by its label and picks the option. */
async function choose(page: Page, label: RegExp, option: string | RegExp) {
  await page.getByRole('textbox', { name: label }).click();
  await page.getByRole('option', { name: option }).first().click();
}

describe('fees', () => {
  let page: Page;
  usePagePerTest((next) => {
    ({ page } = next);
  });

  it('creates a fee type, two fees and a rule with a percentage discount, and shows its priced total', async () => {
    const owner = await registerOwnerViaApi('fees');
    await loginThroughForm(page, owner);

    await page.goto('/dashboard/golfrelated/fees');
    await page.getByRole('heading', { name: 'Avgifter', level: 1 }).waitFor();
    await page.getByText('Inga avgiftstyper ännu').waitFor();

    // Fee type.
    await page.getByRole('button', { name: 'Ny avgiftstyp' }).first().click();
    let dialog = page.getByRole('dialog', { name: 'Ny avgiftstyp' });
    await dialog.getByRole('button', { name: 'Spara' }).click();
    await dialog.getByText('Detta fält är obligatoriskt').waitFor();
    await dialog.getByRole('textbox', { name: /^Namn/ }).fill('Årsavgift');
    await dialog.getByRole('button', { name: 'Spara' }).click();
    await toast(page, 'Avgiftstypen Årsavgift har skapats');
    await page.getByRole('cell', { name: 'Årsavgift' }).first().waitFor();

    // Two fees: 6 500 kr without VAT and a 500 kr locker with 25 % VAT.
    await page.getByRole('tab', { name: 'Avgifter' }).click();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'fees');
    for (const fee of [
      { name: 'Fullvärdig 2026', amount: '6500', vat: '0 %' },
      { name: 'Skåp 2026', amount: '500', vat: '25 %' },
    ]) {
      await page.getByRole('button', { name: 'Ny avgift' }).first().click();
      dialog = page.getByRole('dialog', { name: 'Ny avgift' });
      await dialog.getByRole('textbox', { name: /^Namn/ }).fill(fee.name);
      await choose(page, /^Avgiftstyp/, 'Årsavgift');
      await dialog.getByRole('textbox', { name: /^Belopp/ }).fill(fee.amount);
      await choose(page, /^Momssats/, fee.vat);
      await dialog.getByRole('button', { name: 'Spara' }).click();
      await toast(page, `Avgiften ${fee.name} har skapats`);
      await dialog.waitFor({ state: 'hidden' });
    }
    const lockerRow = page.getByRole('row').filter({ hasText: 'Skåp 2026' });
    await eventually(async () => expect(plain(await lockerRow.textContent())).toContain('500 kr'));
    expect(plain(await lockerRow.textContent())).toContain('25 %');

    // A rule with both fees and 10 % off: 7 000 kr less 700 kr.
    await page.getByRole('tab', { name: 'Avgiftsregler' }).click();
    await page.getByText('Inga avgiftsregler ännu').waitFor();
    await page.getByRole('button', { name: 'Ny avgiftsregel' }).first().click();
    dialog = page.getByRole('dialog', { name: 'Ny avgiftsregel' });
    await dialog.getByRole('textbox', { name: /^Namn/ }).fill('Familj');
    await dialog.getByRole('textbox', { name: /^Avgifter/ }).click();
    await page.getByRole('option', { name: /Fullvärdig 2026/ }).click();
    await page.getByRole('option', { name: /Skåp 2026/ }).click();
    await page.keyboard.press('Escape');
    await dialog.getByText('Procent', { exact: true }).click();
    await dialog.getByRole('textbox', { name: /^Rabatt i procent/ }).fill('10');
    await eventually(async () => expect(plain(await dialog.getByTestId('fee-rule-total').textContent())).toBe('6 300 kr'));
    await dialog.getByText(/25 % moms: 450\s*kr, varav moms 90\s*kr/).waitFor();
    await snap(page, 'fees-rule-form');
    await dialog.getByRole('button', { name: 'Spara' }).click();
    await toast(page, 'Avgiftsregeln Familj har skapats');

    const ruleRow = page.getByRole('row').filter({ hasText: 'Familj' });
    await eventually(async () => expect(plain(await ruleRow.getByTestId('fee-rule-row-total').textContent())).toBe('6 300 kr'));
    expect(plain(await ruleRow.textContent())).toContain('10 %');

    // The fee in the rule cannot be deleted: the refusal says why, and the fee stays.
    await page.getByRole('tab', { name: 'Avgifter' }).click();
    await page.getByRole('button', { name: 'Ta bort: Skåp 2026' }).click();
    await page.getByRole('dialog', { name: 'Ta bort avgift' }).getByRole('button', { name: 'Ta bort' }).click();
    await page
      .getByText(/ingår i avgiftsreglerna Familj och kan inte tas bort/)
      .first()
      .waitFor();
    await page.getByRole('row').filter({ hasText: 'Skåp 2026' }).waitFor();

    // The dark skin.
    await page.evaluate(() => localStorage.setItem('skin', 'dark'));
    await page.goto('/dashboard/golfrelated/fees?tab=feeRules');
    await ruleRow.waitFor();
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'))).toBe('dark');
    await snap(page, 'fees-rules-dark');
  });
});
