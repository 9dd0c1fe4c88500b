import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { users } from '../users/users.tables';
import { refreshTokenFamilies, refreshTokens } from './auth.tables';

/**
 * The queries of sign-in sessions: a refresh-token family per sign-in, its tokens (stored as
 * hashes) and the organisation the user last used (sessions.ts composes them).
 */

type Conn = Db | Tx;

export type RevokeReason = 'logout' | 'reuse' | 'password_reset' | 'password_changed' | 'user_removed';

export async function insertFamily(conn: Conn, userId: string): Promise<string> {
  const [family] = await conn.insert(refreshTokenFamilies).values({ userId }).returning({ id: refreshTokenFamilies.id });
  if (!family) throw new Error('refresh_token_families insert returned no row');
  return family.id;
}

export async function insertRefreshToken(conn: Conn, familyId: string, tokenHash: string, expiresAt: Date): Promise<void> {
  await conn.insert(refreshTokens).values({ familyId, tokenHash, expiresAt });
}

/** The organisation a sign-in lands in next time (and the one a refresh stays in). */
export async function setCurrentOrganisation(conn: Conn, userId: string, organisationId: string): Promise<void> {
  await conn.update(users).set({ currentOrganisationId: organisationId }).where(eq(users.id, userId));
}

export async function revokeFamily(conn: Conn, familyId: string, reason: RevokeReason, now: Date): Promise<void> {
  await conn
    .update(refreshTokenFamilies)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(refreshTokenFamilies.id, familyId), isNull(refreshTokenFamilies.revokedAt)));
}

/** Revokes every live family of the user except `keepFamilyId`. */
export async function revokeFamiliesOf(
  conn: Conn,
  userId: string,
  reason: RevokeReason,
  keepFamilyId: string | undefined,
  now: Date,
): Promise<void> {
  const conditions = [eq(refreshTokenFamilies.userId, userId), isNull(refreshTokenFamilies.revokedAt)];
  if (keepFamilyId) conditions.push(ne(refreshTokenFamilies.id, keepFamilyId));
  await conn
    .update(refreshTokenFamilies)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(...conditions));
}

export async function familyOfTokenHash(conn: Conn, tokenHash: string) {
  const [row] = await conn
    .select({ familyId: refreshTokens.familyId, userId: refreshTokenFamilies.userId })
    .from(refreshTokens)
    .innerJoin(refreshTokenFamilies, eq(refreshTokenFamilies.id, refreshTokens.familyId))
    .where(eq(refreshTokens.tokenHash, tokenHash));
  return row ?? null;
}

/** A presented refresh token with its family's state and its user's current organisation. */
export async function findRefreshToken(conn: Conn, tokenHash: string) {
  const [row] = await conn
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
    .where(eq(refreshTokens.tokenHash, tokenHash));
  return row ?? null;
}

/** Marks the token used when it is still unused, in one statement: only one exchange wins. */
export async function claimRefreshToken(tx: Conn, tokenId: string, now: Date): Promise<boolean> {
  const claimed = await tx
    .update(refreshTokens)
    .set({ usedAt: now })
    .where(and(eq(refreshTokens.id, tokenId), isNull(refreshTokens.usedAt)))
    .returning({ id: refreshTokens.id });
  return claimed.length > 0;
}
