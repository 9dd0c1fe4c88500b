import { and, asc, eq, gte, inArray, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import type { MirrorTarget } from '../../accounting/mirror/mirror';
import { gitArticles, gitInvoiceBases, gitInvoiceOccasions, gitMembers } from '../git.tables';

// What the sync reads from the GIT club account's copy of GIT: the occasions and bases it works
// on, GIT's members and articles. Members' billing methods and family discounts come from the
// member register (git-sync-documents.ts); the sync's own tables are git-sync.repository.ts.

type Conn = Db | Tx;
const CHUNK = 5000;

export type BasisRow = typeof gitInvoiceBases.$inferSelect;
export type OccasionRow = typeof gitInvoiceOccasions.$inferSelect;
export type MemberRow = typeof gitMembers.$inferSelect;
export type ArticleRow = typeof gitArticles.$inferSelect;

async function inChunks<T>(values: string[], read: (chunk: string[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < values.length; i += CHUNK) out.push(...(await read(values.slice(i, i + CHUNK))));
  return out;
}

const basesOfClub = (gitTarget: MirrorTarget) =>
  and(eq(gitInvoiceBases.organisationId, gitTarget.organisationId), eq(gitInvoiceBases.clubAccountId, gitTarget.clubAccountId));
const occasionsOfClub = (gitTarget: MirrorTarget) =>
  and(
    eq(gitInvoiceOccasions.organisationId, gitTarget.organisationId),
    eq(gitInvoiceOccasions.clubAccountId, gitTarget.clubAccountId),
  );

/** The bases of the occasions (optionally only some, by GIT id), in GIT's order. */
export async function basesOf(
  conn: Conn,
  gitTarget: MirrorTarget,
  occasionGitIds: string[],
  basisGitIds: string[] | null,
): Promise<BasisRow[]> {
  if (occasionGitIds.length === 0) return [];
  const ofOccasions = and(basesOfClub(gitTarget), inArray(gitInvoiceBases.occasionGitId, occasionGitIds));
  if (basisGitIds) {
    const out = await inChunks(basisGitIds, (chunk) =>
      conn
        .select()
        .from(gitInvoiceBases)
        .where(and(ofOccasions, inArray(gitInvoiceBases.gitId, chunk))),
    );
    return out.sort((a, b) => a.number - b.number);
  }
  return conn.select().from(gitInvoiceBases).where(ofOccasions).orderBy(asc(gitInvoiceBases.number));
}

/** The GIT ids of those of the bases (portal ids) that belong to the occasion. */
export function basisGitIdsOf(conn: Conn, gitTarget: MirrorTarget, occasionGitId: string, ids: string[]): Promise<string[]> {
  return inChunks(ids, async (chunk) => {
    const rows = await conn
      .select({ gitId: gitInvoiceBases.gitId })
      .from(gitInvoiceBases)
      .where(and(basesOfClub(gitTarget), eq(gitInvoiceBases.occasionGitId, occasionGitId), inArray(gitInvoiceBases.id, chunk)));
    return rows.map((r) => r.gitId);
  });
}

/** The occasions, by GIT id. */
export async function occasionsByGitId(conn: Conn, gitTarget: MirrorTarget, gitIds: string[]): Promise<Map<string, OccasionRow>> {
  if (gitIds.length === 0) return new Map();
  const rows = await conn
    .select()
    .from(gitInvoiceOccasions)
    .where(and(occasionsOfClub(gitTarget), inArray(gitInvoiceOccasions.gitId, gitIds)));
  return new Map(rows.map((o) => [o.gitId, o]));
}

/** The GIT ids of the occasions not archived, with an invoice date on or after `since` (null: any), by date. */
export async function openOccasionGitIds(conn: Conn, gitTarget: MirrorTarget, since: string | null): Promise<string[]> {
  const conditions: (SQL | undefined)[] = [occasionsOfClub(gitTarget), eq(gitInvoiceOccasions.archived, false)];
  if (since) conditions.push(gte(gitInvoiceOccasions.invoiceDate, since));
  const rows = await conn
    .select({ gitId: gitInvoiceOccasions.gitId })
    .from(gitInvoiceOccasions)
    .where(and(...conditions))
    .orderBy(asc(gitInvoiceOccasions.invoiceDate));
  return rows.map((r) => r.gitId);
}

/** GIT's members, by golf ID. */
export async function gitMembersByGolfId(
  conn: Conn,
  gitTarget: MirrorTarget,
  golfIds: string[],
): Promise<Map<string, MemberRow>> {
  const rows = await inChunks(golfIds, (chunk) =>
    conn
      .select()
      .from(gitMembers)
      .where(
        and(
          eq(gitMembers.organisationId, gitTarget.organisationId),
          eq(gitMembers.clubAccountId, gitTarget.clubAccountId),
          inArray(gitMembers.golfId, chunk),
        ),
      ),
  );
  return new Map(rows.map((r) => [r.golfId, r]));
}

/** GIT's articles, by code. */
export async function gitArticlesByCode(conn: Conn, gitTarget: MirrorTarget): Promise<Map<string, ArticleRow>> {
  const rows = await conn
    .select()
    .from(gitArticles)
    .where(and(eq(gitArticles.organisationId, gitTarget.organisationId), eq(gitArticles.clubAccountId, gitTarget.clubAccountId)));
  return new Map(rows.map((r) => [r.code, r]));
}
