import { randomUUID } from 'node:crypto';
import {
  CONFIGURATION_DEFAULTS,
  type ConfigurationValues,
  type GitArticleMapping,
  type GitInvoiceBasisRow,
  type GitInvoiceOccasionRow,
  type GitSyncPreflight,
  type GitTransaction,
  type MemberInvoices,
  type MemberListRow,
} from '@fairway/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connectedWorld } from '../../../../test/fixtures/accounting';
import { addClubAccount, addMember, type TestOrganisation } from '../../../../test/fixtures/users';
import { latch } from '../../../../test/latch';
import type { TestApp } from '../../../../test/test-app';
import type { App } from '../../../app';
import { FORTNOX_ERROR } from '../../../providers/fortnox/error-codes';
import type { FortnoxSimulator } from '../../../providers/fortnox/simulator/index';
import { badRequest } from '../../../providers/fortnox/simulator/sim-error';
import { type GitSimulator, startGitSimulator } from '../../../providers/git/git.simulator';
import { saveConfiguration } from '../../configurations/configurations.service';
import { eventLogs } from '../../eventlogs/eventlogs.tables';
import { invoices } from '../../invoices/invoices.tables';
import { families, familyMembers, members } from '../../members/members.tables';
import { assertInvoiceQuota, recordInvoiceUsage } from '../../subscriptions/subscriptions.service';
import { userClubAccounts } from '../../users/users.tables';
import { gitInvoiceBases, gitTransactions } from '../git.tables';
import { runGitRefresh } from '../refresh/git-refresh.service';
import { queueScheduledGitSyncs } from '../schedule/git-schedule.service';
import { gitSyncJobData, queueGitSync, runGitSync, type SyncStep } from './git-sync.service';
import { gitPayerCustomers, gitSyncItems } from './git-sync.tables';
import { basisInvoiceExternalRef, payerCustomerRequestId } from './git-sync-ref';

let t: TestApp;
let app: App;
let fx: FortnoxSimulator;
let git: GitSimulator;
let a: TestOrganisation;
let b: TestOrganisation;
let occasions: GitInvoiceOccasionRow[];

type Who = { headers: Record<string, string> };
const api = (method: 'GET' | 'POST' | 'PUT', url: string, who: Who, payload?: object, lang = 'en') =>
  app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...who.headers, 'accept-language': lang },
    ...(payload === undefined ? {} : { payload }),
  });
async function ok<T>(method: 'GET' | 'POST' | 'PUT', url: string, who: Who, payload?: object, status = 200): Promise<T> {
  const res = await api(method, url, who, payload);
  expect(res.statusCode, res.body).toBe(status);
  return res.json().data as T;
}

const gitTarget = () => ({ organisationId: a.organisationId, clubAccountId: a.clubAccountId });
const tenant = () => fx.defaultTenantId;
const invoicesWithRef = (basisGitId: string) =>
  fx.store.findByExternalRef(tenant(), 'invoices', basisInvoiceExternalRef(a.clubAccountId, a.clubAccountId, basisGitId)) as {
    DocumentNumber: string;
    CustomerNumber: string;
    Sent: boolean;
    Cancelled: boolean;
    Total: number;
    InvoiceRows: { Price: number; Description: string }[];
  }[];
const customersOfPayer = (golfId: string) =>
  fx.store.findByExternalRef(tenant(), 'customers', `fw-${payerCustomerRequestId(a.clubAccountId, golfId)}`);

async function setConfig<G extends 'api' | 'member' | 'invoice'>(group: G, values: Partial<ConfigurationValues[G]>) {
  await saveConfiguration(app.db, gitTarget(), { userId: a.owner.userId, reach: null }, group, {
    ...CONFIGURATION_DEFAULTS[group],
    ...values,
  } as ConfigurationValues[G]);
}

async function bases(occasion: GitInvoiceOccasionRow, query = '') {
  const res = await api('GET', `/git/invoice-occasions/${occasion.id}/invoice-bases?pageSize=100${query}`, a.owner);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as GitInvoiceBasisRow[];
}

/** POST git/sync and run its job here (tests run no workers). */
async function sync(body: { occasionId: string; basisIds?: string[] }, hooks?: Parameters<typeof runGitSync>[2]) {
  const run = await ok<GitTransaction>('POST', '/git/sync', a.owner, body, 202);
  const data = await gitSyncJobData(app, run.id, {
    ...body,
    trigger: 'manual',
    caller: null,
    userId: a.owner.userId,
    lang: 'en',
  });
  try {
    await runGitSync(app, data, hooks);
  } catch (error) {
    if (!hooks) throw error;
  }
  return ok<GitTransaction>('GET', `/git/transactions/${run.id}`, a.owner);
}

/**
 * The same run without the route, whose rate limit (30 per 10 minutes) this file would otherwise
 * reach: queued as the route queues it, run here.
 */
async function syncByService(body: { occasionId: string; basisIds: string[] }) {
  const selection = { ...body, trigger: 'manual' as const, caller: null, userId: a.owner.userId, lang: 'en' as const };
  const runId = (await queueGitSync(app, gitTarget(), selection)) as string;
  await runGitSync(app, await gitSyncJobData(app, runId, selection));
  return ok<GitTransaction>('GET', `/git/transactions/${runId}`, a.owner);
}

async function refreshGit() {
  const run = await ok<GitTransaction>('POST', '/git/refresh', a.owner, undefined, 202);
  await runGitRefresh(app, run.id);
}

/** Unpaid, uncredited bases of an occasion (GIT mirror), by payer kind. */
const open = (rows: GitInvoiceBasisRow[]) => rows.filter((r) => r.status === 'unpaid' && r.sync.state === 'not_synced');

/** The unpaid, unsynced bases of the occasion that has most of them. */
async function mostOpen() {
  const candidates = await Promise.all(
    occasions.map(async (o) => ({ occasion: o, rows: open(await bases(o, '&status=unpaid')) })),
  );
  return candidates.sort((x, y) => y.rows.length - x.rows.length)[0] as (typeof candidates)[0];
}

/** A manual sync of `chosen` bases of `occasion`, queued without a caller. */
const manualSelection = (occasion: GitInvoiceOccasionRow, chosen: GitInvoiceBasisRow[]) => ({
  occasionId: occasion.id,
  basisIds: chosen.map((c) => c.id),
  trigger: 'manual' as const,
  caller: null,
  lang: 'en' as const,
});

/**
 * The simulated club's history has most fees paid already, and the sync invoices only bases GIT
 * has no payment for. A new season: most bases lose their payments, every fourth keeps them.
 */
function freshSeason(sim: GitSimulator) {
  for (const [i, b] of sim.data.bases.entries()) if (b.creditedAt === null && i % 4 !== 0) b.payments = [];
}

beforeAll(async () => {
  ({ t, app, sim: fx, a, b } = await connectedWorld());
  git = await startGitSimulator({ members: 240, seed: 'git-sync' });
  // The app's own GIT simulator, so its address is one the app may call.
  app.simulators.use('git', git);
  freshSeason(git);
  await ok('PUT', '/git/connection', a.owner, { clubId: git.clubId, apiKey: git.apiKey, baseUrl: git.apiBaseUrl });
  await app.db.delete(gitSyncItems);
  const [queued] = (await ok<{ id: string }[]>('GET', '/git/transactions', a.owner)) as { id: string }[];
  if (queued) await runGitRefresh(app, queued.id);
  occasions = (await api('GET', '/git/invoice-occasions?pageSize=50', a.owner)).json().data;
  await setConfig('api', { club_to_sync: a.clubAccountId });
  // Payers have e-mail addresses in the GIT simulator; e-mail is the default send method.
  await setConfig('invoice', { sendMethod: 'print' });
}, 180_000);

afterAll(async () => {
  await git?.close();
  await t?.close();
});

