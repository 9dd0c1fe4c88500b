import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from '../../../test/test-app';
import { MAIL_IN_FLIGHT } from './sendouts.runs';

/**
 * A send-out's worker process killed with SIGKILL in the middle of it, twice, and started again
 * (apps/server/test/crash/sendout.crash-child.ts, on a PostgreSQL database made for the test): the
 * SMTP server in this test counts what it was handed. Nobody gets the message twice, and everyone
 * either got it or, when the kill fell between the worker committing the attempt and writing
 * the outcome (at most the messages in flight), is marked `review` (docs/member-care.md#exactly-once).
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const child = path.resolve(here, '../../../test/crash/sendout.crash-child.ts');
const tsxLoader = pathToFileURL(path.resolve(here, '../../../../../node_modules/tsx/dist/loader.mjs')).href;
const SERVER_URL = TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** More than the two kills can leave `review` (2 × MAIL_IN_FLIGHT), so that bound is tested. */
const MEMBERS = 100;
const CYCLE_DEADLINE_MS = 120_000;

let smtp: SMTPServer;
let smtpUrl: string;
let database: TestDatabase;
let dir: string;
const received: string[] = [];
/** Kills the running child when the server has been handed this many messages. */
let killAt: { count: number; proc: ChildProcess } | null = null;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        received.push(...session.envelope.rcptTo.map((r) => r.address));
        // The kill falls after the server has the message and before the worker hears so.
        if (killAt && received.length >= killAt.count) {
          killAt.proc.kill('SIGKILL');
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
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  database = await createTestDatabase(SERVER_URL);
  dir = mkdtempSync(path.join(tmpdir(), 'sendout-kill-'));
}, 60_000);

afterAll(async () => {
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
  await database?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function start(args: string[], killAfter?: number): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ['--import', tsxLoader, child, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    if (killAfter !== undefined) killAt = { count: received.length + killAfter, proc };
    let out = '';
    let err = '';
    proc.stdout?.on('data', (c: Buffer) => {
      out += c.toString();
    });
    proc.stderr?.on('data', (c: Buffer) => {
      err += c.toString();
    });
    const deadline = setTimeout(() => proc.kill('SIGKILL'), CYCLE_DEADLINE_MS);
    proc.on('error', reject);
    proc.on('exit', (code) => {
      clearTimeout(deadline);
      resolve({ code, out, err });
    });
  });
}

describe('a send-out whose worker is killed', () => {
  it('resumes after each restart without sending anyone twice or skipping anyone', async () => {
    const state = path.join(dir, 'state.json');
    const setup = await start(['setup', database.url, state, smtpUrl, String(MEMBERS)]);
    expect(setup.code, setup.err).toBe(0);
    // Killed twice at different points, then left to finish.
    const first = await start(['work', database.url, state, smtpUrl], 7);
    expect(first.code).not.toBe(0);
    const second = await start(['work', database.url, state, smtpUrl], 13);
    expect(second.code).not.toBe(0);
    const last = await start(['work', database.url, state, smtpUrl]);
    expect(last.code, last.err).toBe(0);
    expect(last.out).toContain('done succeeded');

    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ address: string; status: string }>(
        'select address, status from member_care_sendout_recipients',
      );
      expect(rows).toHaveLength(MEMBERS);
      const counts = new Map<string, number>();
      for (const a of received) counts.set(a, (counts.get(a) ?? 0) + 1);
      // 0 duplicates.
      expect([...counts.values()].filter((n) => n > 1)).toEqual([]);
      // 0 missing: everyone got it, or is marked for review (one per kill at most).
      const missing = rows.filter((r) => !counts.has(r.address) && r.status !== 'review');
      expect(missing).toEqual([]);
      // Each kill fell between the server taking a message and the worker writing so: that
      // recipient is for review (and did get it, once), never handed over again. The messages in
      // flight beside it and those accepted whose outcome was not yet written (MAIL_IN_FLIGHT at
      // most, each attempt committed first) are for review too, whether the server had them or
      // not; nobody else is.
      const review = rows.filter((r) => r.status === 'review');
      expect(review.length).toBeGreaterThanOrEqual(2);
      expect(review.length).toBeLessThanOrEqual(2 * MAIL_IN_FLIGHT);
      expect(review.filter((r) => counts.get(r.address) === 1).length).toBeGreaterThanOrEqual(2);
      const others = rows.filter((r) => r.status !== 'review');
      expect(others.every((r) => r.status === 'sent' && counts.get(r.address) === 1)).toBe(true);
    } finally {
      await client.end();
    }
  }, 400_000);
});
