import { and, eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, bearer, loginAs, PASSWORD, seedReference, signupOwner } from '../../../test/fixtures/auth';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { signAccessToken } from '../../lib/tokens';
import { ensureSystemRoles } from '../permissions/permissions.repository';
import { memberships, users } from '../users/users.tables';
import { refreshTokenFamilies, refreshTokens } from './auth.tables';

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

/** Any route behind app.authenticate will do; logout is ours and has no side effect on 401. */
const PROTECTED = '/api/v1/auth/password/change';
const probe = (token: string, lang: 'sv' | 'en' = 'en') =>
  t.app.inject({
    method: 'POST',
    url: PROTECTED,
    headers: { ...bearer(token), 'accept-language': lang },
    // Invalid on purpose: a 400 proves authentication passed without changing anything.
    payload: {},
  });

const refresh = (refreshToken: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/jwt/refresh-token', payload: { refreshToken } });

async function signIn(ip = '10.20.0.1') {
  const res = await loginAs(t.app, owner.email, PASSWORD, ip);
  expect(res.statusCode).toBe(200);
  return res.json().data as { accessToken: string; refreshToken: string };
}

const INVALID_TOKEN = {
  message: 'Din session har gått ut. Logga in igen',
  eng_message: 'Your session has expired. Please log in again',
  detail: 'Given token not valid for any token type',
};

describe('access tokens', () => {
  it('lets a valid token through', async () => {
    const { accessToken } = await signIn();
    expect((await probe(accessToken)).statusCode).toBe(400);
  });

  it('answers 401 with credentials missing when there is no Authorization header', async () => {
    const res = await t.app.inject({ method: 'POST', url: PROTECTED, payload: {}, headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      message: 'Du måste logga in för att fortsätta',
      eng_message: 'You must log in to continue',
      detail: 'Authentication credentials were not provided.',
    });
  });

  it('refuses malformed headers and garbage tokens', async () => {
    for (const authorization of ['Basic abc', 'Bearer', 'Bearer a.b.c', `Bearer ${'x'.repeat(5000)}`]) {
      const res = await t.app.inject({ method: 'POST', url: PROTECTED, payload: {}, headers: { authorization } });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ ...INVALID_TOKEN, detail: 'Angiven token är inte giltig för någon tokentyp' });
    }
  });

  const claims = () => ({
    org: owner.session.user.organisation.id,
    sid: '00000000-0000-4000-8000-000000000000',
  });

  it('refuses alg none', async () => {
    const { accessToken } = await signIn();
    const [, payload] = accessToken.split('.');
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const res = await probe(`${header}.${payload}.`);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(INVALID_TOKEN);
  });

  it('refuses an RS256 token, even one whose public key is offered in the header', async () => {
    const { privateKey, publicKey } = await generateKeyPair('RS256');
    const token = await new SignJWT(claims())
      .setProtectedHeader({ alg: 'RS256', jwk: await exportJWK(publicKey) })
      .setSubject(owner.session.user.id)
      .setIssuer('fairway')
      .setAudience('fairway-web')
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(privateKey);
    expect((await probe(token)).json()).toEqual(INVALID_TOKEN);
  });

  it('refuses HS512 with the right secret (the algorithm is pinned)', async () => {
    const { accessToken } = await signIn();
    const [, payload] = accessToken.split('.');
    const decoded = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const token = await new SignJWT(decoded)
      .setProtectedHeader({ alg: 'HS512' })
      .sign(new TextEncoder().encode(t.config.JWT_SECRET));
    expect((await probe(token)).statusCode).toBe(401);
  });

  it('refuses a wrong issuer, a wrong audience, another secret and a tampered payload', async () => {
    const { accessToken } = await signIn();
    const [, payload] = accessToken.split('.');
    const decoded = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const key = new TextEncoder().encode(t.config.JWT_SECRET);
    const sign = (body: Record<string, unknown>, secret = key) =>
      new SignJWT(body).setProtectedHeader({ alg: 'HS256' }).sign(secret);
    expect((await probe(await sign(decoded))).statusCode).toBe(400); // control: a faithful copy passes
    expect((await probe(await sign({ ...decoded, iss: 'someone-else' }))).statusCode).toBe(401);
    expect((await probe(await sign({ ...decoded, aud: 'fairway-admin' }))).statusCode).toBe(401);
    expect((await probe(await sign(decoded, new TextEncoder().encode('x'.repeat(48))))).statusCode).toBe(401);
    const forged = Buffer.from(JSON.stringify({ ...decoded, sub: '00000000-0000-4000-8000-000000000001' })).toString('base64url');
    const [head, , signature] = accessToken.split('.');
    expect((await probe(`${head}.${forged}.${signature}`)).statusCode).toBe(401);
  });

  it('refuses an expired token', async () => {
    const { accessToken } = await signIn();
    const decoded = JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString());
    const old = await signAccessToken(
      t.config.JWT_SECRET,
      { userId: decoded.sub, organisationId: decoded.org, familyId: decoded.sid },
      new Date(Date.now() - 16 * 60 * 1000),
    );
    const res = await probe(old.token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(INVALID_TOKEN);
  });

  it('stops working when the user is no longer a member of the organisation', async () => {
    const member = await addMember(t.app, owner.session.user.organisation.id, { role: 'Staff' });
    const res = await loginAs(t.app, member.email, PASSWORD, '10.20.9.1');
    const { accessToken } = res.json().data;
    expect((await probe(accessToken)).statusCode).toBe(400);
    await t.app.db.delete(memberships).where(eq(memberships.userId, member.userId));
    const after = await probe(accessToken);
    expect(after.statusCode).toBe(401);
    expect(after.json().detail).toBe('The session has been ended');
  });
});

