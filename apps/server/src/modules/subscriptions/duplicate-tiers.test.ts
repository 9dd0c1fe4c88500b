import { DUPLICATE_TIERS, type DuplicateTier, ROLES, type Subscription, type SubscriptionRequest } from '@fairway/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectThroughConsent, useFortnoxSimulator } from '../../../test/fixtures/accounting';
import { PASSWORD, seedReference, uniqueEmail } from '../../../test/fixtures/auth';
import { addClubAccount, addMember, createOrganisation, type TestOrganisation } from '../../../test/fixtures/users';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { App } from '../../app';
import { accountingConnections } from '../accounting/connection/connections.tables';
import { billings } from '../billings/billings.tables';
import { routeModules } from '../index';
import { organisations } from '../organizations/organizations.tables';
import { addDays, todayIso } from './dates';
import { duplicateAllowance, duplicateDocumentsUsage, reserveDuplicateDocuments } from './duplicate-allowance';
import { duplicatesScoped } from './module-gate';
import { runSubscriptionMaintenance } from './subscriptions.service';

/**
 * Dubbelkoll as a product of its own (docs/subscriptions.md#tiers): registration with a tier, tier
 * changes, the tier's limits, and the duplicates module gate of golf clubs.
 */

/** A route behind the gate the duplicates routes use, standing in for them. */
const gateProbe: FastifyPluginAsyncZod = async (app) => {
  app.get('/gate-probe', { ...duplicatesScoped(app, 'duplicates.read') }, async () => ({ data: 'ok' }));
};

let dk: TestApp;
let golf: TestApp;

beforeAll(async () => {
  dk = await createTestApp({ BRAND: 'dubbelkoll' });
  await seedReference(dk.app);
  golf = await createTestApp({}, { modules: [...routeModules, gateProbe] });
  await seedReference(golf.app);
});

afterAll(async () => {
  await dk?.close();
  await golf?.close();
});

type Who = { headers: Record<string, string> } | null;
const call = (app: App, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, who: Who, payload?: object, lang?: string) =>
  app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...(who?.headers ?? {}), ...(lang ? { 'accept-language': lang } : {}) },
    ...(payload === undefined ? {} : { payload }),
  });

const tier = (id: string) => DUPLICATE_TIERS.find((t) => t.id === id) as DuplicateTier;

function companyBody(overrides: Record<string, unknown> = {}) {
  return {
    customerType: 'company',
    name: 'Disa Dubbel',
    email: uniqueEmail('dk-owner'),
    password: PASSWORD,
    passwordConfirmation: PASSWORD,
    accountingProgram: 'fortnox',
    termsAccepted: true,
    tierId: 'business',
    companyName: 'Bokföring & Co AB',
    ...overrides,
  };
}

async function subscriptionOf(app: App, who: Who): Promise<Subscription> {
  const res = await call(app, 'GET', '/subscriptions', who);
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: Subscription }).data;
}

async function organisationCount(app: App): Promise<number> {
  return (await app.db.select({ id: organisations.id }).from(organisations)).length;
}

describe('the tiers', () => {
  it('are listed at tiers (signed in) and landing_page/tiers (public), cheapest first', async () => {
    const org = await createOrganisation(dk.app, { duplicateTierId: 'start' });
    const signedIn = await call(dk.app, 'GET', '/tiers', org.owner);
    expect(signedIn.statusCode).toBe(200);
    expect((signedIn.json() as { data: DuplicateTier[] }).data.map((t) => t.id)).toEqual(['start', 'business', 'pro']);
    expect((await call(dk.app, 'GET', '/tiers', null)).statusCode).toBe(401);
    const open = await call(dk.app, 'GET', '/landing_page/tiers', null);
    expect((open.json() as { data: DuplicateTier[] }).data).toEqual(signedIn.json().data);
  });
});

