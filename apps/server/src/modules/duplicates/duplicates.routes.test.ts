import { randomUUID } from 'node:crypto';
import type { DuplicateDetails, DuplicateGroup, FieldMapper } from '@fairway/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs } from '../../../test/fixtures/accounting';
import { scanNow, seedDocuments } from '../../../test/fixtures/duplicates';
import { addMember, createOrganisation, type TestMember, type TestOrganisation } from '../../../test/fixtures/users';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { App } from '../../app';
import { invoices } from '../invoices/invoices.tables';
import { roles } from '../permissions/permissions.tables';
import {
  duplicateDismissals,
  duplicateGroupMembers,
  duplicateGroups,
  duplicateHandlings,
  duplicateScans,
} from './duplicates.tables';

let t: TestApp;
let app: App;
let a: TestOrganisation;
let b: TestOrganisation;
let aStaff: TestMember;
let get: ReturnType<typeof apiAs>['get'];
let send: ReturnType<typeof apiAs>['send'];
/** Alfa's groups by their original's number. */
const groupIds = new Map<string, string>();
let bGroup: string;

const target = (org: TestOrganisation) => ({ organisationId: org.organisationId, clubAccountId: org.clubAccountId });

beforeAll(async () => {
  t = await createTestApp({ BRAND: 'dubbelkoll' });
  app = t.app;
  ({ get, send } = apiAs(app));
  a = await createOrganisation(app, { name: 'Alfa GK' });
  b = await createOrganisation(app, { name: 'Beta GK', organisationNumber: '559412-3456' });
  aStaff = await addMember(app, a, 'Staff');
  await seedDocuments(app, target(a), [
    // Three entries of one supplier invoice.
    { number: '11', counterpartyName: 'Gräsklipparna AB', reference: 'F-100', amountOre: 250_000, documentDate: '2026-03-01' },
    { number: '12', counterpartyName: 'Gräsklipparna AB', reference: 'F-100', amountOre: 250_000, documentDate: '2026-03-02' },
    { number: '13', counterpartyName: 'Gräsklipparna AB', reference: 'F-100', amountOre: 250_000, documentDate: '2026-03-03' },
    // Another supplier's invoice entered twice.
    {
      number: '21',
      counterpartyNumber: 'L2',
      counterpartyName: 'Bollfabriken AB',
      reference: 'BF-7',
      amountOre: 40_000,
      documentDate: '2026-02-10',
    },
    {
      number: '22',
      counterpartyNumber: 'L2',
      counterpartyName: 'Bollfabriken AB',
      reference: 'BF-7',
      amountOre: 40_000,
      documentDate: '2026-02-11',
    },
    // A voucher entered twice.
    {
      resource: 'voucher',
      number: 'A 5',
      counterpartyNumber: null,
      counterpartyName: null,
      reference: 'KV-1',
      amountOre: 12_000,
      vatOre: null,
    },
    {
      resource: 'voucher',
      number: 'A 6',
      counterpartyNumber: null,
      counterpartyName: null,
      reference: 'KV-1',
      amountOre: 12_000,
      vatOre: null,
    },
  ]);
  await scanNow(app, target(a));
  for (const g of await app.db.select().from(duplicateGroups).where(eq(duplicateGroups.clubAccountId, a.clubAccountId))) {
    groupIds.set(g.originalNumber, g.id);
  }
  await seedDocuments(app, target(b), [
    { number: '11', reference: 'B-1', amountOre: 99_000 },
    { number: '12', reference: 'B-1', amountOre: 99_000 },
  ]);
  await scanNow(app, target(b));
  const [bg] = await app.db.select().from(duplicateGroups).where(eq(duplicateGroups.clubAccountId, b.clubAccountId));
  bGroup = bg?.id as string;
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const id = (original: string) => groupIds.get(original) as string;

describe('GET duplicates', () => {
  it('lists the club account’s groups by resource and status, searched and sorted', async () => {
    const all = await get('/duplicates', a.owner);
    expect(all.statusCode).toBe(200);
    expect(all.json().pagination).toEqual({ page: 1, pageSize: 25, total: 3 });
    const groups = all.json().data as DuplicateGroup[];
    expect(groups.map((g) => g.original.number).sort()).toEqual(['11', '21', 'A 5']);
    const big = groups.find((g) => g.original.number === '11') as DuplicateGroup;
    expect(big).toMatchObject({
      resource: 'supplier_invoice',
      transactionId: 'F-100',
      duplicateCount: 2,
      amountAtStakeOre: 500_000,
      resolved: false,
      handling: false,
      original: { counterpartyName: 'Gräsklipparna AB', amountOre: 250_000, date: '2026-03-01' },
    });

    const vouchers = (await get('/duplicates?resource=voucher', a.owner)).json().data as DuplicateGroup[];
    expect(vouchers.map((g) => g.original.number)).toEqual(['A 5']);
    const byName = (await get(`/duplicates?search=${encodeURIComponent('bollfabr')}`, a.owner)).json().data as DuplicateGroup[];
    expect(byName.map((g) => g.original.number)).toEqual(['21']);
    const byMember = (await get('/duplicates?search=13', a.owner)).json().data as DuplicateGroup[];
    expect(byMember.map((g) => g.original.number)).toEqual(['11']);
    const byAmount = (await get('/duplicates?sort=amount&order=asc', a.owner)).json().data as DuplicateGroup[];
    expect(byAmount.map((g) => g.amountAtStakeOre)).toEqual([12_000, 40_000, 500_000]);
    const byDate = (await get('/duplicates?sort=date&order=asc', a.owner)).json().data as DuplicateGroup[];
    expect(byDate.map((g) => g.original.number)).toEqual(['21', '11', 'A 5']);
    const paged = await get('/duplicates?pageSize=2&page=2&sort=amount&order=asc', a.owner);
    expect((paged.json().data as DuplicateGroup[]).map((g) => g.amountAtStakeOre)).toEqual([500_000]);
    expect((await get('/duplicates?status=solved', a.owner)).json().data).toEqual([]);

    const bad = await get('/duplicates?sort=colour', a.owner, 'en');
    expect(bad.statusCode).toBe(400);
    // Beta sees its own group only.
    expect(((await get('/duplicates', b.owner)).json().data as DuplicateGroup[]).map((g) => g.id)).toEqual([bGroup]);
  });
});

describe('GET duplicates/:id and details', () => {
  it('answers the group and its documents side by side with each field’s outcome', async () => {
    const one = await get(`/duplicates/${id('11')}`, aStaff);
    expect(one.statusCode).toBe(200);
    expect(one.json().data).toMatchObject({ id: id('11'), duplicateCount: 2 });

    const details = await get(`/duplicates/${id('11')}/details`, aStaff);
    expect(details.statusCode).toBe(200);
    const body = details.json().data as DuplicateDetails;
    expect(body.duplicates.map((d) => d.document.number)).toEqual(['12', '13']);
    expect(body.duplicates[0]).toMatchObject({ state: 'open', fields: { reference: 'matched', amount: 'matched' } });
    expect(body.duplicates[0]?.confidence).toBeGreaterThanOrEqual(0.9);
    expect(body.transactionIdField).toBe('reference');
    expect(body.compared).toContain('ocr');
  });

  it('is “not found” for another organisation’s group and for no group, in both languages', async () => {
    for (const url of [`/duplicates/${bGroup}`, `/duplicates/${bGroup}/details`, `/duplicates/${randomUUID()}`]) {
      const sv = await get(url, a.owner, 'sv');
      expect(sv.statusCode).toBe(404);
      expect(sv.json().message).toBe('Dubblettgruppen finns inte.');
      expect(sv.json().eng_message).toBe('The duplicate group does not exist.');
    }
    expect((await get('/duplicates/not-a-uuid', a.owner)).statusCode).toBe(400);
  });
});

describe('PUT duplicates/:id', () => {
  it('marks a group resolved and unresolved; refuses a role without duplicates.write, another organisation’s group and a bad body', async () => {
    const url = `/duplicates/${id('21')}`;
    expect((await send('PUT', url, aStaff, { resolved: true })).statusCode).toBe(403);
    expect((await send('PUT', `/duplicates/${bGroup}`, a.owner, { resolved: true })).statusCode).toBe(404);
    const bad = await send('PUT', url, a.owner, { resolved: 'ja' }, 'en');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toHaveProperty('resolved');

    const done = await send('PUT', url, a.owner, { resolved: true });
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toMatchObject({ resolved: true });
    expect(done.json().data.resolvedAt).not.toBeNull();
    expect(((await get('/duplicates?status=solved', a.owner)).json().data as DuplicateGroup[]).map((g) => g.id)).toEqual([
      id('21'),
    ]);
    const again = await send('PUT', url, a.owner, { resolved: false });
    expect(again.json().data).toMatchObject({ resolved: false, resolvedAt: null });
    const [beta] = await app.db.select().from(duplicateGroups).where(eq(duplicateGroups.id, bGroup));
    expect(beta?.resolved).toBe(false);
  });

  it('waits while the group is being handled in the program', async () => {
    const [handling] = await app.db
      .insert(duplicateHandlings)
      .values({ ...target(a), groupId: id('A 5'), steps: [] })
      .returning();
    const res = await send('PUT', `/duplicates/${id('A 5')}`, a.owner, { resolved: true }, 'en');
    expect(res.statusCode).toBe(409);
    expect(res.json().eng_message).toMatch(/being handled/);
    expect((await get(`/duplicates/${id('A 5')}`, a.owner)).json().data.handling).toBe(true);
    await app.db.delete(duplicateHandlings).where(eq(duplicateHandlings.id, handling?.id as string));
  });
});

describe('PUT duplicates/:id/not_duplicate/:x', () => {
  it('dismisses the pair for good, recounts, and resolves the group when no duplicate is left', async () => {
    const url = (x: string) => `/duplicates/${id('11')}/not_duplicate/${encodeURIComponent(x)}`;
    expect((await send('PUT', url('12'), aStaff)).statusCode).toBe(403);
    const original = await send('PUT', url('11'), a.owner, {}, 'en');
    expect(original.statusCode).toBe(400);
    expect(original.json().eng_message).toMatch(/original/);
    const stranger = await send('PUT', url('99'), a.owner, {}, 'sv');
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().message).toBe('Dokumentet 99 är inte en dubblett i gruppen.');
    expect((await send('PUT', `/duplicates/${bGroup}/not_duplicate/12`, a.owner)).statusCode).toBe(404);

    const first = await send('PUT', url('12'), a.owner);
    expect(first.statusCode).toBe(200);
    const details = first.json().data as DuplicateDetails;
    expect(details.group).toMatchObject({ duplicateCount: 1, amountAtStakeOre: 250_000, resolved: false });
    expect(details.duplicates.find((d) => d.document.number === '12')?.state).toBe('not_duplicate');
    const dismissals = await app.db
      .select()
      .from(duplicateDismissals)
      .where(eq(duplicateDismissals.clubAccountId, a.clubAccountId));
    expect(dismissals.map((d) => [d.numberA, d.numberB])).toEqual([['11', '12']]);

    // A handled duplicate cannot be taken back.
    await app.db
      .update(duplicateGroupMembers)
      .set({ state: 'handled' })
      .where(and(eq(duplicateGroupMembers.groupId, id('11')), eq(duplicateGroupMembers.number, '13')));
    const handled = await send('PUT', url('13'), a.owner, {}, 'en');
    expect(handled.statusCode).toBe(409);
    await app.db
      .update(duplicateGroupMembers)
      .set({ state: 'open' })
      .where(and(eq(duplicateGroupMembers.groupId, id('11')), eq(duplicateGroupMembers.number, '13')));

    const last = await send('PUT', url('13'), a.owner);
    expect(last.json().data.group).toMatchObject({ duplicateCount: 0, amountAtStakeOre: 0, resolved: true });

    // The next full scan keeps the reviewer's decisions.
    await scanNow(app, target(a));
    const after = (await get(`/duplicates/${id('11')}/details`, a.owner)).json().data as DuplicateDetails;
    expect(after.group.resolved).toBe(true);
    expect(after.duplicates.map((d) => d.state)).toEqual(['not_duplicate', 'not_duplicate']);
  });
});

describe('PUT duplicates/:id/not_duplicate/:x of a voucher', () => {
  it('takes the voucher’s series and number as x', async () => {
    const res = await send('PUT', `/duplicates/${id('A 5')}/not_duplicate/${encodeURIComponent('A 6')}`, a.owner);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.group).toMatchObject({ resolved: true, duplicateCount: 0 });
    expect(res.json().data.duplicates[0]).toMatchObject({ document: { number: 'A 6' }, state: 'not_duplicate' });
  });
});

