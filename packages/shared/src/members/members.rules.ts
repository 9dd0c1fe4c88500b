import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { PERSONAL_NUMBER_PATTERN } from '../accounting/accounting.schemas';
import { luhnValid } from '../validation/rules';

/**
 * Rules of a golf member's identifiers (docs/members-and-fees.md#members): the golf federation's golf ID, the
 * Swedish personal identity number, phone numbers and the handicap.
 */

/** GIT's golf ID: the birth date as YYMMDD, a dash and a three-digit serial. */
export const GOLF_ID_PATTERN = /^(\d{2})(\d{2})(\d{2})-?(\d{3})$/;

function isRealDate(year: number, month: number, day: number): boolean {
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

/** A golf ID whose date part is a real date (in the 1900s or the 2000s, GIT writes no century). */
export function isValidGolfId(value: string): boolean {
  const m = GOLF_ID_PATTERN.exec(value.trim());
  if (!m) return false;
  const [yy, mm, dd] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return isRealDate(1900 + yy, mm, dd) || isRealDate(2000 + yy, mm, dd);
}

/** `850312001` and ` 850312-001 ` become `850312-001`; anything else is answered as given. */
export function normaliseGolfId(value: string): string {
  const m = GOLF_ID_PATTERN.exec(value.trim());
  return m ? `${m[1]}${m[2]}${m[3]}-${m[4]}` : value.trim();
}

/**
 * A personal identity number as YYYYMMDD-NNNN or YYMMDD-NNNN (`+` for those over 100, or no
 * separator), whose date is real (a coordination number adds 60 to the day) and whose last digit
 * is the Luhn check digit of the ten-digit form.
 */
export function isValidMemberPersonalNumber(value: string): boolean {
  const m = PERSONAL_NUMBER_PATTERN.exec(value.trim());
  if (!m) return false;
  const ten = `${m[2]}${m[3]}`;
  const yy = Number(ten.slice(0, 2));
  const month = Number(ten.slice(2, 4));
  const rawDay = Number(ten.slice(4, 6));
  const day = rawDay > 60 ? rawDay - 60 : rawDay;
  const years = m[1] ? [Number(`${m[1]}${ten.slice(0, 2)}`)] : [1900 + yy, 2000 + yy];
  return years.some((y) => isRealDate(y, month, day)) && luhnValid(ten);
}

/**
 * A phone number in E.164 (`+46701234567`), read as Swedish unless it carries a country code:
 * `070-123 45 67`, `+46 70 123 45 67` and `0046701234567` are the same number. Answers null for
 * something that is not a possible phone number.
 */
export function toE164(value: string, defaultCountry: 'SE' = 'SE'): string | null {
  const text = value.trim().replace(/^00/, '+');
  if (!/^\+?[0-9 ()./-]{4,30}$/.test(text)) return null;
  const parsed = parsePhoneNumberFromString(text, defaultCountry);
  return parsed?.isValid() ? parsed.number : null;
}

/**
 * A stored (E.164) phone number as a Swedish reader writes it: Swedish numbers in the national
 * format (070-174 06 45, 08-765 43 21), other countries' with their country code
 * (+44 20 7946 0958), since a national format would hide the country. Anything that does not
 * parse is shown as stored.
 */
export function formatPhone(e164: string): string {
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed) return e164;
  return parsed.country === 'SE' ? parsed.formatNational() : parsed.formatInternational();
}

/** Handicap index: −10 … 54 (the World Handicap System's 54.0 ceiling, plus-handicaps down to +10). */
export const HCP_MIN = -10;
export const HCP_MAX = 54;
export function isValidHcp(value: number): boolean {
  return Number.isFinite(value) && value >= HCP_MIN && value <= HCP_MAX && Math.abs(Math.round(value * 10) - value * 10) < 1e-9;
}

/** Whole years from `birthDate` to `on` (both YYYY-MM-DD). */
export function ageOn(birthDate: string, on: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [y, m, d] = on.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}
