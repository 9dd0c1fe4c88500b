/**
 * Benchmark: the GIT → accounting sync of one big invoice occasion (docs/git.md#sync): a GIT simulator club
 * whose every member has one unpaid basis in "Årsavgifter 2026", synced through the sync engine
 * (`syncOccasionNow`, the same run the pg-boss job does) into the Fortnox simulator at its real
 * 25 requests / 5 s limit, with the payers' customers already in Fortnox. See bench/README.md.
 *
 *   npm run bench:git-sync -- [--bases 10000] [--db pglite|postgres]
 *
 * At 25 requests / 5 s the full 10,000-basis run takes 35 minutes for the creates and ~100 minutes
 * with the e-mail send of each invoice (--bases 300 ≈ 3 minutes).
 */
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { and, eq } from 'drizzle-orm';
import type { MirrorTarget } from '../apps/server/src/modules/accounting/mirror/mirror';
import { connectGit } from '../apps/server/src/modules/git/connection/git-connections.service';
import { gitInvoiceBases, gitInvoiceOccasions, gitTransactions } from '../apps/server/src/modules/git/git.tables';
import { queueGitRefresh, runGitRefresh } from '../apps/server/src/modules/git/refresh/git-refresh.service';
import { syncOccasionNow } from '../apps/server/src/modules/git/sync/git-sync.service';
import { gitPayerCustomers } from '../apps/server/src/modules/git/sync/git-sync.tables';
import { basisInvoiceExternalRef, payerCustomerRequestId } from '../apps/server/src/modules/git/sync/git-sync-ref';
import { FORTNOX_RATE_LIMIT } from '../apps/server/src/providers/accounting/rate-limiter';
import { startFortnoxSimulator } from '../apps/server/src/providers/fortnox/simulator/index';
import { startGitSimulator } from '../apps/server/src/providers/git/git.simulator';
import { connectThroughConsent, runQueuedRefreshes } from '../apps/server/test/fixtures/accounting';
import { createOrganisation } from '../apps/server/test/fixtures/users';
import { createTestApp, createTestDatabase, type TestDatabase } from '../apps/server/test/test-app';
import { rateFloorMs, requestFigures } from './lib/rate-figures';
import { markdownTable } from './lib/stats';

