import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { snap, waitForMail } from '../../fixtures/browser';
import { translator } from '../../fixtures/i18n';
import { apiCall, eventually, loginThroughForm, registerOwnerViaApi } from '../auth/helpers';
import { COMBINATIONS, choose, seriousViolations, settled, useAxePage } from '../landing/helpers';

const EMAIL_PAGE = '/dashboard/membercare/email-sendouts';
const SMS_PAGE = '/dashboard/membercare/sms-sendouts';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

/** A date in Swedish time, `days` from today. */
function daysAhead(days: number): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm' }).format(new Date(Date.now() + days * 86_400_000));
}

type Owner = Awaited<ReturnType<typeof registerOwnerViaApi>>;

interface Club {
  owner: Owner;
  /** A tag in the members' last name, so a search finds only this club's three. */
  tag: string;
  members: { id: string; firstname: string; email: string | null }[];
}

/**
 * A club of its own (so unsubscribing cannot disturb other tests): three members, two with an
 * e-mail address and a mobile number and one with neither; one e-mail template; the SMS plan of 100.
 */
async function club(prefix: string): Promise<Club> {
  const owner = await registerOwnerViaApi(prefix);
  const tag = `Utskick${Date.now().toString(36)}`;
  const people = [
    { firstname: 'Anna', email: `anna.${tag.toLowerCase()}@example.se`, phoneMobile: '070-111 22 33' },
    { firstname: 'Bo', email: `bo.${tag.toLowerCase()}@example.se`, phoneMobile: '070-444 55 66' },
    { firstname: 'Cia', email: null, phoneMobile: null },
  ];
  const members = [];
  for (const p of people) {
    const body = { firstname: p.firstname, lastname: tag, ...(p.email ? { email: p.email, phoneMobile: p.phoneMobile } : {}) };
    const m = await apiCall<{ id: string }>('POST', 'members', body, owner.accessToken);
    members.push({ id: m.id, firstname: p.firstname, email: p.email });
  }
  await apiCall(
    'POST',
    'member_care/templates',
    {
      title: 'Banan öppnar',
      subject: 'Banan öppnar, {{firstname}}!',
      lang: 'sv',
      design: { blocks: [{ type: 'text', id: 't1', html: '<p>Hej {{firstname}}, banan öppnar på lördag.</p>' }] },
    },
    owner.accessToken,
  );
  const subscription = await apiCall<{ id: string }>('GET', 'subscriptions', undefined, owner.accessToken);
  await apiCall('PUT', `subscriptions/change_sms_plan/${subscription.id}/`, { smsPlanId: 'sms-100' }, owner.accessToken);
  return { owner, tag, members };
}

/** Picks the club's members in the member picker by searching for their tag. */
async function pickMembers(page: Page, tag: string, names: string[]) {
  const picker = page.getByRole('textbox', { name: /^Utvalda medlemmar|^Picked members/ });
  await picker.click();
  await picker.fill(tag);
  for (const name of names) {
    await page.getByRole('option', { name: new RegExp(`^${name} ${tag}`) }).click();
  }
  await page.keyboard.press('Escape');
}

/**
 * Narrows the page to a phone and waits until it has laid itself out again: nothing wider than the
 * screen (a table scrolls inside its own box).
 */
async function onPhone(page: Page) {
  await page.setViewportSize(PHONE);
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { timeout: 30_000 })
    .toBeLessThanOrEqual(PHONE.width);
  await settled(page);
}

async function toast(page: Page, text: string) {
  await page.getByRole('alert').filter({ hasText: text }).first().waitFor();
}

