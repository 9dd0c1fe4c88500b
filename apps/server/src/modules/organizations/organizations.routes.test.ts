import type { CurrentUser, OrganizationSummary } from '@fairway/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createOrganisation, type TestOrganisation } from '../../../test/fixtures/users';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { App } from '../../app';
import { memberships } from '../users/users.tables';
import { organisations } from './organizations.tables';

let t: TestApp;
let app: App;
let a: TestOrganisation;
let b: TestOrganisation;

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  a = await createOrganisation(app, { name: 'Alfa GK' });
  b = await createOrganisation(app, { name: 'Beta GK' });
});

afterAll(async () => {
  await t?.close();
});

const api = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
  app.inject({ method, url: `/api/v1${url}`, headers, ...(payload === undefined ? {} : { payload }) });

async function organisationCount() {
  return (await app.db.select({ id: organisations.id }).from(organisations)).length;
}

describe('GET /organizations/', () => {
  it('lists only the organisations the user is an active member of, marking the current one', async () => {
    const both = await addMember(app, a, 'Staff');
    await addMember(app, b, 'Accountant', { existingUserId: both.userId });
    const invitedTo = await createOrganisation(app, { name: 'Gamma GK' });
    await addMember(app, invitedTo, 'Other', { existingUserId: both.userId, status: 'invited' });

    const res = await api('GET', '/organizations/', both.headers);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { data: OrganizationSummary[]; pagination: object };
    expect(body.data).toEqual([
      expect.objectContaining({ id: a.organisationId, name: 'Alfa GK', role: 'Staff', current: true }),
      expect.objectContaining({ id: b.organisationId, name: 'Beta GK', role: 'Accountant', current: false }),
    ]);
    expect(body.pagination).toEqual({ page: 1, pageSize: 25, total: 2 });

    const searched = (await api('GET', '/organizations?search=beta', both.headers).then((r) => r.json())) as {
      data: OrganizationSummary[];
    };
    expect(searched.data.map((o) => o.id)).toEqual([b.organisationId]);
    const paged = (await api('GET', '/organizations?pageSize=1&page=2', both.headers).then((r) => r.json())) as {
      data: OrganizationSummary[];
      pagination: { total: number };
    };
    expect(paged.data.map((o) => o.id)).toEqual([b.organisationId]);
    expect(paged.pagination.total).toBe(2);

    const ownerOfA = (await api('GET', '/organizations', a.owner.headers).then((r) => r.json())) as {
      data: OrganizationSummary[];
    };
    expect(ownerOfA.data.map((o) => o.id)).toEqual([a.organisationId]);
  });

  it('refuses bad queries and anonymous callers', async () => {
    expect((await api('GET', '/organizations', {})).statusCode).toBe(401);
    for (const query of ['page=0', 'pageSize=101', `search=${'y'.repeat(101)}`, 'owner=me']) {
      const res = await api('GET', `/organizations?${query}`, a.owner.headers);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys((res.json() as { error: object }).error)).toHaveLength(1);
    }
  });
});

describe('POST /organizations/', () => {
  it('creates a further organisation owned by the user, without switching to it', async () => {
    const res = await api('POST', '/organizations/', a.owner.headers, {
      name: 'Alfa GK Restaurang',
      organisationNumber: '559412-3456',
    });
    expect(res.statusCode).toBe(201);
    const created = (res.json() as { data: OrganizationSummary }).data;
    expect(created).toMatchObject({
      name: 'Alfa GK Restaurang',
      organisationNumber: '559412-3456',
      role: 'Owner',
      current: false,
    });
    expect(created.customerNumber).toMatch(/^\d+$/);

    const [row] = await app.db.select().from(organisations).where(eq(organisations.id, created.id));
    expect(row).toMatchObject({ packageId: 'free', accountingProgram: 'fortnox' });
    const list = (await api('GET', '/organizations', a.owner.headers).then((r) => r.json())) as { data: OrganizationSummary[] };
    expect(list.data.map((o) => o.name)).toEqual(['Alfa GK', 'Alfa GK Restaurang']);
    const me = (await api('GET', '/users/me', a.owner.headers).then((r) => r.json())) as { data: CurrentUser };
    expect(me.data.organisation.id).toBe(a.organisationId);

    // The new organisation has its own club account that the owner can switch to.
    const company = await app.db.select().from(memberships).where(eq(memberships.organisationId, created.id));
    expect(company).toHaveLength(1);
  });

  it('refuses bad bodies and writes nothing', async () => {
    const before = await organisationCount();
    const cases: [object | undefined, string][] = [
      [{}, 'name'],
      [{ name: '' }, 'name'],
      [{ name: 'x'.repeat(121) }, 'name'],
      [{ name: 'Ok', organisationNumber: '802499-1238' }, 'organisationNumber'],
      [{ name: 'Ok', packageId: 'enterprise' }, 'packageId'],
      [{ name: ['Ok'] }, 'name'],
    ];
    for (const [payload, field] of cases) {
      const res = await api('POST', '/organizations', a.owner.headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect((res.json() as { error: Record<string, string[]> }).error).toHaveProperty(field);
    }
    expect((await api('POST', '/organizations', {}, { name: 'Anon' })).statusCode).toBe(401);
    expect(await organisationCount()).toBe(before);
  });
});
