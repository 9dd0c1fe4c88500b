import { type Billing, type BillingDetails, luhnValid } from '@fairway/shared';
import { eq } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import { clubFile } from '../../../test/fixtures/club';
import { createOrganisation } from '../../../test/fixtures/users';
import { addDays, addMonths, todayIso } from '../subscriptions/dates';
import { billDuePeriods } from '../subscriptions/subscriptions.service';
import { subscriptions } from '../subscriptions/subscriptions.tables';
import { formatKronor } from './billings.pdf';
import { subscriptionBillingLines } from './billings.service';

const { app, a, b, aAccountant, aOther } = await clubFile({
  alfa: { packageId: 'standard', organisationNumber: '802499-1237' },
  beta: { packageId: 'small' },
});
const free = await createOrganisation(app, { name: 'Gratis GK', packageId: 'free' });

type Who = { headers: Record<string, string> } | null;
const api = (method: 'GET' | 'PUT', url: string, who: Who, payload?: object, lang?: string) =>
  app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...(who?.headers ?? {}), ...(lang ? { 'accept-language': lang } : {}) },
    ...(payload === undefined ? {} : { payload }),
  });

async function billingsOf(who: Who): Promise<Billing[]> {
  const res = await api('GET', '/billings', who);
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: Billing[] }).data;
}

describe('subscriptionBillingLines', () => {
  it('quarterly adds 80 SEK per month; support is billed in decimal hours', () => {
    const lines = subscriptionBillingLines({
      pkg: { name: 'Small', monthlyPriceOre: 49_500 },
      paymentPlan: 'quarterly',
      smsPlan: { name: 'SMS 100', monthlyPriceOre: 9_900 },
      months: 3,
      startsTerm: false,
      firstBilling: false,
      supportHundredths: 150,
    });
    expect(lines.map((l) => [l.kind, l.amountOre])).toEqual([
      ['package_fee', 148_500],
      ['quarterly_surcharge', 24_000],
      ['sms_plan', 29_700],
      ['support', 225_000],
    ]);
  });

  it('the free package pays no licence or set-up fees', () => {
    const lines = subscriptionBillingLines({
      pkg: { name: 'Free', monthlyPriceOre: 0 },
      paymentPlan: 'annually',
      smsPlan: null,
      months: 12,
      startsTerm: true,
      firstBilling: true,
    });
    expect(lines).toEqual([]);
  });
});

describe('GET /billings', () => {
  it('holds the first billing of signup: licence, installation, onboarding and the year, with 25 % VAT', async () => {
    const [first, ...rest] = await billingsOf(a.owner);
    expect(rest).toEqual([]);
    expect(first).toBeDefined();
    const billing = first as Billing;
    expect(billing.lines.map((l) => [l.kind, l.quantityHundredths, l.unitPriceOre, l.amountOre])).toEqual([
      ['annual_licence', 100, 300_000, 300_000],
      ['installation', 100, 150_000, 150_000],
      ['onboarding', 100, 150_000, 150_000],
      ['package_fee', 1200, 89_500, 1_074_000],
    ]);
    expect(billing).toMatchObject({
      subtotalOre: 1_674_000,
      vatOre: 418_500,
      totalOre: 2_092_500,
      invoiceDate: todayIso(),
      dueDate: addDays(todayIso(), 30),
      periodStart: todayIso(),
      status: 'unpaid',
    });
    expect(billing.ocr.startsWith(billing.number)).toBe(true);
    expect(billing.ocr).toHaveLength(billing.number.length + 1);
    expect(luhnValid(billing.ocr)).toBe(true);
  });

  it('pages, shows only the own organisation, and answers nothing for the free package', async () => {
    // As if Beta had paid monthly from the start: its first month is billed, eleven follow.
    const [sub] = await app.db.select().from(subscriptions).where(eq(subscriptions.organisationId, b.organisationId));
    await app.db
      .update(subscriptions)
      .set({ paymentPlan: 'monthly', nextBillingDate: addMonths(sub?.startDate as string, 1) })
      .where(eq(subscriptions.organisationId, b.organisationId));
    expect(await billDuePeriods(app.db, b, sub?.endDate as string)).toBe(11);
    const page = await api('GET', '/billings?page=1&pageSize=1', b.owner);
    expect(page.json()).toMatchObject({ pagination: { page: 1, pageSize: 1, total: 12 } });
    const own = await billingsOf(b.owner);
    const aIds = (await billingsOf(a.owner)).map((x) => x.id);
    expect(own.some((x) => aIds.includes(x.id))).toBe(false);
    expect(await billingsOf(free.owner)).toEqual([]);
  });

  it('needs billing.read', async () => {
    expect((await api('GET', '/billings', aAccountant)).statusCode).toBe(200);
    expect((await api('GET', '/billings', aOther)).statusCode).toBe(403);
    expect((await api('GET', '/billings', null)).statusCode).toBe(401);
  });
});

