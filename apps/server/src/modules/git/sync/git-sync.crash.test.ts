import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CrashState } from '../../../../test/crash/git-sync.crash-child';
import { createTestApp, createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from '../../../../test/test-app';
import { type FortnoxSimulator, SIM_DEFAULT_CLIENT, startFortnoxSimulator } from '../../../providers/fortnox/simulator/index';
import { type GitSimulator, startGitSimulator } from '../../../providers/git/git.simulator';
import { accountingSyncRuns } from '../../accounting/refresh/refresh.tables';
import { articles } from '../../articles/articles.tables';
import { contracts } from '../../contracts/contracts.tables';
import { customers } from '../../customers/customers.tables';
import { invoices } from '../../invoices/invoices.tables';
import { gitInvoiceBases, gitTransactions } from '../git.tables';
import { gitPayerCustomers, gitSyncItems } from './git-sync.tables';
import { basisInvoiceExternalRef, payerCustomerRequestId } from './git-sync-ref';

/**
 * Killing the server at any point of a long run and restarting it (as a supervisor would) lets the
 * run finish by itself, makes no document twice and loses none. The run is asked for once, the
 * way a person asks; then a worker process (apps/server/test/crash/git-sync.crash-child.ts, on a PostgreSQL database made
 * for the test: a server is what survives a killed process, as in production) is started, killed
 * with SIGKILL at a random moment (counted in its requests to the Fortnox simulator, so the kill
 * lands between or right after external calls), and started again, until the run is done. The
 * test never asks again: the restarted process finds the dead run by its heartbeat and resumes it.
 * Then the simulator is checked: one invoice per basis and one customer per payer (GIT sync), the
 * mirror equal to the program (mirror refresh).
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const child = path.resolve(here, '../../../../test/crash/git-sync.crash-child.ts');
// `node --import tsx`, not the tsx command: that one runs the script in a grandchild, which a
// SIGKILL of the command leaves running beside the restarted child.
const tsxLoader = pathToFileURL(path.resolve(here, '../../../../../../node_modules/tsx/dist/loader.mjs')).href;

let fx: FortnoxSimulator;
let demo: FortnoxSimulator;
let git: GitSimulator;
let dir: string;
let database: TestDatabase;

/** The machine's PostgreSQL (CI's TEST_DATABASE_URL pass, or the server every machine runs). */
const SERVER_URL = TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** Generous: a restart waits for the dead run's heartbeat to go stale (5 s here) on a busy machine. */
const CYCLE_DEADLINE_MS = 120_000;

interface Outcome {
  code: number | null;
  signal: NodeJS.Signals | null;
  lines: string[];
  stderr: string;
}

/**
 * Runs the child; with `killAfterRequests`, kills it with SIGKILL once the simulator has answered
 * that many more of its requests (looked for on every request the simulator logs).
 */
function start(args: string[], sim?: FortnoxSimulator, killAfterRequests?: number): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const proc: ChildProcess = spawn(process.execPath, ['--import', tsxLoader, child, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env },
    });
    const lines: string[] = [];
    let stderr = '';
    let buffer = '';
    const from = sim?.log.length ?? 0;
    const watch =
      sim && killAfterRequests !== undefined
        ? setInterval(() => {
            if (sim.log.length - from >= killAfterRequests) proc.kill('SIGKILL');
          }, 5)
        : undefined;
    const deadline = setTimeout(() => proc.kill('SIGKILL'), CYCLE_DEADLINE_MS);
    proc.stdout?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const parts = buffer.split('\n');
      buffer = parts.pop() ?? '';
      lines.push(...parts);
    });
    proc.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    proc.on('error', reject);
    proc.on('exit', (code, signal) => {
      clearInterval(watch);
      clearTimeout(deadline);
      resolve({ code, signal, lines, stderr });
    });
  });
}

/** A pseudo-random but repeatable series (of kill points). */
function series(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 48271) % 2147483647;
    return Math.floor((state / 2147483647) * below);
  };
}

