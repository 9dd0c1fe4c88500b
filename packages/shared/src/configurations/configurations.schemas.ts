import { z } from 'zod';
import { VAT_RATES } from '../constants';
import { encodeMessage } from '../validation/messages';
import { optionalString } from '../validation/rules';

/**
 * Configuration groups (docs/configurations.md): one form each, stored per club account. The values are
 * read by the features (invoicing, contracts, members, articles, e-mail, the GIT sync), so every
 * field has a default that works for a Swedish golf club out of the box.
 */
export const CONFIGURATION_GROUPS = ['invoice', 'contract', 'member', 'article', 'email', 'api'] as const;
export type ConfigurationGroup = (typeof CONFIGURATION_GROUPS)[number];
export const configurationGroupSchema = z.enum(CONFIGURATION_GROUPS);

/** Payment terms offered in the invoice form (days net). */
export const PAYMENT_TERMS_DAYS = [0, 10, 15, 20, 30, 45, 60] as const;
/** Invoice distribution channels (the "reminder" channel is not a default for new invoices). */
export const INVOICE_SEND_METHODS = ['email', 'einvoice', 'print', 'external_print'] as const;
export type InvoiceSendMethod = (typeof INVOICE_SEND_METHODS)[number];
/** Contract send methods (docs/configurations.md#groups). */
export const CONTRACT_SEND_METHODS = ['email', 'letter'] as const;
export const CONTRACT_INTERVAL_MONTHS = [1, 3, 6, 12] as const;
/**
 * Swedish law (lag 1981:739 om ersättning för inkassokostnader) caps a reminder fee at 60 SEK;
 * amounts are öre (docs/api.md#money-and-dates).
 */
export const MAX_REMINDER_FEE_ORE = 6000;
export const ARTICLE_UNITS = ['st', 'tim', 'mån', 'år', 'h', 'kg', 'm'] as const;

/** How far back the sync start dates may reach (docs/configurations.md#api). */
export const SYNC_DATE_MONTHS_BACK = 12;
/** GIT payment/credit bulk updates cover the last 6 months (docs/git.md#report). */
export const STATUS_DATE_MONTHS_BACK = 6;

const oneOf = <T extends readonly number[]>(values: T) =>
  z
    .number({ message: encodeMessage('invalid_type') })
    .int()
    .refine((v) => (values as readonly number[]).includes(v), { message: encodeMessage('invalid_value') });

const wholeNumber = (min: number, max: number) => z.number().int().min(min).max(max);

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
function isRealDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}
/** An ISO date `YYYY-MM-DD` (docs/api.md#money-and-dates), or null for "not set". */
const isoDate = () =>
  z
    .string()
    .trim()
    .max(10)
    .refine(isRealDate, { message: encodeMessage('date') })
    .nullable();

export const invoiceConfigurationSchema = z
  .object({
    paymentTermsDays: oneOf(PAYMENT_TERMS_DAYS),
    invoiceText: optionalString(1000),
    ourReference: optionalString(100),
    /** Days after the due date before a reminder goes out. */
    reminderDays: wholeNumber(1, 90),
    reminderFeeOre: wholeNumber(0, MAX_REMINDER_FEE_ORE),
    /** Late-payment interest, percent per year (two decimals at most). */
    // No `{ message }` on z.number(): in zod 4 it would replace the range messages too.
    lateInterestPercent: z
      .number()
      .min(0)
      .max(50)
      .refine((v) => Math.round(v * 100) === v * 100, { message: encodeMessage('invalid_value') }),
    sendMethod: z.enum(INVOICE_SEND_METHODS),
    /** Pause (stop reminding and syncing) unpaid invoices this many days after the due date. */
    autoPause: z.boolean(),
    autoPauseDaysAfterDue: wholeNumber(1, 365),
    /** Book each invoice as it is created (by hand or by the GIT sync), so payments can be registered on it. */
    bookOnCreate: z.boolean(),
  })
  .strict();
export type InvoiceConfiguration = z.infer<typeof invoiceConfigurationSchema>;

export const contractConfigurationSchema = z
  .object({
    intervalMonths: oneOf(CONTRACT_INTERVAL_MONTHS),
    sendMethod: z.enum(CONTRACT_SEND_METHODS),
    /** Contract invoices are created this many days before the period they bill starts. */
    invoiceDaysBeforePeriod: wholeNumber(0, 90),
  })
  .strict();
export type ContractConfiguration = z.infer<typeof contractConfigurationSchema>;

