import type { DuplicateResource } from '@fairway/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs } from '../../../../test/fixtures/accounting';
import { addMember, createOrganisation, type TestMember, type TestOrganisation } from '../../../../test/fixtures/users';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import type { AccountingProvider } from '../../../providers/accounting/provider';
import { createRateLimiter, FORTNOX_RATE_LIMIT, VISMA_EEKONOMI_RATE_LIMIT } from '../../../providers/accounting/rate-limiter';
import type { FxVoucher } from '../../../providers/fortnox/fortnox-types';
import { createFortnoxProvider } from '../../../providers/fortnox/provider';
import { type FortnoxSimulator, startFortnoxSimulator } from '../../../providers/fortnox/simulator/index';
import { createVismaEekonomiProvider } from '../../../providers/visma-eekonomi/provider';
import { startVismaSimulator, type VismaSimulator } from '../../../providers/visma-eekonomi/simulator/index';
import { eventLogs } from '../../eventlogs/eventlogs.tables';
import { invoices } from '../../invoices/invoices.tables';
import { clubAccounts } from '../../organizations/organizations.tables';
import { accountingDocuments, duplicateGroupMembers, duplicateGroups, duplicateHandlings } from '../duplicates.tables';
import { runHandling } from './handling.runs';

/**
 * Handling duplicates in the program through the API (docs/duplicates.md#handling): the plan,
 * starting it, each refusal, tenant isolation and scopes, and the run against the Fortnox
 * simulator, including a refusal of the program and a resumed run that handles nothing twice.
 * Groups are seeded straight into the tables (the scan is another module's).
 */

const TENANT = '4567890';
let t: TestApp;
let sim: FortnoxSimulator;
let vismaSim: VismaSimulator;
let visma: AccountingProvider;
let c: TestOrganisation;
let fortnox: AccountingProvider;
let a: TestOrganisation;
let b: TestOrganisation;
let staff: TestMember;
let api: ReturnType<typeof apiAs>;

beforeAll(async () => {
  t = await createTestApp();
  api = apiAs(t.app);
  sim = await startFortnoxSimulator({
    tenants: [{ tenantId: TENANT, companyName: 'Alfa GK', organisationNumber: '802004-1234' }],
  });
  const issued = sim.issueTokens(TENANT);
  fortnox = createFortnoxProvider({
    apiBaseUrl: sim.apiBaseUrl,
    auth: { get: async () => issued.access_token, refreshAfterRejection: async () => issued.access_token },
    limiter: createRateLimiter(t.app.db, FORTNOX_RATE_LIMIT),
    rateKey: `fortnox:${TENANT}`,
    timeoutMs: 10_000,
    backoffBaseMs: 50,
  });
  a = await createOrganisation(t.app, { name: 'Alfa GK' });
  b = await createOrganisation(t.app, { name: 'Beta GK', organisationNumber: '559412-3456' });
  staff = await addMember(t.app, a, 'Staff');
  // Gamma GK keeps its books in Visma eEkonomi.
  c = await createOrganisation(t.app, { name: 'Gamma GK', organisationNumber: '802477-0001' });
  await t.app.db.update(clubAccounts).set({ accountingProgram: 'visma_eekonomi' }).where(eq(clubAccounts.id, c.clubAccountId));
  vismaSim = await startVismaSimulator({ seed: 'demo' });
  const tokens = vismaSim.grantConsent();
  visma = createVismaEekonomiProvider({
    apiBaseUrl: vismaSim.apiBaseUrl,
    auth: { get: async () => tokens.accessToken, refreshAfterRejection: async () => tokens.accessToken },
    limiter: createRateLimiter(t.app.db, VISMA_EEKONOMI_RATE_LIMIT),
    rateKey: 'visma_eekonomi:handling',
    retryBaseMs: 20,
  });
});

afterAll(async () => {
  await sim?.close();
  await vismaSim?.close();
  await t?.close();
});

const tenant = () => sim.store.tenant(TENANT);
/** A Fortnox voucher as the mirror names it: with its financial year (the simulator's are calendar years). */
const nameOf = (v: FxVoucher) =>
  `${v.VoucherSeries} ${v.VoucherNumber} (${tenant()
    .financialYears.find((y) => y.Id === v.Year)
    ?.FromDate.slice(0, 4)})`;