/** The run's attempt counter, read straight from the child's database. */
async function attemptsOf(state: CrashState): Promise<number> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const result = await client.query<{ attempts: number }>(`select attempts from ${state.runTable} where id = $1`, [
      state.runId,
    ]);
    return Number(result.rows[0]?.attempts ?? 0);
  } finally {
    await client.end();
  }
}

/**
 * Starts worker processes on the state file's run and kills each after a random number of
 * simulator requests, `kills` times, then lets one run to the end. Answers the kills survived: the
 * kills that landed inside an attempt (the run's attempt counter moved in that cycle). A request the
 * previous, killed process had in flight can be logged after the next process starts and kill that
 * one before it begins an attempt; such a kill is not counted.
 */
async function killAndRestart(stateFile: string, sim: FortnoxSimulator, kills: number, maxRequests: number, seed: number) {
  const state = JSON.parse(readFileSync(stateFile, 'utf8')) as CrashState;
  const random = series(seed);
  let survived = 0;
  for (let i = 0; i < kills; i++) {
    const before = await attemptsOf(state);
    const outcome = await start(['work', database.url, stateFile, sim.url], sim, 1 + random(maxRequests));
    if (outcome.signal !== 'SIGKILL') {
      // The run finished before the kill point: nothing left to kill.
      expect(outcome.code, outcome.stderr).toBe(0);
      break;
    }
    if ((await attemptsOf(state)) > before) survived++;
  }
  const last = await start(['work', database.url, stateFile, sim.url]);
  expect(last.signal, 'the last worker did not finish the run in time').toBeNull();
  expect(last.code, last.stderr).toBe(0);
  expect(last.lines).toContain('done succeeded');
  return survived;
}

/**
 * The simulated club's history has most fees paid already, and the sync invoices only bases GIT
 * has no payment for. A new season: most bases lose their payments, every fourth keeps them.
 */
function freshSeason(sim: GitSimulator) {
  for (const [i, b] of sim.data.bases.entries()) if (b.creditedAt === null && i % 4 !== 0) b.payments = [];
}

beforeAll(async () => {
  fx = await startFortnoxSimulator({ seed: 'empty' });
  fx.auth.grantConsent(SIM_DEFAULT_CLIENT.clientId, fx.defaultTenantId, { service: true });
  demo = await startFortnoxSimulator({ seed: 'demo' });
  demo.auth.grantConsent(SIM_DEFAULT_CLIENT.clientId, demo.defaultTenantId, { service: true });
  git = await startGitSimulator({ members: 40, seed: 'git-sync-crash' });
  freshSeason(git);
  dir = mkdtempSync(path.join(tmpdir(), 'fw-git-crash-'));
  database = await createTestDatabase(SERVER_URL);
}, 60_000);

