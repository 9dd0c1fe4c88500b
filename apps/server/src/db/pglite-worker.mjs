// The embedded PostgreSQL (PGlite) in a worker thread of its own, served over a Unix socket with
// the PostgreSQL wire protocol (@electric-sql/pglite-socket). PGlite runs PostgreSQL compiled to
// WebAssembly on the thread that calls it; here that is this worker, so SQL runs on one core and
// HTTP, auth and JSON on the server's main thread on another. The server talks to it through
// node-postgres exactly as to a PostgreSQL server (client.ts, `createPgliteDatabase`).
//
// Plain JavaScript on purpose: a worker thread starts outside the TypeScript loaders of tsx and
// vitest, so it must run as Node runs it.
//
// workerData: { dataDir?: string, loadDataDir?: Uint8Array, socketPath: string }
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

const { dataDir, loadDataDir, socketPath } = workerData;

let db;
let server;
try {
  db = await PGlite.create({
    dataDir,
    loadDataDir: loadDataDir ? new Blob([loadDataDir]) : undefined,
    extensions: { btree_gin },
  });
  // PGlite's session starts at a DEBUG level, which would send a notice with every statement
  // down the socket; the server only wants what a PostgreSQL session gives by default.
  await db.exec('SET client_min_messages = notice');
  // One client connection: PGlite has one session, and several connections multiplexed onto it
  // would interleave one client's extended-protocol messages with another's.
  server = new PGLiteSocketServer({
    db,
    path: socketPath,
    maxConnections: 1,
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
