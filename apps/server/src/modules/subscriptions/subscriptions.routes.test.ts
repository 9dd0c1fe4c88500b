import type { CancelResult, PaymentPlanInfo, ProductModule, SmsPlan, Subscription, SubscriptionRequest } from '@fairway/shared';
import { ONLY_OWNER_MANAGES_SUBSCRIPTION } from '@fairway/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addClubAccount,
  addMember,
  createOrganisation,
  type TestMember,
  type TestOrganisation,
} from '../../../test/fixtures/users';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { App } from '../../app';
import { billings } from '../billings/billings.tables';
import { eventLogs } from '../eventlogs/eventlogs.tables';
import { clubAccounts, organisations } from '../organizations/organizations.tables';
import { memberships, users } from '../users/users.tables';
import { addDays, addMonths, todayIso } from './dates';
import { runSubscriptionMaintenance } from './subscriptions.service';
import { subscriptionRequests, subscriptions } from './subscriptions.tables';

let t: TestApp;
let app: App;
let a: TestOrganisation;
let b: TestOrganisation;
let aManager: TestMember;
let aOther: TestMember;

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  a = await createOrganisation(app, { name: 'Alfa GK', packageId: 'small' });
  b = await createOrganisation(app, { name: 'Beta GK', packageId: 'standard' });
  aManager = await addMember(app, a, 'Manager');
  aOther = await addMember(app, a, 'Other');
});

afterAll(async () => {
  await t?.close();
});

type Who = { headers: Record<string, string> } | null;
const api = (method: 'GET' | 'PUT', url: string, who: Who, payload?: object, lang?: string) =>
  app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...(who?.headers ?? {}), ...(lang ? { 'accept-language': lang } : {}) },
    ...(payload === undefined ? {} : { payload }),
  });

async function subscriptionOf(who: Who): Promise<Subscription> {
  const res = await api('GET', '/subscriptions', who);
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: Subscription }).data;
}

describe('GET /subscriptions', () => {
  it("answers the organisation's subscription: package, plan, 12-month term, usage", async () => {
    const today = todayIso();
    const sub = await subscriptionOf(a.owner);
    expect(sub).toMatchObject({
      status: 'active',
      package: { id: 'small', name: 'Small', invoicesPerMonth: 200, maxUsers: 3, maxClubAccounts: 1 },
      paymentPlan: 'annually',
      smsPlan: null,
      startDate: today,
      endDate: addDays(addMonths(today, 12), -1),
      nextBillingDate: addMonths(today, 12),
      usage: { invoicesThisMonth: 0, smsThisMonth: 0, users: 3, clubAccounts: 1 },
      pendingRequests: [],
      canManage: true,
    });
  });

  it('shows every member the subscription, but only an Owner may manage it', async () => {
    expect((await subscriptionOf(aManager)).canManage).toBe(false);
    expect((await subscriptionOf(aOther)).canManage).toBe(false);
  });

  it('needs a token', async () => {
    expect((await api('GET', '/subscriptions', null)).statusCode).toBe(401);
  });
});