describe('preflight and article mappings', () => {
  it('refuses an empty selection with the spec message, and other tenants’ ids with 404', async () => {
    const occasion = occasions[0] as GitInvoiceOccasionRow;
    const empty = await api('POST', '/git/sync/preflight', a.owner, { occasionId: occasion.id, basisIds: [] }, 'sv');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.basisIds).toEqual(['Välj ett eller flera fakturaunderlag']);
    const emptyEn = await api('POST', '/git/sync', a.owner, { occasionId: occasion.id, basisIds: [] });
    expect(emptyEn.json().error.basisIds).toEqual(['Kindly select one or more invoice bases']);
    // Beta GK cannot reach Alfa's occasion, nor sync into Alfa's club account.
    expect((await api('POST', '/git/sync/preflight', b.owner, { occasionId: occasion.id })).statusCode).toBe(404);
    expect((await api('POST', '/git/sync', b.owner, { occasionId: occasion.id })).statusCode).toBe(404);
    expect(
      (await api('POST', '/git/sync/preflight', a.owner, { occasionId: occasion.id, targetClubAccountId: b.clubAccountId }))
        .statusCode,
    ).toBe(404);
    expect((await api('GET', `/git/article-mappings?targetClubAccountId=${b.clubAccountId}`, a.owner)).statusCode).toBe(404);
    // A basis id of another occasion is not in this one.
    const other = (await bases(occasions[1] as GitInvoiceOccasionRow))[0] as GitInvoiceBasisRow;
    expect(
      (await api('POST', '/git/sync/preflight', a.owner, { occasionId: occasion.id, basisIds: [other.id] })).statusCode,
    ).toBe(404);
  });

  it('without a configured club the preflight plans for the club account in use and names it; a chosen club is planned for and named', async () => {
    const drift = await addClubAccount(app, a.organisationId, 'Alfa GK Ekonomi AB');
    await app.db
      .insert(userClubAccounts)
      .values({ userId: a.owner.userId, clubAccountId: drift, organisationId: a.organisationId });
    const occasionId = (occasions[0] as GitInvoiceOccasionRow).id;
    await setConfig('api', { club_to_sync: null });
    try {
      // What the dialog asks first: no club named, none configured.
      const first = await ok<GitSyncPreflight>('POST', '/git/sync/preflight', a.owner, { occasionId });
      expect(first.target).toEqual({ id: a.clubAccountId, name: expect.any(String), configured: false });
      expect(first.bases).toBeGreaterThan(0);
      // The club chosen in the dialog: that club's books (nothing mapped there yet, nothing synced).
      const chosen = await ok<GitSyncPreflight>('POST', '/git/sync/preflight', a.owner, {
        occasionId,
        targetClubAccountId: drift,
      });
      expect(chosen.target).toEqual({ id: drift, name: 'Alfa GK Ekonomi AB', configured: false });
      expect(chosen.alreadySynced).toBe(0);
      expect(chosen.missingArticles.length).toBeGreaterThan(0);
      // A run nobody asked for (the scheduler) still needs the configuration to name the club.
      await expect(queueGitSync(app, gitTarget(), { occasionId, trigger: 'scheduled', caller: null })).rejects.toMatchObject({
        fieldErrors: { club_to_sync: ['club_to_sync_required'] },
        setting: { group: 'api', field: 'club_to_sync' },
      });
      await setConfig('api', { club_to_sync: drift });
      const configured = await ok<GitSyncPreflight>('POST', '/git/sync/preflight', a.owner, { occasionId });
      expect(configured.target).toEqual({ id: drift, name: 'Alfa GK Ekonomi AB', configured: true });
    } finally {
      await setConfig('api', { club_to_sync: a.clubAccountId });
    }
  });

  it('a scheduled sync refused for unmapped articles tells owners (event log and notification) once, not every tick', async () => {
    await setConfig('api', { club_to_sync: a.clubAccountId, auto_sync: true, auto_sync_git_to_accounting: true });
    try {
      const refusedEvents = () =>
        app.db
          .select()
          .from(eventLogs)
          .where(and(eq(eventLogs.clubAccountId, a.clubAccountId), eq(eventLogs.activity, 'gitSync.event.scheduledRefused')));
      const [queued] = await queueScheduledGitSyncs(app);
      expect(queued?.syncRunId).toBeNull();
      const [event] = await refusedEvents();
      expect(event?.type).toBe('ERROR');
      const pre = await ok<GitSyncPreflight>('POST', '/git/sync/preflight', a.owner, {
        occasionId: (occasions[0] as GitInvoiceOccasionRow).id,
      });
      expect(String(event?.params.codes)).toContain(pre.missingArticles[0]?.code);
      const log = await ok<{ activity: string }[]>('GET', '/eventlogs?type=ERROR&resource=git', a.owner);
      expect(log.map((e) => e.activity)).toContainEqual(expect.stringContaining('The scheduled sync is waiting'));
      const notices = await ok<{ subject: string; link: string | null }[]>('GET', '/notifications', a.owner);
      const waiting = notices.filter((n) => n.subject === 'Automatic sync is waiting for article mapping');
      expect(waiting).toHaveLength(1);
      expect(waiting[0]?.link).toBe('/dashboard/golfrelated/git');

      // The next tick finds the same articles unmapped: nothing new to tell.
      await queueScheduledGitSyncs(app);
      expect(await refusedEvents()).toHaveLength(1);
    } finally {
      await setConfig('api', { club_to_sync: a.clubAccountId });
    }
  });

  it('lists unmapped articles, refuses the sync until they are mapped, then maps by creating them in Fortnox', async () => {
    const occasion = occasions[0] as GitInvoiceOccasionRow;
    const pre = await ok<GitSyncPreflight>('POST', '/git/sync/preflight', a.owner, { occasionId: occasion.id });
    expect(pre.missingArticles.length).toBeGreaterThan(0);
    expect(pre.bases).toBeGreaterThan(0);
    expect(pre.customersToCreate).toBeGreaterThan(0);
    const refused = await api('POST', '/git/sync', a.owner, { occasionId: occasion.id }, 'sv');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain(pre.missingArticles[0]?.code);

    // An article number the program does not have is a field error; nothing is saved.
    const bad = await api('PUT', '/git/article-mappings', a.owner, {
      mappings: [{ gitArticleCode: pre.missingArticles[0]?.code, articleNumber: 'NOPE-404' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().error)).toContain('NOPE-404');
    const mappings = await ok<GitArticleMapping[]>('GET', '/git/article-mappings', a.owner);
    expect(mappings.every((m) => m.articleNumber === null)).toBe(true);

    const articlesBefore = fx.store.count(tenant(), 'articles');
    const saved = await ok<GitArticleMapping[]>('PUT', '/git/article-mappings', a.owner, {
      mappings: mappings.map((m) => ({ gitArticleCode: m.gitArticleCode, create: true })),
    });
    expect(saved.every((m) => m.articleNumber !== null)).toBe(true);
    expect(fx.store.count(tenant(), 'articles')).toBe(articlesBefore + mappings.length);
    // Mapping again to an existing article (the one just made) is accepted.
    const first = saved[0] as GitArticleMapping;
    await ok('PUT', '/git/article-mappings', a.owner, {
      mappings: [{ gitArticleCode: first.gitArticleCode, articleNumber: first.articleNumber }],
    });
    expect(
      (await ok<GitSyncPreflight>('POST', '/git/sync/preflight', a.owner, { occasionId: occasion.id })).missingArticles,
    ).toEqual([]);
  });
});

describe('sync', () => {
  it('creates one customer per payer and one sent invoice per basis, shows the state on the bases, and joins a double click', async () => {
    const occasion = occasions[0] as GitInvoiceOccasionRow;
    const chosen = open(await bases(occasion, '&status=unpaid')).slice(0, 6);
    const run = await ok<GitTransaction>(
      'POST',
      '/git/sync',
      a.owner,
      { occasionId: occasion.id, basisIds: chosen.map((c) => c.id) },
      202,
    );
    expect(run).toMatchObject({
      kind: 'sync_invoices',
      status: 'queued',
      total: chosen.length,
      targetClubAccountId: a.clubAccountId,
    });
    const again = await ok<GitTransaction>(
      'POST',
      '/git/sync',
      a.owner,
      { occasionId: occasion.id, basisIds: chosen.map((c) => c.id) },
      202,
    );
    expect(again.id).toBe(run.id);
    await runGitSync(
      app,
      await gitSyncJobData(app, run.id, {
        occasionId: occasion.id,
        basisIds: chosen.map((c) => c.id),
        trigger: 'manual',
        caller: null,
        userId: a.owner.userId,
        lang: 'en',
      }),
    );
    const done = await ok<GitTransaction>('GET', `/git/transactions/${run.id}`, a.owner);
    expect(done).toMatchObject({ status: 'succeeded', total: chosen.length, processed: chosen.length, failed: 0 });
    // Another organisation cannot read the run.
    expect((await api('GET', `/git/transactions/${run.id}`, b.owner)).statusCode).toBe(404);
    expect(done.counts.invoices?.created).toBe(chosen.length);
    expect(done.counts.sent?.created).toBe(chosen.length);

    for (const basis of chosen) {
      const made = invoicesWithRef(basis.gitId);
      expect(made).toHaveLength(1);
      expect(made[0]?.Sent).toBe(true);
      expect(made[0]?.Total).toBeCloseTo(basis.totalOre / 100, 0);
    }
    const after = await bases(occasion, '&sync=sent');
    expect(after.map((r) => r.id).sort()).toEqual(chosen.map((c) => c.id).sort());
    for (const row of after) expect(row.sync.invoiceNumber).toBe(invoicesWithRef(row.gitId)[0]?.DocumentNumber);
    // The mirror has the invoices with their OCR (made by the program).
    const mirrored = await app.db
      .select()
      .from(invoices)
      .where(eq(invoices.number, after[0]?.sync.invoiceNumber as string));
    expect(mirrored[0]?.ocr).toMatch(/^\d+$/);

    // The payer's customer is the payer's in the member register too: their billing tab lists the invoice.
    const payer = (await ok<MemberListRow[]>('GET', `/members?search=${after[0]?.payerGolfId}`, a.owner))[0] as MemberListRow;
    const billing = (await api('GET', `/member_billing/${payer.id}/invoices?pageSize=100`, a.owner)).json() as MemberInvoices;
    expect(billing.customerNumber).toBe(mirrored[0]?.customerNumber);
    expect(billing.data.map((r) => r.number)).toContain(after[0]?.sync.invoiceNumber);
    expect(billing.balanceOre).toBe(billing.data.reduce((sum, r) => sum + r.balanceOre, 0));

    // Synced again: nothing new.
    const before = fx.store.count(tenant(), 'invoices');
    const pre = await ok<GitSyncPreflight>('POST', '/git/sync/preflight', a.owner, {
      occasionId: occasion.id,
      basisIds: chosen.map((c) => c.id),
    });
    expect(pre).toMatchObject({ bases: 0, alreadySynced: chosen.length, customersToCreate: 0 });
    await sync({ occasionId: occasion.id, basisIds: chosen.map((c) => c.id) });
    expect(fx.store.count(tenant(), 'invoices')).toBe(before);

    const events = await app.db.select().from(eventLogs).where(eq(eventLogs.organisationId, a.organisationId));
    expect(events.some((e) => e.activity === 'gitSync.event.started')).toBe(true);
    expect(events.some((e) => e.activity === 'gitSync.event.finished' && e.type === 'SUCCESS')).toBe(true);
  });

  it('never invoices a basis GIT already has a payment for (paid at the club): the preflight counts it apart', async () => {
    let found: {
      occasion: GitInvoiceOccasionRow;
      paid: GitInvoiceBasisRow;
      partly: GitInvoiceBasisRow;
      unpaid: GitInvoiceBasisRow;
    } | null = null;
    for (const occasion of occasions) {
      const paid = (await bases(occasion, '&status=paid&sync=not_synced'))[0];
      const partly = (await bases(occasion, '&status=partially_paid&sync=not_synced'))[0];
      const unpaid = open(await bases(occasion, '&status=unpaid'))[0];
      if (paid && partly && unpaid) {
        found = { occasion, paid, partly, unpaid };
        break;
      }
    }
    if (!found) throw new Error('no simulator occasion has a paid, a partly paid and an unpaid basis');
    const { occasion, paid, partly, unpaid } = found;
    const basisIds = [paid.id, partly.id, unpaid.id];
    const preflight = await ok<GitSyncPreflight>('POST', '/git/sync/preflight', a.owner, { occasionId: occasion.id, basisIds });
    expect(preflight).toMatchObject({ bases: 1, paidInGit: 2 });
    const run = await sync({ occasionId: occasion.id, basisIds });
    expect(run.status).toBe('succeeded');
    expect(invoicesWithRef(paid.gitId)).toHaveLength(0);
    expect(invoicesWithRef(partly.gitId)).toHaveLength(0);
    expect(invoicesWithRef(unpaid.gitId)).toHaveLength(1);
    const after = await bases(occasion, '&status=paid');
    expect(after.find((r) => r.id === paid.id)?.sync.state).toBe('not_synced');
  });

  it('marks an item failed with the program’s message and goes on (e-invoice to a private person), then sends it once allowed', async () => {
    await setConfig('invoice', { sendMethod: 'einvoice' });
    const occasion = occasions[0] as GitInvoiceOccasionRow;
    const chosen = open(await bases(occasion, '&status=unpaid')).slice(0, 2);
    const run = await sync({ occasionId: occasion.id, basisIds: chosen.map((c) => c.id) });
    expect(run.status).toBe('succeeded');
    expect(run.failed).toBe(2);
    expect(run.failures[0]?.message).toMatch(/.+/);
    // The invoices exist (made once); only the sending failed.
    for (const basis of chosen) expect(invoicesWithRef(basis.gitId)).toHaveLength(1);
    const rows = await bases(occasion, '&sync=synced');
    expect(rows.filter((r) => chosen.some((c) => c.id === r.id)).every((r) => r.sync.error)).toBe(true);
    await setConfig('invoice', { sendMethod: 'print' });
    await sync({ occasionId: occasion.id, basisIds: chosen.map((c) => c.id) });
    for (const basis of chosen) expect(invoicesWithRef(basis.gitId)[0]?.Sent).toBe(true);
  });
  it('needs one accounting request per invoice once the payer exists (the send is counted apart)', async () => {
    const occasion = occasions[0] as GitInvoiceOccasionRow;
    const chosen = open(await bases(occasion, '&status=unpaid')).slice(0, 5);
    const from = fx.log.length;
    const run = await sync({ occasionId: occasion.id, basisIds: chosen.map((c) => c.id) });
    expect(run).toMatchObject({ status: 'succeeded', failed: 0 });
    const requests = fx.log.slice(from).filter((r) => r.path.startsWith('/3/'));
    const customerCreates = requests.filter((r) => r.method === 'POST' && r.path === '/3/customers').length;
    const sends = requests.filter((r) => /^\/3\/invoices\/[^/]+(\/print)?$/.test(r.path) && r.method === 'GET').length;
    const invoiceRequests = requests.length - customerCreates - sends;
    expect(requests.filter((r) => r.method === 'POST' && r.path === '/3/invoices')).toHaveLength(chosen.length);
    // No look-up before a first create: the ledger proves there was no earlier attempt.
    expect(requests.filter((r) => r.method === 'GET' && r.path === '/3/invoices')).toHaveLength(0);
    expect(invoiceRequests / chosen.length).toBeLessThanOrEqual(1.2);
    // Sending on paper: the print request and the invoice read back, per invoice.
    expect(sends).toBe(2 * chosen.length);
  });
  it('e-mails an invoice with one request: the send answers the invoice, nothing is read back', async () => {
    await setConfig('invoice', { sendMethod: 'email' });
    try {
      const occasion = occasions[0] as GitInvoiceOccasionRow;
      const chosen = open(await bases(occasion, '&status=unpaid')).slice(0, 3);
      const from = fx.log.length;
      const run = await sync({ occasionId: occasion.id, basisIds: chosen.map((c) => c.id) });
      expect(run).toMatchObject({ status: 'succeeded', failed: 0 });
      const requests = fx.log.slice(from).filter((r) => r.path.startsWith('/3/invoices'));
      const numbers = chosen.map((c) => invoicesWithRef(c.gitId)[0]?.DocumentNumber);
      // Per invoice: its create and its e-mail, no more (the bench counted a third, the read-back).
      expect(requests.map((r) => `${r.method} ${r.path}`).sort()).toEqual(
        numbers.flatMap((n) => ['POST /3/invoices', `GET /3/invoices/${n}/email`]).sort(),
      );
      const sent = (await bases(occasion, '&sync=sent')).map((r) => r.id);
      for (const c of chosen) expect(sent).toContain(c.id);
    } finally {
      await setConfig('invoice', { sendMethod: 'print' });
    }
  });
  it('sends an invoice once when the program sent it but its answer was lost: the next run asks before sending', async () => {
    const occasion = occasions[0] as GitInvoiceOccasionRow;
    const [basis] = open(await bases(occasion, '&status=unpaid'));
    const from = fx.log.length;
    // The program prints, the answer is lost, and so is every read-back until the process is gone.
    fx.faults.dropAnswer(100, { method: 'GET', path: /^\/3\/invoices\/[^/]+(\/print)?$/ });
    let first: GitTransaction;
    try {
      first = await syncByService({ occasionId: occasion.id, basisIds: [basis?.id as string] });
    } finally {
      fx.faults.clear();
    }
    expect(first, JSON.stringify(first)).toMatchObject({ failed: 1 });
    const [made] = invoicesWithRef(basis?.gitId as string);
    expect(made?.Sent).toBe(true);
    // Not known to be sent yet: shown as synced (the invoice exists), not among the unsynced.
    expect((await bases(occasion, '&sync=synced')).map((r) => r.id)).toContain(basis?.id);
    expect((await bases(occasion, '&sync=not_synced')).map((r) => r.id)).not.toContain(basis?.id);

    const second = await syncByService({ occasionId: occasion.id, basisIds: [basis?.id as string] });
    expect(second).toMatchObject({ status: 'succeeded', failed: 0 });
    const prints = fx.log.slice(from).filter((r) => r.method === 'GET' && r.path === `/3/invoices/${made?.DocumentNumber}/print`);
    expect(prints).toHaveLength(1);
    expect((await bases(occasion, '&sync=sent')).map((r) => r.id)).toContain(basis?.id);
  });

  it('stops the run with the package’s message when the invoice quota runs out; the rest is synced later', async () => {
    const occasion = occasions[0] as GitInvoiceOccasionRow;
    const chosen = open(await bases(occasion, '&status=unpaid')).slice(0, 3);
    const { remaining } = await assertInvoiceQuota(app.db, a.organisationId, 0);
    await recordInvoiceUsage(app.db, a.organisationId, remaining - 1);
    let run: GitTransaction;
    try {
      run = await sync({ occasionId: occasion.id, basisIds: chosen.map((c) => c.id) });
    } finally {
      await recordInvoiceUsage(app.db, a.organisationId, -(remaining - 1));
    }
    expect(run.status).toBe('failed');
    expect(run.error).toMatch(/invoices\/month/);
    expect(invoicesWithRef(chosen[0]?.gitId as string)).toHaveLength(1);
    expect(invoicesWithRef(chosen[1]?.gitId as string)).toHaveLength(0);
    const events = await app.db.select().from(eventLogs).where(eq(eventLogs.organisationId, a.organisationId));
    expect(events.some((e) => e.activity === 'gitSync.event.failed' && e.type === 'ERROR')).toBe(true);
    // With room again, the next sync does the rest, and the first invoice is not made twice.
    const again = await sync({ occasionId: occasion.id, basisIds: chosen.map((c) => c.id) });
    expect(again).toMatchObject({ status: 'succeeded', failed: 0 });
    for (const basis of chosen) expect(invoicesWithRef(basis.gitId)).toHaveLength(1);
  });
});

/**
 * A member paying for themself who has no customer yet, with open bases in two occasions: the
 * first and second basis (GIT's and the portal's rows).
 */
async function selfPayerWithTwoOccasions() {
  const openBases = git.data.bases.filter((x) => x.payerReason === 'self' && x.creditedAt === null && x.payments.length === 0);
  const byMember = new Map<string, typeof openBases>();
  for (const x of openBases) byMember.set(x.memberGolfId, [...(byMember.get(x.memberGolfId) ?? []), x]);
  const [golfId, pair] = [...byMember].find(
    ([id, list]) => new Set(list.map((x) => x.occasionId)).size >= 2 && customersOfPayer(id).length === 0,
  ) as [string, typeof openBases];
  const [firstGit, secondGit] = [pair[0], pair.find((x) => x.occasionId !== pair[0]?.occasionId)];
  const rowOf = async (gitBasis: (typeof openBases)[number] | undefined) => {
    const occasion = occasions.find((o) => o.gitId === gitBasis?.occasionId) as GitInvoiceOccasionRow;
    const row = (await bases(occasion, '&status=unpaid')).find((r) => r.gitId === gitBasis?.id) as GitInvoiceBasisRow;
    return { occasion, row };
  };
  return { golfId, first: await rowOf(firstGit), secondGit, second: () => rowOf(secondGit) };
}

describe('a member who changed in GIT', () => {
  it('has the customer updated (name, address, e-mail) before the next invoice, once, and nothing else is touched', async () => {
    const { golfId, first, secondGit, second: rowOfSecond } = await selfPayerWithTwoOccasions();
    expect((await syncByService({ occasionId: first.occasion.id, basisIds: [first.row.id] })).status).toBe('succeeded');
    const [customer] = customersOfPayer(golfId) as { CustomerNumber: string; Address1: string; Comments: string }[];
    expect(customer).toBeDefined();
    // What the club keeps in the program itself must survive the update.
    fx.store.updateCustomer(fx.store.tenant(tenant()), customer?.CustomerNumber as string, { Comments: 'Betalar alltid i tid' });

    const member = git.data.members.find((m) => m.golfId === golfId) as (typeof git.data.members)[number];
    const moved = { street: 'Nya Bangatan 7', careOf: null, postalCode: '123 45', city: 'Bollnäs', country: 'SE' };
    member.address = moved;
    member.invoiceAddress = null;
    member.email = 'ny.adress@example.se';
    member.modifiedAt = new Date(Date.now() + 1000).toISOString();
    await refreshGit();

    const second = await rowOfSecond();
    const run = await syncByService({ occasionId: second.occasion.id, basisIds: [second.row.id] });
    expect(run.status).toBe('succeeded');
    expect(run.counts.customers?.updated).toBe(1);
    const after = customersOfPayer(golfId) as { Address1: string; City: string; Email: string; Comments: string }[];
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ Address1: 'Nya Bangatan 7', City: 'Bollnäs', Email: 'ny.adress@example.se' });
    expect(after[0]?.Comments).toBe('Betalar alltid i tid');
    expect(invoicesWithRef(secondGit?.id as string)).toHaveLength(1);
  });
});

