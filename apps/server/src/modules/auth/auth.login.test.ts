import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, bearer, loginAs, PASSWORD, seedReference, signupOwner, uniqueEmail } from '../../../test/fixtures/auth';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { users } from '../users/users.tables';
import { loginAttempts } from './auth.tables';
import { clearAccountFailures, IP_FAILURE_LIMIT, PAIR_FAILURE_LIMIT, throttleKeys } from './login-throttle';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signupOwner>>;

beforeAll(async () => {
  t = await createTestApp();
  await seedReference(t.app);
  owner = await signupOwner(t.app);
});
afterAll(async () => {
  await t?.close();
});

const GENERIC = { message: 'Felaktig e-postadress eller lösenord', eng_message: 'Incorrect e-mail or password' };

describe('POST /api/v1/auth/login', () => {
  it('signs in with the right password and answers a session with the current user', async () => {
    const res = await loginAs(t.app, owner.email.toUpperCase(), PASSWORD, '10.1.0.1');
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.accessToken.split('.')).toHaveLength(3);
    expect(data.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(data.expiresIn).toBe(900);
    expect(data.user).toMatchObject({ email: owner.email, role: 'Owner', name: 'Anna Lindqvist' });
    expect(data.user.scopes).toContain('subscription.manage');
    expect(data.user.currentAccount).toEqual(data.user.clubAccounts[0]);
    expect(Object.keys(data).sort()).toEqual(['accessToken', 'expiresIn', 'refreshToken', 'user']);

    const me = await t.app.inject({ method: 'POST', url: '/api/v1/jwt/logout', headers: bearer(data.accessToken) });
    expect(me.statusCode).toBe(200);
  });

  it('answers the same 400 for a wrong password and an unknown e-mail', async () => {
    const wrong = await loginAs(t.app, owner.email, 'Wrong#Pass1', '10.1.0.2');
    const unknown = await loginAs(t.app, uniqueEmail('nobody'), PASSWORD, '10.1.0.2');
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ ...GENERIC, error: GENERIC.message });
    expect(unknown.json()).toEqual(wrong.json());
    const en = await loginAs(t.app, uniqueEmail('nobody'), PASSWORD, '10.1.0.2');
    expect(en.json().error).toBe(GENERIC.message);
    const english = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'accept-language': 'en' },
      payload: { email: uniqueEmail('nobody'), password: 'x' },
      remoteAddress: '10.1.0.9',
    });
    expect(english.json()).toEqual({ ...GENERIC, error: GENERIC.eng_message });
  });

  it('refuses an invited user who has not set a password, with the generic answer', async () => {
    const invited = await addMember(t.app, owner.session.user.organisation.id, { status: 'invited', password: null });
    const res = await loginAs(t.app, invited.email, PASSWORD, '10.1.0.3');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(GENERIC.message);
  });

  it('refuses an address after five failures against one account, the right password too, and says when to retry', async () => {
    const member = await addMember(t.app, owner.session.user.organisation.id, { role: 'Staff' });
    const attacker = '10.2.0.1';
    for (let i = 0; i < PAIR_FAILURE_LIMIT; i++) {
      const res = await loginAs(t.app, member.email, 'Wrong#Pass1', attacker);
      expect(res.statusCode).toBe(400);
    }
    // From that address even the right password is refused now.
    const locked = await loginAs(t.app, member.email, PASSWORD, attacker);
    expect(locked.statusCode).toBe(429);
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    const body = locked.json();
    expect(Object.keys(body).sort()).toEqual(['eng_message', 'error', 'message']);
    expect(body.eng_message).toBe('Too many failed sign-in attempts. Try again in 15 minutes');

    // An unknown e-mail is refused the same way and with the same text (nothing about accounts leaks).
    const ghost = uniqueEmail('ghost');
    for (let i = 0; i < PAIR_FAILURE_LIMIT; i++) await loginAs(t.app, ghost, 'Wrong#Pass1', '10.3.0.1');
    const ghostLocked = await loginAs(t.app, ghost, PASSWORD, '10.3.0.1');
    expect(ghostLocked.statusCode).toBe(429);
    expect(ghostLocked.json()).toEqual(body);

    // When the lock has passed (moved back in the shared table), the right password works again.
    const { pair } = throttleKeys(member.email, attacker);
    await t.app.db
      .update(loginAttempts)
      .set({ lockedUntil: new Date(Date.now() - 1000), windowStartedAt: new Date(Date.now() - 16 * 60 * 1000) })
      .where(eq(loginAttempts.key, pair.key));
    const again = await loginAs(t.app, member.email, PASSWORD, attacker);
    expect(again.statusCode).toBe(200);
    const [row] = await t.app.db.select().from(loginAttempts).where(eq(loginAttempts.key, pair.key));
    expect(row).toBeUndefined();
  });

  it('gives strangers no lock button: the owner signs in from their own address while the attacker’s is refused', async () => {
    const member = await addMember(t.app, owner.session.user.organisation.id, { role: 'Staff' });
    // Many failures against the account, from a few addresses, as an attacker would.
    for (const attacker of ['10.6.0.1', '10.6.0.2', '10.6.0.3']) {
      for (let i = 0; i < PAIR_FAILURE_LIMIT; i++) await loginAs(t.app, member.email, 'Wrong#Pass1', attacker);
      expect((await loginAs(t.app, member.email, PASSWORD, attacker)).statusCode).toBe(429);
    }
    // The owner, at home, signs in with the right password at once.
    const home = await loginAs(t.app, member.email, PASSWORD, '10.6.1.1');
    expect(home.statusCode).toBe(200);
    expect(home.json().data.user.email).toBe(member.email);
    // A wrong password from the owner's address still only answers the generic 400.
    const typo = await loginAs(t.app, member.email, 'Wrong#Pass1', '10.6.1.1');
    expect(typo.statusCode).toBe(400);
    expect(typo.json().message).toBe(GENERIC.message);
  });

  it('forgets every address’ failures against an account when its password is reset, and nothing else', async () => {
    const member = await addMember(t.app, owner.session.user.organisation.id);
    const other = await addMember(t.app, owner.session.user.organisation.id);
    for (const who of [member, other]) {
      for (let i = 0; i < PAIR_FAILURE_LIMIT; i++) await loginAs(t.app, who.email, 'Wrong#Pass1', '10.7.0.1');
    }
    await clearAccountFailures(t.app.db, member.email.toUpperCase());
    expect((await loginAs(t.app, member.email, PASSWORD, '10.7.0.1')).statusCode).toBe(200);
    expect((await loginAs(t.app, other.email, PASSWORD, '10.7.0.1')).statusCode).toBe(429);
  });

  it('does not count failures from an old window towards the limit', async () => {
    const member = await addMember(t.app, owner.session.user.organisation.id);
    const { pair } = throttleKeys(member.email, '10.4.0.1');
    for (let i = 0; i < PAIR_FAILURE_LIMIT - 1; i++) await loginAs(t.app, member.email, 'Wrong#Pass1', '10.4.0.1');
    await t.app.db
      .update(loginAttempts)
      .set({ windowStartedAt: new Date(Date.now() - 16 * 60 * 1000) })
      .where(eq(loginAttempts.key, pair.key));
    expect((await loginAs(t.app, member.email, 'Wrong#Pass1', '10.4.0.1')).statusCode).toBe(400);
    const [row] = await t.app.db.select().from(loginAttempts).where(eq(loginAttempts.key, pair.key));
    expect(row?.failures).toBe(1);
    expect((await loginAs(t.app, member.email, PASSWORD, '10.4.0.1')).statusCode).toBe(200);
  });

  it('locks an address after twenty failures across accounts', async () => {
    const ip = '10.9.9.9';
    for (let i = 0; i < IP_FAILURE_LIMIT; i++) {
      const res = await loginAs(t.app, uniqueEmail(`spray${i}`), 'Wrong#Pass1', ip);
      expect(res.statusCode).toBe(400);
    }
    const blocked = await loginAs(t.app, owner.email, PASSWORD, ip);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await loginAs(t.app, owner.email, PASSWORD, '10.9.9.10')).statusCode).toBe(200);
  });

  it('remembers the organisation it signed in to', async () => {
    const res = await loginAs(t.app, owner.email, PASSWORD, '10.5.0.1');
    const [user] = await t.app.db.select().from(users).where(eq(users.email, owner.email));
    expect(user?.currentOrganisationId).toBe(res.json().data.user.organisation.id);
  });
});
