import { randomUUID } from 'node:crypto';
import { and, count, eq, isNotNull, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiAs, connectThroughConsent, useFortnoxSimulator } from '../../../../test/fixtures/accounting';
import { createOrganisation, type TestOrganisation } from '../../../../test/fixtures/users';
import { createTestApp, TEST_DATABASE_URL, type TestApp } from '../../../../test/test-app';
import type { App } from '../../../app';
import { ANALYZE_AFTER_ROWS } from '../../../db/maintenance';
import { asSchemaOwner } from '../../../db/tenant-context';
import { renderFailure } from '../../../lib/failure';
import type { FortnoxSimulator } from '../../../providers/fortnox/simulator/index';
import { mirrorArticles } from '../../articles/articles.mirror';
import { articles } from '../../articles/articles.tables';
import { mirrorContracts } from '../../contracts/contracts.mirror';
import { contracts } from '../../contracts/contracts.tables';
import { mirrorCustomers } from '../../customers/customers.mirror';
import { customers } from '../../customers/customers.tables';
import { eventLogs } from '../../eventlogs/eventlogs.tables';
import { invoicePayments, invoices } from '../../invoices/invoices.tables';
import { clubAccounts } from '../../organizations/organizations.tables';
import { accountingFor } from '../connection/accounting-for';
import { connectors } from '../connector/connector.tables';
import { queueMirrorRefresh } from './queue';
import { mirrorRefreshRuns, queueScheduledRefreshes, runMirrorRefresh } from './refresh.service';
import { accountingCodeItems, accountingSyncRuns } from './refresh.tables';

let t: TestApp;
let app: App;
let sim: FortnoxSimulator;
let a: TestOrganisation;

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  sim = await useFortnoxSimulator(app);
  a = await createOrganisation(app, { name: 'Alfa GK' });
  await connectThroughConsent(app, a.owner);
});

afterAll(async () => {
  await t?.close();
});

const mirrored = async (
  table: typeof customers | typeof articles | typeof invoices | typeof contracts | typeof invoicePayments,
) => (await app.db.select({ n: count() }).from(table).where(eq(table.clubAccountId, a.clubAccountId)))[0]?.n ?? 0;
const run = async (id: string) => (await app.db.select().from(accountingSyncRuns).where(eq(accountingSyncRuns.id, id)))[0];
const tenant = () => sim.defaultTenantId;