describe('a customer that vanished from the program', () => {
  const linkOf = async (golfId: string) =>
    (
      await app.db
        .select()
        .from(gitPayerCustomers)
        .where(and(eq(gitPayerCustomers.clubAccountId, a.clubAccountId), eq(gitPayerCustomers.payerGolfId, golfId)))
    )[0];
  const memberCustomerNumber = async (golfId: string) =>
    (
      await app.db
        .select({ customerNumber: members.customerNumber })
        .from(members)
        .where(and(eq(members.clubAccountId, a.clubAccountId), eq(members.golfId, golfId)))
    )[0]?.customerNumber;
  const recreatedEvents = () =>
    app.db
      .select()
      .from(eventLogs)
      .where(and(eq(eventLogs.clubAccountId, a.clubAccountId), eq(eventLogs.activity, 'gitSync.event.customerRecreated')));

  it('still fails the basis when the program refuses a customer it has: nothing is created again', async () => {
    const { golfId, first, secondGit, second: rowOfSecond } = await selfPayerWithTwoOccasions();
    expect((await syncByService({ occasionId: first.occasion.id, basisIds: [first.row.id] })).status).toBe('succeeded');
    const [customer] = customersOfPayer(golfId) as { CustomerNumber: string }[];
    const eventsBefore = (await recreatedEvents()).length;
    // The program answers "customer not found" for a customer it still has.
    const refuse = vi.spyOn(fx.store, 'createInvoice').mockImplementationOnce(() => {
      throw badRequest(FORTNOX_ERROR.couldNotFindCustomer, `Kunde inte hämta/hitta kund (${customer?.CustomerNumber})`);
    });
    try {
      const second = await rowOfSecond();
      const run = await syncByService({ occasionId: second.occasion.id, basisIds: [second.row.id] });
      expect(run).toMatchObject({ status: 'succeeded', failed: 1 });
    } finally {
      refuse.mockRestore();
    }
    expect(customersOfPayer(golfId)).toHaveLength(1);
    expect(await linkOf(golfId)).toMatchObject({ state: 'ready', customerNumber: customer?.CustomerNumber });
    expect(invoicesWithRef(secondGit?.id as string)).toHaveLength(0);
    const [item] = await app.db
      .select()
      .from(gitSyncItems)
      .where(eq(gitSyncItems.basisGitId, secondGit?.id as string));
    expect(item?.state).toBe('failed');
    expect(item?.lastError).toContain('accounting.customerMissing');
    expect(await recreatedEvents()).toHaveLength(eventsBefore);
  });

  it('is created again when the next invoice is refused for it: the link, the member and the event log name the new one, one invoice', async () => {
    const { golfId, first, secondGit, second: rowOfSecond } = await selfPayerWithTwoOccasions();
    expect((await syncByService({ occasionId: first.occasion.id, basisIds: [first.row.id] })).status).toBe('succeeded');
    const [old] = customersOfPayer(golfId) as { CustomerNumber: string }[];
    const oldNumber = old?.CustomerNumber as string;
    expect(oldNumber).toBeTruthy();
    expect((await linkOf(golfId))?.customerNumber).toBe(oldNumber);
    // Deleted in Fortnox: the link still names it.
    fx.store.tenant(tenant()).customers.delete(oldNumber);
    const eventsBefore = (await recreatedEvents()).length;

    const second = await rowOfSecond();
    const from = fx.log.length;
    const run = await syncByService({ occasionId: second.occasion.id, basisIds: [second.row.id] });
    expect(run).toMatchObject({ status: 'succeeded', failed: 0 });
    expect(run.counts.customers?.created).toBe(1);
    const now = customersOfPayer(golfId) as { CustomerNumber: string }[];
    expect(now).toHaveLength(1);
    const newNumber = now[0]?.CustomerNumber as string;
    expect(newNumber).not.toBe(oldNumber);
    expect(await linkOf(golfId)).toMatchObject({ state: 'ready', customerNumber: newNumber });
    expect(await memberCustomerNumber(golfId)).toBe(newNumber);
    // One invoice, for the new customer: the refused create made none.
    const made = invoicesWithRef(secondGit?.id as string);
    expect(made).toHaveLength(1);
    expect(made[0]?.CustomerNumber).toBe(newNumber);
    const posts = fx.log.slice(from).filter((r) => r.method === 'POST' && r.path === '/3/invoices');
    expect(posts.map((r) => r.status)).toEqual([400, 201]);
    const [item] = await app.db
      .select()
      .from(gitSyncItems)
      .where(eq(gitSyncItems.basisGitId, secondGit?.id as string));
    expect(item).toMatchObject({ state: 'sent', customerNumber: newNumber, lastError: null });
    const events = await recreatedEvents();
    expect(events).toHaveLength(eventsBefore + 1);
    expect(events.at(-1)?.params).toMatchObject({ golfId, old: oldNumber, number: newNumber });
    const log = await ok<{ activity: string }[]>('GET', '/eventlogs?pageSize=100', a.owner);
    expect(log.some((e) => e.activity.includes(oldNumber) && e.activity.includes(newNumber))).toBe(true);
  });
});

