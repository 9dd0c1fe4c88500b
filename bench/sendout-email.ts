/**
 * Benchmark: a member care e-mail send-out of 10,000 personalised e-mails (docs/member-care.md#send-outs)
 * handed to a local SMTP server run here, by a separate sending process (bench/lib/sendout-worker.ts)
 * whose memory is sampled; optionally killed with SIGKILL at a random point and started again.
 * The receiving side counts duplicates and missing recipients. See bench/README.md.
 *
 *   npm run bench:sendout-email -- [--recipients 10000] [--db pglite|postgres] [--kill no|yes]
 *     [--per-minute 60000] [--seed N]
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { createTestDatabase, type TestDatabase } from '../apps/server/test/test-databases';
import { createRandom } from './lib/invoice-data';
import type { WorkerResult, WorkerState } from './lib/sendout-worker';
import { markdownTable } from './lib/stats';

const { values: args } = parseArgs({
  options: {
    recipients: { type: 'string', default: '10000' },
    db: { type: 'string', default: 'pglite' },
    kill: { type: 'string', default: 'no' },
    // The club's sending rate, set high for the benchmark (600 a minute unless set).
    'per-minute': { type: 'string', default: '60000' },
    seed: { type: 'string', default: String(Date.now() % 100_000) },
    'pg-url': { type: 'string', default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});

const N = Number(args.recipients);
const TARGET_MS = 60_000;
/** Every this many messages the receiver parses one whole (subject, both parts) to check the filling. */
const PARSE_EVERY = 50;
const here = path.dirname(fileURLToPath(import.meta.url));
const worker = path.join(here, 'lib/sendout-worker.ts');
const tsxLoader = pathToFileURL(path.resolve(here, '../node_modules/tsx/dist/loader.mjs')).href;

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

interface Child {
  proc: ChildProcess;
  done: Promise<{ code: number | null; signal: NodeJS.Signals | null; out: string; err: string }>;
  /** RSS samples (kB, every 100 ms) with the count received at the time. */
  rss: { at: number; kb: number; received: number }[];
}

const received: { address: string; at: number }[] = [];
const badFilling: string[] = [];
let parsed = 0;
let expected: Record<string, string> = {};
let killAt: { count: number; child: Child } | null = null;

function start(mode: string, extra: string[]): Child {
  const proc = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_WORKER_PROF && mode === 'work'
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_WORKER_PROF}`]
        : []),
      '--import',
      tsxLoader,
      worker,
      mode,
      ...extra,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const rss: Child['rss'] = [];
  const sampler = setInterval(() => {
    try {
      const status = readFileSync(`/proc/${proc.pid}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      if (kb) rss.push({ at: Date.now(), kb, received: received.length });
    } catch {
      // Gone (or no /proc): no sample.
    }
  }, 100);
  let out = '';
  let err = '';
  proc.stdout?.on('data', (c: Buffer) => {
    out += c.toString();
  });
  proc.stderr?.on('data', (c: Buffer) => {
    err += c.toString();
  });
  const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null; out: string; err: string }>(
    (resolve, reject) => {
      proc.on('error', reject);
      proc.on('exit', (code, signal) => {
        clearInterval(sampler);
        resolve({ code, signal, out, err });
      });
    },
  );
  return { proc, done, rss };
}

