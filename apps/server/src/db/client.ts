import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Config } from '../config';
import {
  DatabaseClosedError,
  type PgliteThread,
  type PgliteThreadOptions,
  startPgliteThread,
  type WorkerMemory,
} from './pglite-thread';
import { APP_ROLE, ORGANISATION_SETTING } from './row-level-security';
import * as schema from './schema';
import { currentDatabaseContext } from './tenant-context';

export { schema };
export type Schema = typeof schema;

/**
 * The Drizzle database as repositories see it: the PostgreSQL surface that PGlite and a
 * PostgreSQL server share, so one repository works on both.
 */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle (`db.transaction(async (tx) => …)`), usable wherever a `Db` is. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Which PostgreSQL answers: the embedded PGlite, or a server reached through `DATABASE_URL`. */
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
   * dies (even by SIGKILL) lets go the moment its connection drops; PGlite belongs to one
   * process, so there it is an in-process set.
   */
  tryHoldLock(name: string): Promise<HeldLock | null>;
  /**
   * From now on every connection works as the application role, held to row-level security
   * (db/row-level-security.ts), except inside `asSchemaOwner`. Called once migrations have made
   * the role.
   */
  useAppRole(): void;
  /** Idempotent; waits for queries in flight. */
  close(): Promise<void>;
  /** The node-postgres pool every query goes through (PGlite is reached through one as well). */
  pool: TenantPool;
  /** PGlite only: the whole data directory as a tarball (the test harness' migrated template). */
  dumpDataDir?(): Promise<Blob>;
  /** PGlite only: its worker thread's heap and WebAssembly memory (lib/memory.ts). */
  workerMemory?(): Promise<WorkerMemory>;
}

export interface HeldLock {
  /** Lets the lock go; idempotent. */
  release(): Promise<void>;
}

export interface CreateDatabaseOptions extends PgliteThreadOptions {
  /** PGlite only: its thread, started earlier (main.ts starts it before loading the rest). */
  thread?: Promise<PgliteThread>;
}

