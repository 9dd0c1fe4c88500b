/**
 * Benchmark: the invoice list (GET /api/v1/invoices) over a mirror of 100,000 invoices, at an
 * open-loop 100 requests/s, on PGlite and on PostgreSQL. See bench/README.md.
 *
 *   npm run bench:invoice-list -- [--db pglite,postgres] [--invoices 100000] [--rate 100] [--seconds 15]
 */
import { type ChildProcess, fork } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import type { InvoiceListRow } from '@fairway/shared';
import { sql } from 'drizzle-orm';
import { invoiceRow } from '../apps/server/src/modules/invoices/invoices.mirror';
import { invoices } from '../apps/server/src/modules/invoices/invoices.schema';
import { createOrganisation, signIn, type TestOrganisation } from '../apps/server/src/modules/users/test-fixtures';
import { createTestApp, createTestDatabase, type TestApp, type TestDatabase } from '../apps/server/src/test/test-app';
import { createRandom, makeCustomers, makeInvoices, SURNAMES } from './lib/invoice-data';
import type { LoadAnswer, LoadRequest } from './lib/load-generator';
import type { OpenLoopResult } from './lib/open-loop';
import { markdownTable, ms } from './lib/stats';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite,postgres' },
    'pg-url': { type: 'string', default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
    invoices: { type: 'string', default: '100000' },
    'other-invoices': { type: 'string', default: '150000' },
    rate: { type: 'string', default: '100' },
    seconds: { type: 'string', default: '15' },
    warmup: { type: 'string', default: '5' },
    'page-size': { type: 'string', default: '25' },
    // yes: ANALYZE after seeding, as the product has it: on PostgreSQL autovacuum does within a
    // minute of such a load; on PGlite (no autovacuum) the mirror refresh that wrote the rows does
    // (ANALYZE_AFTER_ROWS in accounting-sync.service.ts). no: the planner's default guesses.
    analyze: { type: 'string', default: 'yes' },
    // Leaves the PostgreSQL database in place (its name is printed) to EXPLAIN the queries after.
    'keep-db': { type: 'boolean', default: false },
  },
});

const INVOICES = Number(args.invoices);
const OTHER_INVOICES = Number(args['other-invoices']);
const RATE = Number(args.rate);
const SECONDS = Number(args.seconds);
const WARMUP = Number(args.warmup);
const PAGE_SIZE = Number(args['page-size']);
const TARGET_P95_MS = 50;
const BATCH = 1000;

type Db = 'pglite' | 'postgres';

interface Scenario {
  name: string;
  paths: string[];
}

const SCENARIOS: Scenario[] = [
  { name: 'first page', paths: [`/api/v1/invoices?page=1&pageSize=${PAGE_SIZE}`] },
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
    ].map((q) => `/api/v1/invoices?page=1&pageSize=${PAGE_SIZE}&search=${encodeURIComponent(q)}`),
  },
];

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

function startGenerator(): ChildProcess {
  // A process of its own: the server (and PGlite, on the server's event loop) must not delay
  // the clock that sends requests and times answers. fork() passes on tsx's loader flags.
  return fork(new URL('./lib/load-generator.ts', import.meta.url), { stdio: 'inherit' });
}

function load(child: ChildProcess, request: LoadRequest): Promise<{ result: OpenLoopResult; statuses: Record<string, number> }> {
  return new Promise((resolve, reject) => {
    child.once('message', (answer: LoadAnswer) => (answer.ok ? resolve(answer) : reject(new Error(answer.error))));
    child.send(request);
  });
}

interface Row {
  db: string;
  scenario: string;
  result: OpenLoopResult;
  statuses: Record<string, number>;
}

