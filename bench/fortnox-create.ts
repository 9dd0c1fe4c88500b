/**
 * Benchmark: invoices created through the Fortnox provider against the Fortnox simulator with its
 * 25 requests / 5 s limit on, several workers at once, the limiter's state in PostgreSQL. See
 * bench/README.md.
 *
 *   npm run bench:fortnox-create -- [--invoices 1000] [--workers 8] [--db postgres|pglite]
 */
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { IN_MEMORY } from '../apps/server/src/config';
import { createPgDatabase, createPgliteDatabase, type Database } from '../apps/server/src/db/client';
import { runMigrations } from '../apps/server/src/db/migrate';
import type { TokenSet } from '../apps/server/src/providers/accounting/credentials';
import type { InvoiceFields } from '../apps/server/src/providers/accounting/provider';
import { createRateLimiter, FORTNOX_RATE_LIMIT } from '../apps/server/src/providers/accounting/rate-limiter';
import { createFortnoxOAuth } from '../apps/server/src/providers/fortnox/oauth';
import { createFortnoxProvider } from '../apps/server/src/providers/fortnox/provider';
import {
  SIM_DEFAULT_CLIENT,
  SIM_DEFAULT_TENANT,
  startFortnoxSimulator,
} from '../apps/server/src/providers/fortnox/simulator/index';
import { memoryTokenSource } from '../apps/server/test/fixtures/token-source';
import { createTestDatabase, type TestDatabase } from '../apps/server/test/test-app';
import { createRandom } from './lib/invoice-data';
import { rateFloorMs, requestFigures } from './lib/rate-figures';
import { markdownTable } from './lib/stats';

