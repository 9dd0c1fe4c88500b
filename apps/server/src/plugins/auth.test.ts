import { randomUUID } from 'node:crypto';
import { DEFAULT_ROLE_SCOPES, envelope } from '@fairway/shared';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { addMember, bearer, loginAs, seedReference, signupOwner } from '../../test/fixtures/auth';
import { addMember as addOrgMember } from '../../test/fixtures/users';
import { createTestApp, type TestApp } from '../../test/test-app';
import { routeModules } from '../modules/index';
import { organisations } from '../modules/organizations/organizations.tables';
import { roles } from '../modules/permissions/permissions.tables';
import { type AuthContext, authenticated, scoped } from './auth';

/** Test-only routes, mounted next to the real ones through buildApp's `modules` option. */
const probeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/probe/whoami', { ...authenticated(app) }, async (request) => ({ data: request.auth }));
  app.post(
    '/probe/manage-users',
    {
      ...scoped(app, 'users.manage'),
      schema: {
        body: z.object({ name: z.string().min(1).max(10) }).strict(),
        response: { 200: envelope(z.object({ ok: z.boolean() })) },
      },
    },
    async () => ({ data: { ok: true } }),
  );
  app.get('/probe/open', async (request) => {
    try {
      return { data: request.auth };
    } catch (error) {
      return { data: (error as Error).message };
    }
  });
};

let t: TestApp;
let owner: Awaited<ReturnType<typeof signupOwner>>;
let otherToken: string;

beforeAll(async () => {
  t = await createTestApp({}, { modules: [...routeModules, probeRoutes] });
  await seedReference(t.app);
  owner = await signupOwner(t.app);
  const other = await addMember(t.app, owner.session.user.organisation.id, { role: 'Other' });
  otherToken = (await loginAs(t.app, other.email, other.password, '10.50.0.1')).json().data.accessToken;
});
afterAll(async () => {
  await t?.close();
});

describe('app.authenticate', () => {
  it('puts the caller, organisation, club account, role, scopes and rules on request.auth', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/probe/whoami', headers: bearer(owner.session.accessToken) });
    expect(res.statusCode).toBe(200);
    const auth = res.json().data as AuthContext;
    expect(auth).toMatchObject({
      userId: owner.session.user.id,
      organisationId: owner.session.user.organisation.id,
      clubAccountId: owner.session.user.currentAccount?.id,
      role: 'Owner',
      golfclubAdmin: true,
      rules: { onlyTeamDocuments: false, onlyTeamContracts: false, onlyTeamOffers: false, onlyTeamCustomers: false },
    });
    expect(auth.scopes).toEqual([...DEFAULT_ROLE_SCOPES.Owner]);
    expect(auth.familyId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('makes request.auth unreadable on routes without it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/probe/open' });
    expect(res.json().data).toBe('request.auth read on a route without app.authenticate');
  });
});

