/**
 * Benchmark: the invoice list (GET /api/v1/invoices) over a mirror of 100,000 invoices, at an
 * open-loop 100 requests/s, on PGlite and on PostgreSQL. See bench/README.md.
 *
 *   npm run bench:invoice-list -- [--db pglite,postgres] [--invoices 100000] [--rate 100] [--seconds 15]
 */
import type { InvoiceListRow } from '@fairway/shared';
import { invoiceRow } from '../apps/server/src/modules/invoices/invoices.mirror';
import { invoices } from '../apps/server/src/modules/invoices/invoices.tables';
import type { TestOrganisation } from '../apps/server/test/fixtures/users';
import type { TestApp } from '../apps/server/test/test-app';
import { createRandom, makeCustomers, makeInvoices, SURNAMES } from './lib/invoice-data';
import { benchArgs, finish, runListBench } from './lib/list-bench';

const args = benchArgs({
  invoices: { type: 'string', default: '100000' },
  'other-invoices': { type: 'string', default: '150000' },
});
const INVOICES = Number(args.invoices);
const OTHER_INVOICES = Number(args['other-invoices']);
const PAGE_SIZE = Number(args['page-size']);
const BATCH = 1000;

const today = () => new Date().toISOString().slice(0, 10);

async function seed(t: TestApp, org: TestOrganisation, count: number, seedNo: number) {
  const r = createRandom(seedNo);
  const customers = makeCustomers(r, Math.max(50, Math.round(count / 40)));
  const docs = makeInvoices(r, customers, count, today());
  const target = { organisationId: org.organisationId, clubAccountId: org.clubAccountId };
  for (let i = 0; i < docs.length; i += BATCH) {
    await t.app.db.insert(invoices).values(docs.slice(i, i + BATCH).map((d) => invoiceRow(target, d)));
  }
}

type ListAnswer = { data: InvoiceListRow[]; pagination: { total: number } };
const list = (query: string) => `/api/v1/invoices?page=1&pageSize=${PAGE_SIZE}${query}`;

finish(
  runListBench(
    {
      title: `invoice list: ${INVOICES} invoices (+${OTHER_INVOICES} in another club account)`,
      tables: ['invoices', 'invoice_search_terms'],
      async seed(t, mine, other) {
        await seed(t, mine, INVOICES, 1);
        await seed(t, other, OTHER_INVOICES, 2);
      },
      scenarios: [
        { name: 'first page', paths: [list('')] },
        { name: '200th page', paths: [`/api/v1/invoices?page=200&pageSize=${PAGE_SIZE}`] },
        {
          // What people type: a surname, first name and surname, an invoice number's start, an OCR.
          name: 'search',
          paths: [
            ...SURNAMES.slice(0, 12).map((s) => s.toLowerCase()),
            'anna lind',
            'erik johansson',
            'golfshop',
            '1234',
            '5678',
            '104211',
            'karin',
            'bygg uppsala',
          ].map((q) => list(`&search=${encodeURIComponent(q)}`)),
        },
      ],
      // The answers are right before they are timed: the whole list, and only this club's invoices.
      async check(get) {
        const first = await get<ListAnswer>(list(''));
        if (first.pagination.total !== INVOICES || first.data.length !== PAGE_SIZE)
          throw new Error(`first page: total ${first.pagination.total}, ${first.data.length} rows`);
        const deep = await get<ListAnswer>(`/api/v1/invoices?page=200&pageSize=${PAGE_SIZE}`);
        if (deep.data.length !== PAGE_SIZE) throw new Error(`200th page has ${deep.data.length} rows`);
        const found = await get<ListAnswer>('/api/v1/invoices?pageSize=100&search=andersson');
        if (found.data.length === 0 || found.data.some((i) => !i.customerName.includes('Andersson')))
          throw new Error('the search answered invoices without the name');
        return `total ${first.pagination.total}, "andersson" matches ${found.pagination.total} of this club's invoices`;
      },
    },
    args,
  ),
);
