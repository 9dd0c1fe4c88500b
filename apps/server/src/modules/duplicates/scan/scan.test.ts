import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scanNow, seedDocuments } from '../../../../test/fixtures/duplicates';
import { createOrganisation } from '../../../../test/fixtures/users';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import type { App } from '../../../app';
import type { MirrorTarget } from '../../accounting/mirror/mirror';
import { eventLogs } from '../../eventlogs/eventlogs.tables';
import { duplicateDocumentsUsage } from '../../subscriptions/duplicate-allowance';
import {
  accountingDocuments,
  duplicateDismissals,
  duplicateGroupMembers,
  duplicateGroups,
  duplicateHandlings,
  duplicateScans,
} from '../duplicates.tables';
import { queueDuplicateScan } from './scan.queue';
import { runDuplicateScan, type ScanCheckpoint } from './scan.service';

let t: TestApp;
let app: App;

beforeAll(async () => {
  t = await createTestApp({ BRAND: 'dubbelkoll' });
  app = t.app;
});

afterAll(async () => {
  await t?.close();
});

async function newTarget(): Promise<MirrorTarget> {
  const org = await createOrganisation(app);
  return { organisationId: org.organisationId, clubAccountId: org.clubAccountId };
}

const groupsOf = (target: MirrorTarget) =>
  app.db.select().from(duplicateGroups).where(eq(duplicateGroups.clubAccountId, target.clubAccountId));
const membersOf = (groupId: string) =>
  app.db.select().from(duplicateGroupMembers).where(eq(duplicateGroupMembers.groupId, groupId));
const scanRow = async (id: string) => (await app.db.select().from(duplicateScans).where(eq(duplicateScans.id, id)))[0];

