import { randomUUID } from 'node:crypto';
import type { Contract, ContractListRow, ContractStatus } from '@fairway/shared';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiAs, connectedFile, csvLines, firstSheet, runQueuedRefreshes } from '../../../test/fixtures/accounting';
import { addClubAccount, createOrganisation, teamMembers } from '../../../test/fixtures/users';
import type { AccContract } from '../../providers/accounting/provider';
import { accountingFor } from '../accounting/connection/accounting-for';
import { accountingDeps } from '../accounting/deps';
import { eventLogs } from '../eventlogs/eventlogs.tables';
import { invoices } from '../invoices/invoices.tables';
import { clubAccounts } from '../organizations/organizations.tables';
import { assertInvoiceQuota, recordInvoiceUsage } from '../subscriptions/subscriptions.service';
import { changedPrice, runContractSchedules, SchedulesDeferredError } from './contract-schedules';
import { todayInSweden } from './contracts.service';
import { contractPriceChanges, contracts } from './contracts.tables';

const { app, sim, a, b, aStaff } = await connectedFile();
const { get, send } = apiAs(app);
const visma = await createOrganisation(app, { name: 'Drift AB' });
await app.db.update(clubAccounts).set({ accountingProgram: 'visma_eekonomi' }).where(eq(clubAccounts.id, visma.clubAccountId));
const customerNumber = [...sim.store.tenant(sim.defaultTenantId).customers.keys()][0] as string;
const today = todayInSweden();

const programContract = async (number: string): Promise<AccContract> =>
  (await accountingFor(app, a, a.clubAccountId)).contracts.get(number);

const contract = (overrides: object = {}) => ({
  customerNumber,
  contractDate: today,
  periodStart: today,
  contractLength: 12,
  invoiceInterval: 3,
  continuous: false,
  vatIncluded: false,
  category: 'Sponsring',
  remarks: 'Skylt vid tee 1',
  rows: [
    { articleNumber: '100', description: 'Medlemsavgift', quantityHundredths: 100, priceOre: 123_45, vatPercent: 25 },
    { articleNumber: '110', description: 'Skylt', quantityHundredths: 200, priceOre: 999, vatPercent: 25 },
  ],
  ...overrides,
});

const countContracts = () => sim.store.count(sim.defaultTenantId, 'contracts');

