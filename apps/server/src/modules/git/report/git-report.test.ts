import type { ApiConfiguration, GitTransaction, Invoice } from '@fairway/shared';
import { CONFIGURATION_DEFAULTS } from '@fairway/shared';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, connectedWorld } from '../../../../test/fixtures/accounting';
import { addClubAccount, memberWithScopes, type TestMember, type TestOrganisation } from '../../../../test/fixtures/users';
import type { TestApp } from '../../../../test/test-app';
import type { App } from '../../../app';
import { stockholmDate } from '../../../lib/stockholm-time';
import type { FortnoxSimulator } from '../../../providers/fortnox/simulator/index';
import { createGitClient } from '../../../providers/git/git.client';
import { type GitSimulator, startGitSimulator } from '../../../providers/git/git.simulator';
import { eventLogs } from '../../eventlogs/eventlogs.tables';
import { invoices } from '../../invoices/invoices.tables';
import { userClubAccounts } from '../../users/users.tables';
import { gitConnections, gitInvoiceBases, gitTransactions } from '../git.tables';
import { runGitRefresh } from '../refresh/git-refresh.service';
import { queueScheduledGitSyncs } from '../schedule/git-schedule.service';
import { gitSyncItems } from '../sync/git-sync.tables';
import { basisInvoiceExternalRef, basisInvoiceRequestId } from '../sync/git-sync-ref';
import { runReportStatus } from './git-report.service';
import { gitReportRuns, gitStatusReports } from './git-report.tables';

/**
 * Report-back end to end: invoices for GIT bases made in the Fortnox simulator (through the
 * invoice routes, with the sync's derived request id, exactly as the sync engine makes them),
 * paid / part paid / credited there through the portal, then POST git/report-status and its job,
 * and GIT's own state read back from the GIT simulator.
 */

let t: TestApp;
let app: App;
let fortnox: FortnoxSimulator;
let git: GitSimulator;
let a: TestOrganisation;
let b: TestOrganisation;
let aReader: TestMember;
let aNoGit: TestMember;
let send: ReturnType<typeof apiAs>['send'];
let get: ReturnType<typeof apiAs>['get'];

type Basis = typeof gitInvoiceBases.$inferSelect;
let unpaid: Basis[] = [];
let nextBasis = 0;
const takeBasis = () => {
  const basis = unpaid[nextBasis++];
  if (!basis) throw new Error('out of unpaid bases');
  return basis;
};

const DAY = 24 * 60 * 60 * 1000;
const today = () => stockholmDate(new Date());
const daysAgo = (n: number) => stockholmDate(new Date(Date.now() - n * DAY));
const daysAhead = (n: number) => stockholmDate(new Date(Date.now() + n * DAY));

/** GIT's own record of a basis, as the simulator holds it. */
const inGit = (basis: Basis) => {
  const b = git.data.bases.find((x) => x.id === basis.gitId);
  if (!b) throw new Error(`no basis ${basis.gitId} in the GIT simulator`);
  const total = b.rows.reduce((s, r) => s + r.amountOre, 0);
  const paid = b.payments.reduce((s, p) => s + p.amountOre, 0);
  return { ...b, total, paid };
};

async function saveApi(values: Partial<ApiConfiguration>, who: { headers: Record<string, string> } = a.owner) {
  const current = (await get('/configurations/api', who)).json().data.values as ApiConfiguration;
  const res = await send('PUT', '/configurations/api', who, { ...CONFIGURATION_DEFAULTS.api, ...current, ...values });
  expect(res.statusCode, res.body).toBe(200);
}

/**
 * The accounting invoice of a basis, made as the sync makes it (derived request id), booked;
 * then paid (in full or in part, on a date) and / or credited in the accounting program.
 */
