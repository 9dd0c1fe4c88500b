/**
 * The harness of the list benchmarks (invoice-list.ts, member-list.ts): a server on PGlite and on
 * PostgreSQL, two organisations seeded by the benchmark, answers checked before they are timed,
 * then each scenario at an open-loop rate from a load generator in its own process, and a table of
 * percentiles. See bench/README.md.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { DEFAULT_PGLITE_SHARED_BUFFERS } from '../../apps/server/src/config';
import { asSchemaOwner } from '../../apps/server/src/db/tenant-context';
import { createOrganisation, signIn, type TestOrganisation } from '../../apps/server/test/fixtures/users';
import { createTestApp, createTestDatabase, type TestApp, type TestDatabase } from '../../apps/server/test/test-app';
import type { ApiProcessStart } from './api-process';
import { explainScenarios } from './explain';
import type { LoadAnswer, LoadRequest } from './load-generator';
import type { OpenLoopResult } from './open-loop';
import { printRoundTrips } from './round-trips';
import { markdownTable, ms } from './stats';
import { readThreadCpu, threadCpuSince } from './thread-cpu';

export const TARGET_P95_MS = 50;

export type Db = 'pglite' | 'postgres';

export interface Scenario {
  name: string;
  /** Request i goes to paths[i % paths.length]. */
  paths: string[];
}

/** GET a path as the benchmark's user; throws on anything but 2xx. */
export type Check = <T>(path: string) => Promise<T>;

export interface ListBench {
  /** What the first line says is measured, e.g. "invoice list: 100000 invoices (+150000 …)". */
  title: string;
  /** Tables to VACUUM (ANALYZE) after seeding (see the `analyze` option). */
  tables: string[];
  /** Fills `mine` (the benchmark's club account) and `other` (another organisation's). */
  seed(t: TestApp, mine: TestOrganisation, other: TestOrganisation): Promise<void>;
  scenarios: Scenario[];
  /** Asserts the answers are right before they are timed; answers a line to print. */
  check(get: Check): Promise<string>;
}

