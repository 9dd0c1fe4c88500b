import { parsePhoneNumberFromString as parseMobileNumber } from 'libphonenumber-js/mobile';
import { z } from 'zod';
import { toE164 } from '../members/members.rules';
import { encodeMessage } from '../validation/messages';
import '../validation/zod-setup';

/**
 * SMS rules shared by the send-out form (counting while the user types) and the server (the plan
 * is charged per segment): how a text splits into segments, who may stand as the sender, and which
 * numbers can receive one. The provider's side of these rules is
 * apps/server/src/providers/46elks/CONTRACT.md.
 */

/**
 * The GSM 03.38 default alphabet (basic character set), one septet each: a–z A–Z 0–9, common
 * punctuation, line feed and carriage return, and the handful of accented and Greek letters of the
 * standard, å ä ö Å Ä Ö among them. Position 0x1B (escape) is not a character.
 */
export const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';

/** The GSM 03.38 extension table: each is sent as escape + character, two septets. */
export const GSM7_EXTENSION = '\f^{}\\[~]|€';

const BASIC = new Set(GSM7_BASIC);
const EXTENSION = new Set(GSM7_EXTENSION);

export type SmsEncoding = 'gsm7' | 'ucs2';

/** Units per SMS: septets for GSM 7-bit, UTF-16 code units for UCS-2 (140 bytes, 134 with the concatenation header). */
export const SMS_LIMITS = {
  gsm7: { single: 160, part: 153 },
  ucs2: { single: 70, part: 67 },
} as const;

export interface SmsCount {
  /** `gsm7` when every character is in the GSM 03.38 basic set or its extension table, else `ucs2`. */
  encoding: SmsEncoding;
  /** How many SMS the text is sent as (0 for an empty text); each counts against the SMS plan. */
  segments: number;
  /** The length as the network counts it: septets (extension characters count 2) or UTF-16 code units. */
  characters: number;
  /** What one segment holds for this text: 160/70 when it fits in one, else 153/67. */
  perSegment: number;
  /** What still fits in the last segment before another one is needed. */
  remainingInSegment: number;
}

/** Each character's units, in order: 1 or 2 septets, or 1 or 2 UTF-16 code units (a surrogate pair is one unit of 2). */
function units(text: string, encoding: SmsEncoding): number[] {
  const out: number[] = [];
  if (encoding === 'gsm7') {
    for (const ch of text) out.push(EXTENSION.has(ch) ? 2 : 1);
    return out;
  }
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    const pair = code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff;
    out.push(pair ? 2 : 1);
    if (pair) i++;
  }
  return out;
}

/** True when the text can be sent in GSM 7-bit (basic set and extension table only). */
export function isGsm7(text: string): boolean {
  for (const ch of text) if (!BASIC.has(ch) && !EXTENSION.has(ch)) return false;
  return true;
}

/** The distinct characters that make a text UCS-2 (to point them out while the user types), in order of appearance. */
export function ucs2Characters(text: string): string[] {
  const found = new Set<string>();
  for (const ch of text) if (!BASIC.has(ch) && !EXTENSION.has(ch)) found.add(ch);
  return [...found];
}

/**
 * How `text` is sent as SMS. A text that fits in one SMS (160 septets / 70 code units) is one
 * segment; a longer one is split into parts of 153 / 67, and a part never ends inside a
 * character: an extension character's escape and septet stay together, and so do the two halves
 * of a surrogate pair (an emoji), so a part may hold one unit less.
 */
export function countSms(text: string): SmsCount {
  const encoding: SmsEncoding = isGsm7(text) ? 'gsm7' : 'ucs2';
  const limits = SMS_LIMITS[encoding];
  const list = units(text, encoding);
  const characters = list.reduce((sum, n) => sum + n, 0);
  if (characters <= limits.single) {
    return {
      encoding,
      segments: characters === 0 ? 0 : 1,
      characters,
      perSegment: limits.single,
      remainingInSegment: limits.single - characters,
    };
  }
  let segments = 1;
  let used = 0;
  for (const n of list) {
    if (used + n > limits.part) {
      segments++;
      used = 0;
    }
    used += n;
  }
  return { encoding, segments, characters, perSegment: limits.part, remainingInSegment: limits.part - used };
}

// ---- sender ------------------------------------------------------------------------------

/** The sender name's length limit clubs know (1–11 characters). */
export const SMS_SENDER_MAX = 11;

/**
 * A text sender ID as 46elks accepts it everywhere: the letters A–Z / a–z and digits, 3–11
 * characters, not starting with a digit (apps/server/src/providers/46elks/CONTRACT.md, rule F1).
 */
export const SMS_TEXT_SENDER_PATTERN = /^[A-Za-z][A-Za-z0-9]{2,10}$/;

/** Input that is meant as a phone number: digits with an optional +, spaces, dashes and parentheses. */
const PHONE_LIKE = /^\+?[0-9][0-9 ()-]*$/;

/**
 * The sender of an SMS, as the recipient sees it: a text sender ID (`GolfklubbenX`) or a phone
 * number the 46elks account may send from, which lets members reply (rule F2). A number is read
 * as Swedish unless it carries a country code and comes out in E.164 (`070-123 45 67` →
 * `+46701234567`); a name comes out trimmed. Empty gives 'Sender Name is required', a name over
 * 11 characters 'Sender Name max length must be 11 and min length 1'; a name that 46elks would
 * refuse (other characters, under 3, a leading digit) gets the format message.
 */
export const smsSenderSchema = () =>
  z
    .string({ message: encodeMessage('sender_name_required') })
    .trim()
    .transform((value, ctx) => {
      const fail = (message: string) => {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      };
      if (value === '') return fail(encodeMessage('sender_name_required'));
      if (PHONE_LIKE.test(value)) {
        if (value.length > 32) return fail(encodeMessage('sms_sender_number'));
        return toE164(value) ?? fail(encodeMessage('sms_sender_number'));
      }
      if (value.length > SMS_SENDER_MAX) return fail(encodeMessage('sender_name'));
      if (!SMS_TEXT_SENDER_PATTERN.test(value)) return fail(encodeMessage('sms_sender_format'));
      return value;
    });

// ---- recipients --------------------------------------------------------------------------

/**
 * A member's number as an SMS recipient in E.164, read as Swedish unless it carries a country code
 * (`070-123 45 67`, `+46 70 123 45 67` and `0046701234567` are all `+46701234567`); null when it
 * is not a mobile number (a landline such as `08-765 43 21` cannot receive SMS), so the member is
 * listed as having no mobile number instead of being sent to.
 */
export function toSmsNumber(value: string): string | null {
  const e164 = toE164(value);
  if (!e164) return null;
  return parseMobileNumber(e164)?.isValid() ? e164 : null;
}

/** A recipient's mobile number, normalised to E.164. */
export const smsRecipientSchema = () =>
  z
    .string()
    .trim()
    .max(32, { message: encodeMessage('sms_recipient_number') })
    .transform((value, ctx) => {
      const number = toSmsNumber(value);
      if (number) return number;
      ctx.addIssue({ code: 'custom', message: encodeMessage(value === '' ? 'required' : 'sms_recipient_number') });
      return z.NEVER;
    });
