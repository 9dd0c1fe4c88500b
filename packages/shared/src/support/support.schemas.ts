import { z } from 'zod';
import { BILLING_PRICES_ORE, billingTotals } from '../billings/billings.schemas';
import { paginationSchema } from '../errors';
import { memberPhoneField } from '../members/members.schemas';
import { encodeMessage } from '../validation/messages';
import { emailField, optionalString, requiredString } from '../validation/rules';

/**
 * Support (docs/help.md#support: support/open_ticket and support/buy_support_hours) and the
 * public site's forms (docs/help.md#contact: landing_page/contact_form and
 * landing_page/notification_signup, a reply promised within 48 hours, personal support 1500 SEK ex VAT per hour with
 * decimal hours).
 */

// Zod-free, for the contact page (docs/web-app.md#bundle-budget).
export { CONTACT_REPLY_HOURS } from './terms';

export const SUPPORT_NAME_MAX = 100;
export const SUPPORT_CLUB_MAX = 150;
export const SUPPORT_SUBJECT_MAX = 150;
/** Long enough for a careful description with steps to reproduce; short enough to read. */
export const SUPPORT_MESSAGE_MAX = 5000;
/** A message shorter than this cannot describe a problem ("help!"), so it is refused. */
export const SUPPORT_MESSAGE_MIN = 10;

/** Support hours bought at a time: more than 0, at most this, in hundredths of an hour. */
export const SUPPORT_HOURS_MAX = 40;
/** GET support/support_hours answers at most this many purchases, newest first. */
export const SUPPORT_HOURS_LIST_MAX = 20;
/** The web's number input moves in quarter hours; any two-decimal figure may be typed. */
export const SUPPORT_HOURS_STEP = 0.25;

const message = () =>
  requiredString(SUPPORT_MESSAGE_MAX).refine((v) => v.length >= SUPPORT_MESSAGE_MIN, {
    message: encodeMessage('min', { min: SUPPORT_MESSAGE_MIN }),
  });

/* ------------------------------------------------------------ public forms */

/** POST landing_page/contact_form (no token). The phone is optional and stored in E.164. */
export const contactFormBodySchema = z
  .object({
    name: requiredString(SUPPORT_NAME_MAX),
    email: emailField(),
    phone: memberPhoneField().optional(),
    club: optionalString(SUPPORT_CLUB_MAX).default(''),
    subject: requiredString(SUPPORT_SUBJECT_MAX),
    message: message(),
    consent: z
      .boolean({ message: encodeMessage('contact_consent_required') })
      .refine((v) => v, { message: encodeMessage('contact_consent_required') }),
  })
  .strict();
export type ContactFormBody = z.output<typeof contactFormBodySchema>;
export type ContactFormInput = z.input<typeof contactFormBodySchema>;

export const contactFormResultSchema = z.object({
  id: z.string().uuid(),
  replyWithinHours: z.number().int(),
});
export type ContactFormResult = z.infer<typeof contactFormResultSchema>;

/** POST landing_page/notification_signup (no token): told when the product launches. */
export const notificationSignupBodySchema = z
  .object({
    email: emailField(),
    name: optionalString(SUPPORT_NAME_MAX).default(''),
    club: optionalString(SUPPORT_CLUB_MAX).default(''),
  })
  .strict();
export type NotificationSignupBody = z.output<typeof notificationSignupBodySchema>;
export type NotificationSignupInput = z.input<typeof notificationSignupBodySchema>;

/** `alreadySignedUp`: the address was on the list before; nothing was added and no mail sent. */
export const notificationSignupResultSchema = z.object({ alreadySignedUp: z.boolean() });
export type NotificationSignupResult = z.infer<typeof notificationSignupResultSchema>;

/* ----------------------------------------------------------------- tickets */

/** POST support/open_ticket: optionally about one of the club account's members. */
export const openTicketBodySchema = z
  .object({
    subject: requiredString(SUPPORT_SUBJECT_MAX),
    message: message(),
    memberId: z
      .string()
      .uuid({ message: encodeMessage('support_member_unknown') })
      .nullable()
      .optional(),
  })
  .strict();
export type OpenTicketBody = z.output<typeof openTicketBodySchema>;
export type OpenTicketInput = z.input<typeof openTicketBodySchema>;

export const supportTicketSchema = z.object({
  id: z.string().uuid(),
  /** The reference our support quotes ("ärende 1042"). */
  number: z.number().int(),
  subject: z.string(),
  message: z.string(),
  member: z.object({ id: z.string().uuid(), name: z.string(), memberNumber: z.string().nullable() }).nullable(),
  openedBy: z.string().nullable(),
  clubAccountName: z.string().nullable(),
  createdAt: z.string(),
});
export type SupportTicket = z.infer<typeof supportTicketSchema>;

/** GET support/tickets: the organisation's tickets, newest first; `memberId` keeps one member's. */
export const supportTicketsQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(100000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(10),
    memberId: z.string().uuid().optional(),
  })
  .strict();
export type SupportTicketsQuery = z.input<typeof supportTicketsQuerySchema>;

export const supportTicketsListSchema = z.object({
  data: z.array(supportTicketSchema).max(100),
  pagination: paginationSchema,
});

/* ----------------------------------------------------------- support hours */

const hasTwoDecimals = (v: number) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6;

/** POST support/buy_support_hours: decimal hours (0.5, 1.25 …), more than 0, at most two decimals. */
export const buySupportHoursBodySchema = z
  .object({
    hours: z
      .number()
      .refine((v) => Number.isFinite(v) && v > 0, { message: encodeMessage('support_hours_min'), abort: true })
      .refine((v) => v <= SUPPORT_HOURS_MAX, {
        message: encodeMessage('support_hours_max', { max: SUPPORT_HOURS_MAX }),
        abort: true,
      })
      .refine(hasTwoDecimals, { message: encodeMessage('two_decimals') }),
  })
  .strict();
export type BuySupportHoursBody = z.output<typeof buySupportHoursBodySchema>;
export type BuySupportHoursInput = z.input<typeof buySupportHoursBodySchema>;

export interface SupportHoursPrice {
  hundredths: number;
  unitPriceOre: number;
  exVatOre: number;
  vatOre: number;
  totalOre: number;
}

/** The price of `hours` of personal support (1500 SEK ex VAT per hour, 25 % VAT; docs/help.md#support). */
export function supportHoursPrice(hours: number): SupportHoursPrice {
  const hundredths = Math.round(hours * 100);
  const unitPriceOre = BILLING_PRICES_ORE.supportPerHour;
  const exVatOre = Math.round((hundredths * unitPriceOre) / 100);
  const { vatOre, totalOre } = billingTotals([{ amountOre: exVatOre }]);
  return { hundredths, unitPriceOre, exVatOre, vatOre, totalOre };
}

export const supportHoursPurchaseSchema = z.object({
  id: z.string().uuid(),
  hours: z.number(),
  unitPriceOre: z.number().int(),
  exVatOre: z.number().int(),
  vatOre: z.number().int(),
  totalOre: z.number().int(),
  createdAt: z.string(),
  /** The billing (our invoice number) the hours were put on; null until the next billing run. */
  billingNumber: z.string().nullable(),
});
export type SupportHoursPurchase = z.infer<typeof supportHoursPurchaseSchema>;
