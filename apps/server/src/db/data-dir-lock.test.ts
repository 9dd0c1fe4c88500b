import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createPgliteDatabase } from './client';
import { DataDirInUseError, LOCK_FILE, lockDataDir } from './data-dir-lock';

const dirs: string[] = [];
function folder() {
  const dir = mkdtempSync(path.join(tmpdir(), 'fairway-lock-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A process that lives until it is killed, and one that has ended. */
async function livingPid() {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('spawn', resolve));
  return child;
}
async function deadPid() {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid as number;
}

describe('one process at a time on a data folder', () => {
  it('refuses a second opener while the first holds the folder, and lets it in once released', () => {
    const dir = folder();
    const first = lockDataDir(dir);
    expect(readFileSync(path.join(dir, LOCK_FILE), 'utf8').trim()).toBe(String(process.pid));
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
    first.release();
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    lockDataDir(dir).release();
  });

  it('refuses a folder another living process holds, naming its pid and what to do', async () => {
    const dir = folder();
    const other = await livingPid();
    try {
      writeFileSync(path.join(dir, LOCK_FILE), `${other.pid}\n`);
      let error: unknown;
      try {
        lockDataDir(dir);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(DataDirInUseError);
      expect((error as Error).message).toContain(`pid ${other.pid}`);
      expect((error as Error).message).toContain('Stop that process first');
      // The holder's file is left as it was.
      expect(readFileSync(path.join(dir, LOCK_FILE), 'utf8').trim()).toBe(String(other.pid));
    } finally {
      other.kill('SIGKILL');
    }
  });

  it('takes over a folder whose holder died without letting go (a crash or SIGKILL)', async () => {
    const dir = folder();
    writeFileSync(path.join(dir, LOCK_FILE), `${await deadPid()}\n`);
    const lock = lockDataDir(dir);
    expect(readFileSync(path.join(dir, LOCK_FILE), 'utf8').trim()).toBe(String(process.pid));
    lock.release();
  });

  it('the embedded database refuses to open a folder that is open, and opens it again after shutdown', async () => {
    const dir = folder();
    const db = await createPgliteDatabase(dir);
    try {
      await expect(createPgliteDatabase(dir)).rejects.toBeInstanceOf(DataDirInUseError);
      const { rows } = await db.executeSql('SELECT 1 AS one');
      expect(rows[0]?.one).toBe(1);
    } finally {
      await db.close();
    }
    const again = await createPgliteDatabase(dir);
    await again.close();
  });
});
