import type { GolfClub, Package } from '@fairway/shared';
import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { likePattern } from '../../lib/sql';
import { golfClubs, packages } from './landing.tables';

export type PackageRow = typeof packages.$inferSelect;

/**
 * Packages and golf clubs are product reference data, the same for every tenant. The offered
 * packages, smallest first (registration, the price page and the subscription page).
 */
export async function listActivePackages(db: Db): Promise<Package[]> {
  return db
    .select({
      id: packages.id,
      name: packages.name,
      invoicesPerMonth: packages.invoicesPerMonth,
      maxUsers: packages.maxUsers,
      maxClubAccounts: packages.maxClubAccounts,
      monthlyPriceOre: packages.monthlyPriceOre,
      sortOrder: packages.sortOrder,
    })
    .from(packages)
    .where(eq(packages.active, true))
    .orderBy(asc(packages.sortOrder), asc(packages.id));
}

/** The package when it exists and is offered (registration's choice). */
export async function findActivePackage(db: Db, id: string): Promise<{ id: string } | null> {
  const [row] = await db
    .select({ id: packages.id })
    .from(packages)
    .where(and(eq(packages.id, id), eq(packages.active, true)));
  return row ?? null;
}

/** A package, offered or not (an organisation's package may no longer be offered). */
export async function findPackage(conn: Db | Tx, id: string): Promise<PackageRow | null> {
  const [row] = await conn.select().from(packages).where(eq(packages.id, id)).limit(1);
  return row ?? null;
}

/** The sort order of the package `packageId` names, as a subquery correlated with the enclosing query (a module's package). */
export const packageSortOrderOf = (packageId: PgColumn) =>
  sql<number>`(select ${packages.sortOrder} from ${packages} where ${eq(packages.id, packageId)})`;

export async function findGolfClub(db: Db, id: string): Promise<{ id: string; name: string } | null> {
  const [row] = await db.select({ id: golfClubs.id, name: golfClubs.name }).from(golfClubs).where(eq(golfClubs.id, id));
  return row ?? null;
}

const swedish = new Intl.Collator('sv');

export async function listGolfClubs(db: Db, search?: string): Promise<GolfClub[]> {
  const pattern = search ? likePattern(search) : undefined;
  const rows = await db
    .select({ id: golfClubs.id, name: golfClubs.name, city: golfClubs.city, district: golfClubs.district })
    .from(golfClubs)
    .where(
      pattern
        ? or(ilike(golfClubs.name, pattern), ilike(golfClubs.city, pattern), ilike(golfClubs.district, pattern))
        : undefined,
    );
  // Sorted here, not in SQL: the database's collation may not put Å, Ä and Ö where Swedish does.
  return rows.sort((a, b) => swedish.compare(a.name, b.name) || a.id.localeCompare(b.id));
}