const supplierInvoices = () => [...tenant().supplierinvoices.values()].map((s) => s.doc);
const taken = new Set<string>();
/** A supplier invoice of the demo in a state, not used by another test. */
function pick(booked: boolean) {
  const found = supplierInvoices().find(
    (d) => d.Booked === booked && !d.Cancelled && !d.Credit && !d.CreditReference && !taken.has(d.GivenNumber),
  );
  if (!found) throw new Error('the demo has no such supplier invoice left');
  taken.add(found.GivenNumber);
  return found;
}

interface SeedMember {
  number: string;
  booked?: boolean;
  state?: 'open' | 'not_duplicate' | 'handled';
  amountOre?: number;
  /** The document's date in the mirror. */
  date?: string;
}

/** A group of the organisation's club account, its members and their mirrored documents. */
async function seedGroup(
  org: TestOrganisation,
  resource: Exclude<DuplicateResource, 'invoice'>,
  original: string,
  members: SeedMember[],
  options: { resolved?: boolean } = {},
): Promise<string> {
  const [group] = await t.app.db
    .insert(duplicateGroups)
    .values({
      organisationId: org.organisationId,
      clubAccountId: org.clubAccountId,
      resource,
      originalNumber: original,
      transactionId: `REF-${original}`,
      confidence: 0.95,
      duplicateCount: members.filter((m) => (m.state ?? 'open') === 'open').length,
      resolved: options.resolved ?? false,
    })
    .returning({ id: duplicateGroups.id });
  for (const m of [{ number: original }, ...members]) {
    await t.app.db
      .insert(accountingDocuments)
      .values({
        organisationId: org.organisationId,
        clubAccountId: org.clubAccountId,
        resource,
        number: m.number,
        amountOre: 'amountOre' in m && m.amountOre ? m.amountOre : 1_000_00,
        documentDate: 'date' in m && m.date ? m.date : '2026-10-01',
        booked: 'booked' in m ? Boolean(m.booked) : false,
        data: {},
      })
      .onConflictDoNothing();
  }
  for (const m of members) {
    await t.app.db.insert(duplicateGroupMembers).values({
      groupId: group.id,
      organisationId: org.organisationId,
      number: m.number,
      confidence: 0.9,
      fields: {},
      state: m.state ?? 'open',
    });
  }
  return group.id;
}

const memberStates = async (groupId: string) =>
  Object.fromEntries(
    (
      await t.app.db
        .select({ number: duplicateGroupMembers.number, state: duplicateGroupMembers.state })
        .from(duplicateGroupMembers)
        .where(eq(duplicateGroupMembers.groupId, groupId))
    ).map((r) => [r.number, r.state]),
  );
const groupRow = async (groupId: string) =>
  (await t.app.db.select().from(duplicateGroups).where(eq(duplicateGroups.id, groupId)))[0];
const handlingOf = async (groupId: string) =>
  (await t.app.db.select().from(duplicateHandlings).where(eq(duplicateHandlings.groupId, groupId)))[0];

