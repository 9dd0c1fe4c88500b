import { and, eq } from 'drizzle-orm';
import { feeRuleFees, feeRules, fees, feeTypes } from '../../modules/fees/fees.tables';
import { bumpListVersion, type MemberTenant } from '../../modules/members/members.repository';
import { families, memberCategories, members } from '../../modules/members/members.tables';
import type { Db, Tx } from '../client';

/**
 * The demo club's fees (docs/members-and-fees.md#fees): the three fee types a Swedish golf club bills, the 2026
 * fees per member category in öre (VAT-free, as a non-profit club's membership fees are), and
 * the fee rules that bundle them, one per category plus a family rule with a discount. Each
 * category gets its rule as default, each demo member the rule of their category and each
 * family the family rule. The article numbers are the Fortnox simulator's (the demo club's
 * accounting), so the fees invoice as the club's own articles.
 */
export const DEMO_FEE_YEAR = 2026;

const FEE_TYPES = [
  { key: 'annual', name: 'Årsavgift', description: 'Medlemsavgiften för året, efter medlemskategori' },
  { key: 'playing', name: 'Spelrätt', description: 'Rätten att spela banan under säsongen' },
  { key: 'entry', name: 'Inträde', description: 'Engångsavgift när en ny medlem går med i klubben' },
] as const;
type FeeTypeKey = (typeof FEE_TYPES)[number]['key'];

interface DemoFee {
  key: string;
  type: FeeTypeKey;
  name: string;
  amountOre: number;
  articleNumber: string;
  /** The member category's name ('' for every category). */
  memberCategory: string;
}

const FEES: DemoFee[] = [
  {
    key: 'annualFull',
    type: 'annual',
    name: 'Årsavgift fullvärdig 2026',
    amountOre: 620_000,
    articleNumber: '100',
    memberCategory: 'Fullvärdig',
  },
  {
    key: 'annualWeekday',
    type: 'annual',
    name: 'Årsavgift vardag 2026',
    amountOre: 430_000,
    articleNumber: '102',
    memberCategory: 'Vardagsmedlem',
  },
  {
    key: 'annualJunior',
    type: 'annual',
    name: 'Årsavgift junior 2026',
    amountOre: 180_000,
    articleNumber: '101',
    memberCategory: 'Junior',
  },
  {
    key: 'annualStudent',
    type: 'annual',
    name: 'Årsavgift student 2026',
    amountOre: 240_000,
    articleNumber: '100',
    memberCategory: 'Studerande',
  },
  {
    key: 'annualSenior',
    type: 'annual',
    name: 'Årsavgift senior 2026',
    amountOre: 520_000,
    articleNumber: '100',
    memberCategory: 'Senior',
  },
  {
    key: 'annualPassive',
    type: 'annual',
    name: 'Årsavgift passiv 2026',
    amountOre: 95_000,
    articleNumber: '100',
    memberCategory: 'Passiv',
  },
  {
    key: 'annualGreenfee',
    type: 'annual',
    name: 'Årsavgift greenfeemedlem 2026',
    amountOre: 150_000,
    articleNumber: '100',
    memberCategory: 'Greenfeemedlem',
  },
  {
    key: 'playingFull',
    type: 'playing',
    name: 'Spelrätt fullvärdig 2026',
    amountOre: 250_000,
    articleNumber: '103',
    memberCategory: 'Fullvärdig',
  },
  {
    key: 'playingWeekday',
    type: 'playing',
    name: 'Spelrätt vardag 2026',
    amountOre: 150_000,
    articleNumber: '103',
    memberCategory: 'Vardagsmedlem',
  },
  { key: 'entry', type: 'entry', name: 'Inträdesavgift 2026', amountOre: 500_000, articleNumber: '104', memberCategory: '' },
];

interface DemoRule {
  name: string;
  description: string;
  fees: string[];
  /** Hundredths of a percent. */
  discountPercent?: number;
  /** The member category (code) whose default rule it is and whose members get it. */
  category?: string;
}

