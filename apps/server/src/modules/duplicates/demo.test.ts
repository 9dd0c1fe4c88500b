import type { DuplicateResource } from '@fairway/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectThroughConsent, runQueuedRefreshes, useFortnoxSimulator } from '../../../test/fixtures/accounting';
import { createOrganisation, type TestOrganisation } from '../../../test/fixtures/users';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { App } from '../../app';
import { WHOLE_READS_PER_RUN } from '../accounting/refresh/whole-reads';
import { invoices } from '../invoices/invoices.tables';
import { accountingDocuments, duplicateGroupMembers, duplicateGroups, duplicateScans } from './duplicates.tables';
import { runDuplicateScan } from './scan/scan.service';

/**
 * Dubbelkoll's demo (docs/duplicates.md#demo-data) against the Fortnox simulator's demo seed: the
 * first refresh and the full scan after it find every planted duplicate of each resource and none
 * of the near-misses (monthly rent, leasing instalments, a credit and its invoice, bank fees);
 * the vouchers compared (not those booking an invoice, docs/duplicates.md#what-is-compared) are all
 * read whole before that scan.
 * Of the customer invoices only the newest are read whole (as a first refresh reads them, newest
 * first), to keep the test short: Fortnox's invoice list lacks the reference and the rows the
 * customer invoice entered twice is found by, and both of its copies are among the newest.
 */
let t: TestApp;
let app: App;
let a: TestOrganisation;

beforeAll(async () => {
  t = await createTestApp({ BRAND: 'dubbelkoll' });
  app = t.app;
  await useFortnoxSimulator(app, 'demo');
  a = await createOrganisation(app, { name: 'Dubbelkoll Demo AB', duplicateTierId: 'business' });
  await connectThroughConsent(app, a.owner);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

/**
 * Each group as its documents' numbers and texts (the original first; a customer invoice's text is
 * not in accounting_documents) and how many duplicates it has.
 */
async function groupsOf(resource: DuplicateResource) {
  const groups = await app.db
    .select()
    .from(duplicateGroups)
    .where(and(eq(duplicateGroups.clubAccountId, a.clubAccountId), eq(duplicateGroups.resource, resource)));
  const out: { numbers: string[]; texts: string[]; duplicates: number }[] = [];
  for (const g of groups) {
    const members = await app.db.select().from(duplicateGroupMembers).where(eq(duplicateGroupMembers.groupId, g.id));
    const numbers = [g.originalNumber, ...members.map((m) => m.number)];
    const texts: string[] = [];
    for (const number of resource === 'invoice' ? [] : numbers) {
      const [row] = await app.db
        .select({ text: accountingDocuments.text })
        .from(accountingDocuments)
        .where(
          and(
            eq(accountingDocuments.clubAccountId, a.clubAccountId),
            eq(accountingDocuments.resource, resource as Exclude<DuplicateResource, 'invoice'>),
            eq(accountingDocuments.number, number),
          ),
        );
      texts.push(row?.text ?? '');
    }
    out.push({ numbers, texts, duplicates: g.duplicateCount });
  }
  return out;
}

describe('the demo company’s first refresh and scan', () => {
  it('finds the seeded customer-invoice, supplier-invoice and order duplicates, reads every compared voucher whole, and takes no near-miss for a duplicate', async () => {
    // What a first refresh does outside tests: every document read whole before the first scan.
    await runQueuedRefreshes(app, a, {
      fullReads: WHOLE_READS_PER_RUN,
      documentReads: Number.POSITIVE_INFINITY,
      invoiceReads: 80,
    });
    const queued = await app.db
      .select()
      .from(duplicateScans)
      .where(and(eq(duplicateScans.clubAccountId, a.clubAccountId), eq(duplicateScans.status, 'queued')));
    expect(queued.map((s) => s.kind)).toEqual(['full']);
    expect(await runDuplicateScan(app, queued[0]?.id as string)).toBe('succeeded');

    // Supplier invoices: the eight planted kinds (exact copy, reference typo, swapped digits,
    // reference written differently, amount excl. VAT, rounded amount, a week later, wrong supplier).
    const supplierInvoices = await groupsOf('supplier_invoice');
    expect(supplierInvoices).toHaveLength(8);
    for (const g of supplierInvoices) {
      expect(g.duplicates).toBe(1);
      expect(g.texts.some((text) => /^(Hyra|Leasing)/.test(text))).toBe(false);
    }
    // Customer invoices: the latest booked invoice with a reference, entered again three days later
    // (the newest invoice); not the contract's or the other invoices of the same customer and contact.
    const newest = await app.db
      .select({ number: invoices.number })
      .from(invoices)
      .where(eq(invoices.clubAccountId, a.clubAccountId))
      .orderBy(desc(sql`${invoices.number}::int`))
      .limit(1);
    const customerInvoices = await groupsOf('invoice');
    expect(customerInvoices).toHaveLength(1);
    expect(customerInvoices[0]?.duplicates).toBe(1);
    expect(customerInvoices[0]?.numbers[1]).toBe(newest[0]?.number);
    // Orders: three web orders entered twice.
    const orders = await groupsOf('order');
    expect(orders.map((g) => g.duplicates)).toEqual([1, 1, 1]);
    // Vouchers: read whole before the scan (amounts and rows), and no monthly bank fee is taken
    // for a duplicate. The two receipts entered twice have no reference to compare, and amount,
    // text, rows and a date two days apart stay below the threshold (docs/duplicates.md#limits).
    const voucherDocs = await app.db
      .select({ amountOre: accountingDocuments.amountOre, rows: accountingDocuments.rows, text: accountingDocuments.text })
      .from(accountingDocuments)
      .where(and(eq(accountingDocuments.clubAccountId, a.clubAccountId), eq(accountingDocuments.resource, 'voucher')));
    expect(voucherDocs.filter((d) => d.rows === null)).toEqual([]);
    // Manual vouchers and payments' only: the invoices' bookings are compared as those invoices.
    expect(voucherDocs.length).toBeGreaterThan(0);
    expect(voucherDocs.filter((d) => /^(Kundfaktura|Leverantörsfaktura)/.test(d.text ?? ''))).toEqual([]);
    const vouchers = await groupsOf('voucher');
    for (const g of vouchers) expect(g.texts.some((text) => text.startsWith('Bankavgift'))).toBe(false);
  }, 600_000);
});
