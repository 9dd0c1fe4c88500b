import { describe, expect, it } from 'vitest';
import { issuesToFieldErrors } from '../validation/issues';
import { signupBodySchema, updatePasswordBodySchema } from './auth.schemas';

const base = {
  name: 'Anna Svensson',
  email: 'anna@klubben.se',
  password: 'Fairway!1',
  passwordConfirmation: 'Fairway!1',
  accountingProgram: 'fortnox',
  termsAccepted: true,
};

const fieldErrors = (body: unknown, lang: 'sv' | 'en') => {
  const r = signupBodySchema.safeParse(body);
  return r.success ? {} : issuesToFieldErrors(r.error.issues, lang);
};

describe('registration messages', () => {
  it('requires package, program, terms and golf club of a new customer', () => {
    const e = fieldErrors({ customerType: 'new', ...base, accountingProgram: undefined, termsAccepted: false }, 'en');
    expect(e).toMatchObject({
      packageId: ['Package is required'],
      accountingProgram: ['Accounting Program is required'],
      termsAccepted: ['Please agree to our terms & condition'],
      golfClubId: ['You must choose a golfclub'],
    });
  });
  it('requires customer number and club name of an existing customer', () => {
    const e = fieldErrors({ customerType: 'existing', ...base, customerNumber: '', clubName: ' ' }, 'en');
    expect(e).toEqual({ customerNumber: ['Customer number required'], clubName: ['Golf club name required'] });
  });
  it('speaks Swedish', () => {
    const e = fieldErrors({ customerType: 'new', ...base, packageId: '', golfClubId: 'x' }, 'sv');
    expect(e).toEqual({ packageId: ['Paket måste väljas'] });
  });
  it('accepts a complete registration and checks the confirmation', () => {
    expect(signupBodySchema.safeParse({ customerType: 'new', ...base, packageId: 'small', golfClubId: 'gk-1' }).success).toBe(
      true,
    );
    const e = fieldErrors(
      { customerType: 'new', ...base, passwordConfirmation: 'Other!12', packageId: 'small', golfClubId: 'gk-1' },
      'en',
    );
    expect(e).toEqual({ passwordConfirmation: ['The passwords do not match'] });
  });
});

describe('update password', () => {
  it('requires a confirmed password that satisfies the rule', () => {
    const r = updatePasswordBodySchema.safeParse({ token: 't', password: 'Fairway!2', passwordConfirmation: 'Fairway!3' });
    expect(r.success).toBe(false);
  });
});
