import { fieldLabel, VALIDATION_MESSAGES } from '@fairway/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, existingCustomerBody, GOLF_CLUB, newCustomerBody, PASSWORD, seedReference } from '../../../test/fixtures/auth';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { emailOutbox } from '../email/email.tables';
import { clubAccounts, organisations } from '../organizations/organizations.tables';
import { roles } from '../permissions/permissions.tables';
import { FORM_BUDGETS } from '../support/form-budget';
import { memberships, userClubAccounts, users } from '../users/users.tables';
import { passwordHistory, refreshTokenFamilies } from './auth.tables';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedReference(t.app);
});
afterAll(async () => {
  await t?.close();
});

const signup = (payload: unknown, lang?: 'sv' | 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/signup/',
    payload: payload as Record<string, unknown>,
    headers: lang ? { 'accept-language': lang } : {},
  });

async function tableCounts() {
  const [[o], [u], [m], [e]] = await Promise.all([
    t.app.db.select({ n: count() }).from(organisations),
    t.app.db.select({ n: count() }).from(users),
    t.app.db.select({ n: count() }).from(memberships),
    t.app.db.select({ n: count() }).from(emailOutbox),
  ]);
  return { organisations: o?.n, users: u?.n, memberships: m?.n, emails: e?.n };
}

describe('POST /api/v1/auth/signup — a new customer', () => {
  it('creates organisation, club account, roles, Owner and signs the Owner in', async () => {
    const body = newCustomerBody();
    const res = await signup(body);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.user).toMatchObject({
      email: body.email,
      name: body.name,
      phone: body.phone,
      role: 'Owner',
      golfclubAdmin: true,
      organisation: { name: GOLF_CLUB.name },
      currentAccount: { name: GOLF_CLUB.name },
    });
    expect(data.user.clubAccounts).toHaveLength(1);

    const orgId = data.user.organisation.id as string;
    const [org] = await t.app.db.select().from(organisations).where(eq(organisations.id, orgId));
    expect(org).toMatchObject({ packageId: 'standard', accountingProgram: 'fortnox', golfClubId: GOLF_CLUB.id });
    expect(Number(org?.customerNumber)).toBeGreaterThanOrEqual(10001);
    const [club] = await t.app.db.select().from(clubAccounts).where(eq(clubAccounts.organisationId, orgId));
    expect(club).toMatchObject({ name: GOLF_CLUB.name, accountingProgram: 'fortnox' });
    const roleNames = (await t.app.db.select().from(roles).where(eq(roles.organisationId, orgId))).map((r) => r.name);
    expect(roleNames.sort()).toEqual(['Accountant', 'Manager', 'Other', 'Owner', 'Staff']);
    const [user] = await t.app.db.select().from(users).where(eq(users.email, body.email));
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(user?.currentClubAccountId).toBe(club?.id);
    const history = await t.app.db.select().from(passwordHistory).where(eq(passwordHistory.userId, user!.id));
    expect(history).toHaveLength(1);
    const access = await t.app.db.select().from(userClubAccounts).where(eq(userClubAccounts.userId, user!.id));
    expect(access.map((a) => a.clubAccountId)).toEqual([club?.id]);

    // The welcome e-mail is in the outbox (stored: no SMTP in this test), in Swedish by default.
    const [mail] = await t.app.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, body.email));
    expect(mail).toMatchObject({ template: 'welcome', lang: 'sv', status: 'stored', organisationId: orgId });
    expect(mail?.subject).toBe('Välkommen till Fairway');
    expect(mail?.text).toContain(`${t.config.PUBLIC_URL}/login`);

    // The answer is a working session.
    const logout = await t.app.inject({ method: 'POST', url: '/api/v1/jwt/logout', headers: bearer(data.accessToken) });
    expect(logout.statusCode).toBe(200);
  });

  it('writes the welcome e-mail in English when asked', async () => {
    const body = newCustomerBody();
    expect((await signup(body, 'en')).statusCode).toBe(200);
    const [mail] = await t.app.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, body.email));
    expect(mail).toMatchObject({ lang: 'en', subject: 'Welcome to Fairway' });
  });

  it('refuses an e-mail that already has an account (409), whatever its case', async () => {
    const body = newCustomerBody();
    expect((await signup(body)).statusCode).toBe(200);
    const before = await tableCounts();
    const again = await signup(newCustomerBody({ email: body.email.toUpperCase() }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: 'Det finns redan ett konto med den här e-postadressen',
      eng_message: 'An account with this e-mail address already exists',
    });
    expect(await tableCounts()).toEqual(before);
  });

  it('refuses an unknown package or golf club with field messages and writes nothing', async () => {
    const before = await tableCounts();
    const res = await signup(newCustomerBody({ packageId: 'gold', golfClubId: 'no-such-club' }), 'en');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      packageId: ['Package is required'],
      golfClubId: ['You must choose a golfclub'],
    });
    expect(await tableCounts()).toEqual(before);
  });
});