export async function createDatabase(
  config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR' | 'PGLITE_SHARED_BUFFERS'>,
  options: CreateDatabaseOptions = {},
): Promise<Database> {
  return config.DATABASE_URL
    ? createPgDatabase(config.DATABASE_URL, options)
    : createPgliteDatabase(config.DATA_DIR, { sharedBuffers: config.PGLITE_SHARED_BUFFERS, ...options });
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

interface PoolDatabaseParts {
  driver: Driver;
  pool: TenantPool;
  tryHoldLock(name: string): Promise<HeldLock | null>;
  /** After the pool has ended. */
  shutdown(): Promise<void>;
  dumpDataDir?(): Promise<Blob>;
  workerMemory?(): Promise<WorkerMemory>;
}

/** The parts both engines share: Drizzle over the pool, raw SQL, and an orderly close. */
function poolDatabase(parts: PoolDatabaseParts): Database {
  const { pool } = parts;
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  const inflight = tracker();
  let closed = false;
  return {
    db,
    driver: parts.driver,
    pool,
    dumpDataDir: parts.dumpDataDir,
    workerMemory: parts.workerMemory,
    async executeSql(text, values) {
      if (closed) throw new DatabaseClosedError();
      return inflight.run(async () => {
        if (values && values.length > 0) {
          const result = await pool.query(text, values);
          return { rows: result.rows as SqlRow[] };
        }
        // A failed multi-statement string with its own BEGIN (pg-boss) leaves the connection in
        // an aborted transaction; roll back before the connection goes back to the pool.
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
      return parts.tryHoldLock(name);
    },
    useAppRole() {
      pool.appRole = APP_ROLE;
    },
    async close() {
      if (closed) return;
      closed = true;
      await inflight.drained();
      try {
        await pool.end();
      } finally {
        await parts.shutdown();
      }
    },
  };
}

/** What a pooled connection was last told: its role ('none' = the connecting user) and organisation. */
interface SessionState {
  role: string;
  organisation: string;
}

const FRESH_SESSION: SessionState = { role: 'none', organisation: '' };

/**
 * A pool whose connections carry the organisation of the code that checks them out (the context
 * of db/tenant-context.ts) and, once `appRole` is set, the application role. Both are session
 * settings, told at checkout and only when they differ from what the connection last had: the
 * common case (same organisation as the connection's last user) costs nothing, a change costs one
 * statement. Every path goes through `connect`: `pool.query`, Drizzle's queries and transactions,
 * pg-boss, the migrator and the advisory locks. Checkout happens outside any transaction, so the
 * settings are never rolled back with one.
 */
export class TenantPool extends pg.Pool {
  /** The role connections switch to; null until migrations have made it (`Database.useAppRole`). */
  appRole: string | null = null;
  private readonly sessions = new WeakMap<pg.PoolClient, SessionState>();

  override connect(): Promise<pg.PoolClient>;
  override connect(
    callback: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
  ): void;
  override connect(
    callback?: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
  ): Promise<pg.PoolClient> | undefined {
    const context = currentDatabaseContext();
    const wanted: SessionState = {
      role: context.owner || !this.appRole ? 'none' : this.appRole,
      organisation: context.organisationId ?? '',
    };
    const checkedOut = super.connect().then((client) => this.tell(client, wanted));
    if (!callback) return checkedOut;
    checkedOut.then(
      (client) => callback(undefined, client, (release) => client.release(release as Error | undefined)),
      (error: Error) => callback(error, undefined, () => undefined),
    );
    return undefined;
  }

  /** Runs once on each new connection, before its first checkout. */
  protected async startSession(_client: pg.PoolClient): Promise<void> {}

  private async tell(client: pg.PoolClient, wanted: SessionState): Promise<pg.PoolClient> {
    const known = this.sessions.get(client);
    const had = known ?? FRESH_SESSION;
    if (known && had.role === wanted.role && had.organisation === wanted.organisation) return client;
    try {
      if (!known) await this.startSession(client);
      if (had.role !== wanted.role || had.organisation !== wanted.organisation) {
        await client.query(`select set_config('role', $1, false), set_config('${ORGANISATION_SETTING}', $2, false)`, [
          wanted.role,
          wanted.organisation,
        ]);
      }
    } catch (error) {
      // The connection's settings are unknown now: it must not serve anyone else.
      this.sessions.delete(client);
      client.release(error as Error);
      throw error;
    }
    this.sessions.set(client, wanted);
    return client;
  }
}

/**
 * node-postgres' pool drops a connection after any failed query, even when PostgreSQL itself
 * answered the error and the connection is fine. Against PGlite that costs a reconnect to the one
 * session for every refused insert, and the worker takes one connection at a time. This pool
 * keeps the connection when the server answered (a DatabaseError) and drops it otherwise.
 */
class OneSessionPool extends TenantPool {
  /**
   * PGlite has one session, and it outlives a connection the pool dropped: a new connection would
   * find it as the old one left it (a transaction still open, its prepared statements such as
   * auth's `session_access`, whose second PREPARE then fails). Each connection starts it over,
   * as a new connection to a PostgreSQL server starts a new session. `DISCARD ALL` resets every
   * setting too; PGlite's own default for client messages is a DEBUG level, which would send a
   * notice with every statement down the socket, so the session gets PostgreSQL's default back.
   */
  protected override async startSession(client: pg.PoolClient): Promise<void> {
    // Three statements: several in one string would be one implicit transaction, where DISCARD cannot run.
    for (const statement of ['ROLLBACK', 'DISCARD ALL', 'SET client_min_messages = notice']) await client.query(statement);
  }

  // biome-ignore lint/suspicious/noExplicitAny: pg.Pool's query has many overloads; this serves the promise forms Drizzle, pg-boss and executeSql use.
  override query(...args: any[]): any {
    if (args.some((arg) => typeof arg === 'function')) throw new Error('OneSessionPool.query takes no callback');
    return (async () => {
      const client = await this.connect();
      try {
        const result = await (client.query as (...a: unknown[]) => Promise<unknown>)(...args);
        client.release();
        return result;
      } catch (error) {
        client.release(error instanceof pg.DatabaseError ? undefined : (error as Error));
        throw error;
      }
    })();
  }
}

/**
 * The embedded PostgreSQL: PGlite in a worker thread (`pglite-worker.mjs`), reached through
 * node-postgres over a Unix socket. PGlite runs on the thread that calls it, so in the server's
 * own thread every millisecond of SQL was a millisecond HTTP could not work; in a worker the two
 * use both cores. PGlite has one session, so the pool holds one connection: a transaction keeps
 * the others waiting, as PGlite's own lock did.
 */
export async function createPgliteDatabase(dataDir: string, options: CreateDatabaseOptions = {}): Promise<Database> {
  const thread = await (options.thread ?? startPgliteThread(dataDir, options));
  const { socketDir, socketPort } = thread;
  const pool = new OneSessionPool({
    host: socketDir,
    port: socketPort,
    user: 'postgres',
    database: 'postgres',
    max: 1,
    // The one connection stays open: reconnecting costs a startup exchange for nothing.
    idleTimeoutMillis: 0,
    application_name: 'fairway',
  });
  pool.on('error', (error) => options.onError?.(error));
  const held = new Set<string>();

  return poolDatabase({
    driver: 'pglite',
    pool,
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
    async dumpDataDir() {
      const answer = await thread.ask('dump');
      if (answer.type === 'dump' && answer.bytes) return new Blob([answer.bytes]);
      throw new Error((answer.type === 'dump' && answer.error) || 'dumpDataDir failed');
    },
    async workerMemory() {
      const answer = await thread.ask('memory');
      if (answer.type !== 'memory') throw new Error(`the PGlite worker answered ${answer.type}`);
      return answer.memory;
    },
    async shutdown() {
      await thread.close();
    },
  });
}

export async function createPgDatabase(url: string, options: CreateDatabaseOptions = {}): Promise<Database> {
  const pool = new TenantPool({ connectionString: url, max: 10, application_name: 'fairway' });
  pool.on('error', (error) => options.onError?.(error));
  return poolDatabase({
    driver: 'pg',
    pool,
    async tryHoldLock(name) {
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
    async shutdown() {},
  });
}
