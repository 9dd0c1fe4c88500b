import {
  CONFIGURATION_DEFAULTS,
  type ConfigurationEntry,
  type Configurations,
  type InvoiceConfiguration,
  isoToday,
  monthsBack,
  VALIDATION_MESSAGES,
} from '@fairway/shared';
import { describe, expect, it } from 'vitest';
import { apiAs } from '../../../test/fixtures/accounting';
import { clubFile } from '../../../test/fixtures/club';
import { addMember, type TestMember, type TestOrganisation } from '../../../test/fixtures/users';
import { getConfiguration, withDefaults } from './configurations.service';

const { app, a, b, aDrift, aOther, aDriftManager, aNoAccount } = await clubFile();
const aManager = await addMember(app, a, 'Manager');

// No Accept-Language unless a test gives one: the answers are then in the server's default, Swedish.
const { api } = apiAs(app, { lang: null });

const invoice = (changes: Partial<InvoiceConfiguration> = {}): InvoiceConfiguration => ({
  ...CONFIGURATION_DEFAULTS.invoice,
  ...changes,
});
const apiConfig = (changes: Partial<typeof CONFIGURATION_DEFAULTS.api> = {}) => ({ ...CONFIGURATION_DEFAULTS.api, ...changes });

describe('GET /configurations', () => {
  it('answers every group with its defaults before anything is saved', async () => {
    const res = await api('GET', '/configurations', aOther);
    expect(res.statusCode).toBe(200);
    const data = (res.json() as { data: Configurations }).data;
    expect(data.clubAccountId).toBe(a.clubAccountId);
    expect(Object.keys(data.groups).sort()).toEqual(['api', 'article', 'contract', 'email', 'invoice', 'member']);
    for (const [group, entry] of Object.entries(data.groups)) {
      expect(entry).toEqual({
        id: null,
        group,
        values: CONFIGURATION_DEFAULTS[group as keyof Configurations['groups']],
        updatedAt: null,
      });
    }
  });

  it('needs sign-in and a club account in use', async () => {
    expect((await api('GET', '/configurations', null)).statusCode).toBe(401);
    const res = await api('GET', '/configurations', aNoAccount, undefined, 'en');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ eng_message: expect.stringContaining('no club account'), error: expect.any(String) });
  });
});

