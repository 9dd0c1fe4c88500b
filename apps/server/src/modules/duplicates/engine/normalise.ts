/**
 * Normal forms of the fields people type differently for the same thing. Two values are "equal"
 * when their normal forms are (docs/duplicates.md#normalisation).
 */

const SEPARATORS = /[\s\-_./:,;#'"()]+/g;

/** Leading zeros of every run of digits: "INV-00042" and "inv 42" are the same reference. */
const LEADING_ZEROS = /(^|\D)0+(?=\d)/g;

/**
 * A reference (invoice number, order reference): case, spaces, dashes and other separators, and
 * the leading zeros of each number do not count. Empty → null.
 */
export function normaliseReference(value: string | null | undefined): string | null {
  const compact = compactReference(value);
  return compact === null ? null : compact.replace(LEADING_ZEROS, '$1');
}

/**
 * A reference without case and separators but with its zeros: for typos only. A typo in a padding
 * zero ("INV00014721" typed "INV90014721") is one edit here and three once the zeros are stripped.
 */
export function compactReference(value: string | null | undefined): string | null {
  if (!value) return null;
  const compact = value.normalize('NFKC').toUpperCase().replace(SEPARATORS, '');
  return compact === '' ? null : compact;
}

/** An OCR number: its digits only, without leading zeros. No digits → null. */
export function normaliseOcr(value: string | null | undefined): string | null {
  if (!value) return null;
  const digits = value.replace(/\D+/g, '').replace(/^0+(?=\d)/, '');
  return digits === '' || digits === '0' ? null : digits;
}

/** A bankgiro, plusgiro, account number or IBAN: letters and digits only, upper case, no leading zeros. */
export function normaliseAccount(value: string | null | undefined): string | null {
  if (!value) return null;
  const compact = value
    .toUpperCase()
    .replace(/[^0-9A-Z]+/g, '')
    .replace(/^0+(?=\d)/, '');
  return compact === '' ? null : compact;
}

/** Free text: lower case, letters and digits, single spaces. Empty → null. */
export function normaliseText(value: string | null | undefined): string | null {
  if (!value) return null;
  const words = value
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  return words === '' ? null : words;
}

/** A counterparty name, for when a document has no counterparty id: like free text. */
export const normaliseName = normaliseText;

/** A currency code; missing means the company's own (SEK). */
export function normaliseCurrency(value: string | null | undefined): string {
  const code = value?.trim().toUpperCase();
  return code ? code : 'SEK';
}

/** Days since 1970-01-01 of an ISO date (`YYYY-MM-DD`, a time after it is ignored); NaN when not a date. */
export function dayNumber(value: string | null | undefined): number {
  if (!value) return Number.NaN;
  return Math.floor(Date.parse(`${value.slice(0, 10)}T00:00:00Z`) / 86_400_000);
}

/** The rows as one comparable string: each row's code and amount, sorted. Null when there are none. */
export function rowsSignature(rows: readonly { code: string; amount: number }[] | null | undefined): string | null {
  if (!rows || rows.length === 0) return null;
  return rows
    .map((r) => `${normaliseReference(r.code) ?? ''}=${r.amount}`)
    .sort()
    .join('|');
}