const { values: args } = parseArgs({
  options: {
    invoices: { type: 'string', default: '1000' },
    workers: { type: 'string', default: '8' },
    db: { type: 'string', default: 'postgres' },
    // Spread this many injected 429s (Retry-After 1 s) and as many lost create answers (the
    // simulator creates the invoice, then drops the connection) over the run.
    faults: { type: 'string', default: '0' },
    'pg-url': { type: 'string', default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});

const INVOICES = Number(args.invoices);
const WORKERS = Number(args.workers);
const FAULTS = Number(args.faults);
const TARGET_RATIO = 1.05;

async function openDatabase(): Promise<{ database: Database; testDb?: TestDatabase }> {
  if (args.db === 'pglite') {
    const database = await createPgliteDatabase(IN_MEMORY);
    await runMigrations(database);
    return { database };
  }
  const testDb = await createTestDatabase(args['pg-url']);
  const database = await createPgDatabase(testDb.url);
  await runMigrations(database);
  return { database, testDb };
}

async function main() {
  const { database, testDb } = await openDatabase();
  // The simulator's defaults: the demo golf club, 25 requests per 5 s sliding window.
  const sim = await startFortnoxSimulator({ seed: 'demo' });
  try {
    const oauth = createFortnoxOAuth({
      authBaseUrl: sim.authBaseUrl,
      clientId: SIM_DEFAULT_CLIENT.clientId,
      clientSecret: SIM_DEFAULT_CLIENT.clientSecret,
    });
    const issued = sim.issueTokens(SIM_DEFAULT_TENANT);
    const tokens: TokenSet = {
      accessToken: issued.access_token,
      refreshToken: issued.refresh_token ?? null,
      expiresAt: new Date(Date.now() + issued.expires_in * 1000),
      scope: issued.scope,
    };
    // What the integrations module does, kept in memory: one refresh at a time.
    const auth = memoryTokenSource(tokens, (refreshToken) => oauth.refresh(refreshToken));
    const provider = createFortnoxProvider({
      apiBaseUrl: sim.apiBaseUrl,
      auth,
      limiter: createRateLimiter(database.db, FORTNOX_RATE_LIMIT),
      rateKey: `fortnox:bench-${Date.now()}`,
    });

    const tenant = sim.store.tenants.get(SIM_DEFAULT_TENANT);
    if (!tenant) throw new Error('no simulator tenant');
    const customers = [...tenant.customers.keys()];
    const articles = [...tenant.articles.values()].map((a) => a.doc);
    const r = createRandom(42);
    const runId = Date.now().toString(36);
    const refOf = (i: number) => `bench-${runId}-${i}`;
    const fieldsOf = (): InvoiceFields => ({
      customerNumber: r.pick(customers),
      invoiceDate: sim.store.today(),
      dueDate: null,
      termsOfPayment: '30',
      invoiceType: 'INVOICE',
      currency: 'SEK',
      yourReference: null,
      ourReference: 'Kansliet',
      remarks: null,
      costCenter: null,
      project: null,
      rows: Array.from({ length: r.int(1, 3) }, () => {
        const article = r.pick(articles);
        return {
          articleNumber: article.ArticleNumber,
          description: article.Description,
          quantityHundredths: r.pick([100, 100, 200, 300]),
          unit: article.Unit,
          priceOre: Math.round(article.SalesPrice * 100),
          vatPercent: article.VAT,
          discountBasisPoints: 0,
          costCenter: null,
          project: null,
        };
      }),
    });

    const invoicesBefore = sim.store.count(SIM_DEFAULT_TENANT, 'invoices');
    const logFrom = sim.log.length;
    console.log(
      `fortnox creates: ${INVOICES} invoices, ${WORKERS} workers, limiter state in ${args.db}; ` +
        (FAULTS > 0 ? `${FAULTS} injected 429s and ${FAULTS} lost answers; ` : '') +
        `${cpus().length} cores, load average ${loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')} at start`,
    );

    let next = 0;
    let done = 0;
    const failures: string[] = [];
    const started = performance.now();
    const progress = setInterval(() => {
      const s = (performance.now() - started) / 1000;
      console.log(`  ${done}/${INVOICES} after ${s.toFixed(0)} s`);
    }, 30_000);
    await Promise.all(
      Array.from({ length: WORKERS }, async () => {
        for (let i = next++; i < INVOICES; i = next++) {
          if (FAULTS > 0 && i % Math.max(1, Math.floor(INVOICES / FAULTS)) === 0 && i / Math.floor(INVOICES / FAULTS) < FAULTS) {
            sim.faults.rateLimit(1, { match: { method: 'POST' } });
            sim.faults.crashAfterCreate(1, { method: 'POST' });
          }
          try {
            await provider.invoices.create(fieldsOf(), { externalRef: refOf(i) });
          } catch (error) {
            failures.push(`${refOf(i)}: ${(error as Error).message}`);
          }
          done++;
        }
      }),
    );
    clearInterval(progress);
    const wallMs = performance.now() - started;

    const figures = requestFigures(sim.log.slice(logFrom), FORTNOX_RATE_LIMIT);
    const floorMs = rateFloorMs(figures.needed, FORTNOX_RATE_LIMIT);
    let duplicates = 0;
    let missing = 0;
    for (let i = 0; i < INVOICES; i++) {
      const n = sim.store.findByExternalRef(SIM_DEFAULT_TENANT, 'invoices', refOf(i)).length;
      if (n === 0) missing++;
      duplicates += Math.max(0, n - 1);
    }
    const created = sim.store.count(SIM_DEFAULT_TENANT, 'invoices') - invoicesBefore;
    const ratio = wallMs / floorMs;

    console.log(
      `\nload average at end: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}\n`,
    );
    console.log(
      markdownTable(
        ['figure', 'value'],
        [
          ['invoices asked for / created in the simulator', `${INVOICES} / ${created}`],
          ['requests needed (answered, not 429)', `${figures.needed} (${(figures.needed / INVOICES).toFixed(2)} per invoice)`],
          ['  of which GET (reference look-ups) / POST', `${figures.byMethod.GET ?? 0} / ${figures.byMethod.POST ?? 0}`],
          ['floor = needed / 25 × 5 s', `${(floorMs / 1000).toFixed(1)} s`],
          // The first window's worth leaves at once, so no schedule can beat this one.
          [
            'strict floor = (needed − 25) / 25 × 5 s',
            `${(rateFloorMs(Math.max(0, figures.needed - FORTNOX_RATE_LIMIT.limit), FORTNOX_RATE_LIMIT) / 1000).toFixed(1)} s`,
          ],
          ['wall time', `${(wallMs / 1000).toFixed(1)} s`],
          [`ratio to the floor (target ≤ ${TARGET_RATIO})`, `${ratio.toFixed(3)} ${ratio <= TARGET_RATIO ? 'yes' : 'NO'}`],
          ['429s received', figures.throttled],
          ['lost answers (connection dropped after the create)', sim.log.slice(logFrom).filter((e) => e.status === 0).length],
          ['creates that failed (429s not retried away, other errors)', failures.length],
          ['most requests in any 5 s window at the simulator', figures.busiestWindow],
          ['duplicate invoices (same reference twice)', `${duplicates} ${duplicates === 0 ? 'yes' : 'NO'}`],
          ['invoices missing', missing],
        ],
      ),
    );
    for (const failure of failures.slice(0, 10)) console.log(`failed: ${failure}`);
    if (duplicates > 0 || missing > 0 || failures.length > 0) process.exitCode = 1;
  } finally {
    await sim.close();
    await database.close();
    await testDb?.drop();
  }
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
