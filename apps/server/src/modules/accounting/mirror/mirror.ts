import { isDeepStrictEqual } from 'node:util';
import { and, eq, getTableColumns, gt, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../../db/client';
import { vacuumAnalyzeTable } from '../../../db/maintenance';
import type { SummaryOmits } from '../../../providers/accounting/provider';

/** The club account a mirror row belongs to. */
export interface MirrorTarget {
  organisationId: string;
  clubAccountId: string;
}

type MirrorTable = PgTable & {
  clubAccountId: PgColumn;
  number: PgColumn;
  syncedAt: PgColumn;
};

/**
 * Upserts documents read from the accounting program into a mirror table keyed by
 * (club account, number). Only `columns` are overwritten on conflict: what the portal alone
 * knows (who created it, tags, scheduled cancellations) survives every refresh.
 */
export async function upsertMirror<T extends MirrorTable>(
  conn: Db | Tx,
  table: T,
  rows: T['$inferInsert'][],
  columns: readonly (keyof T['$inferSelect'] & string)[],
  /** Columns written with their own expression on conflict. */
  expressions: Partial<Record<keyof T['$inferSelect'] & string, SQL>> = {},
): Promise<number> {
  if (rows.length === 0) return 0;
  const all = getTableColumns(table) as Record<string, PgColumn>;
  const set: Record<string, SQL> = { syncedAt: sql`now()` };
  for (const key of columns) {
    const column = all[key];
    if (!column) throw new Error(`unknown mirror column ${key}`);
    set[key] = (expressions as Record<string, SQL | undefined>)[key] ?? sql.raw(`excluded."${column.name}"`);
  }
  // Chunks keep each statement well below PostgreSQL's 65535 parameters.
  let written = 0;
  for (let i = 0; i < rows.length; i += 200) {
    const chunk = rows.slice(i, i + 200);
    // Drizzle's insert types do not follow a generic table, hence the casts.
    await conn
      .insert(table as PgTable)
      .values(chunk as PgInsertValue<PgTable>[])
      .onConflictDoUpdate({ target: [table.clubAccountId, table.number], set });
    written += chunk.length;
  }
  return written;
}

/** After a full read: rows the program no longer has (not touched since `since`) are removed. */
export async function pruneMirror<T extends MirrorTable>(
  conn: Db | Tx,
  table: T,
  target: MirrorTarget,
  since: Date,
): Promise<number> {
  const removed = await conn
    .delete(table)
    .where(and(eq(table.clubAccountId, target.clubAccountId), lt(table.syncedAt, since)))
    .returning({ number: table.number });
  return removed.length;
}

/**
 * What the refresh (modules/accounting/refresh/refresh.service.ts) does to a mirror table besides
 * writing pages into it. Each document module hands out its own from its `<module>.mirror.ts`, so
 * the refresh names no module's tables.
 */
export interface MirrorTableUpkeep {
  /**
   * After a full read: removes the club account's rows not touched since `since`, the documents
   * the program no longer has (see pruneMirror). Absent for a table whose documents the programs
   * never delete (invoices: they are cancelled or credited).
   */
  prune?: (conn: Db | Tx, target: MirrorTarget, since: Date) => Promise<number>;
  /** VACUUM (ANALYZE) of the table and its companions, where no autovacuum does it (PGlite; db/maintenance.ts). */
  vacuumAnalyze: (conn: Db) => Promise<void>;
}

/**
 * The upkeep of a mirror table (see MirrorTableUpkeep); `pruned` says whether a full read prunes
 * it, `companions` are tables written with it that want the same vacuum (its search terms,
 * db/word-search.ts).
 */
export function mirrorTableUpkeep(
  table: MirrorTable,
  options: { pruned: boolean; companions?: readonly PgTable[] },
): MirrorTableUpkeep {
  const upkeep: MirrorTableUpkeep = {
    vacuumAnalyze: async (conn) => {
      for (const t of [table, ...(options.companions ?? [])]) await vacuumAnalyzeTable(conn, t);
    },
  };
  if (options.pruned) upkeep.prune = (conn, target, since) => pruneMirror(conn, table, target, since);
  return upkeep;
}

/** Provider timestamps as Dates (null stays null; an unparsable one is treated as unknown). */
export function timestampOf(value: string | null): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The columns of `mirrorRowBase` a refresh overwrites (a module's mirrored columns end with them). */
export const MIRRORED_BASE = ['externalRef', 'data', 'providerModifiedAt'] as const;

/**
 * The columns every document mirror row has: the club account, the number, our reference, who
 * created it (when known), the document itself and when the program last changed it.
 */
export function mirrorRowBase<T extends { number: string; externalRef: string | null; modifiedAt: string | null }>(
  target: MirrorTarget,
  doc: T,
  createdBy?: string | null,
) {
  return {
    organisationId: target.organisationId,
    clubAccountId: target.clubAccountId,
    number: doc.number,
    externalRef: doc.externalRef,
    ...(createdBy ? { createdBy } : {}),
    data: doc,
    providerModifiedAt: timestampOf(doc.modifiedAt),
  };
}

/**
 * How a document read from a list is combined with what the mirror holds. Lists are summaries
 * (Fortnox leaves many fields and all rows out), so a summary must not wipe what a full read
 * stored: a value the new answer leaves empty (null) keeps the stored one, objects (addresses)
 * are combined field by field, and the arrays named in `keepArrays` (rows, payments) are kept
 * when the new answer has none and `sameDocument` says nothing that changes them has changed.
 */
export function mergeDocument<T extends object>(
  stored: T | undefined,
  incoming: T,
  keepArrays: { keys: readonly string[]; sameDocument(stored: T, incoming: T): boolean } | null = null,
): T {
  if (!stored) return incoming;
  const merge = (a: unknown, b: unknown): unknown => {
    if (b === null || b === undefined) return a ?? b;
    if (Array.isArray(b) || typeof b !== 'object' || a === null || typeof a !== 'object' || Array.isArray(a)) return b;
    const out: Record<string, unknown> = { ...(a as Record<string, unknown>) };
    for (const [k, v] of Object.entries(b as Record<string, unknown>)) out[k] = merge(out[k], v);
    return out;
  };
  const out = merge(stored, incoming) as Record<string, unknown>;
  if (keepArrays) {
    const same = keepArrays.sameDocument(stored, incoming);
    for (const key of keepArrays.keys) {
      const next = (incoming as Record<string, unknown>)[key];
      const previous = (stored as Record<string, unknown>)[key];
      out[key] = Array.isArray(next) && next.length === 0 && same && Array.isArray(previous) ? previous : next;
    }
  }
  return out as T;
}

/**
 * One mirrored document of the club account: by its number in the program, or by the reference a
 * portal request put on it (a retried create looks for its first answer so).
 */
export async function findMirrored<T extends MirrorTable & { organisationId: PgColumn; externalRef: PgColumn }>(
  conn: Db | Tx,
  table: T,
  target: MirrorTarget,
  by: { number: string } | { externalRef: string },
): Promise<T['$inferSelect'] | null> {
  const key = 'number' in by ? eq(table.number, by.number) : eq(table.externalRef, by.externalRef);
  const [row] = await conn
    .select()
    .from(table as PgTable)
    .where(and(eq(table.organisationId, target.organisationId), eq(table.clubAccountId, target.clubAccountId), key))
    .limit(1);
  return (row as T['$inferSelect'] | undefined) ?? null;
}

/** The `data` the mirror holds for these numbers, to merge list answers into. */
export async function storedDocuments<T extends MirrorTable & { data: PgColumn }>(
  conn: Db | Tx,
  table: T,
  target: MirrorTarget,
  numbers: readonly string[],
): Promise<Map<string, unknown>> {
  if (numbers.length === 0) return new Map();
  const rows = await conn
    .select({ number: table.number, data: table.data })
    .from(table as PgTable)
    .where(and(eq(table.clubAccountId, target.clubAccountId), inArray(table.number, [...numbers])));
  return new Map(rows.map((r) => [r.number as string, r.data]));
}

/**
 * The document to store: a `whole` one (the answer of a read by number, a create or an update)
 * replaces what the mirror holds, so a field cleared in the program is cleared here too — only
 * our reference is carried over, since the programs' reads do not always return it; a list
 * summary is merged into the stored document (see mergeDocument).
 */
export function documentToStore<T extends { externalRef: string | null }>(
  stored: T | undefined,
  incoming: T,
  whole: boolean,
  keepArrays: Parameters<typeof mergeDocument<T>>[2] = null,
  omits: SummaryOmits<T> = [],
): T {
  if (whole) return { ...incoming, externalRef: incoming.externalRef ?? stored?.externalRef ?? null };
  return summaryToStore(stored, incoming, omits, keepArrays);
}

/**
 * A list item merged into the stored document (see mergeDocument), the fields the program's list
 * items do not carry (`omits`, the provider's `summaryOmits`) kept as the last whole read stored
 * them: a list item maps them to defaults (a customer "private" and active), which are not the
 * program's values.
 */
export function summaryToStore<T extends object>(
  stored: T | undefined,
  incoming: T,
  omits: SummaryOmits<T>,
  keepArrays: Parameters<typeof mergeDocument<T>>[2] = null,
): T {
  const merged = mergeDocument(stored, incoming, keepArrays);
  if (!stored) return merged;
  for (const key of omits) merged[key] = stored[key];
  return merged;
}

/** How list items are written (whole documents need none of this). */
export interface ListItemWrite<T> {
  /** The fields the program's list items do not carry (the provider's `summaryOmits`). */
  omits: SummaryOmits<T>;
  /** The list asked for changes only (`modifiedSince`): every item in it changed in the program. */
  changedOnly?: boolean;
}

/**
 * The numbers whose list item says the document changed since the mirror stored it: listed by a
 * changes-only read, or carrying a value that differs from the stored one. Only where list items
 * leave fields out (`omits`): those documents are read whole again (modules/accounting/refresh/whole-reads.ts).
 */
export function changedByListItems<T extends { number: string; modifiedAt: string | null }>(
  stored: ReadonlyMap<string, unknown>,
  written: readonly T[],
  write: ListItemWrite<T>,
): string[] {
  if (write.omits.length === 0) return [];
  const same = (a: unknown, b: T) => isDeepStrictEqual({ ...(a as T), modifiedAt: null }, { ...b, modifiedAt: null });
  return written
    .filter((doc) => stored.has(doc.number) && (write.changedOnly || !same(stored.get(doc.number), doc)))
    .map((doc) => doc.number);
}

/** How one kind of document is kept in its mirror table (see `writeMirrorDocuments`). */
export interface DocumentMirror<
  T extends { number: string; externalRef: string | null; modifiedAt: string | null },
  Table extends MirrorTable & { data: PgColumn; readInFullAt: PgColumn },
> {
  table: Table;
  /** The mirror row of a document. */
  row(target: MirrorTarget, doc: T, createdBy?: string | null): Table['$inferInsert'];
  /** The columns a refresh overwrites; the rest is the portal's own. */
  columns: readonly (keyof Table['$inferSelect'] & string)[];
  /** Arrays a list item's merge keeps from the stored document (see mergeDocument). */
  keepArrays?: Parameters<typeof mergeDocument<T>>[2];
}

/**
 * Writes documents read from (or just written to) the accounting program into their mirror. A
 * `whole` document (read by number, create, update) replaces the stored one and is stamped read
 * whole; a list item is merged into it, the fields the program's list items leave out
 * (`list.omits`) kept, and a document whose list item shows a change is marked to be read whole
 * again (modules/accounting/refresh/whole-reads.ts). A program whose list items leave nothing out
 * gives whole documents in its lists.
 */
export async function writeMirrorDocuments<
  T extends { number: string; externalRef: string | null; modifiedAt: string | null },
  Table extends MirrorTable & { data: PgColumn; readInFullAt: PgColumn },
>(
  conn: Db | Tx,
  mirror: DocumentMirror<T, Table>,
  target: MirrorTarget,
  items: readonly T[],
  createdBy: string | null | undefined,
  whole: boolean,
  list: ListItemWrite<T>,
): Promise<number> {
  const stored = await storedDocuments(
    conn,
    mirror.table,
    target,
    items.map((d) => d.number),
  );
  const complete = whole || list.omits.length === 0;
  const docs = items.map((d) =>
    documentToStore(stored.get(d.number) as T | undefined, d, whole, mirror.keepArrays ?? null, list.omits),
  );
  const rows = docs.map((d) => ({ ...mirror.row(target, d, createdBy), ...(complete ? { readInFullAt: new Date() } : {}) }));
  const columns = complete ? [...mirror.columns, 'readInFullAt' as keyof Table['$inferSelect'] & string] : mirror.columns;
  const written = await upsertMirror(conn, mirror.table, rows, columns);
  if (!complete) await markForWholeRead(conn, mirror.table, target, changedByListItems(stored, docs, list));
  return written;
}

/** Marks documents for a whole read (their `read_in_full_at` emptied; see changedByListItems). */
export async function markForWholeRead<T extends MirrorTable & { readInFullAt: PgColumn }>(
  conn: Db | Tx,
  table: T,
  target: MirrorTarget,
  numbers: readonly string[],
): Promise<void> {
  if (numbers.length === 0) return;
  await conn.execute(
    sql`update ${table} set ${sql.identifier(table.readInFullAt.name)} = null
      where ${table.clubAccountId} = ${target.clubAccountId} and ${inArray(table.number, [...numbers])}`,
  );
}

/**
 * `writeMirrorDocuments` for one kind of document (a module's `mirrorArticles`…): a list item
 * unless `whole`, from a program whose list items leave nothing out unless `list` says otherwise.
 */
export function mirrorWriter<
  T extends { number: string; externalRef: string | null; modifiedAt: string | null },
  Table extends MirrorTable & { data: PgColumn; readInFullAt: PgColumn },
>(mirror: DocumentMirror<T, Table>) {
  return (
    conn: Db | Tx,
    target: MirrorTarget,
    items: readonly T[],
    createdBy?: string | null,
    whole = false,
    list: ListItemWrite<T> = { omits: [] },
  ): Promise<number> => writeMirrorDocuments(conn, mirror, target, items, createdBy, whole, list);
}

/** `awaitingWholeRead` on one mirror table (a module's `articlesAwaitingWholeRead`…). */
export const awaitingWholeReadOf =
  <T extends MirrorTable & { readInFullAt: PgColumn }>(table: T) =>
  (conn: Db | Tx, target: MirrorTarget, limit: number, after: string | null = null) =>
    awaitingWholeRead(conn, table, target, limit, after);

/**
 * Up to `limit` documents of the club account not read whole since they were listed, in order of
 * their number, after the number `after` when given (a pass over them goes on from there).
 */
export async function awaitingWholeRead<T extends MirrorTable & { readInFullAt: PgColumn }>(
  conn: Db | Tx,
  table: T,
  target: MirrorTarget,
  limit: number,
  after: string | null = null,
): Promise<string[]> {
  if (limit <= 0) return [];
  const rows = await conn
    .select({ number: table.number })
    .from(table as PgTable)
    .where(
      and(
        eq(table.clubAccountId, target.clubAccountId),
        isNull(table.readInFullAt),
        after === null ? undefined : gt(table.number, after),
      ),
    )
    .orderBy(table.number)
    .limit(limit);
  return rows.map((r) => r.number as string);
}
