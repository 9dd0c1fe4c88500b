/**
 * Swedish wall-clock time (Europe/Stockholm) and calendar dates. The portal keeps ISO UTC
 * instants; a club's "today", due dates and periods are Stockholm dates (`stockholmDate`,
 * `addDays`, `addMonths`). Fortnox reads and writes `lastmodified` as Stockholm wall-clock time
 * ("2025-03-01 14:05:00"), so its client converts on the way out and its simulator on the way in
 * (`toStockholmTime`, `fromStockholmTime`).
 */

const FORMAT = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Europe/Stockholm',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** An instant as Stockholm wall-clock time, `YYYY-MM-DD HH:MM:SS`. */
export function toStockholmTime(instant: Date): string {
  const parts = Object.fromEntries(FORMAT.formatToParts(instant).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** Stockholm wall-clock time (`YYYY-MM-DD HH:MM[:SS]` or a bare date) as an instant; null if unreadable. */
export function fromStockholmTime(text: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text.trim());
  if (!m) return null;
  const [, y, mo, d, h = '00', mi = '00', s = '00'] = m;
  const asUtc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  if (Number.isNaN(asUtc)) return null;
  // Stockholm is UTC+1 or UTC+2: find the offset at the guessed instant, then confirm it.
  let guess = asUtc;
  for (let i = 0; i < 2; i++) {
    const shown = fromParts(toStockholmTime(new Date(guess)));
    guess = asUtc - (shown - guess);
  }
  return new Date(guess);
}

function fromParts(text: string): number {
  const [date, time] = text.split(' ');
  const [y, mo, d] = date.split('-').map(Number);
  const [h, mi, s] = time.split(':').map(Number);
  return Date.UTC(y, mo - 1, d, h, mi, s);
}

/** The last instant's minute and its date: most callers ask for "today", many times a second. */
let lastDate: { minute: number; date: string } | undefined;

/**
 * The Stockholm date of an instant, `YYYY-MM-DD`. Stockholm is a whole number of hours from UTC,
 * so its date changes only on a whole UTC minute: the date of the minute asked last is kept (the
 * formatting costs ~40 µs, on every list request's "today").
 */
export function stockholmDate(instant: Date): string {
  const minute = Math.floor(instant.getTime() / 60_000);
  if (lastDate?.minute === minute) return lastDate.date;
  const date = toStockholmTime(instant).slice(0, 10);
  lastDate = { minute, date };
  return date;
}

/** A `YYYY-MM-DD` date moved by whole days. */
export function addDays(date: string, days: number): string {
  const t = Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) + days * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

/** A `YYYY-MM-DD` date moved by whole months; the day is kept, or the month's last if shorter. */
export function addMonths(date: string, months: number): string {
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7)) - 1 + months;
  const d = Number(date.slice(8, 10));
  const year = y + Math.floor(m / 12);
  const month = ((m % 12) + 12) % 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(d, last))).toISOString().slice(0, 10);
}
