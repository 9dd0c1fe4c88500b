import { readFileSync } from 'node:fs';
import type { Database } from '../db/client';

const MIB = 1024 * 1024;
const mib = (bytes: number) => Math.round((bytes / MIB) * 10) / 10;

/** MiB figures of where the server process's memory is (docs/operations.md#memory). */
export interface MemoryBreakdown {
  /** The process's resident set: every thread, PGlite's worker and its WebAssembly memory included. */
  rss: number;
  /** The main thread's V8 heap (reserved, used) and the memory of its Buffers and ArrayBuffers. */
  main: { heapTotal: number; heapUsed: number; external: number; arrayBuffers: number };
  /**
   * PGlite's worker thread (null on PostgreSQL): its V8 heap, its external memory (PGlite's
   * compiled module and file bundle), the size of the WebAssembly memory and how much of it is
   * resident (null where /proc/self/smaps cannot be read).
   */
  pglite: { heapTotal: number; heapUsed: number; external: number; wasmMemory: number; wasmResident: number | null } | null;
  /** The accounting-program simulators running in this process (started on first use). */
  simulators: string[];
}

/**
 * The resident part of the mapping of exactly `bytes` bytes that can be read and written: V8 maps
 * a WebAssembly memory between guard regions, so its accessible part is a mapping of its own size.
 */
function residentOfMapping(bytes: number): number | null {
  let smaps: string;
  try {
    smaps = readFileSync('/proc/self/smaps', 'utf8');
  } catch {
    return null;
  }
  let resident: number | null = null;
  for (const block of smaps.split(/\n(?=[0-9a-f]+-[0-9a-f]+ )/)) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) rw/.exec(block);
    if (!head?.[1] || !head[2] || Number.parseInt(head[2], 16) - Number.parseInt(head[1], 16) !== bytes) continue;
    resident = (resident ?? 0) + Number(/\nRss:\s+(\d+) kB/.exec(block)?.[1] ?? 0) * 1024;
  }
  return resident;
}

export async function memoryBreakdown(database: Database, simulators: string[]): Promise<MemoryBreakdown> {
  const usage = process.memoryUsage();
  const worker = await database.workerMemory?.();
  const wasmResident = worker ? residentOfMapping(worker.wasmMemory) : null;
  return {
    rss: mib(usage.rss),
    main: {
      heapTotal: mib(usage.heapTotal),
      heapUsed: mib(usage.heapUsed),
      external: mib(usage.external),
      arrayBuffers: mib(usage.arrayBuffers),
    },
    pglite: worker
      ? {
          heapTotal: mib(worker.heapTotal),
          heapUsed: mib(worker.heapUsed),
          external: mib(worker.external),
          wasmMemory: mib(worker.wasmMemory),
          wasmResident: wasmResident === null ? null : mib(wasmResident),
        }
      : null,
    simulators,
  };
}