describe('switches', () => {
  it('guardianPaysForJuniors: on, the guardian is the customer; off, the junior', async () => {
    const all = (await Promise.all(occasions.map(async (o) => ({ o, rows: open(await bases(o, '&status=unpaid')) })))).flatMap(
      ({ o, rows }) => rows.map((r) => ({ o, r })),
    );
    const juniors = all.filter(({ r }) => r.payerKind === 'guardian');
    expect(juniors.length).toBeGreaterThanOrEqual(2);
    const [on, off] = juniors as [(typeof juniors)[0], (typeof juniors)[0]];
    await setConfig('member', { guardianPaysForJuniors: true });
    await sync({ occasionId: on.o.id, basisIds: [on.r.id] });
    expect(customersOfPayer(on.r.payerGolfId)).toHaveLength(1);
    const [inv] = invoicesWithRef(on.r.gitId);
    const [link] = await app.db.select().from(gitPayerCustomers).where(eq(gitPayerCustomers.payerGolfId, on.r.payerGolfId));
    expect(inv?.CustomerNumber).toBe(link?.customerNumber);

    await setConfig('member', { guardianPaysForJuniors: false });
    await sync({ occasionId: off.o.id, basisIds: [off.r.id] });
    const [link2] = await app.db.select().from(gitPayerCustomers).where(eq(gitPayerCustomers.payerGolfId, off.r.memberGolfId));
    expect(invoicesWithRef(off.r.gitId)[0]?.CustomerNumber).toBe(link2?.customerNumber);
    await setConfig('member', { guardianPaysForJuniors: true });
  });

  it('familyPayerPays: off, the member pays the whole fee; on, the family payer gets it with the family discount', async () => {
    const all = (await Promise.all(occasions.map(async (o) => ({ o, rows: open(await bases(o, '&status=unpaid')) })))).flatMap(
      ({ o, rows }) => rows.map((r) => ({ o, r })),
    );
    const family = all.filter(({ r }) => r.payerKind === 'family' && r.rows.length > 0);
    expect(family.length).toBeGreaterThanOrEqual(2);
    const [off, on] = family as [(typeof family)[0], (typeof family)[0]];
    // The portal's family of the two members: 10 % off.
    const [fam] = await app.db
      .insert(families)
      .values({ ...gitTarget(), name: 'Familjen Test', discountType: 'percentage', discountValue: 1000 })
      .returning();
    for (const golfId of [off.r.memberGolfId, on.r.memberGolfId]) {
      await app.db
        .insert(members)
        .values({ ...gitTarget(), firstname: 'Test', lastname: golfId, golfId })
        .onConflictDoNothing();
      const [member] = await app.db
        .select({ id: members.id })
        .from(members)
        .where(and(eq(members.clubAccountId, a.clubAccountId), eq(members.golfId, golfId)));
      await app.db
        .insert(familyMembers)
        .values({ ...gitTarget(), memberId: member?.id as string, familyId: fam?.id as string, role: 'partner' })
        .onConflictDoUpdate({ target: familyMembers.memberId, set: { familyId: fam?.id as string, role: 'partner' } });
    }

    await setConfig('member', { familyPayerPays: false });
    await sync({ occasionId: off.o.id, basisIds: [off.r.id] });
    const [offInvoice] = invoicesWithRef(off.r.gitId);
    const [offLink] = await app.db.select().from(gitPayerCustomers).where(eq(gitPayerCustomers.payerGolfId, off.r.memberGolfId));
    expect(offInvoice?.CustomerNumber).toBe(offLink?.customerNumber);
    expect(offInvoice?.Total).toBeCloseTo(off.r.totalOre / 100, 0);
    expect(offInvoice?.InvoiceRows.some((r) => r.Description.startsWith('Familjerabatt'))).toBe(false);

    await setConfig('member', { familyPayerPays: true });
    await sync({ occasionId: on.o.id, basisIds: [on.r.id] });
    const [onInvoice] = invoicesWithRef(on.r.gitId);
    const [onLink] = await app.db.select().from(gitPayerCustomers).where(eq(gitPayerCustomers.payerGolfId, on.r.payerGolfId));
    expect(onInvoice?.CustomerNumber).toBe(onLink?.customerNumber);
    expect(onInvoice?.InvoiceRows.some((r) => r.Description === 'Familjerabatt – Familjen Test')).toBe(true);
    expect(onInvoice?.Total).toBeCloseTo((on.r.totalOre * 0.9) / 100, 0);
    await setConfig('member', {});
  });

  it('by default the family payer GIT names is the customer, the preflight names them, and the rows name the member', async () => {
    await setConfig('member', {});
    const all = (await Promise.all(occasions.map(async (o) => ({ o, rows: open(await bases(o, '&status=unpaid')) })))).flatMap(
      ({ o, rows }) => rows.map((r) => ({ o, r })),
    );
    const family = all.filter(({ r }) => r.payerKind === 'family' && r.rows.length > 0 && r.payerGolfId !== r.memberGolfId);
    const { o, r } = family[0] as (typeof family)[0];

    const pre = await ok<GitSyncPreflight>('POST', '/git/sync/preflight', a.owner, { occasionId: o.id, basisIds: [r.id] });
    expect(pre.otherPayers).toEqual([
      {
        basisGitId: r.gitId,
        memberGolfId: r.memberGolfId,
        memberName: r.memberName,
        payerKind: 'family',
        payerGolfId: r.payerGolfId,
        payerName: r.payerName,
      },
    ]);
    await setConfig('member', { familyPayerPays: false });
    const own = await ok<GitSyncPreflight>('POST', '/git/sync/preflight', a.owner, { occasionId: o.id, basisIds: [r.id] });
    expect(own.otherPayers).toEqual([]);
    await setConfig('member', {});

    await setConfig('invoice', { sendMethod: 'print', bookOnCreate: true });
    try {
      await sync({ occasionId: o.id, basisIds: [r.id] });
    } finally {
      await setConfig('invoice', { sendMethod: 'print' });
    }
    const [invoice] = invoicesWithRef(r.gitId);
    const [payer] = customersOfPayer(r.payerGolfId) as { CustomerNumber: string; Name: string }[];
    expect(invoice?.CustomerNumber).toBe(payer?.CustomerNumber);
    expect(payer?.Name).toBe(r.payerName);
    const fees = invoice?.InvoiceRows.filter((row) => !row.Description.startsWith('Familjerabatt')) ?? [];
    expect(fees.length).toBeGreaterThan(0);
    for (const row of fees) expect(row.Description).toContain(r.memberName);

    // Paid in full: the receipt is the payer's too.
    const [mirrored] = await app.db
      .select({ id: invoices.id, balanceOre: invoices.balanceOre, invoiceDate: invoices.invoiceDate })
      .from(invoices)
      .where(and(eq(invoices.clubAccountId, a.clubAccountId), eq(invoices.number, invoice?.DocumentNumber as string)));
    const today = new Date().toISOString().slice(0, 10);
    const paymentDate = String(mirrored?.invoiceDate) > today ? String(mirrored?.invoiceDate) : today;
    await ok('POST', `/invoices/${mirrored?.id}/payments`, a.owner, { paymentDate, amountOre: mirrored?.balanceOre }, 201);
    const receipts = await ok<{ invoiceNumber: string; customerNumber: string; customerName: string }[]>(
      'GET',
      `/receipts?search=${invoice?.DocumentNumber}`,
      a.owner,
    );
    expect(receipts.find((x) => x.invoiceNumber === invoice?.DocumentNumber)).toMatchObject({
      customerNumber: payer?.CustomerNumber,
      customerName: r.payerName,
    });
  });

  it('follows the invoice configuration: booked on create when bookOnCreate is set, and the preflight says so', async () => {
    const occasion = occasions[0] as GitInvoiceOccasionRow;
    const [basis] = open(await bases(occasion, '&status=unpaid'));
    if (!basis) throw new Error('no open basis left');
    const before = await ok<GitSyncPreflight>('POST', '/git/sync/preflight', a.owner, {
      occasionId: occasion.id,
      basisIds: [basis.id],
    });
    expect(before.delivery).toEqual({
      book: false,
      sendMethod: 'print',
      ways: { email: 0, einvoice: 0, print: 1, external_print: 0 },
    });
    await setConfig('invoice', { sendMethod: 'print', bookOnCreate: true });
    try {
      const pre = await ok<GitSyncPreflight>('POST', '/git/sync/preflight', a.owner, {
        occasionId: occasion.id,
        basisIds: [basis.id],
      });
      expect(pre.delivery).toMatchObject({ book: true, sendMethod: 'print' });
      const run = await sync({ occasionId: occasion.id, basisIds: [basis.id] });
      expect(run.status).toBe('succeeded');
      const [invoice] = invoicesWithRef(basis.gitId) as unknown as { Booked: boolean; Sent: boolean }[];
      expect(invoice).toMatchObject({ Booked: true, Sent: true });
      const [mirrored] = await app.db
        .select({ booked: invoices.booked })
        .from(invoices)
        .where(
          and(
            eq(invoices.clubAccountId, a.clubAccountId),
            eq(invoices.number, (invoicesWithRef(basis.gitId)[0] as { DocumentNumber: string }).DocumentNumber),
          ),
        );
      expect(mirrored?.booked).toBe(true);
    } finally {
      await setConfig('invoice', { sendMethod: 'print' });
    }
  });

  it('auto_update_invoice_with_git: off leaves a changed basis (shown as not applied); on updates the unbooked invoice', async () => {
    const occasion = occasions[0] as GitInvoiceOccasionRow;
    const [synced] = await bases(occasion, '&sync=sent');
    const basis = synced as GitInvoiceBasisRow;
    const sim = git.data.bases.find((x) => x.id === basis.gitId);
    if (!sim?.rows[0]) throw new Error('basis not in the simulator');
    sim.rows[0].unitAmountOre += 10_000;
    sim.rows[0].amountOre += 10_000 * sim.rows[0].quantity;
    sim.rows[0].vatOre = Math.round((sim.rows[0].amountOre * sim.rows[0].vatRate) / (100 + sim.rows[0].vatRate));
    sim.modifiedAt = new Date().toISOString();
    await refreshGit();
    const [mirrored] = await app.db.select().from(gitInvoiceBases).where(eq(gitInvoiceBases.gitId, basis.gitId));
    const totalBefore = invoicesWithRef(basis.gitId)[0]?.Total;

    await setConfig('api', { club_to_sync: a.clubAccountId, auto_update_invoice_with_git: false });
    await sync({ occasionId: occasion.id, basisIds: [basis.id] });
    expect(invoicesWithRef(basis.gitId)[0]?.Total).toBe(totalBefore);
    const [shown] = (await bases(occasion)).filter((r) => r.id === basis.id);
    expect(shown?.sync.error).toMatch(/not applied/);

    await setConfig('api', { club_to_sync: a.clubAccountId, auto_update_invoice_with_git: true });
    await sync({ occasionId: occasion.id, basisIds: [basis.id] });
    expect(invoicesWithRef(basis.gitId)).toHaveLength(1);
    expect(invoicesWithRef(basis.gitId)[0]?.Total).toBeCloseTo((mirrored?.totalOre ?? 0) / 100, 0);
    expect(invoicesWithRef(basis.gitId)[0]?.Total).not.toBe(totalBefore);
  });

  it('auto_credit_invoice_in_accounting: off leaves the invoice of a basis GIT credited; on cancels it (unbooked)', async () => {
    const occasion = occasions[0] as GitInvoiceOccasionRow;
    const sent = await bases(occasion, '&sync=sent');
    const [first, second] = sent as [GitInvoiceBasisRow, GitInvoiceBasisRow];
    const { gitClientFor } = await import('../connection/git-connections.service');
    const { client } = await gitClientFor(app, gitTarget());
    for (const x of [first, second]) await client.credit(x.gitId, { reason: 'Utträde', creditedAt: new Date() });
    await refreshGit();

    await setConfig('api', { club_to_sync: a.clubAccountId, auto_credit_invoice_in_accounting: false });
    await sync({ occasionId: occasion.id, basisIds: [first.id] });
    expect(invoicesWithRef(first.gitId)[0]?.Cancelled).toBe(false);

    // A start date after the credit: still nothing.
    await setConfig('api', {
      club_to_sync: a.clubAccountId,
      auto_credit_invoice_in_accounting: true,
      create_credit_start_date: '2099-01-01',
    });
    await sync({ occasionId: occasion.id, basisIds: [second.id] });
    expect(invoicesWithRef(second.gitId)[0]?.Cancelled).toBe(false);

    await setConfig('api', {
      club_to_sync: a.clubAccountId,
      auto_credit_invoice_in_accounting: true,
      create_credit_start_date: null,
    });
    const run = await sync({ occasionId: occasion.id, basisIds: [first.id, second.id] });
    expect(run.counts.credited?.created).toBe(2);
    expect(invoicesWithRef(first.gitId)[0]?.Cancelled).toBe(true);
    expect(invoicesWithRef(second.gitId)[0]?.Cancelled).toBe(true);
  });

  it('autoPause: an invoice unpaid N days after its due date is paused and left alone', async () => {
    const occasion = occasions[0] as GitInvoiceOccasionRow;
    const [basis] = await bases(occasion, '&sync=sent');
    const number = basis?.sync.invoiceNumber as string;
    await app.db
      .update(invoices)
      .set({ dueDate: '2020-01-01' })
      .where(and(eq(invoices.clubAccountId, a.clubAccountId), eq(invoices.number, number)));
    await setConfig('invoice', { sendMethod: 'print', autoPause: false, autoPauseDaysAfterDue: 10 });
    await sync({ occasionId: occasion.id, basisIds: [basis?.id as string] });
    expect((await bases(occasion, '&sync=paused')).map((r) => r.id)).not.toContain(basis?.id);
    await setConfig('invoice', { sendMethod: 'print', autoPause: true, autoPauseDaysAfterDue: 10 });
    const run = await sync({ occasionId: occasion.id, basisIds: [basis?.id as string] });
    expect(run.counts.paused?.updated).toBe(1);
    expect((await bases(occasion, '&sync=paused')).map((r) => r.id)).toContain(basis?.id);
    // Paused: a later sync leaves it alone, also when the switch is off again.
    await setConfig('invoice', { sendMethod: 'print', autoPause: false });
    await sync({ occasionId: occasion.id, basisIds: [basis?.id as string] });
    expect((await bases(occasion, '&sync=paused')).map((r) => r.id)).toContain(basis?.id);
  });

  it('auto_sync_git_to_accounting and sync_start_date decide what a scheduled sync takes', async () => {
    await setConfig('api', { club_to_sync: a.clubAccountId, auto_sync_git_to_accounting: false });
    expect(await queueGitSync(app, gitTarget(), { trigger: 'scheduled', caller: null })).toBeNull();

    // Only occasions invoiced on or after the start date: the latest one.
    const latest = [...occasions].sort((x, y) => y.invoiceDate.localeCompare(x.invoiceDate))[0] as GitInvoiceOccasionRow;
    await setConfig('api', {
      club_to_sync: a.clubAccountId,
      auto_sync_git_to_accounting: true,
      sync_start_date: latest.invoiceDate,
    });
    const runId = await queueGitSync(app, gitTarget(), { trigger: 'scheduled', caller: null });
    expect(runId).toBeTruthy();
    const data = await gitSyncJobData(app, runId as string, { trigger: 'scheduled', caller: null });
    const latestGitIds = occasions.filter((o) => o.invoiceDate >= latest.invoiceDate).map((o) => o.gitId);
    expect(data.occasionGitIds.sort()).toEqual(latestGitIds.sort());
    await runGitSync(app, data);
    const run = await ok<GitTransaction>('GET', `/git/transactions/${runId}`, a.owner);
    expect(run.status).toBe('succeeded');
    const older = occasions.find((o) => o.invoiceDate < latest.invoiceDate) as GitInvoiceOccasionRow;
    const olderOpen = open(await bases(older, '&status=unpaid'));
    expect(olderOpen.length).toBeGreaterThan(0);
    for (const r of olderOpen) expect(invoicesWithRef(r.gitId)).toHaveLength(0);
    await setConfig('api', { club_to_sync: a.clubAccountId, auto_sync_git_to_accounting: false, sync_start_date: null });
  }, 120_000);
});

