import { z } from 'zod';
import { VAT_RATES } from '../constants';
import { encodeMessage } from './messages';
import { isStorableText } from './storable-text';
import './zod-setup';

/** The password rule (docs/api.md#validation): 8+ characters with a digit, a lowercase, an uppercase and one of !@#$%&*(). */
export const PASSWORD_PATTERN = /^(?=.*\d)(?=.*[a-z])(?=.*[A-Z])(?=.*[!@#$%&*()]).{8,}$/;

/** The url rule: empty allowed; optional scheme, optional www, a domain with a 2–5 letter ending. */
export const URL_PATTERN = /^((https?|ftp):\/\/)?(www\.)?([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,5}(:\d{1,5})?(\/[^\s]*)?$/i;

export const ORG_NUMBER_PATTERN = /^\d{6}-\d{4}$/;

/** Luhn (modulus 10) over a string of digits, as used by Swedish organisation numbers and OCR. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The check digit that makes `digits + check` pass Luhn. */
export function luhnCheckDigit(digits: string): number {
  for (let c = 0; c <= 9; c++) if (luhnValid(`${digits}${c}`)) return c;
  throw new Error('unreachable');
}

export function isValidOrgNumber(value: string): boolean {
  return ORG_NUMBER_PATTERN.test(value) && luhnValid(value.replace('-', ''));
}

export function isPositive(value: number): boolean {
  return Number.isFinite(value) && value >= 0;
}

/** The max7 rule: the number written out has at most `length` digits. */
export function isWithinLength(value: number | string, length: number): boolean {
  const text = String(value).replace(/^-/, '').replace('.', '');
  return /^\d*$/.test(text) && text.length <= length;
}

const abort = { abort: true } as const;

/** Every string a client can send is bounded (docs/api.md#validation). */
/**
 * No `abort` here: an empty value fails only `min(1)` anyway, and an aborted issue would stop the
 * object's own refinements (e.g. a customer's identity-number check), hiding mistakes until the
 * next submit.
 */
export const requiredString = (max = 255) =>
  z
    .string()
    .trim()
    .min(1, { message: encodeMessage('required') })
    .max(max)
    .refine(isStorableText, { message: encodeMessage('unstorable_text') });

export const optionalString = (max = 255) =>
  z
    .string()
    .trim()
    .max(max)
    .refine(isStorableText, { message: encodeMessage('unstorable_text') });

export const emailField = () =>
  z
    .string()
    .trim()
    .toLowerCase()
    .min(1, { message: encodeMessage('required'), ...abort })
    .max(254)
    .email();

export const passwordField = () =>
  z
    .string()
    .min(1, { message: encodeMessage('required'), ...abort })
    .max(128)
    .regex(PASSWORD_PATTERN, { message: encodeMessage('password') });

export const positiveNumber = () =>
  z.number({ message: encodeMessage('invalid_type') }).refine(isPositive, { message: encodeMessage('positive') });

export const maxLengthNumber = (length: number) =>
  z
    .number({ message: encodeMessage('invalid_type') })
    .refine((v) => isWithinLength(v, length), { message: encodeMessage('max7', { length }) });

export const urlField = () =>
  z
    .string()
    .trim()
    .max(2048)
    .refine((v) => v === '' || URL_PATTERN.test(v), { message: encodeMessage('url') });

export const orgNumberField = () =>
  z
    .string()
    .trim()
    .min(1, { message: encodeMessage('required'), ...abort })
    .max(11)
    .refine(isValidOrgNumber, { message: encodeMessage('org_number') });

/** Accepts Swedish numbers (07x…, +46…) and international E.164; empty allowed. */
export const PHONE_PATTERN = /^\+?[0-9 ()-]{6,20}$/;
export const phoneField = () =>
  z
    .string()
    .trim()
    .max(32)
    .refine((v) => v === '' || PHONE_PATTERN.test(v), { message: encodeMessage('phone') });

/** The general rules (docs/api.md#validation) as predicates, for forms that compose their own schema. */
export const generalRules = {
  alpha: (v: string) => /^[\p{L}]*$/u.test(v),
  alphaDash: (v: string) => /^[\p{L}\p{N}_-]*$/u.test(v),
  alphaNum: (v: string) => /^[\p{L}\p{N}]*$/u.test(v),
  integer: (v: string | number) => /^-?\d+$/.test(String(v)),
  digits: (v: string | number, length: number) => new RegExp(`^\\d{${length}}$`).test(String(v)),
  between: (v: number, min: number, max: number) => v >= min && v <= max,
  length: (v: string, length: number) => v.length === length,
  maxValue: (v: number, max: number) => v <= max,
  min: (v: string, min: number) => v.length >= min,
  confirmed: (v: string, other: string) => v === other,
  regex: (v: string, pattern: RegExp) => pattern.test(v),
  email: (v: string) => z.string().email().safeParse(v).success,
  required: (v: unknown) => !(v === undefined || v === null || (typeof v === 'string' && v.trim() === '')),
};

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day written `YYYY-MM-DD` (not 2026-02-30). */
export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** A required date, `YYYY-MM-DD`. */
export const isoDateField = () =>
  z
    .string()
    .trim()
    .max(10)
    .refine(isIsoDate, { message: encodeMessage('date') });

/** An optional date: empty becomes null. */
export const optionalIsoDateField = () =>
  z
    .string()
    .trim()
    .max(10)
    .refine((v) => v === '' || isIsoDate(v), { message: encodeMessage('date') })
    .transform((v) => (v === '' ? null : v))
    .nullable();

/** A Swedish VAT rate in whole percent (`VAT_RATES`). */
export const vatRateField = () =>
  z
    .number()
    .int()
    .refine((v) => (VAT_RATES as readonly number[]).includes(v), { message: encodeMessage('vat_rate') });
