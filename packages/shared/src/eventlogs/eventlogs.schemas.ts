import { z } from 'zod';
import { encodeMessage } from '../validation/messages';

/** Event log entry types (docs/messages.md#event-log). */
export const EVENT_TYPES = ['INFO', 'ERROR', 'SUCCESS'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/**
 * What an event is about. Jobs and integrations log under one of these, so the event log can be
 * filtered by them and the web app can name each in both languages.
 */
export const EVENT_RESOURCES = [
  'users',
  'email',
  'sms',
  'invoices',
  'contracts',
  'customers',
  'articles',
  'members',
  'receipts',
  'fees',
  'git',
  'accounting',
  'exports',
  'subscription',
  'billing',
  'integrations',
  'settings',
  'support',
] as const;
export type EventResource = (typeof EVENT_RESOURCES)[number];

/** One event log entry (docs/messages.md#event-log): date, resource, invoice, activity, error, type. */
export const eventLogSchema = z.object({
  id: z.string().uuid(),
  date: z.string(),
  resource: z.enum(EVENT_RESOURCES),
  invoice: z.string().nullable(),
  activity: z.string(),
  error: z.string().nullable(),
  type: z.enum(EVENT_TYPES),
  clubAccountId: z.string().uuid().nullable(),
});
export type EventLog = z.infer<typeof eventLogSchema>;

const isoDate = z
  .string()
  .trim()
  .max(10)
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine(
    (value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    {
      message: encodeMessage('invalid'),
    },
  );

/** GET eventlogs: newest first, filtered by type, resource, day range (Swedish days) and text. */
export const eventLogsListQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(100000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(25),
    type: z.enum(EVENT_TYPES).optional(),
    resource: z.enum(EVENT_RESOURCES).optional(),
    from: isoDate.optional(),
    to: isoDate.optional(),
    search: z.string().trim().max(100).optional(),
  })
  .strict()
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: encodeMessage('invalid_value') });
export type EventLogsListQuery = z.infer<typeof eventLogsListQuerySchema>;
