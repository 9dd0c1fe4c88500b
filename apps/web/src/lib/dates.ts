/** The languages the app speaks; a date is shown the way each of them writes one. */
export type DateLang = 'sv' | 'en';

/**
 * How a date input shows its date (a dayjs format): Swedish writes dates as ISO (2026-01-31),
 * English as day/month/year (31/01/2026), as the lists and notices do.
 */
export const DATE_DISPLAY_FORMATS: Record<DateLang, string> = { sv: 'YYYY-MM-DD', en: 'DD/MM/YYYY' };

const ISO = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
const COMPACT = /^(\d{4})(\d{2})(\d{2})$/;
const DAY_FIRST = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;

/** `YYYY-MM-DD` for a real calendar day, else null (no 31 April, no 29 February outside leap years). */
function isoOf(year: string, month: string, day: string): string | null {
  const y = Number(year);
  const m = Number(month);
  const d = Number(day);
  const at = new Date(Date.UTC(y, m - 1, d));
  if (y < 1 || at.getUTCFullYear() !== y || at.getUTCMonth() !== m - 1 || at.getUTCDate() !== d) return null;
  return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}

/**
 * A date as typed, read as `YYYY-MM-DD`, or null while it is not a whole date yet. ISO
 * (2026-01-31, also 2026-1-31) and the compact 20260131 are read in either language; English
 * also reads its own day/month/year (31/01/2026, 31.1.2026). A year has four digits, so a date
 * half typed is never taken for another one.
 */
export function parseTypedDate(text: string, lang: DateLang): string | null {
  const value = text.trim();
  const iso = ISO.exec(value) ?? COMPACT.exec(value);
  if (iso) return isoOf(iso[1] as string, iso[2] as string, iso[3] as string);
  const dayFirst = lang === 'en' ? DAY_FIRST.exec(value) : null;
  if (dayFirst) return isoOf(dayFirst[3] as string, dayFirst[2] as string, dayFirst[1] as string);
  return null;
}

/** Whether a form value is a date the inputs can show (`YYYY-MM-DD`). */
export const isIsoDate = (value: string | null | undefined): value is string =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && parseTypedDate(value, 'sv') === value;
