import { useTranslation } from 'react-i18next';

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

const WIRE_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The parts of an instant in Swedish time: the clubs are Swedish, so every reader sees their day. */
export function stockholmParts(
  at: Date,
  seconds = false,
): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string> {
  const parts = new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Europe/Stockholm',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: seconds ? '2-digit' : undefined,
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
    second: part('second'),
  };
}

const dayIn = (lang: DateLang, year: string, month: string, day: string) =>
  lang === 'en' ? `${day}/${month}/${year}` : `${year}-${month}-${day}`;

/**
 * A date the way the date inputs show it (DATE_DISPLAY_FORMATS): 2026-01-31 in Swedish,
 * 31/01/2026 in English. Takes a wire date (`YYYY-MM-DD`) or a timestamp, whose day in Sweden is
 * shown; '' for no date, and anything else unchanged.
 */
export function formatDate(value: string | null | undefined, lang: DateLang): string {
  if (!value) return '';
  const wire = WIRE_DATE.exec(value);
  if (wire) return dayIn(lang, wire[1] as string, wire[2] as string, wire[3] as string);
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return value;
  const p = stockholmParts(at, false);
  return dayIn(lang, p.year, p.month, p.day);
}

/** A timestamp in Swedish time, its day as formatDate writes it, then the time (to the second if asked). */
export function formatDateTime(value: string | null | undefined, lang: DateLang, options: { seconds?: boolean } = {}): string {
  if (!value) return '';
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return value;
  const p = stockholmParts(at, Boolean(options.seconds));
  const time = options.seconds ? `${p.hour}:${p.minute}:${p.second}` : `${p.hour}:${p.minute}`;
  return `${dayIn(lang, p.year, p.month, p.day)} ${time}`;
}

/** formatDate and formatDateTime in the reader's language, for components. */
export function useDateFormat() {
  const { i18n } = useTranslation();
  const lang: DateLang = i18n.language === 'en' ? 'en' : 'sv';
  return {
    lang,
    date: (value: string | null | undefined) => formatDate(value, lang),
    dateTime: (value: string | null | undefined, options?: { seconds?: boolean }) => formatDateTime(value, lang, options),
  };
}
