import { z } from 'zod';
import { encodeMessage } from '../validation/messages';
import { requiredString } from '../validation/rules';
import { FAMILY_ROLES, memberRefSchema } from './members.schemas';

/**
 * Families (docs/members-and-fees.md#families; calls under `family`): members invoiced together, with one payer, a fee rule and
 * a discount. A member belongs to at most one family. The discount is basis points for a
 * percentage (1000 = 10 %) and öre for an amount.
 */
export const DISCOUNT_TYPES = ['percentage', 'amount'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];
export const FAMILY_MAX_MEMBERS = 30;

const missing = { message: encodeMessage('family_member_missing') };

/**
 * One member of the family tree. Member and role must both be given, otherwise the
 * message says the member is missing from the family tree.
 */
export const familyMemberBodySchema = z
  .object({
    memberId: z.string(missing).uuid(missing),
    role: z.enum(FAMILY_ROLES, missing),
  })
  .strict();
export type FamilyMemberBody = z.input<typeof familyMemberBodySchema>;

export const familyMemberParamsSchema = z.object({ id: z.string().uuid(), memberId: z.string().uuid() }).strict();

const discountValid = (v: { discountType?: DiscountType | null; discountValue?: number | null }) =>
  v.discountType !== 'percentage' || v.discountValue === null || v.discountValue === undefined || v.discountValue <= 10_000;

/** POST family and PUT family/{id}: the whole family, with exactly one payer among its members. */
export const familyBodySchema = z
  .object({
    name: requiredString(100),
    feeRuleId: z.string().uuid().nullable().default(null),
    discountType: z.enum(DISCOUNT_TYPES).nullable().default(null),
    discountValue: z
      .number({ message: encodeMessage('invalid_type') })
      .int()
      .min(0, { message: encodeMessage('positive') })
      .max(100_000_000)
      .nullable()
      .default(null),
    members: z.array(familyMemberBodySchema).min(1, missing).max(FAMILY_MAX_MEMBERS),
  })
  .strict()
  .refine((f) => f.members.filter((m) => m.role === 'payer').length === 1, {
    path: ['members'],
    message: encodeMessage('family_one_payer'),
  })
  .refine((f) => new Set(f.members.map((m) => m.memberId)).size === f.members.length, {
    path: ['members'],
    message: encodeMessage('family_member_twice'),
  })
  .refine(discountValid, { path: ['discountValue'], message: encodeMessage('discount_percentage') });
export type FamilyBody = z.input<typeof familyBodySchema>;
export type FamilyInput = z.output<typeof familyBodySchema>;

export const familyMemberSchema = memberRefSchema.extend({ role: z.enum(FAMILY_ROLES) });
export type FamilyMember = z.infer<typeof familyMemberSchema>;

export const familySchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  feeRuleId: z.string().uuid().nullable(),
  discountType: z.enum(DISCOUNT_TYPES).nullable(),
  discountValue: z.number().int().nullable(),
  members: z.array(familyMemberSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Family = z.infer<typeof familySchema>;

export const familyListItemSchema = familySchema.omit({ members: true }).extend({
  memberCount: z.number().int(),
  payer: memberRefSchema.nullable(),
});
export type FamilyListItem = z.infer<typeof familyListItemSchema>;

export const familiesListQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(100000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(25),
    search: z.string().trim().max(100).optional(),
  })
  .strict();
export type FamiliesListQuery = z.input<typeof familiesListQuerySchema>;
export type FamiliesListFilter = z.output<typeof familiesListQuerySchema>;
