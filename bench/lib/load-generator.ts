import { type OpenLoopResult, runOpenLoop } from './open-loop';

/**
 * The load generator, run as a child process (see invoice-list.ts): the server under test (and
 * PGlite, which runs on the server's event loop) must not delay the clock that sends requests
 * and times answers. The parent sends one scenario at a time and gets its figures back.
 */
export interface LoadRequest {
  /** Request i goes to baseUrls[i % baseUrls.length]: one per API process. */
  baseUrls: string[];
  headers: Record<string, string>;
  /** Request i goes to paths[i % paths.length]. */
  paths: string[];
  rate: number;
  durationMs: number;
}

export type LoadAnswer = { ok: true; result: OpenLoopResult; statuses: Record<string, number> } | { ok: false; error: string };

export async function runLoad(request: LoadRequest): Promise<{ result: OpenLoopResult; statuses: Record<string, number> }> {
  const statuses: Record<string, number> = {};
  const result = await runOpenLoop({
    rate: request.rate,
    durationMs: request.durationMs,
    async send(i) {
      const path = request.paths[i % request.paths.length] as string;
      const baseUrl = request.baseUrls[i % request.baseUrls.length] as string;
      try {
        const response = await fetch(`${baseUrl}${path}`, { headers: request.headers });
        // The whole body is part of the answer's time.
        await response.arrayBuffer();
        statuses[response.status] = (statuses[response.status] ?? 0) + 1;
        return response.ok;
      } catch (error) {
        const key = (error as Error).name;
        statuses[key] = (statuses[key] ?? 0) + 1;
        return false;
      }
    },
  });
  return { result, statuses };
}

if (process.send) {
  process.on('message', (message: LoadRequest | 'exit') => {
    if (message === 'exit') process.exit(0);
    runLoad(message).then(
      ({ result, statuses }) => process.send?.({ ok: true, result, statuses } satisfies LoadAnswer),
      (error: unknown) => process.send?.({ ok: false, error: String(error) } satisfies LoadAnswer),
    );
  });
}
