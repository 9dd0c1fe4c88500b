import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { PRODUCT_MODULES, SMS_PLANS } from '../../modules/subscriptions/subscriptions.reference';
import type { Db, Tx } from '../client';
import { golfClubs, packages, productModules, smsPlans } from '../schema';
import { GOLF_CLUBS } from './golf-clubs';

export interface PackageSeed {
  id: string;
  name: string;
  invoicesPerMonth: number;
  maxUsers: number;
  maxClubAccounts: number;
  /** Öre per month, excluding VAT. */
  monthlyPriceOre: number;
  sortOrder: number;
}

/** The packages (docs/subscriptions.md#packages): a free one plus Small, Standard, Plus and Enterprise. */
export const PACKAGES: readonly PackageSeed[] = [
  { id: 'free', name: 'Free', invoicesPerMonth: 25, maxUsers: 1, maxClubAccounts: 1, monthlyPriceOre: 0, sortOrder: 1 },
  { id: 'small', name: 'Small', invoicesPerMonth: 200, maxUsers: 3, maxClubAccounts: 1, monthlyPriceOre: 49_500, sortOrder: 2 },
  {
    id: 'standard',
    name: 'Standard',
    invoicesPerMonth: 600,
    maxUsers: 5,
    maxClubAccounts: 2,
    monthlyPriceOre: 89_500,
    sortOrder: 3,
  },
  { id: 'plus', name: 'Plus', invoicesPerMonth: 1500, maxUsers: 10, maxClubAccounts: 3, monthlyPriceOre: 149_500, sortOrder: 4 },
  {
    id: 'enterprise',
    name: 'Enterprise',
    // A 10,000-member club invoices its annual fees in one month, with room for the
    // month's other invoices.
    invoicesPerMonth: 15_000,
    maxUsers: 50,
    maxClubAccounts: 10,
    monthlyPriceOre: 299_500,
    sortOrder: 5,
  },
];

/** A reference table and the rows a release carries for it, keyed by the table's Drizzle fields. */
interface ReferenceRows {
  table: PgTable;
  rows: readonly object[];
}

/** What the release carries, in the order it is written (modules reference the packages). */
const REFERENCE_ROWS: readonly ReferenceRows[] = [
  { table: packages, rows: PACKAGES.map((p) => ({ ...p, active: true })) },
  { table: smsPlans, rows: SMS_PLANS },
  { table: productModules, rows: PRODUCT_MODULES },
  { table: golfClubs, rows: GOLF_CLUBS },
];

/**
 * A statement's condition: `table` holds every row of `rows` as it is, each column equal. The rows
 * go to PostgreSQL as one JSON parameter and it compares them itself, in the columns' own types.
 * Rows the table has beyond them are not looked at: the seed never deletes any.
 */
function holdsRows({ table, rows }: ReferenceRows): SQL {
  const columns = Object.entries(getTableColumns(table));
  const names = sql.join(
    columns.map(([, column]) => sql.identifier(column.name)),
    sql`, `,
  );
  const types = sql.join(
    columns.map(([, column]) => sql`${sql.identifier(column.name)} ${sql.raw(column.getSQLType())}`),
    sql`, `,
  );
  const json = JSON.stringify(
    rows.map((row) => Object.fromEntries(columns.map(([key, column]) => [column.name, (row as Record<string, unknown>)[key]]))),
  );
  return sql`not exists (select ${names} from jsonb_to_recordset(${json}::jsonb) as wanted(${types})
    except select ${names} from ${table})`;
}

/** Inserts the rows, or brings each row with the same key up to them (every other column). */
async function upsertRows(tx: Tx, { table, rows }: ReferenceRows): Promise<void> {
  const columns = Object.entries(getTableColumns(table));
  const key = columns.find(([, column]) => column.primary)?.[1];
  if (!key) throw new Error('reference data: a table without a primary key');
  const set = Object.fromEntries(
    columns
      .filter(([, column]) => !column.primary)
      .map(([field, column]) => [field, sql`excluded.${sql.identifier(column.name)}`]),
  );
  await tx
    .insert(table)
    .values(rows as never)
    .onConflictDoUpdate({ target: key, set });
}

/**
 * Packages, SMS plans, product modules and golf clubs, brought up to what the release carries on
 * every start. One statement first checks whether the tables already hold them, as they do on all
 * but a release's first start (or after someone changed a row by hand); only then are they upserted.
 * Upserts keep it idempotent and let a release correct a price or a club's town; rows are never
 * deleted because organisations reference them.
 */
export async function seedReferenceData(db: Db): Promise<void> {
  const checks = sql.join(REFERENCE_ROWS.map(holdsRows), sql` and `);
  const result = await db.execute(sql`select (${checks}) as holds`);
  if ((result as unknown as { rows: { holds: boolean }[] }).rows[0]?.holds === true) return;
  await db.transaction(async (tx) => {
    for (const reference of REFERENCE_ROWS) await upsertRows(tx, reference);
  });
}
