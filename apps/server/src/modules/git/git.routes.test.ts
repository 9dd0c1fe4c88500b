import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type {
  GitConnectionInfo,
  GitInvoiceBasisRow,
  GitInvoiceOccasionDetail,
  GitInvoiceOccasionRow,
  GitMemberRow,
  GitTransaction,
  Integrations,
} from '@fairway/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  createOrganisation,
  memberWithScopes,
  type TestMember,
  type TestOrganisation,
} from '../../../test/fixtures/users';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { App } from '../../app';
import { createGitClient } from '../../providers/git/git.client';
import { demoGitConnection } from '../../providers/git/git.demo';
import { type GitSimulator, startGitSimulator } from '../../providers/git/git.simulator';
import { DEFAULT_GIT_CLUB_ID } from '../../providers/git/git.simulator-data';
import { eventLogs } from '../eventlogs/eventlogs.tables';
import { connectDemoGit, gitClientFor } from './connection/git-connections.service';
import { mirrorGitOccasions } from './git.mirror';
import { gitConnections, gitInvoiceBases, gitMembers, gitSyncCursors } from './git.tables';
import { queueGitRefresh, queueScheduledGitRefreshes, runGitRefresh } from './refresh/git-refresh.service';

let t: TestApp;
let app: App;
let sim: GitSimulator;
let a: TestOrganisation;
let b: TestOrganisation;
let aReader: TestMember;
let aNoGit: TestMember;

type Who = { headers: Record<string, string> };
const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: Who, payload?: object, lang = 'en') =>
  app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...who.headers, 'accept-language': lang },
    ...(payload === undefined ? {} : { payload }),
  });

async function ok<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  who: Who,
  payload?: object,
  status = 200,
): Promise<T> {
  const res = await api(method, url, who, payload);
  expect(res.statusCode, res.body).toBe(status);
  return res.json().data as T;
}
async function list<T>(url: string, who: Who) {
  const res = await api('GET', url, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: T[]; pagination: { page: number; pageSize: number; total: number } };
}

const good = () => ({ clubId: sim.clubId, apiKey: sim.apiKey, baseUrl: sim.apiBaseUrl });
const gitStatus = async (who: Who) =>
  (await ok<Integrations>('GET', '/integrations', who)).integrations.find((i) => i.system === 'git')?.status;

/** Queues a manual refresh through the route and runs its job. */
async function refresh(who: Who): Promise<GitTransaction> {
  const queued = await ok<GitTransaction>('POST', '/git/refresh', who, undefined, 202);
  expect(queued.status).toBe('queued');
  await runGitRefresh(app, queued.id);
  return (await list<GitTransaction>('/git/transactions', who)).data.find((r) => r.id === queued.id) as GitTransaction;
}

beforeAll(async () => {
  sim = await startGitSimulator({ members: 120, seed: 'git-link' });
  // GIT's address as an operator configures it (the README's GIT_ALLOWED_ORIGINS).
  t = await createTestApp({ GIT_ALLOWED_ORIGINS: [sim.url] });
  app = t.app;
  a = await createOrganisation(app, { name: 'Alfa GK' });
  b = await createOrganisation(app, { name: 'Beta GK', organisationNumber: '559412-3456' });
  aReader = await memberWithScopes(app, a, 'GIT-läsare', ['git.read']);
  aNoGit = await memberWithScopes(app, a, 'Kassa', ['customers.read']);
}, 60_000);

afterAll(async () => {
  await sim?.close();
  await t?.close();
});