describe('PUT /configurations/{group}', () => {
  it('saves the invoice group, answers it and lists it; features read it through getConfiguration', async () => {
    const values = invoice({
      paymentTermsDays: 15,
      invoiceText: 'Tack för att du spelar hos oss',
      autoPause: true,
      autoPauseDaysAfterDue: 45,
    });
    const res = await api('PUT', '/configurations/invoice', aManager, values);
    expect(res.statusCode).toBe(200);
    const entry = (res.json() as { data: ConfigurationEntry<'invoice'> }).data;
    expect(entry.values).toEqual(values);
    expect(entry.updatedAt).not.toBeNull();

    const read = await api('GET', '/configurations/invoice', aOther);
    expect((read.json() as { data: ConfigurationEntry<'invoice'> }).data.values.paymentTermsDays).toBe(15);
    const all = (await api('GET', '/configurations', aOther)).json() as { data: Configurations };
    expect(all.data.groups.invoice.values.autoPauseDaysAfterDue).toBe(45);
    expect(all.data.groups.contract.updatedAt).toBeNull();

    const forFeature = await getConfiguration(
      app.db,
      { organisationId: a.organisationId, clubAccountId: a.clubAccountId },
      'invoice',
    );
    expect(forFeature.paymentTermsDays).toBe(15);
  });

  it('saves every other group', async () => {
    const payloads = {
      contract: { intervalMonths: 3, sendMethod: 'letter', invoiceDaysBeforePeriod: 14 },
      member: { defaultFeeRule: 'SENIOR', familyPayerPays: false, guardianPaysForJuniors: false, juniorAgeLimit: 21 },
      article: { vatRate: 6, salesAccount: '3003', unit: 'år' },
      email: {
        senderName: 'Alfa GK',
        replyTo: 'kansli@alfagk.se',
        signature: 'Hälsningar, kansliet',
        receiptSubject: 'Kvitto',
        receiptBody: 'Tack!',
        sendoutEmailsPerMinute: 120,
      },
    };
    for (const [group, values] of Object.entries(payloads)) {
      const res = await api('PUT', `/configurations/${group}`, aManager, values);
      expect(res.statusCode, group).toBe(200);
      expect((res.json() as { data: ConfigurationEntry }).data.values).toEqual(values);
    }
  });

  it('serves the contract group under configurations/sub-contract too', async () => {
    const res = await api('PUT', '/configurations/sub-contract', aManager, {
      intervalMonths: 6,
      sendMethod: 'email',
      invoiceDaysBeforePeriod: 0,
    });
    expect(res.statusCode).toBe(200);
    const contract = (await api('GET', '/configurations/contract', aOther)).json() as { data: ConfigurationEntry<'contract'> };
    expect(contract.data.values.intervalMonths).toBe(6);
    const sub = (await api('GET', '/configurations/sub-contract', aOther)).json() as { data: ConfigurationEntry<'contract'> };
    expect(sub.data).toEqual(contract.data);
  });

  it('refuses bad values per field, localised', async () => {
    const res = await api(
      'PUT',
      '/configurations/invoice',
      aManager,
      { ...invoice(), paymentTermsDays: 17, reminderFeeOre: 6001, lateInterestPercent: 8.123, sendMethod: 'fax', extra: 1 },
      'en',
    );
    expect(res.statusCode).toBe(400);
    const body = res.json() as { message: string; eng_message: string; error: Record<string, string[]> };
    expect(body.message).toBeTruthy();
    expect(Object.keys(body.error).sort()).toEqual([
      'extra',
      'lateInterestPercent',
      'paymentTermsDays',
      'reminderFeeOre',
      'sendMethod',
    ]);
    expect(body.error.reminderFeeOre?.[0]).toContain('6000 or less');

    const article = await api('PUT', '/configurations/article', aManager, { vatRate: 7, salesAccount: '30', unit: 'st' });
    expect(Object.keys((article.json() as { error: object }).error).sort()).toEqual(['salesAccount', 'vatRate']);
    const email = await api(
      'PUT',
      '/configurations/email',
      aManager,
      { ...CONFIGURATION_DEFAULTS.email, replyTo: 'nope', receiptSubject: ' ' },
      'sv',
    );
    const errors = (email.json() as { error: Record<string, string[]> }).error;
    expect(errors.replyTo).toBeDefined();
    expect(errors.receiptSubject).toEqual([VALIDATION_MESSAGES.required.sv]);
    // Nothing was written by the refused saves.
    const stored = (await api('GET', '/configurations/invoice', aOther)).json() as { data: ConfigurationEntry<'invoice'> };
    expect(stored.data.values.paymentTermsDays).toBe(15);
  });

  it('answers 404 for a group that does not exist', async () => {
    expect((await api('GET', '/configurations/bogus', aManager)).statusCode).toBe(404);
    // Not a group, so `configurations/{id}`, whose id is a uuid.
    expect((await api('PUT', '/configurations/bogus', aManager, {})).statusCode).toBe(400);
  });

  it('needs settings.manage to save (company.read to read)', async () => {
    const res = await api('PUT', '/configurations/invoice', aOther, invoice({ paymentTermsDays: 60 }));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ message: expect.any(String), eng_message: expect.any(String) });
    expect((await api('PUT', '/configurations/api', aOther, apiConfig())).statusCode).toBe(403);
    expect((await api('PUT', '/configurations/invoice', null, invoice())).statusCode).toBe(401);
  });

  it('keeps club accounts and organisations apart', async () => {
    const drift = (await api('GET', '/configurations', aDriftManager)).json() as { data: Configurations };
    expect(drift.data.clubAccountId).toBe(aDrift);
    expect(drift.data.groups.invoice.values).toEqual(CONFIGURATION_DEFAULTS.invoice);
    await api('PUT', '/configurations/invoice', aDriftManager, invoice({ paymentTermsDays: 10 }));
    const main = (await api('GET', '/configurations/invoice', aOther)).json() as { data: ConfigurationEntry<'invoice'> };
    expect(main.data.values.paymentTermsDays).toBe(15);

    const other = (await api('GET', '/configurations', b.owner)).json() as { data: Configurations };
    expect(other.data.clubAccountId).toBe(b.clubAccountId);
    expect(other.data.groups.invoice.values).toEqual(CONFIGURATION_DEFAULTS.invoice);
  });
});

