import { z } from 'zod';
import { paginationSchema } from '../errors';
import { encodeMessage } from '../validation/messages';
import { requiredString } from '../validation/rules';
import '../validation/zod-setup';
import { EMAIL_SUBJECT_MAX } from './member-care.schemas';
import { countSms, smsSenderSchema } from './sms';

/**
 * Member care's send-outs (docs/member-care.md#send-outs): who a selection reaches, and e-mail
 * and SMS send-outs to them.
 */

export const SENDOUT_CHANNELS = ['email', 'sms'] as const;
export type SendoutChannel = (typeof SENDOUT_CHANNELS)[number];

/** Why a member a selection takes gets no message. */
export const RECIPIENT_EXCLUSIONS = ['no_email', 'no_mobile', 'unsubscribed', 'inactive'] as const;
export type RecipientExclusion = (typeof RECIPIENT_EXCLUSIONS)[number];

export const RECIPIENT_PICKED_MAX = 5000;

const uuids = (max: number) => z.array(z.uuid()).max(max);

/**
 * Who a send-out goes to: every part given must hold. Without `status`, inactive members are
 * listed as left out; `juniorsReachPayer` sends a junior without an own address (or number) to
 * the guardian, else the family's payer.
 */
export const recipientSelectionSchema = z
  .object({
    memberCategoryIds: uuids(200).optional(),
    playerCategoryIds: uuids(200).optional(),
    status: z.enum(['active', 'inactive']).optional(),
    familyRole: z.enum(['payer', 'guardian']).optional(),
    ageFrom: z.number().int().min(0).max(130).optional(),
    ageTo: z.number().int().min(0).max(130).optional(),
    openBalance: z.boolean().optional(),
    segmentId: z.uuid().optional(),
    memberIds: uuids(RECIPIENT_PICKED_MAX).optional(),
    juniorsReachPayer: z.boolean().default(false),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.ageFrom !== undefined && value.ageTo !== undefined && value.ageTo < value.ageFrom) {
      ctx.addIssue({ code: 'custom', path: ['ageTo'], message: encodeMessage('sendout_age_range') });
    }
  });
export type RecipientSelection = z.infer<typeof recipientSelectionSchema>;
export type RecipientSelectionInput = z.input<typeof recipientSelectionSchema>;

/** POST member_care/recipients/preview. */
export const recipientsPreviewBodySchema = z
  .object({ channel: z.enum(SENDOUT_CHANNELS), selection: recipientSelectionSchema.prefault({}) })
  .strict();
export type RecipientsPreviewBody = z.infer<typeof recipientsPreviewBodySchema>;

export const excludedRecipientSchema = z.object({
  memberId: z.uuid(),
  name: z.string(),
  reason: z.enum(RECIPIENT_EXCLUSIONS),
});
export type ExcludedRecipient = z.infer<typeof excludedRecipientSchema>;

/** At most this many left-out members are listed; `excludedCount` counts them all. */
export const RECIPIENT_EXCLUDED_LISTED = 1000;

export const recipientsPreviewSchema = z.object({
  channel: z.enum(SENDOUT_CHANNELS),
  /** Members the message reaches. */
  count: z.number().int(),
  /** Of them, juniors reached through their guardian or the family's payer. */
  viaPayer: z.number().int(),
  excludedCount: z.number().int(),
  excludedByReason: z.record(z.enum(RECIPIENT_EXCLUSIONS), z.number().int()),
  excluded: z.array(excludedRecipientSchema),
});
export type RecipientsPreview = z.infer<typeof recipientsPreviewSchema>;

// ---- send-outs --------------------------------------------------------------------------------

export const SENDOUT_TITLE_MAX = 120;
export const SMS_MESSAGE_MAX = 1600;
/** A send-out may be set to start at most this many days back (it then starts at once). */
export const SENDOUT_MAX_DAYS_BACK = 7;

export const SENDOUT_STATUSES = ['draft', 'scheduled', 'sending', 'sent', 'failed', 'cancelled'] as const;
export type SendoutStatus = (typeof SENDOUT_STATUSES)[number];

/** `cancelled`: the send-out was cancelled before this recipient's message was handed over. */
export const RECIPIENT_STATUSES = ['queued', 'sending', 'sent', 'delivered', 'failed', 'bounced', 'review', 'cancelled'] as const;
export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number];

const smsMessage = () =>
  z
    .string()
    .max(SMS_MESSAGE_MAX)
    .refine((v) => v.trim() !== '', { message: encodeMessage('required') });

const emailSendoutBody = z
  .object({
    channel: z.literal('email'),
    title: requiredString(SENDOUT_TITLE_MAX),
    templateId: z.uuid({ message: encodeMessage('required') }),
    /** Empty: the template's subject. */
    subject: z.string().trim().max(EMAIL_SUBJECT_MAX).default(''),
    selection: recipientSelectionSchema.prefault({}),
  })
  .strict();

