import { describe, expect, it } from 'vitest';
import { issuesToFieldErrors } from '../validation/issues';
import {
  countSms,
  GSM7_BASIC,
  GSM7_EXTENSION,
  isGsm7,
  type SmsCount,
  smsRecipientSchema,
  smsSenderSchema,
  toSmsNumber,
  ucs2Characters,
} from './sms';

const EMOJI = '😀'; // U+1F600: a surrogate pair, two UTF-16 code units
const count = (text: string) => countSms(text);
const row = (encoding: SmsCount['encoding'], segments: number, characters: number, perSegment: number, remaining: number) => ({
  encoding,
  segments,
  characters,
  perSegment,
  remainingInSegment: remaining,
});

describe('the GSM 03.38 character sets', () => {
  it('has the 127 characters of the basic set and the 10 of the extension table', () => {
    expect(new Set(GSM7_BASIC).size).toBe(127);
    expect([...GSM7_BASIC]).toHaveLength(127);
    expect(new Set(GSM7_EXTENSION).size).toBe(10);
  });

  it('takes Swedish letters as GSM, and marks what forces UCS-2', () => {
    expect(isGsm7('Banan öppnar lördag! Välkomna till Årets första tävling, Ängelholm & Örebro.')).toBe(true);
    expect(isGsm7('Pris 100 €, [anmälan] {senast} ~fredag~ | ^')).toBe(true);
    expect(isGsm7('Åke’s boll')).toBe(false); // a typographic apostrophe
    expect(ucs2Characters('Åke’s boll — ✓ ’')).toEqual(['’', '—', '✓']);
  });
});

describe('countSms', () => {
  it.each([
    ['', row('gsm7', 0, 0, 160, 160)],
    ['Hej', row('gsm7', 1, 3, 160, 157)],
    ['a'.repeat(160), row('gsm7', 1, 160, 160, 0)],
    ['a'.repeat(161), row('gsm7', 2, 161, 153, 145)],
    ['a'.repeat(306), row('gsm7', 2, 306, 153, 0)],
    ['a'.repeat(307), row('gsm7', 3, 307, 153, 152)],
    ['å'.repeat(160), row('gsm7', 1, 160, 160, 0)],
    ['ÅÄÖåäö'.repeat(27), row('gsm7', 2, 162, 153, 144)],
    ['Rad ett\nRad två\r\n', row('gsm7', 1, 17, 160, 143)],
  ])('counts GSM text %#', (text, expected) => {
    expect(count(text)).toEqual(expected);
  });

  it.each([
    ['€', row('gsm7', 1, 2, 160, 158)],
    ['€'.repeat(80), row('gsm7', 1, 160, 160, 0)],
    [`${'a'.repeat(159)}€`, row('gsm7', 2, 161, 153, 145)],
    // 152 + € does not fit in the first part's 153: the escape and the € move on together.
    [`${'a'.repeat(152)}€${'b'.repeat(7)}`, row('gsm7', 2, 161, 153, 144)],
    [`${'a'.repeat(152)}€${'b'.repeat(151)}`, row('gsm7', 2, 305, 153, 0)],
    [`${'a'.repeat(152)}€${'b'.repeat(152)}`, row('gsm7', 3, 306, 153, 152)],
    ['[]{}\\~^|', row('gsm7', 1, 16, 160, 144)],
  ])('counts extension characters as two septets %#', (text, expected) => {
    expect(count(text)).toEqual(expected);
  });

  it.each([
    ['Привет', row('ucs2', 1, 6, 70, 64)],
    ['’'.repeat(70), row('ucs2', 1, 70, 70, 0)],
    ['’'.repeat(71), row('ucs2', 2, 71, 67, 63)],
    ['’'.repeat(134), row('ucs2', 2, 134, 67, 0)],
    ['’'.repeat(135), row('ucs2', 3, 135, 67, 66)],
    // One non-GSM character makes the whole text UCS-2, Swedish letters and € included.
    ['Välkommen på golf ✓', row('ucs2', 1, 19, 70, 51)],
    ['€ och ✓', row('ucs2', 1, 7, 70, 63)],
  ])('counts UCS-2 text in UTF-16 code units %#', (text, expected) => {
    expect(count(text)).toEqual(expected);
  });

  it.each([
    [EMOJI, row('ucs2', 1, 2, 70, 68)],
    [EMOJI.repeat(35), row('ucs2', 1, 70, 70, 0)],
    ['a'.repeat(69) + EMOJI, row('ucs2', 2, 71, 67, 63)],
    // 66 + a pair does not fit in 67: the pair is not split, it starts the second part.
    ['a'.repeat(66) + EMOJI + 'b'.repeat(5), row('ucs2', 2, 73, 67, 60)],
    ['a'.repeat(65) + EMOJI + 'b'.repeat(67), row('ucs2', 2, 134, 67, 0)],
    ['a'.repeat(66) + EMOJI + 'b'.repeat(65), row('ucs2', 2, 133, 67, 0)],
    ['a'.repeat(66) + EMOJI + 'b'.repeat(66), row('ucs2', 3, 134, 67, 66)],
    // 33 pairs fill 66 of the first part's 67 units.
    [EMOJI.repeat(36), row('ucs2', 2, 72, 67, 61)],
  ])('never splits an emoji across parts %#', (text, expected) => {
    expect(count(text)).toEqual(expected);
  });

  it('counts a lone surrogate as one code unit', () => {
    expect(count(`\ud83d${'a'.repeat(69)}`)).toEqual(row('ucs2', 1, 70, 70, 0));
  });
});

