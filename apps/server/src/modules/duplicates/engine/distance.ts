import damerauLevenshtein from 'damerau-levenshtein';

/**
 * Edit distance of two normalised values by the optimal string alignment variant of
 * Damerau–Levenshtein: one substituted, inserted or deleted character, or two adjacent characters
 * swapped, each cost 1. The computation is the `damerau-levenshtein` package's
 * (docs/duplicates.md#the-library); this file only decides when it is worth asking.
 */

/** A value shorter than this is never "nearly" another: "12" and "13" are different invoices. */
export const NEAR_MIN_LENGTH = 4;

export type Closeness = 'equal' | 'near' | 'differ';

export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  if (a.length === 0 || b.length === 0) return Math.max(a.length, b.length);
  return damerauLevenshtein(a, b).steps;
}

/**
 * Equal, one edit apart (a typo or two swapped adjacent characters), or different. The length
 * difference is a lower bound of the distance, so most different pairs never reach the library.
 */
export function closeness(a: string, b: string): Closeness {
  if (a === b) return 'equal';
  if (Math.abs(a.length - b.length) > 1 || Math.min(a.length, b.length) < NEAR_MIN_LENGTH) return 'differ';
  return editDistance(a, b) <= 1 ? 'near' : 'differ';
}