const smsSendoutBody = z
  .object({
    channel: z.literal('sms'),
    title: requiredString(SENDOUT_TITLE_MAX),
    // Bounded before the sender's own rules (a longer one gets their length message too).
    sender: z
      .string({ message: encodeMessage('sender_name_required') })
      .max(64, { message: encodeMessage('sender_name') })
      .pipe(smsSenderSchema()),
    message: smsMessage(),
    selection: recipientSelectionSchema.prefault({}),
  })
  .strict();

/** POST member_care/sendouts and PUT member_care/sendouts/{id} (a draft or scheduled send-out): the whole send-out. */
export const sendoutBodySchema = z.discriminatedUnion('channel', [emailSendoutBody, smsSendoutBody]);
export type SendoutBody = z.infer<typeof sendoutBodySchema>;
export type SendoutBodyInput = z.input<typeof sendoutBodySchema>;

/** POST member_care/sendouts/{id}/schedule: a date and time in Europe/Stockholm, `YYYY-MM-DDTHH:mm`. */
export const sendoutScheduleBodySchema = z
  .object({
    sendAt: z
      .string({ message: encodeMessage('required') })
      .trim()
      .max(20, { message: encodeMessage('sendout_send_at') })
      .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, { message: encodeMessage('sendout_send_at') }),
  })
  .strict();
export type SendoutScheduleBody = z.infer<typeof sendoutScheduleBodySchema>;

/** POST member_care/sendouts/{id}/test: one copy to this e-mail address or mobile number (required). */
export const sendoutTestBodySchema = z
  .object({
    to: z
      .string({ message: encodeMessage('sendout_test_address') })
      .trim()
      .max(254),
  })
  .strict();
export type SendoutTestBody = z.infer<typeof sendoutTestBodySchema>;

export const sendoutCountsSchema = z.object({
  total: z.number().int(),
  queued: z.number().int(),
  sent: z.number().int(),
  delivered: z.number().int(),
  failed: z.number().int(),
  bounced: z.number().int(),
  review: z.number().int(),
  cancelled: z.number().int(),
});
export type SendoutCounts = z.infer<typeof sendoutCountsSchema>;

export const sendoutSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  channel: z.enum(SENDOUT_CHANNELS),
  status: z.enum(SENDOUT_STATUSES),
  templateId: z.uuid().nullable(),
  subject: z.string(),
  sender: z.string(),
  message: z.string(),
  /** SMS: the segments of the text (each recipient's SMS counts this many against the plan). */
  segments: z.number().int(),
  selection: recipientSelectionSchema,
  /** When it starts (scheduled), ISO. */
  sendAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** Why the send-out as a whole failed (a recipient's own failure is on the recipient). */
  error: z.string().nullable(),
  counts: sendoutCountsSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Sendout = z.infer<typeof sendoutSchema>;

export const sendoutRecipientSchema = z.object({
  memberId: z.uuid().nullable(),
  name: z.string(),
  address: z.string(),
  viaPayer: z.boolean(),
  status: z.enum(RECIPIENT_STATUSES),
  reason: z.string().nullable(),
  sentAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
});
export type SendoutRecipient = z.infer<typeof sendoutRecipientSchema>;

/** GET member_care/sendouts/{id}: the send-out, its counts and its recipients (a page of them). */
export const sendoutDetailSchema = sendoutSchema.extend({
  recipients: z.array(sendoutRecipientSchema),
  recipientsPagination: paginationSchema,
});
export type SendoutDetail = z.infer<typeof sendoutDetailSchema>;

export const sendoutReadQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(100000).default(1),
    pageSize: z.coerce.number().int().min(1).max(500).default(100),
    /** Only the recipients with this status (`queued` takes those being handed over too). */
    status: z.enum(RECIPIENT_STATUSES).optional(),
  })
  .strict();

/** GET member_care/sendouts: `scheduled` (drafts and scheduled, soonest first) apart from `earlier` ones (newest first). */
export const sendoutsListQuerySchema = z
  .object({
    channel: z.enum(SENDOUT_CHANNELS).optional(),
    view: z.enum(['scheduled', 'earlier']).default('scheduled'),
    page: z.coerce.number().int().min(1).max(100000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(25),
  })
  .strict();
export type SendoutsListQuery = z.infer<typeof sendoutsListQuerySchema>;

export const sendoutsListResponseSchema = z.object({ data: z.array(sendoutSchema), pagination: paginationSchema });

/** The SMS segments of a send-out's text (what each recipient's SMS counts against the plan). */
export const smsSegmentsOf = (message: string) => countSms(message).segments;