describe('registration under BRAND=dubbelkoll', () => {
  it('registers a company on the chosen tier: the subscription records it and bills only the tier', async () => {
    const body = companyBody();
    const res = await call(dk.app, 'POST', '/auth/signup', null, body);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.user.organisation.name).toBe('Bokföring & Co AB');
    expect(data.user.role).toBe('Owner');
    const who = { headers: { authorization: `Bearer ${data.accessToken}` } };
    const sub = await subscriptionOf(dk.app, who);
    expect(sub.tier).toEqual(tier('business'));
    expect(sub.usage).toMatchObject({ users: 1, connectedCompanies: 0, duplicateDocumentsThisMonth: 0 });
    const [org] = await dk.app.db.select().from(organisations).where(eq(organisations.id, data.user.organisation.id));
    expect(org).toMatchObject({ golfClubId: null, accountingProgram: 'fortnox' });
    // The first billing: a year of the tier, without the golf portal's licence and set-up fees.
    const [billing] = await dk.app.db.select().from(billings).where(eq(billings.organisationId, data.user.organisation.id));
    expect(billing?.lines.map((l) => [l.kind, l.itemName, l.amountOre])).toEqual([['package_fee', 'Business', 12 * 69_500]]);
  });

  for (const lang of ['sv', 'en'] as const) {
    it(`refuses an unknown tier with the field message and writes nothing (${lang})`, async () => {
      const before = await organisationCount(dk.app);
      const res = await call(dk.app, 'POST', '/auth/signup', null, companyBody({ tierId: 'gold' }), lang);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual({ tierId: [lang === 'sv' ? 'Välj en nivå' : 'Choose a tier'] });
      expect(await organisationCount(dk.app)).toBe(before);
    });
  }

  it("lists the company's accounting program and e-mail among its integrations, no GIT or SMS", async () => {
    const org = await createOrganisation(dk.app, { duplicateTierId: 'business' });
    const res = await call(dk.app, 'GET', '/integrations', org.owner);
    expect(res.statusCode).toBe(200);
    expect((res.json().data.integrations as { system: string }[]).map((i) => i.system)).toEqual(['accounting', 'email']);
  });

  it('asks for the tier and the company name', async () => {
    const res = await call(dk.app, 'POST', '/auth/signup', null, companyBody({ tierId: '', companyName: ' ' }), 'en');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ tierId: ['Choose a tier'], companyName: ['Company name required'] });
  });

  it('offers no golf-club registration, and Fairway no company registration', async () => {
    const golfBody = { ...companyBody(), customerType: 'new', packageId: 'standard', golfClubId: 'x' } as Record<string, unknown>;
    delete golfBody.tierId;
    delete golfBody.companyName;
    const refused = await call(dk.app, 'POST', '/auth/signup', null, golfBody);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: 'Den här typen av registrering erbjuds inte här',
      eng_message: 'This kind of registration is not offered here',
    });
    const before = await organisationCount(golf.app);
    const alsoRefused = await call(golf.app, 'POST', '/auth/signup', null, companyBody());
    expect(alsoRefused.statusCode).toBe(400);
    expect(await organisationCount(golf.app)).toBe(before);
  });
});

describe('changing the tier', () => {
  let org: TestOrganisation;
  beforeAll(async () => {
    org = await createOrganisation(dk.app, { duplicateTierId: 'start' });
  });

  const change = (who: Who, tierId: string, lang?: string) =>
    call(dk.app, 'PUT', `/subscriptions/update_tier/${tierIdOf.sub}`, who, { tierId }, lang);
  const tierIdOf = { sub: '' };

  it('an upgrade waits for the nightly run, which changes the tier and bills the difference', async () => {
    tierIdOf.sub = (await subscriptionOf(dk.app, org.owner)).id;
    const res = await change(org.owner, 'business');
    expect(res.statusCode).toBe(200);
    const request = (res.json() as { data: SubscriptionRequest }).data;
    expect(request).toMatchObject({ type: 'upgrade', targetTierId: 'business', targetPackageId: null, status: 'pending' });
    expect(request.effectiveOn).toBe(addDays(todayIso(), 1));
    expect((await subscriptionOf(dk.app, org.owner)).tier?.id).toBe('start');

    const again = await change(org.owner, 'business', 'en');
    expect(again.statusCode).toBe(400);
    expect(again.json().eng_message).toBe('A request to change to the Business tier is already pending');

    await runSubscriptionMaintenance(dk.app.db, addDays(todayIso(), 1));
    const after = await subscriptionOf(dk.app, org.owner);
    expect(after.tier?.id).toBe('business');
    expect(after.pendingRequests).toEqual([]);
    const bills = await dk.app.db.select().from(billings).where(eq(billings.organisationId, org.organisationId));
    expect(bills.some((b) => b.lines.some((l) => l.itemName === 'Start → Business'))).toBe(true);
  });

  it('refuses the tier it has, an unknown tier, and anyone but an Owner', async () => {
    const same = await change(org.owner, 'business', 'en');
    expect(same.statusCode).toBe(400);
    expect(same.json().eng_message).toBe('You already have the Business tier');
    const unknown = await change(org.owner, 'gold', 'en');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toEqual({ tierId: ['Choose a tier'] });
    const manager = await addMember(dk.app, org, 'Manager');
    const refused = await change(manager, 'pro', 'en');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().eng_message).toBe('Only users with role Owner is able to upgrade/downgrade/cancel a subscription');
  });

  describe('with more users than the smaller tier allows', () => {
    let extra: { userId: string };
    beforeAll(async () => {
      // Owner and Manager, plus one more: three users, and Start allows two.
      extra = await addMember(dk.app, org, 'Staff');
    });

    for (const lang of ['sv', 'en'] as const) {
      it(`refuses the downgrade, saying what to remove first (${lang})`, async () => {
        const res = await change(org.owner, 'start', lang);
        expect(res.statusCode).toBe(400);
        expect(lang === 'sv' ? res.json().message : res.json().eng_message).toBe(
          lang === 'sv'
            ? 'Nivån Start omfattar högst 2 användare och ni har 3. Ta bort användare under Användare innan ni byter nivå.'
            : 'The Start tier includes at most 2 users and you have 3. Remove users under Users before changing tier.',
        );
        expect((await subscriptionOf(dk.app, org.owner)).pendingRequests).toEqual([]);
      });
    }

    it('accepts it once the users fit', async () => {
      const removed = await call(dk.app, 'DELETE', `/users/${extra.userId}`, org.owner);
      expect(removed.statusCode).toBeLessThan(300);
    });
  });

  it('a downgrade that fits waits for the end of the paid period', async () => {
    const res = await change(org.owner, 'start');
    expect(res.statusCode).toBe(200);
    const sub = await subscriptionOf(dk.app, org.owner);
    expect((res.json() as { data: SubscriptionRequest }).data).toMatchObject({
      type: 'downgrade',
      targetTierId: 'start',
      effectiveOn: sub.nextBillingDate,
    });
  });

  it('changes its tier, never the golf package under it', async () => {
    const res = await call(
      dk.app,
      'PUT',
      `/subscriptions/update_package/${tierIdOf.sub}`,
      org.owner,
      { packageId: 'plus' },
      'en',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().eng_message).toBe('A Dubbelkoll subscription changes tier, not package');
  });

  it('a golf club has no tier to change', async () => {
    const club = await createOrganisation(dk.app, { packageId: 'plus' });
    const sub = await subscriptionOf(dk.app, club.owner);
    const res = await call(dk.app, 'PUT', `/subscriptions/update_tier/${sub.id}`, club.owner, { tierId: 'pro' }, 'en');
    expect(res.statusCode).toBe(400);
    expect(res.json().eng_message).toBe('The subscription has no Dubbelkoll tier to change');
  });
});