describe('the mirror of the accounting program', () => {
  it('reads everything on the first refresh: documents, payments, code lists, paid dates', async () => {
    const [initial] = await app.db.select().from(accountingSyncRuns).where(eq(accountingSyncRuns.clubAccountId, a.clubAccountId));
    expect(initial?.status).toBe('queued');
    await runMirrorRefresh(app, initial?.id as string);

    expect((await run(initial?.id as string))?.status).toBe('succeeded');
    expect(await mirrored(customers)).toBe(sim.store.count(tenant(), 'customers'));
    expect(await mirrored(articles)).toBe(sim.store.count(tenant(), 'articles'));
    expect(await mirrored(invoices)).toBe(sim.store.count(tenant(), 'invoices'));
    expect(await mirrored(contracts)).toBe(sim.store.count(tenant(), 'contracts'));
    expect(await mirrored(invoicePayments)).toBe(sim.store.count(tenant(), 'invoicepayments'));
    const units = await app.db
      .select()
      .from(accountingCodeItems)
      .where(and(eq(accountingCodeItems.clubAccountId, a.clubAccountId), eq(accountingCodeItems.kind, 'units')));
    expect(units.length).toBeGreaterThan(0);
    const paid = await app.db
      .select({ n: count() })
      .from(invoices)
      .where(and(eq(invoices.clubAccountId, a.clubAccountId), isNotNull(invoices.fullyPaidOn)));
    expect(paid[0]?.n).toBeGreaterThan(0);
    const events = await app.db.select().from(eventLogs).where(eq(eventLogs.activity, 'accounting.event.refreshed'));
    expect(events).toHaveLength(1);
  });

  it.runIf(!TEST_DATABASE_URL)(
    'on embedded PGlite (no autovacuum) vacuums and analyzes the tables a large read filled',
    async () => {
      expect(app.database.driver).toBe('pglite');
      expect(sim.store.count(tenant(), 'invoices')).toBeGreaterThanOrEqual(ANALYZE_AFTER_ROWS);
      // pg_stats hides the statistics of row-level-secured tables from a role held to the policies.
      const analyzed = async (table: string) =>
        (
          await asSchemaOwner(() =>
            app.database.executeSql(`select count(*)::int as n from pg_stats where tablename = '${table}'`),
          )
        ).rows[0]?.n;
      expect(await analyzed('invoices')).toBeGreaterThan(0);
      // Vacuumed: its pages are marked all-visible, so index-only scans skip the rows themselves.
      const visible = await app.database.executeSql(
        `select relallvisible::int as n, relpages::int as pages from pg_class where relname = 'invoices'`,
      );
      expect(visible.rows[0]?.n).toBeGreaterThan(0);
      // Code lists are a few rows each: nothing to plan, nothing analyzed.
      expect(await analyzed('accounting_code_items')).toBe(0);
    },
  );

  it('then reads only what changed, and keeps what a full read stored', async () => {
    const provider = await accountingFor(app, a, a.clubAccountId);
    const created = await provider.customers.create(
      {
        name: 'Nils Nyberg',
        type: 'private',
        organisationNumber: null,
        active: true,
        address: { address1: 'Banvägen 3', address2: null, zipCode: '752 30', city: 'Uppsala', countryCode: 'SE' },
        deliveryAddress: { address1: null, address2: null, zipCode: null, city: null, countryCode: null },
        phone1: '070-174 06 50',
        phone2: null,
        email: 'nils@example.se',
        emailInvoice: null,
        www: null,
        fax: null,
        yourReference: null,
        ourReference: null,
        notes: 'Betalar alltid i tid',
        termsOfPayment: '30',
        termsOfDelivery: null,
        currency: 'SEK',
        priceList: 'A',
        invoiceDiscountBasisPoints: null,
        invoiceAdministrationFeeOre: null,
        invoiceFreightOre: null,
        vatType: 'SEVAT',
        salesAccount: null,
        costCenter: null,
        project: null,
        defaultDelivery: 'email',
        invoiceTemplate: null,
      },
      { externalRef: 'fw-test-1' },
    );
    const runId = await queueMirrorRefresh(app, { organisationId: a.organisationId, clubAccountId: a.clubAccountId }, 'manual');
    await runMirrorRefresh(app, runId);
    const done = await run(runId);
    expect(done?.status).toBe('succeeded');
    // Incremental: only the new customer is read, not all of them again.
    expect(done?.counts.customers?.fetched).toBeLessThan(5);
    const [row] = await app.db
      .select()
      .from(customers)
      .where(and(eq(customers.clubAccountId, a.clubAccountId), eq(customers.number, created.number)));
    expect(row?.name).toBe('Nils Nyberg');
    // The list answer is a summary; a later summary must not wipe what a full read stored.
    const { mirrorCustomers } = await import('../../customers/customers.mirror');
    await mirrorCustomers(app.db, a, [await provider.customers.get(created.number)]);
    await mirrorCustomers(app.db, a, [{ ...created, notes: null, phone2: null }]);
    const [kept] = await app.db
      .select()
      .from(customers)
      .where(eq(customers.id, row?.id as string));
    expect(kept?.data.notes).toBe('Betalar alltid i tid');
  });

  it('reads Fortnox articles whole once, for the stock and discontinued flags its list leaves out', async () => {
    const stockInProgram = new Set(
      [...sim.store.tenant(tenant()).articles.values()].filter((x) => x.doc.StockGoods).map((x) => x.doc.ArticleNumber),
    );
    expect(stockInProgram.size).toBeGreaterThan(0);
    const stockInMirror = async () =>
      new Set(
        (await app.db.select().from(articles).where(eq(articles.clubAccountId, a.clubAccountId)))
          .filter((r) => r.data.stockItem)
          .map((r) => r.number),
      );
    // Summaries only so far (tests read nothing whole unless they ask): no stock items known.
    expect(await stockInMirror()).not.toEqual(stockInProgram);

    const target = { organisationId: a.organisationId, clubAccountId: a.clubAccountId };
    const all = sim.store.count(tenant(), 'articles');
    await runMirrorRefresh(app, await queueMirrorRefresh(app, target, 'manual'), { fullReads: all });
    expect(await stockInMirror()).toEqual(stockInProgram);
    const unread = await app.db
      .select({ n: count() })
      .from(articles)
      .where(and(eq(articles.clubAccountId, a.clubAccountId), isNull(articles.readInFullAt)));
    expect(unread[0]?.n).toBe(0);

    // The next incremental run's summaries do not undo it.
    await runMirrorRefresh(app, await queueMirrorRefresh(app, target, 'manual'), { fullReads: 0 });
    expect(await stockInMirror()).toEqual(stockInProgram);
  });

  it('reads customers and contracts whole after the articles, at most the limit a run, the next run going on', async () => {
    const target = { organisationId: a.organisationId, clubAccountId: a.clubAccountId };
    const unread = async (table: typeof customers | typeof contracts | typeof articles) =>
      (
        await app.db
          .select({ n: count() })
          .from(table)
          .where(and(eq(table.clubAccountId, a.clubAccountId), isNull(table.readInFullAt)))
      )[0]?.n ?? 0;
    const allCustomers = sim.store.count(tenant(), 'customers');
    expect(await unread(customers)).toBe(allCustomers);
    await runMirrorRefresh(app, await queueMirrorRefresh(app, target, 'manual'), { fullReads: 10 });
    expect(await unread(customers)).toBe(allCustomers - 10);
    expect(await unread(contracts)).toBe(sim.store.count(tenant(), 'contracts'));
    await runMirrorRefresh(app, await queueMirrorRefresh(app, target, 'manual'), { fullReads: 1000 });
    expect(await unread(customers)).toBe(0);
    expect(await unread(contracts)).toBe(0);

    // What the program has, as read whole: the customers' types, the contracts' dates.
    const typeInProgram = new Map(
      [...sim.store.tenant(tenant()).customers.values()].map((x) => [
        x.doc.CustomerNumber,
        x.doc.Type === 'COMPANY' ? 'company' : 'private',
      ]),
    );
    expect(new Set(typeInProgram.values())).toEqual(new Set(['company', 'private']));
    const typesInMirror = async () =>
      new Map(
        (await app.db.select().from(customers).where(eq(customers.clubAccountId, a.clubAccountId))).map((r) => [
          r.number,
          r.type,
        ]),
      );
    expect(await typesInMirror()).toEqual(typeInProgram);
    const datedContracts = async () =>
      (await app.db.select().from(contracts).where(eq(contracts.clubAccountId, a.clubAccountId))).filter((r) => r.contractDate)
        .length;
    expect(await datedContracts()).toBe(sim.store.count(tenant(), 'contracts'));

    // A list refresh writes list items, which carry no type and no contract date: the mirror keeps them.
    const provider = await accountingFor(app, { organisationId: target.organisationId }, target.clubAccountId);
    const customerItems = (await provider.customers.list({ pageSize: 500 })).items;
    expect(customerItems.every((c) => c.type === 'private')).toBe(true);
    await mirrorCustomers(app.db, target, customerItems, undefined, false, { omits: provider.customers.summaryOmits });
    await mirrorContracts(app.db, target, (await provider.contracts.list({ pageSize: 500 })).items, undefined, false, {
      omits: provider.contracts.summaryOmits,
    });
    expect(await typesInMirror()).toEqual(typeInProgram);
    expect(await datedContracts()).toBe(sim.store.count(tenant(), 'contracts'));
    // Unchanged list items do not send anything back to be read whole (no reading in circles).
    await mirrorArticles(app.db, target, (await provider.articles.list({ pageSize: 500 })).items, undefined, false, {
      omits: provider.articles.summaryOmits,
    });
    expect(await unread(customers)).toBe(0);
    expect(await unread(contracts)).toBe(0);
    expect(await unread(articles)).toBe(0);

    // A list item that shows a change marks its customer for the next whole read, keeping the rest.
    const company = [...typeInProgram].find(([, type]) => type === 'company')?.[0] as string;
    sim.store.updateCustomer(sim.store.tenant(tenant()), company, { Email: 'ny@example.se' });
    await mirrorCustomers(app.db, target, (await provider.customers.list({ pageSize: 500 })).items, undefined, false, {
      omits: provider.customers.summaryOmits,
    });
    expect(await unread(customers)).toBe(1);
    expect((await typesInMirror()).get(company)).toBe('company');
    await runMirrorRefresh(app, await queueMirrorRefresh(app, target, 'manual'), { fullReads: 1000 });
    expect(await unread(customers)).toBe(0);
  });

  it('a joined request does not queue a second run', async () => {
    const target = { organisationId: a.organisationId, clubAccountId: a.clubAccountId };
    const first = await queueMirrorRefresh(app, target, 'manual');
    expect(await queueMirrorRefresh(app, target, 'after_write')).toBe(first);
    await runMirrorRefresh(app, first);
  });

  it('a run asked for while another of the club account is running waits for it, then runs', async () => {
    const target = { organisationId: a.organisationId, clubAccountId: a.clubAccountId };
    const first = await queueMirrorRefresh(app, target, 'manual');
    sim.faults.slow(300, 100);
    const running = runMirrorRefresh(app, first, { fullReads: 0 });
    await vi.waitFor(async () => expect((await run(first))?.status).toBe('running'), { timeout: 30_000 });
    // Queued while the first runs (a save's refresh), and picked up by a second worker at once:
    // it stays queued and its job comes back a few seconds later.
    const second = await queueMirrorRefresh(app, target, 'after_write');
    expect(second).not.toBe(first);
    // The page that started the first follows it by id; the latest run is now the second.
    const { get } = apiAs(app);
    expect((await get('/synchronize', a.owner)).json().data).toMatchObject({ id: second, status: 'queued' });
    expect((await get(`/synchronize?run=${first}`, a.owner)).json().data).toMatchObject({ id: first, status: 'running' });
    // Another organisation's run is not found.
    const other = await createOrganisation(app, { name: 'Beta GK' });
    expect((await get(`/synchronize?run=${first}`, other.owner)).statusCode).toBe(404);
    expect((await get('/synchronize?run=not-a-uuid', a.owner)).statusCode).toBe(400);
    expect(await runMirrorRefresh(app, second, { fullReads: 0 })).toBe('busy');
    expect((await run(second))?.status).toBe('queued');
    // Its job comes back shortly, without spending one of the run's attempts.
    const again = await app.database.executeSql(
      "select start_after > now() as later from pgboss.job where name = $1 and data->>'runId' = $2 and data->>'waits' = '1'",
      ['accounting.refresh', second],
    );
    expect(again.rows).toEqual([{ later: true }]);
    expect((await run(second))?.attempts).toBe(0);
    expect(await running).toBe('succeeded');
    sim.faults.clear();
    expect(await runMirrorRefresh(app, second, { fullReads: 0 })).toBe('succeeded');
    expect((await run(first))?.status).toBe('succeeded');
    expect((await run(second))?.status).toBe('succeeded');
  }, 60_000);

  it('a run whose worker died is not joined; the sweep resumes it from its checkpoint, and leaves a live run alone', async () => {
    const target = { organisationId: a.organisationId, clubAccountId: a.clubAccountId };
    const dead = await queueMirrorRefresh(app, target, 'manual');
    // Its worker died ten minutes ago, with the code lists and customers read and articles begun.
    await app.db
      .update(accountingSyncRuns)
      .set({
        status: 'running',
        attempts: 1,
        lease: randomUUID(),
        startedAt: new Date(Date.now() - 11 * 60_000),
        heartbeatAt: new Date(Date.now() - 10 * 60_000),
        checkpoint: { done: ['codeLists', 'customers'] },
      })
      .where(eq(accountingSyncRuns.id, dead));
    const fresh = await queueMirrorRefresh(app, target, 'manual');
    expect(fresh).not.toBe(dead);

    expect(await app.runs.sweep()).toMatchObject({ resumed: 1, abandoned: 0 });
    expect((await run(dead))?.status).toBe('queued');
    const jobs = await app.database.executeSql(
      "select id from pgboss.job where name = $1 and data->>'runId' = $2 and state = 'created'",
      ['accounting.refresh', dead],
    );
    expect(jobs.rows.length).toBeGreaterThanOrEqual(1);
    const before = sim.log.length;
    expect(await runMirrorRefresh(app, dead, { fullReads: 0 })).toBe('succeeded');
    const read = sim.log.slice(before).map((l) => l.path);
    expect(read.some((path) => path.startsWith('/3/customers'))).toBe(false);
    expect(read.some((path) => path.startsWith('/3/units'))).toBe(false);
    expect(read.some((path) => path.startsWith('/3/articles'))).toBe(true);
    expect(await run(dead)).toMatchObject({ status: 'succeeded', attempts: 2, lease: null });
    const resumed = await app.db.select().from(eventLogs).where(eq(eventLogs.activity, 'runs.accountingRefresh.resumed'));
    expect(resumed).toHaveLength(1);

    // A run whose worker beats is neither swept nor started a second time.
    const lease = randomUUID();
    await app.db
      .update(accountingSyncRuns)
      .set({ status: 'running', attempts: 1, lease, startedAt: new Date(), heartbeatAt: new Date() })
      .where(eq(accountingSyncRuns.id, fresh));
    expect(await app.runs.sweep()).toMatchObject({ resumed: 0 });
    expect(await runMirrorRefresh(app, fresh, { fullReads: 0 })).toBe('live');
    expect(await run(fresh)).toMatchObject({ status: 'running', lease });
    // Once it stops beating, it is the sweep's.
    await app.db
      .update(accountingSyncRuns)
      .set({ heartbeatAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(accountingSyncRuns.id, fresh));
    expect(await app.runs.sweep()).toMatchObject({ resumed: 1 });
    expect(await runMirrorRefresh(app, fresh, { fullReads: 0 })).toBe('succeeded');
  }, 60_000);

  it('a transient fault hands the run back for a retry; a revoked consent fails it for good', async () => {
    const target = { organisationId: a.organisationId, clubAccountId: a.clubAccountId };
    const runId = await queueMirrorRefresh(app, target, 'manual');
    sim.faults.serverError(50, { status: 503 });
    expect(await runMirrorRefresh(app, runId)).toBe('retry');
    expect((await run(runId))?.status).toBe('queued');
    sim.faults.clear();
    await runMirrorRefresh(app, runId);
    expect((await run(runId))?.status).toBe('succeeded');

    const next = await queueMirrorRefresh(app, target, 'scheduled');
    sim.faults.revokeConsent(tenant());
    await runMirrorRefresh(app, next);
    expect((await run(next))?.status).toBe('failed');
    const failures = await app.db.select().from(eventLogs).where(eq(eventLogs.activity, 'accounting.event.refreshFailed'));
    expect(failures.length).toBe(1);
  });

  it('a run that keeps dying with its worker is given up after its attempts, with the reason and an event-log line', async () => {
    const target = { organisationId: a.organisationId, clubAccountId: a.clubAccountId };
    const id = await queueMirrorRefresh(app, target, 'manual');
    await app.db
      .update(accountingSyncRuns)
      .set({
        status: 'running',
        attempts: mirrorRefreshRuns.maxAttempts,
        lease: randomUUID(),
        heartbeatAt: new Date(Date.now() - 10 * 60_000),
      })
      .where(eq(accountingSyncRuns.id, id));
    expect(await app.runs.sweep()).toMatchObject({ resumed: 0, abandoned: 1 });
    const given = await run(id);
    expect(given).toMatchObject({ status: 'failed', lease: null });
    // Stored as a reason (lib/failure.ts), shown in the reader's language.
    expect(renderFailure(given?.error ?? null, 'en')).toContain(`interrupted ${mirrorRefreshRuns.maxAttempts} times`);
    expect(given?.finishedAt).not.toBeNull();
    const failures = await app.db.select().from(eventLogs).where(eq(eventLogs.activity, 'accounting.event.refreshFailed'));
    expect(failures.some((f) => renderFailure(f.error, 'en')?.includes('interrupted'))).toBe(true);
    // A later job of the run finds nothing to do.
    expect(await runMirrorRefresh(app, id)).toBe('gone');
  });

  it('every 15 minutes refreshes each club account it can read: OAuth programs and online Visma Administration connectors', async () => {
    const vismaAdmin = async (name: string, lastSeenSecondsAgo: number | null) => {
      const org = await createOrganisation(app, { name });
      await app.db
        .update(clubAccounts)
        .set({ accountingProgram: 'visma_administration' })
        .where(eq(clubAccounts.id, org.clubAccountId));
      if (lastSeenSecondsAgo !== null) {
        const seen = new Date(Date.now() - lastSeenSecondsAgo * 1000);
        await app.db.insert(connectors).values({
          organisationId: org.organisationId,
          clubAccountId: org.clubAccountId,
          keyHash: `hash-${name}`,
          keyPrefix: 'fwc_test',
          registeredAt: seen,
          lastSeenAt: seen,
        });
      }
      return org;
    };
    const fortnox = await createOrganisation(app, { name: 'Fortnox GK' });
    await connectThroughConsent(app, fortnox.owner);
    const online = await vismaAdmin('Online GK', 5);
    const offline = await vismaAdmin('Tyst GK', 60 * 60);
    const neverInstalled = await vismaAdmin('Ny GK', null);

    const queued = (await queueScheduledRefreshes(app)).map((t) => t.clubAccountId);
    expect(queued).toEqual(expect.arrayContaining([fortnox.clubAccountId, online.clubAccountId]));
    // Alfa's consent was revoked above: its jobs stop until someone reconnects.
    expect(queued).not.toContain(a.clubAccountId);
    expect(queued).not.toContain(offline.clubAccountId);
    expect(queued).not.toContain(neverInstalled.clubAccountId);
    const runs = await app.db
      .select()
      .from(accountingSyncRuns)
      .where(and(eq(accountingSyncRuns.clubAccountId, online.clubAccountId), eq(accountingSyncRuns.trigger, 'scheduled')));
    expect(runs).toHaveLength(1);
  });
});
