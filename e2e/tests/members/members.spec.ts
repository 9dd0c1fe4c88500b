import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { snap, usePagePerTest } from '../../fixtures/browser';
import { eventually, loginThroughForm, OWNER, pathOf } from '../auth/helpers';

const LIST = '/dashboard/golfrelated/members';
const DETAIL_PATH = /^\/dashboard\/golfrelated\/members\/detail\/[0-9a-f-]{36}$/;

/** A golf ID no other run uses: a real date in the 1960s–90s and a random serial. */
function uniqueGolfId(): string {
  const n = Date.now();
  const pad = (v: number, w = 2) => String(v).padStart(w, '0');
  return `${60 + (n % 40)}${pad(1 + ((n >> 3) % 12))}${pad(1 + ((n >> 7) % 28))}-${pad(n % 1000, 3)}`;
}

async function toast(page: Page, text: string | RegExp) {
  await page.getByRole('alert').filter({ hasText: text }).first().waitFor();
}

/**
 * Members (docs/members-and-fees.md#members) of the demo club account: a member created after a refused golf ID, found
 * again by searching the list, opened, and its phone edited and read back in E.164; the
 * categories page with a new member category; and the pages in English with the dark skin.
 */
describe('members', () => {
  let page: Page;
  usePagePerTest((next) => {
    ({ page } = next);
  });

  it('creates a member after a bad golf ID, finds it, and edits its phone', async () => {
    const tag = Date.now().toString(36);
    const lastname = `Lindqvist${tag}`;
    await loginThroughForm(page, OWNER);

    // A member category to pick from later.
    await page.goto('/dashboard/golfrelated/member-categories');
    await page.getByRole('heading', { level: 1, name: 'Medlemskategorier' }).waitFor();
    await page.getByRole('button', { name: 'Ny medlemskategori' }).first().click();
    const modal = page.getByRole('dialog', { name: 'Ny medlemskategori' });
    await modal.getByRole('textbox', { name: /^Namn/ }).fill(`Senior ${tag}`);
    await modal.getByRole('textbox', { name: 'Kod' }).fill(`S${tag}`);
    await modal.getByRole('button', { name: 'Spara' }).click();
    await toast(page, `Kategorin Senior ${tag} har sparats`);
    await page.getByRole('table', { name: 'Medlemskategorier' }).getByText(`Senior ${tag}`).waitFor();
    await snap(page, 'members-categories');

    // Create: a golf ID with 30 February is refused on the field before anything is sent.
    await page.goto(LIST);
    await page.getByRole('heading', { level: 1, name: 'Medlemmar' }).waitFor();
    await page.getByRole('link', { name: 'Ny medlem' }).click();
    await page.getByRole('heading', { level: 1, name: 'Ny medlem' }).waitFor();
    await page.getByRole('textbox', { name: /^Förnamn/ }).fill('Greta');
    await page.getByRole('textbox', { name: /^Efternamn/ }).fill(lastname);
    const golfId = page.getByRole('textbox', { name: 'Golf-ID' });
    await golfId.fill('850230-001');
    await page.getByRole('textbox', { name: 'Mobiltelefon' }).fill('070-123 45 67');
    await page.getByRole('button', { name: 'Skapa medlem' }).click();
    await page.getByText('Ogiltigt golf-ID, ange i följande format: ÅÅMMDD-NNN').waitFor();
    expect(await golfId.getAttribute('aria-invalid')).toBe('true');
    await snap(page, 'members-create-error');

    await golfId.fill(uniqueGolfId().replace('-', ''));
    await page.getByRole('textbox', { name: 'Medlemskategori' }).click();
    await page.getByRole('option', { name: `Senior ${tag}` }).click();
    await page.getByRole('button', { name: 'Skapa medlem' }).click();
    await toast(page, `Medlemmen Greta ${lastname} har skapats`);
    await eventually(async () => expect(pathOf(page)).toMatch(DETAIL_PATH));
    await page.getByRole('heading', { level: 1, name: `Greta ${lastname}` }).waitFor();

    // Found again by the list's search, and opened from it.
    await page.goto(LIST);
    await page.getByRole('searchbox', { name: 'Sök medlem' }).fill(lastname);
    await eventually(async () => expect(new URL(page.url()).searchParams.get('search')).toBe(lastname));
    const table = page.getByRole('table', { name: 'Medlemmar' });
    await table.getByRole('link', { name: `${lastname}, Greta` }).waitFor();
    await table.getByText(`Senior ${tag}`).waitFor();
    await snap(page, 'members-list');
    await table.getByRole('link', { name: `${lastname}, Greta` }).click();
    await eventually(async () => expect(pathOf(page)).toMatch(DETAIL_PATH));

    // The profile tab: the phone is stored in E.164 and shown the Swedish way; a new one is saved and read back so.
    const phone = page.getByRole('textbox', { name: 'Mobiltelefon' });
    await eventually(async () => expect(await phone.inputValue()).toBe('070-123 45 67'));
    await phone.fill('070-765 43 21');
    await page.getByRole('button', { name: 'Spara' }).click();
    await toast(page, `Ändringarna för Greta ${lastname} har sparats`);
    await page.reload();
    await eventually(async () =>
      expect(await page.getByRole('textbox', { name: 'Mobiltelefon' }).inputValue()).toBe('070-765 43 21'),
    );
    await snap(page, 'members-detail-profile');

    // The family tree: adding without member and role says what is missing; a family is created.
    await page.getByRole('tab', { name: 'Familjeträd' }).click();
    await page.getByRole('button', { name: 'Skapa familj' }).click();
    await page.getByRole('table', { name: 'Familjens medlemmar' }).getByText('Betalare').waitFor();
    await page.getByRole('button', { name: 'Lägg till i familjen' }).click();
    await page.getByText('Medlemmen saknas i familjeträdet: ange både medlem och roll').waitFor();
    await snap(page, 'members-detail-family');

    // English with the dark skin.
    await page.evaluate(() => {
      localStorage.setItem('lang', 'en');
      localStorage.setItem('skin', 'dark');
    });
    await page.goto(`${LIST}?search=${lastname}`);
    await page.getByRole('heading', { level: 1, name: 'Members' }).waitFor();
    await page
      .getByRole('table', { name: 'Members' })
      .getByRole('link', { name: `${lastname}, Greta` })
      .waitFor();
    await snap(page, 'members-list-en-dark');
    await page
      .getByRole('table', { name: 'Members' })
      .getByRole('link', { name: `${lastname}, Greta` })
      .click();
    await page.getByRole('tab', { name: 'Membership' }).click();
    await page.getByText('Invoice balance').waitFor();
    await snap(page, 'members-detail-membership-en-dark');
    await page.goto(`${LIST.replace('members', 'create-member')}`);
    await page.getByRole('heading', { level: 1, name: 'New member' }).waitFor();
    await snap(page, 'members-create-en-dark');
  });
});
