import { NO_RULES } from '@fairway/shared';
import { and, asc, desc, eq, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsRead } from '../../../test/fixtures/rows-read';
import { createOrganisation, type TestOrganisation } from '../../../test/fixtures/users';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { withTenant } from '../../db/tenant-context';
import type { AccInvoice } from '../../providers/accounting/provider';
import type { AccountingCaller } from '../accounting/access';
import { countInvoices, type InvoiceListFilter, invoiceSearch, listInvoices, mirrorVersion } from './invoices.repository';
import { invoiceSearchTerms, invoices } from './invoices.tables';

/**
 * A search's page chosen in the terms (db/word-search.ts pageOfMatches) is the page the rows
 * themselves give: the matches (invoiceSearch) sorted by the invoices' own columns.
 */
let t: TestApp;
let a: TestOrganisation;
let caller: AccountingCaller;
const TODAY = '2026-11-29';

beforeAll(async () => {
  t = await createTestApp();
  a = await createOrganisation(t.app, { name: 'Alfa GK' });
  caller = {
    userId: a.owner.userId,
    organisationId: a.organisationId,
    clubAccountId: a.clubAccountId,
    roleId: '',
    rules: NO_RULES,
  };
});

afterAll(async () => {
  await t?.close();
});

const filterOf = (f: Partial<InvoiceListFilter>): InvoiceListFilter =>
  ({ order: 'asc', booked: 'all', payment: 'all', kind: 'all', ...f }) as InvoiceListFilter;

let seq = 0;
function invoice(number: string, customerName: string, invoiceDate: string, booked = false) {
  seq += 1;
  return {
    organisationId: a.organisationId,
    clubAccountId: a.clubAccountId,
    number,
    customerNumber: `${9000 + seq}`,
    customerName,
    invoiceDate,
    netOre: 100 * seq,
    vatOre: 0,
    totalOre: 100 * seq,
    balanceOre: seq % 3 === 0 ? 0 : 100 * seq,
    currency: 'SEK',
    invoiceType: 'invoice',
    booked,
    cancelled: false,
    sent: false,
    isCredit: false,
    credited: false,
    data: {} as AccInvoice,
  };
}

/** The ids of every invoice matching `search` (and `extra`), sorted by the rows: the old path. */
async function expected(search: string, order: SQL[], extra?: SQL) {
  const rows = await withTenant(a.organisationId, () =>
    t.app.db
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.clubAccountId, a.clubAccountId), invoiceSearch(a.clubAccountId, search) ?? undefined, extra))
      .orderBy(...order),
  );
  return rows.map((r) => r.id);
}

async function pages(filter: InvoiceListFilter, pageSize: number) {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const { rows } = await withTenant(a.organisationId, () =>
      listInvoices(t.app.db, caller, a, filter, { page, pageSize }, TODAY),
    );
    ids.push(...rows.map((r) => r.id));
    if (rows.length < pageSize) return ids;
  }
}

/**
 * How many invoice rows a page of the list reads, apart from the mirror's version that its
 * statement reads as well (invoices.repository.ts listInvoices): an index probe on a large
 * mirror, a scan of these few rows here.
 */
async function invoiceRowsRead(filter: InvoiceListFilter, pageSize: number) {
  const read = (work: () => Promise<unknown>) => rowsRead(t.app, a.organisationId, 'invoices', work);
  const page = await read(() => listInvoices(t.app.db, caller, a, filter, { page: 1, pageSize }, TODAY));
  return page - (await read(() => mirrorVersion(t.app.db, a)));
}

const newestFirst = () => [desc(invoices.invoiceDate), desc(invoices.number)];

describe('a search page of the invoice list', () => {
  it('is the page the rows give, ties on the date broken by the number, after dates change too', async () => {
    // Numbers compared as text ("100" before "99"), many on one date, others spread out.
    const rows = [
      ...['100', '99', '1000', 'A7', '7', '101', '98', '10'].map((n) => invoice(n, 'Andersson Golf AB', '2026-10-01')),
      ...Array.from({ length: 14 }, (_, i) => invoice(`2${i}`, `Anderssons Bygg ${i}`, `2026-0${(i % 9) + 1}-15`, i % 2 === 0)),
      invoice('555', 'Berg Sport', '2026-10-01'),
    ];
    const inserted = await withTenant(a.organisationId, () =>
      t.app.db.insert(invoices).values(rows).returning({ id: invoices.id, number: invoices.number }),
    );
    const want = await expected('andersson', newestFirst());
    expect(want).toHaveLength(22);
    for (const size of [5, 7, 25]) expect(await pages(filterOf({ search: 'andersson' }), size)).toEqual(want);

    // A new date changes no word of the invoice; its terms follow and so does the page.
    const moved = inserted.find((r) => r.number === '10')?.id as string;
    await withTenant(a.organisationId, () =>
      t.app.db.update(invoices).set({ invoiceDate: '2027-01-01' }).where(eq(invoices.id, moved)),
    );
    const terms = await withTenant(a.organisationId, () =>
      t.app.db
        .selectDistinct({ invoiceDate: invoiceSearchTerms.invoiceDate })
        .from(invoiceSearchTerms)
        .where(eq(invoiceSearchTerms.rowId, moved)),
    );
    expect(terms).toEqual([{ invoiceDate: '2027-01-01' }]);
    const after = await expected('andersson', newestFirst());
    expect(after[0]).toBe(moved);
    for (const size of [5, 25]) expect(await pages(filterOf({ search: 'andersson' }), size)).toEqual(after);
    // Oldest first is chosen in the terms too.
    expect(await pages(filterOf({ search: 'andersson', sort: 'invoiceDate', order: 'asc' }), 6)).toEqual(
      await expected('andersson', [asc(invoices.invoiceDate), asc(invoices.number)]),
    );
  });

  it('reads only the page of a search alone, every match of a search with a filter', async () => {
    // 22 matches (the test above); with the default order only the page's 5 are read.
    expect(await invoiceRowsRead(filterOf({ search: 'andersson' }), 5)).toBe(5);
    expect(await invoiceRowsRead(filterOf({ search: 'andersson', booked: 'booked' }), 5)).toBeGreaterThanOrEqual(22);
  });

  it('matches every word, and keeps its filters and other sorts', async () => {
    const golf = await expected('anders golf', newestFirst());
    expect(golf).toHaveLength(8);
    expect(await pages(filterOf({ search: 'anders golf' }), 3)).toEqual(golf);

    const booked = await expected('andersson', newestFirst(), eq(invoices.booked, true));
    expect(booked).toHaveLength(7);
    expect(await pages(filterOf({ search: 'andersson', booked: 'booked' }), 3)).toEqual(booked);
    expect(
      await withTenant(a.organisationId, () => countInvoices(t.app.db, caller, a, filterOf({ search: 'andersson' }), TODAY)),
    ).toBe(22);

    const byTotal = await expected('andersson', [desc(invoices.totalOre), desc(invoices.number)]);
    expect(await pages(filterOf({ search: 'andersson', sort: 'total', order: 'desc' }), 4)).toEqual(byTotal);
  });
});
