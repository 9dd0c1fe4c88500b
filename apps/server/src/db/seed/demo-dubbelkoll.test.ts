import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { accountingConnections } from '../../modules/accounting/connection/connections.tables';
import { members } from '../../modules/members/members.tables';
import { subscriptions } from '../../modules/subscriptions/subscriptions.tables';
import { clubAccounts, memberships, organisations } from '../schema';
import { DEMO_DUBBELKOLL_COMPANY } from './demo-logins';
import { connectDemoAccounts, DEMO_LOGINS, seedDemo } from './index';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ BRAND: 'dubbelkoll' });
});

afterAll(async () => {
  await t?.close();
});

describe("the Dubbelkoll brand's demo (BRAND=dubbelkoll)", () => {
  it('is one company on the Business tier with every demo login, linked to the Fortnox simulator, without golf data', async () => {
    const { app } = t;
    const logins = await seedDemo(app, 'dubbelkoll');
    expect(logins.map((l) => l.email)).toEqual(DEMO_LOGINS.map((l) => l.email));
    await connectDemoAccounts(app);

    const [org] = await app.db.select().from(organisations).where(eq(organisations.name, DEMO_DUBBELKOLL_COMPANY.name));
    expect(org).toMatchObject({ golfClubId: null, accountingProgram: 'fortnox' });
    const organisationId = org?.id as string;
    const [sub] = await app.db.select().from(subscriptions).where(eq(subscriptions.organisationId, organisationId));
    expect(sub?.duplicateTierId).toBe('business');
    const accounts = await app.db.select().from(clubAccounts).where(eq(clubAccounts.organisationId, organisationId));
    expect(accounts.map((a) => a.name)).toEqual([DEMO_DUBBELKOLL_COMPANY.name]);
    expect(await app.db.select().from(memberships).where(eq(memberships.organisationId, organisationId))).toHaveLength(
      DEMO_LOGINS.length,
    );
    const [connection] = await app.db
      .select()
      .from(accountingConnections)
      .where(eq(accountingConnections.organisationId, organisationId));
    expect(connection).toMatchObject({ provider: 'fortnox', environment: 'simulator', status: 'connected' });
    expect(await app.db.select().from(members).where(eq(members.organisationId, organisationId))).toEqual([]);
  });
});
