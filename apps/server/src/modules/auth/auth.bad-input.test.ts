import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, newCustomerBody, PASSWORD, seedReference, signupOwner } from '../../../test/fixtures/auth';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { emailOutbox } from '../email/email.tables';
import { organisations } from '../organizations/organizations.tables';
import { users } from '../users/users.tables';
import { loginAttempts, oneTimeTokens, passwordHistory, refreshTokenFamilies, refreshTokens } from './auth.tables';

let t: TestApp;
let accessToken: string;
let email: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedReference(t.app);
  const owner = await signupOwner(t.app);
  accessToken = owner.session.accessToken;
  email = owner.email;
});
afterAll(async () => {
  await t?.close();
});

async function snapshot() {
  const tables = [
    users,
    organisations,
    loginAttempts,
    oneTimeTokens,
    passwordHistory,
    refreshTokenFamilies,
    refreshTokens,
    emailOutbox,
  ];
  return Promise.all(tables.map(async (table) => (await t.app.db.select({ n: count() }).from(table))[0]?.n));
}

const long = (n: number) => 'x'.repeat(n);
const longEmail = `${long(250)}@example.se`;

interface Case {
  name: string;
  payload: unknown;
  /** Fields that must carry a message. */
  fields: string[];
}

interface RouteCases {
  method: 'POST' | 'GET';
  url: string;
  auth?: boolean;
  cases: Case[];
}

const strongPassword = 'Fresh#Pass123';