describe('POST /api/v1/jwt/refresh-token', () => {
  it('rotates: each refresh token works once and yields a new working pair', async () => {
    const first = await signIn();
    const res = await refresh(first.refreshToken);
    expect(res.statusCode).toBe(200);
    const second = res.json().data;
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(second.user.email).toBe(owner.email);
    expect((await probe(second.accessToken)).statusCode).toBe(400);
    const third = await refresh(second.refreshToken);
    expect(third.statusCode).toBe(200);
    // Stored as hashes only.
    const stored = await t.app.db.select({ hash: refreshTokens.tokenHash }).from(refreshTokens);
    expect(stored.some((r) => r.hash === second.refreshToken)).toBe(false);
  });

  it('revokes the whole family when a used token is presented again', async () => {
    const first = await signIn();
    const second = (await refresh(first.refreshToken)).json().data;

    const reuse = await refresh(first.refreshToken);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual({ ...INVALID_TOKEN, detail: 'Token är ogiltig eller har gått ut' });

    // The newest token of the family and its access token stop working too.
    expect((await refresh(second.refreshToken)).statusCode).toBe(401);
    expect((await probe(second.accessToken)).statusCode).toBe(401);
    const decoded = JSON.parse(Buffer.from(second.accessToken.split('.')[1], 'base64url').toString());
    const [family] = await t.app.db.select().from(refreshTokenFamilies).where(eq(refreshTokenFamilies.id, decoded.sid));
    expect(family?.revokedReason).toBe('reuse');

    // Other sign-ins of the same user go on.
    const other = await signIn('10.20.0.2');
    expect((await refresh(other.refreshToken)).statusCode).toBe(200);
  });

  it('refuses an expired refresh token', async () => {
    const { refreshToken, accessToken } = await signIn();
    const decoded = JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString());
    await t.app.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.familyId, decoded.sid));
    expect((await refresh(refreshToken)).statusCode).toBe(401);
  });

  it('refuses an unknown token', async () => {
    const res = await refresh('A'.repeat(43));
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toBe('Token är ogiltig eller har gått ut');
  });

  it('issues the next access token for the organisation the user switched to', async () => {
    // The owner also becomes an Accountant of a second organisation, then switches to it.
    const second = await signupOwner(t.app);
    const otherOrg = second.session.user.organisation.id;
    const roleIds = await ensureSystemRoles(t.app.db, { organisationId: otherOrg });
    const userId = owner.session.user.id;
    await t.app.db.insert(memberships).values({ organisationId: otherOrg, userId, roleId: roleIds.Accountant });

    const session = await signIn();
    await t.app.db.update(users).set({ currentOrganisationId: otherOrg }).where(eq(users.id, userId));
    const res = await refresh(session.refreshToken);
    expect(res.statusCode).toBe(200);
    // No club account of the second organisation is open to the owner yet.
    expect(res.json().data.user).toMatchObject({ organisation: { id: otherOrg }, role: 'Accountant', currentAccount: null });

    // Back to the first organisation for the other tests.
    await t.app.db.delete(memberships).where(and(eq(memberships.organisationId, otherOrg), eq(memberships.userId, userId)));
    await t.app.db.update(users).set({ currentOrganisationId: owner.session.user.organisation.id }).where(eq(users.id, userId));
  });
});

describe('POST /api/v1/jwt/logout', () => {
  it('needs a signed-in caller', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/jwt/logout' })).statusCode).toBe(401);
  });

  it('ends the current sign-in when no refresh token is given', async () => {
    const session = await signIn();
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/jwt/logout/', headers: bearer(session.accessToken) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { success: true } });
    expect((await probe(session.accessToken)).statusCode).toBe(401);
    expect((await refresh(session.refreshToken)).statusCode).toBe(401);
  });

  it("ends the given refresh token's sign-in", async () => {
    const a = await signIn();
    const b = await signIn('10.20.0.3');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/jwt/logout',
      headers: bearer(a.accessToken),
      payload: { refreshToken: b.refreshToken },
    });
    expect(res.statusCode).toBe(200);
    expect((await refresh(b.refreshToken)).statusCode).toBe(401);
    expect((await probe(a.accessToken)).statusCode).toBe(400);
  });

  it("never ends another user's sign-in", async () => {
    const other = await signupOwner(t.app);
    const mine = await signIn();
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/jwt/logout',
      headers: bearer(mine.accessToken),
      payload: { refreshToken: other.session.refreshToken },
    });
    expect((await refresh(other.session.refreshToken)).statusCode).toBe(200);
    // The caller's own sign-in ended instead.
    expect((await probe(mine.accessToken)).statusCode).toBe(401);
  });
});
