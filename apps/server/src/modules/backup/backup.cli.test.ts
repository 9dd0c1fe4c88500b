import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganisation } from '../../../test/fixtures/users';
import { createTestApp, createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from '../../../test/test-app';
import { createPgliteDatabase } from '../../db/client';
import { asSchemaOwner } from '../../db/tenant-context';

/*
 * The operator's two commands (docs/backup.md), run as npm runs them: `backup.cli.ts backup --out
 * FILE` on a PostgreSQL portal database, `restore FILE --data-dir DIR` into a new PGlite folder,
 * and a damaged file refused without touching the target. The archive itself is tested in
 * backup.drill.test.ts; this is what the commands print and leave behind.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const cli = path.join(here, 'backup.cli.ts');
// `node --import tsx`: the script runs in this child, not in a grandchild (as in git-sync.crash.test.ts).
const tsxLoader = pathToFileURL(path.resolve(here, '../../../../../node_modules/tsx/dist/loader.mjs')).href;
const SERVER_URL = TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

let source: TestDatabase;
let dir: string;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(args: string[], env: Record<string, string | undefined>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', tsxLoader, cli, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      // INIT_CWD: where the operator typed the command (relative paths are taken from there).
      env: { ...process.env, DATABASE_URL: undefined, DATA_DIR: undefined, BACKUP_KEY: undefined, INIT_CWD: dir, ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The organisations in a restored PGlite folder. */
async function organisationsIn(dataDir: string): Promise<string[]> {
  const database = await createPgliteDatabase(dataDir);
  try {
    const client = await asSchemaOwner(() => database.pool.connect());
    try {
      const { rows } = await client.query('select name from organisations order by name');
      return rows.map((r) => r.name as string);
    } finally {
      client.release();
    }
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'fw-backup-cli-'));
  source = await createTestDatabase(SERVER_URL);
  const t = await createTestApp({ DATABASE_URL: source.url });
  try {
    await createOrganisation(t.app, { name: 'Säkerhetskopians GK' });
  } finally {
    await t.close();
  }
}, 120_000);

afterAll(async () => {
  await source?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('npm run backup / npm run restore', () => {
  it('backs up a PostgreSQL portal to the file named, relative to where the command was typed', async () => {
    const backup = await run(['backup', '--out', 'club.fwbackup'], { DATABASE_URL: source.url });
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toContain(`Backup written: ${path.join(dir, 'club.fwbackup')}`);
    expect(backup.stdout).toMatch(/\d+ tables, \d+ rows, schema \S+, made \S+ on pg$/m);
    // Unencrypted: the operator is told what the file holds and what to keep beside it.
    expect(backup.stdout).toContain('Not encrypted');
    expect(backup.stdout).toContain('JWT_SECRET');
    expect(existsSync(path.join(dir, 'club.fwbackup'))).toBe(true);
  }, 120_000);

  it('restores it into a new PGlite folder, printing the backup’s counts beside the restored ones', async () => {
    const restored = await run(['restore', 'club.fwbackup', '--data-dir', 'restored'], {});
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toContain(`Restored into ${path.join(dir, 'restored')}.`);
    expect(restored.stdout).toMatch(/organisations\s+\d+\s+\d+/);
    expect(restored.stdout).not.toContain('≠');
    expect(await organisationsIn(path.join(dir, 'restored'))).toContain('Säkerhetskopians GK');
  }, 120_000);

  it('refuses a truncated file with the reason, and leaves the target folder as it was', async () => {
    const whole = readFileSync(path.join(dir, 'club.fwbackup'));
    writeFileSync(path.join(dir, 'cut.fwbackup'), whole.subarray(0, Math.floor(whole.length / 2)));
    const refused = await run(['restore', 'cut.fwbackup', '--data-dir', 'untouched'], {});
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^Refused: The backup is (corrupt|truncated)/m);
    // The file is checked before the target is opened: no folder was made.
    expect(readdirSync(dir)).not.toContain('untouched');
  }, 120_000);

  it('answers its usage to an unknown command', async () => {
    const wrong = await run(['bakup'], {});
    expect(wrong.code).toBe(1);
    expect(wrong.stdout).toContain('npm run restore -- FILE');
  }, 60_000);
});
