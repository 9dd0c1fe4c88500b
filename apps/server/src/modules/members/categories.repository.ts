import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import type { MemberTenant } from './members.repository';
import { bumpListVersion } from './members.repository';
import { memberCategories, members, playerCategories } from './members.tables';

/**
 * Member categories and player categories of a club account: two small tables with the same
 * shape and rules, so one set of functions serves both (`kind`).
 */
export type CategoryKind = 'member' | 'player';
const TABLES = { member: memberCategories, player: playerCategories } as const;
const TABLE_NAMES = { member: 'member_categories', player: 'player_categories' } as const;
const MEMBER_COLUMN_NAMES = { member: 'member_category_id', player: 'player_category_id' } as const;

export interface CategoryValues {
  name: string;
  code: string | null;
  description: string | null;
  junior?: boolean;
  defaultFeeRuleId?: string | null;
}

export interface CategoryRecord {
  id: string;
  name: string;
  code: string | null;
  description: string | null;
  junior: boolean;
  defaultFeeRuleId: string | null;
  memberCount: number;
  createdAt: Date;
  updatedAt: Date;
}

function columnsOf(kind: CategoryKind) {
  const table = TABLES[kind];
  return {
    id: table.id,
    name: table.name,
    code: table.code,
    description: table.description,
    junior: kind === 'member' ? memberCategories.junior : sql<boolean>`false`,
    defaultFeeRuleId: kind === 'member' ? memberCategories.defaultFeeRuleId : sql<string | null>`null::uuid`,
    // Read from members_club_(player_)category_idx per category. Written out with an alias: the
    // columns of a correlated subquery must name their tables.
    memberCount: sql<number>`(select count(*)::int from ${members} m where m.club_account_id = ${sql.identifier(TABLE_NAMES[kind])}.club_account_id and m.${sql.identifier(MEMBER_COLUMN_NAMES[kind])} = ${sql.identifier(TABLE_NAMES[kind])}.id)`,
    createdAt: table.createdAt,
    updatedAt: table.updatedAt,
  };
}

const own = (kind: CategoryKind, t: MemberTenant) => {
  const table = TABLES[kind];
  return [eq(table.organisationId, t.organisationId), eq(table.clubAccountId, t.clubAccountId)];
};

export async function listCategories(conn: Db | Tx, kind: CategoryKind, t: MemberTenant): Promise<CategoryRecord[]> {
  const table = TABLES[kind];
  return (await conn
    .select(columnsOf(kind))
    .from(table)
    .where(and(...own(kind, t)))
    .orderBy(asc(table.name), asc(table.id))
    .limit(1000)) as CategoryRecord[];
}

export async function findCategory(
  conn: Db | Tx,
  kind: CategoryKind,
  t: MemberTenant,
  id: string,
): Promise<CategoryRecord | null> {
  const table = TABLES[kind];
  const [row] = (await conn
    .select(columnsOf(kind))
    .from(table)
    .where(and(eq(table.id, id), ...own(kind, t)))) as CategoryRecord[];
  return row ?? null;
}

export async function categoryExists(conn: Db | Tx, kind: CategoryKind, t: MemberTenant, id: string): Promise<boolean> {
  const table = TABLES[kind];
  const [row] = await conn
    .select({ n: count() })
    .from(table)
    .where(and(eq(table.id, id), ...own(kind, t)));
  return (row?.n ?? 0) > 0;
}

export async function codeTaken(conn: Db | Tx, kind: CategoryKind, t: MemberTenant, code: string, exceptId?: string) {
  const table = TABLES[kind];
  const rows = await conn
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.clubAccountId, t.clubAccountId), eq(table.code, code)));
  return rows.some((r) => r.id !== exceptId);
}

function valuesOf(kind: CategoryKind, v: CategoryValues) {
  const base = { name: v.name, code: v.code, description: v.description };
  return kind === 'member' ? { ...base, junior: v.junior ?? false, defaultFeeRuleId: v.defaultFeeRuleId ?? null } : base;
}

export async function insertCategory(conn: Db | Tx, kind: CategoryKind, t: MemberTenant, v: CategoryValues): Promise<string> {
  const table = TABLES[kind];
  const [row] = await conn
    .insert(table)
    .values({ ...valuesOf(kind, v), organisationId: t.organisationId, clubAccountId: t.clubAccountId })
    .returning({ id: table.id });
  if (!row) throw new Error('category insert returned no row');
  return row.id;
}

export async function updateCategory(conn: Db | Tx, kind: CategoryKind, t: MemberTenant, id: string, v: CategoryValues) {
  const table = TABLES[kind];
  const rows = await conn
    .update(table)
    .set({ ...valuesOf(kind, v), updatedAt: new Date() })
    .where(and(eq(table.id, id), ...own(kind, t)))
    .returning({ id: table.id });
  return rows.length > 0;
}

/** Deletes a category; its members keep their place with no category (ON DELETE SET NULL). */
export async function deleteCategory(tx: Tx, kind: CategoryKind, t: MemberTenant, id: string): Promise<boolean> {
  const table = TABLES[kind];
  const rows = await tx
    .delete(table)
    .where(and(eq(table.id, id), ...own(kind, t)))
    .returning({ id: table.id });
  if (rows.length > 0) await bumpListVersion(tx, t);
  return rows.length > 0;
}
