import type { Integrations } from '@fairway/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createOrganisation, type TestMember, type TestOrganisation } from '../../../../test/fixtures/users';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import type { App } from '../../../app';
import { clubAccounts } from '../../organizations/organizations.tables';
import { accountingFor } from '../connection/accounting-for';

let t: TestApp;
let app: App;
let a: TestOrganisation;
let aStaff: TestMember;

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  a = await createOrganisation(app, { name: 'Alfa GK' });
  await app.db
    .update(clubAccounts)
    .set({ accountingProgram: 'visma_administration' })
    .where(eq(clubAccounts.id, a.clubAccountId));
  aStaff = await addMember(app, a, 'Staff');
});

afterAll(async () => {
  await t?.close();
});

const card = async (who: { headers: Record<string, string> }) =>
  (
    (await app.inject({ method: 'GET', url: '/api/v1/integrations', headers: who.headers })).json().data as Integrations
  ).integrations.find((i) => i.system === 'accounting');

describe('Visma Administration through the connector', () => {
  it('shows "installation needed" until a connector registers, and calls say so', async () => {
    expect(await card(a.owner)).toMatchObject({ provider: 'visma_administration', status: 'installation_needed' });
    const provider = await accountingFor(app, a, a.clubAccountId);
    await expect(provider.customers.list()).rejects.toMatchObject({ kind: 'installation_needed' });
  });

  it('gives an administrator a key once; the connector that registers with it is online', async () => {
    expect(
      (await app.inject({ method: 'POST', url: '/api/v1/integrations/accounting/connector/key', headers: aStaff.headers }))
        .statusCode,
    ).toBe(403);
    const issued = await app.inject({
      method: 'POST',
      url: '/api/v1/integrations/accounting/connector/key',
      headers: a.owner.headers,
    });
    expect(issued.statusCode).toBe(201);
    const { key, keyPrefix } = issued.json().data;
    expect(key.startsWith(keyPrefix)).toBe(true);

    const registered = await app.inject({
      method: 'POST',
      url: '/api/v1/connector/register',
      headers: { authorization: `Bearer ${key}` },
      payload: {
        protocolVersion: 1,
        connectorVersion: '1.0.0',
        machine: 'KANSLI-PC',
        company: { name: 'Alfa GK', database: 'ALFA' },
      },
    });
    expect(registered.statusCode, registered.body).toBeLessThan(300);
    expect(await card(a.owner)).toMatchObject({ status: 'connected' });
    const details = (
      await app.inject({ method: 'GET', url: '/api/v1/integrations/accounting/connector', headers: aStaff.headers })
    ).json().data;
    // Online with a company of its own, and still the simulator: the connector we ship works against a simulated company.
    expect(details).toMatchObject({ status: 'online', target: 'simulator', keyPrefix, machine: 'KANSLI-PC' });
    expect(await card(a.owner)).toMatchObject({ target: 'simulator' });
  });
});
