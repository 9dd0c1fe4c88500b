import { REFRESH_TOKEN_TTL_SECONDS, type TokenPair } from '@fairway/shared';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { UnauthorizedError } from '../../lib/errors';
import { generateOpaqueToken, hashOpaqueToken, signAccessToken } from '../../lib/tokens';
import { users } from '../users/users.tables';
import { pickOrganisation } from './access';
import { refreshTokenFamilies, refreshTokens } from './auth.tables';

export type RevokeReason = 'logout' | 'reuse' | 'password_reset' | 'password_changed' | 'user_removed';

export interface IssuedSession extends TokenPair {
  userId: string;
  organisationId: string;
  familyId: string;
}

const refreshRefused = () => new UnauthorizedError('auth.tokenNotValid', 'auth.refreshInvalidDetail');

async function addRefreshToken(db: Db | Tx, familyId: string, now: Date): Promise<string> {
  const refreshToken = generateOpaqueToken();
  await db.insert(refreshTokens).values({
    familyId,
    tokenHash: hashOpaqueToken(refreshToken),
    expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000),
  });
  return refreshToken;
}

/**
 * A new sign-in: a refresh-token family with its first token, and an access token bound to the
 * family (`sid`) and the organisation. Remembers the organisation as the user's current one.
 */
export async function startSession(
  db: Db | Tx,
  jwtSecret: string,
  subject: { userId: string; organisationId: string },
  now: Date = new Date(),
): Promise<IssuedSession> {
  const [family] = await db
    .insert(refreshTokenFamilies)
    .values({ userId: subject.userId })
    .returning({ id: refreshTokenFamilies.id });
  if (!family) throw new Error('refresh_token_families insert returned no row');
  const refreshToken = await addRefreshToken(db, family.id, now);
  await db.update(users).set({ currentOrganisationId: subject.organisationId }).where(eq(users.id, subject.userId));
  const access = await signAccessToken(jwtSecret, { ...subject, familyId: family.id }, now);
  return {
    accessToken: access.token,
    refreshToken,
    expiresIn: access.expiresIn,
    userId: subject.userId,
    organisationId: subject.organisationId,
    familyId: family.id,
  };
}

export async function revokeFamily(db: Db | Tx, familyId: string, reason: RevokeReason, now: Date = new Date()) {
  await db
    .update(refreshTokenFamilies)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(refreshTokenFamilies.id, familyId), isNull(refreshTokenFamilies.revokedAt)));
}

/** Ends every sign-in of the user, except `keepFamilyId` (the session that asked for it). */
export async function revokeAllFamilies(
  db: Db | Tx,
  userId: string,
  reason: RevokeReason,
  keepFamilyId?: string,
  now: Date = new Date(),
): Promise<void> {
  const conditions = [eq(refreshTokenFamilies.userId, userId), isNull(refreshTokenFamilies.revokedAt)];
  if (keepFamilyId) conditions.push(ne(refreshTokenFamilies.id, keepFamilyId));
  await db
    .update(refreshTokenFamilies)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(...conditions));
}

/** The family a presented refresh token belongs to, or null when no such token was issued. */
export async function familyOfRefreshToken(db: Db | Tx, refreshToken: string) {
  const [row] = await db
    .select({ familyId: refreshTokens.familyId, userId: refreshTokenFamilies.userId })
    .from(refreshTokens)
    .innerJoin(refreshTokenFamilies, eq(refreshTokenFamilies.id, refreshTokens.familyId))
    .where(eq(refreshTokens.tokenHash, hashOpaqueToken(refreshToken)));
  return row ?? null;
}

/**
 * Exchanges a refresh token for a new pair (rotation). Only the newest token of a family is
 * usable: presenting one that was already exchanged means it leaked (or the client raced), so the
 * whole family is revoked and the legitimate holder signs in again. The new access token is for
 * the organisation the user currently uses, so switching organisation takes effect on refresh.
 */
export async function rotateRefreshToken(
  db: Db,
  jwtSecret: string,
  presented: string,
  now: Date = new Date(),
): Promise<IssuedSession> {
  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: refreshTokens.id,
        familyId: refreshTokens.familyId,
        usedAt: refreshTokens.usedAt,
        expiresAt: refreshTokens.expiresAt,
        userId: refreshTokenFamilies.userId,
        revokedAt: refreshTokenFamilies.revokedAt,
        currentOrganisationId: users.currentOrganisationId,
      })
      .from(refreshTokens)
      .innerJoin(refreshTokenFamilies, eq(refreshTokenFamilies.id, refreshTokens.familyId))
      .innerJoin(users, eq(users.id, refreshTokenFamilies.userId))
      .where(eq(refreshTokens.tokenHash, hashOpaqueToken(presented)));
    if (!row || row.revokedAt) return { refused: true as const };
    if (row.expiresAt.getTime() <= now.getTime()) return { refused: true as const };
    const claimed = row.usedAt
      ? []
      : await tx
          .update(refreshTokens)
          .set({ usedAt: now })
          .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.usedAt)))
          .returning({ id: refreshTokens.id });
    if (claimed.length === 0) {
      // Reuse: committed even though the request is refused.
      await revokeFamily(tx, row.familyId, 'reuse', now);
      return { refused: true as const };
    }
    const organisationId = await pickOrganisation(tx, row.userId, row.currentOrganisationId);
    if (!organisationId) return { refused: true as const };
    const refreshToken = await addRefreshToken(tx, row.familyId, now);
    if (organisationId !== row.currentOrganisationId) {
      await tx.update(users).set({ currentOrganisationId: organisationId }).where(eq(users.id, row.userId));
    }
    const access = await signAccessToken(jwtSecret, { userId: row.userId, organisationId, familyId: row.familyId }, now);
    return {
      refused: false as const,
      session: {
        accessToken: access.token,
        refreshToken,
        expiresIn: access.expiresIn,
        userId: row.userId,
        organisationId,
        familyId: row.familyId,
      },
    };
  });
  if (outcome.refused) throw refreshRefused();
  return outcome.session;
}
