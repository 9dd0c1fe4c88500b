import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** A TCP port nobody listens on now (the system picks it). */
export function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const server = createServer();
    server.once('error', rej);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => res(port));
    });
  });
}

export interface ProductProcessOptions {
  /** Names the temporary data folder (`<prefix>XXXXXX` under the system's temp folder). */
  dataDirPrefix: string;
  /** Added to (and overriding) the production defaults: NODE_ENV, PORT, HOST, DATA_DIR, PUBLIC_URL, LOG_LEVEL. */
  env?: Record<string, string>;
  /** How long the first start (migrations, the demo seed) may take; generous, for loaded machines. */
  healthyWithinMs?: number;
  /** Every chunk of the server's output, as it comes. */
  onOutput?: (chunk: Buffer) => void;
}

export interface ProductProcess {
  url: string;
  dataDir: string;
  child: ChildProcess;
  /** What the server printed so far. */
  output(): string;
  /** Settles when `GET /api/health` answers 200; fails when the server exits first or takes too long. */
  healthy: Promise<void>;
  /** Stops the server's whole process group, waits (up to 20 s) until it let go of its data folder, removes it. */
  stop(): Promise<void>;
}

/**
 * The product as a separate process, started the way the README's `npm start` runs the server
 * (`npm run start -w @fairway/server`: production, the built web app) on a fresh data folder of
 * its own, for the browser tests and the benchmarks.
 */
export async function startProductProcess(options: ProductProcessOptions): Promise<ProductProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), options.dataDirPrefix));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn('npm', ['run', 'start', '-w', '@fairway/server'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so the whole tree (npm, sh, node) stops together.
    detached: true,
  });
  const collect = (chunk: Buffer) => {
    output += chunk;
    options.onOutput?.(chunk);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  const healthy = (async () => {
    const deadline = Date.now() + (options.healthyWithinMs ?? 300_000);
    for (;;) {
      if (child.exitCode !== null) throw new Error(`The product exited with ${child.exitCode}:\n${output}`);
      if (Date.now() > deadline) throw new Error(`The product did not become healthy in time:\n${output}`);
      const ok = await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return;
      await new Promise((r) => setTimeout(r, 300));
    }
  })();
  // Whoever awaits it sees the failure; an unawaited one must not end the process.
  healthy.catch(() => undefined);

  const stop = async () => {
    if (child.pid) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
    // The data folder goes only once the server has let go of it (its jobs may still write).
    if (child.exitCode === null && child.signalCode === null) {
      await new Promise<void>((done) => {
        const timer = setTimeout(done, 20_000);
        child.once('exit', () => {
          clearTimeout(timer);
          done();
        });
      });
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { url, dataDir, child, output: () => output, healthy, stop };
}
