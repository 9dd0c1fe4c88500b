/**
 * How figures read on the statistics and dashboard pages: whole kronor with Swedish grouping
 * ("12 345 kr"), short month names, dates as the reader's language writes them. Amounts arrive
 * in öre (docs/api.md#money-and-dates).
 */
type Lang = 'sv' | 'en';

const locale = (lang: Lang) => (lang === 'en' ? 'en-SE' : 'sv-SE');

export function formatKronor(ore: number, lang: Lang): string {
  return new Intl.NumberFormat(locale(lang), { style: 'currency', currency: 'SEK', maximumFractionDigits: 0 }).format(
    Math.round(ore / 100),
  );
}

/** An amount in another currency (the unpaid table lists every open invoice). */
export function formatAmount(ore: number, currency: string, lang: Lang): string {
  return new Intl.NumberFormat(locale(lang), { style: 'currency', currency, minimumFractionDigits: 2 }).format(ore / 100);
}

export function formatCount(value: number, lang: Lang): string {
  return new Intl.NumberFormat(locale(lang)).format(value);
}

/** `2025-03` → "mars 2025" / "Mar 2025" (short: "mars -25"). */
export function monthLabel(month: string, lang: Lang, short = true): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(locale(lang), {
    month: short ? 'short' : 'long',
    year: short ? '2-digit' : 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y, m - 1, 1)));
}

/** Change against the year before, in whole percent; null when there is nothing to compare with. */
export function changePercent(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / Math.abs(previous)) * 100);
}