describe('reference lists', () => {
  it('GET /packages lists the five packages in order', async () => {
    const res = await api('GET', '/packages', aOther);
    expect(res.statusCode).toBe(200);
    expect((res.json() as { data: { id: string }[] }).data.map((p) => p.id)).toEqual([
      'free',
      'small',
      'standard',
      'plus',
      'enterprise',
    ]);
  });

  it('GET /payment_plans: quarterly costs 80 SEK more per month', async () => {
    const plans = (await api('GET', '/payment_plans', aOther)).json() as { data: PaymentPlanInfo[] };
    expect(plans.data).toEqual([
      { id: 'annually', months: 12, surchargeOrePerMonth: 0 },
      { id: 'quarterly', months: 3, surchargeOrePerMonth: 8000 },
      { id: 'monthly', months: 1, surchargeOrePerMonth: 0 },
    ]);
  });

  it('GET /sms_plans lists SMS per month and monthly cost', async () => {
    const plans = ((await api('GET', '/sms_plans', aOther)).json() as { data: SmsPlan[] }).data;
    expect(plans.length).toBeGreaterThan(2);
    expect(plans[0]).toMatchObject({ id: 'sms-100', smsPerMonth: 100, monthlyPriceOre: 9900 });
  });

  it('GET /modules lists every module; subscription/my_modules those of the package', async () => {
    const all = ((await api('GET', '/modules', aOther)).json() as { data: ProductModule[] }).data;
    const mine = ((await api('GET', '/subscription/my_modules', aOther)).json() as { data: ProductModule[] }).data;
    const theirs = ((await api('GET', '/subscription/my_modules', b.owner)).json() as { data: ProductModule[] }).data;
    expect(all.map((m) => m.id)).toContain('statistics');
    expect(mine.map((m) => m.id)).toEqual([
      'invoicing',
      'customers-articles',
      'contracts',
      'git-members',
      'statistics',
      'api-automation',
    ]);
    expect(theirs.map((m) => m.id)).toContain('member-care');
    expect(theirs.map((m) => m.id)).not.toContain('duplicates');
    // Statistics and the API configuration are part of every package (the dashboard home is built
    // from statistics, and both answer every package's club), so no club is told they are locked
    // while using them.
    for (const who of [aOther, b.owner]) {
      expect((await api('GET', '/statistics/general/last-12-months', who)).statusCode).toBe(200);
    }
    expect((await api('GET', '/configurations', b.owner)).statusCode).toBe(200);
    expect(theirs.map((m) => m.id)).toEqual(expect.arrayContaining(['statistics', 'api-automation']));
  });

  it('needs a token', async () => {
    for (const url of ['/packages', '/payment_plans', '/sms_plans', '/modules', '/subscription/my_modules']) {
      expect((await api('GET', url, null)).statusCode).toBe(401);
    }
  });
});

describe('PUT /subscriptions/update_package/{id}', () => {
  it('refuses every non-Owner with the owner-only message', async () => {
    const sub = await subscriptionOf(a.owner);
    for (const who of [aManager, aOther]) {
      const res = await api('PUT', `/subscriptions/update_package/${sub.id}`, who, { packageId: 'plus' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        message: ONLY_OWNER_MANAGES_SUBSCRIPTION.sv,
        eng_message: ONLY_OWNER_MANAGES_SUBSCRIPTION.en,
      });
    }
    expect(ONLY_OWNER_MANAGES_SUBSCRIPTION.en).toBe(
      'Only users with role Owner is able to upgrade/downgrade/cancel a subscription',
    );
  });

  it('records an upgrade as a pending request and blocks a repeat for that package', async () => {
    const sub = await subscriptionOf(a.owner);
    const res = await api('PUT', `/subscriptions/update_package/${sub.id}/`, a.owner, { packageId: 'plus' });
    expect(res.statusCode).toBe(200);
    const request = (res.json() as { data: SubscriptionRequest }).data;
    expect(request).toMatchObject({
      type: 'upgrade',
      status: 'pending',
      targetPackageId: 'plus',
      effectiveOn: addDays(todayIso(), 1),
      requestedByName: a.owner.name,
    });
    expect((await subscriptionOf(aOther)).pendingRequests.map((r) => r.id)).toEqual([request.id]);

    const again = await api('PUT', `/subscriptions/update_package/${sub.id}`, a.owner, { packageId: 'plus' }, 'en');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      eng_message: 'A request to change to the Plus package is already pending',
      error: 'A request to change to the Plus package is already pending',
    });
    // Still Small until the request takes effect.
    expect((await subscriptionOf(a.owner)).package.id).toBe('small');
  });

  it('refuses the current package, an unknown package, bad bodies and another tenant', async () => {
    const sub = await subscriptionOf(a.owner);
    expect((await api('PUT', `/subscriptions/update_package/${sub.id}`, a.owner, { packageId: 'small' })).statusCode).toBe(400);
    expect((await api('PUT', `/subscriptions/update_package/${sub.id}`, a.owner, { packageId: 'gold' })).statusCode).toBe(400);
    expect((await api('PUT', `/subscriptions/update_package/${sub.id}`, a.owner, { packageId: 'plus', x: 1 })).statusCode).toBe(
      400,
    );
    const missing = await api('PUT', `/subscriptions/update_package/${sub.id}`, a.owner, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: { packageId: ['Detta fält är obligatoriskt'] } });
    const theirs = await subscriptionOf(b.owner);
    expect((await api('PUT', `/subscriptions/update_package/${theirs.id}`, a.owner, { packageId: 'plus' })).statusCode).toBe(404);
    expect((await api('PUT', '/subscriptions/update_package/not-a-uuid', a.owner, { packageId: 'plus' })).statusCode).toBe(400);
  });
});

