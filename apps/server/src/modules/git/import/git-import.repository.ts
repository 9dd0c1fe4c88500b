import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import type { MirrorTarget } from '../../accounting/mirror/mirror';
import { gitArticles, gitInvoiceBases, gitInvoiceOccasions, gitMembers, gitTransactions } from '../git.tables';
import { gitImports } from './git-import.tables';

// The Excel import's queries (git-import.service.ts): its uploads, and what a commit writes into
// the GIT mirror. Each takes the club account first.

type Conn = Db | Tx;
export type ImportRow = typeof gitImports.$inferSelect;

export async function insertImport(
  conn: Conn,
  target: MirrorTarget,
  values: Omit<typeof gitImports.$inferInsert, 'organisationId' | 'clubAccountId'>,
): Promise<ImportRow> {
  const [row] = await conn
    .insert(gitImports)
    .values({ ...target, ...values })
    .returning();
  if (!row) throw new Error('git_imports insert returned no row');
  return row;
}

/** The club account's upload, locked for the transaction with `lock`. */
export async function findImport(conn: Conn, target: MirrorTarget, id: string, lock = false): Promise<ImportRow | null> {
  const query = conn
    .select()
    .from(gitImports)
    .where(
      and(
        eq(gitImports.id, id),
        eq(gitImports.organisationId, target.organisationId),
        eq(gitImports.clubAccountId, target.clubAccountId),
      ),
    );
  const [row] = await (lock ? query.for('update') : query);
  return row ?? null;
}

/** Deletes uploads made before `before` and never committed; answers how many. */
export async function deleteUploadsBefore(conn: Conn, before: Date): Promise<number> {
  const deleted = await conn
    .delete(gitImports)
    .where(and(eq(gitImports.status, 'uploaded'), lt(gitImports.createdAt, before)))
    .returning({ id: gitImports.id });
  return deleted.length;
}

export async function markCommitted(
  conn: Conn,
  id: string,
  values: { occasionId: string; result: Record<string, unknown>; committedAt: Date },
): Promise<void> {
  await conn
    .update(gitImports)
    .set({ status: 'committed', ...values })
    .where(eq(gitImports.id, id));
}

/** Names of the golf IDs the mirror knows, by golf ID. */
export async function memberNamesOf(conn: Conn, target: MirrorTarget, golfIds: string[]): Promise<Map<string, string>> {
  if (golfIds.length === 0) return new Map();
  const rows = await conn
    .select({ golfId: gitMembers.golfId, firstName: gitMembers.firstName, lastName: gitMembers.lastName })
    .from(gitMembers)
    .where(and(eq(gitMembers.clubAccountId, target.clubAccountId), inArray(gitMembers.golfId, golfIds)));
  return new Map(rows.map((r) => [r.golfId, `${r.firstName} ${r.lastName}`.trim()]));
}

/** The golf IDs of these the mirror already has a member for. */
export async function knownGolfIds(conn: Conn, target: MirrorTarget, golfIds: string[]): Promise<Set<string>> {
  if (golfIds.length === 0) return new Set();
  const rows = await conn
    .select({ golfId: gitMembers.golfId })
    .from(gitMembers)
    .where(and(eq(gitMembers.clubAccountId, target.clubAccountId), inArray(gitMembers.golfId, golfIds)));
  return new Set(rows.map((m) => m.golfId));
}

/** The article codes of these the mirror already has. */
export async function knownArticleCodes(conn: Conn, target: MirrorTarget, codes: string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const rows = await conn
    .select({ code: gitArticles.code })
    .from(gitArticles)
    .where(and(eq(gitArticles.clubAccountId, target.clubAccountId), inArray(gitArticles.code, codes)));
  return new Set(rows.map((a) => a.code));
}

type Values<T extends { $inferInsert: object }> = Omit<T['$inferInsert'], 'organisationId' | 'clubAccountId'>;

export async function insertOccasion(conn: Conn, target: MirrorTarget, values: Values<typeof gitInvoiceOccasions>) {
  const [occasion] = await conn
    .insert(gitInvoiceOccasions)
    .values({ ...target, ...values })
    .returning({ id: gitInvoiceOccasions.id });
  if (!occasion) throw new Error('git_invoice_occasions insert returned no row');
  return occasion;
}

export async function insertBases(conn: Conn, target: MirrorTarget, values: Values<typeof gitInvoiceBases>[]): Promise<void> {
  if (values.length > 0) await conn.insert(gitInvoiceBases).values(values.map((v) => ({ ...target, ...v })));
}

/** GIT members the mirror did not know (one already there is left as it is). */
export async function insertMembers(conn: Conn, target: MirrorTarget, values: Values<typeof gitMembers>[]): Promise<void> {
  if (values.length === 0) return;
  await conn
    .insert(gitMembers)
    .values(values.map((v) => ({ ...target, ...v })))
    .onConflictDoNothing();
}

/** GIT articles the mirror did not know (one already there is left as it is). */
export async function insertArticles(conn: Conn, target: MirrorTarget, values: Values<typeof gitArticles>[]): Promise<void> {
  if (values.length === 0) return;
  await conn
    .insert(gitArticles)
    .values(values.map((v) => ({ ...target, ...v })))
    .onConflictDoNothing();
}

/** The import's line of the transaction log. */
export async function insertImportTransaction(conn: Conn, target: MirrorTarget, values: Values<typeof gitTransactions>) {
  await conn.insert(gitTransactions).values({ ...target, ...values });
}
