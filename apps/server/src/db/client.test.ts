import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PGLITE_SHARED_BUFFERS, IN_MEMORY } from '../config';
import { createPgliteDatabase, type Database } from './client';

let database: Database;

beforeAll(async () => {
  database = await createPgliteDatabase(IN_MEMORY);
});

afterAll(async () => {
  await database?.close();
});

describe('PGlite through its one connection', () => {
  it('a connection the pool dropped leaves neither its transaction nor its prepared statements to the next', async () => {
    const first = await database.pool.connect();
    await first.query('BEGIN');
    await first.query('create table left_behind (id int)');
    await first.query({ name: 'probe', text: 'select 1 as n' });
    // A fault outside PostgreSQL: the pool closes this connection and opens another.
    first.release(new Error('the connection broke'));

    const second = await database.pool.connect();
    try {
      // As auth's `session_access` is prepared again on every new connection.
      expect((await second.query({ name: 'probe', text: 'select 1 as n' })).rows).toEqual([{ n: 1 }]);
      expect((await second.query("select to_regclass('left_behind') is null as gone")).rows).toEqual([{ gone: true }]);
    } finally {
      second.release();
    }
  });
});

describe('PGlite answers each query of the connection in turn (db/pglite-worker.mjs)', () => {
  it('a query refused when parsed or when run is its own error; the queries after it get their own answers', async () => {
    const conn = await database.pool.connect();
    try {
      await expect(conn.query('selec $1::int', [1])).rejects.toThrow(/syntax error/);
      expect((await conn.query('select $1::int as n', [2])).rows).toEqual([{ n: 2 }]);
      await expect(conn.query('select 1 / $1::int as n', [0])).rejects.toThrow(/division by zero/);
      expect((await conn.query({ name: 'again', text: 'select $1::text as t', values: ['x'] })).rows).toEqual([{ t: 'x' }]);
      expect((await conn.query({ name: 'again', text: 'select $1::text as t', values: ['y'] })).rows).toEqual([{ t: 'y' }]);
      const many = await conn.query('select g as n from generate_series(1, $1::int) g', [20_000]);
      expect(many.rows).toHaveLength(20_000);
      expect(many.rows.at(-1)).toEqual({ n: 20_000 });
      // A notice is the client's, in the answer's bytes, though PGlite does not parse them.
      const notices: string[] = [];
      conn.on('notice', (notice) => notices.push(notice.message ?? ''));
      await conn.query("do $$ begin raise notice 'kept %', 7; end $$");
      expect(notices).toEqual(['kept 7']);
      expect((await conn.query('select 3 as n; select 4 as n')) as unknown as { rows: unknown[] }[]).toMatchObject([
        { rows: [{ n: 3 }] },
        { rows: [{ n: 4 }] },
      ]);
    } finally {
      conn.release();
    }
  });
});

describe("PGlite's worker keeps nothing of the answers it has handed on (db/pglite-worker.mjs)", () => {
  it('the worker heap stays small after answers far larger than it', async () => {
    const MiB = 2 ** 20;
    // 200 answers of 2 MiB each: 400 MiB that a worker holding on to its answers would keep.
    for (let i = 0; i < 200; i++) {
      const { rows } = await database.pool.query('select repeat(chr(65 + $1::int % 26), $2::int) as text', [i, 2 * MiB]);
      expect(rows[0].text).toHaveLength(2 * MiB);
    }
    const memory = await database.workerMemory?.();
    expect(memory?.heapUsed).toBeLessThan(150 * MiB);
  });
});

describe("PGlite's buffer pool", () => {
  it('is the configured size (config.ts PGLITE_SHARED_BUFFERS), and the default without one', async () => {
    expect((await database.pool.query('show shared_buffers')).rows).toEqual([{ shared_buffers: DEFAULT_PGLITE_SHARED_BUFFERS }]);
    const other = await createPgliteDatabase(IN_MEMORY, { sharedBuffers: '24MB' });
    try {
      expect((await other.pool.query('show shared_buffers')).rows).toEqual([{ shared_buffers: '24MB' }]);
    } finally {
      await other.close();
    }
  });
});

describe('a data folder of another PostgreSQL version', () => {
  it('is refused with what to do, and the folder is left as it was', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'fairway-pg-version-'));
    try {
      mkdirSync(path.join(dataDir, 'pglite'));
      writeFileSync(path.join(dataDir, 'pglite', 'PG_VERSION'), '18\n');
      await expect(createPgliteDatabase(dataDir)).rejects.toThrow(/written by PostgreSQL 18 .*npm run restore/);
      // Not locked: the operator can restore into another folder or start the matching build.
      await expect(createPgliteDatabase(dataDir)).rejects.toThrow(/PostgreSQL 18/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