describe('downgrade', () => {
  let c: TestOrganisation;
  let keepMember: TestMember;
  let dropMember: TestMember;
  let dropShared: TestMember;
  let dropAccount: string;

  beforeAll(async () => {
    c = await createOrganisation(app, { name: 'Gamma GK', packageId: 'plus' });
    keepMember = await addMember(app, c, 'Staff');
    dropMember = await addMember(app, c, 'Accountant');
    dropShared = await addMember(app, c, 'Other');
    // A member of another organisation too: only the membership goes.
    await addMember(app, b, 'Other', { existingUserId: dropShared.userId });
    await addMember(app, c, 'Staff');
    dropAccount = await addClubAccount(app, c.organisationId, 'Gamma GK Drift AB');
  });

  it('asks which users and club accounts to keep when the smaller package cannot hold them', async () => {
    const sub = await subscriptionOf(c.owner);
    const res = await api('PUT', `/subscriptions/update_package/${sub.id}`, c.owner, { packageId: 'small' }, 'en');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'Choose which users and club accounts to keep when downgrading' });
  });

  it('refuses keeping too many, keeping unknown ids, or dropping oneself, and changes nothing', async () => {
    const sub = await subscriptionOf(c.owner);
    const url = `/subscriptions/update_package/${sub.id}`;
    const tooMany = await api('PUT', url, c.owner, {
      packageId: 'small',
      keepUserIds: [c.owner.userId, keepMember.userId, dropMember.userId, dropShared.userId],
      keepClubAccountIds: [c.clubAccountId],
    });
    expect(tooMany.statusCode).toBe(400);
    const foreign = await api('PUT', url, c.owner, {
      packageId: 'small',
      keepUserIds: [c.owner.userId, a.owner.userId],
      keepClubAccountIds: [c.clubAccountId],
    });
    expect(foreign.statusCode).toBe(400);
    const notSelf = await api('PUT', url, c.owner, {
      packageId: 'small',
      keepUserIds: [keepMember.userId],
      keepClubAccountIds: [c.clubAccountId],
    });
    expect(notSelf.statusCode).toBe(400);
    // The owner was not given Drift AB: it is not theirs to keep (the club would go instead).
    const notGiven = await api('PUT', url, c.owner, {
      packageId: 'small',
      keepUserIds: [c.owner.userId, keepMember.userId],
      keepClubAccountIds: [dropAccount],
    });
    expect(notGiven.statusCode).toBe(400);
    expect((await subscriptionOf(c.owner)).usage).toMatchObject({ users: 5, clubAccounts: 2 });
  });

  it('deletes the users and club accounts not kept in one go and leaves the downgrade pending', async () => {
    const sub = await subscriptionOf(c.owner);
    const res = await api('PUT', `/subscriptions/update_package/${sub.id}`, c.owner, {
      packageId: 'small',
      keepUserIds: [c.owner.userId, keepMember.userId],
      keepClubAccountIds: [c.clubAccountId],
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { data: SubscriptionRequest }).data).toMatchObject({
      type: 'downgrade',
      status: 'pending',
      targetPackageId: 'small',
      effectiveOn: sub.nextBillingDate,
    });
    const after = await subscriptionOf(c.owner);
    expect(after.usage).toMatchObject({ users: 2, clubAccounts: 1 });
    const members = await app.db.select().from(memberships).where(eq(memberships.organisationId, c.organisationId));
    expect(members.map((m) => m.userId).sort()).toEqual([c.owner.userId, keepMember.userId].sort());
    expect(await app.db.select().from(clubAccounts).where(eq(clubAccounts.id, dropAccount))).toEqual([]);
    // A user with no organisation left is gone; one who belongs elsewhere stays.
    expect(await app.db.select().from(users).where(eq(users.id, dropMember.userId))).toEqual([]);
    expect(await app.db.select().from(users).where(eq(users.id, dropShared.userId))).toHaveLength(1);

    // Both the request and what it removed are in the event log.
    const log = await app.db.select().from(eventLogs).where(eq(eventLogs.organisationId, c.organisationId));
    expect(log.map((e) => [e.resource, e.activity, e.params])).toEqual(
      expect.arrayContaining([
        ['subscription', 'subscriptions.event.downgradeRemoved', { package: 'Small', users: 3, clubAccounts: 1 }],
        ['subscription', 'subscriptions.event.packageRequested', { name: 'Anna Lindqvist', from: 'Plus', package: 'Small' }],
      ]),
    );
  });
});