describe('PUT /configurations/{id}', () => {
  const idOf = async (group: 'invoice' | 'article', who: TestMember | TestOrganisation['owner']) =>
    ((await api('GET', '/configurations', who)).json() as { data: Configurations }).data.groups[group].id;

  it('saves a stored group by its id through the same rules, and answers and lists it', async () => {
    const saved = await api('PUT', '/configurations/article', aManager, { vatRate: 12, salesAccount: '3002', unit: 'st' });
    const id = (saved.json() as { data: ConfigurationEntry<'article'> }).data.id;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await idOf('article', aOther)).toBe(id);

    const res = await api('PUT', `/configurations/${id}`, aManager, { vatRate: 25, salesAccount: '3010', unit: 'tim' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id, group: 'article', values: { vatRate: 25, salesAccount: '3010', unit: 'tim' } });
    const read = (await api('GET', '/configurations/article', aOther)).json() as { data: ConfigurationEntry<'article'> };
    expect(read.data.values.salesAccount).toBe('3010');
  });

  it("checks the values against the row's own group, localised per field", async () => {
    const id = await idOf('article', aOther);
    // Valid values of another group are not the article group's.
    const wrongGroup = await api('PUT', `/configurations/${id}`, aManager, CONFIGURATION_DEFAULTS.contract, 'en');
    expect(wrongGroup.statusCode).toBe(400);
    const bad = await api('PUT', `/configurations/${id}`, aManager, { vatRate: 7, salesAccount: '3010', unit: 'st' }, 'en');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys((bad.json() as { error: object }).error)).toEqual(['vatRate']);
    const read = (await api('GET', '/configurations/article', aOther)).json() as { data: ConfigurationEntry<'article'> };
    expect(read.data.values.vatRate).toBe(25);
  });

  it('needs settings.manage, and finds no id of another club account or organisation', async () => {
    const id = await idOf('article', aOther);
    const values = { vatRate: 6, salesAccount: '3010', unit: 'st' };
    expect((await api('PUT', `/configurations/${id}`, aOther, values)).statusCode).toBe(403);
    expect((await api('PUT', `/configurations/${id}`, null, values)).statusCode).toBe(401);
    const drift = await api('PUT', `/configurations/${id}`, aDriftManager, values, 'en');
    expect(drift.statusCode).toBe(404);
    expect(drift.json().eng_message).toContain('has not been saved for the club account in use');
    expect((await api('PUT', `/configurations/${id}`, b.owner, values)).statusCode).toBe(404);
    expect((await api('PUT', '/configurations/00000000-0000-4000-8000-000000000000', aManager, values)).statusCode).toBe(404);
    const read = (await api('GET', '/configurations/article', aOther)).json() as { data: ConfigurationEntry<'article'> };
    expect(read.data.values.vatRate).toBe(25);
  });
});