afterAll(async () => {
  await git?.close();
  await fx?.close();
  await demo?.close();
  await database?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('crash and restart (SIGKILL): the run resumes by itself', () => {
  it('a GIT sync killed at random moments finishes after restarts alone: each invoice and customer once, no basis lost', async () => {
    const stateFile = path.join(dir, 'sync.json');
    const setup = await start(['setup-sync', database.url, stateFile, fx.url, git.apiBaseUrl, git.clubId, git.apiKey]);
    expect(setup.code, setup.stderr).toBe(0);
    const state = JSON.parse(readFileSync(stateFile, 'utf8')) as CrashState;
    expect(state.basisIds.length).toBeGreaterThanOrEqual(8);

    const survived = await killAndRestart(stateFile, fx, 6, 12, 20261122);
    console.info(`GIT sync: ${survived} kills survived`);
    expect(survived).toBeGreaterThanOrEqual(4);

    // The child's database, read after it has exited.
    const t = await createTestApp({ DATABASE_URL: database.url });
    try {
      const [run] = await t.app.db.select().from(gitTransactions).where(eq(gitTransactions.id, state.runId));
      expect(run).toMatchObject({ status: 'succeeded', failed: 0 });
      expect(run?.attempts).toBeGreaterThan(survived);
      const items = await t.app.db.select().from(gitSyncItems).where(eq(gitSyncItems.clubAccountId, state.clubAccountId));
      const bases = await t.app.db.select().from(gitInvoiceBases).where(eq(gitInvoiceBases.clubAccountId, state.clubAccountId));
      const chosen = bases.filter((b) => state.basisIds.includes(b.id));
      expect(chosen).toHaveLength(state.basisIds.length);
      let duplicates = 0;
      let missing = 0;
      for (const basis of chosen) {
        const item = items.find((i) => i.basisGitId === basis.gitId);
        expect(item?.state, basis.gitId).toBe('sent');
        const made = fx.store.findByExternalRef(
          fx.defaultTenantId,
          'invoices',
          basisInvoiceExternalRef(state.clubAccountId, state.clubAccountId, basis.gitId),
        ) as { DocumentNumber: string; Sent: boolean }[];
        if (made.length === 0) missing++;
        duplicates += Math.max(0, made.length - 1);
        expect(made[0]?.DocumentNumber).toBe(item?.invoiceNumber);
        expect(made[0]?.Sent).toBe(true);
      }
      const links = await t.app.db
        .select()
        .from(gitPayerCustomers)
        .where(eq(gitPayerCustomers.clubAccountId, state.clubAccountId));
      expect(links.length).toBeGreaterThan(0);
      for (const link of links) {
        const customers = fx.store.findByExternalRef(
          fx.defaultTenantId,
          'customers',
          `fw-${payerCustomerRequestId(state.clubAccountId, link.payerGolfId)}`,
        );
        if (customers.length === 0) missing++;
        duplicates += Math.max(0, customers.length - 1);
      }
      console.info(`GIT sync: ${duplicates} duplicates, ${missing} missing`);
      expect({ duplicates, missing }).toEqual({ duplicates: 0, missing: 0 });
      // Nothing else was made: every invoice in Fortnox is one of ours.
      expect(fx.store.count(fx.defaultTenantId, 'invoices')).toBe(chosen.length);
    } finally {
      await t.close();
    }
  }, 600_000);

  it('a mirror refresh killed at random moments finishes after restarts alone: the mirror holds each document once, none missing', async () => {
    const stateFile = path.join(dir, 'refresh.json');
    const setup = await start(['setup-refresh', database.url, stateFile, demo.url]);
    expect(setup.code, setup.stderr).toBe(0);
    const state = JSON.parse(readFileSync(stateFile, 'utf8')) as CrashState;

    const survived = await killAndRestart(stateFile, demo, 6, 10, 20261127);
    console.info(`Mirror refresh: ${survived} kills survived`);
    expect(survived).toBeGreaterThanOrEqual(4);

    const t = await createTestApp({ DATABASE_URL: database.url });
    try {
      const [run] = await t.app.db.select().from(accountingSyncRuns).where(eq(accountingSyncRuns.id, state.runId));
      expect(run?.status).toBe('succeeded');
      expect(run?.attempts).toBeGreaterThan(survived);
      const tenant = demo.defaultTenantId;
      const numbersIn = (kind: 'customers' | 'articles' | 'invoices' | 'contracts') => [
        ...demo.store.tenant(tenant)[kind].keys(),
      ];
      const compare = async (
        table: typeof customers | typeof articles | typeof invoices | typeof contracts,
        inProgram: string[],
      ) => {
        const rows = await t.app.db
          .select({ number: table.number })
          .from(table)
          .where(eq(table.clubAccountId, state.clubAccountId));
        const mirrored = rows.map((r) => r.number);
        return {
          duplicates: mirrored.length - new Set(mirrored).size,
          missing: inProgram.filter((n) => !mirrored.includes(n)).length,
          extra: mirrored.filter((n) => !inProgram.includes(n)).length,
        };
      };
      const result = {
        customers: await compare(customers, numbersIn('customers')),
        articles: await compare(articles, numbersIn('articles')),
        invoices: await compare(invoices, numbersIn('invoices')),
        contracts: await compare(contracts, numbersIn('contracts')),
      };
      console.info(`Mirror refresh: ${JSON.stringify(result)}`);
      const none = { duplicates: 0, missing: 0, extra: 0 };
      expect(result).toEqual({ customers: none, articles: none, invoices: none, contracts: none });
    } finally {
      await t.close();
    }
  }, 600_000);
});