describe('PUT /subscriptions/cancel/{id}', () => {
  it('requires one of the four reasons', async () => {
    const sub = await subscriptionOf(b.owner);
    const none = await api('PUT', `/subscriptions/cancel/${sub.id}`, b.owner, {}, 'en');
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ error: { reason: ['This field is required'] } });
    expect((await api('PUT', `/subscriptions/cancel/${sub.id}`, b.owner, { reason: 'bored' })).statusCode).toBe(400);
  });

  it('refuses non-Owners with the spec message', async () => {
    const sub = await subscriptionOf(a.owner);
    const res = await api('PUT', `/subscriptions/cancel/${sub.id}`, aManager, { reason: 'no_budget' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ eng_message: ONLY_OWNER_MANAGES_SUBSCRIPTION.en });
  });

  it('within the term: a pending cancellation at the end date; a repeat is refused', async () => {
    const d = await createOrganisation(app, { name: 'Delta GK', packageId: 'standard' });
    const sub = await subscriptionOf(d.owner);
    const res = await api('PUT', `/subscriptions/cancel/${sub.id}`, d.owner, {
      reason: 'changing_systems',
      comment: 'Byter system',
    });
    expect(res.statusCode).toBe(200);
    const result = (res.json() as { data: CancelResult }).data;
    expect(result.deleted).toBe(false);
    expect(result.request).toMatchObject({
      type: 'cancel',
      status: 'pending',
      reason: 'changing_systems',
      comment: 'Byter system',
      effectiveOn: addDays(sub.endDate, 1),
    });
    expect((await api('PUT', `/subscriptions/cancel/${sub.id}`, d.owner, { reason: 'other' })).statusCode).toBe(400);
  });

  it('after the end date: the organisation and its data are deleted', async () => {
    const e = await createOrganisation(app, { name: 'Epsilon GK', packageId: 'small' });
    await app.db
      .update(subscriptions)
      .set({ startDate: '2024-01-01', endDate: '2024-12-31' })
      .where(eq(subscriptions.organisationId, e.organisationId));
    const sub = await subscriptionOf(e.owner);
    const res = await api('PUT', `/subscriptions/cancel/${sub.id}`, e.owner, { reason: 'too_expensive' });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { data: CancelResult }).data).toEqual({ deleted: true, request: null });
    expect(await app.db.select().from(organisations).where(eq(organisations.id, e.organisationId))).toEqual([]);
    expect(await app.db.select().from(billings).where(eq(billings.organisationId, e.organisationId))).toEqual([]);
    expect(await app.db.select().from(users).where(eq(users.id, e.owner.userId))).toEqual([]);
  });
});

describe('PUT /subscriptions/change_payment_plan/{id}', () => {
  it('records a pending change from the next period; refuses the same plan, a repeat and non-Owners', async () => {
    const f = await createOrganisation(app, { name: 'Zeta GK', packageId: 'standard' });
    const manager = await addMember(app, f, 'Manager');
    const sub = await subscriptionOf(f.owner);
    const url = `/subscriptions/change_payment_plan/${sub.id}`;
    expect((await api('PUT', url, manager, { paymentPlan: 'quarterly' })).statusCode).toBe(403);
    expect((await api('PUT', url, f.owner, { paymentPlan: 'annually' })).statusCode).toBe(400);
    expect((await api('PUT', url, f.owner, { paymentPlan: 'weekly' })).statusCode).toBe(400);
    const res = await api('PUT', url, f.owner, { paymentPlan: 'quarterly' });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { data: SubscriptionRequest }).data).toMatchObject({
      type: 'payment_plan',
      paymentPlan: 'quarterly',
      status: 'pending',
      effectiveOn: sub.nextBillingDate,
    });
    expect((await api('PUT', url, f.owner, { paymentPlan: 'monthly' })).statusCode).toBe(400);
  });
});

