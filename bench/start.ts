/**
 * Benchmark: the production start. Starts the product the way the README does (`npm start`, or
 * the command given), on a data folder of its own: once on an empty folder (migrations, demo
 * seed), then `--restarts` times on the data it left, each timed from the spawn to the first
 * healthy `GET /api/health`. After the last restart it reads the server's resident memory (RSS)
 * when idle and after `--requests` list requests of the demo owner. See bench/README.md.
 *
 *   npm run bench:start -- [--command "npm start"] [--restarts 3] [--requests 1000] [--settle 5] [--breakdown]
 *
 * `--breakdown` also prints the server's own account of its memory at both points (the
 * `SIGUSR2` log line of apps/server/src/main.ts: main thread, PGlite's worker and WebAssembly
 * memory, the simulators running).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { freePort } from '../apps/server/test/product-process';

const { values: args } = parseArgs({
  options: {
    command: { type: 'string', default: 'npm start' },
    restarts: { type: 'string', default: '3' },
    requests: { type: 'string', default: '1000' },
    concurrency: { type: 'string', default: '4' },
    list: { type: 'string', default: '/api/v1/invoices?page=1&pageSize=25' },
    settle: { type: 'string', default: '5' },
    'keep-data': { type: 'boolean', default: false },
    breakdown: { type: 'boolean', default: false },
  },
});

const ROOT = path.resolve(import.meta.dirname, '..');
const OWNER = { email: 'owner@demo.fairway.se', password: 'Fairway!Owner1' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const load = () =>
  loadavg()
    .map((v) => v.toFixed(2))
    .join(' ');

interface Running {
  child: ChildProcess;
  url: string;
  /** Milliseconds from the spawn to the first healthy answer. */
  startMs: number;
  /** With `--breakdown`: the server's log lines, each parsed JSON object handed to the waiters. */
  logWaiters: ((line: Record<string, unknown>) => void)[];
}

async function start(dataDir: string): Promise<Running> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const begin = performance.now();
  // Its own process group, so the whole tree (npm, sh, node) stops together.
  const child = spawn('sh', ['-c', args.command], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', args.breakdown ? 'pipe' : 'ignore', 'inherit'],
    // The breakdown is logged at `info`; the log is read (and so never blocks the server) only then.
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: args.breakdown ? 'info' : 'warn',
    },
  });
  const logWaiters: Running['logWaiters'] = [];
  if (child.stdout) {
    createInterface({ input: child.stdout }).on('line', (line) => {
      let parsed: Record<string, unknown>;
      try {
        parsed = JSON.parse(line) as Record<string, unknown>;
      } catch {
        return; // npm's lines, the demo logins
      }
      for (const waiter of logWaiters.splice(0)) waiter(parsed);
    });
  }
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  for (;;) {
    if (exited) throw new Error(`"${args.command}" exited before it was healthy`);
    const healthy = await fetch(`${url}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (healthy) return { child, url, startMs: performance.now() - begin, logWaiters };
    await sleep(20);
  }
}

async function stop(running: Running): Promise<void> {
  const exited = new Promise((resolve) => running.child.once('exit', resolve));
  if (running.child.pid) process.kill(-running.child.pid, 'SIGTERM');
  await exited;
  // npm's sh exits first; wait until the server itself (the group) is gone.
  while (running.child.pid && groupPids(running.child.pid).length > 0) await sleep(50);
}

function groupPids(pgid: number): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Field 5 of /proc/<pid>/stat is the process group (after the parenthesised command name).
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) === pgid) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

interface Rss {
  pid: number;
  command: string;
  mib: number;
}

/** The RSS of every process of the start command's group, largest first. */
function rssOf(running: Running): Rss[] {
  const list: Rss[] = [];
  for (const pid of groupPids(running.child.pid ?? 0)) {
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim().slice(0, 80);
      list.push({ pid, command, mib: kib / 1024 });
    } catch {
      // gone meanwhile
    }
  }
  return list.sort((a, b) => b.mib - a.mib);
}

function printRss(label: string, list: Rss[]): void {
  const total = list.reduce((sum, p) => sum + p.mib, 0);
  console.log(`${label}: server ${list[0]?.mib.toFixed(0)} MiB, whole tree ${total.toFixed(0)} MiB (load ${load()})`);
  for (const p of list) console.log(`    ${p.mib.toFixed(0).padStart(5)} MiB  ${p.command}`);
}

/** Asks the server (the largest process) for its memory breakdown and prints the line it logs. */
async function printBreakdown(running: Running, server: Rss | undefined): Promise<void> {
  if (!args.breakdown || !server) return;
  const logged = new Promise<Record<string, unknown>>((resolve) => {
    const wait = (line: Record<string, unknown>) => {
      if (line.memory) resolve(line);
      else running.logWaiters.push(wait);
    };
    running.logWaiters.push(wait);
  });
  process.kill(server.pid, 'SIGUSR2');
  const line = await logged;
  console.log(`    breakdown (MiB): ${JSON.stringify(line.memory)}`);
}

async function listRequests(running: Running, count: number): Promise<number> {
  const login = await fetch(`${running.url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(OWNER),
  });
  if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
  const { data } = (await login.json()) as { data: { accessToken: string } };
  let next = 0;
  let failed = 0;
  const worker = async () => {
    while (next < count) {
      next++;
      const res = await fetch(`${running.url}${args.list}`, {
        headers: { authorization: `Bearer ${data.accessToken}`, 'accept-encoding': 'br, gzip' },
      });
      await res.arrayBuffer();
      if (!res.ok) failed++;
    }
  };
  await Promise.all(Array.from({ length: Number(args.concurrency) }, worker));
  return failed;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fairway-bench-start-'));
  console.log(`start benchmark: "${args.command}", data in ${dataDir}`);
  console.log(`load average before: ${load()}`);
  try {
    const first = await start(dataDir);
    console.log(`first start (empty data: migrations, demo seed): ${(first.startMs / 1000).toFixed(2)} s (load ${load()})`);
    // Let the demo's first refreshes finish so the restarts meet the data a user would leave.
    await sleep(Number(args.settle) * 1000);
    await stop(first);

    const times: number[] = [];
    let last: Running | undefined;
    for (let i = 0; i < Number(args.restarts); i++) {
      if (last) await stop(last);
      last = await start(dataDir);
      times.push(last.startMs);
      console.log(`restart ${i + 1} on existing data: ${(last.startMs / 1000).toFixed(2)} s (load ${load()})`);
    }
    if (!last) return;
    const sorted = [...times].sort((a, b) => a - b);
    console.log(`restart median: ${((sorted[Math.floor(sorted.length / 2)] ?? 0) / 1000).toFixed(2)} s`);

    await sleep(Number(args.settle) * 1000);
    const idle = rssOf(last);
    printRss('RSS idle', idle);
    await printBreakdown(last, idle[0]);
    const count = Number(args.requests);
    const failed = await listRequests(last, count);
    const busy = rssOf(last);
    printRss(`RSS after ${count} × GET ${args.list}${failed ? ` (${failed} failed)` : ''}`, busy);
    await printBreakdown(last, busy[0]);
    await stop(last);
  } finally {
    if (!args['keep-data']) rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