describe('GIT connection', () => {
  it('refuses a wrong key with GIT’s localised message and stores nothing', async () => {
    const res = await api('PUT', '/git/connection', a.owner, { ...good(), apiKey: 'wrong-key' }, 'sv');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'git.unauthorized', message: expect.stringContaining('API-nyckeln') });
    expect(await app.db.select().from(gitConnections).where(eq(gitConnections.clubAccountId, a.clubAccountId))).toHaveLength(0);
    expect((await ok<GitConnectionInfo>('GET', '/git/connection', a.owner)).status).toBe('not_connected');
    expect(await gitStatus(a.owner)).toBe('not_connected');
    // Nothing to refresh without a connection.
    const refused = await api('POST', '/git/refresh', a.owner);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().eng_message).toMatch(/not connected to GIT/);
  });

  it('refuses an address that is not http(s), with a localised field message', async () => {
    const res = await api('PUT', '/git/connection', a.owner, { ...good(), baseUrl: 'file:///etc/passwd' }, 'sv');
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('URL:en är ogiltig');
    expect(await app.db.select().from(gitConnections).where(eq(gitConnections.clubAccountId, a.clubAccountId))).toHaveLength(0);
  });

  it('calls no address outside GIT_ALLOWED_ORIGINS: a localised field message, before any request', async () => {
    const calls: string[] = [];
    const listener = createServer((req, res) => {
      calls.push(`${req.method} ${req.url} ${req.headers.authorization ?? ''}`);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const port = (listener.address() as AddressInfo).port;
    const allowed = new URL(sim.url);
    // An Owner of their own: the route's rate limit is per user, and the other tests need a.owner's.
    const owner = await addMember(app, a, 'Owner');
    try {
      for (const baseUrl of [
        `http://127.0.0.1:${port}/api/v1`,
        `http://localhost:${port}/`,
        `http://169.254.169.254/latest/meta-data`,
        `${allowed.protocol}//${allowed.hostname}:${port}/api/v1`,
        `${allowed.protocol}//git:key@${allowed.host}/api/v1`,
      ]) {
        const res = await api('PUT', '/git/connection', owner, { ...good(), baseUrl }, 'sv');
        expect(res.statusCode, baseUrl).toBe(400);
        expect(res.json().error.baseUrl, baseUrl).toEqual([
          'Portalen får inte anropa den adressen. Ange adressen till GIT:s API som din leverantör har gett dig.',
        ]);
      }
      const en = await api('PUT', '/git/connection', owner, { ...good(), baseUrl: `http://127.0.0.1:${port}` }, 'en');
      expect(en.json().error.baseUrl).toEqual([
        'The portal may not call that address. Enter the address of GIT’s API that your provider gave you.',
      ]);
      expect(calls).toEqual([]);
      expect(await app.db.select().from(gitConnections).where(eq(gitConnections.clubAccountId, a.clubAccountId))).toHaveLength(0);
    } finally {
      await new Promise((resolve) => listener.close(resolve));
    }
  });

  it('connects with a good key (stored encrypted), shows GIT connected and queues the first refresh', async () => {
    const info = await ok<GitConnectionInfo>('PUT', '/git/connection', a.owner, good());
    expect(info).toMatchObject({ status: 'connected', clubId: sim.clubId, environment: 'live', revokedAt: null });
    expect(info.clubName).toBeTruthy();
    const [row] = await app.db.select().from(gitConnections).where(eq(gitConnections.clubAccountId, a.clubAccountId));
    expect(row?.apiKey).not.toContain(sim.apiKey);
    expect(row?.connectedBy).toBe(a.owner.userId);
    expect(await gitStatus(a.owner)).toBe('connected');
    expect(await gitStatus(b.owner)).toBe('not_connected');
    const log = await list<GitTransaction>('/git/transactions', a.owner);
    expect(log.data).toMatchObject([{ kind: 'refresh', trigger: 'initial', status: 'queued' }]);
  });

  it('needs git.write to connect and git.read to see the status', async () => {
    expect((await api('PUT', '/git/connection', aReader, good())).statusCode).toBe(403);
    expect((await api('DELETE', '/git/connection', aReader)).statusCode).toBe(403);
    expect((await api('GET', '/git/connection', aReader)).statusCode).toBe(200);
    expect((await api('GET', '/git/connection', aNoGit)).statusCode).toBe(403);
  });
});