describe('member care send-outs', () => {
  let page: Page;
  let c: Club;
  useAxePage((next) => {
    page = next;
  });
  beforeAll(async () => {
    c = await club('sendouts');
  }, 120_000);

  it('an e-mail send-out: preview with who is left out, a test, scheduled, sent now and followed to the end; an unsubscribe leaves the member out next time', {
    timeout: 300_000,
  }, async () => {
    const t = translator('sv');
    await loginThroughForm(page, c.owner);
    await page.goto(EMAIL_PAGE);
    await page.getByRole('heading', { name: 'E-postutskick' }).waitFor();
    await page.getByText(t('sendouts:list.empty.scheduled.title')).waitFor();
    await settled(page);
    expect(await seriousViolations(page), 'empty list').toEqual([]);
    await snap(page, 'sendouts-email-empty-sv-light');

    await page.getByRole('link', { name: 'Nytt utskick' }).first().click();
    await page.getByRole('heading', { name: 'Nytt e-postutskick' }).waitFor();
    // Nothing filled in: the shared rules refuse before anything is sent.
    await page.getByRole('button', { name: 'Spara utkast' }).click();
    await page.getByText('Detta fält är obligatoriskt').first().waitFor();

    await page.getByRole('textbox', { name: /^Titel/ }).fill('Banan öppnar e2e');
    const template = page.getByRole('textbox', { name: /^E-postmall/ });
    await template.click();
    await page.getByRole('option', { name: 'Banan öppnar' }).click();
    await pickMembers(page, c.tag, ['Anna', 'Bo', 'Cia']);
    const count = page.getByTestId('recipients-count');
    await eventually(async () => expect(await count.textContent()).toContain('2 medlemmar får e-post'));
    const excluded = page.getByTestId('recipients-excluded');
    await excluded.getByText('1 medlem utelämnas').waitFor();
    await excluded.getByRole('row', { name: new RegExp(`Cia ${c.tag}.*Saknar e-postadress`) }).waitFor();
    await settled(page);
    expect(await seriousViolations(page), 'form').toEqual([]);
    await snap(page, 'sendouts-email-form-sv-light');

    await page.getByRole('button', { name: 'Spara utkast' }).click();
    await toast(page, 'Utskicket Banan öppnar e2e sparades som utkast');
    await page.getByRole('heading', { name: 'Banan öppnar e2e' }).waitFor();
    await page.getByText('2 medlemmar', { exact: true }).waitFor();

    // A test copy, with the address the spec requires.
    await page.getByRole('button', { name: 'Skicka test' }).click();
    let dialog = page.getByRole('dialog', { name: 'Skicka ett test' });
    await dialog.getByRole('button', { name: 'Skicka test' }).click();
    await dialog.getByText('Ange en e-postadress att skicka testet till').waitFor();
    const testTo = `kansliet.${c.tag.toLowerCase()}@example.se`;
    await dialog.getByRole('textbox', { name: /^E-postadress/ }).fill(testTo);
    await dialog.getByRole('button', { name: 'Skicka test' }).click();
    await toast(page, `Testet skickades till ${testTo}`);
    const test = await waitForMail(testTo, /^\[Test\] Banan öppnar, Anna!/);
    expect(test.text).toContain('Hej Anna, banan öppnar på lördag.');

    // Scheduled for the day after tomorrow; more than 7 days back is refused.
    await page.getByRole('button', { name: 'Schemalägg' }).click();
    dialog = page.getByRole('dialog', { name: 'Schemalägg utskicket' });
    await dialog.getByText('Högst 7 dagar bakåt i tiden').first().waitFor();
    const date = dialog.getByRole('textbox', { name: /^Datum/ });
    await date.fill(daysAhead(-9));
    await dialog.getByLabel(/^Tid/).fill('09:30');
    await dialog.getByRole('button', { name: 'Schemalägg' }).click();
    await eventually(async () => expect(await dialog.getByText('Högst 7 dagar bakåt i tiden').count()).toBe(2));
    const sendOn = daysAhead(2);
    await date.fill(sendOn);
    await dialog.getByRole('button', { name: 'Schemalägg' }).click();
    await toast(page, 'Utskicket Banan öppnar e2e är schemalagt');
    await page.getByText(`${sendOn} 09:30`).first().waitFor();
    await page.getByText('Schemalagt', { exact: true }).first().waitFor();
    await snap(page, 'sendouts-email-scheduled-sv-light');

    // Sent now instead, after a confirmation that says to how many.
    await page.getByRole('button', { name: 'Skicka nu' }).click();
    dialog = page.getByRole('dialog', { name: 'Skicka utskicket nu' });
    await dialog.getByText('Skicka nu till 2 medlemmar?').waitFor();
    await dialog.getByRole('button', { name: 'Skicka nu' }).click();
    const bar = page.getByRole('progressbar', { name: 'Utskicket' });
    await eventually(async () => expect(await bar.getAttribute('aria-valuenow')).toBe('2'), 120_000);
    await page.getByTestId('sendout-progress').getByText('Klar', { exact: true }).waitFor({ timeout: 120_000 });
    const recipients = page.getByTestId('sendout-recipients');
    for (const name of ['Anna', 'Bo']) {
      await recipients.getByRole('row', { name: new RegExp(`${name} ${c.tag}.*Skickat`) }).waitFor();
    }
    await settled(page);
    expect(await seriousViolations(page), 'detail').toEqual([]);
    await snap(page, 'sendouts-email-sent-sv-light');
    await onPhone(page);
    await snap(page, 'sendouts-email-sent-sv-light-phone');
    await page.setViewportSize(DESKTOP);

    // In the earlier tab of the list, sent to both.
    await page.goto(`${EMAIL_PAGE}?tab=earlier`);
    const row = page.getByTestId('sendout-row').filter({ hasText: 'Banan öppnar e2e' });
    await row.getByText('2 av 2').waitFor();

    // Anna unsubscribes through the link in her e-mail.
    const anna = c.members[0]?.email as string;
    const mail = await waitForMail(anna, /^Banan öppnar, Anna!/);
    const link = mail.text.match(/https?:\/\/\S+\/api\/v1\/member_care\/unsubscribe\/[\w.-]+/)?.[0];
    expect(link, mail.text).toBeTruthy();
    await page.goto(link as string);
    // The page is in the browser's language; opening it changes nothing, the button does.
    await page.getByRole('button', { name: /^(Avregistrera mig|Unsubscribe me)$/ }).click();
    await page.getByText(/^(Du är avregistrerad|You are unsubscribed)$/).waitFor();

    // The next preview leaves her out, saying why.
    await page.goto(`${EMAIL_PAGE}?sendout=new`);
    await page.getByRole('heading', { name: 'Nytt e-postutskick' }).waitFor();
    await pickMembers(page, c.tag, ['Anna', 'Bo', 'Cia']);
    await eventually(async () =>
      expect(await page.getByTestId('recipients-count').textContent()).toContain('1 medlem får e-post'),
    );
    await page
      .getByTestId('recipients-excluded')
      .getByRole('row', { name: new RegExp(`Anna ${c.tag}.*Har avregistrerat sig`) })
      .waitFor();
  });

  it('an SMS send-out through the 46elks simulator: the sender rules, the segment count and the plan in the confirmation', {
    timeout: 240_000,
  }, async () => {
    await loginThroughForm(page, c.owner);
    await page.goto(`${SMS_PAGE}?sendout=new`);
    await page.getByRole('heading', { name: 'Nytt SMS-utskick' }).waitFor();
    await page.getByRole('textbox', { name: /^Titel/ }).fill('Banan stänger');
    const sender = page.getByRole('textbox', { name: /^Avsändare/ });
    await sender.fill('Golfklubben12');
    const text = page.getByRole('textbox', { name: /^Text/ });
    await text.fill('Banan stänger i dag på grund av åska. Välkomna åter i morgon!');
    await page.getByTestId('sms-counter').getByText('1 sms').waitFor();
    await page.getByTestId('sms-counter').getByText(/GSM/).waitFor();
    await pickMembers(page, c.tag, ['Bo', 'Cia']);
    await eventually(async () => expect(await page.getByTestId('recipients-count').textContent()).toContain('1 medlem får sms'));
    await page
      .getByTestId('recipients-excluded')
      .getByRole('row', { name: new RegExp(`Cia ${c.tag}.*Saknar mobilnummer`) })
      .waitFor();
    await page.getByRole('button', { name: 'Spara utkast' }).click();
    await page.getByText('Avsändarens namn behöver vara minst 1 och högst 11 karaktärer').waitFor();
    await sender.fill('Golfklubb');
    await settled(page);
    expect(await seriousViolations(page), 'sms form').toEqual([]);
    await snap(page, 'sendouts-sms-form-sv-light');
    await onPhone(page);
    await snap(page, 'sendouts-sms-form-sv-light-phone');
    await page.setViewportSize(DESKTOP);
    await page.getByRole('button', { name: 'Spara utkast' }).click();
    await page.getByRole('heading', { name: 'Banan stänger' }).waitFor();

    await page.getByRole('button', { name: 'Skicka nu' }).click();
    const dialog = page.getByRole('dialog', { name: 'Skicka utskicket nu' });
    await dialog.getByText('Skicka nu till 1 medlem?').waitFor();
    await dialog.getByText('Det använder 1 sms av de 100 som är kvar i SMS-planen den här månaden.').waitFor();
    await dialog.getByRole('button', { name: 'Skicka nu' }).click();
    await page.getByTestId('sendout-progress').getByText('Klar', { exact: true }).waitFor({ timeout: 120_000 });
    await page
      .getByTestId('sendout-recipients')
      .getByRole('row', { name: new RegExp(`Bo ${c.tag}.*\\+46704445566`) })
      .waitFor();
    await snap(page, 'sendouts-sms-sent-sv-light');
  });

  for (const { lang, skin } of COMBINATIONS) {
    it(`the lists and a send-out in ${lang}/${skin}, on a phone too`, { timeout: 180_000 }, async () => {
      const t = translator(lang);
      await loginThroughForm(page, c.owner);
      await choose(page, lang, skin);
      await page.goto(`${EMAIL_PAGE}?tab=earlier`);
      await page.getByRole('heading', { name: t('sendouts:title.email') }).waitFor();
      await page.getByTestId('sendout-row').first().waitFor();
      await settled(page);
      expect(await page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'))).toBe(skin);
      expect(await seriousViolations(page), `email list in ${lang}/${skin}`).toEqual([]);
      await snap(page, `sendouts-email-list-${lang}-${skin}`);

      await page.getByTestId('sendout-row').first().getByRole('link').click();
      await page.getByTestId('sendout-progress').waitFor();
      await settled(page);
      expect(await seriousViolations(page), `email detail in ${lang}/${skin}`).toEqual([]);
      await snap(page, `sendouts-email-detail-${lang}-${skin}`);

      // A draft's schedule dialog: Escape in the date field closes its calendar only; missing
      // input is named at its field in the page's language; the next Escape closes the dialog.
      const [template] = await apiCall<{ id: string }[]>('GET', 'member_care/templates', undefined, c.owner.accessToken);
      const title = `Utkast ${lang} ${skin}`;
      const draft = await apiCall<{ id: string }>(
        'POST',
        'member_care/sendouts',
        {
          channel: 'email',
          title,
          templateId: template?.id,
          subject: '',
          selection: { juniorsReachPayer: false, memberIds: c.members.map((m) => m.id) },
        },
        c.owner.accessToken,
      );
      await page.goto(`${EMAIL_PAGE}?sendout=${draft.id}`);
      await page.getByRole('heading', { name: title }).waitFor();
      await page.getByRole('button', { name: t('sendouts:detail.actions.schedule') }).click();
      const dialog = page.getByRole('dialog', { name: t('sendouts:detail.dialogs.schedule.title') });
      const date = dialog.getByRole('textbox', { name: new RegExp(`^${t('sendouts:detail.dialogs.schedule.date')}`) });
      await date.click();
      const calendar = page.locator('[data-dates-dropdown]');
      await calendar.waitFor();
      await settled(page);
      expect(await seriousViolations(page), `schedule dialog in ${lang}/${skin}`).toEqual([]);
      await snap(page, `sendouts-schedule-dialog-${lang}-${skin}`);
      await page.keyboard.press('Escape');
      await calendar.waitFor({ state: 'hidden' });
      expect(await dialog.isVisible()).toBe(true);
      await date.fill('');
      await dialog.getByLabel(new RegExp(`^${t('sendouts:detail.dialogs.schedule.time')}`)).fill('');
      await dialog.getByRole('button', { name: t('sendouts:detail.dialogs.schedule.confirm') }).click();
      await dialog.getByText(t('sendouts:detail.dialogs.schedule.dateMissing')).waitFor();
      await dialog.getByText(t('sendouts:detail.dialogs.schedule.timeMissing')).waitFor();
      await settled(page);
      expect(await seriousViolations(page), `schedule dialog refusing in ${lang}/${skin}`).toEqual([]);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });

      // Its form names the picked members (read in one call).
      await page.goto(`${EMAIL_PAGE}?sendout=${draft.id}&edit=1`);
      for (const m of c.members) await page.getByText(`${m.firstname} ${c.tag}`).first().waitFor();
      await settled(page);
      expect(await seriousViolations(page), `email form in ${lang}/${skin}`).toEqual([]);
      await onPhone(page);
      await snap(page, `sendouts-email-form-${lang}-${skin}-phone`);
      await page.setViewportSize(DESKTOP);

      await page.goto(`${SMS_PAGE}?sendout=new`);
      await page.getByRole('heading', { name: t('sendouts:form.new.sms') }).waitFor();
      await page.getByRole('textbox', { name: new RegExp(`^${t('sendouts:form.fields.message')}`) }).fill('Hej 👋');
      await page.getByTestId('sms-counter').getByText(t('sendouts:form.sms.encoding.ucs2')).waitFor();
      await page.getByTestId('recipients-count').waitFor();
      await settled(page);
      expect(await seriousViolations(page), `sms form in ${lang}/${skin}`).toEqual([]);
      await onPhone(page);
      await snap(page, `sendouts-sms-form-${lang}-${skin}-phone`);
      await page.goto(`${SMS_PAGE}?tab=earlier`);
      await page.getByTestId('sendout-row').first().waitFor();
      await settled(page);
      expect(await seriousViolations(page), `sms list on a phone in ${lang}/${skin}`).toEqual([]);
      await snap(page, `sendouts-sms-list-${lang}-${skin}-phone`);
    });
  }
});