async function arrange(
  basis: Basis,
  options: { invoiceDate?: string; pay?: { amountOre: number; date: string }[]; full?: string; credit?: boolean } = {},
): Promise<Invoice> {
  const invoiceDate = options.invoiceDate ?? daysAgo(30);
  const created = await send('POST', '/invoices', a.owner, {
    requestId: basisInvoiceRequestId(a.clubAccountId, a.clubAccountId, basis.gitId),
    customerNumber: '1001',
    invoiceDate,
    dueDate: stockholmDate(new Date(new Date(`${invoiceDate}T12:00:00Z`).getTime() + 30 * DAY)),
    rows: [{ description: `Årsavgift ${basis.memberName}`, priceOre: basis.totalOre, vatPercent: 0 }],
  });
  expect(created.statusCode, created.body).toBe(201);
  const invoice = created.json().data as Invoice;
  expect((await send('PUT', `/invoices/${invoice.id}/bookkeep`, a.owner)).statusCode).toBe(200);
  const payments = [...(options.pay ?? []), ...(options.full ? [{ amountOre: basis.totalOre, date: options.full }] : [])];
  for (const p of payments) {
    const paid = await send('POST', `/invoices/${invoice.id}/payments`, a.owner, { paymentDate: p.date, amountOre: p.amountOre });
    expect(paid.statusCode, paid.body).toBe(201);
  }
  if (options.credit) expect((await send('PUT', `/invoices/${invoice.id}/credit`, a.owner)).statusCode).toBe(200);
  return invoice;
}

/** POST git/report-status, then its job; answers the finished run. */
async function report(body: object, who: { headers: Record<string, string> } = a.owner): Promise<GitTransaction> {
  const res = await send('POST', '/git/report-status', who, body, 'en');
  expect(res.statusCode, res.body).toBe(202);
  const queued = res.json().data as GitTransaction;
  expect(queued).toMatchObject({ kind: 'report_status', status: 'queued', trigger: 'manual' });
  await runReportStatus(app, queued.id);
  return runOf(queued.id);
}

async function runOf(id: string): Promise<GitTransaction> {
  const list = (await get('/git/transactions?pageSize=100', a.owner)).json().data as GitTransaction[];
  const run = list.find((r) => r.id === id);
  if (!run) throw new Error(`run ${id} not in the transaction log`);
  return run;
}

const mirrorOf = async (basis: Basis) =>
  (await app.db.select().from(gitInvoiceBases).where(eq(gitInvoiceBases.id, basis.id)))[0] as Basis;