const { values: args } = parseArgs({
  options: {
    bases: { type: 'string', default: '10000' },
    db: { type: 'string', default: 'pglite' },
    'pg-url': { type: 'string', default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});

const BASES = Number(args.bases);
const TARGETS = { preparationMs: 10_000, ratio: 1.05, requestsPerInvoice: 1.2 };
/** The invoice sends (by the invoice configuration's send method): counted apart from creating. */
const SEND_PATH = /^\/3\/invoices\/[^/?]+\/(email|einvoice|print|externalprint)/;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

async function main() {
  if (!Number.isInteger(BASES) || BASES < 1) throw new Error('--bases must be a positive whole number');
  let testDb: TestDatabase | undefined;
  if (args.db === 'postgres') testDb = await createTestDatabase(args['pg-url']);
  const t = await createTestApp(testDb ? { DATABASE_URL: testDb.url } : {});
  const app = t.app;
  // The Fortnox simulator with its defaults: 25 requests per 5 s sliding window per tenant.
  const fortnox = await startFortnoxSimulator({ seed: 'empty' });
  app.simulators.use('fortnox', fortnox);
  const git = await startGitSimulator({ members: BASES, shape: 'one-occasion', seed: 'bench-git-sync' });
  // The app's own GIT simulator, so its address is one the app may call.
  app.simulators.use('git', git);
  try {
    console.log(
      `git sync: ${BASES} invoice bases of one occasion → Fortnox simulator (25 requests / 5 s), database ${args.db}; ` +
        `${cpus().length} cores, load average ${load()} at start`,
    );
    const setupStarted = performance.now();
    const org = await createOrganisation(app, { name: 'Benchklubbens GK' });
    const target: MirrorTarget = { organisationId: org.organisationId, clubAccountId: org.clubAccountId };
    const as = (method: 'GET' | 'PUT', url: string, payload?: object) =>
      app.inject({ method, url: `/api/v1${url}`, headers: org.owner.headers, ...(payload ? { payload } : {}) });
    await connectThroughConsent(app, org.owner);
    await runQueuedRefreshes(app, org);

    // GIT: connected and mirrored; the same club account is GIT's and the accounting target.
    await connectGit(app, target, { clubId: git.clubId, apiKey: git.apiKey, baseUrl: git.apiBaseUrl }, org.owner.userId);
    await runGitRefresh(app, await queueGitRefresh(app, target, 'initial'));
    const api = (await as('GET', '/configurations/api')).json().data.values;
    const saved = await as('PUT', '/configurations/api', { ...api, club_to_sync: target.clubAccountId });
    if (saved.statusCode !== 200) throw new Error(`API configuration: ${saved.body}`);

    // Every GIT article mapped to a new Fortnox article (a few requests, before the timing).
    const codes = [...new Set(git.data.articles.map((a) => a.code))];
    const mapped = await as('PUT', '/git/article-mappings', {
      targetClubAccountId: target.clubAccountId,
      mappings: codes.map((gitArticleCode) => ({ gitArticleCode, create: true })),
    });
    if (mapped.statusCode !== 200) throw new Error(`article mappings: ${mapped.body}`);

    // The customers already exist: put straight into the simulator, with the sync's reference,
    // and linked to their payers as a first sync would have left them.
    const bases = await app.db
      .select({
        gitId: gitInvoiceBases.gitId,
        memberGolfId: gitInvoiceBases.memberGolfId,
        payerGolfId: gitInvoiceBases.payerGolfId,
        payerName: gitInvoiceBases.payerName,
        memberName: gitInvoiceBases.memberName,
      })
      .from(gitInvoiceBases)
      .where(eq(gitInvoiceBases.clubAccountId, target.clubAccountId));
    if (bases.length !== BASES) throw new Error(`expected ${BASES} bases in the mirror, found ${bases.length}`);
    const tenant = fortnox.store.tenant(fortnox.defaultTenantId);
    const names = new Map<string, string>();
    for (const b of bases) {
      names.set(b.memberGolfId, b.memberName);
      names.set(b.payerGolfId, b.payerName);
    }
    // Invoices are e-mailed (the invoice configuration's default): every payer has an address.
    const emails = new Map(git.data.members.map((m) => [m.golfId, m.email]));
    const links: (typeof gitPayerCustomers.$inferInsert)[] = [];
    for (const [golfId, name] of names) {
      const customer = fortnox.store.createCustomer(tenant, {
        Name: name,
        Email: emails.get(golfId) ?? `${golfId.replace('-', '')}@medlem.example.se`,
        ExternalReference: `fw-${payerCustomerRequestId(target.clubAccountId, golfId)}`,
      });
      links.push({ ...target, payerGolfId: golfId, state: 'ready', customerNumber: customer.CustomerNumber });
    }
    for (let i = 0; i < links.length; i += 500) await app.db.insert(gitPayerCustomers).values(links.slice(i, i + 500));
    const [occasion] = await app.db
      .select()
      .from(gitInvoiceOccasions)
      .where(eq(gitInvoiceOccasions.clubAccountId, target.clubAccountId));
    if (!occasion) throw new Error('no invoice occasion mirrored');
    console.log(
      `setup: ${seconds(performance.now() - setupStarted)} (${links.length} customers seeded, ${codes.length} articles mapped)`,
    );

    // ---- the timed sync ---------------------------------------------------------------------
    // A few seconds for the setup's requests to leave the 5 s window, so the sync starts on an empty one.
    await new Promise((r) => setTimeout(r, FORTNOX_RATE_LIMIT.windowMs + 100));
    const logFrom = fortnox.log.length;
    const invoicesBefore = fortnox.store.count(fortnox.defaultTenantId, 'invoices');
    const startedAt = Date.now();
    const started = performance.now();
    let firstInvoiceHook: number | null = null;
    let runId: string | null = null;
    const progress = setInterval(async () => {
      const [run] = runId
        ? await app.db.select().from(gitTransactions).where(eq(gitTransactions.id, runId))
        : await app.db
            .select()
            .from(gitTransactions)
            .where(and(eq(gitTransactions.clubAccountId, target.clubAccountId), eq(gitTransactions.kind, 'sync_invoices')));
      if (run) console.log(`  ${run.processed}/${run.total} after ${seconds(performance.now() - started)}`);
    }, 30_000);
    try {
      runId = await syncOccasionNow(
        app,
        target,
        { trigger: 'manual', caller: null, occasionId: occasion.id, targetClubAccountId: target.clubAccountId, lang: 'sv' },
        {
          step(step) {
            if (step === 'invoice.before' && firstInvoiceHook === null) firstInvoiceHook = performance.now();
          },
        },
      );
    } finally {
      clearInterval(progress);
    }
    const wallMs = performance.now() - started;
    if (!runId) throw new Error('the sync was not queued');

    // ---- figures ----------------------------------------------------------------------------
    const log = fortnox.log.slice(logFrom);
    const figures = requestFigures(log, FORTNOX_RATE_LIMIT);
    const answered = log.filter((e) => e.status !== 429);
    // The provider's send answers the sent invoice: the read-back that follows a send belongs to it.
    let sends = 0;
    const lastWasSend = new Set<string>();
    for (const e of answered) {
      const send = SEND_PATH.exec(e.path);
      const read = /^\/3\/invoices\/([^/?]+)$/.exec(e.path);
      if (send) {
        sends++;
        lastWasSend.add(e.path.split('/')[3] as string);
      } else if (read && e.method === 'GET' && lastWasSend.delete(read[1] as string)) sends++;
    }
    const firstInvoiceRequest = answered.find((e) => e.path.startsWith('/3/invoices'));
    const preparationMs = firstInvoiceRequest
      ? firstInvoiceRequest.at - startedAt
      : (firstInvoiceHook ?? performance.now()) - started;
    const floorMs = rateFloorMs(figures.needed, FORTNOX_RATE_LIMIT);
    const ratio = wallMs / floorMs;
    const ratioAfterPreparation = (wallMs - preparationMs) / floorMs;
    const created = fortnox.store.count(fortnox.defaultTenantId, 'invoices') - invoicesBefore;
    const creating = figures.needed - sends;
    const perInvoice = creating / Math.max(1, created);
    let duplicates = 0;
    let missing = 0;
    for (const b of bases) {
      const n = fortnox.store.findByExternalRef(
        fortnox.defaultTenantId,
        'invoices',
        basisInvoiceExternalRef(target.clubAccountId, target.clubAccountId, b.gitId),
      ).length;
      if (n === 0) missing++;
      duplicates += Math.max(0, n - 1);
    }
    const [run] = await app.db.select().from(gitTransactions).where(eq(gitTransactions.id, runId));
    const byPath = new Map<string, number>();
    for (const e of answered) {
      const key = `${e.method} ${e.path.replace(/\?.*$/, '').replace(/\/\d+(?=\/|$)/g, '/{n}')}`;
      byPath.set(key, (byPath.get(key) ?? 0) + 1);
    }

    console.log(`\nload average at end: ${load()}\n`);
    console.log(
      markdownTable(
        ['figure', 'value'],
        [
          ['invoice bases / invoices created in the simulator', `${BASES} / ${created}`],
          ['run', `${run?.status} (processed ${run?.processed}/${run?.total}, failed ${run?.failed})`],
          [
            `preparation (start → first invoice request; target ≤ ${seconds(TARGETS.preparationMs)})`,
            `${seconds(preparationMs)} ${preparationMs <= TARGETS.preparationMs ? 'yes' : 'NO'}`,
          ],
          ['requests needed (answered, not 429)', figures.needed],
          ['  of which sending invoices (the send and its read-back of the invoice)', sends],
          [
            `accounting requests per invoice, sending apart (target ≤ ${TARGETS.requestsPerInvoice})`,
            `${perInvoice.toFixed(3)} ${perInvoice <= TARGETS.requestsPerInvoice ? 'yes' : 'NO'}`,
          ],
          ['floor = needed / 25 × 5 s', seconds(floorMs)],
          ['wall time (preparation included)', seconds(wallMs)],
          [`ratio to the floor (target ≤ ${TARGETS.ratio})`, `${ratio.toFixed(3)} ${ratio <= TARGETS.ratio ? 'yes' : 'NO'}`],
          ['ratio to the floor after preparation', ratioAfterPreparation.toFixed(3)],
          ['429s received', figures.throttled],
          ['most requests in any 5 s window at the simulator', figures.busiestWindow],
          ['duplicate invoices (same reference twice)', `${duplicates} ${duplicates === 0 ? 'yes' : 'NO'}`],
          ['invoices missing', missing],
        ],
      ),
    );
    console.log('\nrequests by kind:');
    for (const [key, n] of [...byPath.entries()].sort((x, y) => y[1] - x[1])) console.log(`  ${key}: ${n}`);
    if (run?.error) console.log(`the run stopped: ${run.error}`);
    for (const failure of run?.failures.slice(0, 10) ?? []) console.log(`failed: ${failure.basisGitId} ${failure.message}`);
    if (duplicates > 0 || missing > 0 || run?.status !== 'succeeded') process.exitCode = 1;
  } finally {
    await git.close();
    await fortnox.close();
    await t.close();
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