describe('what the run does with each invoice', () => {
  // A colleague of the owner's, whose requests spend their own budget of the sync route's limit.
  let manager: Who;
  beforeAll(async () => {
    manager = await addMember(app, a, 'Manager');
  });
  it('the preflight counts the bases the run works on, and the run’s total and progress are that figure', async () => {
    let found: { occasion: GitInvoiceOccasionRow; ids: string[] } | null = null;
    for (const occasion of occasions) {
      const paid = (await bases(occasion, '&status=paid&sync=not_synced'))[0];
      const credited = (await bases(occasion, '&status=credited&sync=not_synced'))[0];
      const unpaid = open(await bases(occasion, '&status=unpaid')).slice(0, 2);
      if (paid && credited && unpaid.length === 2) {
        found = { occasion, ids: [paid.id, credited.id, ...unpaid.map((u) => u.id)] };
        break;
      }
    }
    if (!found) throw new Error('no simulator occasion has a paid, a credited and two unpaid bases');
    const body = { occasionId: found.occasion.id, basisIds: found.ids };
    const preflight = await ok<GitSyncPreflight>('POST', '/git/sync/preflight', a.owner, body);
    const queued = await ok<GitTransaction>('POST', '/git/sync', manager, body, 202);
    // Four chosen, two to invoice: the run counts to the two the dialog's button names, not to four.
    expect(queued.total).toBe(preflight.bases);
    expect(preflight).toMatchObject({ bases: 2, followUps: 0, total: 2, paidInGit: 1 });
    await runGitSync(app, await gitSyncJobData(app, queued.id));
    const done = await ok<GitTransaction>('GET', `/git/transactions/${queued.id}`, a.owner);
    expect(done).toMatchObject({ status: 'succeeded', total: 2, processed: 2, failed: 0 });
    // Synced again, the two invoices are followed up (nothing new): counted, and counted to.
    const again = await ok<GitSyncPreflight>('POST', '/git/sync/preflight', a.owner, body);
    expect(again).toMatchObject({ bases: 0, followUps: 2, total: 2, alreadySynced: 2 });
    const second = await syncByService(body);
    expect(second).toMatchObject({ status: 'succeeded', total: 2, processed: 2 });
  });

  it('sends nothing when asked not to, even resumed after a crash, books when asked, and a later run sends', async () => {
    const { occasion, rows } = await mostOpen();
    const chosen = rows.slice(0, 2);
    expect(chosen).toHaveLength(2);
    const body = { occasionId: occasion.id, basisIds: chosen.map((c) => c.id) };
    // The choice is part of the contract: a wrong type is refused and queues nothing.
    const refused = await api('POST', '/git/sync', manager, { ...body, send: 'no' });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().error)).toEqual(['send']);
    const from = fx.log.length;
    const run = await ok<GitTransaction>('POST', '/git/sync', manager, { ...body, send: false, book: true }, 202);
    // The worker dies after the first invoice is made; the next attempt reads the choice from the run.
    let crashed = false;
    const outcome = await runGitSync(app, await gitSyncJobData(app, run.id), {
      hooks: {
        step(step) {
          if (step === 'invoice.after' && !crashed) {
            crashed = true;
            throw new Error('killed after the invoice');
          }
        },
      },
    });
    expect(outcome).toBe('retry');
    expect(await runGitSync(app, await gitSyncJobData(app, run.id))).toBe('succeeded');
    const done = await ok<GitTransaction>('GET', `/git/transactions/${run.id}`, a.owner);
    expect(done).toMatchObject({ status: 'succeeded', processed: 2, failed: 0 });
    expect(done.counts.sent?.created ?? 0).toBe(0);
    for (const basis of chosen) {
      const made = invoicesWithRef(basis.gitId) as unknown as { DocumentNumber: string; Sent: boolean; Booked: boolean }[];
      expect(made).toHaveLength(1);
      expect(made[0]).toMatchObject({ Sent: false, Booked: true });
    }
    // Not one send request went to the program (print, e-mail or e-invoice).
    const sends = fx.log.slice(from).filter((r) => /^\/3\/invoices\/[^/]+\/(print|email|einvoice|externalprint)$/.test(r.path));
    expect(sends).toEqual([]);
    const synced = (await bases(occasion, '&sync=synced')).map((r) => r.id);
    for (const c of chosen) expect(synced).toContain(c.id);
    // The next preflight says the two unsent invoices are followed up and would be sent (on paper, as configured).
    const next = await ok<GitSyncPreflight>('POST', '/git/sync/preflight', a.owner, body);
    expect(next).toMatchObject({ bases: 0, followUps: 2, total: 2 });
    expect(next.delivery.ways).toEqual({ email: 0, einvoice: 0, print: 2, external_print: 0 });

    // A later run without the choice follows the configuration: the invoices are sent, once each.
    const later = await syncByService(body);
    expect(later).toMatchObject({ status: 'succeeded', failed: 0 });
    for (const basis of chosen) expect(invoicesWithRef(basis.gitId)[0]?.Sent).toBe(true);
  });

  it('counts how each invoice goes: e-mail where the payer has an address, post where not or where the member asked for letters', async () => {
    await setConfig('invoice', { sendMethod: 'email' });
    try {
      const { occasion, rows } = await mostOpen();
      const chosen = rows.filter((b) => b.payerKind === 'self').slice(0, 3);
      expect(chosen).toHaveLength(3);
      const body = { occasionId: occasion.id, basisIds: chosen.map((c) => c.id) };
      const [letters, noAddress] = chosen as [GitInvoiceBasisRow, GitInvoiceBasisRow, GitInvoiceBasisRow];
      // One payer is a member who asked for letters (the register has GIT's members: the billing
      // method is the portal's own field); another has no e-mail address in GIT.
      await app.db
        .insert(members)
        .values({
          organisationId: a.organisationId,
          clubAccountId: a.clubAccountId,
          firstname: 'Brev',
          lastname: 'Vän',
          golfId: letters.payerGolfId,
          email: 'brev@example.se',
          billingMethod: 'letter',
        })
        .onConflictDoUpdate({ target: [members.clubAccountId, members.golfId], set: { billingMethod: 'letter' } });
      const member = git.data.members.find((m) => m.golfId === noAddress.payerGolfId);
      if (!member) throw new Error('the payer is not a GIT member');
      member.email = null;
      member.modifiedAt = new Date(Date.now() + 1000).toISOString();
      const simBasis = git.data.bases.find((x) => x.id === noAddress.gitId);
      if (simBasis) simBasis.modifiedAt = member.modifiedAt;
      await refreshGit();
      const preflight = await ok<GitSyncPreflight>('POST', '/git/sync/preflight', a.owner, body);
      expect(preflight.delivery.ways).toEqual({ email: 1, einvoice: 0, print: 2, external_print: 0 });
      const run = await syncByService(body);
      expect(run).toMatchObject({ status: 'succeeded', failed: 0 });
      const ways = await app.db
        .select({ number: invoices.number, method: invoices.deliveryMethod })
        .from(invoices)
        .where(eq(invoices.clubAccountId, a.clubAccountId));
      const wayOf = (b: GitInvoiceBasisRow) =>
        ways.find((w) => w.number === (invoicesWithRef(b.gitId)[0] as { DocumentNumber: string }).DocumentNumber)?.method;
      expect(chosen.map(wayOf)).toEqual(['print', 'print', 'email']);
    } finally {
      await setConfig('invoice', { sendMethod: 'print' });
    }
  });
});