async function runOn(db: Db): Promise<Row[]> {
  let testDb: TestDatabase | undefined;
  let t: TestApp;
  if (db === 'postgres') {
    testDb = await createTestDatabase(args['pg-url']);
    t = await createTestApp({ DATABASE_URL: testDb.url });
  } else {
    t = await createTestApp();
  }
  const child = startGenerator();
  try {
    const a = await createOrganisation(t.app, { name: 'Bänkens GK' });
    const b = await createOrganisation(t.app, { name: 'Grannens GK', organisationNumber: '559412-3456' });
    let started = performance.now();
    await seed(t, a, INVOICES, 1);
    await seed(t, b, OTHER_INVOICES, 2);
    const analyze = args.analyze !== 'no';
    if (analyze) await t.app.db.execute(sql`analyze invoices`);
    console.log(
      `[${db}] seeded ${INVOICES} + ${OTHER_INVOICES} invoices in ${((performance.now() - started) / 1000).toFixed(1)} s` +
        (analyze ? ', analyzed' : ', no ANALYZE'),
    );

    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const baseUrl = `http://127.0.0.1:${address.port}`;
    // A fresh token: seeding can take longer than an access token lives.
    const token = await signIn(t.app, a.owner.userId, a.organisationId);
    const headers = { authorization: `Bearer ${token}`, 'accept-language': 'sv' };

    // The answers are right before they are timed: the whole list, and only this club's invoices.
    const check = async (path: string) => {
      const response = await fetch(`${baseUrl}${path}`, { headers });
      if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
      return (await response.json()) as { data: InvoiceListRow[]; pagination: { total: number } };
    };
    const first = await check(SCENARIOS[0]?.paths[0] as string);
    if (first.pagination.total !== INVOICES || first.data.length !== PAGE_SIZE)
      throw new Error(`first page: total ${first.pagination.total}, ${first.data.length} rows`);
    const deep = await check(SCENARIOS[1]?.paths[0] as string);
    if (deep.data.length !== PAGE_SIZE) throw new Error(`200th page has ${deep.data.length} rows`);
    const found = await check(`/api/v1/invoices?pageSize=100&search=andersson`);
    if (found.data.length === 0 || found.data.some((i) => !i.customerName.includes('Andersson')))
      throw new Error('the search answered invoices without the name');
    console.log(
      `[${db}] checked: total ${first.pagination.total}, "andersson" matches ${found.pagination.total} of this club's invoices`,
    );

    // Warm-up (JIT, connection pool, caches), not counted.
    started = performance.now();
    await load(child, {
      baseUrl,
      headers,
      paths: SCENARIOS.flatMap((s) => s.paths),
      rate: RATE,
      durationMs: WARMUP * 1000,
    });
    console.log(`[${db}] warmed up in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const rows: Row[] = [];
    for (const scenario of SCENARIOS) {
      const { result, statuses } = await load(child, {
        baseUrl,
        headers,
        paths: scenario.paths,
        rate: RATE,
        durationMs: SECONDS * 1000,
      });
      rows.push({ db, scenario: scenario.name, result, statuses });
      console.log(
        `[${db}] ${scenario.name}: p50 ${ms(result.p50)} p95 ${ms(result.p95)} p99 ${ms(result.p99)} ms, ` +
          `${result.achievedRate.toFixed(1)} req/s, statuses ${JSON.stringify(statuses)}`,
      );
    }
    return rows;
  } finally {
    child.send('exit');
    await t.close();
    if (testDb && args['keep-db']) console.log(`[${db}] kept the database ${testDb.name}`);
    else await testDb?.drop();
  }
}

async function main() {
  const dbs = (args.db as string).split(',').map((s) => s.trim()) as Db[];
  console.log(
    `invoice list: ${INVOICES} invoices (+${OTHER_INVOICES} in another club account), ${RATE} req/s open loop, ` +
      `${SECONDS} s per scenario, page size ${PAGE_SIZE}; ${cpus().length} cores, load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} at start`,
  );
  const rows: Row[] = [];
  for (const db of dbs) rows.push(...(await runOn(db)));
  console.log(
    `\nload average at end: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}\n`,
  );
  console.log(
    markdownTable(
      [
        'database',
        'scenario',
        'requests',
        'errors',
        'p50 ms',
        'p95 ms',
        'p99 ms',
        'max ms',
        'achieved req/s',
        `p95 ≤ ${TARGET_P95_MS} ms`,
      ],
      rows.map(({ db, scenario, result }) => [
        db,
        scenario,
        result.count,
        result.errors,
        ms(result.p50),
        ms(result.p95),
        ms(result.p99),
        ms(result.max),
        result.achievedRate.toFixed(1),
        result.errors === 0 && result.p95 <= TARGET_P95_MS ? 'yes' : 'NO',
      ]),
    ),
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