export const memberConfigurationSchema = z
  .object({
    /** The GIT fee rule new members get when none is given (its code as named in GIT). */
    defaultFeeRule: optionalString(60),
    /**
     * A family member's fee goes to the payer GIT names for the family, with the family's discount;
     * off, each member gets their own invoice. Replaces `familyInvoicing`, whose stored `false` was
     * the old default rather than a choice, so it is no longer read (see docs/architecture.md).
     */
    familyPayerPays: z.boolean(),
    /** Juniors' invoices are addressed to their guardian. */
    guardianPaysForJuniors: z.boolean(),
    /** Members younger than this are juniors. */
    juniorAgeLimit: wholeNumber(1, 30),
  })
  .strict();
export type MemberConfiguration = z.infer<typeof memberConfigurationSchema>;

export const articleConfigurationSchema = z
  .object({
    vatRate: z
      .number({ message: encodeMessage('invalid_type') })
      .refine((v) => (VAT_RATES as readonly number[]).includes(v), { message: encodeMessage('invalid_value') }),
    /** A four-digit account of the BAS chart (e.g. 3001 sales within Sweden, 25 % VAT). */
    salesAccount: z
      .string()
      .trim()
      .max(4)
      .regex(/^\d{4}$/, { message: encodeMessage('digits', { length: 4 }) }),
    unit: z.enum(ARTICLE_UNITS),
  })
  .strict();
export type ArticleConfiguration = z.infer<typeof articleConfigurationSchema>;

const optionalEmail = () =>
  z
    .string()
    .trim()
    .toLowerCase()
    .max(254)
    .refine((v) => v === '' || z.string().email().safeParse(v).success, { message: encodeMessage('email') });

export const emailConfigurationSchema = z
  .object({
    /** Shown as the sender of member e-mail; empty uses the club account's name. */
    senderName: optionalString(60),
    replyTo: optionalEmail(),
    signature: optionalString(2000),
    receiptSubject: optionalString(200).min(1, { message: encodeMessage('required') }),
    receiptBody: optionalString(5000).min(1, { message: encodeMessage('required') }),
    /** How many member care e-mails a send-out hands to the mail server a minute (docs/member-care.md#e-mail). */
    sendoutEmailsPerMinute: z.number().int().min(1).max(60_000).default(600),
  })
  .strict();
export type EmailConfiguration = z.infer<typeof emailConfigurationSchema>;

/** API configuration (docs/git.md#api-configuration); its fields keep their snake_case names. */
export const apiConfigurationBaseSchema = z
  .object({
    auto_sync: z.boolean(),
    club_to_sync: z.string().uuid().nullable(),
    auto_sync_git_to_accounting: z.boolean(),
    auto_update_invoice_with_git: z.boolean(),
    auto_credit_invoice_in_accounting: z.boolean(),
    create_credit_start_date: isoDate(),
    auto_mark_invoice_as_paid: z.boolean(),
    sync_start_date: isoDate(),
    payment_start_date: isoDate(),
    credit_start_date: isoDate(),
    include_partially_paid_invoices: z.boolean(),
  })
  .strict();
export type ApiConfiguration = z.infer<typeof apiConfigurationBaseSchema>;

/** How far back each API date may reach, in months. */
export const API_DATE_LIMITS = {
  sync_start_date: SYNC_DATE_MONTHS_BACK,
  create_credit_start_date: STATUS_DATE_MONTHS_BACK,
  payment_start_date: STATUS_DATE_MONTHS_BACK,
  credit_start_date: STATUS_DATE_MONTHS_BACK,
} as const satisfies Partial<Record<keyof ApiConfiguration, number>>;
export type ApiDateField = keyof typeof API_DATE_LIMITS;

/** Today as `YYYY-MM-DD` (UTC). */
export function isoToday(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** `date` moved `months` back, the day clamped to the target month's length (31 Mar − 1 → 28/29 Feb). */
export function monthsBack(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) - months;
  const year = Math.floor(index / 12);
  const month = index - year * 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(d, lastDay))).toISOString().slice(0, 10);
}

/** The earliest date the form may offer for `field`. */
export function earliestApiDate(field: ApiDateField, today: string = isoToday()): string {
  return monthsBack(today, API_DATE_LIMITS[field]);
}

/**
 * The rules of the API form that depend on context (docs/configurations.md#api): auto sync needs a club account to
 * sync to, and a start date may reach only 12 (sync) or 6 (payments, credits) months back. A date
 * that is unchanged from `previous` is kept even when it has since fallen out of the window, so an
 * unrelated save never fails on a value the user did not touch.
 */