beforeAll(async () => {
  let aStaff: TestMember;
  ({ t, app, sim: fortnox, a, b, aStaff } = await connectedWorld());
  void aStaff;
  ({ send, get } = apiAs(app));
  git = await startGitSimulator({ members: 150, seed: 'git-report' });
  // The app's own GIT simulator, so its address is one the app may call.
  app.simulators.use('git', git);
  const connect = async (who: TestOrganisation) => {
    const res = await send('PUT', '/git/connection', who.owner, {
      clubId: git.clubId,
      apiKey: git.apiKey,
      baseUrl: git.apiBaseUrl,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [run] = await app.db
      .select()
      .from(gitTransactions)
      .where(and(eq(gitTransactions.clubAccountId, who.clubAccountId), eq(gitTransactions.status, 'queued')));
    await runGitRefresh(app, run?.id as string);
  };
  await connect(a);
  await connect(b);
  unpaid = await app.db
    .select()
    .from(gitInvoiceBases)
    .where(and(eq(gitInvoiceBases.clubAccountId, a.clubAccountId), eq(gitInvoiceBases.status, 'unpaid')))
    .orderBy(asc(gitInvoiceBases.number));
  expect(unpaid.length).toBeGreaterThan(20);
  aReader = await memberWithScopes(app, a, 'GIT-läsare', ['git.read']);
  aNoGit = await memberWithScopes(app, a, 'Kassa', ['customers.read', 'invoices.read']);
  await saveApi({ club_to_sync: a.clubAccountId });
}, 180_000);

afterAll(async () => {
  await git?.close();
  await t?.close();
});

describe('POST git/report-status: the request', () => {
  it('needs a chosen basis when basisIds is given, in the spec’s words, sv and en', async () => {
    const en = await send('POST', '/git/report-status', a.owner, { kind: 'paid', basisIds: [] }, 'en');
    expect(en.statusCode).toBe(400);
    expect(en.json().error.basisIds).toEqual(['Kindly select one or more invoices']);
    const sv = await send('POST', '/git/report-status', a.owner, { kind: 'paid', basisIds: [] }, 'sv');
    expect(sv.json().error.basisIds).toEqual(['Välj en eller flera fakturor']);
    expect((await send('POST', '/git/report-status', a.owner, { kind: 'refunded' })).statusCode).toBe(400);
    expect((await send('POST', '/git/report-status', a.owner, { kind: 'paid', basisIds: ['nope'] })).statusCode).toBe(400);
    // Nothing was queued by any of them.
    const runs = await app.db.select().from(gitTransactions).where(eq(gitTransactions.kind, 'report_status'));
    expect(runs).toHaveLength(0);
  });

  it('needs a club account to sync to (club_to_sync)', async () => {
    const res = await send('POST', '/git/report-status', b.owner, { kind: 'paid' }, 'en');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.club_to_sync).toEqual(['Kindly select club to sync data to']);
    // The body names the setting, so the web can say where it is set and link there.
    expect(res.json().setting).toEqual({ group: 'api', field: 'club_to_sync' });
  });

  it('needs git.write; git.read alone or no GIT scope is refused', async () => {
    expect((await send('POST', '/git/report-status', aReader, { kind: 'paid' })).statusCode).toBe(403);
    expect((await send('POST', '/git/report-status', aNoGit, { kind: 'credited' })).statusCode).toBe(403);
  });

  it('answers 404 for another organisation’s invoice bases and queues nothing', async () => {
    await saveApi({ club_to_sync: b.clubAccountId }, b.owner);
    const res = await send('POST', '/git/report-status', b.owner, { kind: 'paid', basisIds: [unpaid[0]?.id] }, 'en');
    expect(res.statusCode).toBe(404);
    // A's own ids work for A.
    const mine = await send('POST', '/git/report-status', a.owner, { kind: 'paid', basisIds: [unpaid[0]?.id] });
    expect(mine.statusCode).toBe(202);
    await runReportStatus(app, mine.json().data.id);
    const bRuns = (await get('/git/transactions?pageSize=100', b.owner)).json().data as GitTransaction[];
    expect(bRuns.filter((r) => r.kind === 'report_status')).toHaveLength(0);
    expect(
      (await get(`/git/transactions?pageSize=100`, a.owner))
        .json()
        .data.some((r: GitTransaction) => r.id === mine.json().data.id),
    ).toBe(true);
  });

  it('joins a run still queued when the same request comes again (a double click)', async () => {
    const first = await send('POST', '/git/report-status', a.owner, { kind: 'paid' });
    const again = await send('POST', '/git/report-status', a.owner, { kind: 'paid' });
    expect(again.json().data.id).toBe(first.json().data.id);
    const other = await send('POST', '/git/report-status', a.owner, { kind: 'credited' });
    expect(other.json().data.id).not.toBe(first.json().data.id);
    await runReportStatus(app, first.json().data.id);
    await runReportStatus(app, other.json().data.id);
    expect((await runOf(first.json().data.id)).status).toBe('succeeded');
  });
});

describe('paid invoices → GIT mark paid', () => {
  it('marks a basis whose invoice is fully paid paid in GIT, activating the membership, and never reports it twice', async () => {
    const basis = takeBasis();
    const invoice = await arrange(basis, { full: daysAgo(2) });
    // The invoice carries the reference report-back finds it by.
    const [row] = await app.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(row?.externalRef).toBe(basisInvoiceExternalRef(a.clubAccountId, a.clubAccountId, basis.gitId));
    expect(inGit(basis).paid).toBe(0);

    const run = await report({ kind: 'paid' });
    expect(run).toMatchObject({ status: 'succeeded', targetClubAccountId: a.clubAccountId, failed: 0, error: null });
    expect(run.counts.paid?.updated).toBeGreaterThanOrEqual(1);
    expect(run.processed).toBe(run.total);
    const after = inGit(basis);
    expect(after.paid).toBe(after.total);
    expect(after.payments).toHaveLength(1);
    expect(after.payments[0]?.paidAt.slice(0, 10)).toBe(daysAgo(2));
    expect(git.data.members.find((m) => m.golfId === basis.memberGolfId)?.active).toBe(true);
    // The portal's copy of GIT follows GIT's answer at once.
    expect(await mirrorOf(basis)).toMatchObject({ status: 'paid', paidOre: basis.totalOre });

    const markPaidCalls = () => git.requestLog.filter((r) => r.path.endsWith(`/invoice-bases/${basis.gitId}/mark-paid`)).length;
    const calls = markPaidCalls();
    const rerun = await report({ kind: 'paid' });
    expect(rerun.status).toBe('succeeded');
    expect(markPaidCalls()).toBe(calls);
    expect(inGit(basis).payments).toHaveLength(1);

    const events = await app.db
      .select()
      .from(eventLogs)
      .where(and(eq(eventLogs.organisationId, a.organisationId), eq(eventLogs.resource, 'git')));
    expect(events.map((e) => `${e.type} ${e.activity}`)).toEqual(
      expect.arrayContaining(['INFO gitReport.event.started', 'SUCCESS gitReport.event.finished']),
    );
  });

  it('reports a partly paid invoice only with include_partially_paid_invoices, with the amount paid, and the rest later', async () => {
    const basis = takeBasis();
    const half = Math.floor(basis.totalOre / 2);
    const invoice = await arrange(basis, { pay: [{ amountOre: half, date: daysAgo(3) }] });

    await report({ kind: 'paid' });
    expect(inGit(basis).paid).toBe(0);
    const chosen = await report({ kind: 'paid', basisIds: [basis.id] });
    expect(chosen).toMatchObject({ status: 'succeeded', total: 1, processed: 1, failed: 1 });
    expect(chosen.failures[0]).toMatchObject({ basisGitId: basis.gitId, invoiceNumber: invoice.number });
    expect(chosen.failures[0]?.message).toMatch(/only partly paid/);
    expect(inGit(basis).paid).toBe(0);

    await saveApi({ include_partially_paid_invoices: true });
    const partly = await report({ kind: 'paid' });
    expect(partly.counts.partiallyPaid?.updated).toBe(1);
    expect(inGit(basis)).toMatchObject({ paid: half, paidAt: expect.stringContaining(daysAgo(3)) });
    expect((await mirrorOf(basis)).status).toBe('partially_paid');

    // The rest paid in accounting: GIT gets the rest, once.
    const rest = await send('POST', `/invoices/${invoice.id}/payments`, a.owner, {
      paymentDate: daysAgo(1),
      amountOre: basis.totalOre - half,
    });
    expect(rest.statusCode, rest.body).toBe(201);
    await report({ kind: 'paid' });
    await report({ kind: 'paid' });
    const done = inGit(basis);
    expect(done.paid).toBe(done.total);
    expect(done.payments.map((p) => p.amountOre)).toEqual([half, basis.totalOre - half]);
    await saveApi({ include_partially_paid_invoices: false });
  });

  it('honours payment_start_date in a bulk report; chosen bases are reported whatever their date', async () => {
    const early = takeBasis();
    const late = takeBasis();
    await arrange(early, { invoiceDate: daysAgo(40), full: daysAgo(20) });
    await arrange(late, { invoiceDate: daysAgo(40), full: daysAgo(2) });
    await saveApi({ payment_start_date: daysAgo(10) });

    await report({ kind: 'paid' });
    expect(inGit(late).paid).toBe(inGit(late).total);
    expect(inGit(early).paid).toBe(0);

    const chosen = await report({ kind: 'paid', basisIds: [early.id] });
    expect(chosen).toMatchObject({ failed: 0 });
    expect(chosen.counts.paid?.updated).toBe(1);
    expect(inGit(early).paid).toBe(inGit(early).total);
    await saveApi({ payment_start_date: null });
  });

  it('covers only invoices created or paid within the last 6 months in a bulk report', async () => {
    const old = takeBasis();
    const oldButPaidLately = takeBasis();
    await arrange(old, { invoiceDate: daysAgo(250), full: daysAgo(220) });
    await arrange(oldButPaidLately, { invoiceDate: daysAgo(250), full: daysAgo(5) });

    await report({ kind: 'paid' });
    expect(inGit(old).paid).toBe(0);
    expect(inGit(oldButPaidLately).paid).toBe(inGit(oldButPaidLately).total);

    await report({ kind: 'paid', basisIds: [old.id] });
    expect(inGit(old).paid).toBe(inGit(old).total);
  });

  it('skips an invoice the sync paused, and says so when it was chosen', async () => {
    const basis = takeBasis();
    const invoice = await arrange(basis, { full: daysAgo(1) });
    await app.db.insert(gitSyncItems).values({
      organisationId: a.organisationId,
      clubAccountId: a.clubAccountId,
      targetClubAccountId: a.clubAccountId,
      basisGitId: basis.gitId,
      occasionGitId: basis.occasionGitId,
      state: 'paused',
      invoiceNumber: invoice.number,
      pausedAt: new Date(),
    });
    await report({ kind: 'paid' });
    expect(inGit(basis).paid).toBe(0);
    const chosen = await report({ kind: 'paid', basisIds: [basis.id] });
    expect(chosen.failures.map((f) => f.message)).toEqual([`Invoice ${invoice.number} is paused and is not reported`]);
    expect(inGit(basis).paid).toBe(0);
  });

  it('never reports a basis imported from Excel (GIT has no such basis), and says so when it was chosen', async () => {
    const original = takeBasis();
    const imported = { ...original, gitId: `import-test-${original.gitId}` };
    await app.db.update(gitInvoiceBases).set({ gitId: imported.gitId }).where(eq(gitInvoiceBases.id, original.id));
    await arrange(imported, { full: daysAgo(1) });
    const bulk = await report({ kind: 'paid' });
    expect(bulk.failures.filter((f) => f.basisGitId === imported.gitId)).toEqual([]);
    const chosen = await report({ kind: 'paid', basisIds: [original.id] });
    expect(chosen).toMatchObject({ status: 'succeeded', failed: 1 });
    expect(chosen.failures.map((f) => f.message)).toEqual([
      'The invoice basis was imported from Excel and does not exist in GIT; mark it paid or credited in GIT itself',
    ]);
    expect(inGit(original).paid).toBe(0);
  });

  it('tells which chosen bases have no paid invoice', async () => {
    const unsynced = takeBasis();
    const unpaidOne = takeBasis();
    const invoice = await arrange(unpaidOne);
    const run = await report({ kind: 'paid', basisIds: [unsynced.id, unpaidOne.id] });
    expect(run).toMatchObject({ total: 2, processed: 2, failed: 2 });
    expect(run.failures.map((f) => f.message).sort()).toEqual(
      [
        `Invoice ${invoice.number} is not paid in the accounting program`,
        'The invoice basis has no invoice in the accounting program',
      ].sort(),
    );
  });
});

describe('credited invoices → GIT credit', () => {
  it('credits in GIT what was credited in accounting on or after credit_start_date', async () => {
    const basis = takeBasis();
    await arrange(basis, { credit: true });
    await saveApi({ credit_start_date: daysAhead(1) });
    await report({ kind: 'credited' });
    expect(inGit(basis).creditedAt).toBeNull();

    await saveApi({ credit_start_date: today() });
    const run = await report({ kind: 'credited' });
    expect(run.counts.credited?.updated).toBe(1);
    const credited = inGit(basis);
    expect(credited.creditedAt?.slice(0, 10)).toBe(today());
    expect(credited.creditReason).toMatch(/Krediterad i bokföringen/);
    expect((await mirrorOf(basis)).status).toBe('credited');
    // A credited basis is not marked paid, and a second credit report changes nothing.
    const calls = git.requestLog.filter((r) => r.path.includes(`/invoice-bases/${basis.gitId}/`)).length;
    await report({ kind: 'credited' });
    await report({ kind: 'paid' });
    expect(git.requestLog.filter((r) => r.path.includes(`/invoice-bases/${basis.gitId}/`)).length).toBe(calls);
  });
});

describe('faults', () => {
  it('puts the run back in the queue on GIT 5xx, and the retry reports the payment once', async () => {
    const basis = takeBasis();
    await arrange(basis, { full: daysAgo(1) });
    const res = await send('POST', '/git/report-status', a.owner, { kind: 'paid', basisIds: [basis.id] });
    const id = res.json().data.id as string;
    git.faults.failNext(10, 503, { path: '/mark-paid' });
    expect(await runReportStatus(app, id)).toBe('retry');
    git.faults.reset();
    expect((await runOf(id)).status).toBe('queued');
    const [pending] = await app.db.select().from(gitStatusReports).where(eq(gitStatusReports.basisGitId, basis.gitId));
    expect(pending).toMatchObject({ state: 'pending', amountOre: basis.totalOre });

    // As if GIT had carried out the call whose answer was lost: the retry sends the same call, once.
    const client = createGitClient({ baseUrl: git.apiBaseUrl, apiKey: git.apiKey, clubId: git.clubId });
    await client.markPaid(basis.gitId, {
      paidAt: pending?.eventAt as Date,
      amountOre: basis.totalOre,
      reference: pending?.reference as string,
    });
    await runReportStatus(app, id);
    expect(await runOf(id)).toMatchObject({ status: 'succeeded', failed: 0 });
    expect(inGit(basis).payments).toHaveLength(1);
    const [done] = await app.db.select().from(gitStatusReports).where(eq(gitStatusReports.basisGitId, basis.gitId));
    expect(done?.state).toBe('done');
  });

  it('runs one report at a time per GIT club account: a second waits (queued) while the first works', async () => {
    const first = (await send('POST', '/git/report-status', a.owner, { kind: 'paid' })).json().data as GitTransaction;
    const second = (await send('POST', '/git/report-status', a.owner, { kind: 'credited' })).json().data as GitTransaction;
    // The first is being worked by another worker right now.
    await app.db
      .update(gitTransactions)
      .set({ status: 'running', startedAt: new Date(), heartbeatAt: new Date(), attempts: 1 })
      .where(eq(gitTransactions.id, first.id));
    expect(await runReportStatus(app, second.id)).toBe('busy');
    expect(await runReportStatus(app, first.id)).toBe('live');
    expect((await runOf(second.id)).status).toBe('queued');
    // Its worker died two minutes ago: taken over and finished.
    await app.db
      .update(gitTransactions)
      .set({ heartbeatAt: new Date(Date.now() - 2 * 60 * 1000) })
      .where(eq(gitTransactions.id, first.id));
    await runReportStatus(app, first.id);
    await runReportStatus(app, second.id);
    expect((await runOf(first.id)).status).toBe('succeeded');
    expect((await runOf(second.id)).status).toBe('succeeded');
  });

  it('stops with GIT’s message when the key is revoked, and marks the connection', async () => {
    const basis = takeBasis();
    await arrange(basis, { full: daysAgo(1) });
    const res = await send('POST', '/git/report-status', a.owner, { kind: 'paid' });
    git.faults.revokeKey();
    try {
      await runReportStatus(app, res.json().data.id);
      const run = await runOf(res.json().data.id);
      expect(run.status).toBe('failed');
      expect(run.error).toMatch(/API-nyckeln|API key/);
      const [connection] = await app.db.select().from(gitConnections).where(eq(gitConnections.clubAccountId, a.clubAccountId));
      expect(connection?.status).toBe('key_revoked');
      const refused = await send('POST', '/git/report-status', a.owner, { kind: 'paid' }, 'en');
      expect(refused.statusCode).toBe(409);
      expect(refused.json().eng_message).toMatch(/revoked/);
    } finally {
      git.faults.restoreKey();
    }
    const again = await send('PUT', '/git/connection', a.owner, {
      clubId: git.clubId,
      apiKey: git.apiKey,
      baseUrl: git.apiBaseUrl,
    });
    expect(again.statusCode).toBe(200);
    await report({ kind: 'paid' });
    expect(inGit(basis).paid).toBe(inGit(basis).total);
    void fortnox;
  });
});

describe('the auto-sync schedule (API configuration)', () => {
  const runsOf = async (clubAccountId: string) =>
    app.db.select().from(gitTransactions).where(eq(gitTransactions.clubAccountId, clubAccountId));

  it('queues nothing for a club account whose auto_sync is off', async () => {
    await saveApi({ auto_sync: false, auto_mark_invoice_as_paid: true, credit_start_date: today() });
    const before = (await runsOf(a.clubAccountId)).length;
    const beforeB = (await runsOf(b.clubAccountId)).length;
    expect(await queueScheduledGitSyncs(app)).toEqual([]);
    expect((await runsOf(a.clubAccountId)).length).toBe(before);
    expect((await runsOf(b.clubAccountId)).length).toBe(beforeB);
  });

  it('with auto_sync on: a GIT refresh, and no report while auto_mark_invoice_as_paid is off and credit_start_date empty', async () => {
    await saveApi({
      auto_sync: true,
      club_to_sync: a.clubAccountId,
      auto_sync_git_to_accounting: false,
      auto_mark_invoice_as_paid: false,
      credit_start_date: null,
    });
    const queued = await queueScheduledGitSyncs(app);
    expect(queued).toEqual([
      {
        gitTarget: { organisationId: a.organisationId, clubAccountId: a.clubAccountId },
        targetClubAccountId: a.clubAccountId,
        refreshRunId: expect.any(String),
        syncRunId: null,
        reportRunId: null,
      },
    ]);
    const runs = await runsOf(a.clubAccountId);
    expect(runs.find((r) => r.id === queued[0]?.refreshRunId)).toMatchObject({ kind: 'refresh', status: 'queued' });
    expect(runs.filter((r) => r.status === 'queued' && (r.kind === 'report_status' || r.kind === 'sync_invoices'))).toEqual([]);
    await runGitRefresh(app, queued[0]?.refreshRunId as string);
  });

  it('reports payments with auto_mark_invoice_as_paid, and credits once credit_start_date is set, for club_to_sync', async () => {
    const paid = takeBasis();
    await arrange(paid, { full: daysAgo(1) });
    await saveApi({ auto_sync: true, auto_mark_invoice_as_paid: true, credit_start_date: null });
    const [first] = await queueScheduledGitSyncs(app);
    expect(first?.reportRunId).toEqual(expect.any(String));
    const [run] = await app.db
      .select()
      .from(gitTransactions)
      .where(eq(gitTransactions.id, first?.reportRunId as string));
    expect(run).toMatchObject({
      kind: 'report_status',
      trigger: 'scheduled',
      status: 'queued',
      targetClubAccountId: a.clubAccountId,
    });
    const [request] = await app.db
      .select()
      .from(gitReportRuns)
      .where(eq(gitReportRuns.runId, run?.id as string));
    expect(request).toMatchObject({ kinds: ['paid'], basisIds: null });
    await runGitRefresh(app, first?.refreshRunId as string);
    await runReportStatus(app, run?.id as string);
    expect(inGit(paid).paid).toBe(inGit(paid).total);

    await saveApi({ credit_start_date: today() });
    const [second] = await queueScheduledGitSyncs(app);
    const [both] = await app.db
      .select()
      .from(gitReportRuns)
      .where(eq(gitReportRuns.runId, second?.reportRunId as string));
    expect(both?.kinds).toEqual(['credited', 'paid']);
    await runGitRefresh(app, second?.refreshRunId as string);
    const finished = async () =>
      (
        await app.db
          .select()
          .from(eventLogs)
          .where(and(eq(eventLogs.organisationId, a.organisationId), eq(eventLogs.activity, 'gitReport.event.finished')))
      ).length;
    const logged = await finished();
    await runReportStatus(app, second?.reportRunId as string);
    // Nothing new to report: the quarter-hourly run leaves no event-log row.
    expect((await runOf(second?.reportRunId as string)).status).toBe('succeeded');
    expect(await finished()).toBe(logged);
  });

  it('queues the sync of new bases with auto_sync_git_to_accounting (once every GIT article is mapped)', async () => {
    await saveApi({
      auto_sync: true,
      auto_sync_git_to_accounting: true,
      auto_mark_invoice_as_paid: false,
      credit_start_date: null,
    });
    // Unmapped articles: the sync is refused (the refresh still goes), nothing half-queued.
    const [unmapped] = await queueScheduledGitSyncs(app);
    expect(unmapped).toMatchObject({ syncRunId: null, refreshRunId: expect.any(String) });
    const mapped = await send('PUT', '/git/article-mappings', a.owner, {
      mappings: [...new Set(git.data.articles.map((x) => x.code))].map((gitArticleCode) => ({ gitArticleCode, create: true })),
    });
    expect(mapped.statusCode, mapped.body).toBe(200);
    const [queued] = await queueScheduledGitSyncs(app);
    expect(queued?.syncRunId).toEqual(expect.any(String));
    const [run] = await app.db
      .select()
      .from(gitTransactions)
      .where(eq(gitTransactions.id, queued?.syncRunId as string));
    expect(run).toMatchObject({
      kind: 'sync_invoices',
      trigger: 'scheduled',
      status: 'queued',
      targetClubAccountId: a.clubAccountId,
    });
    await app.db
      .update(gitTransactions)
      .set({ status: 'failed' })
      .where(eq(gitTransactions.id, run?.id as string));
    await saveApi({ auto_sync_git_to_accounting: false });
  });

  it('works on the accounting program of club_to_sync, another club account of the organisation', async () => {
    const other = await addClubAccount(app, a.organisationId, 'Alfa GK Restaurang AB');
    // The owner who points the configuration there was given the account.
    await app.db
      .insert(userClubAccounts)
      .values({ userId: a.owner.userId, clubAccountId: other, organisationId: a.organisationId });
    await saveApi({ auto_sync: true, club_to_sync: other, auto_mark_invoice_as_paid: true });
    const [queued] = await queueScheduledGitSyncs(app);
    expect(queued?.targetClubAccountId).toBe(other);
    const [run] = await app.db
      .select()
      .from(gitTransactions)
      .where(eq(gitTransactions.id, queued?.reportRunId as string));
    expect(run?.targetClubAccountId).toBe(other);
    await saveApi({ auto_sync: false, club_to_sync: a.clubAccountId });
  });
});
