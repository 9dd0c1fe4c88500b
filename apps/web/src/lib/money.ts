import { formatSek } from '@fairway/shared';

/**
 * Amounts are integers in öre on the wire (docs/api.md#money-and-dates); people read and type kronor. These
 * are the two directions for inputs, plus the display format shared with the rest of the app.
 */

/** Öre as the kronor a number input shows; null (not set) shows as an empty input. */
export function oreToKronor(ore: number | null | undefined): number | '' {
  return typeof ore === 'number' ? ore / 100 : '';
}

/**
 * What a kronor input holds (a number, or '' / a partial string while typing) as whole öre.
 * Rounded, because 19.99 * 100 is 1998.9999… in floating point.
 */
export function kronorToOre(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const kronor = typeof value === 'number' ? value : Number(value.replace(/\s/g, '').replace(',', '.'));
  return Number.isFinite(kronor) ? Math.round(kronor * 100) : null;
}

/** "1 234,50 kr" in Swedish, "SEK 1,234.50" in English. */
export const formatOre = (ore: number, lang: 'sv' | 'en') => formatSek(ore, lang);
