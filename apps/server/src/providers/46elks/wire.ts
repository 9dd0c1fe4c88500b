import { z } from 'zod';

/**
 * 46elks' wire formats, shared by the client, the delivery-report parser and the simulator
 * (CONTRACT.md rules O1, H1, D4).
 */

export const ELKS_API_URL = 'https://api.46elks.com/a1';

export const SMS_STATUSES = ['created', 'sent', 'delivered', 'failed'] as const;
export type ElksSmsStatus = (typeof SMS_STATUSES)[number];

const TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(Z|[+-]00:?00)?$/;

/**
 * A 46elks timestamp as a Date. 46elks writes UTC, with or without a zone and with up to six
 * decimals: `2018-02-14T09:52:07.302000` (created) and `2017-03-14T09:52:10Z` (delivered).
 * Null for anything else.
 */
export function parseElksTime(text: string): Date | null {
  const m = TIME.exec(text.trim());
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const ms = m[7] ? Number(m[7].slice(0, 3).padEnd(3, '0')) : 0;
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second, ms));
  const valid =
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    hour < 24 &&
    minute < 60 &&
    second < 60;
  return valid ? date : null;
}

/** The `created` form: `2018-02-14T09:52:07.302000` (UTC, microseconds, no zone). */
export function formatElksTime(date: Date): string {
  return `${date.toISOString().slice(0, 23)}000`;
}

/** The `delivered` form: `2017-03-14T09:52:10Z`. */
export function formatElksDeliveredTime(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}

const elksTime = z.string().refine((v) => parseElksTime(v) !== null, 'not a 46elks timestamp');

/**
 * An SMS as 46elks answers it (send, get by id, history items): the fields the portal reads, each
 * checked; others (`direction` values beyond ours, `dontlog`, `flashsms`…) pass untouched.
 */
export const elksSmsSchema = z.looseObject({
  id: z.string().min(1).max(100).optional(),
  status: z.enum(SMS_STATUSES).optional(),
  direction: z.string().max(40).optional(),
  from: z.string().max(100),
  to: z.string().max(100),
  message: z.string().optional(),
  created: elksTime.optional(),
  delivered: elksTime.optional(),
  parts: z.number().int().min(1).optional(),
  cost: z.number().int().min(0).optional(),
  estimated_cost: z.number().int().min(0).optional(),
});
export type ElksSms = z.infer<typeof elksSmsSchema>;

export const elksSmsPageSchema = z.looseObject({
  data: z.array(elksSmsSchema),
  next: elksTime.optional(),
});
