import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { DEFAULT_PGLITE_SHARED_BUFFERS, IN_MEMORY } from '../config';
import { type DataDirLock, lockDataDir } from './data-dir-lock';

/** Bytes, as the PGlite worker measures them (db/pglite-worker.mjs). */
export interface WorkerMemory {
  heapTotal: number;
  heapUsed: number;
  external: number;
  /** The size of PGlite's WebAssembly memory (reserved; only the pages PostgreSQL touched are resident). */
  wasmMemory: number;
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
 * The thread's JavaScript only passes bytes between its socket and PostgreSQL: V8's default young
 * generation (up to 48 MiB, grown at start and never given back) held some 30 MiB the thread never
 * used again. bench/README.md#start has the figures.
 */
const PGLITE_THREAD_YOUNG_GENERATION_MB = 8;

export class DatabaseClosedError extends Error {
  constructor() {
    super('The database connection is closed');
    this.name = 'DatabaseClosedError';
  }
}

export interface PgliteThreadOptions {
  /** A PGlite data directory tarball to start from (the test harness' migrated template). */
  loadDataDir?: Blob;
  /** Where errors are reported: the thread's, and the pool's (a dropped idle connection…). */
  onError?: (error: Error) => void;
  /** PGlite's buffer pool (config.ts `PGLITE_SHARED_BUFFERS`); its default when not given. */
  sharedBuffers?: string;
}

/** PGlite running in its worker thread, listening on a Unix socket; db/client.ts connects to it. */
export interface PgliteThread {
  /** node-postgres finds the socket as `<socketDir>/.s.PGSQL.<socketPort>`. */
  socketDir: string;
  socketPort: number;
  /** A question to the worker (a dump of the data directory, its memory). */
  ask(type: 'dump' | 'memory'): Promise<WorkerMessage>;
  /** Closes PGlite (flushing an on-disk data directory), ends the thread and lets go of the folder. */
  close(): Promise<void>;
}

/**
 * Starts PGlite in a worker thread (`pglite-worker.mjs`) and answers once it listens. It needs
 * neither Drizzle nor the schema, so main.ts starts it before loading them: PGlite's start is
 * most of a restart's wait (docs/operations.md#start).
 */
export async function startPgliteThread(dataDir: string, options: PgliteThreadOptions = {}): Promise<PgliteThread> {
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
    resourceLimits: { maxYoungGenerationSizeMb: PGLITE_THREAD_YOUNG_GENERATION_MB },
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

  return {
    socketDir,
    socketPort,
    ask,
    async close() {
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
  };
}
