// The embedded PostgreSQL (PGlite) in a worker thread of its own, served over a Unix socket with
// the PostgreSQL wire protocol (@electric-sql/pglite-socket). PGlite runs PostgreSQL compiled to
// WebAssembly on the thread that calls it; here that is this worker, so SQL runs on one core and
// HTTP, auth and JSON on the server's main thread on another. The server talks to it through
// node-postgres exactly as to a PostgreSQL server (client.ts, `createPgliteDatabase`).
//
// Plain JavaScript on purpose: a worker thread starts outside the TypeScript loaders of tsx and
// vitest, so it must run as Node runs it.
//
// workerData: { dataDir?: string, loadDataDir?: Uint8Array, socketPath: string, sharedBuffers: string }
// messages in:  { type: 'dump', id } | { type: 'memory', id } | { type: 'close' }
// messages out: { type: 'ready' } | { type: 'dump', id, bytes?: ArrayBuffer, error?: string }
//               | { type: 'memory', id, memory: { heapTotal, heapUsed, external, wasmMemory } (bytes) }
//               | { type: 'closed' } | { type: 'failed', error: string }
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

const port = parentPort;
if (!port) throw new Error('pglite-worker.mjs runs as a worker thread');

// sharedBuffers: PostgreSQL's shared buffer pool (config.ts, PGLITE_SHARED_BUFFERS). PGlite 0.4
// takes the setting from `postgresql.conf` (400 kB) unless told; PGlite 0.3 started with 128 MB.
const { dataDir, loadDataDir, socketPath, sharedBuffers } = workerData;

// The extended-protocol messages (Parse, Bind, Describe, Execute, Close, Flush). PostgreSQL sends
// ReadyForQuery only after a Sync or a simple Query; PGlite 0.4 also sends one right after the
// error it answers one of these with, and then again at the Sync the client sends next (0.3 did
// not). node-postgres takes the first as the end of the failed query and sends its next one, which
// the second then ends early ("Received unexpected parseComplete message from backend").
const EXTENDED = new Set([...'PBDECH'].map((c) => c.charCodeAt(0)));
const READY_FOR_QUERY = 'Z'.charCodeAt(0);

/** `db` as the socket server uses it, with ReadyForQuery left out of the answers to extended-protocol messages. */
function withReadyForQueryOnlyAtSync(pglite) {
  const execProtocolRawStream = async (message, options) => {
    if (!EXTENDED.has(message[0])) return pglite.execProtocolRawStream(message, options);
    const chunks = [];
    const result = await pglite.execProtocolRawStream(message, {
      ...options,
      onRawData: (data) => chunks.push(Buffer.from(data)),
    });
    const answer = Buffer.concat(chunks);
    const kept = [];
    for (let at = 0; at < answer.length; ) {
      const end = at + 5 <= answer.length ? at + 1 + answer.readUInt32BE(at + 1) : answer.length;
      if (answer[at] !== READY_FOR_QUERY) kept.push(answer.subarray(at, end));
      at = end;
    }
    if (kept.length > 0) options.onRawData(new Uint8Array(Buffer.concat(kept)));
    return result;
  };
  return new Proxy(pglite, {
    get(target, property) {
      if (property === 'execProtocolRawStream') return execProtocolRawStream;
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

let db;
let server;
try {
  db = await PGlite.create({
    dataDir,
    loadDataDir: loadDataDir ? new Blob([loadDataDir]) : undefined,
    // Every data folder keeps our tables in `template1`: PGlite 0.3 (which wrote the folders and
    // backups made before 2026-11-29) connected there, and PGlite 0.4 connects to `postgres`
    // unless told. One database for old and new folders alike (docs/operations.md#pglite).
    database: 'template1',
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`],
    extensions: { btree_gin },
  });
  // One client connection at a time: PGlite has one session, and several connections multiplexed
  // onto it would interleave one client's extended-protocol messages with another's. The pool
  // holds one (client.ts); the second place lets the connection it opens after dropping one in
  // while the dropped one's socket is still closing, where a limit of one refused it (EPIPE).
  server = new PGLiteSocketServer({
    db: withReadyForQueryOnlyAtSync(db),
    path: socketPath,
    maxConnections: 2,
    debug: !!process.env.PGLITE_SOCKET_DEBUG,
    inspect: !!process.env.PGLITE_SOCKET_DEBUG,
  });
  await server.start();
  port.postMessage({ type: 'ready' });
} catch (error) {
  port.postMessage({ type: 'failed', error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  await db?.close().catch(() => undefined);
  process.exit(1);
}

port.on('message', async (message) => {
  if (message.type === 'dump') {
    try {
      const file = await db.dumpDataDir('none');
      const bytes = await file.arrayBuffer();
      port.postMessage({ type: 'dump', id: message.id, bytes }, [bytes]);
    } catch (error) {
      port.postMessage({ type: 'dump', id: message.id, error: error instanceof Error ? error.message : String(error) });
    }
    return;
  }
  if (message.type === 'memory') {
    // This thread's V8 heap and PGlite's WebAssembly memory (its size, reserved; the resident
    // part is counted from /proc in lib/memory.ts).
    const { heapTotal, heapUsed, external } = process.memoryUsage();
    const memory = { heapTotal, heapUsed, external, wasmMemory: db.mod?.HEAP8?.byteLength ?? 0 };
    port.postMessage({ type: 'memory', id: message.id, memory });
    return;
  }
  if (message.type === 'close') {
    try {
      await server.stop();
    } finally {
      // Closing flushes an on-disk data directory; only then may the process go on.
      if (!db.closed) await db.close();
      port.postMessage({ type: 'closed' });
      port.close();
    }
  }
});