describe('billings/detail', () => {
  it('GET answers the billing details of the organisation', async () => {
    const res = await api('GET', '/billings/detail', aAccountant);
    expect(res.statusCode).toBe(200);
    expect((res.json() as { data: BillingDetails }).data).toMatchObject({
      name: 'Alfa GK',
      organisationNumber: '802499-1237',
      customerNumber: a.customerNumber,
      country: 'Sverige',
    });
    expect((await api('GET', '/billings/detail', aOther)).statusCode).toBe(403);
  });

  it('PUT validates with the shared rules and saves', async () => {
    const body = {
      organisationNumber: '556036-0793',
      invoiceAddress: 'Klubbhusvägen 1',
      city: 'Uppsala',
      zipCode: '753 20',
      country: 'Sverige',
      billingEmail: 'Ekonomi@AlfaGK.se',
    };
    const bad = await api('PUT', '/billings/detail', a.owner, { ...body, organisationNumber: '556036-0794', city: '' }, 'en');
    expect(bad.statusCode).toBe(400);
    const fields = (bad.json() as { error: Record<string, string[]> }).error;
    expect(Object.keys(fields).sort()).toEqual(['city', 'organisationNumber']);
    expect((await api('PUT', '/billings/detail', a.owner, { ...body, extra: 1 })).statusCode).toBe(400);
    expect((await api('PUT', '/billings/detail', aAccountant, body)).statusCode).toBe(403);

    const ok = await api('PUT', '/billings/detail', a.owner, body);
    expect(ok.statusCode).toBe(200);
    expect((ok.json() as { data: BillingDetails }).data).toMatchObject({ ...body, billingEmail: 'ekonomi@alfagk.se' });
  });
});

describe('GET /billings/{id}/download', () => {
  it('answers a Swedish PDF invoice whose text carries the lines and the totals', async () => {
    const [billing] = await billingsOf(a.owner);
    const res = await api('GET', `/billings/${billing?.id}/download/`, aAccountant);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="faktura-${billing?.number}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const parser = new PDFParse({ data: new Uint8Array(res.rawPayload) });
    const text = (await parser.getText()).text.replace(/\s+/g, ' ');
    await parser.destroy();
    for (const expected of [
      'Faktura',
      `Fakturanummer ${billing?.number}`,
      `Fakturadatum ${billing?.invoiceDate}`,
      `Förfallodatum ${billing?.dueDate}`,
      `OCR ${billing?.ocr}`,
      'Årlig licensavgift',
      'Teknisk installation',
      'Onboarding care',
      'Paketavgift Standard',
      `Summa exkl. moms ${formatKronor(1_674_000)}`,
      `Moms 25 % ${formatKronor(418_500)}`,
      `Att betala (SEK) ${formatKronor(2_092_500)}`,
      'Bankgiro 5402-9681',
      'Alfa GK',
      'Klubbhusvägen 1',
      '753 20 Uppsala',
      'Org.nr 556036-0793',
    ]) {
      expect(text).toContain(expected);
    }
    expect(formatKronor(2_092_500)).toBe('20 925,00');
  });

  it("answers 404 for another organisation's billing and 403 without billing.read", async () => {
    const [theirs] = await billingsOf(b.owner);
    expect((await api('GET', `/billings/${theirs?.id}/download`, a.owner)).statusCode).toBe(404);
    const [own] = await billingsOf(a.owner);
    expect((await api('GET', `/billings/${own?.id}/download`, aOther)).statusCode).toBe(403);
    expect((await api('GET', '/billings/nope/download', a.owner)).statusCode).toBe(400);
  });
});
