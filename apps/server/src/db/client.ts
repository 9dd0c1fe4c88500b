import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { type Config, IN_MEMORY } from '../config';
import * as schema from './schema';

export { schema };
export type Schema = typeof schema;

/**
 * The Drizzle database as repositories see it: the PostgreSQL surface that PGlite and
 * node-postgres share, so one repository works on both drivers.
 */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle (`db.transaction(async (tx) => …)`), usable wherever a `Db` is. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type Driver = 'pglite' | 'pg';
export type SqlRow = Record<string, unknown>;
export interface SqlResult {
  rows: SqlRow[];
}

export interface Database {
  db: Db;
  driver: Driver;
  /**
   * Raw SQL outside Drizzle (pg-boss, health checks, test setup). With `values` it is one
   * parameterised statement; without, `text` may hold several statements, which run atomically
   * and answer the rows of the last statement that returns rows.
   */
  executeSql(text: string, values?: unknown[]): Promise<SqlResult>;
  /**
   * Holds a named lock for as long as the caller works, or answers null when someone else holds
   * it. On PostgreSQL it is a session advisory lock on a connection of its own, so a process that
   * dies (even by SIGKILL) lets go the moment its connection drops; PGlite has one process, so
   * there it is an in-process set.
   */
  tryHoldLock(name: string): Promise<HeldLock | null>;
  /** Idempotent; waits for queries in flight. */
  close(): Promise<void>;
  /** Set for the PGlite driver. */
  pglite?: PGlite;
  /** Set for the pg driver. */
  pool?: pg.Pool;
}

export interface HeldLock {
  /** Lets the lock go; idempotent. */
  release(): Promise<void>;
}

export interface CreateDatabaseOptions {
  /** A PGlite data directory tarball to start from (the test harness' migrated template). */
  loadDataDir?: Blob;
  /** Where pool errors (a dropped idle connection…) are reported. */
  onError?: (error: Error) => void;
}

export async function createDatabase(
  config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>,
  options: CreateDatabaseOptions = {},
): Promise<Database> {
  return config.DATABASE_URL ? createPgDatabase(config.DATABASE_URL, options) : createPgliteDatabase(config.DATA_DIR, options);
}

function lastRows(results: { rows: SqlRow[]; fields?: unknown[] }[]): SqlRow[] {
  for (let i = results.length - 1; i >= 0; i--) {
    const result = results[i];
    if (result && (result.rows.length > 0 || (result.fields?.length ?? 0) > 0)) return result.rows;
  }
  return [];
}

/** Counts queries in flight so `close()` can let them finish instead of cutting them off. */
function tracker() {
  let inFlight = 0;
  let idle: (() => void) | undefined;
  return {
    async run<T>(fn: () => Promise<T>): Promise<T> {
      inFlight++;
      try {
        return await fn();
      } finally {
        inFlight--;
        if (inFlight === 0) idle?.();
      }
    },
    drained(): Promise<void> {
      if (inFlight === 0) return Promise.resolve();
      return new Promise((resolve) => {
        idle = resolve;
      });
    },
  };
}

class DatabaseClosedError extends Error {
  constructor() {
    super('The database connection is closed');
    this.name = 'DatabaseClosedError';
  }
}

export async function createPgliteDatabase(dataDir: string, options: CreateDatabaseOptions = {}): Promise<Database> {
  let dir: string | undefined;
  if (dataDir !== IN_MEMORY) {
    dir = path.join(dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
  }
  const client = await PGlite.create({ dataDir: dir, loadDataDir: options.loadDataDir, extensions: { btree_gin } });
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  const inflight = tracker();
  const held = new Set<string>();
  let closed = false;

  return {
    db,
    driver: 'pglite',
    pglite: client,
    async executeSql(text, values) {
      if (closed) throw new DatabaseClosedError();
      return inflight.run(async () => {
        if (values && values.length > 0) {
          const result = await client.query<SqlRow>(text, values);
          return { rows: result.rows };
        }
        // PGlite has one session, shared with Drizzle. Statements that carry their own
        // BEGIN…COMMIT (pg-boss) would leave that session in an aborted transaction when they
        // fail, so they run inside PGlite's transaction, which rolls back under its lock.
        const results = await client.transaction((tx) => tx.exec(text));
        return { rows: lastRows(results as { rows: SqlRow[]; fields: unknown[] }[]) };
      });
    },
    async tryHoldLock(name) {
      if (held.has(name)) return null;
      held.add(name);
      let released = false;
      return {
        async release() {
          if (released) return;
          released = true;
          held.delete(name);
        },
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      await inflight.drained();
      if (!client.closed) await client.close();
    },
  };
}

export async function createPgDatabase(url: string, options: CreateDatabaseOptions = {}): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10, application_name: 'fairway' });
  pool.on('error', (error) => options.onError?.(error));
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  const inflight = tracker();
  let closed = false;

  return {
    db,
    driver: 'pg',
    pool,
    async executeSql(text, values) {
      if (closed) throw new DatabaseClosedError();
      return inflight.run(async () => {
        if (values && values.length > 0) {
          const result = await pool.query(text, values);
          return { rows: result.rows as SqlRow[] };
        }
        // A failed multi-statement string with its own BEGIN leaves the connection in an aborted
        // transaction; roll back before the connection goes back to the pool.
        const conn = await pool.connect();
        try {
          const result = (await conn.query(text)) as unknown as pg.QueryResult | pg.QueryResult[];
          return { rows: Array.isArray(result) ? lastRows(result as { rows: SqlRow[] }[]) : (result.rows as SqlRow[]) };
        } catch (error) {
          await conn.query('ROLLBACK').catch(() => undefined);
          throw error;
        } finally {
          conn.release();
        }
      });
    },
    async tryHoldLock(name) {
      if (closed) throw new DatabaseClosedError();
      const conn = await pool.connect();
      try {
        const result = await conn.query<{ locked: boolean }>('SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked', [
          name,
        ]);
        if (!result.rows[0]?.locked) {
          conn.release();
          return null;
        }
      } catch (error) {
        conn.release(error as Error);
        throw error;
      }
      let released = false;
      return {
        async release() {
          if (released) return;
          released = true;
          try {
            await conn.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [name]);
            conn.release();
          } catch (error) {
            // A connection that cannot unlock is closed: that lets the lock go as well.
            conn.release(error as Error);
          }
        },
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      await inflight.drained();
      await pool.end();
    },
  };
}