describe('the plan and starting it', () => {
  it('plans cancel for an unbooked and credit for a booked supplier invoice, runs it, and resolves the group', async () => {
    const original = pick(true);
    const unbooked = pick(false);
    const booked = pick(true);
    const id = await seedGroup(a, 'supplier_invoice', original.GivenNumber, [
      { number: unbooked.GivenNumber, booked: false },
      { number: booked.GivenNumber, booked: true },
    ]);

    const plan = await api.get(`/duplicates/${id}/handle_group`, a.owner);
    expect(plan.statusCode).toBe(200);
    expect(plan.json().data).toEqual({
      steps: [
        { number: unbooked.GivenNumber, action: 'cancel', manualKey: null },
        { number: booked.GivenNumber, action: 'credit', manualKey: null },
      ],
      run: null,
    });

    const started = await api.send('PUT', `/duplicates/${id}/handle_group`, a.owner, { confirm: true });
    expect(started.statusCode).toBe(202);
    expect(started.json().data.run).toMatchObject({ status: 'queued', handled: [] });
    const handling = await handlingOf(id);
    expect(await runHandling(t.app, handling.id, { provider: fortnox })).toBe('succeeded');

    // In the program: cancelled, and credited by a credit invoice; the original untouched.
    expect(tenant().supplierinvoices.get(unbooked.GivenNumber)?.doc.Cancelled).toBe(true);
    expect(tenant().supplierinvoices.get(booked.GivenNumber)?.doc.CreditReference).toBeGreaterThan(0);
    expect(tenant().supplierinvoices.get(original.GivenNumber)?.doc).toMatchObject({ Cancelled: false, CreditReference: 0 });
    expect(await memberStates(id)).toEqual({ [unbooked.GivenNumber]: 'handled', [booked.GivenNumber]: 'handled' });
    expect(await groupRow(id)).toMatchObject({ resolved: true, duplicateCount: 0, amountAtStakeOre: 0 });
    const after = (await api.get(`/duplicates/${id}/handle_group`, a.owner, 'en')).json().data;
    expect(after).toMatchObject({ steps: [], run: { status: 'succeeded', error: null } });
    expect(after.run.handled).toEqual([unbooked.GivenNumber, booked.GivenNumber]);
    const events = await t.app.db
      .select()
      .from(eventLogs)
      .where(and(eq(eventLogs.organisationId, a.organisationId), eq(eventLogs.activity, 'duplicates.handling.event.done')));
    expect(events).toHaveLength(1);
  });

  it('handles one document alone, leaving the others open and the group unresolved', async () => {
    const [original, first, second] = [pick(false), pick(false), pick(false)];
    const id = await seedGroup(a, 'supplier_invoice', original.GivenNumber, [
      { number: first.GivenNumber },
      { number: second.GivenNumber },
    ]);
    const started = await api.send('PUT', `/duplicates/${id}/handle_single/${second.GivenNumber}`, a.owner, { confirm: true });
    expect(started.statusCode).toBe(202);
    expect(started.json().data.steps).toEqual([{ number: second.GivenNumber, action: 'cancel', manualKey: null }]);
    expect(await runHandling(t.app, (await handlingOf(id)).id, { provider: fortnox })).toBe('succeeded');
    expect(tenant().supplierinvoices.get(first.GivenNumber)?.doc.Cancelled).toBe(false);
    expect(tenant().supplierinvoices.get(second.GivenNumber)?.doc.Cancelled).toBe(true);
    expect(await memberStates(id)).toEqual({ [first.GivenNumber]: 'open', [second.GivenNumber]: 'handled' });
    expect(await groupRow(id)).toMatchObject({ resolved: false, duplicateCount: 1 });
  });
});

describe('customer invoices', () => {
  it('cancels an unbooked and credits a booked customer invoice entered twice', async () => {
    const docs = [...tenant().invoices.values()].map((s) => s.doc);
    const open = (booked: boolean) =>
      docs.filter((d) => d.Booked === booked && !d.Cancelled && d.Credit !== 'true' && d.CreditInvoiceReference === '0');
    const [original, booked] = open(true).slice(-2);
    const [unbooked] = open(false);
    const [group] = await t.app.db
      .insert(duplicateGroups)
      .values({
        organisationId: a.organisationId,
        clubAccountId: a.clubAccountId,
        resource: 'invoice',
        originalNumber: original.DocumentNumber,
        confidence: 0.97,
        duplicateCount: 2,
      })
      .returning({ id: duplicateGroups.id });
    for (const doc of [original, booked, unbooked]) {
      await t.app.db.insert(invoices).values({
        organisationId: a.organisationId,
        clubAccountId: a.clubAccountId,
        number: doc.DocumentNumber,
        customerNumber: doc.CustomerNumber,
        customerName: doc.CustomerName,
        invoiceDate: doc.InvoiceDate,
        netOre: 0,
        vatOre: 0,
        totalOre: Math.round(doc.Total * 100),
        balanceOre: Math.round(doc.Balance * 100),
        currency: 'SEK',
        invoiceType: 'INVOICE',
        booked: doc.Booked,
        cancelled: false,
        sent: false,
        isCredit: false,
        credited: false,
        data: {} as never,
      });
      if (doc !== original)
        await t.app.db.insert(duplicateGroupMembers).values({
          groupId: group.id,
          organisationId: a.organisationId,
          number: doc.DocumentNumber,
          confidence: 0.95,
          fields: {},
        });
    }
    const plan = (await api.get(`/duplicates/${group.id}/handle_group`, a.owner)).json().data;
    expect(plan.steps).toEqual(
      expect.arrayContaining([
        { number: booked.DocumentNumber, action: 'credit', manualKey: null },
        { number: unbooked.DocumentNumber, action: 'cancel', manualKey: null },
      ]),
    );
    expect((await api.send('PUT', `/duplicates/${group.id}/handle_group`, a.owner, { confirm: true })).statusCode).toBe(202);
    expect(await runHandling(t.app, (await handlingOf(group.id)).id, { provider: fortnox })).toBe('succeeded');
    expect(tenant().invoices.get(unbooked.DocumentNumber)?.doc.Cancelled).toBe(true);
    expect(tenant().invoices.get(booked.DocumentNumber)?.doc.CreditInvoiceReference).not.toBe('0');
    expect(tenant().invoices.get(original.DocumentNumber)?.doc.CreditInvoiceReference).toBe('0');
    expect(await groupRow(group.id)).toMatchObject({ resolved: true, duplicateCount: 0 });
  });
});

