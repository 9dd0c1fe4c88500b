/**
 * Creates keyed by a form's `requestId`: a second call with the key of a create still under way
 * (a double click, a retry while the first waits for the program) joins the first instead of
 * asking the program again. Within one process; across processes the provider's look-up by our
 * reference (and, for Visma Administration, the connector queue's idempotency key) covers it.
 */
const running = new Map<string, Promise<unknown>>();

export function joinInFlight<T>(key: string | null, work: () => Promise<T>): Promise<T> {
  if (key === null) return work();
  const under = running.get(key) as Promise<T> | undefined;
  if (under) return under;
  const started = work().finally(() => running.delete(key));
  running.set(key, started);
  return started;
}
