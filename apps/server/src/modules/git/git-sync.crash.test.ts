import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FortnoxSimulator, SIM_DEFAULT_CLIENT, startFortnoxSimulator } from '../../integrations/fortnox/simulator/index';
import { type GitSimulator, startGitSimulator } from '../../integrations/git/git.simulator';
import { createTestApp, createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from '../../test/test-app';
import { gitInvoiceBases } from './git.schema';
import { gitPayerCustomers, gitSyncItems } from './git-sync.schema';
import { basisInvoiceExternalRef, payerCustomerRequestId } from './git-sync-ref';

/**
 * Issue 5: "killing the process at any point of a run and starting it again creates no duplicate
 * document and loses no row". The sync runs in a child process on a PostgreSQL database made for
 * the test (PostgreSQL, not PGlite: a server is what survives a killed process, as in production);
 * the test kills the child with SIGKILL at random moments (counted in sync steps, so the kill
 * lands while the child is between or inside external calls), starts it again, and after a last
 * undisturbed run checks the Fortnox simulator: one invoice per basis, one customer per payer.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const child = path.join(here, 'git-sync.crash-child.ts');
// `node --import tsx`, not the tsx command: that one runs the script in a grandchild, which a
// SIGKILL of the command leaves running beside the restarted child.
const tsxLoader = pathToFileURL(path.resolve(here, '../../../../../node_modules/tsx/dist/loader.mjs')).href;

let fx: FortnoxSimulator;
let git: GitSimulator;
let dir: string;
let database: TestDatabase;

/** The machine's PostgreSQL (CI's TEST_DATABASE_URL pass, or the server every machine runs). */
const SERVER_URL = TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

interface Outcome {
  code: number | null;
  signal: NodeJS.Signals | null;
  lines: string[];
  stderr: string;
}

function start(args: string[], killAfterSteps?: number): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const proc: ChildProcess = spawn(process.execPath, ['--import', tsxLoader, child, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env },
    });
    const lines: string[] = [];
    let stderr = '';
    let steps = 0;
    let buffer = '';
    proc.stdout?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const parts = buffer.split('\n');
      buffer = parts.pop() ?? '';
      for (const line of parts) {
        lines.push(line);
        if (line.startsWith('step ') && killAfterSteps !== undefined && ++steps === killAfterSteps) proc.kill('SIGKILL');
      }
    });
    proc.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    proc.on('error', reject);
    proc.on('exit', (code, signal) => resolve({ code, signal, lines, stderr }));
  });
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
  git = await startGitSimulator({ members: 40, seed: 'git-sync-crash' });
  freshSeason(git);
  dir = mkdtempSync(path.join(tmpdir(), 'fw-git-crash-'));
  database = await createTestDatabase(SERVER_URL);
}, 60_000);

afterAll(async () => {
  await git?.close();
  await fx?.close();
  await database?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('crash and restart (SIGKILL)', () => {
  it('a sync killed at random moments and started again makes each invoice and customer once and loses no basis', async () => {
    const stateFile = path.join(dir, 'state.json');
    const setup = await start(['setup', database.url, stateFile, fx.url, git.apiBaseUrl, git.clubId, git.apiKey]);
    expect(setup.code, setup.stderr).toBe(0);
    const state = JSON.parse(readFileSync(stateFile, 'utf8')) as { clubAccountId: string; basisIds: string[] };
    expect(state.basisIds.length).toBeGreaterThanOrEqual(8);

    // A pseudo-random but repeatable series of kill points (in sync steps of the restarted run).
    let seed = 20261122;
    const random = () => {
      seed = (seed * 48271) % 2147483647;
      return seed / 2147483647;
    };
    let kills = 0;
    for (let i = 0; i < 6; i++) {
      const outcome = await start(['run', database.url, stateFile, fx.url], 1 + Math.floor(random() * 12));
      if (outcome.signal === 'SIGKILL') kills++;
      else expect(outcome.code, outcome.stderr).toBe(0);
    }
    expect(kills).toBeGreaterThanOrEqual(4);
    const last = await start(['run', database.url, stateFile, fx.url]);
    expect(last.code, last.stderr).toBe(0);
    expect(last.lines.some((l) => l.startsWith('done '))).toBe(true);

    // The child's database, read after it has exited.
    const t = await createTestApp({ DATABASE_URL: database.url });
    try {
      const items = await t.app.db.select().from(gitSyncItems).where(eq(gitSyncItems.clubAccountId, state.clubAccountId));
      const bases = await t.app.db.select().from(gitInvoiceBases).where(eq(gitInvoiceBases.clubAccountId, state.clubAccountId));
      const chosen = bases.filter((b) => state.basisIds.includes(b.id));
      expect(chosen).toHaveLength(state.basisIds.length);
      for (const basis of chosen) {
        const item = items.find((i) => i.basisGitId === basis.gitId);
        expect(item?.state, basis.gitId).toBe('sent');
        const made = fx.store.findByExternalRef(
          fx.defaultTenantId,
          'invoices',
          basisInvoiceExternalRef(state.clubAccountId, state.clubAccountId, basis.gitId),
        ) as { DocumentNumber: string; Sent: boolean }[];
        expect(made, basis.gitId).toHaveLength(1);
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
        expect(customers, link.payerGolfId).toHaveLength(1);
      }
      // Nothing else was made: every invoice in Fortnox is one of ours.
      expect(fx.store.count(fx.defaultTenantId, 'invoices')).toBe(chosen.length);
    } finally {
      await t.close();
    }
  }, 600_000);
});