describe('contracts list', () => {
  it('pages, sorts, searches and filters by every status (defined from the mirror and today)', async () => {
    const all = await get('/contracts?pageSize=100', a.owner);
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ supported: true, notice: null });
    const total = all.json().pagination.total as number;
    expect(total).toBe(countContracts());

    const seen: Record<string, ContractListRow[]> = {};
    for (const status of ['upcoming', 'active', 'inactive', 'finished', 'terminated'] as ContractStatus[]) {
      const res = await get(`/contracts?status=${status}&pageSize=100`, a.owner);
      expect(res.statusCode).toBe(200);
      seen[status] = res.json().data;
      expect(seen[status]?.every((c) => c.status === status)).toBe(true);
    }
    // The statuses partition the list.
    expect(Object.values(seen).reduce((n, rows) => n + rows.length, 0)).toBe(total);
    // The seed has upcoming, inactive and finished contracts, and active ones.
    for (const status of ['upcoming', 'active', 'inactive', 'finished'] as const) expect(seen[status]?.length).toBeGreaterThan(0);
    expect(seen.upcoming?.every((c) => c.periodStart > today)).toBe(true);
    expect(seen.active?.every((c) => c.periodStart <= today)).toBe(true);
    const finished = seen.finished?.[0] as ContractListRow;
    expect((await programContract(finished.number)).finished).toBe(true);
    const inactive = seen.inactive?.[0] as ContractListRow;
    expect((await programContract(inactive.number)).active).toBe(false);

    const byStart = (await get('/contracts?sort=periodStart&order=desc&pageSize=100', a.owner)).json().data as ContractListRow[];
    const starts = byStart.map((c) => c.periodStart);
    expect(starts).toEqual([...starts].sort().reverse());
    const byNumber = (await get('/contracts?pageSize=5&page=2', a.owner)).json().data as ContractListRow[];
    expect(byNumber.map((c) => Number(c.number))).toEqual([6, 7, 8, 9, 10]);

    const someone = byStart[2] as ContractListRow;
    const found = (await get(`/contracts?search=${encodeURIComponent(someone.customerName.slice(0, 5))}`, a.owner)).json()
      .data as ContractListRow[];
    expect(found.map((c) => c.id)).toContain(someone.id);
    expect((await get('/contracts?status=paused', a.owner)).statusCode).toBe(400);
    expect((await get('/contracts?sort=colour', a.owner)).statusCode).toBe(400);
  });

  it('reads one contract from the program with its rows, and falls back to the mirror when it cannot', async () => {
    const [row] = (await get('/contracts?status=active&pageSize=1', a.owner)).json().data as ContractListRow[];
    const res = await get(`/contracts/${row?.id}`, a.owner);
    expect(res.statusCode).toBe(200);
    const full = res.json().data as Contract;
    expect(full.stale).toBe(false);
    expect(full.rows.length).toBeGreaterThan(0);
    expect(full.actions).toEqual(expect.arrayContaining(['terminate', 'priceChange', 'createInvoice']));

    // The program no longer has it: the mirror's copy, said to be stale, with the program's message.
    const tenant = sim.store.tenant(sim.defaultTenantId);
    const stored = tenant.contracts.get(full.number);
    tenant.contracts.delete(full.number);
    try {
      const stale = await get(`/contracts/${row?.id}`, a.owner, 'en');
      expect(stale.statusCode).toBe(200);
      expect(stale.json().data).toMatchObject({ stale: true, number: full.number, rows: full.rows });
      expect(stale.json().data.notice).toContain('The contract does not exist in the accounting program');
    } finally {
      if (stored) tenant.contracts.set(full.number, stored);
    }
  });
});