const routes: RouteCases[] = [
  {
    method: 'POST',
    url: '/api/v1/auth/login',
    cases: [
      { name: 'missing', payload: {}, fields: ['email', 'password'] },
      { name: 'oversized', payload: { email: longEmail, password: long(129) }, fields: ['email', 'password'] },
      { name: 'wrong type', payload: { email: 42, password: ['x'] }, fields: ['email', 'password'] },
      { name: 'unknown field', payload: { email: 'a@b.se', password: 'x', role: 'Owner' }, fields: ['role'] },
      { name: 'not an object', payload: [1, 2], fields: ['body'] },
    ],
  },
  {
    method: 'POST',
    url: '/api/v1/auth/signup',
    cases: [
      { name: 'missing', payload: {}, fields: ['customerType'] },
      {
        name: 'missing fields',
        payload: { customerType: 'new' },
        fields: ['name', 'email', 'password', 'packageId', 'golfClubId'],
      },
      { name: 'oversized', payload: newCustomerBody({ name: long(121), golfClubId: long(41) }), fields: ['name', 'golfClubId'] },
      {
        name: 'wrong type',
        payload: newCustomerBody({ termsAccepted: 'yes', phone: 46701234567 }),
        fields: ['termsAccepted', 'phone'],
      },
      { name: 'unknown field', payload: newCustomerBody({ isAdmin: true }), fields: ['isAdmin'] },
      {
        name: 'fields of the other customer type',
        payload: newCustomerBody({ customerNumber: '123' }),
        fields: ['customerNumber'],
      },
    ],
  },
  {
    method: 'POST',
    url: '/api/v1/auth/check_existing',
    cases: [
      { name: 'missing', payload: {}, fields: ['email'] },
      { name: 'oversized', payload: { email: longEmail }, fields: ['email'] },
      {
        name: 'an organisation number (not asked)',
        payload: { email: 'a@b.se', organisationNumber: '556677-8899' },
        fields: ['organisationNumber'],
      },
      { name: 'wrong type', payload: { email: true }, fields: ['email'] },
      { name: 'unknown field', payload: { email: 'a@b.se', phone: '1' }, fields: ['phone'] },
    ],
  },
  {
    method: 'POST',
    url: '/api/v1/jwt/refresh-token',
    cases: [
      { name: 'missing', payload: {}, fields: ['refreshToken'] },
      { name: 'oversized', payload: { refreshToken: long(513) }, fields: ['refreshToken'] },
      { name: 'wrong type', payload: { refreshToken: 1 }, fields: ['refreshToken'] },
      { name: 'unknown field', payload: { refreshToken: 'abc', userId: 'x' }, fields: ['userId'] },
    ],
  },
  {
    method: 'POST',
    url: '/api/v1/jwt/logout',
    auth: true,
    cases: [
      { name: 'oversized', payload: { refreshToken: long(513) }, fields: ['refreshToken'] },
      { name: 'wrong type', payload: { refreshToken: {} }, fields: ['refreshToken'] },
      { name: 'unknown field', payload: { everywhere: true }, fields: ['everywhere'] },
    ],
  },
  {
    method: 'POST',
    url: '/api/v1/auth/password/reset',
    cases: [
      { name: 'missing', payload: {}, fields: ['email'] },
      { name: 'oversized', payload: { email: longEmail }, fields: ['email'] },
      { name: 'wrong type', payload: { email: ['a@b.se'] }, fields: ['email'] },
      { name: 'unknown field', payload: { email: 'a@b.se', redirect: 'https://evil.example' }, fields: ['redirect'] },
    ],
  },
  {
    method: 'GET',
    url: '/api/v1/auth/password/token',
    cases: [
      { name: 'missing', payload: '', fields: ['token'] },
      { name: 'oversized', payload: `?token=${long(513)}`, fields: ['token'] },
      { name: 'unknown field', payload: '?token=abc&purpose=invitation', fields: ['purpose'] },
    ],
  },
  {
    method: 'POST',
    url: '/api/v1/auth/password/update_password',
    cases: [
      { name: 'missing', payload: {}, fields: ['token', 'password'] },
      {
        name: 'oversized',
        payload: { token: long(513), password: `${strongPassword}${long(130)}`, passwordConfirmation: 'x', name: long(121) },
        fields: ['token', 'password', 'name'],
      },
      { name: 'wrong type', payload: { token: 5, password: true, passwordConfirmation: null }, fields: ['token', 'password'] },
      {
        name: 'unknown field',
        payload: { token: 'abc', password: strongPassword, passwordConfirmation: strongPassword, email: 'x@y.se' },
        fields: ['email'],
      },
      {
        name: 'weak password',
        payload: { token: 'abc', password: 'short', passwordConfirmation: 'short' },
        fields: ['password'],
      },
    ],
  },
  {
    method: 'POST',
    url: '/api/v1/auth/password/change',
    auth: true,
    cases: [
      { name: 'missing', payload: {}, fields: ['currentPassword', 'password'] },
      {
        name: 'oversized',
        payload: { currentPassword: long(129), password: long(129), passwordConfirmation: 'x' },
        fields: ['currentPassword', 'password'],
      },
      {
        name: 'wrong type',
        payload: { currentPassword: 1, password: 2, passwordConfirmation: 3 },
        fields: ['currentPassword', 'password'],
      },
      {
        name: 'unknown field',
        payload: { currentPassword: PASSWORD, password: strongPassword, passwordConfirmation: strongPassword, userId: 'x' },
        fields: ['userId'],
      },
      {
        name: 'confirmation differs',
        payload: { currentPassword: PASSWORD, password: strongPassword, passwordConfirmation: 'Other#Pass123' },
        fields: ['passwordConfirmation'],
      },
    ],
  },
];

describe('every auth route refuses bad input with field messages and writes nothing', () => {
  for (const route of routes) {
    for (const c of route.cases) {
      it(`${route.method} ${route.url}: ${c.name}`, async () => {
        const before = await snapshot();
        const res = await t.app.inject({
          method: route.method,
          url: route.method === 'GET' ? `${route.url}${c.payload as string}` : route.url,
          ...(route.method === 'POST' ? { payload: c.payload as Record<string, unknown> } : {}),
          headers: { 'accept-language': 'en', ...(route.auth ? bearer(accessToken) : {}) },
          remoteAddress: '10.40.0.1',
        });
        expect(res.statusCode).toBe(400);
        const body = res.json();
        expect(body.message).toBe('De angivna uppgifterna är ogiltiga');
        expect(body.eng_message).toBe('The given data was invalid');
        for (const field of c.fields) {
          expect(body.error, `${field} in ${JSON.stringify(body.error)}`).toHaveProperty([field]);
          expect(body.error[field].length).toBeGreaterThan(0);
          for (const message of body.error[field]) expect(message).not.toMatch(/^[a-z_]+(\|.*)?$/); // translated, not a key
        }
        expect(await snapshot()).toEqual(before);
      });
    }
  }

  it('refuses a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
  });

  it('still signs the owner in after all that', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password: PASSWORD } });
    expect(res.statusCode).toBe(200);
  });
});
