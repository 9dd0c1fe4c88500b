import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { linkIn, snap, usePagePerTest, waitForMail } from '../../fixtures/browser';
import { apiCall, eventually, registerOwnerViaApi, storedSession, strongPassword, uniqueEmail } from './helpers';

describe('an invited user completes the profile', () => {
  let page: Page;
  usePagePerTest((next) => {
    ({ page } = next);
  });

  it('confirms the name, chooses a password and lands on the dashboard', async () => {
    const owner = await registerOwnerViaApi('inviter');
    const email = uniqueEmail('invited');
    await apiCall('POST', 'users/invite', { name: 'Per Persson', email, role: 'Staff' }, owner.accessToken);

    const mail = await waitForMail(email, /bjudit in|invited/i);
    const link = new URL(linkIn(mail, '/complete-profile'));
    await page.goto(link.pathname + link.search);

    await page.getByRole('heading', { name: 'Slutför din profil' }).waitFor();
    const name = page.getByLabel(/^Namn/);
    expect(await name.inputValue()).toBe('Per Persson');
    await snap(page, 'complete-profile');

    await name.fill('Per Persson Lind');
    const password = strongPassword('Inv');
    await page.getByLabel(/^Nytt lösenord( \*)?$/).fill(password);
    await page.getByLabel(/^Bekräfta lösenord/).fill(password);
    await page.getByRole('button', { name: 'Spara och logga in' }).click();

    await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 60_000 });
    await eventually(async () => {
      const user = JSON.parse((await storedSession(page)).userData ?? '{}');
      expect(user.email).toBe(email);
      expect(user.name).toBe('Per Persson Lind');
    });
  });
});