describe('scans and the summary', () => {
  it('POST duplicates/scan queues a full scan, refuses a second while it runs, and GET duplicates/scan shows its progress', async () => {
    expect((await send('POST', '/duplicates/scan', aStaff)).statusCode).toBe(403);
    const started = await send('POST', '/duplicates/scan', a.owner);
    expect(started.statusCode).toBe(202);
    expect(started.json().data).toMatchObject({ status: 'queued', kind: 'full', done: 0 });
    const twice = await send('POST', '/duplicates/scan', a.owner, {}, 'en');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().eng_message).toMatch(/already under way/);
    const progress = await get('/duplicates/scan', aStaff);
    expect(progress.json().data).toMatchObject({ status: 'queued', kind: 'full' });
    // Beta's scan is its own.
    expect((await get('/duplicates/scan', b.owner)).json().data).toMatchObject({ status: 'succeeded', done: 2, total: 2 });
    const [queued] = await app.db
      .select()
      .from(duplicateScans)
      .where(and(eq(duplicateScans.clubAccountId, a.clubAccountId), eq(duplicateScans.status, 'queued')));
    await app.runs.attempt((await import('./scan/scan.service')).duplicateScanRuns, queued?.id as string);
    expect((await get('/duplicates/scan', a.owner)).json().data).toMatchObject({ status: 'succeeded', done: 7, total: 7 });
  });

  it('GET duplicates/summary: per resource, per month, and the documents scanned this month', async () => {
    await app.db.insert(invoices).values({
      ...target(a),
      number: '5001',
      customerNumber: '1',
      customerName: 'Greta',
      invoiceDate: '2026-03-01',
      netOre: 100,
      vatOre: 25,
      totalOre: 125,
      balanceOre: 125,
      currency: 'SEK',
      invoiceType: 'INVOICE',
      booked: true,
      cancelled: false,
      sent: false,
      isCredit: false,
      credited: false,
      data: {} as never,
    });
    const res = await get('/duplicates/summary', a.owner);
    expect(res.statusCode).toBe(200);
    const body = res.json().data;
    const supplier = body.perResource.find((r: { resource: string }) => r.resource === 'supplier_invoice');
    expect(supplier).toMatchObject({ documents: 5, unresolved: 1, resolved: 1, atStakeOre: 40_000, savedOre: 0 });
    expect(body.perResource.find((r: { resource: string }) => r.resource === 'invoice')).toMatchObject({ documents: 1 });
    expect(body.months).toHaveLength(12);
    expect(body.months.at(-1).found).toBe(3);
    // Full scans re-check history and count nothing; the allowance is the duplicates module's.
    expect(body.usage).toEqual({ documentsThisMonth: 0, documentsPerMonth: 3_000 });
  });
});

