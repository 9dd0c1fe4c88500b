import { DUPLICATE_RESOURCES, type DuplicateResource, type DuplicateTier, findDuplicateTier } from '@fairway/shared';
import type { Db, Tx } from '../../db/client';
import { BusinessError, NotFoundError } from '../../lib/errors';
import type { Tenant } from '../organizations/tenant';
import { monthOf, todayIso } from './dates';
import { DUPLICATES_MODULE, hasModule } from './module-gate';
import * as repo from './subscriptions.repository';

/**
 * Every limit of a subscription that is not the invoice or SMS quota, in one place
 * (docs/subscriptions.md#tiers): users, connected companies, and what Dubbelkoll's scans may read.
 * A Dubbelkoll subscription takes them from its tier (`DUPLICATE_TIERS`), a golf club from its
 * package.
 */

type Conn = Db | Tx;

/** What a golf club's duplicate-detection module (from the Plus package) may scan each month. */
export const MODULE_DUPLICATE_ALLOWANCE = {
  documentsPerMonth: 3_000,
  resources: [...DUPLICATE_RESOURCES] as DuplicateResource[],
  historyMonths: 24,
} as const;

/** The organisation's user and company limits, and whose they are (a package's or a tier's). */
export interface SubscriptionLimits {
  kind: 'package' | 'tier';
  /** The package's or the tier's name, for messages. */
  name: string;
  tier: DuplicateTier | null;
  maxUsers: number;
  /** Connected companies a tier allows; null for a golf package, which limits club accounts instead. */
  maxCompanies: number | null;
}

export async function subscriptionLimits(conn: Conn, tenant: Tenant): Promise<SubscriptionLimits> {
  const [pkg, sub] = await Promise.all([repo.findOrganisationPackage(conn, tenant), repo.findSubscription(conn, tenant)]);
  if (!pkg) throw new NotFoundError();
  const tier = findDuplicateTier(sub?.duplicateTierId);
  if (tier) return { kind: 'tier', name: tier.name, tier, maxUsers: tier.maxUsers, maxCompanies: tier.maxCompanies };
  return { kind: 'package', name: pkg.name, tier: null, maxUsers: pkg.maxUsers, maxCompanies: null };
}

/**
 * The invitation's seat check (modules/users/users.service.ts, `checkInvitation`): refuses (406)
 * when the organisation already has as many users as its package or tier allows, saying the limit
 * and how to raise it. Call with the organisation row locked, so two invitations racing for the
 * last seat cannot both pass.
 */
export async function assertUserSeat(conn: Conn, tenant: Tenant, usersNow: number): Promise<void> {
  const limits = await subscriptionLimits(conn, tenant);
  if (usersNow < limits.maxUsers) return;
  if (limits.kind === 'tier') {
    throw new BusinessError(406, 'subscriptions.tierUserLimitReached', { tier: limits.name, max: limits.maxUsers });
  }
  throw new BusinessError(406, 'users.userLimitReached', { package: limits.name, max: limits.maxUsers });
}

/**
 * Refuses (406) connecting club account `clubAccountId` to an accounting program when the tier's
 * connected companies are all taken by other club accounts; reconnecting one already counted is
 * always allowed. A golf package has no such limit (its club accounts are limited instead).
 */
export async function assertCompanyConnectable(conn: Conn, tenant: Tenant, clubAccountId: string): Promise<void> {
  const limits = await subscriptionLimits(conn, tenant);
  if (limits.maxCompanies === null) return;
  const others = await repo.countConnectedCompanies(conn, tenant, clubAccountId);
  if (others >= limits.maxCompanies) {
    throw new BusinessError(406, 'subscriptions.tierCompanyLimitReached', { tier: limits.name, max: limits.maxCompanies });
  }
}