describe('PUT /subscriptions/change_sms_plan/{id}', () => {
  it('sets and clears the SMS plan; needs subscription.manage; refuses unknown plans', async () => {
    const sub = await subscriptionOf(a.owner);
    const url = `/subscriptions/change_sms_plan/${sub.id}`;
    expect((await api('PUT', url, aManager, { smsPlanId: 'sms-250' })).statusCode).toBe(403);
    expect((await api('PUT', url, a.owner, { smsPlanId: 'sms-999' })).statusCode).toBe(400);
    const res = await api('PUT', url, a.owner, { smsPlanId: 'sms-250' });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { data: Subscription }).data.smsPlan).toMatchObject({ id: 'sms-250', smsPerMonth: 250 });
    const cleared = await api('PUT', url, a.owner, { smsPlanId: null });
    expect((cleared.json() as { data: Subscription }).data.smsPlan).toBeNull();
  });
});

describe('the nightly maintenance', () => {
  it('applies a due upgrade and bills the difference for the months already paid', async () => {
    const g = await createOrganisation(app, { name: 'Eta GK', packageId: 'small' });
    const sub = await subscriptionOf(g.owner);
    await api('PUT', `/subscriptions/update_package/${sub.id}`, g.owner, { packageId: 'standard' });
    const tomorrow = addDays(todayIso(), 1);
    await runSubscriptionMaintenance(app.db, tomorrow);
    const after = await subscriptionOf(g.owner);
    expect(after.package.id).toBe('standard');
    expect(after.pendingRequests).toEqual([]);
    const [request] = await app.db
      .select()
      .from(subscriptionRequests)
      .where(eq(subscriptionRequests.organisationId, g.organisationId));
    expect(request?.status).toBe('approved');
    const rows = await app.db.select().from(billings).where(eq(billings.organisationId, g.organisationId));
    const proration = rows.find((r) => r.invoiceDate === tomorrow);
    const months = 12;
    expect(proration?.lines).toEqual([
      {
        kind: 'package_fee',
        itemName: 'Small → Standard',
        quantityHundredths: months * 100,
        unit: 'months',
        unitPriceOre: 89_500 - 49_500,
        amountOre: months * 40_000,
      },
    ]);
    expect(proration?.totalOre).toBe(months * 40_000 * 1.25);
    const log = await app.db.select().from(eventLogs).where(eq(eventLogs.organisationId, g.organisationId));
    expect(log.map((e) => [e.resource, e.activity, e.type])).toEqual(
      expect.arrayContaining([
        ['subscription', 'subscriptions.event.packageChanged', 'SUCCESS'],
        ['billing', 'subscriptions.event.billingCreated', 'INFO'],
      ]),
    );
    // A second run the same day changes nothing.
    expect(await runSubscriptionMaintenance(app.db, tomorrow)).toMatchObject({ applied: 0, deleted: 0 });
  });

  it('deletes an organisation whose cancellation reached the end date and renews the others', async () => {
    const h = await createOrganisation(app, { name: 'Theta GK', packageId: 'small' });
    const sub = await subscriptionOf(h.owner);
    await api('PUT', `/subscriptions/cancel/${sub.id}`, h.owner, { reason: 'no_budget' });
    const dayAfterTerm = addDays(sub.endDate, 1);
    await runSubscriptionMaintenance(app.db, dayAfterTerm);
    expect(await app.db.select().from(organisations).where(eq(organisations.id, h.organisationId))).toEqual([]);

    const [renewed] = await app.db.select().from(subscriptions).where(eq(subscriptions.organisationId, b.organisationId));
    expect(renewed?.startDate).toBe(dayAfterTerm);
    expect(renewed?.endDate).toBe(addDays(addMonths(dayAfterTerm, 12), -1));
    const bBillings = await app.db
      .select()
      .from(billings)
      .where(and(eq(billings.organisationId, b.organisationId), eq(billings.periodStart, dayAfterTerm)));
    expect(bBillings).toHaveLength(1);
    expect(bBillings[0]?.lines.map((l) => l.kind)).toEqual(['annual_licence', 'package_fee']);
  });
});