describe('POST /api/v1/auth/signup — an existing customer', () => {
  it('keeps the customer number, names the organisation after the club and signs in', async () => {
    const body = existingCustomerBody();
    const res = await signup(body);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.user.organisation.name).toBe('Gamla Kunders GK');
    const [org] = await t.app.db.select().from(organisations).where(eq(organisations.id, data.user.organisation.id));
    expect(org).toMatchObject({ customerNumber: body.customerNumber, accountingProgram: 'visma_eekonomi', golfClubId: null });
  });

  it('refuses a customer number that is already registered (409)', async () => {
    const first = existingCustomerBody();
    expect((await signup(first)).statusCode).toBe(200);
    const before = await tableCounts();
    const res = await signup(existingCustomerBody({ customerNumber: first.customerNumber }), 'en');
    expect(res.statusCode).toBe(409);
    expect(res.json().eng_message).toBe('The customer number is already registered. Log in or contact support');
    expect(await tableCounts()).toEqual(before);
  });
});

describe('POST /api/v1/auth/signup — the registration messages', () => {
  const cases: { name: string; body: () => Record<string, unknown>; field: string; key: keyof typeof VALIDATION_MESSAGES }[] = [
    { name: 'package', body: () => newCustomerBody({ packageId: '' }), field: 'packageId', key: 'package_required' },
    { name: 'package missing', body: () => omit(newCustomerBody(), 'packageId'), field: 'packageId', key: 'package_required' },
    {
      name: 'accounting program',
      body: () => omit(newCustomerBody(), 'accountingProgram'),
      field: 'accountingProgram',
      key: 'accounting_program_required',
    },
    {
      name: 'accounting program unknown',
      body: () => newCustomerBody({ accountingProgram: 'excel' }),
      field: 'accountingProgram',
      key: 'accounting_program_required',
    },
    { name: 'terms', body: () => newCustomerBody({ termsAccepted: false }), field: 'termsAccepted', key: 'terms_required' },
    { name: 'golf club', body: () => newCustomerBody({ golfClubId: '' }), field: 'golfClubId', key: 'golf_club_required' },
    {
      name: 'customer number',
      body: () => existingCustomerBody({ customerNumber: '' }),
      field: 'customerNumber',
      key: 'customer_number_required',
    },
    { name: 'club name', body: () => omit(existingCustomerBody(), 'clubName'), field: 'clubName', key: 'club_name_required' },
    {
      name: 'password rule',
      body: () => newCustomerBody({ password: 'password1', passwordConfirmation: 'password1' }),
      field: 'password',
      key: 'password',
    },
    {
      name: 'confirmation',
      body: () => newCustomerBody({ passwordConfirmation: 'Other#Pass99' }),
      field: 'passwordConfirmation',
      key: 'password_confirmation',
    },
    { name: 'name required', body: () => newCustomerBody({ name: '  ' }), field: 'name', key: 'required' },
  ];

  for (const c of cases) {
    for (const lang of ['sv', 'en'] as const) {
      it(`${c.name} (${lang})`, async () => {
        const before = await tableCounts();
        const res = await signup(c.body(), lang);
        expect(res.statusCode).toBe(400);
        const body = res.json();
        expect(body.message).toBe('De angivna uppgifterna är ogiltiga');
        expect(body.eng_message).toBe('The given data was invalid');
        const expected = VALIDATION_MESSAGES[c.key][lang].replace('{field}', fieldLabel(c.field, lang));
        expect(body.error[c.field]).toEqual([expected]);
        expect(await tableCounts()).toEqual(before);
      });
    }
  }

  it('reports an invalid e-mail', async () => {
    const res = await signup(newCustomerBody({ email: 'not-an-email' }), 'en');
    expect(res.json().error.email).toEqual(['The email field must be a valid email']);
  });
});

describe('POST /api/v1/auth/check_existing', () => {
  const check = (payload: Record<string, unknown>, ip: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/check_existing/', payload, remoteAddress: ip });

  it('tells whether the e-mail address is registered, and nothing else', async () => {
    const body = newCustomerBody();
    await signup(body);
    expect((await check({ email: body.email.toUpperCase() }, '10.50.0.1')).json()).toEqual({ data: { email: true } });
    expect((await check({ email: 'nobody@example.se' }, '10.50.0.1')).json()).toEqual({ data: { email: false } });
    // Registration asks no more: organisation numbers are not answered, an e-mail is required.
    const byNumber = await check({ email: 'nobody@example.se', organisationNumber: '556677-8899' }, '10.50.0.1');
    expect(byNumber.statusCode).toBe(400);
    expect(byNumber.json().error).toHaveProperty('organisationNumber');
    expect((await check({}, '10.50.0.1')).statusCode).toBe(400);
  });

  it(`answers at most ${FORM_BUDGETS.checkExisting.limit} questions per address in a window`, async () => {
    const ip = '10.50.1.1';
    for (let i = 0; i < FORM_BUDGETS.checkExisting.limit; i++) {
      expect((await check({ email: `probe${i}@example.se` }, ip)).statusCode).toBe(200);
    }
    const refused = await check({ email: 'one-more@example.se' }, ip);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).not.toHaveProperty('data');
    expect(typeof refused.json().eng_message).toBe('string');
    // Someone registering from another address is not held up.
    expect((await check({ email: 'one-more@example.se' }, '10.50.1.2')).statusCode).toBe(200);
  });
});

describe('POST /api/v1/auth/login after registration', () => {
  it('accepts the password it was registered with at login', async () => {
    const body = newCustomerBody();
    await signup(body);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: body.email, password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const families = await t.app.db.select().from(refreshTokenFamilies);
    expect(families.length).toBeGreaterThan(1);
  });
});

function omit(body: Record<string, unknown>, key: string): Record<string, unknown> {
  const { [key]: _removed, ...rest } = body;
  return rest;
}
