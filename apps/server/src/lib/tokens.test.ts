import { decodeJwt, decodeProtectedHeader } from 'jose';
import { describe, expect, it } from 'vitest';
import { generateOpaqueToken, hashOpaqueToken, signAccessToken, verifyAccessToken } from './tokens';

const SECRET = 'a-test-secret-that-is-long-enough-for-hs256!';
const claims = {
  userId: '11111111-1111-4111-8111-111111111111',
  organisationId: '22222222-2222-4222-8222-222222222222',
  familyId: '33333333-3333-4333-8333-333333333333',
};

describe('access tokens', () => {
  it('are HS256 JWTs for fairway-web from fairway, living 15 minutes', async () => {
    const now = new Date('2025-03-01T10:00:00Z');
    const { token, expiresIn } = await signAccessToken(SECRET, claims, now);
    expect(expiresIn).toBe(900);
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(decodeJwt(token)).toEqual({
      sub: claims.userId,
      org: claims.organisationId,
      sid: claims.familyId,
      iss: 'fairway',
      aud: 'fairway-web',
      iat: now.getTime() / 1000,
      exp: now.getTime() / 1000 + 900,
    });
    expect(await verifyAccessToken(SECRET, token, new Date(now.getTime() + 14 * 60_000))).toEqual(claims);
  });

  it('expire after 15 minutes (with a few seconds of clock tolerance)', async () => {
    const now = new Date('2025-03-01T10:00:00Z');
    const { token } = await signAccessToken(SECRET, claims, now);
    await expect(verifyAccessToken(SECRET, token, new Date(now.getTime() + 15 * 60_000 + 6_000))).rejects.toThrow();
  });

  it('are refused with another secret', async () => {
    const { token } = await signAccessToken(SECRET, claims);
    // The key of each secret is kept (tokens.ts verifyKeyFor): one secret's never answers for another's.
    await expect(verifyAccessToken(SECRET, token)).resolves.toEqual(claims);
    await expect(verifyAccessToken(`${SECRET}x`, token)).rejects.toThrow();
    await expect(verifyAccessToken(SECRET, token)).resolves.toEqual(claims);
  });

  it('are refused when the claims are not ids', async () => {
    const { token } = await signAccessToken(SECRET, { ...claims, organisationId: 'not-an-id' });
    await expect(verifyAccessToken(SECRET, token)).rejects.toThrow(/not ids/);
  });
});

describe('opaque tokens', () => {
  it('carry 32 random bytes in base64url and are stored as SHA-256', () => {
    const a = generateOpaqueToken();
    const b = generateOpaqueToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
    expect(hashOpaqueToken(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashOpaqueToken(a)).toBe(hashOpaqueToken(a));
    expect(hashOpaqueToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