describe('smsSenderSchema', () => {
  const errors = (value: unknown, lang: 'sv' | 'en') => {
    const result = smsSenderSchema().safeParse(value);
    expect(result.success).toBe(false);
    return result.success ? [] : issuesToFieldErrors(result.error.issues, lang)._;
  };

  it('accepts a text sender ID of 3–11 letters and digits, trimmed', () => {
    expect(smsSenderSchema().parse('GolfKlubben')).toBe('GolfKlubben');
    expect(smsSenderSchema().parse('  Fairway1 ')).toBe('Fairway1');
    expect(smsSenderSchema().parse('GKX')).toBe('GKX');
  });

  it('accepts a phone number and answers it in E.164', () => {
    expect(smsSenderSchema().parse('070-123 45 67')).toBe('+46701234567');
    expect(smsSenderSchema().parse('+46 76 686 10 04')).toBe('+46766861004');
  });

  it('says the sender is required, in Swedish and English', () => {
    expect(errors('', 'sv')).toEqual(['Avsändarens namn krävs']);
    expect(errors('   ', 'en')).toEqual(['Sender Name is required']);
    expect(errors(undefined, 'en')).toEqual(['Sender Name is required']);
  });

  it('gives the 1–11 characters message for a longer name, in Swedish and English', () => {
    expect(errors('Golfklubben1', 'sv')).toEqual(['Avsändarens namn behöver vara minst 1 och högst 11 karaktärer']);
    expect(errors('Golfklubben1', 'en')).toEqual(['Sender Name max length must be 11 and min length 1']);
  });

  it('refuses what 46elks refuses as a text sender ID', () => {
    const sv =
      'Avsändarnamnet får bara innehålla bokstäver A–Z och siffror, ska vara 3–11 tecken och får inte börja med en siffra';
    const en =
      'The sender name may only contain the letters A–Z and digits, must be 3–11 characters and may not start with a digit';
    expect(errors('GK', 'sv')).toEqual([sv]);
    expect(errors('Täby GK', 'en')).toEqual([en]);
    expect(errors('Golf.Club', 'en')).toEqual([en]);
    expect(errors('1Golf', 'en')).toEqual([en]);
  });

  it('refuses a number that is no phone number', () => {
    expect(errors('12', 'sv')).toEqual(['Avsändarnumret är inte ett giltigt telefonnummer']);
    expect(errors('+46 12', 'en')).toEqual(['The sender number is not a valid phone number']);
  });
});

describe('SMS recipients', () => {
  it('normalises mobile numbers to E.164, Swedish by default', () => {
    expect(toSmsNumber('070-123 45 67')).toBe('+46701234567');
    expect(toSmsNumber('+46 70 123 45 67')).toBe('+46701234567');
    expect(toSmsNumber('0046701234567')).toBe('+46701234567');
    expect(toSmsNumber('+47 412 34 567')).toBe('+4741234567');
  });

  it('answers null for landlines and for what is no number', () => {
    expect(toSmsNumber('08-765 43 21')).toBeNull();
    expect(toSmsNumber('018-12 34 56')).toBeNull();
    expect(toSmsNumber('070-ABC')).toBeNull();
    expect(toSmsNumber('')).toBeNull();
  });

  it('has a schema with the field messages in both languages', () => {
    expect(smsRecipientSchema().parse(' 070 123 45 67 ')).toBe('+46701234567');
    const result = smsRecipientSchema().safeParse('08-765 43 21');
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(issuesToFieldErrors(result.error.issues, 'sv')._).toEqual(['Ogiltigt mobilnummer']);
      expect(issuesToFieldErrors(result.error.issues, 'en')._).toEqual(['Invalid mobile number']);
    }
  });
});
