/** Calendar arithmetic on ISO dates (YYYY-MM-DD, UTC): terms, periods and due dates are whole days. */

export function todayIso(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

function parse(iso: string): Date {
  return new Date(`${iso}T00:00:00Z`);
}

export function addDays(iso: string, days: number): string {
  const d = parse(iso);
  d.setUTCDate(d.getUTCDate() + days);
  return todayIso(d);
}

/** Same day of month `months` later; the 31st of a shorter month falls on its last day. */
export function addMonths(iso: string, months: number): string {
  const d = parse(iso);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, lastDay));
  return todayIso(d);
}

/**
 * The last day of a period of `months` that begins on `periodStart` within a term begun on
 * `anchor`. Periods keep the term's day of month: a term begun on 29 Nov bills … 29 Jan – 27 Feb,
 * 28 Feb – 28 Mar, 29 Mar – …, never drifting to the 28th after February (docs/subscriptions.md#billing-periods).
 */
export function anchoredPeriodEnd(anchor: string, periodStart: string, months: number): string {
  if (periodStart < anchor) return addDays(addMonths(periodStart, months), -1);
  let k = 0;
  while (addMonths(anchor, k + 1) <= periodStart) k++;
  return addDays(addMonths(anchor, k + months), -1);
}

/** YYYY-MM of a date, the key of the monthly usage counters. */
export function monthOf(iso: string): string {
  return iso.slice(0, 7);
}

/** Whole months from `from` up to `to`, counting a started month as a month. */
export function monthsBetween(from: string, to: string): number {
  let months = 0;
  while (addMonths(from, months) < to) months++;
  return months;
}