const RULES: DemoRule[] = [
  { name: 'Fullvärdig 2026', description: 'Årsavgift och spelrätt', fees: ['annualFull', 'playingFull'], category: 'FULL' },
  {
    name: 'Vardagsmedlem 2026',
    description: 'Årsavgift och spelrätt vardagar',
    fees: ['annualWeekday', 'playingWeekday'],
    category: 'VARDAG',
  },
  { name: 'Junior 2026', description: 'Årsavgift junior, spelrätt ingår', fees: ['annualJunior'], category: 'JUNIOR' },
  {
    name: 'Student 2026',
    description: 'Årsavgift med studieintyg, spelrätt ingår',
    fees: ['annualStudent'],
    category: 'STUDENT',
  },
  {
    name: 'Senior 2026',
    description: 'Årsavgift och spelrätt från 70 år',
    fees: ['annualSenior', 'playingFull'],
    category: 'SENIOR',
  },
  { name: 'Passiv 2026', description: 'Medlemskap utan spelrätt', fees: ['annualPassive'], category: 'PASSIV' },
  {
    name: 'Greenfeemedlem 2026',
    description: 'Årsavgift, greenfee betalas per runda',
    fees: ['annualGreenfee'],
    category: 'GREENFEE',
  },
  {
    name: 'Familj 2026',
    description: 'Två vuxna fullvärdiga och en junior, 15 % familjerabatt',
    fees: ['annualFull', 'playingFull', 'annualJunior'],
    discountPercent: 1_500,
  },
  {
    name: 'Ny medlem 2026',
    description: 'Inträde, årsavgift och spelrätt första året',
    fees: ['entry', 'annualFull', 'playingFull'],
  },
];

/** Writes the demo fees into a club account whose demo members are seeded (seedDemoMembers). */
export async function seedDemoFees(db: Db | Tx, t: MemberTenant): Promise<void> {
  const tenant = { organisationId: t.organisationId, clubAccountId: t.clubAccountId };
  const types = await db
    .insert(feeTypes)
    .values(FEE_TYPES.map((f) => ({ ...tenant, name: f.name, description: f.description })))
    .returning({ id: feeTypes.id, name: feeTypes.name });
  const typeId = (key: FeeTypeKey) => types.find((r) => r.name === FEE_TYPES.find((f) => f.key === key)?.name)?.id as string;

  const feeRows = await db
    .insert(fees)
    .values(
      FEES.map((f) => ({
        ...tenant,
        feeTypeId: typeId(f.type),
        name: f.name,
        amountOre: f.amountOre,
        vatRate: 0,
        articleNumber: f.articleNumber,
        memberCategory: f.memberCategory,
        periodType: 'year' as const,
        periodYear: DEMO_FEE_YEAR,
      })),
    )
    .returning({ id: fees.id, name: fees.name });
  const feeId = (key: string) => feeRows.find((r) => r.name === FEES.find((f) => f.key === key)?.name)?.id as string;

  const ruleRows = await db
    .insert(feeRules)
    .values(
      RULES.map((r) => ({
        ...tenant,
        name: r.name,
        description: r.description,
        discountType: r.discountPercent ? ('percentage' as const) : ('none' as const),
        discountValue: r.discountPercent ?? 0,
      })),
    )
    .returning({ id: feeRules.id, name: feeRules.name });
  const ruleId = (name: string) => ruleRows.find((r) => r.name === name)?.id as string;
  await db
    .insert(feeRuleFees)
    .values(
      RULES.flatMap((r) =>
        r.fees.map((key, position) => ({ ...tenant, feeRuleId: ruleId(r.name), feeId: feeId(key), position })),
      ),
    );

  // Each category's rule is its default and its members' rule; families pay by the family rule.
  for (const rule of RULES) {
    if (!rule.category) continue;
    const [category] = await db
      .update(memberCategories)
      .set({ defaultFeeRuleId: ruleId(rule.name) })
      .where(and(eq(memberCategories.clubAccountId, t.clubAccountId), eq(memberCategories.code, rule.category)))
      .returning({ id: memberCategories.id });
    if (!category) continue;
    await db
      .update(members)
      .set({ feeRuleId: ruleId(rule.name) })
      .where(and(eq(members.clubAccountId, t.clubAccountId), eq(members.memberCategoryId, category.id)));
  }
  await db
    .update(families)
    .set({ feeRuleId: ruleId('Familj 2026') })
    .where(eq(families.clubAccountId, t.clubAccountId));
  // The member list shows each member's rule: its cached pages are out of date.
  await bumpListVersion(db, t);
}
