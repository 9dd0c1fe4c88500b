import type { AvailableResources } from '@fairway/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiAs, connectThroughConsent, runQueuedRefreshes, useFortnoxSimulator } from '../../../test/fixtures/accounting';
import { createOrganisation, type TestOrganisation } from '../../../test/fixtures/users';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { App } from '../../app';
import type {
  AccOrder,
  AccountingProvider,
  AccSupplier,
  AccSupplierInvoice,
  AccVoucher,
  ListQuery,
  Page,
} from '../../providers/accounting/provider';
import { queueMirrorRefresh } from '../accounting/refresh/queue';
import { suppliers } from '../suppliers/suppliers.tables';
import { accountingDocuments, duplicateGroupMembers, duplicateGroups, duplicateScans } from './duplicates.tables';
import { runDuplicateScan } from './scan/scan.service';

/**
 * The mirror refresh of Dubbelkoll's documents, against a provider whose supplier, supplier
 * invoice, order and voucher sections are in-memory programs wrapped around the simulator-backed
 * Fortnox provider (the simulators hold no suppliers yet). The supplier invoice list leaves out
 * the OCR and rows, as Fortnox's does: those are read whole.
 */
const fake = vi.hoisted(() => {
  const state = {
    offered: true,
    suppliers: [] as AccSupplier[],
    supplierInvoices: [] as AccSupplierInvoice[],
    orders: [] as AccOrder[],
    vouchers: [] as AccVoucher[],
    lists: [] as { section: string; query: ListQuery }[],
    gets: [] as string[],
  };
  function page<T extends { modifiedAt: string | null }>(
    section: string,
    all: T[],
    query: ListQuery = {},
    map = (x: T) => x,
  ): Page<T> {
    state.lists.push({ section, query });
    const since = query.modifiedSince ? new Date(query.modifiedSince) : null;
    const items = all.filter((d) => !since || (d.modifiedAt !== null && new Date(d.modifiedAt) > since));
    const size = query.pageSize ?? 100;
    const at = query.page ?? 1;
    return {
      items: items.slice((at - 1) * size, at * size).map(map),
      page: at,
      totalPages: Math.max(1, Math.ceil(items.length / size)),
      total: items.length,
    };
  }
  const found = <T>(section: string, doc: T | undefined, number: string): T => {
    state.gets.push(`${section} ${number}`);
    if (!doc) throw new Error(`${section} ${number} not in the fake`);
    return doc;
  };
  function wrap(provider: AccountingProvider): AccountingProvider {
    // A program without the purchasing sections: the simulator's own are left out.
    const { suppliers: _suppliers, supplierInvoices: _supplierInvoices, ...withoutPurchasing } = provider;
    const wrapped: AccountingProvider = {
      ...withoutPurchasing,
      orders: {
        summaryOmits: [],
        list: async (q) => page('orders', state.orders, q),
      },
      vouchers: {
        summaryOmits: ['rows'],
        list: async (q) => page('vouchers', state.vouchers, q, (v) => ({ ...v, rows: [] })),
        get: async (n) =>
          found(
            'voucher',
            state.vouchers.find((v) => `${v.series} ${v.number}` === n),
            n,
          ),
      },
    };
    if (!state.offered) return wrapped;
    return {
      ...wrapped,
      suppliers: {
        summaryOmits: ['organisationNumber'],
        list: async (q) => page('suppliers', state.suppliers, q, (x) => ({ ...x, organisationNumber: null })),
        get: async (n) =>
          found(
            'supplier',
            state.suppliers.find((s) => s.number === n),
            n,
          ),
      },
      supplierInvoices: {
        summaryOmits: ['ocr', 'rows'],
        list: async (q) => page('supplierInvoices', state.supplierInvoices, q, (d) => ({ ...d, ocr: null, rows: [] })),
        get: async (n) =>
          found(
            'supplierInvoice',
            state.supplierInvoices.find((d) => d.number === n),
            n,
          ),
      },
    };
  }
  return { state, wrap };
});

vi.mock('../accounting/connection/accounting-for', async (original) => {
  const real = await original<typeof import('../accounting/connection/accounting-for')>();
  return {
    ...real,
    accountingFor: async (...args: Parameters<typeof real.accountingFor>) => fake.wrap(await real.accountingFor(...args)),
  };
});

const supplier = (number: string, name: string): AccSupplier => ({
  number,
  name,
  organisationNumber: `556677-88${number.padStart(2, '0')}`,
  address: { address1: 'Verkstadsgatan 1', address2: null, zipCode: '753 23', city: 'Uppsala', countryCode: 'SE' },
  email: null,
  phone: null,
  bankgiro: '5050-1055',
  plusgiro: null,
  bankAccount: null,
  currency: 'SEK',
  active: true,
  modifiedAt: '2026-01-10T08:00:00Z',
});

