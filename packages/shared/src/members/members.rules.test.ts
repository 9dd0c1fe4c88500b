import { describe, expect, it } from 'vitest';
import { issuesToFieldErrors } from '../validation/issues';
import { familyBodySchema, familyMemberBodySchema } from './families.schemas';
import {
  ageOn,
  formatPhone,
  isValidGolfId,
  isValidHcp,
  isValidMemberPersonalNumber,
  normaliseGolfId,
  toE164,
} from './members.rules';
import { createMemberBodySchema, memberBulkActionBodySchema, membersListQuerySchema } from './members.schemas';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('golf ID', () => {
  it('is YYMMDD-NNN with a real date', () => {
    expect(isValidGolfId('850312-001')).toBe(true);
    expect(isValidGolfId('850312001')).toBe(true);
    expect(isValidGolfId('000229-123')).toBe(true); // 2000 was a leap year
    expect(isValidGolfId('850230-001')).toBe(false); // 30 February
    expect(isValidGolfId('851312-001')).toBe(false);
    expect(isValidGolfId('850312-01')).toBe(false);
    expect(isValidGolfId('8503120-001')).toBe(false);
    expect(normaliseGolfId(' 850312001 ')).toBe('850312-001');
  });
});

describe('personal identity number', () => {
  it('takes both lengths with a Luhn check digit and a real date', () => {
    expect(isValidMemberPersonalNumber('811218-9876')).toBe(true);
    expect(isValidMemberPersonalNumber('19811218-9876')).toBe(true);
    expect(isValidMemberPersonalNumber('8112189876')).toBe(true);
    expect(isValidMemberPersonalNumber('811218-9875')).toBe(false); // wrong check digit
    expect(isValidMemberPersonalNumber('19811318-9876')).toBe(false);
    expect(isValidMemberPersonalNumber('81121-89876')).toBe(false);
  });
});

describe('phone numbers', () => {
  it('reads Swedish input and answers E.164', () => {
    expect(toE164('070-123 45 67')).toBe('+46701234567');
    expect(toE164('+46 70 123 45 67')).toBe('+46701234567');
    expect(toE164('0046701234567')).toBe('+46701234567');
    expect(toE164('018-12 34 56')).toBe('+4618123456');
    expect(toE164('+44 20 7946 0958')).toBe('+442079460958');
    expect(toE164('12')).toBeNull();
    expect(toE164('070-ABC')).toBeNull();
  });

  it('shows Swedish numbers in the national format and others with their country code', () => {
    expect(formatPhone('+46701740645')).toBe('070-174 06 45');
    expect(formatPhone('+4687654321')).toBe('08-765 43 21');
    expect(formatPhone('+4618123456')).toBe('018-12 34 56');
    expect(formatPhone('+442079460958')).toBe('+44 20 7946 0958');
    expect(formatPhone(toE164('070 174 0645') as string)).toBe('070-174 06 45');
    expect(formatPhone('not a number')).toBe('not a number');
  });
});

describe('handicap and age', () => {
  it('accepts −10 … 54 with one decimal', () => {
    expect(isValidHcp(-10)).toBe(true);
    expect(isValidHcp(54)).toBe(true);
    expect(isValidHcp(12.3)).toBe(true);
    expect(isValidHcp(12.34)).toBe(false);
    expect(isValidHcp(54.1)).toBe(false);
    expect(isValidHcp(-10.1)).toBe(false);
  });

  it('counts whole years, a birthday not yet reached this year included', () => {
    expect(ageOn('2010-06-15', '2026-06-14')).toBe(15);
    expect(ageOn('2010-06-15', '2026-06-15')).toBe(16);
  });
});

describe('member body', () => {
  it('reports every wrong field in the reader language and normalises the good ones', () => {
    const bad = createMemberBodySchema.safeParse({
      firstname: '',
      lastname: 'Ek',
      email: 'inte-en-adress',
      golfId: '850230-001',
      personalNumber: '811218-9875',
      phoneMobile: '12',
      hcp: 54.5,
    });
    expect(bad.success).toBe(false);
    const errors = issuesToFieldErrors(bad.error?.issues ?? [], 'sv');
    expect(errors.firstname).toEqual(['Detta fält är obligatoriskt']);
    expect(errors.golfId).toEqual(['Ogiltigt golf-ID, ange i följande format: ÅÅMMDD-NNN']);
    expect(errors.personalNumber?.[0]).toMatch(/^Ogiltigt personnummer/);
    expect(errors.phoneMobile).toEqual(['Ogiltigt telefonnummer']);
    expect(errors.hcp?.[0]).toMatch(/^Handicap måste vara mellan -10 och 54/);
    expect(Object.keys(errors)).toContain('email');

    const good = createMemberBodySchema.parse({
      firstname: ' Anna ',
      lastname: 'Ek',
      email: 'Anna@Example.SE',
      golfId: '850312001',
      phoneMobile: '070-123 45 67',
      hcp: 18.4,
    });
    expect(good).toMatchObject({
      firstname: 'Anna',
      email: 'anna@example.se',
      golfId: '850312-001',
      phoneMobile: '+46701234567',
    });
  });

  it('refuses an age range that ends before it starts', () => {
    const r = membersListQuerySchema.safeParse({ ageFrom: '30', ageTo: '20' });
    expect(issuesToFieldErrors(r.error?.issues ?? [], 'en').ageTo).toEqual(['The lowest age cannot be above the highest age']);
  });

  it('names the bulk actions', () => {
    expect(memberBulkActionBodySchema.safeParse({ action: 'setCategory', ids: [uuid(1)], memberCategoryId: null }).success).toBe(
      true,
    );
    expect(memberBulkActionBodySchema.safeParse({ action: 'explode', ids: [uuid(1)] }).success).toBe(false);
  });
});

describe('family bodies', () => {
  it('says the member is missing from the family tree when member or role is not given', () => {
    const r = familyMemberBodySchema.safeParse({ memberId: uuid(1) });
    expect(issuesToFieldErrors(r.error?.issues ?? [], 'en').role).toEqual([
      'The member is missing from the family tree: give both member and role',
    ]);
    const s = familyMemberBodySchema.safeParse({ role: 'child' });
    expect(issuesToFieldErrors(s.error?.issues ?? [], 'sv').memberId).toEqual([
      'Medlemmen saknas i familjeträdet: ange både medlem och roll',
    ]);
  });

  it('wants exactly one payer, each member once, and a percentage up to 100 %', () => {
    const twoPayers = familyBodySchema.safeParse({
      name: 'Ek',
      members: [
        { memberId: uuid(1), role: 'payer' },
        { memberId: uuid(2), role: 'payer' },
      ],
    });
    expect(issuesToFieldErrors(twoPayers.error?.issues ?? [], 'en').members).toEqual(['A family must have exactly one payer']);
    const twice = familyBodySchema.safeParse({
      name: 'Ek',
      members: [
        { memberId: uuid(1), role: 'payer' },
        { memberId: uuid(1), role: 'child' },
      ],
    });
    expect(issuesToFieldErrors(twice.error?.issues ?? [], 'en').members).toEqual(['The same member is in the family twice']);
    const discount = familyBodySchema.safeParse({
      name: 'Ek',
      discountType: 'percentage',
      discountValue: 12_000,
      members: [{ memberId: uuid(1), role: 'payer' }],
    });
    expect(issuesToFieldErrors(discount.error?.issues ?? [], 'en').discountValue).toEqual([
      'The percentage discount must be between 0 and 100',
    ]);
  });
});
