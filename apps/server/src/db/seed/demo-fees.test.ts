import type { Fee, FeeRule, FeeType, MemberCategory, MemberDetail, MemberListRow } from '@fairway/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganisation, type TestOrganisation } from '../../../test/fixtures/users';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { App } from '../../app';
import { seedDemoFees } from './demo-fees';
import { seedDemoMembers } from './demo-members';

let t: TestApp;
let app: App;
let a: TestOrganisation;
let b: TestOrganisation;

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  a = await createOrganisation(app, { name: 'Alfa GK' });
  b = await createOrganisation(app, { name: 'Beta GK', organisationNumber: '559412-3456' });
  await seedDemoMembers(app.db, a);
  await seedDemoFees(app.db, a);
});

afterAll(async () => {
  await t?.close();
});

const get = (org: TestOrganisation, url: string) =>
  app.inject({ method: 'GET', url: `/api/v1${url}`, headers: org.owner.headers });

describe('demo fees', () => {
  it('has the three fee types and 2026 fees per member category, in öre, as the fees page reads them', async () => {
    const types = (await get(a, '/fee_types?pageSize=100')).json().data as FeeType[];
    expect(types.map((f) => f.name).sort()).toEqual(['Inträde', 'Spelrätt', 'Årsavgift']);

    const fees = (await get(a, '/fees?pageSize=100')).json().data as Fee[];
    const full = fees.find((f) => f.name === 'Årsavgift fullvärdig 2026');
    expect(full).toMatchObject({
      amountOre: 620_000,
      vatRate: 0,
      memberCategory: 'Fullvärdig',
      periodType: 'year',
      periodYear: 2026,
    });
    expect(fees.find((f) => f.name === 'Årsavgift junior 2026')).toMatchObject({ amountOre: 180_000, memberCategory: 'Junior' });
    // Every category of the demo club has its annual fee.
    const categories = (await get(a, '/membercategories')).json().data as MemberCategory[];
    for (const c of categories)
      expect(
        fees.some((f) => f.memberCategory === c.name),
        c.name,
      ).toBe(true);
  });

  it('bundles them in rules, the family rule with 15 % off, and gives each category and member its rule', async () => {
    const rules = (await get(a, '/fee_rules?pageSize=100')).json().data as FeeRule[];
    const family = rules.find((r) => r.name === 'Familj 2026') as FeeRule;
    expect(family).toMatchObject({ discountType: 'percentage', discountValue: 15 });
    // 6 200 + 2 500 + 1 800 kr, less 15 %.
    expect(family.price.subtotalOre).toBe(1_050_000);
    expect(family.price.discountOre).toBe(157_500);
    expect(family.price.totalOre).toBe(892_500);

    const categories = (await get(a, '/membercategories')).json().data as MemberCategory[];
    const junior = categories.find((c) => c.name === 'Junior') as MemberCategory;
    const juniorRule = rules.find((r) => r.name === 'Junior 2026') as FeeRule;
    expect(junior.defaultFeeRuleId).toBe(juniorRule.id);

    const juniors = (await get(a, `/members?memberCategoryId=${junior.id}&pageSize=20`)).json().data as MemberListRow[];
    expect(juniors.length).toBeGreaterThan(0);
    for (const m of juniors) expect(m.feeRuleId).toBe(juniorRule.id);

    const inFamily = (await get(a, '/members?inFamily=true&pageSize=1')).json().data as MemberListRow[];
    const detail = (await get(a, `/members/${inFamily[0]?.id}`)).json().data as MemberDetail;
    const families = (await get(a, '/family?pageSize=100')).json().data as { id: string; feeRuleId: string | null }[];
    expect(families.find((f) => f.id === detail.family?.id)?.feeRuleId).toBe(family.id);
  });

  it('belongs to the demo club only', async () => {
    expect((await get(b, '/fee_types')).json().data).toEqual([]);
    expect((await get(b, '/fee_rules')).json().data).toEqual([]);
  });
});