describe('the field mapper', () => {
  it('answers the defaults, saves an organisation’s own mapping and goes back to the default', async () => {
    const before = (await get('/field_mapper', aStaff)).json().data as FieldMapper;
    expect(before.supplier_invoice).toMatchObject({ isDefault: true, mapping: { transactionIdField: 'reference' } });

    const mapping = { transactionIdField: 'ocr', compared: ['counterparty', 'ocr', 'amount', 'date'] };
    expect((await send('PUT', '/field_mapper', aStaff, { resource: 'supplier_invoice', mapping })).statusCode).toBe(403);
    const saved = await send('PUT', '/field_mapper', a.owner, { resource: 'supplier_invoice', mapping });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.supplier_invoice).toMatchObject({ isDefault: false, mapping });
    expect((await get('/transaction-id-fields', a.owner)).json().data.supplier_invoice).toEqual({
      field: 'ocr',
      choices: ['reference', 'ocr'],
    });
    // Beta keeps the defaults.
    expect((await get('/field_mapper', b.owner)).json().data.supplier_invoice.isDefault).toBe(true);

    const reset = await send('PUT', '/field_mapper', a.owner, { resource: 'supplier_invoice', mapping: null });
    expect(reset.json().data.supplier_invoice).toMatchObject({ isDefault: true, mapping: { transactionIdField: 'reference' } });
  });

  it('refuses a mapping without the amount, the date or its transaction ID, or an ID the resource cannot have, and changes nothing', async () => {
    const noAmount = await send(
      'PUT',
      '/field_mapper',
      a.owner,
      { resource: 'order', mapping: { transactionIdField: 'reference', compared: ['reference', 'date'] } },
      'en',
    );
    expect(noAmount.statusCode).toBe(400);
    expect(JSON.stringify(noAmount.json().error)).toMatch(/amount must be compared/);
    const ocrVoucher = await send(
      'PUT',
      '/field_mapper',
      a.owner,
      { resource: 'voucher', mapping: { transactionIdField: 'ocr', compared: ['ocr', 'amount', 'date'] } },
      'sv',
    );
    expect(ocrVoucher.statusCode).toBe(400);
    expect(Object.keys(ocrVoucher.json().error)).toEqual(['mapping.transactionIdField']);
    const after = (await get('/field_mapper', a.owner)).json().data as FieldMapper;
    expect(after.order.isDefault).toBe(true);
    expect(after.voucher.isDefault).toBe(true);
  });
});

describe('GET available-resources', () => {
  it('without a connected program offers customer invoices only, with the mirror’s counts', async () => {
    const res = await get('/available-resources', aStaff);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      { resource: 'invoice', available: true, refused: false, documents: 1 },
      { resource: 'supplier_invoice', available: false, refused: false, documents: 5 },
      { resource: 'order', available: false, refused: false, documents: 0 },
      { resource: 'voucher', available: false, refused: false, documents: 2 },
    ]);
  });
});

describe('role scopes', () => {
  it('refuses every Dubbelkoll read to a role without duplicates.read', async () => {
    const [role] = await app.db
      .insert(roles)
      .values({ organisationId: a.organisationId, name: 'Bara kunder', scopes: ['customers.read'] })
      .returning();
    const narrow = await addMember(app, a, 'Staff', { roleId: role?.id });
    for (const url of [
      '/duplicates',
      '/duplicates/summary',
      '/duplicates/scan',
      `/duplicates/${id('21')}`,
      `/duplicates/${id('21')}/details`,
      '/field_mapper',
      '/transaction-id-fields',
      '/available-resources',
    ]) {
      expect((await get(url, narrow)).statusCode, url).toBe(403);
    }
  });
});
