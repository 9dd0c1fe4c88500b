import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { issuesToFieldErrors } from './issues';
import {
  emailField,
  generalRules,
  isValidOrgNumber,
  luhnCheckDigit,
  luhnValid,
  maxLengthNumber,
  optionalString,
  orgNumberField,
  passwordField,
  phoneField,
  positiveNumber,
  requiredString,
  urlField,
} from './rules';
import { isStorableText, storableDeep, storableText, unstorableTextPaths } from './storable-text';

const errorsOf = (schema: z.ZodType, value: unknown, lang: 'sv' | 'en' = 'en', field = 'value') => {
  const r = z
    .object({ [field]: schema })
    .strict()
    .safeParse({ [field]: value });
  return r.success ? {} : issuesToFieldErrors(r.error.issues, lang);
};

describe('positive', () => {
  it('accepts zero and positive numbers', () => {
    expect(positiveNumber().safeParse(0).success).toBe(true);
    expect(positiveNumber().safeParse(12.5).success).toBe(true);
  });
  it('refuses negatives with the spec message', () => {
    expect(errorsOf(positiveNumber(), -1)).toEqual({ value: ['Please enter positive number!'] });
    expect(errorsOf(positiveNumber(), -1, 'sv')).toEqual({ value: ['Ange ett positivt tal!'] });
  });
});

describe('password', () => {
  it.each(['Abcdef1!', 'Fairway!Owner1', 'xY9(aaaa'])('accepts %s', (p) => {
    expect(passwordField().safeParse(p).success).toBe(true);
  });
  it.each([
    ['too short', 'Ab1!'],
    ['no digit', 'Abcdefg!'],
    ['no lowercase', 'ABCDEF1!'],
    ['no uppercase', 'abcdef1!'],
    ['no special', 'Abcdefg1'],
    ['special outside the set', 'Abcdef1?'],
  ])('refuses a password with %s', (_why, p) => {
    expect(errorsOf(passwordField(), p, 'en', 'password')).toEqual({
      password: ['Your password must contain at least one uppercase, one lowercase, one special character and one digit'],
    });
  });
  it('has a Swedish message', () => {
    expect(errorsOf(passwordField(), 'abc', 'sv', 'password').password[0]).toMatch(/^Ditt lösenord måste innehålla/);
  });
  it('reports an empty password as required, once', () => {
    expect(errorsOf(passwordField(), '', 'sv', 'password')).toEqual({ password: ['Detta fält är obligatoriskt'] });
  });
});

describe('max7', () => {
  it('accepts numbers up to the given length', () => {
    expect(maxLengthNumber(7).safeParse(1234567).success).toBe(true);
  });
  it('refuses longer numbers with the spec message', () => {
    expect(errorsOf(maxLengthNumber(7), 12345678, 'en', 'amount')).toEqual({ amount: ['The field amount must be 7 or less'] });
  });
});

describe('url', () => {
  it.each(['', 'example.se', 'www.golf.se', 'https://www.fairway.se/path?q=1', 'http://sub.domain.golf'])('accepts %j', (u) => {
    expect(urlField().safeParse(u).success).toBe(true);
  });
  it.each(['not a url', 'http://', 'example.c', 'example.toolongtld'])('refuses %j', (u) => {
    expect(errorsOf(urlField(), u)).toEqual({ value: ['URL is invalid'] });
  });
});

describe('organisation number', () => {
  it('computes Luhn check digits', () => {
    expect(luhnValid('5560360793')).toBe(true);
    expect(luhnValid('5560360794')).toBe(false);
    expect(luhnCheckDigit('556036079')).toBe(3);
  });
  it('accepts XXXXXX-XXXX with a valid check digit', () => {
    expect(isValidOrgNumber('556036-0793')).toBe(true);
    expect(isValidOrgNumber('802003-5005')).toBe(luhnValid('8020035005'));
  });
  it('refuses a bad check digit or format with the spec messages', () => {
    expect(errorsOf(orgNumberField(), '556036-0794', 'sv')).toEqual({
      value: ['Ogiltigt organisationsnummer, ange i följande fromat: XXXXXX-XXXX'],
    });
    expect(errorsOf(orgNumberField(), '5560360793', 'en').value[0]).toMatch(/^Invalid organisation number/);
  });
});

