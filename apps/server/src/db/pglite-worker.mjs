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
import { PGlite, protocol } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

const port = parentPort;
if (!port) throw new Error('pglite-worker.mjs runs as a worker thread');

// sharedBuffers: PostgreSQL's shared buffer pool (config.ts, PGLITE_SHARED_BUFFERS). PGlite 0.4
// takes the setting from `postgresql.conf` (400 kB) unless told; PGlite 0.3 started with 128 MB.
const { dataDir, loadDataDir, socketPath, sharedBuffers } = workerData;

// The extended-protocol messages that answer nothing the client waits for (Parse, Bind, Describe,
// Execute, Close): node-postgres sends a query as these and a Sync, and reads the answers after the
// Sync. The socket server hands PGlite one message at a time, each a call into PostgreSQL (its
// WebAssembly) of its own; held back and handed over with the Sync (or a Flush) that ends them,
// a query is one call instead of four or five.
const HELD = new Set([...'PBDEC'].map((c) => c.charCodeAt(0)));
const SYNC = 'S'.charCodeAt(0);
const FLUSH = 'H'.charCodeAt(0);
const TERMINATE = 'X'.charCodeAt(0);
const READY_FOR_QUERY = 'Z'.charCodeAt(0);

/**
 * PGlite 0.4 parses every message of every answer into objects (its `protocol.Parser`), for its
 * own `query()` and to find errors, notices and notifications; the socket server hands on the
 * answer's bytes and node-postgres parses them again in the main thread. For what a list request
 * runs, that first parse was ~1 ms of this thread's ~4–5 ms (bench/README.md): this thread is what
 * PGlite's request rate saturates first. So while PGlite runs a call for the socket (`exec`
 * below) its parser does nothing. Nothing here needs it: errors and notices reach the client in
 * the bytes, and no PGlite-side LISTEN is used. PGlite's own calls (its start, `dumpDataDir`)
 * parse as before. The flag is set only around PGlite's synchronous part of the call, which runs
 * PostgreSQL and writes the whole answer before its first `await`: a PGlite that wrote later
 * would parse again, never skip something else's parse. PGlite 0.5 no longer parses raw calls.
 */
let skipParse = false;
const parse = protocol.Parser.prototype.parse;
protocol.Parser.prototype.parse = function parseUnlessSkipped(buffer, callback) {
  if (!skipParse) parse.call(this, buffer, callback);
};

/**
 * `db` as the socket server uses it: a query's extended-protocol messages run together, and its
 * answer carries one ReadyForQuery, at the end, and none after a Flush. PostgreSQL sends
 * ReadyForQuery only after a Sync or a simple Query; PGlite 0.4 also sends one at the end of every
 * call, and right after an error (0.3 did not). node-postgres takes the early one as the end of a
 * failed query and sends its next one, which the second then ends early ("Received unexpected
 * parseComplete message from backend").
 *
 * Every call goes through `execProtocol`, never PGlite's raw calls (`exec`, below).
 */
function oneCallPerQuery(pglite) {
  let held = [];
  /**
   * Runs one call and hands its answer on whole, not parsed by PGlite (skipParse). Through
   * `execProtocol`: in its raw calls (`execProtocolRaw`, `execProtocolRawStream`) PGlite 0.4 keeps
   * whatever it parsed in a list that only `execProtocol` empties (~8 kB for a page of 25 rows, for
   * as long as the process ran; db/client.test.ts), should it ever parse there again. It returns
   * the answer's bytes as the raw calls do; errors stay in the answer, for the client.
   */
  const exec = async (message, options) => {
    let answered;
    skipParse = true;
    try {
      answered = pglite.execProtocol(message, { syncToFs: options.syncToFs, throwOnError: false });
    } finally {
      skipParse = false;
    }
    const { data } = await answered;
    return Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  };
  /** Runs `messages` in one call; the answer's ReadyForQuery kept only at its end, and only when `ready`. */
  const run = async (messages, options, ready) => {
    const answer = await exec(new Uint8Array(Buffer.concat(messages)), options);
    const kept = [];
    let last;
    for (let at = 0; at < answer.length; ) {
      const end = at + 5 <= answer.length ? at + 1 + answer.readUInt32BE(at + 1) : answer.length;
      if (answer[at] === READY_FOR_QUERY) last = answer.subarray(at, end);
      else kept.push(answer.subarray(at, end));
      at = end;
    }
    if (ready && last) kept.push(last);
    if (kept.length > 0) options.onRawData(new Uint8Array(Buffer.concat(kept)));
  };
  const execProtocolRawStream = async (message, options) => {
    const type = message[0];
    if (HELD.has(type)) {
      held.push(message);
      return;
    }
    const messages = held;
    held = [];
    if (type === SYNC || type === FLUSH) return run([...messages, message], options, type === SYNC);
    // A new connection's first message (no type byte) or a Terminate: what a connection left
    // unsynced is not run for the next. Any other message (a simple Query) runs after it.
    if (messages.length > 0 && type !== 0 && type !== TERMINATE) await run(messages, options, false);
    const answer = await exec(message, options);
    if (answer.length > 0) options.onRawData(new Uint8Array(answer));
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
    db: oneCallPerQuery(db),
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
