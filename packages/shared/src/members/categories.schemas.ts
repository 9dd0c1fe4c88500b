import { z } from 'zod';
import { textField } from '../accounting/accounting.schemas';
import { encodeMessage } from '../validation/messages';
import { requiredString } from '../validation/rules';

/**
 * Member categories (GIT's *medlemskategori*, which drives the annual fees) and player
 * categories of a club account (calls membercategories and playercategories; docs/members-and-fees.md#categories).
 */
const codeField = () =>
  textField(20).refine((v) => v === null || /^[\p{L}\p{N}_-]+$/u.test(v), { message: encodeMessage('alpha_dash') });

export const memberCategoryBodySchema = z
  .object({
    name: requiredString(100),
    code: codeField().default(null),
    description: textField(1000).default(null),
    /** Juniors: their invoices go to a guardian. */
    junior: z.boolean().default(false),
    /** The fee rule a new member of the category gets (fees feature). */
    defaultFeeRuleId: z.string().uuid().nullable().default(null),
  })
  .strict();
export type MemberCategoryBody = z.input<typeof memberCategoryBodySchema>;
export type MemberCategoryInput = z.output<typeof memberCategoryBodySchema>;

export const memberCategorySchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  code: z.string().nullable(),
  description: z.string().nullable(),
  junior: z.boolean(),
  defaultFeeRuleId: z.string().uuid().nullable(),
  memberCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MemberCategory = z.infer<typeof memberCategorySchema>;

export const playerCategoryBodySchema = z
  .object({
    name: requiredString(100),
    code: codeField().default(null),
    description: textField(1000).default(null),
  })
  .strict();
export type PlayerCategoryBody = z.input<typeof playerCategoryBodySchema>;
export type PlayerCategoryInput = z.output<typeof playerCategoryBodySchema>;

export const playerCategorySchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  code: z.string().nullable(),
  description: z.string().nullable(),
  memberCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PlayerCategory = z.infer<typeof playerCategorySchema>;