describe('the duplicate scan', () => {
  it('full: finds the invoice entered twice (a typo in the reference), not the monthly rent, and counts its progress', async () => {
    const target = await newTarget();
    const [original] = await seedDocuments(app, target, [
      { number: '201', reference: 'INV-00042', amountOre: 125_000, documentDate: '2026-03-02' },
      { number: '202', reference: 'INV-00024', amountOre: 125_000, documentDate: '2026-03-04' },
      // Rent: the same amount a month later, another reference.
      {
        number: '203',
        counterpartyNumber: 'L9',
        counterpartyName: 'Hyresvärden AB',
        reference: 'Hyra 2026-03',
        amountOre: 900_000,
      },
      {
        number: '204',
        counterpartyNumber: 'L9',
        counterpartyName: 'Hyresvärden AB',
        reference: 'Hyra 2026-04',
        amountOre: 900_000,
        documentDate: '2026-04-02',
      },
      // An order entered twice: another resource, its own group.
      { resource: 'order', number: '201', counterpartyNumber: 'K1', reference: 'PO-77', amountOre: 50_000 },
      { resource: 'order', number: '205', counterpartyNumber: 'K1', reference: 'PO-77', amountOre: 50_000 },
    ]);
    const { id, outcome } = await scanNow(app, target);
    expect(outcome).toBe('succeeded');
    expect(await scanRow(id)).toMatchObject({ kind: 'full', status: 'succeeded', done: 6, total: 6 });

    const groups = await groupsOf(target);
    expect(groups.map((g) => [g.resource, g.originalNumber]).sort()).toEqual([
      ['order', '201'],
      ['supplier_invoice', '201'],
    ]);
    const invoiceGroup = groups.find((g) => g.resource === 'supplier_invoice');
    expect(invoiceGroup).toMatchObject({
      transactionId: original?.reference,
      duplicateCount: 1,
      amountAtStakeOre: 125_000,
      resolved: false,
    });
    const [member] = await membersOf(invoiceGroup?.id as string);
    expect(member).toMatchObject({ number: '202', state: 'open' });
    expect(member?.fields).toMatchObject({ reference: 'near', amount: 'matched', counterparty: 'matched', date: 'near' });

    // A second full scan finds the same groups: nothing is duplicated.
    await scanNow(app, target);
    expect(await groupsOf(target)).toHaveLength(2);
    expect(await membersOf(invoiceGroup?.id as string)).toHaveLength(1);
    // Full scans re-check history: nothing counts against the month's allowance.
    expect((await duplicateDocumentsUsage(app.db, target.organisationId)).used).toBe(0);
  });

  it('incremental: checks only what the mirror wrote since, against the history; a resolved group is unresolved when a new document joins', async () => {
    const target = await newTarget();
    await seedDocuments(app, target, [
      { number: '301', reference: 'F-900', amountOre: 80_000 },
      { number: '302', reference: 'F-900', amountOre: 80_000, documentDate: '2026-03-03' },
      { number: '303', reference: 'F-901', counterpartyNumber: 'L2', amountOre: 10_000 },
    ]);
    await scanNow(app, target);
    const [group] = await groupsOf(target);
    await app.db
      .update(duplicateGroups)
      .set({ resolved: true, resolvedAt: new Date() })
      .where(eq(duplicateGroups.id, group?.id as string));

    // A refresh rewrote 302 (nothing new): the group stays resolved.
    await app.db
      .update(accountingDocuments)
      .set({ syncedAt: sql`now()` })
      .where(and(eq(accountingDocuments.clubAccountId, target.clubAccountId), eq(accountingDocuments.number, '302')));
    const quiet = await scanNow(app, target, 'auto');
    expect(await scanRow(quiet.id)).toMatchObject({ kind: 'incremental', status: 'succeeded', done: 1, total: 1 });
    expect((await groupsOf(target))[0]).toMatchObject({ id: group?.id, resolved: true, duplicateCount: 1 });

    // A third entry of the same invoice arrives: the group is open again, with two duplicates.
    await app.db.insert(accountingDocuments).values({
      ...target,
      resource: 'supplier_invoice',
      number: '304',
      counterpartyNumber: 'L1',
      reference: 'F-900',
      amountOre: 80_000,
      vatOre: 16_000,
      currency: 'SEK',
      documentDate: '2026-03-05',
      data: {},
    });
    const joined = await scanNow(app, target, 'auto');
    expect(await scanRow(joined.id)).toMatchObject({ kind: 'incremental', done: 1, total: 1 });
    // Each incremental scan's new documents count against the month's allowance.
    expect((await duplicateDocumentsUsage(app.db, target.organisationId)).used).toBe(2);
    const [after] = await groupsOf(target);
    expect(after).toMatchObject({
      id: group?.id,
      originalNumber: '301',
      resolved: false,
      resolvedAt: null,
      duplicateCount: 2,
      amountAtStakeOre: 160_000,
    });
    expect((await membersOf(group?.id as string)).map((m) => m.number).sort()).toEqual(['302', '304']);
  });

  it('an earlier document that joins becomes the original; members keep their state', async () => {
    const target = await newTarget();
    await seedDocuments(app, target, [
      { number: '401', reference: 'R-1', amountOre: 70_000, documentDate: '2026-05-10' },
      { number: '402', reference: 'R-1', amountOre: 70_000, documentDate: '2026-05-11' },
      { number: '403', reference: 'R-1', amountOre: 70_000, documentDate: '2026-05-12' },
    ]);
    await scanNow(app, target);
    const [group] = await groupsOf(target);
    await app.db
      .update(duplicateGroupMembers)
      .set({ state: 'handled' })
      .where(and(eq(duplicateGroupMembers.groupId, group?.id as string), eq(duplicateGroupMembers.number, '403')));
    await app.db.insert(accountingDocuments).values({
      ...target,
      resource: 'supplier_invoice',
      number: '400',
      counterpartyNumber: 'L1',
      reference: 'R-1',
      amountOre: 70_000,
      documentDate: '2026-05-08',
      data: {},
    });
    await scanNow(app, target, 'auto');
    const groups = await groupsOf(target);
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({ id: group?.id, originalNumber: '400', duplicateCount: 2 });
    const members = await membersOf(group?.id as string);
    expect(Object.fromEntries(members.map((m) => [m.number, m.state]))).toEqual({
      '401': 'open',
      '402': 'open',
      '403': 'handled',
    });
  });

  it('a document that duplicates documents of two groups joins them into one, the earliest original’s', async () => {
    const target = await newTarget();
    const common = { ocr: null, amountOre: 100_000, dueDate: '2026-07-01' };
    await seedDocuments(app, target, [
      { ...common, number: '801', reference: 'X-1', documentDate: '2026-06-01' },
      { ...common, number: '802', reference: 'X-1', documentDate: '2026-06-02' },
      { ...common, number: '803', reference: 'Y-1', documentDate: '2026-06-02' },
      { ...common, number: '804', reference: 'Y-1', documentDate: '2026-06-03' },
    ]);
    await scanNow(app, target);
    const before = await groupsOf(target);
    expect(before.map((g) => g.originalNumber).sort()).toEqual(['801', '803']);
    // The same invoice typed in without its reference: it duplicates 802 and 803.
    await seedDocuments(app, target, [{ ...common, number: '805', reference: null, documentDate: '2026-06-02' }]);
    await scanNow(app, target, 'auto');
    const after = await groupsOf(target);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({
      id: before.find((g) => g.originalNumber === '801')?.id,
      originalNumber: '801',
      duplicateCount: 4,
      resolved: false,
    });
    expect((await membersOf(after[0]?.id as string)).map((m) => m.number).sort()).toEqual(['802', '803', '804', '805']);
  });

  it('leaves a group alone while a handling works on it', async () => {
    const target = await newTarget();
    await seedDocuments(app, target, [
      { number: '901', reference: 'H-1', amountOre: 55_000 },
      { number: '902', reference: 'H-1', amountOre: 55_000 },
    ]);
    await scanNow(app, target);
    const [group] = await groupsOf(target);
    await app.db.insert(duplicateHandlings).values({ ...target, groupId: group?.id as string, steps: [] });
    await seedDocuments(app, target, [{ number: '903', reference: 'H-1', amountOre: 55_000 }]);
    await scanNow(app, target, 'auto');
    expect((await membersOf(group?.id as string)).map((m) => m.number)).toEqual(['902']);
    expect((await groupsOf(target))[0]).toMatchObject({ id: group?.id, duplicateCount: 1 });
  });

  it('a dismissed pair never comes back, in a full scan or an incremental one', async () => {
    const target = await newTarget();
    await seedDocuments(app, target, [
      { number: '501', reference: 'D-1', amountOre: 33_000 },
      { number: '502', reference: 'D-1', amountOre: 33_000 },
    ]);
    await app.db.insert(duplicateDismissals).values({ ...target, resource: 'supplier_invoice', numberA: '501', numberB: '502' });
    await scanNow(app, target);
    expect(await groupsOf(target)).toEqual([]);
    await app.db
      .update(accountingDocuments)
      .set({ syncedAt: sql`now()` })
      .where(eq(accountingDocuments.clubAccountId, target.clubAccountId));
    await scanNow(app, target, 'auto');
    expect(await groupsOf(target)).toEqual([]);
  });

  it('a scan whose worker died is resumed by the sweep from its checkpoint: finished resources are not checked again', async () => {
    const target = await newTarget();
    await seedDocuments(app, target, [
      { number: '601', reference: 'K-1', amountOre: 44_000 },
      { number: '602', reference: 'K-1', amountOre: 44_000 },
      { resource: 'voucher', number: 'A 1', counterpartyNumber: null, reference: 'KV-12', amountOre: 9_900, vatOre: null },
      { resource: 'voucher', number: 'A 2', counterpartyNumber: null, reference: 'KV-12', amountOre: 9_900, vatOre: null },
    ]);
    const { scan } = await queueDuplicateScan(app, target, { kind: 'full', createdBy: null });
    const checkpoint: ScanCheckpoint = {
      cutoff: new Date().toISOString(),
      since: null,
      finished: ['invoice', 'supplier_invoice'],
    };
    // Its worker died ten minutes ago with customer and supplier invoices checked (2 of 4 documents).
    await app.db
      .update(duplicateScans)
      .set({
        status: 'running',
        attempts: 1,
        lease: randomUUID(),
        startedAt: new Date(Date.now() - 11 * 60_000),
        heartbeatAt: new Date(Date.now() - 10 * 60_000),
        done: 2,
        total: 4,
        checkpoint: checkpoint as unknown as Record<string, unknown>,
      })
      .where(eq(duplicateScans.id, scan.id));
    // A new request does not join the dead scan: it is still the active one, so nothing new is queued.
    expect((await queueDuplicateScan(app, target, { kind: 'auto', createdBy: null })).queued).toBe(false);

    expect(await app.runs.sweep()).toMatchObject({ resumed: 1 });
    expect((await scanRow(scan.id))?.status).toBe('queued');
    expect(await runDuplicateScan(app, scan.id)).toBe('succeeded');
    expect(await scanRow(scan.id)).toMatchObject({ status: 'succeeded', attempts: 2, done: 4, total: 4, lease: null });
    // Supplier invoices were done before the crash: the resumed attempt grouped the vouchers only.
    expect((await groupsOf(target)).map((g) => g.resource)).toEqual(['voucher']);
    const resumed = await app.db
      .select()
      .from(eventLogs)
      .where(and(eq(eventLogs.activity, 'runs.duplicateScan.resumed'), eq(eventLogs.clubAccountId, target.clubAccountId)));
    expect(resumed).toHaveLength(1);
  });

  it('saves its progress batch by batch and goes on from its position', async () => {
    const target = await newTarget();
    const many = Array.from({ length: 450 }, (_, i) => ({
      number: String(70_000 + i),
      counterpartyNumber: `L${i}`,
      reference: `P-${i}`,
      amountOre: 10_000 + i * 7,
      documentDate: `2026-0${1 + (i % 9)}-1${i % 10}`,
    }));
    await seedDocuments(app, target, [
      ...many,
      {
        number: '79998',
        reference: 'P-449',
        counterpartyNumber: 'L449',
        amountOre: 10_000 + 449 * 7,
        documentDate: '2026-09-19',
      },
    ]);
    const { scan } = await queueDuplicateScan(app, target, { kind: 'full', createdBy: null });
    // A first attempt got through 200 supplier invoices and died.
    await app.db
      .update(duplicateScans)
      .set({
        status: 'running',
        attempts: 1,
        lease: randomUUID(),
        heartbeatAt: new Date(Date.now() - 10 * 60_000),
        done: 200,
        total: 451,
        checkpoint: {
          cutoff: new Date().toISOString(),
          since: null,
          finished: ['invoice'],
          current: { resource: 'supplier_invoice', position: 200 },
        },
      })
      .where(eq(duplicateScans.id, scan.id));
    await app.runs.sweep();
    expect(await runDuplicateScan(app, scan.id)).toBe('succeeded');
    const row = await scanRow(scan.id);
    expect(row).toMatchObject({ done: 451, total: 451 });
    expect((row?.checkpoint as unknown as ScanCheckpoint | undefined)?.finished).toEqual([
      'invoice',
      'supplier_invoice',
      'order',
      'voucher',
    ]);
    const groups = await groupsOf(target);
    expect(groups.map((g) => g.originalNumber)).toEqual(['70449']);
  });
});
