import { sql } from 'drizzle-orm';
import { seedSubscriptionReferenceData } from '../../modules/subscriptions/subscriptions.reference';
import type { Db } from '../client';
import { golfClubs, packages } from '../schema';
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

/**
 * Packages and golf clubs, written on every start. Upserts keep it idempotent and let a release
 * correct a price or a club's town; rows are never deleted because organisations reference them.
 */
export async function seedReferenceData(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(packages)
      .values(PACKAGES.map((p) => ({ ...p, active: true })))
      .onConflictDoUpdate({
        target: packages.id,
        set: {
          name: sql`excluded.name`,
          invoicesPerMonth: sql`excluded.invoices_per_month`,
          maxUsers: sql`excluded.max_users`,
          maxClubAccounts: sql`excluded.max_club_accounts`,
          monthlyPriceOre: sql`excluded.monthly_price_ore`,
          sortOrder: sql`excluded.sort_order`,
          active: sql`excluded.active`,
        },
      });
    await seedSubscriptionReferenceData(tx);
    await tx
      .insert(golfClubs)
      .values([...GOLF_CLUBS])
      .onConflictDoUpdate({
        target: golfClubs.id,
        set: { name: sql`excluded.name`, city: sql`excluded.city`, district: sql`excluded.district` },
      });
  });
}
