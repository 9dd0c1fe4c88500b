import type { Lang } from '@fairway/shared';

const formatters = new Map<Lang, Intl.NumberFormat>();

/** A price in öre as whole or decimal kronor in the reader's locale (docs/api.md#money-and-dates). */
export function formatSek(ore: number, lang: Lang): string {
  let formatter = formatters.get(lang);
  if (!formatter) {
    formatter = new Intl.NumberFormat(lang === 'sv' ? 'sv-SE' : 'en-SE', {
      style: 'currency',
      currency: 'SEK',
      minimumFractionDigits: 0,
      maximumFractionDigits: 2,
    });
    formatters.set(lang, formatter);
  }
  return formatter.format(ore / 100);
}

export function formatCount(value: number, lang: Lang): string {
  return new Intl.NumberFormat(lang === 'sv' ? 'sv-SE' : 'en-SE').format(value);
}
