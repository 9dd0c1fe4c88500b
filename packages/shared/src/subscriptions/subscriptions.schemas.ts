import { z } from 'zod';
import { PAYMENT_PLANS, type PaymentPlan } from '../constants';
import { packageSchema } from '../landing/landing.schemas';
import { duplicateTierSchema } from '../landing/public-site';
import { encodeMessage } from '../validation/messages';
import { optionalString } from '../validation/rules';

/** Months one billing covers under each payment plan (docs/subscriptions.md#terms). */
export const PAYMENT_PLAN_MONTHS: Record<PaymentPlan, number> = { annually: 12, quarterly: 3, monthly: 1 };

// The terms the public price page shows, zod-free (docs/web-app.md#bundle-budget).
import { COMMITMENT_MONTHS, QUARTERLY_SURCHARGE_ORE_PER_MONTH } from './terms';

export { COMMITMENT_MONTHS, QUARTERLY_SURCHARGE_ORE_PER_MONTH };

/** The four cancellation reasons (docs/subscriptions.md#changes). */
export const CANCELLATION_REASONS = ['no_budget', 'too_expensive', 'changing_systems', 'other'] as const;
export type CancellationReason = (typeof CANCELLATION_REASONS)[number];

export const SUBSCRIPTION_REQUEST_TYPES = ['upgrade', 'downgrade', 'cancel', 'payment_plan'] as const;
export type SubscriptionRequestType = (typeof SUBSCRIPTION_REQUEST_TYPES)[number];

export const SUBSCRIPTION_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type SubscriptionRequestStatus = (typeof SUBSCRIPTION_REQUEST_STATUSES)[number];

export const SUBSCRIPTION_STATUSES = ['active', 'cancelled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Verbatim as clubs know it: the refusal every non-Owner gets for upgrade, downgrade and cancel. */
export const ONLY_OWNER_MANAGES_SUBSCRIPTION = {
  sv: 'Endast användare med rollen Ägare kan uppgradera/nedgradera/avsluta ett abonnemang',
  en: 'Only users with role Owner is able to upgrade/downgrade/cancel a subscription',
} as const;

/** What a package costs per month under a payment plan, in öre ex VAT (quarterly adds its surcharge). */
export function monthlyPriceOre(pkg: { monthlyPriceOre: number }, plan: PaymentPlan): number {
  if (pkg.monthlyPriceOre === 0) return 0;
  return pkg.monthlyPriceOre + (plan === 'quarterly' ? QUARTERLY_SURCHARGE_ORE_PER_MONTH : 0);
}

export const paymentPlanSchema = z.enum(PAYMENT_PLANS);

export const paymentPlanInfoSchema = z.object({
  id: paymentPlanSchema,
  months: z.number().int(),
  /** Surcharge per month in öre ex VAT on top of the package price. */
  surchargeOrePerMonth: z.number().int(),
});
export type PaymentPlanInfo = z.infer<typeof paymentPlanInfoSchema>;

export const smsPlanSchema = z.object({
  id: z.string(),
  name: z.string(),
  smsPerMonth: z.number().int(),
  /** Öre per month ex VAT, added to the monthly invoice (docs/subscriptions.md#sms-plans). */
  monthlyPriceOre: z.number().int(),
  sortOrder: z.number().int(),
});
export type SmsPlan = z.infer<typeof smsPlanSchema>;

export const productModuleSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The smallest package that includes the module. */
  includedFromPackageId: z.string(),
  sortOrder: z.number().int(),
});
export type ProductModule = z.infer<typeof productModuleSchema>;