/** What the organisation's duplicate scans may do (null: it may not use duplicate detection). */
export interface DuplicateAllowance {
  source: 'tier' | 'module';
  /** The tier's name, or the golf package's. */
  name: string;
  tierId: string | null;
  documentsPerMonth: number;
  resources: DuplicateResource[];
  /** Months back the first scan of a company reads. */
  historyMonths: number;
  /** Connected companies allowed; for a golf club, its package's club accounts. */
  maxCompanies: number;
  maxUsers: number;
}

/**
 * The scan job's question: what may this organisation's duplicate scans read? A Dubbelkoll tier
 * answers for itself; a golf club with the duplicates module gets `MODULE_DUPLICATE_ALLOWANCE`
 * within its package's club accounts; anyone else null.
 */
export async function duplicateAllowance(conn: Conn, organisationId: string): Promise<DuplicateAllowance | null> {
  const tenant: Tenant = { organisationId };
  const limits = await subscriptionLimits(conn, tenant);
  if (limits.tier) {
    const t = limits.tier;
    return {
      source: 'tier',
      name: t.name,
      tierId: t.id,
      documentsPerMonth: t.documentsPerMonth,
      resources: [...t.resources],
      historyMonths: t.historyMonths,
      maxCompanies: t.maxCompanies,
      maxUsers: t.maxUsers,
    };
  }
  if (!(await hasModule(conn, tenant, DUPLICATES_MODULE))) return null;
  const pkg = await repo.findOrganisationPackage(conn, tenant);
  if (!pkg) return null;
  return {
    source: 'module',
    name: pkg.name,
    tierId: null,
    ...MODULE_DUPLICATE_ALLOWANCE,
    resources: [...MODULE_DUPLICATE_ALLOWANCE.resources],
    maxCompanies: pkg.maxClubAccounts,
    maxUsers: pkg.maxUsers,
  };
}

/** Documents scanned this month against the allowance. */
export async function duplicateDocumentsUsage(
  conn: Conn,
  organisationId: string,
  today: string = todayIso(),
): Promise<{ limit: number; used: number; remaining: number }> {
  const allowance = await duplicateAllowance(conn, organisationId);
  const limit = allowance?.documentsPerMonth ?? 0;
  const { duplicateDocuments: used } = await repo.usageOf(conn, { organisationId }, monthOf(today));
  return { limit, used, remaining: Math.max(0, limit - used) };
}

/** `count` documents counted towards this month's scan allowance. */
export interface DuplicateDocumentsReservation {
  readonly count: number;
  readonly month: string;
  /** Gives back `n` (or all that is left) of the reservation: documents that were not scanned after all. */
  release(conn: Conn, n?: number): Promise<void>;
}

/**
 * Counts `count` documents towards this month's scan allowance before a scan reads them, or
 * refuses (406, nothing counted, naming the tier, its limit and what is used) when that would pass
 * the tier's documents per month. Check and count are one statement, so two scans at the limit
 * cannot both pass. An organisation without duplicate detection is refused as having none left.
 */
export async function reserveDuplicateDocuments(
  conn: Conn,
  organisationId: string,
  count: number,
  today: string = todayIso(),
): Promise<DuplicateDocumentsReservation> {
  const tenant: Tenant = { organisationId };
  const allowance = await duplicateAllowance(conn, organisationId);
  const limit = allowance?.documentsPerMonth ?? 0;
  const month = monthOf(today);
  const after = await repo.addUsageWithin(conn, tenant, month, 'duplicateDocuments', count, limit);
  if (after === null) {
    const { duplicateDocuments: used } = await repo.usageOf(conn, tenant, month);
    throw new BusinessError(406, 'subscriptions.duplicateDocumentsExceeded', {
      name: allowance?.name ?? '–',
      limit,
      used,
    });
  }
  let left = count;
  return {
    count,
    month,
    async release(c, n = left) {
      const back = Math.min(n, left);
      if (back <= 0) return;
      left -= back;
      await repo.addUsage(c, tenant, month, { duplicateDocuments: -back });
    },
  };
}
