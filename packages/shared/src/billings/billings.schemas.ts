import { z } from 'zod';
import { emailField, orgNumberField, requiredString } from '../validation/rules';

// Prices and their formatting live in a zod-free module: the public price page shows them
// without loading zod (docs/web-app.md#bundle-budget).
import { BILLING_PRICES_ORE, formatSek } from './prices';

export { BILLING_PRICES_ORE, formatSek };

/** Our invoices to clubs carry 25 % VAT (docs/subscriptions.md#billing). */
export const BILLING_VAT_RATE = 25;

/** Days from invoice date to due date on our invoices. */
export const BILLING_PAYMENT_TERMS_DAYS = 30;

export const BILLING_LINE_KINDS = [
  'annual_licence',
  'installation',
  'onboarding',
  'package_fee',
  'quarterly_surcharge',
  'sms_plan',
  'support',
] as const;
export type BillingLineKind = (typeof BILLING_LINE_KINDS)[number];

export const BILLING_STATUSES = ['unpaid', 'paid'] as const;
export type BillingStatus = (typeof BILLING_STATUSES)[number];

export const billingLineSchema = z.object({
  kind: z.enum(BILLING_LINE_KINDS),
  /** Package or SMS plan name the line is about, when it is about one. */
  itemName: z.string().nullable(),
  /** Hundredths: support is billed in decimal hours (docs/help.md#support), e.g. 150 = 1.5 hours. */
  quantityHundredths: z.number().int(),
  unit: z.enum(['pcs', 'months', 'hours']),
  unitPriceOre: z.number().int(),
  amountOre: z.number().int(),
});
export type BillingLine = z.infer<typeof billingLineSchema>;

export const billingSchema = z.object({
  id: z.string().uuid(),
  number: z.string(),
  ocr: z.string(),
  invoiceDate: z.string(),
  dueDate: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  status: z.enum(BILLING_STATUSES),
  lines: z.array(billingLineSchema),
  subtotalOre: z.number().int(),
  vatOre: z.number().int(),
  totalOre: z.number().int(),
});
export type Billing = z.infer<typeof billingSchema>;

/** Billing details (docs/subscriptions.md#billing): organisation number, address, city, zip, country, billing e-mail. */
export const billingDetailsSchema = z.object({
  name: z.string(),
  customerNumber: z.string(),
  organisationNumber: z.string().nullable(),
  invoiceAddress: z.string().nullable(),
  city: z.string().nullable(),
  zipCode: z.string().nullable(),
  country: z.string().nullable(),
  billingEmail: z.string().nullable(),
});
export type BillingDetails = z.infer<typeof billingDetailsSchema>;

export const updateBillingDetailsBodySchema = z
  .object({
    organisationNumber: orgNumberField(),
    invoiceAddress: requiredString(200),
    city: requiredString(100),
    zipCode: requiredString(10),
    country: requiredString(100),
    billingEmail: emailField(),
  })
  .strict();
export type UpdateBillingDetailsBody = z.infer<typeof updateBillingDetailsBodySchema>;

/** Sum of lines, VAT at 25 % rounded to whole öre, and the total to pay. */
export function billingTotals(lines: readonly Pick<BillingLine, 'amountOre'>[]): {
  subtotalOre: number;
  vatOre: number;
  totalOre: number;
} {
  const subtotalOre = lines.reduce((sum, line) => sum + line.amountOre, 0);
  const vatOre = Math.round((subtotalOre * BILLING_VAT_RATE) / 100);
  return { subtotalOre, vatOre, totalOre: subtotalOre + vatOre };
}