const invoice = (number: string, over: Partial<AccSupplierInvoice> = {}): AccSupplierInvoice => ({
  number,
  supplierNumber: '1',
  supplierName: 'Gräsklipparna AB',
  invoiceNumber: 'F-4711',
  ocr: '4711000123',
  bankAccount: '5050-1055',
  invoiceDate: '2026-03-02',
  dueDate: '2026-04-01',
  currency: 'SEK',
  totalOre: 312_500,
  vatOre: 62_500,
  comments: 'Service av klippare',
  rows: [{ account: '5410', articleNumber: null, description: 'Service', amountOre: 250_000 }],
  booked: false,
  cancelled: false,
  credit: false,
  modifiedAt: '2026-03-02T09:00:00Z',
  ...over,
});

let t: TestApp;
let app: App;
let a: TestOrganisation;
const target = () => ({ organisationId: a.organisationId, clubAccountId: a.clubAccountId });

/** Runs every queued scan of Alfa now; answers their kinds. */
async function runQueuedScans(): Promise<string[]> {
  const queued = await app.db
    .select()
    .from(duplicateScans)
    .where(and(eq(duplicateScans.clubAccountId, a.clubAccountId), eq(duplicateScans.status, 'queued')));
  for (const scan of queued) expect(await runDuplicateScan(app, scan.id)).toBe('succeeded');
  return queued.map((s) => s.kind);
}