describe('the git.refresh job and the transaction log', () => {
  it('mirrors GIT on the first run, counting rows created', async () => {
    const [initial] = (await list<GitTransaction>('/git/transactions', a.owner)).data;
    await runGitRefresh(app, initial?.id as string);
    const [done] = (await list<GitTransaction>('/git/transactions', a.owner)).data;
    expect(done).toMatchObject({ id: initial?.id, status: 'succeeded', updated: 0, error: null });
    expect(done?.finishedAt).not.toBeNull();
    expect(done?.counts.members).toEqual({ created: sim.data.members.length, updated: 0 });
    const mirrored = await app.db.select().from(gitMembers).where(eq(gitMembers.clubAccountId, a.clubAccountId));
    expect(mirrored).toHaveLength(sim.data.members.length);
    const bases = await app.db.select().from(gitInvoiceBases).where(eq(gitInvoiceBases.clubAccountId, a.clubAccountId));
    expect(bases.length).toBeGreaterThan(0);
    expect(done?.created).toBe(Object.values(done?.counts ?? {}).reduce((sum, c) => sum + c.created, 0));
    expect(done?.counts.invoiceBases?.created).toBe(bases.length);
  });

  it('reads only what changed on the next run: a basis marked paid in GIT shows as updated and paid', async () => {
    const [unpaid] = await app.db
      .select()
      .from(gitInvoiceBases)
      .where(and(eq(gitInvoiceBases.clubAccountId, a.clubAccountId), eq(gitInvoiceBases.status, 'unpaid')))
      .limit(1);
    expect(unpaid).toBeDefined();
    const client = createGitClient({ baseUrl: sim.apiBaseUrl, apiKey: sim.apiKey, clubId: sim.clubId });
    await client.markPaid(unpaid?.gitId as string, {
      paidAt: new Date(),
      amountOre: unpaid?.totalOre as number,
      reference: 'test-pay-1',
    });

    const second = await refresh(a.owner);
    expect(second).toMatchObject({ status: 'succeeded', trigger: 'manual', created: 0 });
    expect(second.counts.invoiceBases).toEqual({ created: 0, updated: 1 });
    expect(second.updated).toBeGreaterThanOrEqual(1);

    const paid = await list<GitInvoiceBasisRow>('/git/paid-invoices?pageSize=100', a.owner);
    const row = paid.data.find((p) => p.gitId === unpaid?.gitId);
    expect(row).toMatchObject({ status: 'paid', paidOre: unpaid?.totalOre });
    expect(paid.data[0]?.gitId).toBe(unpaid?.gitId); // newest payment first
    // The product's name for the same list (apps/server/src/lib/spec-paths.ts): the same rows, the same paging.
    const golfPaid = await list<GitInvoiceBasisRow>('/golf_paid_invoices?pageSize=100', a.owner);
    expect(golfPaid).toEqual(paid);
    expect((await app.inject({ method: 'GET', url: '/api/v1/golf_paid_invoices' })).statusCode).toBe(401);

    const log = await list<GitTransaction>('/git/transactions', a.owner);
    expect(log.data.map((r) => r.status)).toEqual(['succeeded', 'succeeded']);
    expect((await list<GitTransaction>('/git/transactions?status=failed', a.owner)).pagination.total).toBe(0);
  });

  it('joins a run already waiting instead of queueing a second one', async () => {
    const first = await ok<GitTransaction>('POST', '/git/refresh', a.owner, undefined, 202);
    const again = await ok<GitTransaction>('POST', '/git/refresh', a.owner, undefined, 202);
    expect(again.id).toBe(first.id);
    await runGitRefresh(app, first.id);
    expect((await list<GitTransaction>('/git/transactions', a.owner)).data[0]).toMatchObject({
      id: first.id,
      status: 'succeeded',
    });
  });

  it('puts a run back in the queue on a transient fault, so the job retries it', async () => {
    const queued = await ok<GitTransaction>('POST', '/git/refresh', a.owner, undefined, 202);
    sim.faults.failNext(10, 503);
    expect(await runGitRefresh(app, queued.id)).toBe('retry');
    sim.faults.reset();
    expect((await list<GitTransaction>('/git/transactions', a.owner)).data[0]).toMatchObject({ id: queued.id, status: 'queued' });
    await runGitRefresh(app, queued.id);
    expect((await list<GitTransaction>('/git/transactions', a.owner)).data[0]).toMatchObject({
      id: queued.id,
      status: 'succeeded',
    });
  });

  it('needs git.write to refresh', async () => {
    expect((await api('POST', '/git/refresh', aReader)).statusCode).toBe(403);
    expect((await api('GET', '/git/transactions', aReader)).statusCode).toBe(200);
    expect((await api('GET', '/git/transactions', aNoGit)).statusCode).toBe(403);
  });
});