describe('required (Swedish) and the general rules', () => {
  it('gives the Swedish required text', () => {
    expect(errorsOf(requiredString(), '   ', 'sv')).toEqual({ value: ['Detta fält är obligatoriskt'] });
    expect(errorsOf(requiredString(), undefined, 'sv')).toEqual({ value: ['Detta fält är obligatoriskt'] });
  });
  it('bounds strings', () => {
    expect(errorsOf(requiredString(5), 'abcdefg', 'en', 'name')).toEqual({
      name: ['The name field may not be greater than 5 characters'],
    });
  });
  it('checks e-mail', () => {
    expect(emailField().parse(' Anna@Golf.SE ')).toBe('anna@golf.se');
    expect(errorsOf(emailField(), 'anna@', 'en', 'email')).toEqual({ email: ['The email field must be a valid email'] });
  });
  it('checks phone numbers', () => {
    expect(phoneField().safeParse('070-123 45 67').success).toBe(true);
    expect(phoneField().safeParse('call me').success).toBe(false);
  });
  it('reports unknown fields', () => {
    const r = z.object({ a: z.string() }).strict().safeParse({ a: 'x', b: 1, c: 2 });
    expect(issuesToFieldErrors(r.error!.issues, 'en')).toEqual({ b: ['Unknown field'], c: ['Unknown field'] });
  });
  it('reports unknown fields named like object built-ins as their own fields', () => {
    const body = JSON.parse('{"a":"x","__proto__":1,"constructor":2,"toString":3}') as unknown;
    const r = z.object({ a: z.string() }).strict().safeParse(body);
    const errors = issuesToFieldErrors(r.error!.issues, 'sv');
    expect(Object.entries(errors)).toEqual([
      ['__proto__', ['Okänt fält']],
      ['constructor', ['Okänt fält']],
      ['toString', ['Okänt fält']],
    ]);
    expect(Object.getPrototypeOf(errors)).toBe(Object.prototype);
  });
  it('implements each general rule', () => {
    expect(generalRules.alpha('Åsa')).toBe(true);
    expect(generalRules.alpha('Åsa1')).toBe(false);
    expect(generalRules.alphaDash('a-b_1')).toBe(true);
    expect(generalRules.alphaDash('a b')).toBe(false);
    expect(generalRules.alphaNum('ab12')).toBe(true);
    expect(generalRules.alphaNum('ab-12')).toBe(false);
    expect(generalRules.integer('-12')).toBe(true);
    expect(generalRules.integer('1.5')).toBe(false);
    expect(generalRules.digits('1234', 4)).toBe(true);
    expect(generalRules.digits('123', 4)).toBe(false);
    expect(generalRules.between(5, 1, 10)).toBe(true);
    expect(generalRules.between(11, 1, 10)).toBe(false);
    expect(generalRules.length('abc', 3)).toBe(true);
    expect(generalRules.maxValue(10, 9)).toBe(false);
    expect(generalRules.min('ab', 3)).toBe(false);
    expect(generalRules.confirmed('a', 'a')).toBe(true);
    expect(generalRules.regex('AB12', /^[A-Z]+\d+$/)).toBe(true);
    expect(generalRules.email('x@y.se')).toBe(true);
    expect(generalRules.required('  ')).toBe(false);
    expect(generalRules.required(0)).toBe(true);
  });
});

describe('text PostgreSQL cannot store', () => {
  it('refuses NUL and lone surrogates in the string building blocks, naming the field', () => {
    expect(errorsOf(requiredString(), 'a\u0000b', 'sv', 'name')).toEqual({
      name: ['Fältet namn innehåller ett tecken som inte kan sparas'],
    });
    expect(errorsOf(optionalString(), 'a\ud800', 'en', 'description')).toEqual({
      description: ['The description field contains a character that cannot be saved'],
    });
    expect(errorsOf(requiredString(), 'a\udc00b')).not.toEqual({});
    expect(requiredString().safeParse('Golf 🏌️ åäö').success).toBe(true);
  });

  it('cleans what other systems send: NUL dropped, a lone surrogate made U+FFFD, pairs kept', () => {
    expect(storableText('a\u0000b\ud800c\udc00🏌')).toBe('ab\ufffdc\ufffd🏌');
    const clean = storableDeep({ name: 'x\u0000', rows: [{ text: '\ud83c' }], 'k\u0000': 1, at: new Date(0) });
    expect(clean).toEqual({ name: 'x', rows: [{ text: '\ufffd' }], k: 1, at: new Date(0) });
    const untouched = { name: 'ok', rows: ['fine'] };
    expect(storableDeep(untouched)).toBe(untouched);
    expect(unstorableTextPaths({ a: ['ok', 'x\u0000'], b: { c: '\udfff' } })).toEqual([
      ['a', 1],
      ['b', 'c'],
    ]);
    expect(isStorableText('ok')).toBe(true);
  });

  it('walks a value nested ten thousand levels deep without overflowing the stack', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 10_000; i++) deep = [deep];
    const paths = unstorableTextPaths(deep);
    expect(paths).toHaveLength(1);
    expect(paths[0]).toHaveLength(10_000);
    let clean = storableDeep(deep);
    for (let i = 0; i < 10_000; i++) clean = (clean as unknown[])[0];
    expect(clean).toBe('x');
  });

  it('keeps a key named __proto__ as data when it cleans', () => {
    const parsed = JSON.parse('{"__proto__": {"a": "x\\u0000"}, "b": "\\u0000"}') as Record<string, unknown>;
    const clean = storableDeep(parsed);
    expect(Object.getPrototypeOf(clean)).toBe(Object.prototype);
    expect(Object.keys(clean)).toEqual(['__proto__', 'b']);
    expect(JSON.stringify(clean)).toBe('{"__proto__":{"a":"x"},"b":""}');
  });
});
