/**
 * The retry policy of the clients of external systems (GIT in providers/git/git.client.ts, 46elks
 * in providers/46elks/client.ts): each attempt has its own timeout, and a transient failure (429,
 * 5xx, timeout, dropped connection) is tried again after an exponential backoff with jitter, or
 * after the server's `Retry-After`. Which failures a client may repeat is its own decision: a
 * request that may already have been carried out is only repeated when that cannot do it twice.
 */

/** `Retry-After` in seconds or as an HTTP date, as milliseconds from now. */
export function parseRetryAfter(header: string | null): number | undefined {
  if (header === null) return undefined;
  const seconds = Number(header);
  if (header.trim() !== '' && Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isFinite(at) ? Math.max(0, at - Date.now()) : undefined;
}

/**
 * The wait before retry number `attempt` (0 for the first): `baseMs` doubling per attempt, at most
 * 10 s, plus up to 250 ms (at most `baseMs`) of jitter so clients that failed together do not
 * return together.
 */
export function backoffMs(attempt: number, baseMs: number): number {
  return Math.min(10_000, baseMs * 2 ** attempt) + Math.floor(Math.random() * Math.max(1, Math.min(250, baseMs)));
}

/** Jitter added after a server's `Retry-After`, for the same reason. */
export function retryAfterJitterMs(baseMs: number): number {
  return Math.floor(Math.random() * Math.max(1, Math.min(100, baseMs)));
}