describe('crash and restart', () => {
  it('killed at random steps again and again, then run to the end: one customer per payer, one invoice per basis, none lost', async () => {
    const { occasion, rows: openRows } = await mostOpen();
    const chosen = openRows.slice(0, 8);
    expect(chosen.length).toBeGreaterThan(3);
    const steps: SyncStep[] = [
      'customer.before',
      'customer.after',
      'invoice.before',
      'invoice.after',
      'send.before',
      'send.after',
      'item.done',
    ];
    let seed = 7;
    const random = () => {
      seed = (seed * 48271) % 2147483647;
      return seed / 2147483647;
    };
    // Every step boundary once, then random ones.
    const plan: { step: SyncStep; nth: number }[] = [
      ...steps.map((step) => ({ step, nth: 1 })),
      ...Array.from({ length: 5 }, () => ({
        step: steps[Math.floor(random() * steps.length)] as SyncStep,
        nth: 1 + Math.floor(random() * 3),
      })),
    ];
    const selection = manualSelection(occasion, chosen);
    const from = fx.log.length;
    const runIds = new Set<string>();
    let killed = 0;
    for (const kill of plan) {
      let seen = 0;
      // The killed run is back in the queue: asking again joins it, and a restarted worker takes it up.
      const runId = (await queueGitSync(app, gitTarget(), selection)) as string;
      runIds.add(runId);
      const data = await gitSyncJobData(app, runId, selection);
      const outcome = await runGitSync(app, data, {
        hooks: {
          step(step) {
            if (step === kill.step && ++seen === kill.nth) throw new Error(`killed at ${step}`);
          },
        },
      });
      // A kill is a fault of the attempt: the run goes back to the queue for the next one.
      if (outcome === 'retry') killed++;
      else expect(outcome).toBe('succeeded');
    }
    // Every step boundary was killed at least once (a random kill may fall on a step no longer left to do).
    expect(killed).toBeGreaterThanOrEqual(steps.length);
    // Until the run got through, each restart resumed the same queued run.
    expect(runIds.size).toBeLessThanOrEqual(plan.length - killed + 1);
    const run = await ok<GitTransaction>(
      'POST',
      '/git/sync',
      a.owner,
      { occasionId: occasion.id, basisIds: chosen.map((c) => c.id) },
      202,
    );
    await runGitSync(app, await gitSyncJobData(app, run.id, selection));
    expect(await ok<GitTransaction>('GET', `/git/transactions/${run.id}`, a.owner)).toMatchObject({
      status: 'succeeded',
      processed: chosen.length,
      failed: 0,
    });
    for (const basis of chosen) {
      const made = invoicesWithRef(basis.gitId);
      expect(made, basis.gitId).toHaveLength(1);
      const [item] = await app.db.select().from(gitSyncItems).where(eq(gitSyncItems.basisGitId, basis.gitId));
      expect(made[0]?.Sent, JSON.stringify({ item, made })).toBe(true);
      // Sent once, also when the run died after the program sent it but before that was recorded.
      const prints = fx.log
        .slice(from)
        .filter((r) => r.method === 'GET' && r.path === `/3/invoices/${made[0]?.DocumentNumber}/print`);
      expect(prints, basis.gitId).toHaveLength(1);
    }
    const links = await app.db.select().from(gitPayerCustomers).where(eq(gitPayerCustomers.clubAccountId, a.clubAccountId));
    for (const link of links) {
      expect(link.state).toBe('ready');
      expect(customersOfPayer(link.payerGolfId)).toHaveLength(1);
    }
    const rows = await bases(occasion, '&sync=sent');
    for (const basis of chosen) expect(rows.map((r) => r.id)).toContain(basis.id);
  }, 180_000);
});

