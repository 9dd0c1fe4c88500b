import { REFRESH_TOKEN_TTL_SECONDS, type TokenPair } from '@fairway/shared';
import type { Db, Tx } from '../../db/client';
import { UnauthorizedError } from '../../lib/errors';
import { generateOpaqueToken, hashOpaqueToken, signAccessToken } from '../../lib/tokens';
import { pickOrganisation } from './access';
import * as repo from './sessions.repository';

export interface IssuedSession extends TokenPair {
  userId: string;
  organisationId: string;
  familyId: string;
}

const refreshRefused = () => new UnauthorizedError('auth.tokenNotValid', 'auth.refreshInvalidDetail');

async function addRefreshToken(db: Db | Tx, familyId: string, now: Date): Promise<string> {
  const refreshToken = generateOpaqueToken();
  await repo.insertRefreshToken(
    db,
    familyId,
    hashOpaqueToken(refreshToken),
    new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000),
  );
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
  const familyId = await repo.insertFamily(db, subject.userId);
  const refreshToken = await addRefreshToken(db, familyId, now);
  await repo.setCurrentOrganisation(db, subject.userId, subject.organisationId);
  const access = await signAccessToken(jwtSecret, { ...subject, familyId }, now);
  return {
    accessToken: access.token,
    refreshToken,
    expiresIn: access.expiresIn,
    userId: subject.userId,
    organisationId: subject.organisationId,
    familyId,
  };
}

export async function revokeFamily(db: Db | Tx, familyId: string, reason: repo.RevokeReason, now: Date = new Date()) {
  await repo.revokeFamily(db, familyId, reason, now);
}

/** Ends every sign-in of the user, except `keepFamilyId` (the session that asked for it). */
export async function revokeAllFamilies(
  db: Db | Tx,
  userId: string,
  reason: repo.RevokeReason,
  keepFamilyId?: string,
  now: Date = new Date(),
): Promise<void> {
  await repo.revokeFamiliesOf(db, userId, reason, keepFamilyId, now);
}

/** The family a presented refresh token belongs to, or null when no such token was issued. */
export async function familyOfRefreshToken(db: Db | Tx, refreshToken: string) {
  return repo.familyOfTokenHash(db, hashOpaqueToken(refreshToken));
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
    const row = await repo.findRefreshToken(tx, hashOpaqueToken(presented));
    if (!row || row.revokedAt) return { refused: true as const };
    if (row.expiresAt.getTime() <= now.getTime()) return { refused: true as const };
    const claimed = !row.usedAt && (await repo.claimRefreshToken(tx, row.id, now));
    if (!claimed) {
      // Reuse: committed even though the request is refused.
      await revokeFamily(tx, row.familyId, 'reuse', now);
      return { refused: true as const };
    }
    const organisationId = await pickOrganisation(tx, row.userId, row.currentOrganisationId);
    if (!organisationId) return { refused: true as const };
    const refreshToken = await addRefreshToken(tx, row.familyId, now);
    if (organisationId !== row.currentOrganisationId) {
      await repo.setCurrentOrganisation(tx, row.userId, organisationId);
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
