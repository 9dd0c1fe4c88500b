import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { linkIn, newPage, snap, usePagePerTest, waitForMail } from '../../fixtures/browser';
import {
  loginThroughForm,
  PASSWORD_LABEL,
  pathOf,
  registerOwnerViaApi,
  storedSession,
  strongPassword,
  uniqueEmail,
} from './helpers';

const NEW_PASSWORD_LABEL = /^Nytt lösenord( \*)?$/;

describe('forgot and reset password', () => {
  let page: Page;
  let context: BrowserContext;
  const { browser } = usePagePerTest((next) => {
    ({ page, context } = next);
  });

  async function requestLink(email: string) {
    await page.goto('/forgot-password');
    await page.getByLabel(/^E-postadress/).fill(email);
    await page.getByRole('button', { name: 'Skicka länk' }).click();
    await page.getByRole('heading', { name: 'Kolla din e-post' }).waitFor();
    return page.getByText(/hör till ett konto har vi skickat en länk/).textContent();
  }

  it('answers the same for an unknown address', async () => {
    const text = await requestLink(uniqueEmail('nobody'));
    expect(text).toContain('Om adressen');
    await snap(page, 'forgot-password-sent');
  });

  it('resets through the e-mailed link once, refusing an earlier password', async () => {
    const account = await registerOwnerViaApi('reset');
    await requestLink(account.email);

    const mail = await waitForMail(account.email, /lösenord|password/i);
    const link = linkIn(mail, '/reset-password');
    const path = new URL(link).pathname + new URL(link).search;

    await page.goto(path);
    // The page says whom the link is for before a password is typed.
    await page.getByText(account.email).first().waitFor();
    await snap(page, 'reset-password');

    // The password rule as a checklist, ticking as the user types.
    const rules = page.getByRole('list', { name: 'Lösenordet ska innehålla' });
    await rules.waitFor();
    await page.getByLabel(NEW_PASSWORD_LABEL).fill(account.password);
    await page.getByLabel(/^Bekräfta lösenord/).fill(account.password);
    expect(await rules.locator('[data-met]').count()).toBe(5);

    // The password it had before is refused (it must differ from earlier ones).
    await page.getByRole('button', { name: 'Spara lösenord och logga in' }).click();
    await page.getByText('Det nya lösenordet måste skilja sig från tidigare lösenord').waitFor();
    expect(pathOf(page)).toMatch(/^\/reset-password/);

    const next = strongPassword('New');
    await page.getByLabel(NEW_PASSWORD_LABEL).fill(next);
    await page.getByLabel(/^Bekräfta lösenord/).fill(next);
    await page.getByRole('button', { name: 'Spara lösenord och logga in' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 60_000 });
    expect((await storedSession(page)).accessToken).toBeTruthy();

    // A used link is dead: a fresh visitor gets a clear error and a way to ask for a new one.
    await context.close();
    ({ context, page } = await newPage(browser()));
    await page.goto(path);
    await page.getByRole('heading', { name: 'Länken fungerar inte' }).waitFor();
    await page.getByText('Länken är ogiltig, har redan använts eller har gått ut').waitFor();
    await snap(page, 'reset-password-used-link');
    await page.getByRole('link', { name: 'Begär en ny länk' }).click();
    await page.waitForURL((url) => url.pathname === '/forgot-password');

    // The old password no longer works; the new one does.
    await page.goto('/login');
    await page.getByLabel(/^E-postadress/).fill(account.email);
    await page.getByLabel(PASSWORD_LABEL).fill(account.password);
    await page.getByRole('button', { name: 'Logga in', exact: true }).click();
    await page.getByText('Felaktig e-postadress eller lösenord').waitFor();
    await loginThroughForm(page, { email: account.email, password: next });
  });

  it('explains a link without a token', async () => {
    await page.goto('/reset-password');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toMatch(
      /Verifieringstoken saknas|Verification Token Missing/,
    );
    await snap(page, 'reset-password-no-token');
    await page.goto('/complete-profile');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await snap(page, 'complete-profile-no-token');
  });

  it('explains an unknown token', async () => {
    await page.goto('/complete-profile?token=not-a-real-token');
    await page.getByRole('heading', { name: 'Länken fungerar inte' }).waitFor();
    await snap(page, 'complete-profile-bad-token');
  });
});
