import type { Fee, FeeRule, FeeType } from '@fairway/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiAs } from '../../../test/fixtures/accounting';
import { clubFile } from '../../../test/fixtures/club';
import { createOrganisation } from '../../../test/fixtures/users';
import { eventLogs } from '../eventlogs/eventlogs.tables';

const { app, a, b, aOther, aStaff, aDriftManager } = await clubFile();
const { api } = apiAs(app);

type Who = { headers: Record<string, string> };

let counter = 0;
const unique = (prefix: string) => `${prefix} ${++counter}`;

async function created<T>(res: Awaited<ReturnType<typeof api>>): Promise<T> {
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as T;
}

const newType = (who: Who, name = unique('Typ')) => api('POST', '/fee_types', who, { name }).then(created<FeeType>);
const newFee = (who: Who, feeTypeId: string, extra: Record<string, unknown> = {}) =>
  api('POST', '/fees', who, {
    name: unique('Avgift'),
    feeTypeId,
    amountOre: 100_000,
    vatRate: 0,
    periodType: 'year',
    periodYear: 2026,
    ...extra,
  }).then(created<Fee>);

describe('fee types', () => {
  it('creates, reads, lists with search, replaces and deletes; names are unique in any case', async () => {
    const type = await created<FeeType>(
      await api('POST', '/fee_types/', a.owner, { name: '  Årsavgift ', description: 'Medlemskapets årsavgift' }),
    );
    expect(type).toMatchObject({ name: 'Årsavgift', description: 'Medlemskapets årsavgift', feeCount: 0 });

    const dup = await api('POST', '/fee_types', a.owner, { name: 'årsavgift' }, 'sv');
    expect(dup.statusCode).toBe(400);
    expect(dup.json().error).toEqual({ name: ['Det finns redan en avgiftstyp med det namnet'] });

    const list = await api('GET', '/fee_types?search=årsavg', aOther);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((x: FeeType) => x.id)).toEqual([type.id]);
    expect(list.json().pagination).toMatchObject({ page: 1, total: 1 });

    const put = await api('PUT', `/fee_types/${type.id}`, a.owner, { name: 'Årsavgift vuxen' });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toMatchObject({ name: 'Årsavgift vuxen', description: '' });
    expect((await api('GET', `/fee_types/${type.id}/`, aOther)).json().data.name).toBe('Årsavgift vuxen');

    expect((await api('DELETE', `/fee_types/${type.id}`, a.owner)).json()).toEqual({ data: { id: type.id } });
    const gone = await api('GET', `/fee_types/${type.id}`, a.owner);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ eng_message: 'The fee type does not exist' });
  });

  it('sorts and pages', async () => {
    const c = await createOrganisation(app, { name: 'Sort GK' });
    for (const name of ['Bagskåp', 'årsavgift', 'Greenfee', 'Spelrätt']) await newType(c.owner, name);
    const page1 = await api('GET', '/fee_types?sort=name&order=desc&pageSize=2', c.owner);
    expect(page1.json().data.map((x: FeeType) => x.name)).toEqual(['årsavgift', 'Spelrätt']);
    const page2 = await api('GET', '/fee_types?sort=name&order=desc&pageSize=2&page=2', c.owner);
    expect(page2.json().data.map((x: FeeType) => x.name)).toEqual(['Greenfee', 'Bagskåp']);
    expect(page2.json().pagination).toEqual({ page: 2, pageSize: 2, total: 4 });
  });

  it('refuses to delete a type a fee uses, in the reader language, and changes nothing', async () => {
    const type = await newType(a.owner, 'Spelrätt');
    await newFee(a.owner, type.id);
    const refused = await api('DELETE', `/fee_types/${type.id}`, a.owner, undefined, 'sv');
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({
      error: 'Avgiftstypen Spelrätt används av 1 avgifter och kan inte tas bort. Byt typ på avgifterna eller ta bort dem först.',
      eng_message: expect.stringContaining('is used by 1 fees and cannot be deleted'),
    });
    expect((await api('GET', `/fee_types/${type.id}`, a.owner)).json().data).toMatchObject({ feeCount: 1 });
  });
});

