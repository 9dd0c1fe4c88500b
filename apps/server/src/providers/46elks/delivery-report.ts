import { parseElksTime } from './wire';

/**
 * A delivery report (DLR) as 46elks POSTs it to the `whendelivered` URL of an SMS
 * (CONTRACT.md rules D1–D4): an `application/x-www-form-urlencoded` body with the SMS' `id`, its
 * new `status` and, for a delivered one, the `delivered` time in UTC. 46elks sends one per change
 * of state and repeats it until the receiver answers 200–204, so a receiver must take the same
 * report twice (and a late `sent` after `delivered`) without harm.
 */
export interface DeliveryReport {
  /** The id 46elks answered when the SMS was sent. */
  id: string;
  status: 'sent' | 'delivered' | 'failed';
  /** When the handset received it (ISO, UTC); null unless delivered, or when 46elks left it out. */
  deliveredAt: string | null;
}

export type DeliveryReportResult = { ok: true; report: DeliveryReport } | { ok: false; reason: string };

const STATUSES = new Set<DeliveryReport['status']>(['sent', 'delivered', 'failed']);
/** 46elks' ids are a letter and hex digits (`s70df59406a1b4643b96f3f91e0bfb7b0`). */
const ID = /^[A-Za-z0-9]{1,64}$/;

function field(body: URLSearchParams | Record<string, unknown>, name: string): string | undefined {
  if (body instanceof URLSearchParams) return body.get(name) ?? undefined;
  const value = body[name];
  if (Array.isArray(value)) return typeof value[0] === 'string' ? value[0] : undefined;
  return typeof value === 'string' ? value : undefined;
}

/**
 * Reads a delivery report from the raw form body (a string or a Buffer), from URLSearchParams, or
 * from a body a form parser already turned into an object. Unknown fields are ignored (46elks may
 * add some); a report without a known id or status is refused with the reason.
 */
export function parseDeliveryReport(body: string | Buffer | URLSearchParams | Record<string, unknown>): DeliveryReportResult {
  const form =
    typeof body === 'string' || Buffer.isBuffer(body)
      ? new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))
      : body;
  const id = field(form, 'id')?.trim();
  if (!id || !ID.test(id)) return { ok: false, reason: 'id missing or not a 46elks id' };
  const status = field(form, 'status')?.trim().toLowerCase();
  if (!status || !STATUSES.has(status as DeliveryReport['status']))
    return { ok: false, reason: `unknown status ${status ?? '(none)'}` };
  const deliveredText = field(form, 'delivered')?.trim();
  let deliveredAt: string | null = null;
  if (status === 'delivered' && deliveredText) {
    const at = parseElksTime(deliveredText);
    if (!at) return { ok: false, reason: `delivered is not a time: ${deliveredText.slice(0, 40)}` };
    deliveredAt = at.toISOString();
  }
  return { ok: true, report: { id, status: status as DeliveryReport['status'], deliveredAt } };
}
