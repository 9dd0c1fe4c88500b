import { ALL_SCOPES, type DashboardStats } from '@fairway/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createOrganisation, type TestOrganisation } from '../../../test/fixtures/users';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { App } from '../../app';
import { members } from '../members/members.tables';
import { roles } from '../permissions/permissions.tables';
import { addMonths, swedishToday } from '../statistics/statistics.service';

let t: TestApp;
let app: App;
let a: TestOrganisation;
let b: TestOrganisation;

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  a = await createOrganisation(app, { name: 'Alfa GK' });
  b = await createOrganisation(app, { name: 'Beta GK', organisationNumber: '559412-3456' });
});

afterAll(async () => {
  await t?.close();
});

const stats = async (who: { headers: Record<string, string> }) => {
  const res = await app.inject({ method: 'GET', url: '/api/v1/dashboard/stats', headers: who.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as DashboardStats;
};

const member = (org: TestOrganisation, name: string, memberSince: string | null) => ({
  organisationId: org.organisationId,
  clubAccountId: org.clubAccountId,
  firstname: name,
  lastname: 'Nyberg',
  memberSince,
});

describe('GET dashboard/stats: new members this month', () => {
  it("counts the register's members whose membership began this month, for callers who may see members", async () => {
    const today = swedishToday();
    const month = today.slice(0, 7);
    const lastMonth = addMonths(month, -1);
    await app.db
      .insert(members)
      .values([
        member(a, 'Först', `${month}-01`),
        member(a, 'Idag', today),
        member(a, 'Förra', `${lastMonth}-28`),
        member(a, 'Okänd', null),
        member(b, 'Annan', today),
      ]);

    // A number, not the old "shown once GIT is connected" placeholder.
    expect((await stats(a.owner)).newMembersThisMonth).toBe(2);
    expect((await stats(b.owner)).newMembersThisMonth).toBe(1);

    const [noMembers] = await app.db
      .insert(roles)
      .values({ organisationId: a.organisationId, name: 'Bara fakturor', scopes: ALL_SCOPES.filter((s) => s !== 'members.read') })
      .returning();
    const invoicesOnly = await addMember(app, a, 'Staff', { roleId: noMembers?.id });
    expect((await stats(invoicesOnly)).newMembersThisMonth).toBeNull();
  });
});