export function apiConfigurationSchema(options: { previous?: ApiConfiguration | null; today?: string } = {}) {
  return apiConfigurationBaseSchema.superRefine((value, ctx) => {
    if (value.auto_sync && !value.club_to_sync) {
      ctx.addIssue({ code: 'custom', path: ['club_to_sync'], message: encodeMessage('club_to_sync_required') });
    }
    const today = options.today ?? isoToday();
    for (const field of Object.keys(API_DATE_LIMITS) as ApiDateField[]) {
      const date = value[field];
      if (!date || date === options.previous?.[field]) continue;
      if (date < earliestApiDate(field, today)) {
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: encodeMessage('date_months_back', { months: API_DATE_LIMITS[field] }),
        });
      }
    }
  });
}

export const CONFIGURATION_SCHEMAS = {
  invoice: invoiceConfigurationSchema,
  contract: contractConfigurationSchema,
  member: memberConfigurationSchema,
  article: articleConfigurationSchema,
  email: emailConfigurationSchema,
  api: apiConfigurationBaseSchema,
} as const satisfies Record<ConfigurationGroup, z.ZodType>;

export interface ConfigurationValues {
  invoice: InvoiceConfiguration;
  contract: ContractConfiguration;
  member: MemberConfiguration;
  article: ArticleConfiguration;
  email: EmailConfiguration;
  api: ApiConfiguration;
}

/** What a club account uses until someone saves the form. */
export const CONFIGURATION_DEFAULTS: ConfigurationValues = {
  invoice: {
    paymentTermsDays: 30,
    invoiceText: '',
    ourReference: '',
    reminderDays: 10,
    reminderFeeOre: 6000,
    lateInterestPercent: 8,
    sendMethod: 'email',
    autoPause: false,
    autoPauseDaysAfterDue: 30,
    bookOnCreate: false,
  },
  contract: { intervalMonths: 12, sendMethod: 'email', invoiceDaysBeforePeriod: 30 },
  member: { defaultFeeRule: '', familyPayerPays: true, guardianPaysForJuniors: true, juniorAgeLimit: 18 },
  article: { vatRate: 25, salesAccount: '3001', unit: 'st' },
  email: {
    senderName: '',
    replyTo: '',
    signature: '',
    receiptSubject: 'Kvitto på din betalning',
    receiptBody: 'Tack för din betalning! Här kommer kvittot för din faktura.',
    sendoutEmailsPerMinute: 600,
  },
  api: {
    auto_sync: false,
    club_to_sync: null,
    auto_sync_git_to_accounting: false,
    auto_update_invoice_with_git: false,
    auto_credit_invoice_in_accounting: false,
    create_credit_start_date: null,
    auto_mark_invoice_as_paid: false,
    sync_start_date: null,
    payment_start_date: null,
    credit_start_date: null,
    include_partially_paid_invoices: false,
  },
};

const entry = <T extends z.ZodType>(values: T) =>
  z.object({ id: z.string().uuid().nullable(), group: configurationGroupSchema, values, updatedAt: z.string().nullable() });

/**
 * One group as the API answers it: the id of its stored row (null until the group is first saved;
 * `PUT configurations/{id}` saves by it), its values (defaults filled in) and when it was last saved.
 */
export const configurationEntrySchemas = {
  invoice: entry(invoiceConfigurationSchema),
  contract: entry(contractConfigurationSchema),
  member: entry(memberConfigurationSchema),
  article: entry(articleConfigurationSchema),
  email: entry(emailConfigurationSchema),
  api: entry(apiConfigurationBaseSchema),
};
export interface ConfigurationEntry<G extends ConfigurationGroup = ConfigurationGroup> {
  id: string | null;
  group: G;
  values: ConfigurationValues[G];
  updatedAt: string | null;
}

/** The body of `PUT configurations/{id}`: the values of one group, whichever group the stored row is of. */
export const anyConfigurationSchema = z.union([
  invoiceConfigurationSchema,
  contractConfigurationSchema,
  memberConfigurationSchema,
  articleConfigurationSchema,
  emailConfigurationSchema,
  apiConfigurationBaseSchema,
]);

/** The answer of `PUT configurations/{id}`: the saved group. */
export const anyConfigurationEntrySchema = z.union([
  configurationEntrySchemas.invoice,
  configurationEntrySchemas.contract,
  configurationEntrySchemas.member,
  configurationEntrySchemas.article,
  configurationEntrySchemas.email,
  configurationEntrySchemas.api,
]);

/** GET configurations: every group of the club account in use. */
export const configurationsSchema = z.object({
  clubAccountId: z.string().uuid(),
  groups: z.object(configurationEntrySchemas),
});
export type Configurations = { clubAccountId: string; groups: { [G in ConfigurationGroup]: ConfigurationEntry<G> } };
