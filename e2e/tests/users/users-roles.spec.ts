import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { linkIn, newPage, snap, usePagePerTest, waitForMail } from '../../fixtures/browser';
import { eventually, loginThroughForm, registerOwnerViaApi, strongPassword, uniqueEmail } from '../auth/helpers';
import { GROUP_IDS, openGroup, SHELL_SV } from '../shell/nav-helpers';

/** The sidebar links a signed-in user sees, group by group (closed groups are opened). */
async function sidebarLinks(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: SHELL_SV.nav.label });
  await nav.waitFor();
  const hrefs: string[] = [];
  for (const id of GROUP_IDS) {
    if ((await page.locator(`[data-nav-group="${id}"]`).count()) === 0) continue;
    hrefs.push(...(await openGroup(page, id)).map((l) => l.href));
  }
  return hrefs.sort();
}

describe('users and roles', () => {
  let page: Page;
  const { browser } = usePagePerTest((next) => {
    ({ page } = next);
  });

  it('an Owner creates a role, invites a user with it, and the role is all that user can do', async () => {
    const owner = await registerOwnerViaApi('roles');
    await loginThroughForm(page, owner);

    // Roles tab: create "Kassör" with only invoices.read and members.read.
    await page.goto('/dashboard/configuration/users?tab=roles');
    await page.getByRole('button', { name: 'Skapa roll' }).click();
    const roleDialog = page.getByRole('dialog', { name: 'Skapa roll' });
    await roleDialog.getByLabel(/^Namn/).fill('Kassör');
    await roleDialog.getByRole('checkbox', { name: 'Se fakturor' }).check();
    await roleDialog.getByRole('checkbox', { name: 'Se medlemmar' }).check();
    await snap(page, 'roles-create');
    await roleDialog.getByRole('button', { name: 'Spara' }).click();
    await roleDialog.waitFor({ state: 'hidden' });
    const card = page.getByRole('article', { name: 'Kassör' });
    await card.waitFor();
    expect(await card.textContent()).toMatch(/2 av \d+ behörigheter/);

    // Users tab: invite a new user with that role.
    await page.getByRole('tab', { name: 'Användare' }).click();
    await page.getByRole('button', { name: 'Bjud in användare' }).first().click();
    const invite = page.getByRole('dialog', { name: 'Bjud in användare' });
    const email = uniqueEmail('kassor');
    await invite.getByLabel(/^Namn/).fill('Kim Kassör');
    await invite.getByLabel(/^E-postadress/).fill(email);
    await invite.getByRole('textbox', { name: /^Roll/ }).click();
    await page.getByRole('option', { name: 'Kassör' }).click();
    await invite.getByRole('button', { name: 'Skicka inbjudan' }).click();
    await invite.waitFor({ state: 'hidden' });
    const row = page.getByRole('row', { name: new RegExp(email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
    await row.waitFor();
    expect(await row.textContent()).toContain('Kassör');
    expect(await row.textContent()).toContain('Inbjuden');
    await snap(page, 'users-invited');

    // The invitation e-mail leads to /complete-profile, in a browser of the invited person's own.
    const mail = await waitForMail(email, /bjudit in|invited/i);
    const link = new URL(linkIn(mail, '/complete-profile'));
    const invited = await newPage(browser());
    try {
      const other = invited.page;
      await other.goto(link.pathname + link.search);
      await other.getByRole('heading', { name: 'Slutför din profil' }).waitFor();
      const password = strongPassword('Kas');
      await other.getByLabel(/^Nytt lösenord( \*)?$/).fill(password);
      await other.getByLabel(/^Bekräfta lösenord/).fill(password);
      await other.getByRole('button', { name: 'Spara och logga in' }).click();
      await other.waitForURL((url) => url.pathname === '/dashboard', { timeout: 60_000 });

      // Only the screens of invoices.read and members.read (and the help pages, open to all);
      // Dubbelkoll's needs duplicates.read.
      await eventually(async () => {
        expect(await sidebarLinks(other)).toEqual(
          [
            '/dashboard/acounting/invoices',
            '/dashboard/golfrelated/members',
            '/dashboard/golfrelated/member-categories',
            '/dashboard/help/faq',
            '/dashboard/help/support',
            '/dashboard/help/video-guides',
          ].sort(),
        );
      }, 15_000);
      expect(await other.locator('[data-nav-group="configuration"]').count()).toBe(0);
      await snap(other, 'users-custom-role-sidebar');

      // Outside the role: the users page's GET users is refused and the access-denied modal says so.
      await other.goto('/dashboard/configuration/users');
      const denied = other.getByRole('dialog', { name: 'Åtkomst nekad' });
      await denied.waitFor({ timeout: 60_000 });
      expect(await denied.textContent()).toContain('Du har inte behörighet att utföra denna åtgärd');
      // Nor is inviting offered to someone without users.manage.
      expect(await other.getByRole('button', { name: 'Bjud in användare' }).count()).toBe(0);
      await snap(other, 'users-access-denied');
    } finally {
      await invited.context.close();
    }
  });
});