export const commonOptions = {
  db: { type: 'string', default: 'pglite,postgres' },
  'pg-url': { type: 'string', default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
  // One or more rates, comma-separated: every scenario is timed at each.
  rate: { type: 'string', default: '100' },
  // Processes that each keep a core busy while the scenarios are timed (cpu-burner.ts): how the
  // lists hold when the machine is shared.
  'cpu-load': { type: 'string', default: '0' },
  // API processes on PostgreSQL (api-process.ts), the load spread over them; PGlite has one.
  processes: { type: 'string', default: '1' },
  seconds: { type: 'string', default: '15' },
  // PGlite's buffer pool (PGLITE_SHARED_BUFFERS in apps/server/src/config.ts), e.g. 64MB; the product's default unless given.
  'shared-buffers': { type: 'string' },
  warmup: { type: 'string', default: '5' },
  'page-size': { type: 'string', default: '25' },
  // yes: VACUUM (ANALYZE) after seeding, as the product has it: on PostgreSQL autovacuum does
  // within a minute of such a load; on PGlite (no autovacuum) the refresh that wrote the rows does
  // (ANALYZE_AFTER_ROWS in apps/server/src/db/maintenance.ts). no: the planner's default guesses and no
  // all-visible pages.
  analyze: { type: 'string', default: 'yes' },
  // Leaves the PostgreSQL database in place (its name is printed) to EXPLAIN the queries after.
  'keep-db': { type: 'boolean', default: false },
  // yes: before the answers are checked, EXPLAIN (ANALYZE, BUFFERS) of the queries each
  // scenario's paths run (explain.ts); only: that, and no timed scenarios.
  explain: { type: 'string', default: 'no' },
  // Only these scenarios (comma-separated names, e.g. "search,page 200"); all when not given.
  scenarios: { type: 'string' },
} as const;

/** The command line: the common options plus the benchmark's own. */
export function benchArgs<O extends NonNullable<ParseArgsConfig['options']>>(own: O) {
  const { values } = parseArgs({ options: { ...commonOptions, ...own }, allowPositionals: false });
  return values as unknown as Record<keyof typeof commonOptions | keyof O, string | boolean | undefined>;
}

function startGenerator(): ChildProcess {
  // A process of its own: the server (and PGlite, on the server's event loop) must not delay
  // the clock that sends requests and times answers. fork() passes on tsx's loader flags.
  return fork(new URL('./load-generator.ts', import.meta.url), { stdio: 'inherit' });
}

/** Forks a helper of this folder and waits for its first message. */
function forkReady<T>(file: string, start?: unknown): Promise<{ child: ChildProcess; first: T }> {
  const child = fork(new URL(file, import.meta.url), { stdio: 'inherit' });
  return new Promise((resolve, reject) => {
    child.once('message', (first: T) => resolve({ child, first }));
    child.once('exit', (code) => reject(new Error(`${file} stopped (exit code ${code})`)));
    if (start !== undefined) child.send(start as object);
  });
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
  rate: number;
  processes: number;
  cpuLoad: number;
  result: OpenLoopResult;
  /**
   * CPU time of the benchmark's own process (the first API server: HTTP on the main thread and,
   * on PGlite, SQL on its worker thread) per request it answered. Unlike the latencies it hardly
   * moves with what else the machine runs.
   */
  cpuMs: number;
  /** The same split: the main thread (HTTP, auth, JSON) and the others (on PGlite its SQL); null off Linux. */
  threadMs: { main: number; others: number } | null;
}

interface Settings {
  pgUrl: string;
  rates: number[];
  cpuLoad: number;
  processes: number;
  seconds: number;
  warmup: number;
  analyze: boolean;
  keepDb: boolean;
  explain: 'no' | 'yes' | 'only';
  sharedBuffers?: string;
  /** The scenarios to run, by name; all when undefined. */
  only?: string[];
}

/** The bench's scenarios, or those `only` names; an unknown name is an error that lists them. */
function chosen(all: Scenario[], only: string[] | undefined): Scenario[] {
  if (!only) return all;
  const unknown = only.filter((name) => !all.some((sc) => sc.name === name));
  if (unknown.length > 0)
    throw new Error(`no scenario ${unknown.join(', ')}; the scenarios are ${all.map((sc) => sc.name).join(', ')}`);
  return all.filter((sc) => only.includes(sc.name));
}

async function runOn(db: Db, bench: ListBench, s: Settings): Promise<Row[]> {
  let testDb: TestDatabase | undefined;
  let t: TestApp;
  if (db === 'postgres') {
    testDb = await createTestDatabase(s.pgUrl);
    t = await createTestApp({ DATABASE_URL: testDb.url });
  } else {
    t = await createTestApp(s.sharedBuffers ? { PGLITE_SHARED_BUFFERS: s.sharedBuffers } : {});
  }
  const child = startGenerator();
  const helpers: ChildProcess[] = [];
  try {
    const mine = await createOrganisation(t.app, { name: 'Bänkens GK' });
    const other = await createOrganisation(t.app, { name: 'Grannens GK', organisationNumber: '559412-3456' });
    let started = performance.now();
    await bench.seed(t, mine, other);
    const seeded = performance.now();
    // As the table's owner: the application role's VACUUM is skipped with a mere warning.
    if (s.analyze)
      for (const table of bench.tables) await asSchemaOwner(() => t.app.db.execute(sql.raw(`vacuum (analyze) ${table}`)));
    console.log(
      `[${db}] seeded in ${((seeded - started) / 1000).toFixed(1)} s` +
        (s.analyze ? `, vacuumed and analyzed in ${((performance.now() - seeded) / 1000).toFixed(1)} s` : ', no VACUUM'),
    );

    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const baseUrl = `http://127.0.0.1:${address.port}`;
    const baseUrls = [baseUrl];
    const processes = db === 'postgres' ? s.processes : 1;
    for (let n = 1; n < processes && testDb; n++) {
      const api = await forkReady<{ port: number }>('./api-process.ts', {
        databaseUrl: testDb.url,
        jwtSecret: t.config.JWT_SECRET,
      } satisfies ApiProcessStart);
      helpers.push(api.child);
      baseUrls.push(`http://127.0.0.1:${api.first.port}`);
    }
    // A fresh token: seeding can take longer than an access token lives.
    const token = await signIn(t.app, mine.owner.userId, mine.organisationId);
    const headers = { authorization: `Bearer ${token}`, 'accept-language': 'sv' };
    const get: Check = async <T>(path: string) => {
      const response = await fetch(`${baseUrl}${path}`, { headers });
      if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
      return (await response.json()) as T;
    };
    // Before the check, which would leave the totals it reads counted (cached) already.
    const scenarios = chosen(bench.scenarios, s.only);
    if (s.explain !== 'no') await explainScenarios(db, t, mine.organisationId, scenarios, get);
    console.log(`[${db}] checked: ${await bench.check(get)}`);
    await printRoundTrips(db, scenarios, get);
    if (s.explain === 'only') return [];

    // Warm-up (JIT, connection pool, caches), not counted.
    started = performance.now();
    const all = scenarios.flatMap((sc) => sc.paths);
    const warmupRate = Math.min(...s.rates);
    await load(child, { baseUrls, headers, paths: all, rate: warmupRate, durationMs: s.warmup * 1000 });
    console.log(`[${db}] warmed up in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    // The CPU load runs only while the scenarios are timed.
    for (let n = 0; n < s.cpuLoad; n++) helpers.push((await forkReady('./cpu-burner.ts')).child);
    const rows: Row[] = [];
    for (const rate of s.rates) {
      for (const scenario of scenarios) {
        const cpuBefore = process.cpuUsage();
        const threadsBefore = readThreadCpu();
        const { result, statuses } = await load(child, {
          baseUrls,
          headers,
          paths: scenario.paths,
          rate,
          durationMs: s.seconds * 1000,
        });
        const cpu = process.cpuUsage(cpuBefore);
        const threads = threadCpuSince(threadsBefore, readThreadCpu());
        // This process's share: request i went to server i mod processes, the first of them here.
        const answered = Math.max(1, Math.ceil(result.count / processes));
        const cpuMs = (cpu.user + cpu.system) / 1000 / answered;
        const threadMs = threads && { main: threads.main / answered, others: threads.others / answered };
        rows.push({ db, scenario: scenario.name, rate, processes, cpuLoad: s.cpuLoad, result, cpuMs, threadMs });
        console.log(
          `[${db}] ${scenario.name} at ${rate}/s: p50 ${ms(result.p50)} p95 ${ms(result.p95)} p99 ${ms(result.p99)} ms, ` +
            `${result.achievedRate.toFixed(1)} req/s, CPU ${cpuMs.toFixed(2)} ms per request` +
            (threadMs ? ` (main thread ${threadMs.main.toFixed(2)}, others ${threadMs.others.toFixed(2)}), ` : ', ') +
            `statuses ${JSON.stringify(statuses)}, load ${load3()}`,
        );
      }
    }
    return rows;
  } finally {
    for (const helper of helpers) helper.send('exit');
    child.send('exit');
    await t.close();
    if (testDb && s.keepDb) console.log(`[${db}] kept the database ${testDb.name}`);
    else await testDb?.drop();
  }
}

const load3 = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** Runs the benchmark on every database of `--db` and prints the table. */
export async function runListBench(bench: ListBench, args: ReturnType<typeof benchArgs>): Promise<void> {
  const settings: Settings = {
    pgUrl: String(args['pg-url']),
    rates: String(args.rate)
      .split(',')
      .map((r) => Number(r.trim())),
    cpuLoad: Number(args['cpu-load']),
    processes: Number(args.processes),
    seconds: Number(args.seconds),
    warmup: Number(args.warmup),
    analyze: args.analyze !== 'no',
    keepDb: args['keep-db'] === true,
    explain: args.explain === 'yes' || args.explain === 'only' ? args.explain : 'no',
    sharedBuffers: typeof args['shared-buffers'] === 'string' ? args['shared-buffers'] : undefined,
    only: typeof args.scenarios === 'string' ? args.scenarios.split(',').map((name) => name.trim()) : undefined,
  };
  // The names, before minutes of seeding (a scenario's paths may need the seeded rows; its name not).
  chosen(bench.scenarios, settings.only);
  const dbs = String(args.db)
    .split(',')
    .map((d) => d.trim()) as Db[];
  console.log(
    `${bench.title}, ${settings.rates.join(' and ')} req/s open loop, ${settings.seconds} s per scenario, page size ${args['page-size']}, ` +
      `${settings.processes} API process(es) on PostgreSQL, ${settings.cpuLoad} CPU-burning process(es), ` +
      `PGlite shared_buffers ${settings.sharedBuffers ?? DEFAULT_PGLITE_SHARED_BUFFERS}; ` +
      `${cpus().length} cores, load average ${load3()} at start`,
  );
  const rows: Row[] = [];
  for (const db of dbs) rows.push(...(await runOn(db, bench, settings)));
  console.log(`\nload average at end: ${load3()}\n`);
  console.log(
    markdownTable(
      [
        'database',
        'scenario',
        'req/s asked',
        'API processes',
        'CPU load',
        'requests',
        'errors',
        'p50 ms',
        'p95 ms',
        'p99 ms',
        'max ms',
        'achieved req/s',
        'server CPU ms/req',
        'main thread / others',
        `p95 ≤ ${TARGET_P95_MS} ms`,
      ],
      rows.map(({ db, scenario, rate, processes, cpuLoad, result, cpuMs, threadMs }) => [
        db,
        scenario,
        rate,
        processes,
        cpuLoad,
        result.count,
        result.errors,
        ms(result.p50),
        ms(result.p95),
        ms(result.p99),
        ms(result.max),
        result.achievedRate.toFixed(1),
        cpuMs.toFixed(2),
        threadMs ? `${threadMs.main.toFixed(2)} / ${threadMs.others.toFixed(2)}` : '–',
        result.errors === 0 && result.p95 <= TARGET_P95_MS ? 'yes' : 'NO',
      ]),
    ),
  );
}

/** The end of a benchmark script: exit 0 when done, 1 with the error printed. */
export function finish(run: Promise<void>): void {
  run.then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