describe('fees', () => {
  it('creates with a year or a date range, validates every field, lists, replaces and deletes', async () => {
    const type = await newType(a.owner);
    const fee = await created<Fee>(
      await api('POST', '/fees', a.owner, {
        name: 'Fullvärdig 2026',
        feeTypeId: type.id,
        amountOre: 650_050,
        vatRate: 6,
        articleNumber: 'ARS-100',
        memberCategory: 'Fullvärdig',
        periodType: 'year',
        periodYear: 2026,
        validFrom: '2026-01-01',
      }),
    );
    expect(fee).toMatchObject({
      name: 'Fullvärdig 2026',
      feeTypeId: type.id,
      feeTypeName: type.name,
      amountOre: 650_050,
      vatRate: 6,
      articleNumber: 'ARS-100',
      memberCategory: 'Fullvärdig',
      periodType: 'year',
      periodYear: 2026,
      // The other kind of period is dropped.
      validFrom: null,
      validTo: null,
      active: true,
      ruleCount: 0,
    });

    const bad = await api(
      'POST',
      '/fees',
      a.owner,
      {
        name: '',
        feeTypeId: '',
        amountOre: 0,
        vatRate: 7,
        articleNumber: 'A B',
        periodType: 'dates',
        validFrom: '2026-06-01',
        validTo: '2026-05-01',
      },
      'en',
    );
    expect(bad.statusCode).toBe(400);
    const errors = bad.json().error as Record<string, string[]>;
    expect(Object.keys(errors).sort()).toEqual(['amountOre', 'articleNumber', 'feeTypeId', 'name', 'validTo', 'vatRate']);
    expect(errors.vatRate).toEqual(['The VAT rate must be 25, 12, 6 or 0 %']);

    const backwards = await api('POST', '/fees', a.owner, {
      name: 'Sommar',
      feeTypeId: type.id,
      amountOre: 100,
      vatRate: 0,
      periodType: 'dates',
      validFrom: '2026-06-01',
      validTo: '2026-05-01',
    });
    expect(backwards.json().error).toEqual({ validTo: ['The period cannot end before it starts'] });

    const unknownType = await api('POST', '/fees', a.owner, {
      name: 'X',
      feeTypeId: (await newType(b.owner)).id,
      amountOre: 100,
      vatRate: 0,
      periodYear: 2026,
    });
    expect(unknownType.statusCode).toBe(400);
    expect(unknownType.json().error).toEqual({ feeTypeId: ['The fee type does not exist'] });

    const put = await api('PUT', `/fees/${fee.id}`, a.owner, {
      name: 'Sommarkort',
      feeTypeId: type.id,
      amountOre: 150_000,
      vatRate: 25,
      periodType: 'dates',
      periodYear: 2026,
      validFrom: '2026-05-01',
      validTo: '2026-09-30',
      active: false,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toMatchObject({
      name: 'Sommarkort',
      periodType: 'dates',
      periodYear: null,
      validFrom: '2026-05-01',
      validTo: '2026-09-30',
      active: false,
      articleNumber: '',
    });

    const list = await api('GET', `/fees?search=${encodeURIComponent(type.name)}&sort=amount&order=desc`, aOther);
    expect(list.json().data.map((f: Fee) => f.id)).toEqual([fee.id]);

    expect((await api('DELETE', `/fees/${fee.id}`, a.owner)).statusCode).toBe(200);
    expect((await api('GET', `/fees/${fee.id}`, a.owner)).statusCode).toBe(404);
  });

  it('refuses to delete a fee a rule includes, naming the rule', async () => {
    const type = await newType(a.owner);
    const fee = await newFee(a.owner, type.id, { name: 'Bagskåp 2026' });
    await api('POST', '/fee_rules', a.owner, { name: 'Senior med skåp', feeIds: [fee.id] }).then(created<FeeRule>);
    const refused = await api('DELETE', `/fees/${fee.id}`, a.owner);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe(
      'The fee Bagskåp 2026 is part of the fee rules Senior med skåp and cannot be deleted. Remove it from those rules first.',
    );
    expect((await api('GET', `/fees/${fee.id}`, a.owner)).json().data.ruleCount).toBe(1);
  });
});

describe('fee rules', () => {
  it('prices a rule with a percentage discount, an amount discount and none', async () => {
    const type = await newType(a.owner);
    const annual = await newFee(a.owner, type.id, { amountOre: 650_000, vatRate: 0 });
    const locker = await newFee(a.owner, type.id, { amountOre: 50_000, vatRate: 25 });

    const rule = await created<FeeRule>(
      await api('POST', '/fee_rules', a.owner, {
        name: 'Familj',
        description: 'Två vuxna',
        feeIds: [annual.id, locker.id, annual.id],
        discountType: 'percentage',
        discountValue: 10,
      }),
    );
    expect(rule.fees.map((f) => f.id)).toEqual([annual.id, locker.id]);
    expect(rule).toMatchObject({ discountType: 'percentage', discountValue: 10 });
    expect(rule.price).toMatchObject({ subtotalOre: 700_000, discountOre: 70_000, totalOre: 630_000, vatOre: 9_000 });

    const amount = await api('PUT', `/fee_rules/${rule.id}`, a.owner, {
      name: 'Familj',
      feeIds: [locker.id],
      discountType: 'amount',
      discountValue: 10_000,
    });
    expect(amount.statusCode, amount.body).toBe(200);
    expect(amount.json().data.price).toMatchObject({ subtotalOre: 50_000, discountOre: 10_000, totalOre: 40_000 });

    const tooMuch = await api('PUT', `/fee_rules/${rule.id}`, a.owner, {
      name: 'Familj',
      feeIds: [locker.id],
      discountType: 'amount',
      discountValue: 50_001,
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error).toEqual({ discountValue: ['The discount may be at most the sum of the fees, 500 kr'] });

    const none = await api('PUT', `/fee_rules/${rule.id}`, a.owner, {
      name: 'Familj',
      feeIds: [annual.id],
      discountType: 'none',
      discountValue: 25,
    });
    expect(none.json().data).toMatchObject({ discountType: 'none', discountValue: null, price: { totalOre: 650_000 } });

    const byFee = await api('GET', `/fee_rules?search=${encodeURIComponent(annual.name)}`, aOther);
    expect(byFee.json().data.map((r: FeeRule) => r.id)).toEqual([rule.id]);
    const list = await api('GET', '/fee_rules?search=familj', aOther);
    const item = (list.json().data as FeeRule[]).find((r) => r.id === rule.id);
    expect(item?.price.totalOre).toBe(650_000);

    expect((await api('DELETE', `/fee_rules/${rule.id}`, a.owner)).statusCode).toBe(200);
    // The fee is free again.
    expect((await api('GET', `/fees/${annual.id}`, a.owner)).json().data.ruleCount).toBe(0);
  });

  it('validates: at least one fee, known fees, a discount value within range', async () => {
    const empty = await api('POST', '/fee_rules', a.owner, { name: 'Tom', feeIds: [] }, 'sv');
    expect(empty.json().error).toEqual({ feeIds: ['Välj minst en avgift'] });
    const foreign = await newFee(b.owner, (await newType(b.owner)).id);
    const unknown = await api('POST', '/fee_rules', a.owner, { name: 'Främmande', feeIds: [foreign.id] });
    expect(unknown.json().error).toEqual({ feeIds: ['One of the chosen fees does not exist'] });
    const fee = await newFee(a.owner, (await newType(a.owner)).id);
    const over = await api('POST', '/fee_rules', a.owner, {
      name: 'X',
      feeIds: [fee.id],
      discountType: 'percentage',
      discountValue: 120,
    });
    expect(over.statusCode).toBe(400);
    expect(Object.keys(over.json().error)).toEqual(['discountValue']);
  });

  it('writes the event log', async () => {
    const type = await newType(a.owner, 'Loggad typ');
    await api('DELETE', `/fee_types/${type.id}`, a.owner);
    const rows = await app.db
      .select({ activity: eventLogs.activity, params: eventLogs.params })
      .from(eventLogs)
      .where(and(eq(eventLogs.organisationId, a.organisationId), eq(eventLogs.resource, 'fees')));
    const activities = rows.filter((r) => (r.params as Record<string, unknown>).name === 'Loggad typ').map((r) => r.activity);
    expect(activities).toEqual(expect.arrayContaining(['fees.feeTypeCreated', 'fees.feeTypeDeleted']));
  });
});

describe('tenancy and scopes', () => {
  it("answers 404 to another organisation's or club account's ids, and lists only its own", async () => {
    const type = await newType(a.owner);
    const fee = await newFee(a.owner, type.id);
    const rule = await api('POST', '/fee_rules', a.owner, { name: unique('Regel'), feeIds: [fee.id] }).then(created<FeeRule>);
    for (const who of [b.owner, aDriftManager]) {
      for (const url of [`/fee_types/${type.id}`, `/fees/${fee.id}`, `/fee_rules/${rule.id}`]) {
        expect((await api('GET', url, who)).statusCode, url).toBe(404);
        expect((await api('DELETE', url, who)).statusCode, url).toBe(404);
      }
      expect((await api('PUT', `/fee_types/${type.id}`, who, { name: 'Kapad' })).statusCode).toBe(404);
      expect((await api('GET', '/fees', who)).json().data.map((f: Fee) => f.id)).not.toContain(fee.id);
    }
    expect((await api('GET', `/fee_types/${type.id}`, a.owner)).json().data.name).toBe(type.name);
  });

  it('lets fees.read list and fees.write change', async () => {
    expect((await api('GET', '/fee_types', aOther)).statusCode).toBe(200);
    expect((await api('GET', '/fee_rules', aOther)).statusCode).toBe(200);
    expect((await api('POST', '/fee_types', aOther, { name: 'Nej' })).statusCode).toBe(403);
    expect((await api('POST', '/fees', aOther, { name: 'Nej' })).statusCode).toBe(403);
    expect((await api('POST', '/fee_rules', aOther, { name: 'Nej' })).statusCode).toBe(403);
    await newType(aStaff);
    expect((await app.inject({ method: 'GET', url: '/api/v1/fees' })).statusCode).toBe(401);
  });
});