describe('create and update', () => {
  it('refuses bad input with field messages and creates nothing', async () => {
    const before = countContracts();
    const res = await send(
      'POST',
      '/contracts',
      a.owner,
      contract({
        customerNumber: '',
        contractLength: 10,
        invoiceInterval: 3,
        periodEnd: '2020-01-01',
        rows: [{ description: null, priceOre: 100, vatPercent: 7 }],
      }),
      'en',
    );
    expect(res.statusCode).toBe(400);
    const errors = res.json().error as Record<string, string[]>;
    expect(errors.customerNumber).toEqual(['Customer number required']);
    expect(errors.contractLength?.[0]).toContain('multiple of the invoice interval');
    expect(errors.periodEnd?.[0]).toContain('cannot end before it starts');
    expect(errors['rows.0.vatPercent']?.[0]).toContain('25, 12, 6 or 0');
    // Fortnox requires a contract row's article (providers/fortnox/CONTRACT.md rule R2): no text rows.
    expect(errors['rows.0.articleNumber']).toEqual(['Contract rows need an article']);
    expect((await send('POST', '/contracts', a.owner, contract({ invoiceInterval: 2 }))).statusCode).toBe(400);
    expect((await send('POST', '/contracts', a.owner, contract({ rows: [] }))).statusCode).toBe(400);
    expect((await send('POST', '/contracts', a.owner, contract({ colour: 'red' }))).statusCode).toBe(400);
    expect((await send('POST', '/contracts', a.owner, contract({ contractDate: '2025-02-30' }))).statusCode).toBe(400);
    // The program's refusal (no such customer) is shown and nothing is mirrored.
    const mirrored = (await get('/contracts', a.owner)).json().pagination.total;
    const unknown = await send('POST', '/contracts', a.owner, contract({ customerNumber: 'NOPE-1' }), 'en');
    expect(unknown.statusCode).toBeGreaterThanOrEqual(400);
    expect(unknown.statusCode).toBeLessThan(500);
    expect(countContracts()).toBe(before);
    expect((await get('/contracts', a.owner)).json().pagination.total).toBe(mirrored);
  });

  let created: Contract;
  it('creates in Fortnox first (a 429 retried, one contract), then in the mirror with the category, and logs it', async () => {
    const before = countContracts();
    sim.faults.rateLimit(1, { retryAfterSeconds: 1 });
    const res = await send('POST', '/contracts', a.owner, contract());
    expect(res.statusCode).toBe(201);
    created = res.json().data;
    expect(created).toMatchObject({
      customerNumber,
      contractLength: 12,
      invoiceInterval: 3,
      category: 'Sponsring',
      remarks: 'Skylt vid tee 1',
      status: 'active',
      stale: false,
    });
    expect(created.rows.map((r) => r.priceOre)).toEqual([123_45, 999]);
    expect(countContracts()).toBe(before + 1);
    const [row] = await app.db.select().from(contracts).where(eq(contracts.id, created.id));
    expect(row?.createdBy).toBe(a.owner.userId);
    expect(row?.externalRef).toMatch(/^fw-/);
    expect(await app.db.select().from(eventLogs).where(eq(eventLogs.activity, 'contracts.event.created'))).toHaveLength(1);
  });

  it('the same form sent twice (a retry after a lost answer) creates one contract', async () => {
    const before = countContracts();
    const body = contract({ requestId: randomUUID() });
    const first = await send('POST', '/contracts', a.owner, body);
    expect(first.statusCode, first.body).toBe(201);
    const again = await send('POST', '/contracts', a.owner, body);
    expect(again.statusCode).toBe(201);
    expect(again.json().data.id).toBe(first.json().data.id);
    expect(countContracts()).toBe(before + 1);
  });

  it('updates in Fortnox and the mirror', async () => {
    const res = await send(
      'PUT',
      `/contracts/${created.id}`,
      a.owner,
      contract({
        continuous: true,
        category: 'Reklam',
        rows: [{ articleNumber: '100', description: 'Medlemsavgift', priceOre: 150_00 }],
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ continuous: true, category: 'Reklam' });
    const program = await programContract(created.number);
    expect(program.continuous).toBe(true);
    expect(program.rows.map((r) => r.priceOre)).toEqual([150_00]);
    const bad = await send('PUT', `/contracts/${created.id}`, a.owner, contract({ contractLength: 0 }));
    expect(bad.statusCode).toBe(400);
  });
});

describe('actions', () => {
  const newContract = async (overrides: object = {}) => {
    const res = await send('POST', '/contracts', a.owner, contract(overrides));
    expect(res.statusCode).toBe(201);
    return res.json().data as Contract;
  };

  it('tags (portal-only, bounded) and filters the list by tag', async () => {
    const c = await newContract();
    const res = await send('PUT', `/contracts/${c.id}/tags`, a.owner, { tags: ['vip', ' sponsor ', 'vip'] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.tags).toEqual(['vip', 'sponsor']);
    const tagged = (await get('/contracts?tag=sponsor', a.owner)).json().data as ContractListRow[];
    expect(tagged.map((x) => x.id)).toEqual([c.id]);
    const tooMany = Array.from({ length: 21 }, (_, i) => `t${i}`);
    expect((await send('PUT', `/contracts/${c.id}/tags`, a.owner, { tags: tooMany })).statusCode).toBe(400);
    expect((await send('PUT', `/contracts/${c.id}/tags`, a.owner, { tags: ['x'.repeat(41)] })).statusCode).toBe(400);
    // `tags/{id}`, the product's name of the same call (apps/server/src/lib/spec-paths.ts).
    const viaTags = await send('PUT', `/tags/${c.id}`, a.owner, { tags: ['sponsor', 'vip'] });
    expect(viaTags.statusCode, viaTags.body).toBe(200);
    expect(viaTags.json().data.tags).toEqual(['sponsor', 'vip']);
    expect((await send('PUT', `/tags/${c.id}`, a.owner, { tags: tooMany })).statusCode).toBe(400);
    // A refresh keeps the portal's tags.
    await refreshAllNow();
    expect((await get(`/contracts/${c.id}`, a.owner)).json().data.tags).toEqual(['sponsor', 'vip']);
  });

  it("lists the tags in use on the club account, counted and by name, searchable; nobody else's tags", async () => {
    const first = await newContract();
    const second = await newContract();
    expect((await send('PUT', `/contracts/${first.id}/tags`, a.owner, { tags: ['Bana 2', 'Ädelgran'] })).statusCode).toBe(200);
    expect((await send('PUT', `/tags/${second.id}`, a.owner, { tags: ['bana 1', 'Bana 2', 'Zon'] })).statusCode).toBe(200);
    // The same tag and a matching one on another organisation's and another club account's contracts.
    const drift = await addClubAccount(app, a.organisationId, 'Alfa GK Drift AB');
    const foreign = (organisationId: string, clubAccountId: string, number: string) => ({
      organisationId,
      clubAccountId,
      number,
      customerNumber: '1',
      customerName: 'Främmande kund',
      periodStart: today,
      continuous: true,
      active: true,
      finished: false,
      invoiceInterval: 1,
      contractLength: 12,
      totalOre: 100,
      data: {} as AccContract,
      tags: ['Bana 2', 'bana hemlig'],
    });
    await app.db
      .insert(contracts)
      .values([foreign(b.organisationId, b.clubAccountId, 'F1'), foreign(a.organisationId, drift, 'F2')]);

    const all = await get('/contracts/tags', a.owner);
    expect(all.statusCode, all.body).toBe(200);
    const names = (all.json().data as { name: string }[]).map((x) => x.name);
    expect(names).not.toContain('bana hemlig');
    // Swedish order: case does not split "bana 1" from "Bana 2", and Ä comes after Z.
    expect(names.filter((n) => ['bana 1', 'Bana 2', 'Zon', 'Ädelgran'].includes(n))).toEqual([
      'bana 1',
      'Bana 2',
      'Zon',
      'Ädelgran',
    ]);
    const searched = await get(`/tags?search=${encodeURIComponent('BANA')}`, aStaff);
    expect(searched.statusCode).toBe(200);
    expect(searched.json()).toEqual({
      data: [
        { name: 'bana 1', contracts: 1 },
        { name: 'Bana 2', contracts: 2 },
      ],
      supported: true,
      notice: null,
    });
    // `%` is a character, not a wildcard.
    expect((await get('/tags?search=%25', a.owner)).json().data).toEqual([]);
    expect((await get(`/tags?search=${'x'.repeat(41)}`, a.owner)).statusCode).toBe(400);
    expect((await get('/tags?colour=red', a.owner)).statusCode).toBe(400);
    // The other organisation sees its own tags only.
    expect((await get('/tags', b.owner)).json().data).toEqual([
      { name: 'Bana 2', contracts: 1 },
      { name: 'bana hemlig', contracts: 1 },
    ]);
    await app.db.delete(contracts).where(inArray(contracts.number, ['F1', 'F2']));
  });

  it('terminates: finished in the program, terminated in the portal; refused afterwards', async () => {
    const c = await newContract();
    const res = await send('PUT', `/contracts/${c.id}/terminate`, a.owner);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'terminated', actions: ['tags'] });
    expect((await programContract(c.number)).finished).toBe(true);
    const terminated = (await get('/contracts?status=terminated', a.owner)).json().data as ContractListRow[];
    expect(terminated.map((x) => x.id)).toContain(c.id);

    const again = await send('PUT', `/contracts/${c.id}/terminate`, a.owner, undefined, 'en');
    expect(again.statusCode).toBe(400);
    expect(again.json().eng_message).toContain('already finished or terminated');
    expect((await send('PUT', `/contracts/${c.id}`, a.owner, contract())).statusCode).toBe(400);
    expect((await send('PUT', `/contracts/${c.id}/schedule-cancellation`, a.owner, { date: today })).statusCode).toBe(400);
    expect((await send('POST', `/contracts/${c.id}/price-changes`, a.owner, { percent: 5, effectiveOn: today })).statusCode).toBe(
      400,
    );
    expect((await send('POST', `/contracts/${c.id}/invoices`, a.owner, { lastInvoiceDate: null })).statusCode).toBe(400);
  });

  it('refuses actions on a contract the program finished, and invoicing an inactive one', async () => {
    const finished = ((await get('/contracts?status=finished&pageSize=1', a.owner)).json().data as ContractListRow[])[0];
    expect((await send('PUT', `/contracts/${finished?.id}/terminate`, a.owner)).statusCode).toBe(400);
    expect(
      (await send('POST', `/contracts/${finished?.id}/invoices`, a.owner, { lastInvoiceDate: finished?.lastInvoiceDate ?? null }))
        .statusCode,
    ).toBe(400);
    const inactive = ((await get('/contracts?status=inactive&pageSize=1', a.owner)).json().data as ContractListRow[])[0];
    const refused = await send(
      'POST',
      `/contracts/${inactive?.id}/invoices`,
      a.owner,
      { lastInvoiceDate: inactive?.lastInvoiceDate ?? null },
      'en',
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().eng_message).toContain('only be created from upcoming and active');
  });

  it('schedules a cancellation (not in the past; can be cleared) that the daily job carries out once', async () => {
    const c = await newContract();
    const past = await send('PUT', `/contracts/${c.id}/schedule-cancellation`, a.owner, { date: '2000-01-01' }, 'en');
    expect(past.statusCode).toBe(400);
    expect(past.json().error.date).toEqual(['Choose today or a later date']);

    expect(
      (await send('PUT', `/contracts/${c.id}/schedule-cancellation`, a.owner, { date: '2999-12-31' })).json().data
        .cancellationDate,
    ).toBe('2999-12-31');
    const cleared = await send('PUT', `/contracts/${c.id}/schedule-cancellation`, a.owner, { date: null });
    expect(cleared.json().data.cancellationDate).toBeNull();

    await send('PUT', `/contracts/${c.id}/schedule-cancellation`, a.owner, { date: today });
    const schedules = (await get('/schedules/contracts', a.owner)).json().data;
    expect(schedules).toContainEqual(expect.objectContaining({ kind: 'cancellation', contractId: c.id, date: today }));

    const first = await runContractSchedules(accountingDeps(app), today);
    expect(first.cancelled).toBeGreaterThanOrEqual(1);
    expect((await programContract(c.number)).finished).toBe(true);
    expect((await get(`/contracts/${c.id}`, a.owner)).json().data).toMatchObject({
      status: 'terminated',
      cancellationDate: today,
    });
    await runContractSchedules(accountingDeps(app), today);
    const logged = await app.db.select().from(eventLogs).where(eq(eventLogs.activity, 'contracts.event.cancelled'));
    expect(logged.filter((e) => e.params.number === c.number)).toHaveLength(1);
    expect(
      ((await get('/schedules/contracts', a.owner)).json().data as { contractId: string }[]).map((s) => s.contractId),
    ).not.toContain(c.id);
  });

  it('schedules a price change (−100..+1000 %, two decimals, not in the past) that the job applies exactly once', async () => {
    const c = await newContract();
    for (const bad of [
      { percent: -100.01, effectiveOn: today },
      { percent: 1000.5, effectiveOn: today },
      { percent: 2.555, effectiveOn: today },
      { percent: 0, effectiveOn: today },
      { percent: 5, effectiveOn: 'tomorrow' },
    ]) {
      expect((await send('POST', `/contracts/${c.id}/price-changes`, a.owner, bad)).statusCode).toBe(400);
    }
    expect(
      (await send('POST', `/contracts/${c.id}/price-changes`, a.owner, { percent: 5, effectiveOn: '2001-01-01' })).statusCode,
    ).toBe(400);

    const later = await send('POST', `/contracts/${c.id}/price-changes`, a.owner, { percent: -10, effectiveOn: '2999-01-01' });
    expect(later.statusCode).toBe(201);
    const res = await send('POST', `/contracts/${c.id}/price-changes`, a.owner, { percent: 2.5, effectiveOn: today });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ changeBasisPoints: 250, status: 'scheduled', contractId: c.id });

    // Two runs at once, then another: the prices change once.
    const results = await Promise.all([
      runContractSchedules(accountingDeps(app), today),
      runContractSchedules(accountingDeps(app), today),
    ]);
    expect(results.reduce((n, r) => n + r.pricesChanged, 0)).toBe(1);
    await runContractSchedules(accountingDeps(app), today);
    const program = await programContract(c.number);
    expect(program.rows.map((r) => r.priceOre)).toEqual([changedPrice(123_45, 250), changedPrice(999, 250)]);
    expect(program.rows.map((r) => r.priceOre)).toEqual([126_54, 10_24]);

    const detail = (await get(`/contracts/${c.id}`, a.owner)).json().data as Contract;
    expect(detail.rows.map((r) => r.priceOre)).toEqual([126_54, 10_24]);
    expect(detail.priceChanges.map((p) => [p.changeBasisPoints, p.status])).toEqual([
      [250, 'applied'],
      [-1000, 'scheduled'],
    ]);
    const applied = await app.db.select().from(eventLogs).where(eq(eventLogs.activity, 'contracts.event.priceChangeApplied'));
    expect(applied.filter((e) => e.params.number === c.number)).toHaveLength(1);
    const schedules = (await get('/schedules/contracts', a.owner)).json().data;
    expect(schedules).toContainEqual(
      expect.objectContaining({ kind: 'priceChange', contractId: c.id, date: '2999-01-01', priceChange: expect.anything() }),
    );
  });

  it('a run that died after changing the program is finished without changing the prices again', async () => {
    const c = await newContract();
    const change = (await send('POST', `/contracts/${c.id}/price-changes`, a.owner, { percent: 10, effectiveOn: today })).json()
      .data;
    // The dead run: claimed, stored before/after, changed the program, never recorded it.
    const after = [changedPrice(123_45, 1000), changedPrice(999, 1000)];
    const provider = await accountingFor(app, a, a.clubAccountId);
    const current = await provider.contracts.get(c.number);
    await provider.contracts.update(c.number, { rows: current.rows.map((r, i) => ({ ...r, priceOre: after[i] as number })) });
    await app.db
      .update(contractPriceChanges)
      .set({
        status: 'applying',
        claimedAt: new Date(Date.now() - 60 * 60 * 1000),
        pricesBefore: [123_45, 999],
        pricesAfter: after,
      })
      .where(eq(contractPriceChanges.id, change.id));

    const result = await runContractSchedules(accountingDeps(app), today);
    expect(result.pricesChanged).toBe(1);
    expect((await programContract(c.number)).rows.map((r) => r.priceOre)).toEqual(after);
    const [row] = await app.db.select().from(contractPriceChanges).where(eq(contractPriceChanges.id, change.id));
    expect(row?.status).toBe('applied');
  });

  it('a price change the program cannot take now (5xx) stays scheduled, the run asks to be retried, the retry applies it', async () => {
    const c = await newContract();
    const change = (await send('POST', `/contracts/${c.id}/price-changes`, a.owner, { percent: -50, effectiveOn: today })).json()
      .data;
    sim.faults.serverError(5, { status: 503, match: { method: 'PUT', path: /contracts\/\d+$/ } });
    await expect(runContractSchedules(accountingDeps(app), today)).rejects.toBeInstanceOf(SchedulesDeferredError);
    const [waiting] = await app.db.select().from(contractPriceChanges).where(eq(contractPriceChanges.id, change.id));
    expect(waiting?.status).toBe('scheduled');
    expect((await programContract(c.number)).rows.map((r) => r.priceOre)).toEqual([123_45, 999]);
    sim.faults.clear();
    expect((await runContractSchedules(accountingDeps(app), today)).pricesChanged).toBe(1);
    expect((await programContract(c.number)).rows.map((r) => r.priceOre)).toEqual([61_73, 500]);
  }, 30_000);

  it('a due price change of a contract finished in the program fails with the reason', async () => {
    const c = await newContract();
    const change = (await send('POST', `/contracts/${c.id}/price-changes`, a.owner, { percent: 3, effectiveOn: today })).json()
      .data;
    await (await accountingFor(app, a, a.clubAccountId)).contracts.finish(c.number);
    const result = await runContractSchedules(accountingDeps(app), today);
    expect(result.failed).toBeGreaterThanOrEqual(1);
    const detail = (await get(`/contracts/${c.id}`, a.owner, 'en')).json().data as Contract;
    expect(detail.status).toBe('finished');
    expect(detail.priceChanges.find((p) => p.id === change.id)).toMatchObject({
      status: 'failed',
      error: 'The contract is finished or terminated, so the prices were not changed.',
    });
    expect((await programContract(c.number)).rows.map((r) => r.priceOre)).toEqual([123_45, 999]);
  });

  it('creates the invoice of the next period, mirrors it and counts it; refused over the quota', async () => {
    const c = await newContract();
    const before = (await assertInvoiceQuota(app.db, a.organisationId, 0)).used;
    const res = await send('POST', `/contracts/${c.id}/invoices`, a.owner, { lastInvoiceDate: c.lastInvoiceDate });
    expect(res.statusCode, res.body).toBe(201);
    const invoice = res.json().data;
    const [mirrored] = await app.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(mirrored).toMatchObject({ number: invoice.number, contractNumber: c.number, createdBy: a.owner.userId });
    expect((await assertInvoiceQuota(app.db, a.organisationId, 0)).used).toBe(before + 1);
    expect((await get(`/contracts/${c.id}`, a.owner)).json().data.lastInvoiceDate).toBe(today);

    const invoicesBefore = sim.store.count(sim.defaultTenantId, 'invoices');
    // The same request again (its answer lost, or from a second tab) names the date it saw before
    // the first one invoiced: refused, no second period invoiced, nothing counted.
    const repeated = await send('POST', `/contracts/${c.id}/invoices`, a.owner, { lastInvoiceDate: c.lastInvoiceDate }, 'en');
    expect(repeated.statusCode).toBe(409);
    expect(repeated.json().eng_message).toBe(
      `The contract's period has already been invoiced (last invoiced ${today}). Reload the contract before creating the next invoice.`,
    );
    expect(sim.store.count(sim.defaultTenantId, 'invoices')).toBe(invoicesBefore);
    expect((await assertInvoiceQuota(app.db, a.organisationId, 0)).used).toBe(before + 1);

    const { remaining } = await assertInvoiceQuota(app.db, a.organisationId, 0);
    await recordInvoiceUsage(app.db, a.organisationId, remaining);
    const refused = await send('POST', `/contracts/${c.id}/invoices`, a.owner, { lastInvoiceDate: today }, 'en');
    expect(refused.statusCode).toBe(406);
    expect(refused.json().eng_message).toContain('invoices/month');
    expect(sim.store.count(sim.defaultTenantId, 'invoices')).toBe(invoicesBefore);
    await recordInvoiceUsage(app.db, a.organisationId, -remaining);
  });
});