describe('refusals', () => {
  it('refuses a resolved group, a handling under way, a document not open, nothing to handle, and no confirmation', async () => {
    const resolved = await seedGroup(a, 'supplier_invoice', 'R1', [{ number: 'R2' }], { resolved: true });
    const answer = await api.send('PUT', `/duplicates/${resolved}/handle_group`, a.owner, { confirm: true }, 'en');
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({
      message: 'Dubblettgruppen är redan löst.',
      eng_message: 'The duplicate group is already resolved.',
    });

    const busy = await seedGroup(a, 'supplier_invoice', 'B1', [{ number: 'B2' }]);
    expect((await api.send('PUT', `/duplicates/${busy}/handle_group`, a.owner, { confirm: true })).statusCode).toBe(202);
    const again = await api.send('PUT', `/duplicates/${busy}/handle_single/B2`, a.owner, { confirm: true });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Dubbletterna i gruppen hanteras redan. Vänta tills det är klart.');

    const notOpen = await seedGroup(a, 'supplier_invoice', 'N1', [{ number: 'N2', state: 'not_duplicate' }, { number: 'N3' }]);
    const single = await api.send('PUT', `/duplicates/${notOpen}/handle_single/N2`, a.owner, { confirm: true }, 'en');
    expect(single.statusCode).toBe(409);
    expect(single.json().eng_message).toBe('Document N2 has already been handled or marked as not a duplicate.');
    expect((await api.send('PUT', `/duplicates/${notOpen}/handle_single/N9`, a.owner, { confirm: true })).statusCode).toBe(404);

    // A document the mirror does not hold is planned `manual`: nothing the program can be asked to do.
    const unread = await seedGroup(a, 'voucher', 'A 1', []);
    await t.app.db.insert(duplicateGroupMembers).values({
      groupId: unread,
      organisationId: a.organisationId,
      number: 'A 999',
      confidence: 0.9,
      fields: {},
    });
    const plan = (await api.get(`/duplicates/${unread}/handle_group`, a.owner)).json().data;
    expect(plan.steps).toEqual([{ number: 'A 999', action: 'manual', manualKey: 'duplicates.handling.manual.notInMirror' }]);
    const nothing = await api.send('PUT', `/duplicates/${unread}/handle_group`, a.owner, { confirm: true }, 'en');
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().eng_message).toMatch(/nothing in the group that can be handled automatically/);

    const unconfirmed = await api.send('PUT', `/duplicates/${notOpen}/handle_group`, a.owner, { confirm: false });
    expect(unconfirmed.statusCode).toBe(400);
    expect(await handlingOf(notOpen)).toBeUndefined();
  });

  it("answers 404 for another organisation's group, and keeps writes to duplicates.write", async () => {
    const id = await seedGroup(a, 'supplier_invoice', 'T1', [{ number: 'T2' }]);
    expect((await api.get(`/duplicates/${id}/handle_group`, b.owner)).statusCode).toBe(404);
    expect((await api.send('PUT', `/duplicates/${id}/handle_group`, b.owner, { confirm: true })).statusCode).toBe(404);
    expect((await api.send('PUT', `/duplicates/${id}/handle_single/T2`, b.owner, { confirm: true })).statusCode).toBe(404);
    expect(await handlingOf(id)).toBeUndefined();

    expect((await api.get(`/duplicates/${id}/handle_group`, staff)).statusCode).toBe(200);
    expect((await api.send('PUT', `/duplicates/${id}/handle_group`, staff, { confirm: true })).statusCode).toBe(403);
    expect((await api.send('PUT', `/duplicates/${id}/handle_single/T2`, staff, { confirm: true })).statusCode).toBe(403);
  });
});

