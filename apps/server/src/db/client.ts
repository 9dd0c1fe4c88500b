import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { type Config, DEFAULT_PGLITE_SHARED_BUFFERS, IN_MEMORY } from '../config';
import { type DataDirLock, lockDataDir } from './data-dir-lock';
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

/** Bytes, as the PGlite worker measures them (db/pglite-worker.mjs). */
export interface WorkerMemory {
  heapTotal: number;
  heapUsed: number;
  external: number;
  /** The size of PGlite's WebAssembly memory (reserved; only the pages PostgreSQL touched are resident). */
  wasmMemory: number;
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
  /** PGlite's buffer pool (config.ts `PGLITE_SHARED_BUFFERS`); its default when not given. */
  sharedBuffers?: string;
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

class DatabaseClosedError extends Error {
  constructor() {
    super('The database connection is closed');
    this.name = 'DatabaseClosedError';
  }
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

type WorkerMessage =
  | { type: 'ready' }
  | { type: 'failed'; error: string }
  | { type: 'closed' }
  | { type: 'dump'; id: number; bytes?: ArrayBuffer; error?: string }
  | { type: 'memory'; id: number; memory: WorkerMemory };

/** The PostgreSQL major version of the PGlite in package.json (0.3.16 and 0.4.6 both run 17). */
const PGLITE_POSTGRES_MAJOR = '17';

/** Thrown when a PGlite data folder was written by another PostgreSQL major version. */
export class DataFolderVersionError extends Error {
  constructor(dir: string, found: string) {
    super(
      `${dir} was written by PostgreSQL ${found} and this build's PGlite runs PostgreSQL ${PGLITE_POSTGRES_MAJOR}, ` +
        'which cannot open it. Restore a backup made by the portal that wrote it into an empty data folder ' +
        '(npm run restore, docs/backup.md#restoring).',
    );
    this.name = 'DataFolderVersionError';
  }
}

/**
 * PostgreSQL opens only the data folders of its own major version, and PGlite answers another's
 * with a WebAssembly crash ("unreachable") rather than a reason; the folder says its version in
 * `PG_VERSION`.
 */
function checkPostgresVersion(dir: string): void {
  const file = path.join(dir, 'PG_VERSION');
  if (!existsSync(file)) return;
  const found = readFileSync(file, 'utf8').trim();
  if (found !== PGLITE_POSTGRES_MAJOR) throw new DataFolderVersionError(dir, found);
}

/**
 * The embedded PostgreSQL: PGlite in a worker thread (`pglite-worker.mjs`), reached through
 * node-postgres over a Unix socket. PGlite runs on the thread that calls it, so in the server's
 * own thread every millisecond of SQL was a millisecond HTTP could not work; in a worker the two
 * use both cores. PGlite has one session, so the pool holds one connection: a transaction keeps
 * the others waiting, as PGlite's own lock did.
 */
export async function createPgliteDatabase(dataDir: string, options: CreateDatabaseOptions = {}): Promise<Database> {
  let dir: string | undefined;
  let lock: DataDirLock | undefined;
  if (dataDir !== IN_MEMORY) {
    dir = path.join(dataDir, 'pglite');
    checkPostgresVersion(dir);
    mkdirSync(dir, { recursive: true });
    lock = lockDataDir(dataDir);
  }
  // node-postgres finds a server's socket as `<host>/.s.PGSQL.<port>`.
  const socketDir = mkdtempSync(path.join(tmpdir(), 'fairway-pglite-'));
  const socketPort = 5432;
  const loadDataDir = options.loadDataDir ? new Uint8Array(await options.loadDataDir.arrayBuffer()) : undefined;
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
    workerData: {
      dataDir: dir,
      loadDataDir,
      socketPath: path.join(socketDir, `.s.PGSQL.${socketPort}`),
      sharedBuffers: options.sharedBuffers ?? DEFAULT_PGLITE_SHARED_BUFFERS,
    },
    transferList: loadDataDir ? [loadDataDir.buffer as ArrayBuffer] : [],
  });

  // Questions to the worker (a dump, its memory), each answered by a message with its id.
  const pending = new Map<number, { resolve(message: WorkerMessage): void; reject(error: Error): void }>();
  let nextId = 1;
  let onClosed: (() => void) | undefined;
  let exited = false;
  const fail = (error: Error) => {
    for (const question of pending.values()) question.reject(error);
    pending.clear();
  };
  const ask = (type: 'dump' | 'memory'): Promise<WorkerMessage> => {
    if (exited) return Promise.reject(new DatabaseClosedError());
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.postMessage({ type, id });
    });
  };

  try {
    await new Promise<void>((resolve, reject) => {
      worker.on('message', (message: WorkerMessage) => {
        if (message.type === 'ready') resolve();
        else if (message.type === 'failed') reject(new Error(`PGlite did not start: ${message.error}`));
        else if (message.type === 'closed') onClosed?.();
        else {
          pending.get(message.id)?.resolve(message);
          pending.delete(message.id);
        }
      });
      worker.on('error', (error) => {
        reject(error);
        fail(error);
        options.onError?.(error);
      });
      worker.on('exit', (code) => {
        exited = true;
        onClosed?.();
        const error = new Error(`The PGlite worker stopped (exit code ${code})`);
        reject(error);
        fail(error);
      });
    });
  } catch (error) {
    await worker.terminate();
    rmSync(socketDir, { recursive: true, force: true });
    lock?.release();
    throw error;
  }

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
      const answer = await ask('dump');
      if (answer.type === 'dump' && answer.bytes) return new Blob([answer.bytes]);
      throw new Error((answer.type === 'dump' && answer.error) || 'dumpDataDir failed');
    },
    async workerMemory() {
      const answer = await ask('memory');
      if (answer.type !== 'memory') throw new Error(`the PGlite worker answered ${answer.type}`);
      return answer.memory;
    },
    async shutdown() {
      try {
        if (!exited) {
          // The worker closes PGlite (flushing an on-disk data directory) and then ends.
          const closed = new Promise<void>((resolve) => {
            onClosed = resolve;
          });
          worker.postMessage({ type: 'close' });
          await closed;
          await worker.terminate();
        }
      } finally {
        rmSync(socketDir, { recursive: true, force: true });
        lock?.release();
      }
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