export const subscriptionRequestSchema = z.object({
  id: z.string().uuid(),
  type: z.enum(SUBSCRIPTION_REQUEST_TYPES),
  status: z.enum(SUBSCRIPTION_REQUEST_STATUSES),
  targetPackageId: z.string().nullable(),
  /** A Dubbelkoll tier change (docs/subscriptions.md#tiers). */
  targetTierId: z.string().nullable(),
  paymentPlan: paymentPlanSchema.nullable(),
  reason: z.enum(CANCELLATION_REASONS).nullable(),
  comment: z.string().nullable(),
  /** The day the change takes effect (YYYY-MM-DD). */
  effectiveOn: z.string(),
  requestedByName: z.string().nullable(),
  createdAt: z.string(),
});
export type SubscriptionRequest = z.infer<typeof subscriptionRequestSchema>;

export const subscriptionSchema = z.object({
  id: z.string().uuid(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  package: packageSchema,
  /** Dubbelkoll's tier when the organisation subscribes to the duplicate detector (docs/subscriptions.md#tiers). */
  tier: duplicateTierSchema.nullable(),
  paymentPlan: paymentPlanSchema,
  smsPlan: smsPlanSchema.nullable(),
  /** Current 12-month term (YYYY-MM-DD). */
  startDate: z.string(),
  endDate: z.string(),
  nextBillingDate: z.string(),
  usage: z.object({
    invoicesThisMonth: z.number().int(),
    smsThisMonth: z.number().int(),
    users: z.number().int(),
    clubAccounts: z.number().int(),
    /** Documents the duplicate scans read this month (Dubbelkoll's tier limit). */
    duplicateDocumentsThisMonth: z.number().int(),
    /** Club accounts linked to a cloud accounting program (Dubbelkoll's "companies"). */
    connectedCompanies: z.number().int(),
  }),
  pendingRequests: z.array(subscriptionRequestSchema),
  /** Whether the caller may upgrade, downgrade or cancel (Owners only; docs/subscriptions.md#changes). */
  canManage: z.boolean(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** Who and what a downgrade can keep: the client shows these to choose from. */
export const subscriptionMemberSchema = z.object({
  userId: z.string().uuid(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
});

const idList = (max: number) => z.array(z.string().uuid()).max(max);

export const updatePackageBodySchema = z
  .object({
    packageId: z.string().trim().min(1).max(40),
    /** Downgrade only: the users and club accounts to keep; the rest are deleted (docs/subscriptions.md#changes). */
    keepUserIds: idList(500).optional(),
    keepClubAccountIds: idList(100).optional(),
  })
  .strict();
export type UpdatePackageBody = z.infer<typeof updatePackageBodySchema>;

/** PUT subscriptions/update_tier/{id}: Dubbelkoll's upgrade or downgrade (docs/subscriptions.md#tiers). */
export const updateTierBodySchema = z
  .object({
    tierId: z
      .string({ message: encodeMessage('required') })
      .trim()
      .min(1, { message: encodeMessage('required') })
      .max(40),
  })
  .strict();
export type UpdateTierBody = z.infer<typeof updateTierBodySchema>;

export const cancelSubscriptionBodySchema = z
  .object({
    // A missing reason reads "required", a wrong one "invalid value".
    reason: z.enum(CANCELLATION_REASONS, {
      error: (issue) => (issue.input === undefined || issue.input === '' ? encodeMessage('required') : undefined),
    }),
    comment: optionalString(1000).optional(),
  })
  .strict();
export type CancelSubscriptionBody = z.infer<typeof cancelSubscriptionBodySchema>;

export const changePaymentPlanBodySchema = z.object({ paymentPlan: paymentPlanSchema }).strict();
export type ChangePaymentPlanBody = z.infer<typeof changePaymentPlanBodySchema>;

export const changeSmsPlanBodySchema = z.object({ smsPlanId: z.string().trim().min(1).max(40).nullable() }).strict();
export type ChangeSmsPlanBody = z.infer<typeof changeSmsPlanBodySchema>;

/** Answer of a cancellation: either a pending request or, past the end date, the deleted account. */
export const cancelResultSchema = z.object({
  deleted: z.boolean(),
  request: subscriptionRequestSchema.nullable(),
});
export type CancelResult = z.infer<typeof cancelResultSchema>;