describe('the run', () => {
  it("stops failed with the program's message when it refuses, leaving the document open and the group unresolved", async () => {
    const receipts = [...tenant().vouchers.values()].map((s) => s.doc).filter((v) => v.VoucherSeries === 'A');
    const [original, duplicate] = receipts.filter((v) => v.Description.startsWith('Kvitto')).slice(-2);
    const id = await seedGroup(a, 'voucher', nameOf(original), [{ number: nameOf(duplicate), date: duplicate.TransactionDate }]);
    // The account the voucher is booked on was removed from the chart since: Fortnox refuses the reversal.
    const account = duplicate.VoucherRows?.find((r) => r.Account !== 1930)?.Account ?? 0;
    tenant().accounts.delete(account);
    try {
      expect((await api.send('PUT', `/duplicates/${id}/handle_group`, a.owner, { confirm: true })).statusCode).toBe(202);
      expect(await runHandling(t.app, (await handlingOf(id)).id, { provider: fortnox })).toBe('failed');
    } finally {
      tenant().accounts.add(account);
    }
    const plan = (await api.get(`/duplicates/${id}/handle_group`, a.owner, 'en')).json().data;
    expect(plan.run).toMatchObject({ status: 'failed', handled: [] });
    expect(plan.run.error).toContain(String(account));
    expect(await memberStates(id)).toEqual({ [nameOf(duplicate)]: 'open' });
    expect(await groupRow(id)).toMatchObject({ resolved: false });
    // The reviewer can start it again once the program accepts it.
    expect((await api.send('PUT', `/duplicates/${id}/handle_group`, a.owner, { confirm: true })).statusCode).toBe(202);
    const vouchers = tenant().vouchers.size;
    const rows = await t.app.db.select().from(duplicateHandlings).where(eq(duplicateHandlings.groupId, id));
    const queued = rows.find((r) => r.status === 'queued');
    expect(await runHandling(t.app, queued?.id ?? '', { provider: fortnox })).toBe('succeeded');
    expect(tenant().vouchers.size).toBe(vouchers + 1);
    expect(await groupRow(id)).toMatchObject({ resolved: true });
  });

  it("reverses last year's A <n> when this year has an A <n> of its own: the mirror names the year", async () => {
    const company = tenant();
    const today = sim.store.today();
    const lastYear = `${Number(today.slice(0, 4)) - 1}-12-15`;
    const receipt = (date: string, kronor: number) =>
      sim.store.addVoucher(company, 'A', date, 'Kvitto', '', 'MANUAL', [
        { Account: 5410, Debit: kronor, Credit: 0, Description: 'Kvitto', TransactionInformation: '' },
        { Account: 1930, Debit: 0, Credit: kronor, Description: 'Kvitto', TransactionInformation: '' },
      ]);
    const original = receipt(lastYear, 777);
    const duplicate = receipt(lastYear, 777);
    // This year's series A reaches the same number: another voucher of the same name but its year.
    let mine = receipt(today, 50);
    while (mine.VoucherNumber < duplicate.VoucherNumber) mine = receipt(today, 50);
    const namesake = [...company.vouchers.values()].find(
      (s) => s.doc.Year === mine.Year && s.doc.VoucherSeries === 'A' && s.doc.VoucherNumber === duplicate.VoucherNumber,
    );
    expect(namesake?.doc.TransactionDate.slice(0, 4)).toBe(today.slice(0, 4));

    const id = await seedGroup(a, 'voucher', nameOf(original), [{ number: nameOf(duplicate), date: lastYear }]);
    expect((await api.send('PUT', `/duplicates/${id}/handle_group`, a.owner, { confirm: true })).statusCode).toBe(202);
    expect(await runHandling(t.app, (await handlingOf(id)).id, { provider: fortnox })).toBe('succeeded');
    expect(await memberStates(id)).toEqual({ [nameOf(duplicate)]: 'handled' });
    const reversals = [...company.vouchers.values()].map((s) => s.doc).filter((v) => v.Comments?.startsWith('Fairway '));
    const reversal = reversals.find((v) => v.Comments?.endsWith(`reverses ${nameOf(duplicate)}`));
    // Last year's 777 kronor swapped, booked today in this year; this year's namesake left alone.
    expect(reversal).toMatchObject({ TransactionDate: today, Year: mine.Year });
    expect(reversal?.VoucherRows?.map((r) => [r.Account, r.Debit, r.Credit])).toEqual([
      [5410, 0, 777],
      [1930, 777, 0],
    ]);
    expect(reversals.filter((v) => v.Comments?.endsWith(`reverses ${nameOf(namesake?.doc as FxVoucher)}`))).toEqual([]);
  });

  it('resumes after a crash mid-handling without handling a document twice', async () => {
    const original = pick(false);
    const done = pick(false);
    const inFlight = pick(false);
    const next = pick(false);
    const id = await seedGroup(a, 'supplier_invoice', original.GivenNumber, [
      { number: done.GivenNumber },
      { number: inFlight.GivenNumber },
      { number: next.GivenNumber },
    ]);
    expect((await api.send('PUT', `/duplicates/${id}/handle_group`, a.owner, { confirm: true })).statusCode).toBe(202);
    const handling = await handlingOf(id);
    // The first attempt handled one document and recorded it, cancelled the second in Fortnox and
    // died before recording it; its worker is gone (no heartbeat for an hour).
    await fortnox.supplierInvoices?.cancel?.(done.GivenNumber);
    await fortnox.supplierInvoices?.cancel?.(inFlight.GivenNumber);
    await t.app.db
      .update(duplicateGroupMembers)
      .set({ state: 'handled' })
      .where(and(eq(duplicateGroupMembers.groupId, id), eq(duplicateGroupMembers.number, done.GivenNumber)));
    await t.app.db
      .update(duplicateGroupMembers)
      .set({ state: 'handling' })
      .where(and(eq(duplicateGroupMembers.groupId, id), eq(duplicateGroupMembers.number, inFlight.GivenNumber)));
    await t.app.db
      .update(duplicateHandlings)
      .set({
        status: 'running',
        attempts: 1,
        handled: [done.GivenNumber],
        startedAt: new Date(Date.now() - 3_600_000),
        heartbeatAt: new Date(Date.now() - 3_600_000),
      })
      .where(eq(duplicateHandlings.id, handling.id));

    const from = sim.log.length;
    expect(await runHandling(t.app, handling.id, { provider: fortnox })).toBe('succeeded');
    const writes = sim.log
      .slice(from)
      .filter((e) => e.method === 'PUT')
      .map((e) => e.path);
    // Only the document not yet handled was cancelled; the one in flight was read and found cancelled.
    expect(writes).toEqual([`/3/supplierinvoices/${next.GivenNumber}/cancel`]);
    expect(await memberStates(id)).toEqual({
      [done.GivenNumber]: 'handled',
      [inFlight.GivenNumber]: 'handled',
      [next.GivenNumber]: 'handled',
    });
    expect((await handlingOf(id)).handled).toEqual([done.GivenNumber, inFlight.GivenNumber, next.GivenNumber]);
    expect(await groupRow(id)).toMatchObject({ resolved: true });
  });
});