describe('the limits of a tier', () => {
  for (const lang of ['sv', 'en'] as const) {
    it(`users: invites up to the tier's number, then refuses saying the limit and how to raise it (${lang})`, async () => {
      const org = await createOrganisation(dk.app, { duplicateTierId: 'start' });
      const invite = (n: number) =>
        call(dk.app, 'POST', '/users/invite', org.owner, { name: `Ny ${n}`, email: uniqueEmail('invite'), role: 'Staff' }, lang);
      // Start: two users; the Owner is one.
      expect((await invite(1)).statusCode).toBe(201);
      const refused = await invite(2);
      expect(refused.statusCode).toBe(406);
      expect(lang === 'sv' ? refused.json().message : refused.json().eng_message).toBe(
        lang === 'sv'
          ? 'Nivån Start omfattar högst 2 användare. Byt till en större nivå under Inställningar → Abonnemang för att bjuda in fler användare.'
          : 'The Start tier includes at most 2 users. Change to a larger tier under Settings → Subscription to invite more users.',
      );
      const seats = await call(dk.app, 'GET', '/users/seats', org.owner);
      expect(seats.json().data).toEqual({ packageName: 'Start', maxUsers: 2, used: 2 });
    });
  }

  it("companies: connects up to the tier's number, refuses one more in sv and en, and reconnecting is no extra", async () => {
    await useFortnoxSimulator(dk.app);
    const org = await createOrganisation(dk.app, { duplicateTierId: 'start' });
    const second = await addClubAccount(dk.app, org.organisationId, 'Andra bolaget AB');
    const atSecond = await addMember(dk.app, { organisationId: org.organisationId, clubAccountId: second }, 'Manager', {
      clubAccountIds: [second],
    });
    // Start allows one company: the first connects.
    await connectThroughConsent(dk.app, org.owner);
    for (const lang of ['sv', 'en'] as const) {
      const refused = await call(dk.app, 'POST', '/integrations/accounting/connect', atSecond, undefined, lang);
      expect(refused.statusCode).toBe(406);
      expect(lang === 'sv' ? refused.json().message : refused.json().eng_message).toBe(
        lang === 'sv'
          ? 'Nivån Start omfattar högst 1 anslutna företag. Byt till en större nivå under Inställningar → Abonnemang, eller koppla från ett annat företag, för att ansluta fler.'
          : 'The Start tier includes at most 1 connected companies. Change to a larger tier under Settings → Subscription, or disconnect another company, to connect more.',
      );
    }
    const rows = await dk.app.db
      .select()
      .from(accountingConnections)
      .where(and(eq(accountingConnections.organisationId, org.organisationId), eq(accountingConnections.clubAccountId, second)));
    expect(rows).toEqual([]);
    // The company already counted may connect again.
    await connectThroughConsent(dk.app, org.owner);
    expect((await subscriptionOf(dk.app, org.owner)).usage.connectedCompanies).toBe(1);
    // After disconnecting it, the other company fits.
    expect((await call(dk.app, 'DELETE', '/integrations/accounting', org.owner)).statusCode).toBeLessThan(300);
    await connectThroughConsent(dk.app, atSecond);
  });

  it('documents per month: reserves up to the limit, refuses one more, and counts what is given back', async () => {
    const org = await createOrganisation(dk.app, { duplicateTierId: 'start' });
    const limit = tier('start').documentsPerMonth;
    const full = await reserveDuplicateDocuments(dk.app.db, org.organisationId, limit);
    await expect(reserveDuplicateDocuments(dk.app.db, org.organisationId, 1)).rejects.toMatchObject({
      statusCode: 406,
      messageKey: 'subscriptions.duplicateDocumentsExceeded',
      params: { name: 'Start', limit, used: limit },
    });
    await full.release(dk.app.db, 10);
    expect(await duplicateDocumentsUsage(dk.app.db, org.organisationId)).toEqual({ limit, used: limit - 10, remaining: 10 });
    await reserveDuplicateDocuments(dk.app.db, org.organisationId, 10);
    expect((await subscriptionOf(dk.app, org.owner)).usage.duplicateDocumentsThisMonth).toBe(limit);
  });

  it('the allowance the scan job reads: the tier, a golf package with the module, or nothing', async () => {
    const pro = await createOrganisation(dk.app, { duplicateTierId: 'pro' });
    expect(await duplicateAllowance(dk.app.db, pro.organisationId)).toMatchObject({
      source: 'tier',
      tierId: 'pro',
      documentsPerMonth: 15_000,
      resources: ['invoice', 'supplier_invoice', 'order', 'voucher'],
      historyMonths: 36,
      maxCompanies: 5,
      maxUsers: 20,
    });
    const start = await createOrganisation(dk.app, { duplicateTierId: 'start' });
    expect((await duplicateAllowance(dk.app.db, start.organisationId))?.resources).toEqual(['invoice', 'supplier_invoice']);
    const plus = await createOrganisation(dk.app, { packageId: 'plus' });
    expect(await duplicateAllowance(dk.app.db, plus.organisationId)).toMatchObject({
      source: 'module',
      name: 'Plus',
      maxCompanies: 3,
    });
    const small = await createOrganisation(dk.app, { packageId: 'standard' });
    expect(await duplicateAllowance(dk.app.db, small.organisationId)).toBeNull();
    await expect(reserveDuplicateDocuments(dk.app.db, small.organisationId, 1)).rejects.toMatchObject({ statusCode: 406 });
  });
});