describe('GET and PUT /configurations/api', () => {
  it('answers the spec fields with defaults', async () => {
    const res = await api('GET', '/configurations/api', b.owner);
    expect(res.statusCode).toBe(200);
    expect((res.json() as { data: ConfigurationEntry<'api'> }).data.values).toEqual(CONFIGURATION_DEFAULTS.api);
  });

  it('requires a club to sync to when auto sync is on', async () => {
    const res = await api('PUT', '/configurations/api', aManager, apiConfig({ auto_sync: true }), 'en');
    expect(res.statusCode).toBe(400);
    expect((res.json() as { error: Record<string, string[]> }).error).toEqual({
      club_to_sync: ['Kindly select club to sync data to'],
    });
  });

  it("accepts only the organisation's own club accounts to sync to, and only those the user was given", async () => {
    const foreign = await api(
      'PUT',
      '/configurations/api',
      aManager,
      apiConfig({ auto_sync: true, club_to_sync: b.clubAccountId }),
    );
    expect(foreign.statusCode).toBe(400);
    expect(Object.keys((foreign.json() as { error: object }).error)).toEqual(['club_to_sync']);

    // Syncs would later write into Drift AB on the club's behalf: a manager not given it cannot point there.
    const notGiven = await api(
      'PUT',
      '/configurations/api',
      aManager,
      apiConfig({ auto_sync: true, club_to_sync: aDrift }),
      'en',
    );
    expect(notGiven.statusCode).toBe(400);
    expect((notGiven.json() as { error: object }).error).toEqual({
      club_to_sync: ['The club to sync field has an invalid value'],
    });

    const both = await addMember(app, a, 'Manager', { clubAccountIds: [a.clubAccountId, aDrift] });
    const ok = await api(
      'PUT',
      '/configurations/api',
      both,
      apiConfig({ auto_sync: true, club_to_sync: aDrift, auto_mark_invoice_as_paid: true }),
    );
    expect(ok.statusCode).toBe(200);
    expect((ok.json() as { data: ConfigurationEntry<'api'> }).data.values).toMatchObject({
      auto_sync: true,
      club_to_sync: aDrift,
    });
  });

  it('limits start dates to 12 months back (sync) and 6 months back (payments and credits)', async () => {
    const today = isoToday();
    const res = await api(
      'PUT',
      '/configurations/api',
      aManager,
      apiConfig({
        sync_start_date: monthsBack(today, 13),
        payment_start_date: monthsBack(today, 7),
      }),
      'en',
    );
    expect(res.statusCode).toBe(400);
    const errors = (res.json() as { error: Record<string, string[]> }).error;
    expect(errors.sync_start_date).toEqual(['Choose a date up to 12 months back in time']);
    expect(errors.payment_start_date).toEqual(['Choose a date up to 6 months back in time']);
    const invalid = await api('PUT', '/configurations/api', aManager, apiConfig({ credit_start_date: '2025-02-30' }), 'en');
    expect((invalid.json() as { error: object }).error).toEqual({ credit_start_date: ['Enter a valid date (YYYY-MM-DD)'] });

    const ok = await api(
      'PUT',
      '/configurations/api',
      aManager,
      apiConfig({ sync_start_date: monthsBack(today, 12), payment_start_date: monthsBack(today, 6), credit_start_date: today }),
    );
    expect(ok.statusCode).toBe(200);
  });

  it('keeps a saved date that has since left its window when it is sent unchanged', async () => {
    const tenant = { organisationId: b.organisationId, clubAccountId: b.clubAccountId };
    const old = monthsBack(isoToday(), 20);
    const { saveStored } = await import('./configurations.repository');
    await saveStored(app.db, tenant, 'api', apiConfig({ sync_start_date: old }), b.owner.userId);
    const res = await api(
      'PUT',
      '/configurations/api',
      b.owner,
      apiConfig({ sync_start_date: old, include_partially_paid_invoices: true }),
    );
    expect(res.statusCode).toBe(200);
  });
});

describe('withDefaults', () => {
  it('falls back to the default for stored fields the schema no longer accepts, and drops unknown ones', () => {
    const values = withDefaults('invoice', { paymentTermsDays: 999, invoiceText: 'Hej', legacy: true });
    expect(values).toEqual({ ...CONFIGURATION_DEFAULTS.invoice, invoiceText: 'Hej' });
  });
});

describe('member configuration saved before the payer default', () => {
  it('a stored familyInvoicing: false (the old default, saved by every form) no longer keeps the family payer from paying', () => {
    const stored = { defaultFeeRule: 'SENIOR', familyInvoicing: false, guardianPaysForJuniors: true, juniorAgeLimit: 18 };
    expect(withDefaults('member', stored)).toEqual({
      defaultFeeRule: 'SENIOR',
      familyPayerPays: true,
      guardianPaysForJuniors: true,
      juniorAgeLimit: 18,
    });
  });
});