describe('two live runners', () => {
  it('a second runner of the club account waits while the first is alive, so nothing is made twice', async () => {
    const { occasion, rows: openRows } = await mostOpen();
    const chosen = openRows.slice(0, 2);
    expect(chosen).toHaveLength(2);
    const selection = manualSelection(occasion, chosen);
    const runId = (await queueGitSync(app, gitTarget(), selection)) as string;
    const data = await gitSyncJobData(app, runId, selection);
    const atCreate = latch();
    const proceed = latch();
    const first = runGitSync(app, data, {
      hooks: {
        async step(step) {
          if (step !== 'invoice.before') return;
          atCreate.resolve();
          await proceed.promise;
        },
      },
    });
    await atCreate.promise;
    // The same run taken up again (a pg-boss retry, a restarted worker) while the first still works on it.
    expect(await runGitSync(app, data)).toBe('live');
    proceed.resolve();
    await first;
    expect(await ok<GitTransaction>('GET', `/git/transactions/${runId}`, a.owner)).toMatchObject({
      status: 'succeeded',
      failed: 0,
    });
    for (const basis of chosen) expect(invoicesWithRef(basis.gitId), basis.gitId).toHaveLength(1);
    // Once the first has finished, the lock is free: another run of the club account goes through.
    expect(await syncAgain(occasion, chosen)).toBe('succeeded');
  }, 120_000);
});