describe('incremental reads and the schedule', () => {
  const membersRequests = () => sim.requestLog.filter((r) => r.method === 'GET' && r.path.startsWith('/api/v1/members?'));

  it('asks GIT only for changes since the cursor, and reads everything again once a day', async () => {
    await refresh(a.owner);
    expect(membersRequests().at(-1)?.path).toContain('modifiedSince=');

    await app.db
      .update(gitSyncCursors)
      .set({ lastFullAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where(and(eq(gitSyncCursors.clubAccountId, a.clubAccountId), eq(gitSyncCursors.resource, 'members')));
    const full = await refresh(a.owner);
    expect(membersRequests().at(-1)?.path).not.toContain('modifiedSince=');
    // Reading unchanged members again changes nothing and counts nothing.
    expect(full.counts.members).toEqual({ created: 0, updated: 0 });
    await refresh(a.owner);
    expect(membersRequests().at(-1)?.path).toContain('modifiedSince=');
  });

  it('queues the scheduled refresh only for club accounts whose GIT connection works', async () => {
    const targets = await queueScheduledGitRefreshes(app);
    expect(targets).toEqual([{ organisationId: a.organisationId, clubAccountId: a.clubAccountId }]);
    const [queued] = (await list<GitTransaction>('/git/transactions', a.owner)).data;
    expect(queued).toMatchObject({ trigger: 'scheduled', status: 'queued' });
    await runGitRefresh(app, queued?.id as string);
    expect((await list<GitTransaction>('/git/transactions', a.owner)).data[0]).toMatchObject({
      id: queued?.id,
      status: 'succeeded',
    });
  });
});

describe('lists', () => {
  it('lists GIT members with search, category filter and paging', async () => {
    const all = await list<GitMemberRow>('/git/list_members/?pageSize=10', a.owner);
    expect(all.pagination).toEqual({ page: 1, pageSize: 10, total: sim.data.members.length });
    expect(all.data).toHaveLength(10);
    const page2 = await list<GitMemberRow>('/git/list_members/?pageSize=10&page=2', a.owner);
    expect(page2.data.map((m) => m.golfId)).not.toContain(all.data[0]?.golfId);
    const sorted = [...all.data].sort(
      (x, y) => x.lastName.localeCompare(y.lastName, 'en') || x.firstName.localeCompare(y.firstName, 'en'),
    );
    expect(all.data.map((m) => m.lastName)).toEqual(sorted.map((m) => m.lastName));

    const someone = all.data[3] as GitMemberRow;
    const byGolfId = await list<GitMemberRow>(`/git/list_members/?search=${someone.golfId}`, a.owner);
    expect(byGolfId.data.map((m) => m.id)).toEqual([someone.id]);
    const byName = await list<GitMemberRow>(
      `/git/list_members/?search=${encodeURIComponent(`${someone.firstName} ${someone.lastName}`)}`,
      a.owner,
    );
    expect(byName.data.map((m) => m.id)).toContain(someone.id);

    const juniors = await list<GitMemberRow>('/git/list_members/?category=JUNIOR&pageSize=100', a.owner);
    const expected = sim.data.members.filter((m) => m.categoryCode === 'JUNIOR').length;
    expect(expected).toBeGreaterThan(0);
    expect(juniors.pagination.total).toBe(expected);
    expect(juniors.data.every((m) => m.categoryCode === 'JUNIOR')).toBe(true);
    expect(juniors.data.some((m) => m.guardianGolfId !== null)).toBe(true);

    expect((await api('GET', '/git/list_members/?pageSize=1000', a.owner)).statusCode).toBe(400);
    // Another organisation sees none of it.
    expect((await list<GitMemberRow>('/git/list_members/', b.owner)).pagination.total).toBe(0);
  });

  it('lists articles', async () => {
    const articles = await list<{ code: string; amountOre: number }>('/git/articles?pageSize=100', a.owner);
    expect(articles.pagination.total).toBe(sim.data.articles.length);
    expect(articles.data.map((x) => x.code)).toEqual([...articles.data.map((x) => x.code)].sort());
  });

  it('shows an invoice occasion with counts per status, its bases filtered and paged, and archives / unarchives it', async () => {
    const occasions = await list<GitInvoiceOccasionRow>('/git/invoice-occasions', a.owner);
    expect(occasions.pagination.total).toBe(sim.data.occasions.length);
    const occasion = occasions.data[0] as GitInvoiceOccasionRow;
    const detail = await ok<GitInvoiceOccasionDetail>('GET', `/git/invoice-occasions/${occasion.id}`, a.owner);
    const counted = Object.values(detail.statusCounts).reduce((s, n) => s + n, 0);
    const bases = await list<GitInvoiceBasisRow>(`/git/invoice-occasions/${occasion.id}/invoice-bases?pageSize=5`, a.owner);
    expect(bases.pagination.total).toBe(counted);
    expect(bases.data.length).toBe(Math.min(5, counted));
    const unpaid = await list<GitInvoiceBasisRow>(
      `/git/invoice-occasions/${occasion.id}/invoice-bases?status=unpaid&pageSize=100`,
      a.owner,
    );
    expect(unpaid.pagination.total).toBe(detail.statusCounts.unpaid);
    expect(unpaid.data.every((x) => x.status === 'unpaid' && x.occasionGitId === occasion.gitId)).toBe(true);

    const archived = await ok<GitInvoiceOccasionDetail>('PUT', `/git/invoice-occasions/${occasion.id}/archive`, a.owner);
    expect(archived.archived).toBe(true);
    expect((await list<GitInvoiceOccasionRow>('/git/invoice-occasions?archived=true', a.owner)).data.map((o) => o.id)).toEqual([
      occasion.id,
    ]);
    expect(
      (await list<GitInvoiceOccasionRow>('/git/invoice-occasions?archived=false', a.owner)).data.map((o) => o.id),
    ).not.toContain(occasion.id);
    // A refresh keeps the portal's own flag.
    await refresh(a.owner);
    expect((await ok<GitInvoiceOccasionDetail>('GET', `/git/invoice-occasions/${occasion.id}`, a.owner)).archived).toBe(true);
    expect((await api('PUT', `/git/invoice-occasions/${occasion.id}/unarchive`, aReader)).statusCode).toBe(403);
    const back = await ok<GitInvoiceOccasionDetail>('PUT', `/git/invoice-occasions/${occasion.id}/unarchive`, a.owner);
    expect(back.archived).toBe(false);
    expect((await list<GitInvoiceOccasionRow>('/git/invoice-occasions?archived=true', a.owner)).pagination.total).toBe(0);
    const events = await app.db
      .select()
      .from(eventLogs)
      .where(and(eq(eventLogs.organisationId, a.organisationId), eq(eventLogs.resource, 'git')));
    expect(events.map((e) => e.activity)).toEqual(expect.arrayContaining(['git.event.archived', 'git.event.unarchived']));
  });

  it('answers 404 for another organisation’s ids on every id route', async () => {
    const occasion = (await list<GitInvoiceOccasionRow>('/git/invoice-occasions', a.owner)).data[0] as GitInvoiceOccasionRow;
    for (const [method, url] of [
      ['GET', `/git/invoice-occasions/${occasion.id}`],
      ['GET', `/git/invoice-occasions/${occasion.id}/invoice-bases`],
      ['PUT', `/git/invoice-occasions/${occasion.id}/archive`],
      ['PUT', `/git/invoice-occasions/${occasion.id}/unarchive`],
      ['GET', `/git/paid-invoices?occasionId=${occasion.id}`],
      ['GET', `/git/credited-invoices?occasionId=${occasion.id}`],
    ] as const) {
      const res = await api(method, url, b.owner);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await ok<GitInvoiceOccasionDetail>('GET', `/git/invoice-occasions/${occasion.id}`, a.owner)).archived).toBe(false);
  });

  it('lists credited invoices', async () => {
    const credited = await list<GitInvoiceBasisRow>('/git/credited-invoices?pageSize=100', a.owner);
    const expected = await app.db
      .select()
      .from(gitInvoiceBases)
      .where(and(eq(gitInvoiceBases.clubAccountId, a.clubAccountId), eq(gitInvoiceBases.status, 'credited')));
    expect(credited.pagination.total).toBe(expected.length);
    expect(credited.data.every((x) => x.status === 'credited' && x.creditedAt !== null)).toBe(true);
  });

  it('keeps an occasion whose bases add up to more than 21 million kronor (the limit of an integer in öre)', async () => {
    // A 10,000-member club's annual fees: 10,000 × 5,025.34 kr.
    const big = {
      id: 'IO-BIG-2027',
      name: 'Årsavgifter 2027',
      createdAt: '2026-12-01T08:00:00.000Z',
      invoiceDate: '2026-12-01',
      dueDate: '2027-01-31',
      basisCount: 10_000,
      totalOre: 5_025_340_000,
      paidCount: 6_000,
      partiallyPaidCount: 0,
      creditedCount: 0,
      paidOre: 3_015_204_000,
      modifiedAt: '2026-12-01T08:00:00.000Z',
    };
    const target = { organisationId: a.organisationId, clubAccountId: a.clubAccountId };
    expect(await mirrorGitOccasions(app.db, target, [big])).toEqual({ created: 1, updated: 0 });
    const row = (await list<GitInvoiceOccasionRow>('/git/invoice-occasions?pageSize=100', a.owner)).data.find(
      (o) => o.gitId === big.id,
    );
    expect(row).toMatchObject({ basisCount: 10_000, totalOre: 5_025_340_000, paidOre: 3_015_204_000 });
    const detail = await ok<GitInvoiceOccasionDetail>('GET', `/git/invoice-occasions/${row?.id}`, a.owner);
    expect(detail).toMatchObject({ totalOre: 5_025_340_000, paidOre: 3_015_204_000 });
  });
});

describe('a revoked key', () => {
  it('fails the run, marks the connection revoked once and stops the GIT jobs until reconnected', async () => {
    const queued = await ok<GitTransaction>('POST', '/git/refresh', a.owner, undefined, 202);
    sim.faults.revokeKey();
    try {
      await runGitRefresh(app, queued.id);
      const [run] = (await list<GitTransaction>('/git/transactions', a.owner)).data;
      expect(run).toMatchObject({ id: queued.id, status: 'failed' });
      expect(run?.error).toMatch(/API key/);
      expect((await ok<GitConnectionInfo>('GET', '/git/connection', a.owner)).status).toBe('key_revoked');
      expect(await gitStatus(a.owner)).toBe('reconnect_needed');

      const refused = await api('POST', '/git/refresh', a.owner, undefined, 'sv');
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toMatch(/återkallat/);
      const revokedEvents = await app.db
        .select()
        .from(eventLogs)
        .where(and(eq(eventLogs.organisationId, a.organisationId), eq(eventLogs.activity, 'git.event.keyRevoked')));
      expect(revokedEvents).toHaveLength(1);
    } finally {
      sim.faults.restoreKey();
    }
    const again = await ok<GitConnectionInfo>('PUT', '/git/connection', a.owner, good());
    expect(again.status).toBe('connected');
    expect(await gitStatus(a.owner)).toBe('connected');
  });

  it('refuses a stored connection whose address is no longer allowed, before any request', async () => {
    const target = { organisationId: a.organisationId, clubAccountId: a.clubAccountId };
    const where = eq(gitConnections.clubAccountId, a.clubAccountId);
    const [stored] = await app.db.select({ baseUrl: gitConnections.baseUrl }).from(gitConnections).where(where);
    // A run queued while the address was allowed, then the address leaves the allowed origins.
    const queued = await queueGitRefresh(app, target, 'manual');
    await app.db.update(gitConnections).set({ baseUrl: 'http://127.0.0.1:9/api/v1' }).where(where);
    try {
      await expect(gitClientFor(app, target)).rejects.toMatchObject({ messageKey: 'git.addressNotAllowed' });
      await expect(queueGitRefresh(app, target, 'manual')).rejects.toMatchObject({ messageKey: 'git.addressNotAllowed' });
      await runGitRefresh(app, queued);
      const [run] = (await list<GitTransaction>('/git/transactions', a.owner)).data;
      expect(run).toMatchObject({ id: queued, status: 'failed' });
      expect(run?.error).toMatch(/address the portal may not call/);
    } finally {
      await app.db.update(gitConnections).set({ baseUrl: stored?.baseUrl }).where(where);
    }
  });

  it('disconnects', async () => {
    expect((await ok<GitConnectionInfo>('DELETE', '/git/connection', a.owner)).status).toBe('not_connected');
    expect(await gitStatus(a.owner)).toBe('not_connected');
    // The mirror stays readable.
    expect((await list<GitMemberRow>('/git/list_members/', a.owner)).pagination.total).toBe(sim.data.members.length);
  });
});

describe('demo', () => {
  it('connects a club account to the built-in GIT simulator', async () => {
    const target = { organisationId: b.organisationId, clubAccountId: b.clubAccountId };
    const info = await connectDemoGit(app, target, b.owner.userId);
    expect(info).toMatchObject({ status: 'connected', environment: 'simulator', clubId: DEFAULT_GIT_CLUB_ID });
    expect(await gitStatus(b.owner)).toBe('connected');
    const { client } = await gitClientFor(app, target);
    expect((await client.getClub()).id).toBe(DEFAULT_GIT_CLUB_ID);
  });

  it('may also be connected by the simulator’s own address, which the demo runs: still the simulator', async () => {
    const demo = await demoGitConnection(app.simulators);
    const info = await ok<GitConnectionInfo>('PUT', '/git/connection', b.owner, demo);
    expect(info).toMatchObject({ status: 'connected', environment: 'simulator', clubId: DEFAULT_GIT_CLUB_ID });
    // The address typed in is stored as such; what it reaches is the simulator, wherever it is asked.
    expect((await ok<GitConnectionInfo>('GET', '/git/connection', b.owner)).environment).toBe('simulator');
    const card = (await ok<Integrations>('GET', '/integrations', b.owner)).integrations.find((i) => i.system === 'git');
    expect(card?.target).toBe('simulator');
  });
});
