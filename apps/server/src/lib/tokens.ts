import { createHash, randomBytes } from 'node:crypto';
import { ACCESS_TOKEN_TTL_SECONDS } from '@fairway/shared';
import { jwtVerify, SignJWT } from 'jose';

export const JWT_ISSUER = 'fairway';
export const JWT_AUDIENCE = 'fairway-web';
export const JWT_ALGORITHM = 'HS256';

/** What an access token asserts: who, in which organisation, in which sign-in (refresh family). */
export interface AccessClaims {
  userId: string;
  organisationId: string;
  familyId: string;
}

function keyFor(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

/**
 * The secret as a WebCrypto HMAC key that can only verify, imported once per secret: jose imports
 * raw bytes again on every call, which cost about as much as the verification itself on every
 * authenticated request (a server has one secret; tests a few).
 */
const verifyKeys = new Map<string, Promise<CryptoKey>>();
function verifyKeyFor(secret: string): Promise<CryptoKey> {
  let key = verifyKeys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', new Uint8Array(keyFor(secret)), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
    verifyKeys.set(secret, key);
  }
  return key;
}

export async function signAccessToken(
  secret: string,
  claims: AccessClaims,
  now: Date = new Date(),
): Promise<{ token: string; expiresIn: number }> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const token = await new SignJWT({ org: claims.organisationId, sid: claims.familyId })
    .setProtectedHeader({ alg: JWT_ALGORITHM, typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuer(JWT_ISSUER)
    .setAudience(JWT_AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
    .sign(keyFor(secret));
  return { token, expiresIn: ACCESS_TOKEN_TTL_SECONDS };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Verifies signature, algorithm (pinned: `none` and asymmetric algorithms are refused before any
 * key is tried), issuer, audience and expiry. Throws on anything wrong; callers map every failure
 * to the same 401 so the answer does not help an attacker tell the cases apart.
 */
export async function verifyAccessToken(secret: string, token: string, now: Date = new Date()): Promise<AccessClaims> {
  const { payload } = await jwtVerify(token, await verifyKeyFor(secret), {
    algorithms: [JWT_ALGORITHM],
    issuer: JWT_ISSUER,
    audience: JWT_AUDIENCE,
    requiredClaims: ['sub', 'exp', 'iat'],
    currentDate: now,
    clockTolerance: 5,
  });
  const { sub, org, sid } = payload;
  if (typeof sub !== 'string' || typeof org !== 'string' || typeof sid !== 'string') {
    throw new Error('access token lacks sub, org or sid');
  }
  if (!UUID.test(sub) || !UUID.test(org) || !UUID.test(sid)) throw new Error('access token claims are not ids');
  return { userId: sub, organisationId: org, familyId: sid };
}

/** An opaque bearer secret (refresh token, e-mailed link): 32 random bytes, base64url. */
export function generateOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Opaque tokens are stored only as their SHA-256: a leaked table gives nothing to present.
 * Plain SHA-256 suffices because the tokens carry 256 bits of entropy (no dictionary to try).
 */
export function hashOpaqueToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