describe('the duplicates module gate', () => {
  const probe = (who: Who, lang?: string) => call(golf.app, 'GET', '/gate-probe', who, undefined, lang);

  for (const role of ROLES) {
    it(`lets a ${role} of a Plus club through, and refuses a ${role} of a Standard club`, async () => {
      const plus = await createOrganisation(golf.app, { packageId: 'plus' });
      const standard = await createOrganisation(golf.app, { packageId: 'standard' });
      const inPlus = role === 'Owner' ? plus.owner : await addMember(golf.app, plus, role);
      const inStandard = role === 'Owner' ? standard.owner : await addMember(golf.app, standard, role);
      expect((await probe(inPlus)).statusCode).toBe(200);
      const refused = await probe(inStandard, 'en');
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        message:
          'Dubblettkontroll ingår inte i paketet Standard. Modulen ingår från paketet Plus: uppgradera abonnemanget under Inställningar → Abonnemang.',
        eng_message:
          'Duplicate detection is not included in the Standard package. The module is included from the Plus package: upgrade your subscription under Settings → Subscription.',
      });
    });
  }

  it('a Dubbelkoll subscription has the module whatever the package under it', async () => {
    const org = await createOrganisation(golf.app, { packageId: 'free', duplicateTierId: 'start' });
    expect((await probe(org.owner)).statusCode).toBe(200);
    const modules = await call(golf.app, 'GET', '/subscription/my_modules', org.owner);
    expect((modules.json() as { data: { id: string }[] }).data.map((m) => m.id)).toContain('duplicates');
  });

  it('needs a signed-in caller first', async () => {
    expect((await probe(null)).statusCode).toBe(401);
  });
});