beforeAll(async () => {
  t = await createTestApp({ BRAND: 'dubbelkoll' });
  app = t.app;
  await useFortnoxSimulator(app, 'empty');
  a = await createOrganisation(app, { name: 'Alfa AB' });
  fake.state.suppliers.push(supplier('1', 'Gräsklipparna AB'), supplier('2', 'Bollfabriken AB'));
  fake.state.supplierInvoices.push(
    invoice('101'),
    // The same invoice typed in again a week later, the OCR with a typo.
    invoice('102', { invoiceDate: '2026-03-09', ocr: '4711000132', modifiedAt: '2026-03-09T09:00:00Z' }),
    invoice('103', { supplierNumber: '2', supplierName: 'Bollfabriken AB', invoiceNumber: 'B-9', ocr: null, totalOre: 40_000 }),
  );
  fake.state.orders.push({
    number: '7',
    customerNumber: '12',
    customerName: 'Greta',
    orderDate: '2026-03-03',
    yourReference: 'Greta G',
    yourOrderNumber: 'PO-88',
    currency: 'SEK',
    totalOre: 62_500,
    vatOre: 12_500,
    rows: [],
    remarks: null,
    cancelled: false,
    invoiced: false,
    modifiedAt: '2026-03-03T10:00:00Z',
  });
  fake.state.vouchers.push({
    series: 'A',
    number: '17',
    year: null,
    date: '2026-03-04',
    description: 'Kvitto bensin',
    amountOre: 80_000,
    transactionRef: 'KV-17',
    rows: [
      { account: '5611', debitOre: 64_000, creditOre: 0, description: null },
      { account: '2641', debitOre: 16_000, creditOre: 0, description: null },
      { account: '1930', debitOre: 0, creditOre: 80_000, description: null },
    ],
    reversesVoucher: null,
    books: null,
    modifiedAt: '2026-03-04T10:00:00Z',
  });
  // The program's booking of supplier invoice 101: compared as that invoice, never as a voucher.
  fake.state.vouchers.push({
    series: 'D',
    number: '3',
    year: null,
    date: '2026-03-02',
    description: 'Leverantörsfaktura 101, Gräsklipparna AB',
    amountOre: 312_500,
    transactionRef: '101',
    rows: [],
    reversesVoucher: null,
    books: 'supplier_invoice',
    modifiedAt: '2026-03-02T10:00:00Z',
  });
  await connectThroughConsent(app, a.owner);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('the mirror of Dubbelkoll’s documents', () => {
  it('reads suppliers, supplier invoices, orders and vouchers in full on first connect, whole where lists leave fields out, then scans in full', async () => {
    await runQueuedRefreshes(app, a, { fullReads: 100, documentReads: 100, invoiceReads: 0 });
    const rows = await app.db.select().from(suppliers).where(eq(suppliers.clubAccountId, a.clubAccountId));
    // The organisation number is not in the list items: from the whole read.
    expect(rows.map((s) => [s.number, s.name, s.bankgiro, s.organisationNumber]).sort()).toEqual([
      ['1', 'Gräsklipparna AB', '5050-1055', '556677-8801'],
      ['2', 'Bollfabriken AB', '5050-1055', '556677-8802'],
    ]);
    const docs = await app.db.select().from(accountingDocuments).where(eq(accountingDocuments.clubAccountId, a.clubAccountId));
    const byKey = new Map(docs.map((d) => [`${d.resource} ${d.number}`, d]));
    expect(byKey.get('supplier_invoice 101')).toMatchObject({
      counterpartyNumber: '1',
      counterpartyName: 'Gräsklipparna AB',
      reference: 'F-4711',
      // Not in the list item: from the whole read.
      ocr: '4711000123',
      rows: [{ code: '5410', amount: 250_000 }],
      amountOre: 312_500,
      vatOre: 62_500,
      currency: 'SEK',
      documentDate: '2026-03-02',
      dueDate: '2026-04-01',
      text: 'Service av klippare',
    });
    expect(byKey.get('order 7')).toMatchObject({ reference: 'PO-88', counterpartyNumber: '12', amountOre: 62_500, rows: null });
    expect(byKey.get('voucher A 17')).toMatchObject({
      reference: 'KV-17',
      text: 'Kvitto bensin',
      rows: [
        { code: '5611', amount: 64_000 },
        { code: '2641', amount: 16_000 },
        { code: '1930', amount: -80_000 },
      ],
    });
    expect(fake.state.gets.sort()).toEqual([
      'supplier 1',
      'supplier 2',
      'supplierInvoice 101',
      'supplierInvoice 102',
      'supplierInvoice 103',
      'voucher A 17',
    ]);
    // The voucher that books supplier invoice 101 is neither kept nor read whole.
    expect(byKey.has('voucher D 3')).toBe(false);
    expect(fake.state.lists.filter((l) => l.query.modifiedSince)).toEqual([]);

    expect(await runQueuedScans()).toEqual(['full']);
    const groups = await app.db.select().from(duplicateGroups).where(eq(duplicateGroups.clubAccountId, a.clubAccountId));
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({
      resource: 'supplier_invoice',
      originalNumber: '101',
      transactionId: 'F-4711',
      duplicateCount: 1,
    });
  }, 60_000);

  it('then reads only what changed (modifiedSince), and the incremental scan adds the new entry to the group', async () => {
    fake.state.lists.length = 0;
    fake.state.gets.length = 0;
    fake.state.supplierInvoices.push(invoice('104', { invoiceDate: '2026-03-10', modifiedAt: new Date().toISOString() }));
    await queueMirrorRefresh(app, target(), 'manual');
    await runQueuedRefreshes(app, a, { fullReads: 100, documentReads: 100, invoiceReads: 0 });
    const invoiceLists = fake.state.lists.filter((l) => l.section === 'supplierInvoices');
    expect(invoiceLists.length).toBeGreaterThan(0);
    expect(invoiceLists.every((l) => typeof l.query.modifiedSince === 'string')).toBe(true);
    // Only the changed one is read whole again.
    expect(fake.state.gets).toEqual(['supplierInvoice 104']);

    expect(await runQueuedScans()).toEqual(['incremental']);
    const [group] = await app.db.select().from(duplicateGroups).where(eq(duplicateGroups.clubAccountId, a.clubAccountId));
    const members = await app.db
      .select()
      .from(duplicateGroupMembers)
      .where(eq(duplicateGroupMembers.groupId, group?.id as string));
    expect(members.map((m) => m.number).sort()).toEqual(['102', '104']);
    const scans = await app.db.select().from(duplicateScans).where(eq(duplicateScans.clubAccountId, a.clubAccountId));
    expect(scans.find((s) => s.kind === 'incremental')).toMatchObject({ done: 1, total: 1 });
  }, 60_000);

  it('reads only the sections the program offers, and GET available-resources says which', async () => {
    const { get } = apiAs(app);
    const offered = (await get('/available-resources', a.owner)).json().data as AvailableResources;
    expect(offered.map((r) => [r.resource, r.available, r.documents])).toEqual([
      ['invoice', true, 0],
      ['supplier_invoice', true, 4],
      ['order', true, 1],
      ['voucher', true, 1],
    ]);

    fake.state.offered = false;
    fake.state.lists.length = 0;
    await queueMirrorRefresh(app, target(), 'manual');
    await runQueuedRefreshes(app, a, { fullReads: 100, documentReads: 100, invoiceReads: 0 });
    expect(new Set(fake.state.lists.map((l) => l.section))).toEqual(new Set(['orders', 'vouchers']));
    const without = (await get('/available-resources', a.owner)).json().data as AvailableResources;
    expect(without.find((r) => r.resource === 'supplier_invoice')).toEqual({
      resource: 'supplier_invoice',
      available: false,
      // Not offered by this program at all, which is not a refusal: connecting again gives nothing.
      refused: false,
      documents: 4,
    });
    fake.state.offered = true;
  }, 60_000);
});