describe('Visma eEkonomi', () => {
  it('reverses a duplicate voucher, and plans supplier invoices by hand (its API cannot cancel or credit them)', async () => {
    const receipts = [...vismaSim.store.vouchers.values()].filter(
      (v) => v.NumberSeries === 'A' && v.VoucherText.startsWith('Kvitto'),
    );
    const [first, second] = receipts.slice(-2);
    const [original, duplicate] = [first, second].map((v) => `A ${v.NumberAndNumberSeries.slice(1)}`);
    const id = await seedGroup(c, 'voucher', original, [
      { number: duplicate, booked: true, date: second.VoucherDate.slice(0, 10) },
    ]);
    expect((await api.get(`/duplicates/${id}/handle_group`, c.owner)).json().data.steps).toEqual([
      { number: duplicate, action: 'reverse', manualKey: null },
    ]);
    expect((await api.send('PUT', `/duplicates/${id}/handle_group`, c.owner, { confirm: true })).statusCode).toBe(202);
    const before = vismaSim.store.vouchers.size;
    expect(await runHandling(t.app, (await handlingOf(id)).id, { provider: visma })).toBe('succeeded');
    expect(vismaSim.store.vouchers.size).toBe(before + 1);
    const reversal = [...vismaSim.store.vouchers.values()].at(-1);
    expect(reversal?.VoucherText).toMatch(new RegExp(`^Rättelse av ${duplicate} \\(Fairway `));
    expect(await groupRow(id)).toMatchObject({ resolved: true });

    const invoices = [...vismaSim.store.supplierInvoices.values()].slice(0, 2);
    const manual = await seedGroup(c, 'supplier_invoice', invoices[0].Id, [{ number: invoices[1].Id, booked: true }]);
    expect((await api.get(`/duplicates/${manual}/handle_group`, c.owner)).json().data.steps).toEqual([
      { number: invoices[1].Id, action: 'manual', manualKey: 'duplicates.handling.manual.supplierInvoiceCredit' },
    ]);
    expect((await api.send('PUT', `/duplicates/${manual}/handle_group`, c.owner, { confirm: true })).statusCode).toBe(409);
  });
});