async function syncAgain(occasion: GitInvoiceOccasionRow, chosen: GitInvoiceBasisRow[]) {
  const selection = manualSelection(occasion, chosen);
  const runId = (await queueGitSync(app, gitTarget(), selection)) as string;
  await runGitSync(app, await gitSyncJobData(app, runId, selection));
  return (await ok<GitTransaction>('GET', `/git/transactions/${runId}`, a.owner)).status;
}

describe('a run whose process died', () => {
  it('is joined while it beats; once silent a new request does not get it, and the sweep resumes it', async () => {
    const occasion = occasions[0] as GitInvoiceOccasionRow;
    const lease = randomUUID();
    const [live] = await app.db
      .insert(gitTransactions)
      .values({
        ...gitTarget(),
        kind: 'sync_invoices',
        trigger: 'manual',
        status: 'running',
        targetClubAccountId: a.clubAccountId,
        startedAt: new Date(Date.now() - 20 * 60_000),
        heartbeatAt: new Date(),
        attempts: 1,
        lease,
        input: { occasionGitIds: [occasion.gitId], basisGitIds: null, userId: a.owner.userId, lang: 'en' },
      })
      .returning();
    if (!live) throw new Error('no run');
    // (queued here directly: the route's per-user rate limit is spent by the tests above)
    const ask = () =>
      queueGitSync(app, gitTarget(), {
        occasionId: occasion.id,
        trigger: 'manual',
        caller: null,
        userId: a.owner.userId,
        lang: 'en',
      });
    expect(await ask()).toBe(live.id);
    // A live run is neither taken by the sweep nor started a second time.
    expect((await app.runs.sweep()).resumed).toBe(0);
    expect(await runGitSync(app, { runId: live.id })).toBe('live');

    // Its process died: no heartbeat for two minutes (RUN_STALE_SECONDS is 90).
    await app.db
      .update(gitTransactions)
      .set({ heartbeatAt: new Date(Date.now() - 2 * 60_000) })
      .where(eq(gitTransactions.id, live.id));
    const freshId = await ask();
    expect(freshId).not.toBe(live.id);
    const fresh = await ok<GitTransaction>('GET', `/git/transactions/${freshId}`, a.owner);
    expect(fresh.status).toBe('queued');
    // The new run is the one a second click joins.
    expect(await ask()).toBe(fresh.id);

    // The sweep hands the dead run back to the queue; its next attempt resumes it.
    expect((await app.runs.sweep()).resumed).toBe(1);
    const dead = await ok<GitTransaction>('GET', `/git/transactions/${live.id}`, a.owner);
    expect(dead.status).toBe('queued');
    expect(await runGitSync(app, { runId: live.id })).toBe('succeeded');
    expect(await runGitSync(app, { runId: fresh.id })).toBe('succeeded');
    expect((await ok<GitTransaction>('GET', `/git/transactions/${live.id}`, a.owner)).status).toBe('succeeded');
    expect((await ok<GitTransaction>('GET', `/git/transactions/${fresh.id}`, a.owner)).status).toBe('succeeded');
    const [resumed] = await app.db.select().from(eventLogs).where(eq(eventLogs.activity, 'runs.gitSync.resumed'));
    expect(resumed?.clubAccountId).toBe(a.clubAccountId);
  }, 120_000);

  it('a worker whose run was taken over (it fell silent and the sweep handed the run on) stops without finishing it', async () => {
    const { occasion, rows: openRows } = await mostOpen();
    const chosen = openRows.slice(0, 3);
    expect(chosen.length).toBeGreaterThan(0);
    const selection = manualSelection(occasion, chosen);
    const runId = (await queueGitSync(app, gitTarget(), selection)) as string;
    let tookOver = false;
    const outcome = await runGitSync(
      app,
      { runId },
      {
        hooks: {
          async step(step) {
            if (step !== 'invoice.before' || tookOver) return;
            tookOver = true;
            // As if this worker had been silent past RUN_STALE_SECONDS: the sweep hands its run on.
            await app.db
              .update(gitTransactions)
              .set({ heartbeatAt: new Date(Date.now() - 10 * 60_000) })
              .where(eq(gitTransactions.id, runId));
            expect((await app.runs.sweep()).resumed).toBe(1);
          },
        },
      },
    );
    expect(outcome).toBe('taken-over');
    // The run is the next worker's, untouched by this one: queued, not finished.
    const handedOn = await ok<GitTransaction>('GET', `/git/transactions/${runId}`, a.owner);
    expect(handedOn.status).toBe('queued');
    expect(await runGitSync(app, { runId })).toBe('succeeded');
    for (const basis of chosen) expect(invoicesWithRef(basis.gitId), basis.gitId).toHaveLength(1);
  }, 120_000);
});

describe('a club account the user was not given', () => {
  it('is neither previewed, mapped, reported from nor synced into, whether the body, the query or the configuration names it', async () => {
    // Alfa's operating company: the staff member was given only the club.
    const drift = await addClubAccount(app, a.organisationId, 'Alfa GK Drift AB');
    const staff = await addMember(app, a, 'Staff');
    const occasionId = (occasions[0] as GitInvoiceOccasionRow).id;
    const runs = async () =>
      (await app.db.select().from(gitTransactions).where(eq(gitTransactions.organisationId, a.organisationId))).length;
    const before = await runs();
    // The staff member calls from an address of their own: the routes' request limits count per caller, not these tests.
    const asStaff = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      app.inject({
        method,
        url: `/api/v1${url}`,
        headers: staff.headers,
        remoteAddress: '10.15.2.1',
        ...(payload ? { payload } : {}),
      });
    const named: [method: 'GET' | 'POST' | 'PUT', url: string, payload?: object][] = [
      ['POST', '/git/sync/preflight', { occasionId, targetClubAccountId: drift }],
      ['POST', '/git/sync', { occasionId, targetClubAccountId: drift }],
      ['GET', `/git/article-mappings?targetClubAccountId=${drift}`],
      ['PUT', '/git/article-mappings', { targetClubAccountId: drift, mappings: [{ gitArticleCode: 'X', create: true }] }],
    ];
    for (const [method, url, payload] of named) {
      const res = await asStaff(method, url, payload);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404);
      expect(res.json()).toMatchObject({ message: 'Klubbkontot hittades inte', eng_message: 'The club account was not found' });
    }
    // The organisation's configuration points at Drift AB: the staff member's sync and report still may not go there.
    await setConfig('api', { club_to_sync: drift });
    expect((await asStaff('POST', '/git/sync/preflight', { occasionId })).statusCode).toBe(404);
    expect((await asStaff('POST', '/git/sync', { occasionId })).statusCode).toBe(404);
    expect((await asStaff('POST', '/git/report-status', { kind: 'paid' })).statusCode).toBe(404);
    expect(await runs()).toBe(before);
    // Given Drift AB, the same preview is answered.
    await app.db
      .insert(userClubAccounts)
      .values({ userId: staff.userId, clubAccountId: drift, organisationId: a.organisationId });
    expect((await asStaff('POST', '/git/sync/preflight', { occasionId, targetClubAccountId: drift })).statusCode).toBe(200);
    await setConfig('api', { club_to_sync: a.clubAccountId });
  });
});
