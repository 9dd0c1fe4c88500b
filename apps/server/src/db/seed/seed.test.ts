import { type CurrentUser, isValidOrgNumber, PASSWORD_PATTERN, ROLES, type User } from '@fairway/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { App } from '../../app';
import { PRODUCT_MODULES, SMS_PLANS } from '../../modules/subscriptions/subscriptions.reference';
import { clubAccounts, golfClubs, memberships, organisations, packages, smsPlans, users } from '../schema';
import { DEMO_CLUB_ACCOUNTS, DEMO_LOGINS, DEMO_ORGANISATION, GOLF_CLUBS, PACKAGES, seedDemo, seedReferenceData } from './index';

let t: TestApp;
let app: App;

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
});

afterAll(async () => {
  await t?.close();
});

const rows = async (table: typeof packages | typeof golfClubs | typeof organisations | typeof users | typeof clubAccounts) =>
  (await app.db.select({ n: count() }).from(table))[0]?.n ?? 0;

describe('golf club list', () => {
  it('holds at least 80 real clubs with town and district, unique ids', () => {
    expect(GOLF_CLUBS.length).toBeGreaterThanOrEqual(80);
    expect(new Set(GOLF_CLUBS.map((c) => c.id)).size).toBe(GOLF_CLUBS.length);
    expect(new Set(GOLF_CLUBS.map((c) => c.name)).size).toBe(GOLF_CLUBS.length);
    for (const club of GOLF_CLUBS) {
      expect(club.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(club.city.length).toBeGreaterThan(1);
      expect(club.district.length).toBeGreaterThan(1);
    }
    expect(GOLF_CLUBS).toContainEqual({ id: 'goteborgs-gk', name: 'Göteborgs GK', city: 'Hovås', district: 'Göteborg' });
    expect(GOLF_CLUBS).toContainEqual({ id: 'barseback-g-cc', name: 'Barsebäck G&CC', city: 'Löddeköpinge', district: 'Skåne' });
    expect(new Set(GOLF_CLUBS.map((c) => c.district)).size).toBeGreaterThanOrEqual(20);
  });
});

describe('seedReferenceData', () => {
  it('writes the five packages and the clubs, and is idempotent', async () => {
    await seedReferenceData(app.db);
    await seedReferenceData(app.db);
    expect(await rows(packages)).toBe(5);
    expect(await rows(golfClubs)).toBe(GOLF_CLUBS.length);
    const stored = await app.db.select().from(packages).orderBy(packages.sortOrder);
    expect(stored.map((p) => [p.id, p.invoicesPerMonth, p.maxUsers, p.maxClubAccounts, p.monthlyPriceOre])).toEqual([
      ['free', 25, 1, 1, 0],
      ['small', 200, 3, 1, 49_500],
      ['standard', 600, 5, 2, 89_500],
      ['plus', 1500, 10, 3, 149_500],
      ['enterprise', 15_000, 50, 10, 299_500],
    ]);
    expect(PACKAGES).toHaveLength(5);
  });

  it('writes nothing on a start whose reference data the tables already hold', async () => {
    await seedReferenceData(app.db);
    // xmin is the transaction that last wrote a row: an upsert of the same values writes it anew.
    const writers = async () =>
      (
        await app.database.executeSql(
          `select 'packages' as t, id, xmin::text as x from packages union all select 'sms_plans', id, xmin::text from sms_plans
           union all select 'modules', id, xmin::text from modules union all select 'golf_clubs', id, xmin::text from golf_clubs
           order by 1, 2`,
        )
      ).rows;
    const before = await writers();
    expect(before.length).toBe(PACKAGES.length + SMS_PLANS.length + PRODUCT_MODULES.length + GOLF_CLUBS.length);
    await seedReferenceData(app.db);
    expect(await writers()).toEqual(before);
  });

  it("puts back a golf club's town and an SMS plan's price changed by hand on the next start", async () => {
    const [club] = GOLF_CLUBS;
    if (!club) throw new Error('no golf clubs');
    await app.db.update(golfClubs).set({ city: 'Nowhere' }).where(eq(golfClubs.id, club.id));
    await app.db.update(smsPlans).set({ monthlyPriceOre: 1 }).where(eq(smsPlans.id, 'sms-100'));
    await seedReferenceData(app.db);
    const [stored] = await app.db.select().from(golfClubs).where(eq(golfClubs.id, club.id));
    expect(stored?.city).toBe(club.city);
    const [plan] = await app.db.select().from(smsPlans).where(eq(smsPlans.id, 'sms-100'));
    expect(plan?.monthlyPriceOre).toBe(9_900);
  });

  it('puts back a changed price on the next start', async () => {
    await app.db.update(packages).set({ monthlyPriceOre: 1, active: false }).where(eq(packages.id, 'small'));
    await seedReferenceData(app.db);
    const [small] = await app.db.select().from(packages).where(eq(packages.id, 'small'));
    expect(small).toMatchObject({ monthlyPriceOre: 49_500, active: true });
  });
});

describe('seedDemo', () => {
  it('uses organisation numbers with valid check digits and passwords that follow the rule', () => {
    expect(isValidOrgNumber(DEMO_ORGANISATION.organisationNumber)).toBe(true);
    for (const account of DEMO_CLUB_ACCOUNTS) expect(isValidOrgNumber(account.organisationNumber), account.name).toBe(true);
    expect(DEMO_LOGINS.map((l) => l.role)).toEqual([...ROLES]);
    for (const login of DEMO_LOGINS) {
      expect(login.password).toMatch(PASSWORD_PATTERN);
      expect(login.password).toMatch(/^[\x21-\x7e]+$/);
      expect(login.email).toMatch(/^[a-z]+@demo\.fairway\.se$/);
    }
  });

  it('creates the demo organisation once, with two club accounts and one user per role', async () => {
    const logins = await seedDemo(app);
    expect(logins.map(({ role, email, password }) => ({ role, email, password }))).toEqual(
      DEMO_LOGINS.map(({ role, email, password }) => ({ role, email, password })),
    );
    const counts = { orgs: await rows(organisations), users: await rows(users), accounts: await rows(clubAccounts) };
    expect(counts).toEqual({ orgs: 1, users: 5, accounts: 2 });

    const [org] = await app.db.select().from(organisations);
    expect(org).toMatchObject({
      name: 'Fairway Demo GK',
      city: 'Uppsala',
      packageId: 'plus',
      organisationNumber: '802499-1237',
    });
    const accounts = await app.db.select().from(clubAccounts).orderBy(clubAccounts.name);
    expect(accounts.map((a) => [a.name, a.organisationNumber])).toEqual([
      ['Fairway Demo GK', '802499-1237'],
      ['Fairway Demo GK Drift AB', '559412-3456'],
    ]);
    expect(await app.db.select().from(memberships)).toHaveLength(5);

    await seedDemo(app);
    expect({ orgs: await rows(organisations), users: await rows(users), accounts: await rows(clubAccounts) }).toEqual(counts);
  });

  it('lets every demo user sign in with the printed password, in the right role', async () => {
    for (const login of DEMO_LOGINS) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: login.email, password: login.password },
      });
      expect(res.statusCode, `${login.role}: ${res.body}`).toBe(200);
      const session = (res.json() as { data: { user: CurrentUser; accessToken: string } }).data;
      expect(session.user).toMatchObject({ role: login.role, name: login.name, organisation: { name: 'Fairway Demo GK' } });
      expect(session.user.currentAccount?.name).toBe('Fairway Demo GK');
      const accounts = session.user.clubAccounts.map((c) => c.name);
      expect(accounts).toContain('Fairway Demo GK');
      if (['Owner', 'Manager', 'Accountant'].includes(login.role)) expect(accounts).toContain('Fairway Demo GK Drift AB');
    }
    const owner = DEMO_LOGINS[0];
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: owner?.email, password: owner?.password },
    });
    const token = (res.json() as { data: { accessToken: string } }).data.accessToken;
    const list = await app.inject({ method: 'GET', url: '/api/v1/users', headers: { authorization: `Bearer ${token}` } });
    expect((list.json() as { data: User[] }).data.map((u) => u.role).sort()).toEqual([...ROLES].sort());
  });
});