describe('app.requireScope', () => {
  it('lets a role with the scope through', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/probe/manage-users',
      headers: bearer(owner.session.accessToken),
      payload: { name: 'ok' },
    });
    expect(res.json()).toEqual({ data: { ok: true } });
  });

  it('answers 403 in both languages to a role without it, before looking at the body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/probe/manage-users',
      headers: bearer(otherToken),
      payload: { name: 'far too long a name', extra: 1 },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      message: 'Du har inte behörighet att utföra denna åtgärd',
      eng_message: 'You do not have permission to perform this action',
    });
  });

  it('answers 401 before 403 and before validation', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/probe/manage-users', payload: {} });
    expect(res.statusCode).toBe(401);
  });

  it('documents the bearer token and the scope in OpenAPI', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const operation = doc.paths['/api/v1/probe/manage-users'].post;
    expect(operation.security).toEqual([{ bearerAuth: [] }]);
    expect(operation.description).toContain('`users.manage`');
    expect(doc.paths['/api/v1/auth/login'].post.security).toBeUndefined();
    expect(doc.paths['/api/v1/jwt/logout'].post.security).toEqual([{ bearerAuth: [] }]);
  });

  it('records every scope-protected route in app.scopedRoutes', () => {
    expect(t.app.scopedRoutes).toContainEqual({ method: 'POST', url: '/api/v1/probe/manage-users', scope: 'users.manage' });
    for (const route of t.app.scopedRoutes) expect(route.url.startsWith('/api/v1/')).toBe(true);
  });

  it('answers 403 on every scope-protected route exactly when the role lacks its scope (role × route matrix)', async () => {
    const org = {
      organisationId: owner.session.user.organisation.id,
      clubAccountId: owner.session.user.currentAccount?.id ?? '',
    };
    // A package with every module, so that only the scope decides (the duplicates routes also need
    // the duplicates module: modules/subscriptions/module-gate.ts, tested there).
    await t.app.db.update(organisations).set({ packageId: 'enterprise' }).where(eq(organisations.id, org.organisationId));
    const [custom] = await t.app.db
      .insert(roles)
      .values({ organisationId: org.organisationId, name: 'Kassör', scopes: ['invoices.read', 'members.read', 'users.read'] })
      .returning({ id: roles.id });
    const callers: { label: string; scopes: readonly string[]; token: string }[] = [];
    // The Owner comes last: a holder's call goes through to the handler and may change data.
    for (const role of ['Other', 'Staff', 'Accountant', 'Manager'] as const) {
      const member = await addOrgMember(t.app, org, role);
      callers.push({ label: role, scopes: DEFAULT_ROLE_SCOPES[role], token: member.token });
    }
    const cashier = await addOrgMember(t.app, org, 'Other', { roleId: custom?.id });
    callers.push({ label: 'Kassör (own role)', scopes: ['invoices.read', 'members.read', 'users.read'], token: cashier.token });
    callers.push({ label: 'Owner', scopes: DEFAULT_ROLE_SCOPES.Owner, token: owner.session.accessToken });

    const routes = t.app.scopedRoutes.filter((r) => !r.url.startsWith('/api/v1/probe/'));
    expect(routes.length).toBeGreaterThan(3);
    for (const caller of callers) {
      for (const route of routes) {
        const url = route.url.replace(/:[A-Za-z_]+/g, randomUUID());
        const res = await t.app.inject({
          method: route.method as 'GET',
          url,
          headers: bearer(caller.token),
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        });
        const where = `${caller.label}: ${route.method} ${route.url} (${route.scope})`;
        if (caller.scopes.includes(route.scope)) expect(res.statusCode, where).not.toBe(403);
        else expect(res.statusCode, where).toBe(403);
      }
    }
  });

  it('loads an own role’s scopes and rule toggles from the database on every call', async () => {
    const org = {
      organisationId: owner.session.user.organisation.id,
      clubAccountId: owner.session.user.currentAccount?.id ?? '',
    };
    const [role] = await t.app.db
      .insert(roles)
      .values({ organisationId: org.organisationId, name: 'Säljare', scopes: ['customers.read'], onlyTeamCustomers: true })
      .returning({ id: roles.id });
    const seller = await addOrgMember(t.app, org, 'Other', { roleId: role?.id });
    const whoami = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/v1/probe/whoami', headers: bearer(seller.token) })).json()
        .data as AuthContext;
    expect(await whoami()).toMatchObject({
      role: 'Säljare',
      roleId: role?.id,
      scopes: ['customers.read'],
      rules: { onlyTeamDocuments: false, onlyTeamContracts: false, onlyTeamOffers: false, onlyTeamCustomers: true },
    });
    await t.app.db
      .update(roles)
      .set({ scopes: ['customers.read', 'users.manage', 'not.a.scope'], onlyTeamCustomers: false })
      .where(eq(roles.id, role?.id ?? ''));
    const after = await whoami();
    expect(after.scopes).toEqual(['customers.read', 'users.manage']);
    expect(after.rules.onlyTeamCustomers).toBe(false);
    const probe = await t.app.inject({
      method: 'POST',
      url: '/api/v1/probe/manage-users',
      headers: bearer(seller.token),
      payload: { name: 'ok' },
    });
    expect(probe.statusCode).toBe(200);
  });
});

describe('route declarations', () => {
  const build = (module: FastifyPluginAsyncZod) => createTestApp({}, { modules: [module] });

  it('refuses at start-up a route that names a scope without enforcing it', async () => {
    await expect(
      build(async (app) => {
        app.get('/leaky', { config: { scope: 'users.manage' } }, async () => ({}));
      }),
    ).rejects.toThrow(/declared but not enforced/);
  });

  it('refuses at start-up a scope guard that runs before authentication', async () => {
    await expect(
      build(async (app) => {
        app.get('/backwards', { onRequest: [app.requireScope('users.read'), app.authenticate] }, async () => ({}));
      }),
    ).rejects.toThrow(/must come after app.authenticate/);
  });
});
