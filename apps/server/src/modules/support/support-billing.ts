import { BILLING_PRICES_ORE, type BillingLine } from '@fairway/shared';
import type { Db, Tx } from '../../db/client';
import { createBilling } from '../billings/billings.service';
import type { Tenant } from '../organizations/tenant';
import { lockUnbilledPurchases, markPurchasesBilled } from './support.repository';

type Conn = Db | Tx;

export interface PendingSupportHours {
  ids: string[];
  hundredths: number;
  /** The day of the oldest purchase (YYYY-MM-DD), null when none waits. */
  since: string | null;
}

/**
 * The support hours bought since the last billing, locked for the caller's transaction. The
 * billing run passes `hundredths` to the billing it writes and then calls `markSupportHoursBilled`
 * with that billing, so every purchase is billed exactly once.
 */
export async function pendingSupportHours(conn: Conn, tenant: Tenant): Promise<PendingSupportHours> {
  const rows = await lockUnbilledPurchases(conn, tenant);
  return {
    ids: rows.map((r) => r.id),
    hundredths: rows.reduce((sum, r) => sum + r.hundredths, 0),
    since: rows[0]?.createdAt.toISOString().slice(0, 10) ?? null,
  };
}

export async function markSupportHoursBilled(conn: Conn, tenant: Tenant, pending: PendingSupportHours, billingId: string) {
  await markPurchasesBilled(conn, tenant, pending.ids, billingId);
}

/**
 * Hours still waiting after the period billings of a nightly run (no period began today) get a
 * billing of their own, so a club on annual billing is not billed for support a year later.
 */
export async function billPendingSupportHours(conn: Conn, tenant: Tenant, today: string): Promise<number> {
  const pending = await pendingSupportHours(conn, tenant);
  if (pending.hundredths <= 0) return 0;
  const line: BillingLine = {
    kind: 'support',
    itemName: null,
    quantityHundredths: pending.hundredths,
    unit: 'hours',
    unitPriceOre: BILLING_PRICES_ORE.supportPerHour,
    amountOre: Math.round((pending.hundredths * BILLING_PRICES_ORE.supportPerHour) / 100),
  };
  const billing = await createBilling(conn, {
    organisationId: tenant.organisationId,
    invoiceDate: today,
    periodStart: pending.since && pending.since < today ? pending.since : today,
    periodEnd: today,
    lines: [line],
    logged: true,
  });
  if (!billing) return 0;
  await markSupportHoursBilled(conn, tenant, pending, billing.id);
  return 1;
}