async function main() {
  if (!Number.isInteger(N) || N < 1) throw new Error('--recipients must be a positive whole number');
  const kill = args.kill === 'yes';
  const random = createRandom(Number(args.seed));
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const at = Date.now();
        for (const r of session.envelope.rcptTo) received.push({ address: r.address, at });
        if (received.length % PARSE_EVERY === 0) {
          const address = session.envelope.rcptTo[0]?.address ?? '';
          void simpleParser(Buffer.concat(chunks)).then((mail) => {
            parsed++;
            const want = expected[address];
            const first = want?.slice(4, want.indexOf(','));
            // The subject and both parts carry this member's own values, the link to unsubscribe too.
            if (mail.subject !== want || !mail.text?.includes(`Hej ${first}`) || !String(mail.html).includes(first ?? '\u0000'))
              badFilling.push(`${address}: ${mail.subject}`);
            if (!/^List-Unsubscribe:\s*<https?:\/\//im.test(Buffer.concat(chunks).toString('latin1')))
              badFilling.push(`${address}: no List-Unsubscribe`);
          });
        }
        // The kill falls after the server has the message and before the worker hears so.
        if (killAt && received.length >= killAt.count) {
          killAt.child.proc.kill('SIGKILL');
          killAt = null;
          return;
        }
        callback();
      });
    },
  });
  // A killed worker's open connections end with a reset: expected here.
  smtp.on('error', () => {});
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  const dir = mkdtempSync(path.join(tmpdir(), 'sendout-bench-'));
  let testDb: TestDatabase | undefined;
  try {
    if (args.db === 'postgres') testDb = await createTestDatabase(args['pg-url'], { migrated: true });
    const database = testDb?.url ?? path.join(dir, 'data');
    const state = path.join(dir, 'state.json');
    console.log(
      `e-mail send-out: ${N} personalised e-mails → local SMTP server, database ${args.db}, sending rate ` +
        `${args['per-minute']} a minute (set for the benchmark; 600 unless set)${kill ? `, killed once (seed ${args.seed})` : ''}; ` +
        `${cpus().length} cores, load average ${load()} at start`,
    );
    const setupStarted = performance.now();
    const setup = start('setup', [database, state, smtpUrl, String(N), 'email', args['per-minute']]);
    const s = await setup.done;
    if (s.code !== 0) throw new Error(`setup failed: ${s.err}`);
    expected = (JSON.parse(readFileSync(state, 'utf8')) as WorkerState).expected;
    console.log(`setup: ${secs(performance.now() - setupStarted)} (club, ${N} members, template, send-out started)`);

    // ---- the timed send-out ---------------------------------------------------------------------
    const began = Date.now();
    const benchCpu = process.cpuUsage();
    const attempts: { child: Child; code: number | null; signal: string | null; killedAt?: number }[] = [];
    let result: WorkerResult | null = null;
    for (let attempt = 1; attempt <= 3 && !result; attempt++) {
      const child = start('work', [database, state, smtpUrl]);
      const planned = kill && attempt === 1 ? 1 + Math.floor(random.next() * (N - 2)) : undefined;
      if (planned !== undefined) killAt = { count: planned, child };
      const end = await child.done;
      attempts.push({ child, code: end.code, signal: end.signal, ...(planned !== undefined ? { killedAt: planned } : {}) });
      if (end.code === 0 && end.out.includes('done'))
        result = JSON.parse(readFileSync(`${state}.result.json`, 'utf8')) as WorkerResult;
      else if (end.signal !== 'SIGKILL') throw new Error(`the sending process failed (${end.code}): ${end.err}`);
    }
    const wallMs = Date.now() - began;
    const benchCpuUsed = process.cpuUsage(benchCpu);
    const benchCpuMs = (benchCpuUsed.user + benchCpuUsed.system) / 1000;
    if (!result) throw new Error('the send-out did not finish');
    // The receiver's parsing of the last samples.
    await new Promise((r) => setTimeout(r, 200));

    // ---- figures ----------------------------------------------------------------------------------
    const counts = new Map<string, number>();
    for (const r of received) counts.set(r.address, (counts.get(r.address) ?? 0) + 1);
    const byStatus = new Map<string, number>();
    for (const r of result.recipients) byStatus.set(r.status, (byStatus.get(r.status) ?? 0) + 1);
    const review = result.recipients.filter((r) => r.status === 'review');
    const duplicates = [...counts.values()].reduce((sum, n) => sum + Math.max(0, n - 1), 0);
    const strangers = [...counts.keys()].filter((a) => !(a in expected)).length;
    // Missing: a member who got nothing and is not marked for review (docs/member-care.md#exactly-once).
    const missing = result.recipients.filter((r) => !counts.has(r.address) && r.status !== 'review').length;
    const reviewReceived = review.filter((r) => counts.has(r.address)).length;
    const last = attempts[attempts.length - 1] as (typeof attempts)[number];
    const runMs = (result.finishedAt ?? Date.now()) - (result.startedAt ?? began);
    const sendMs = (received[received.length - 1]?.at ?? 0) - (received[0]?.at ?? 0);
    const samples = last.child.rss;
    // The messages the last sending process handed over: those received after it started.
    const lastHanded = received.filter((r) => r.at >= (samples[0]?.at ?? began)).length;
    const rssAt = (share: number) => {
      const want = received.length * share;
      return samples.find((x) => x.received >= want)?.kb;
    };
    const mb = (kb: number | undefined) => (kb === undefined ? '–' : `${(kb / 1024).toFixed(0)} MB`);
    console.log(
      `\n${markdownTable(
        ['figure', 'value'],
        [
          ['recipients (ledger) / members', `${result.recipients.length} / ${N}`],
          ['statuses', [...byStatus].map(([k, v]) => `${k} ${v}`).join(', ')],
          ['run status', result.status],
          [
            'sending processes',
            attempts.map((a) => (a.signal ? `killed at message ${a.killedAt}` : `exit ${a.code}`)).join(' → '),
          ],
          [
            `run time (run start → end; target ≤ ${TARGET_MS / 1000} s)`,
            `**${secs(runMs)}** — ${runMs <= TARGET_MS ? 'met' : 'NOT met'}`,
          ],
          ['wall time (first sending process started → run finished)', secs(wallMs)],
          ['first → last message at the SMTP server', secs(sendMs)],
          [
            'messages received / per second',
            `${received.length} / ${(received.length / Math.max(0.001, sendMs / 1000)).toFixed(0)}`,
          ],
          ['duplicates (received more than once)', String(duplicates)],
          ['missing (nothing received, not review)', String(missing)],
          ['review (received / not received)', `${review.length} (${reviewReceived} / ${review.length - reviewReceived})`],
          ['received for addresses not in the send-out', String(strangers)],
          [`messages parsed (every ${PARSE_EVERY}th) / wrongly filled`, `${parsed} / ${badFilling.length}`],
          [
            'sending process CPU, user + system (app ready → run end, last process) / per e-mail it handed over',
            `${secs(result.cpuMs)} / ${(result.cpuMs / Math.max(1, lastHanded)).toFixed(2)} ms`,
          ],
          [
            'this process (SMTP server, parsing every 50th) CPU, user + system, over the wall time / per e-mail',
            `${secs(benchCpuMs)} / ${(benchCpuMs / Math.max(1, received.length)).toFixed(2)} ms`,
          ],
          ['sending process peak RSS (kernel maxrss, last process)', mb(result.maxRssKb)],
          [
            'sending process RSS at 10 % / 50 % / 90 % / 100 % received (last process)',
            [0.1, 0.5, 0.9, 1].map((x) => mb(rssAt(x))).join(' / '),
          ],
          ['load average at end', load()],
        ],
      )}`,
    );
    for (const b of badFilling.slice(0, 5)) console.log(`wrongly filled: ${b}`);
    const reasons = new Map<string, number>();
    for (const r of result.recipients) if (r.reason) reasons.set(r.reason, (reasons.get(r.reason) ?? 0) + 1);
    for (const [reason, n] of reasons) console.log(`reason ×${n}: ${reason.slice(0, 300)}`);
  } finally {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    await testDb?.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
