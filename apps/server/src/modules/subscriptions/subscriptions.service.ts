import {
  type CancelResult,
  type CancelSubscriptionBody,
  COMMITMENT_MONTHS,
  DUPLICATE_TIERS,
  encodeMessage,
  findDuplicateTier,
  PAYMENT_PLAN_MONTHS,
  PAYMENT_PLANS,
  type PaymentPlan,
  type PaymentPlanInfo,
  type ProductModule,
  QUARTERLY_SURCHARGE_ORE_PER_MONTH,
  type Subscription,
  type SubscriptionRequest,
  type UpdatePackageBody,
  type UpdateTierBody,
} from '@fairway/shared';
import type { Db, Tx } from '../../db/client';
import { BusinessError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors';
import type { AuthContext } from '../../plugins/auth';
import { hasBillings } from '../billings/billings.repository';
import { createBilling, subscriptionBillingLines } from '../billings/billings.service';
import { logEvent, userDisplayName } from '../eventlogs/eventlogs.service';
import { findPackage, type PackageRow } from '../landing/landing.repository';
import { reaches, type Tenant } from '../organizations/tenant';
import { billPendingSupportHours, markSupportHoursBilled, pendingSupportHours } from '../support/support-billing';
import { addDays, addMonths, anchoredPeriodEnd, monthOf, monthsBetween, todayIso } from './dates';
import { organisationModuleIds, type ProductModuleId } from './module-gate';
import * as repo from './subscriptions.repository';

type Conn = Db | Tx;
type Caller = Pick<AuthContext, 'organisationId' | 'userId' | 'role' | 'clubAccounts'>;

const termEnd = (start: string) => addDays(addMonths(start, COMMITMENT_MONTHS), -1);

/**
 * Only Owners upgrade, downgrade or cancel; everyone else gets `ONLY_OWNER_MANAGES_SUBSCRIPTION`
 * (docs/subscriptions.md#changes).
 */
export function assertOwner(caller: Caller): void {
  if (caller.role !== 'Owner') throw new ForbiddenError('subscriptions.onlyOwner');
}

export function paymentPlans(): PaymentPlanInfo[] {
  return PAYMENT_PLANS.map((id) => ({
    id,
    months: PAYMENT_PLAN_MONTHS[id],
    surchargeOrePerMonth: id === 'quarterly' ? QUARTERLY_SURCHARGE_ORE_PER_MONTH : 0,
  }));
}

export async function listProductModules(conn: Conn): Promise<ProductModule[]> {
  const rows = await repo.listModules(conn);
  return rows.map(({ packageOrder: _order, ...m }) => m);
}

/**
 * Modules the organisation may use: those of its package and every smaller one, and duplicate
 * detection with a Dubbelkoll tier (`organisationModuleIds`, module-gate.ts).
 */
export async function myModules(conn: Conn, tenant: Tenant): Promise<ProductModule[]> {
  const ids = await organisationModuleIds(conn, tenant);
  const rows = await repo.listModules(conn);
  return rows.filter((m) => ids.has(m.id as ProductModuleId)).map(({ packageOrder: _order, ...m }) => m);
}

/**
 * Opens the subscription of a new organisation in the signup transaction: a 12-month term from
 * today on the annual plan, and its first billing (licence, installation, onboarding, the year;
 * a Dubbelkoll tier bills only its months).
 */
export async function startSubscription(
  tx: Conn,
  organisationId: string,
  options: { duplicateTierId?: string | null; today?: string } = {},
): Promise<void> {
  const today = options.today ?? todayIso();
  await repo.insertSubscription(tx, {
    organisationId,
    paymentPlan: 'annually',
    duplicateTierId: options.duplicateTierId ?? null,
    startDate: today,
    endDate: termEnd(today),
    nextBillingDate: today,
  });
  await billDuePeriods(tx, { organisationId }, today, { logged: false });
}

/** Writes the billings of every period that has begun and is not billed yet. */
export async function billDuePeriods(
  conn: Conn,
  tenant: Tenant,
  today: string,
  options: { logged: boolean } = { logged: true },
): Promise<number> {
  let billed = 0;
  for (let guard = 0; guard < 36; guard++) {
    const sub = await repo.findSubscription(conn, tenant);
    if (sub?.status !== 'active' || sub.nextBillingDate > today || sub.nextBillingDate > sub.endDate) break;
    const golfPackage = await repo.findOrganisationPackage(conn, tenant);
    if (!golfPackage) break;
    // A Dubbelkoll subscription pays for its tier instead (docs/subscriptions.md#tiers).
    const tier = findDuplicateTier(sub.duplicateTierId);
    const pkg = tier ?? golfPackage;
    const smsPlan = sub.smsPlanId ? await repo.findSmsPlan(conn, sub.smsPlanId) : null;
    const periodStart = sub.nextBillingDate;
    // A period never runs past the term: a plan changed mid-term bills up to its end.
    const planEnd = anchoredPeriodEnd(sub.startDate, periodStart, PAYMENT_PLAN_MONTHS[sub.paymentPlan]);
    const periodEnd = planEnd < sub.endDate ? planEnd : sub.endDate;
    const months = monthsBetween(periodStart, addDays(periodEnd, 1));
    // Support hours bought since the last billing ride on this one (support/buy_support_hours;
    // docs/subscriptions.md#nightly-run).
    const support = await pendingSupportHours(conn, tenant);
    const lines = subscriptionBillingLines({
      pkg,
      paymentPlan: sub.paymentPlan,
      smsPlan,
      months,
      startsTerm: periodStart === sub.startDate,
      firstBilling: !(await hasBillings(conn, tenant)),
      supportHundredths: support.hundredths,
      tier: tier !== null,
    });
    const billing = await createBilling(conn, {
      organisationId: tenant.organisationId,
      invoiceDate: today,
      periodStart,
      periodEnd,
      lines,
      logged: options.logged,
    });
    if (billing) {
      billed++;
      await markSupportHoursBilled(conn, tenant, support, billing.id);
    }
    await repo.updateSubscription(conn, tenant, { nextBillingDate: addDays(periodEnd, 1) });
  }
  return billed;
}

async function loadOwn(conn: Conn, tenant: Tenant, subscriptionId?: string): Promise<repo.SubscriptionRow> {
  const sub = await repo.findSubscription(conn, tenant);
  if (!sub || (subscriptionId !== undefined && sub.id !== subscriptionId)) throw new NotFoundError();
  return sub;
}

/**
 * An Owner's change to the subscription (docs/subscriptions.md#changes): one transaction with the organisation row
 * locked, so two requests never race past the pending-request checks.
 */
async function ownerChange<T>(
  db: Db,
  caller: Caller,
  subscriptionId: string,
  work: (tx: Tx, tenant: Tenant, sub: repo.SubscriptionRow) => Promise<T>,
): Promise<T> {
  assertOwner(caller);
  const tenant: Tenant = { organisationId: caller.organisationId };
  return db.transaction(async (tx) => {
    await repo.lockOrganisationRow(tx, tenant.organisationId);
    return work(tx, tenant, await loadOwn(tx, tenant, subscriptionId));
  });
}

type RequestValues = Omit<Parameters<typeof repo.insertRequest>[1], 'organisationId' | 'subscriptionId' | 'requestedBy'>;

/** Files a pending request with its event-log line (the requester's name is added to `params`). */
async function fileRequest(
  tx: Tx,
  tenant: Tenant,
  caller: Caller,
  sub: repo.SubscriptionRow,
  entry: { activity: string; params: Record<string, string>; request: RequestValues },
): Promise<SubscriptionRequest> {
  await logEvent(tx, {
    organisationId: tenant.organisationId,
    resource: 'subscription',
    activity: entry.activity,
    params: { name: await userDisplayName(tx, caller.userId), ...entry.params },
    type: 'INFO',
  });
  const id = await repo.insertRequest(tx, {
    ...entry.request,
    organisationId: tenant.organisationId,
    subscriptionId: sub.id,
    requestedBy: caller.userId,
  });
  return (await repo.findRequest(tx, tenant, id)) as SubscriptionRequest;
}

export async function getSubscription(conn: Conn, caller: Caller, today: string = todayIso()): Promise<Subscription> {
  const tenant: Tenant = { organisationId: caller.organisationId };
  const sub = await loadOwn(conn, tenant);
  const [pkg, smsPlan, usage, users, clubAccounts, connectedCompanies, pendingRequests] = await Promise.all([
    repo.findOrganisationPackage(conn, tenant),
    sub.smsPlanId ? repo.findSmsPlan(conn, sub.smsPlanId) : Promise.resolve(null),
    repo.usageOf(conn, tenant, monthOf(today)),
    repo.countMemberships(conn, tenant),
    repo.countClubAccounts(conn, tenant),
    repo.countConnectedCompanies(conn, tenant),
    repo.listPendingRequests(conn, tenant),
  ]);
  if (!pkg) throw new NotFoundError();
  const { active: _active, ...packageFields } = pkg;
  return {
    id: sub.id,
    status: sub.status,
    package: packageFields,
    tier: findDuplicateTier(sub.duplicateTierId),
    paymentPlan: sub.paymentPlan,
    smsPlan,
    startDate: sub.startDate,
    endDate: sub.endDate,
    nextBillingDate: sub.nextBillingDate,
    usage: {
      invoicesThisMonth: usage.invoices,
      smsThisMonth: usage.sms,
      users,
      clubAccounts,
      duplicateDocumentsThisMonth: usage.duplicateDocuments,
      connectedCompanies,
    },
    pendingRequests,
    canManage: caller.role === 'Owner',
  };
}

function sameSet(ids: readonly string[], within: readonly string[]): boolean {
  const all = new Set(within);
  return ids.every((id) => all.has(id));
}

/**
 * Upgrade or downgrade (docs/subscriptions.md#changes). Both wait as pending requests: an upgrade takes effect at the
 * next nightly run, a downgrade when the paid period ends. A downgrade that leaves more users or
 * club accounts than the smaller package allows must name whom to keep; the rest are deleted
 * right away, in this same transaction, so the organisation already fits the package it chose.
 */
export async function requestPackageChange(
  db: Db,
  caller: Caller,
  subscriptionId: string,
  body: UpdatePackageBody,
  today: string = todayIso(),
): Promise<SubscriptionRequest> {
  return ownerChange(db, caller, subscriptionId, async (tx, tenant, sub) => {
    // A Dubbelkoll subscription changes its tier, not the package under it (requestTierChange).
    if (sub.duplicateTierId) throw new BusinessError(400, 'subscriptions.tierNotPackage');
    const [current, target] = await Promise.all([repo.findOrganisationPackage(tx, tenant), findPackage(tx, body.packageId)]);
    if (!current) throw new NotFoundError();
    if (!target?.active) throw new BusinessError(400, 'subscriptions.unknownPackage');
    if (target.id === current.id) throw new BusinessError(400, 'subscriptions.samePackage', { package: current.name });
    const pending = await repo.listPendingRequests(tx, tenant);
    if (pending.some((r) => (r.type === 'upgrade' || r.type === 'downgrade') && r.targetPackageId === target.id)) {
      throw new BusinessError(400, 'subscriptions.requestPending', { package: target.name });
    }
    const upgrade = target.sortOrder > current.sortOrder;
    if (!upgrade) await trimToPackage(tx, tenant, caller, target, body);
    return fileRequest(tx, tenant, caller, sub, {
      activity: 'subscriptions.event.packageRequested',
      params: { from: current.name, package: target.name },
      request: {
        type: upgrade ? 'upgrade' : 'downgrade',
        targetPackageId: target.id,
        effectiveOn: upgrade ? addDays(today, 1) : sub.nextBillingDate,
      },
    });
  });
}

/**
 * A Dubbelkoll upgrade or downgrade (docs/subscriptions.md#tiers), filed and applied like a
 * package change: an upgrade takes effect at the next nightly run, a downgrade when the paid
 * period ends. A downgrade is refused while the organisation has more users or connected
 * companies than the smaller tier allows: the message says what to remove first.
 */
export async function requestTierChange(
  db: Db,
  caller: Caller,
  subscriptionId: string,
  body: UpdateTierBody,
  today: string = todayIso(),
): Promise<SubscriptionRequest> {
  return ownerChange(db, caller, subscriptionId, async (tx, tenant, sub) => {
    const current = findDuplicateTier(sub.duplicateTierId);
    if (!current) throw new BusinessError(400, 'subscriptions.noTier');
    const target = findDuplicateTier(body.tierId);
    if (!target) throw new ValidationError({ tierId: [encodeMessage('tier_required')] }, 'subscriptions.unknownTier');
    if (target.id === current.id) throw new BusinessError(400, 'subscriptions.sameTier', { tier: current.name });
    const pending = await repo.listPendingRequests(tx, tenant);
    if (pending.some((r) => (r.type === 'upgrade' || r.type === 'downgrade') && r.targetTierId === target.id)) {
      throw new BusinessError(400, 'subscriptions.tierRequestPending', { tier: target.name });
    }
    const upgrade = tierOrder(target.id) > tierOrder(current.id);
    if (!upgrade) {
      const [users, companies] = await Promise.all([repo.countMemberships(tx, tenant), repo.countConnectedCompanies(tx, tenant)]);
      if (users > target.maxUsers) {
        throw new BusinessError(400, 'subscriptions.tierTooSmallForUsers', {
          tier: target.name,
          max: target.maxUsers,
          used: users,
        });
      }
      if (companies > target.maxCompanies) {
        throw new BusinessError(400, 'subscriptions.tierTooSmallForCompanies', {
          tier: target.name,
          max: target.maxCompanies,
          used: companies,
        });
      }
    }
    return fileRequest(tx, tenant, caller, sub, {
      activity: 'subscriptions.event.tierRequested',
      params: { from: current.name, tier: target.name },
      request: {
        type: upgrade ? 'upgrade' : 'downgrade',
        targetTierId: target.id,
        effectiveOn: upgrade ? addDays(today, 1) : sub.nextBillingDate,
      },
    });
  });
}

const tierOrder = (id: string) => DUPLICATE_TIERS.findIndex((t) => t.id === id);

async function trimToPackage(tx: Tx, tenant: Tenant, caller: Caller, target: PackageRow, body: UpdatePackageBody): Promise<void> {
  const [userIds, accountIds] = await Promise.all([repo.memberUserIds(tx, tenant), repo.clubAccountIds(tx, tenant)]);
  const needsUsers = userIds.length > target.maxUsers;
  const needsAccounts = accountIds.length > target.maxClubAccounts;
  if ((needsUsers && !body.keepUserIds) || (needsAccounts && !body.keepClubAccountIds)) {
    throw new BusinessError(400, 'subscriptions.keepListsRequired');
  }
  const keepUsers = body.keepUserIds ? [...new Set(body.keepUserIds)] : null;
  const keepAccounts = body.keepClubAccountIds ? [...new Set(body.keepClubAccountIds)] : null;
  // A club account is kept only by someone who was given it.
  const keepable = accountIds.filter((id) => reaches(caller, id));
  if ((keepUsers && !sameSet(keepUsers, userIds)) || (keepAccounts && !sameSet(keepAccounts, keepable))) {
    throw new BusinessError(400, 'subscriptions.unknownKeep');
  }
  let removedUsers: string[] = [];
  let removedAccounts: string[] = [];
  if (keepUsers) {
    if (keepUsers.length > target.maxUsers) {
      throw new BusinessError(400, 'subscriptions.tooManyUsersKept', { package: target.name, max: target.maxUsers });
    }
    if (!keepUsers.includes(caller.userId)) throw new BusinessError(400, 'subscriptions.mustKeepSelf');
    removedUsers = await repo.removeMembersExcept(tx, tenant, keepUsers);
  }
  if (keepAccounts) {
    if (keepAccounts.length === 0) throw new BusinessError(400, 'subscriptions.keepAtLeastOneClubAccount');
    if (keepAccounts.length > target.maxClubAccounts) {
      throw new BusinessError(400, 'subscriptions.tooManyClubAccountsKept', {
        package: target.name,
        max: target.maxClubAccounts,
      });
    }
    removedAccounts = await repo.removeClubAccountsExcept(tx, tenant, keepAccounts);
  }
  if (removedUsers.length > 0 || removedAccounts.length > 0) {
    await logEvent(tx, {
      organisationId: tenant.organisationId,
      resource: 'subscription',
      activity: 'subscriptions.event.downgradeRemoved',
      params: { package: target.name, users: removedUsers.length, clubAccounts: removedAccounts.length },
      type: 'INFO',
    });
  }
}

/**
 * Cancellation with one of the four reasons (`CANCELLATION_REASONS`). Within the term it waits for the end date
 * (12-month commitment, no refund); after the end date the organisation and all its data go.
 */
export async function requestCancellation(
  db: Db,
  caller: Caller,
  subscriptionId: string,
  body: CancelSubscriptionBody,
  today: string = todayIso(),
): Promise<CancelResult> {
  return ownerChange(db, caller, subscriptionId, async (tx, tenant, sub) => {
    if (today > sub.endDate) {
      await repo.deleteOrganisation(tx, tenant);
      return { deleted: true, request: null };
    }
    const pending = await repo.listPendingRequests(tx, tenant);
    if (pending.some((r) => r.type === 'cancel')) throw new BusinessError(400, 'subscriptions.cancelPending');
    const request = await fileRequest(tx, tenant, caller, sub, {
      activity: 'subscriptions.event.cancelRequested',
      params: { date: sub.endDate },
      request: {
        type: 'cancel',
        reason: body.reason,
        comment: body.comment ? body.comment : null,
        effectiveOn: addDays(sub.endDate, 1),
      },
    });
    return { deleted: false, request };
  });
}

/** A new payment plan applies from the next billing period; until then the request is pending. */
export async function requestPaymentPlanChange(
  db: Db,
  caller: Caller,
  subscriptionId: string,
  paymentPlan: PaymentPlan,
): Promise<SubscriptionRequest> {
  return ownerChange(db, caller, subscriptionId, async (tx, tenant, sub) => {
    const pending = await repo.listPendingRequests(tx, tenant);
    if (pending.some((r) => r.type === 'payment_plan')) throw new BusinessError(400, 'subscriptions.paymentPlanPending');
    if (sub.paymentPlan === paymentPlan) throw new BusinessError(400, 'subscriptions.samePaymentPlan');
    return fileRequest(tx, tenant, caller, sub, {
      activity: 'subscriptions.event.paymentPlanRequested',
      params: { date: sub.nextBillingDate },
      request: { type: 'payment_plan', paymentPlan, effectiveOn: sub.nextBillingDate },
    });
  });
}

/** The SMS plan is monthly and changes at once; the next billing carries it (docs/subscriptions.md#sms-plans). */
export async function changeSmsPlan(
  db: Db,
  caller: Caller,
  subscriptionId: string,
  smsPlanId: string | null,
): Promise<Subscription> {
  const tenant: Tenant = { organisationId: caller.organisationId };
  await loadOwn(db, tenant, subscriptionId);
  const plan = smsPlanId === null ? null : await repo.findSmsPlan(db, smsPlanId);
  if (smsPlanId !== null && !plan) throw new BusinessError(400, 'subscriptions.unknownSmsPlan');
  await db.transaction(async (tx) => {
    await repo.updateSubscription(tx, tenant, { smsPlanId });
    const name = await userDisplayName(tx, caller.userId);
    await logEvent(tx, {
      organisationId: tenant.organisationId,
      resource: 'subscription',
      activity: plan ? 'subscriptions.event.smsPlanChanged' : 'subscriptions.event.smsPlanRemoved',
      params: plan ? { name, plan: plan.name } : { name },
      type: 'INFO',
    });
  });
  return getSubscription(db, caller);
}

export interface MaintenanceResult {
  applied: number;
  deleted: number;
  billed: number;
}

/**
 * The nightly run: applies requests that have come due, deletes organisations whose cancellation
 * reached the end date, renews terms that ended, and bills periods that began. Each organisation
 * in its own transaction, so one failure does not hold back the others; running twice a day
 * changes nothing the second time.
 */
export async function runSubscriptionMaintenance(db: Db, today: string = todayIso()): Promise<MaintenanceResult> {
  const result: MaintenanceResult = { applied: 0, deleted: 0, billed: 0 };
  for (const organisationId of await repo.listAllSubscriptionOrganisations(db)) {
    const tenant: Tenant = { organisationId };
    await db.transaction(async (tx) => {
      if (!(await repo.lockOrganisationRow(tx, organisationId))) return;
      for (const request of await repo.dueRequests(tx, tenant, today)) {
        if (request.type === 'cancel') {
          await repo.deleteOrganisation(tx, tenant);
          result.deleted++;
          return;
        }
        await applyRequest(tx, tenant, request, today);
        result.applied++;
      }
      const sub = await repo.findSubscription(tx, tenant);
      if (sub && sub.endDate < today) {
        let start = addDays(sub.endDate, 1);
        while (termEnd(start) < today) start = addMonths(start, COMMITMENT_MONTHS);
        await repo.updateSubscription(tx, tenant, { startDate: start, endDate: termEnd(start) });
        await logEvent(tx, {
          organisationId,
          resource: 'subscription',
          activity: 'subscriptions.event.renewed',
          params: { start, end: termEnd(start) },
          type: 'SUCCESS',
        });
      }
      result.billed += await billDuePeriods(tx, tenant, today);
      result.billed += await billPendingSupportHours(tx, tenant, today);
    });
  }
  return result;
}

async function applyRequest(tx: Tx, tenant: Tenant, request: repo.RequestRow, today: string): Promise<void> {
  if (request.type === 'payment_plan' && request.paymentPlan) {
    await repo.updateSubscription(tx, tenant, { paymentPlan: request.paymentPlan });
    await logEvent(tx, {
      organisationId: tenant.organisationId,
      resource: 'subscription',
      activity: 'subscriptions.event.paymentPlanChanged',
      type: 'SUCCESS',
    });
  } else if ((request.type === 'upgrade' || request.type === 'downgrade') && request.targetTierId) {
    const sub = await repo.findSubscription(tx, tenant);
    const current = findDuplicateTier(sub?.duplicateTierId);
    const target = findDuplicateTier(request.targetTierId);
    if (!sub || !current || !target) {
      await repo.decideRequest(tx, request.id, 'rejected');
      return;
    }
    await repo.updateSubscription(tx, tenant, { duplicateTierId: target.id });
    await logEvent(tx, {
      organisationId: tenant.organisationId,
      resource: 'subscription',
      activity: 'subscriptions.event.tierChanged',
      params: { from: current.name, tier: target.name },
      type: 'SUCCESS',
    });
    await billUpgradeDifference(tx, tenant, sub, current, target, today);
  } else if ((request.type === 'upgrade' || request.type === 'downgrade') && request.targetPackageId) {
    const [current, target, sub] = await Promise.all([
      repo.findOrganisationPackage(tx, tenant),
      findPackage(tx, request.targetPackageId),
      repo.findSubscription(tx, tenant),
    ]);
    if (!current || !target || !sub) {
      await repo.decideRequest(tx, request.id, 'rejected');
      return;
    }
    await repo.setOrganisationPackage(tx, tenant, target.id);
    await logEvent(tx, {
      organisationId: tenant.organisationId,
      resource: 'subscription',
      activity: 'subscriptions.event.packageChanged',
      params: { from: current.name, package: target.name },
      type: 'SUCCESS',
    });
    await billUpgradeDifference(tx, tenant, sub, current, target, today);
  }
  await repo.decideRequest(tx, request.id, 'approved');
}

/** An upgrade inside a period already paid bills the difference for its remaining months. */
async function billUpgradeDifference(
  tx: Tx,
  tenant: Tenant,
  sub: repo.SubscriptionRow,
  current: { name: string; monthlyPriceOre: number },
  target: { name: string; monthlyPriceOre: number },
  today: string,
): Promise<void> {
  const difference = target.monthlyPriceOre - current.monthlyPriceOre;
  const months = monthsBetween(today, sub.nextBillingDate);
  if (difference <= 0 || months <= 0) return;
  await createBilling(tx, {
    organisationId: tenant.organisationId,
    logged: true,
    invoiceDate: today,
    periodStart: today,
    periodEnd: addDays(sub.nextBillingDate, -1),
    lines: [
      {
        kind: 'package_fee',
        itemName: `${current.name} → ${target.name}`,
        quantityHundredths: months * 100,
        unit: 'months',
        unitPriceOre: difference,
        amountOre: months * difference,
      },
    ],
  });
}

/**
 * The invoice quota ("up to N invoices/month", docs/subscriptions.md#quota): refuses creating `count` more invoices this
 * month when the package's monthly number would be passed. Reads only; to create invoices,
 * reserve them (`reserveInvoiceQuota`) so two creates at the limit cannot both pass.
 */
export async function assertInvoiceQuota(
  db: Conn,
  organisationId: string,
  count: number,
  today: string = todayIso(),
): Promise<{ limit: number; used: number; remaining: number }> {
  const pkg = await packageOf(db, organisationId);
  const { invoices: used } = await repo.usageOf(db, { organisationId }, monthOf(today));
  if (used + count > pkg.invoicesPerMonth) throw quotaExceeded(pkg, used);
  return { limit: pkg.invoicesPerMonth, used, remaining: pkg.invoicesPerMonth - used - count };
}

/** `count` invoices counted towards this month's quota before they are created. */
export interface InvoiceQuotaReservation {
  readonly count: number;
  /** Gives back `count` (or all) of the reservation: invoices that were not created after all. */
  release(conn: Conn, count?: number): Promise<void>;
}

/**
 * Counts `count` invoices towards this month's quota before they are created, or refuses (406,
 * nothing counted) when that would pass the package's monthly number. Check and count are one
 * statement, so concurrent creates at the limit cannot both pass. Whoever reserves releases what
 * was not created (a failed call to the accounting program); a crash in between leaves the
 * reservation counted, erring on the side of the limit.
 */
export async function reserveInvoiceQuota(
  db: Conn,
  organisationId: string,
  count: number,
  today: string = todayIso(),
): Promise<InvoiceQuotaReservation> {
  const pkg = await packageOf(db, organisationId);
  const month = monthOf(today);
  const after = await repo.addUsageWithin(db, { organisationId }, month, 'invoices', count, pkg.invoicesPerMonth);
  if (after === null) throw quotaExceeded(pkg, (await repo.usageOf(db, { organisationId }, month)).invoices);
  let left = count;
  return {
    count,
    async release(conn, n = left) {
      const back = Math.min(n, left);
      if (back <= 0) return;
      left -= back;
      await repo.addUsage(conn, { organisationId }, month, { invoices: -back });
    },
  };
}

async function packageOf(db: Conn, organisationId: string) {
  const pkg = await repo.findOrganisationPackage(db, { organisationId });
  if (!pkg) throw new NotFoundError();
  return pkg;
}

function quotaExceeded(pkg: { name: string; invoicesPerMonth: number }, used: number) {
  return new BusinessError(406, 'subscriptions.invoiceQuotaExceeded', {
    package: pkg.name,
    limit: pkg.invoicesPerMonth,
    used,
  });
}

/** Counts invoices created this month towards the quota. */
export async function recordInvoiceUsage(conn: Conn, organisationId: string, count: number, today: string = todayIso()) {
  await repo.addUsage(conn, { organisationId }, monthOf(today), { invoices: count });
}

// ---- SMS ----------------------------------------------------------------------------------------

/** The organisation's SMS this month: the plan's allowance, the segments used, and what is left. */
export async function smsAllowance(
  db: Conn,
  organisationId: string,
  today: string = todayIso(),
): Promise<{ limit: number; used: number; remaining: number }> {
  const limit = await repo.smsPerMonthOf(db, organisationId);
  const { sms: used } = await repo.usageOf(db, { organisationId }, monthOf(today));
  return { limit, used, remaining: Math.max(0, limit - used) };
}

function smsQuotaExceeded(wanted: number, remaining: number) {
  return new BusinessError(406, 'subscriptions.smsQuotaExceeded', { wanted, remaining });
}

/** Refuses (406, like the invoice quota, saying how many are left) when `segments` more would pass this month's SMS plan. */
export async function assertSmsQuota(db: Conn, organisationId: string, segments: number, today: string = todayIso()) {
  const allowance = await smsAllowance(db, organisationId, today);
  if (segments > allowance.remaining) throw smsQuotaExceeded(segments, allowance.remaining);
  return allowance;
}

/**
 * Counts `segments` SMS segments against this month's SMS plan (the plan page's "used this month")
 * before they are sent, or refuses (406, nothing counted, saying how many are left). Check and
 * count are one statement. `release` gives back segments that were not sent after all.
 */
export async function reserveSmsQuota(db: Conn, organisationId: string, segments: number, today: string = todayIso()) {
  const month = monthOf(today);
  const limit = await repo.smsPerMonthOf(db, organisationId);
  const after = await repo.addUsageWithin(db, { organisationId }, month, 'sms', segments, limit);
  if (after === null) {
    const { sms: used } = await repo.usageOf(db, { organisationId }, month);
    throw smsQuotaExceeded(segments, Math.max(0, limit - used));
  }
  return { month };
}

/** Gives back SMS segments counted for messages that were not sent (in the month they were counted in). */
export async function releaseSmsQuota(db: Conn, organisationId: string, month: string, segments: number): Promise<void> {
  if (segments > 0) await repo.addUsage(db, { organisationId }, month, { sms: -segments });
}