async function refreshAllNow() {
  const { queueMirrorRefresh } = await import('../accounting/refresh/queue');
  await queueMirrorRefresh(app, { organisationId: a.organisationId, clubAccountId: a.clubAccountId }, 'manual');
  await runQueuedRefreshes(app, a);
}

describe('access', () => {
  it('staff may read but not write; another organisation and an unknown id get 404', async () => {
    const [row] = (await get('/contracts?pageSize=1', a.owner)).json().data as ContractListRow[];
    expect((await get('/contracts', aStaff)).statusCode).toBe(200);
    expect((await get(`/contracts/${row?.id}`, aStaff)).statusCode).toBe(200);
    expect((await send('POST', '/contracts', aStaff, contract())).statusCode).toBe(403);
    expect((await send('PUT', `/contracts/${row?.id}/terminate`, aStaff)).statusCode).toBe(403);
    expect((await send('PUT', `/contracts/${row?.id}/tags`, aStaff, { tags: [] })).statusCode).toBe(403);
    for (const [method, url, body] of [
      ['GET', `/contracts/${row?.id}`, undefined],
      ['PUT', `/contracts/${row?.id}`, contract()],
      ['PUT', `/contracts/${row?.id}/terminate`, undefined],
      ['PUT', `/contracts/${row?.id}/schedule-cancellation`, { date: null }],
      ['POST', `/contracts/${row?.id}/price-changes`, { percent: 1, effectiveOn: today }],
      ['PUT', `/contracts/${row?.id}/tags`, { tags: ['x'] }],
      ['POST', `/contracts/${row?.id}/invoices`, { lastInvoiceDate: null }],
    ] as const) {
      const res =
        method === 'GET'
          ? await get(url, b.owner)
          : await send(method as 'PUT' | 'POST', url, b.owner, body as object | undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await get('/contracts/00000000-0000-4000-8000-000000000000', a.owner)).statusCode).toBe(404);
    expect((await get('/contracts', b.owner)).json().pagination.total).toBe(0);
    expect((await get('/schedules/contracts', b.owner)).json().data).toEqual([]);
  });

  it('a Visma eEkonomi club account is told clearly that it has no contracts', async () => {
    const list = await get('/contracts', visma.owner, 'en');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ supported: false, data: [], pagination: { total: 0 } });
    expect(list.json().notice).toContain('Visma eEkonomi has no contracts');
    const tagList = await get('/tags', visma.owner, 'en');
    expect(tagList.json()).toMatchObject({ supported: false, data: [] });
    expect(tagList.json().notice).toContain('Visma eEkonomi has no contracts');
    const create = await send('POST', '/contracts', visma.owner, contract(), 'en');
    expect(create.statusCode).toBe(400);
    expect(create.json().eng_message).toContain('Visma eEkonomi has no contracts');
    const sv = await send('POST', '/contracts', visma.owner, contract());
    expect(sv.json().message).toContain('Visma eEkonomi har inga avtal');
  });

  it('with "only team-created contracts", a role sees and acts only on what its team created', async () => {
    const [first, second] = await teamMembers(app, a, 'Avtalsteam', { onlyTeamContracts: true });
    expect((await get('/contracts', first)).json().pagination.total).toBe(0);
    const mine = (await send('POST', '/contracts', first, contract({ category: 'Teamets' }))).json().data as Contract;
    const seen = (await get('/contracts', second)).json();
    expect(seen.pagination.total).toBe(1);
    expect(seen.data[0].id).toBe(mine.id);
    await send('PUT', `/contracts/${mine.id}/tags`, first, { tags: ['Teamtagg'] });
    expect((await get('/tags', second)).json().data).toEqual([{ name: 'Teamtagg', contracts: 1 }]);
    const [other] = (await get('/contracts?pageSize=1', a.owner)).json().data as ContractListRow[];
    expect((await get(`/contracts/${other?.id}`, second)).statusCode).toBe(404);
    expect((await send('PUT', `/contracts/${other?.id}/tags`, second, { tags: ['x'] })).statusCode).toBe(404);
  });

  it('exports the filtered list as CSV and Excel', async () => {
    const csv = await get('/contracts/export?format=csv&status=terminated', a.owner);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csvLines(csv);
    expect(lines[0]).toContain('Avtalsnummer;Kundnummer;Kund');
    const terminated = (await get('/contracts?status=terminated&pageSize=100', a.owner)).json().pagination.total;
    expect(lines).toHaveLength(terminated + 1);
    expect(lines.slice(1).every((l) => l.includes(';Uppsagd;'))).toBe(true);

    const xlsx = await get('/contracts/export?format=xlsx', a.owner, 'en');
    expect(xlsx.headers['content-disposition']).toMatch(/contracts-\d{4}-\d{2}-\d{2}\.xlsx/);
    const sheet = await firstSheet(xlsx);
    expect(sheet?.getRow(1).getCell(1).value).toBe('Contract number');
    expect(sheet?.rowCount).toBe((await get('/contracts', a.owner)).json().pagination.total + 1);
  });
});
