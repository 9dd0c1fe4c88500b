import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import type { MirrorTarget } from '../../accounting/mirror/mirror';
import { gitConnections } from '../git.tables';

// The club accounts' GIT connections (`git_connections`, one per club account): the queries of
// git-connections.service.ts, each taking the club account first.

type Conn = Db | Tx;
export type GitConnectionRow = typeof gitConnections.$inferSelect;
export type GitConnectionValues = Omit<
  typeof gitConnections.$inferInsert,
  'id' | 'organisationId' | 'clubAccountId' | 'createdAt' | 'updatedAt'
>;

const ofClub = (target: MirrorTarget) =>
  and(eq(gitConnections.organisationId, target.organisationId), eq(gitConnections.clubAccountId, target.clubAccountId));

export async function findGitConnection(conn: Conn, target: MirrorTarget): Promise<GitConnectionRow | null> {
  const [row] = await conn.select().from(gitConnections).where(ofClub(target));
  return row ?? null;
}

/** Stores the club account's connection, replacing the one it had (of the same organisation only). */
export async function saveGitConnection(
  conn: Conn,
  target: MirrorTarget,
  values: GitConnectionValues,
): Promise<GitConnectionRow | null> {
  const [row] = await conn
    .insert(gitConnections)
    .values({ ...target, ...values })
    .onConflictDoUpdate({
      target: gitConnections.clubAccountId,
      set: { ...values, updatedAt: sql`now()` },
      setWhere: eq(gitConnections.organisationId, target.organisationId),
    })
    .returning();
  return row ?? null;
}

/** Forgets the connection; answers whether there was one. */
export async function deleteGitConnection(conn: Conn, target: MirrorTarget): Promise<boolean> {
  const deleted = await conn.delete(gitConnections).where(ofClub(target)).returning({ id: gitConnections.id });
  return deleted.length > 0;
}

/** Marks a working connection revoked; answers whether this call changed it. */
export async function markGitConnectionRevoked(conn: Conn, target: MirrorTarget, lastError: string): Promise<boolean> {
  const changed = await conn
    .update(gitConnections)
    .set({ status: 'key_revoked', revokedAt: sql`now()`, lastError, lastErrorAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(ofClub(target), eq(gitConnections.status, 'connected')))
    .returning({ id: gitConnections.id });
  return changed.length > 0;
}

/** Club accounts whose GIT connection works. */
export function listConnectedGitTargets(conn: Conn): Promise<MirrorTarget[]> {
  return conn
    .select({ organisationId: gitConnections.organisationId, clubAccountId: gitConnections.clubAccountId })
    .from(gitConnections)
    .where(eq(gitConnections.status, 'connected'));
}

/** Who connected the club account to GIT, if anyone (a demo connection has nobody). */
export async function connectedBy(conn: Conn, target: MirrorTarget): Promise<string | null> {
  const [row] = await conn.select({ by: gitConnections.connectedBy }).from(gitConnections).where(ofClub(target));
  return row?.by ?? null;
}
