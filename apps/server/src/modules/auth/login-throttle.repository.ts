import { eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { loginAttempts } from './auth.tables';

/** The counters of failed sign-ins, one row per key (login-throttle.ts says what the keys are). */

type Conn = Db | Tx;

export async function lockedUntilOf(conn: Conn, keys: readonly string[]): Promise<(Date | null)[]> {
  const rows = await conn
    .select({ lockedUntil: loginAttempts.lockedUntil })
    .from(loginAttempts)
    .where(inArray(loginAttempts.key, [...keys]));
  return rows.map((r) => r.lockedUntil);
}

/**
 * Counts one failure against the key in one atomic upsert, so concurrent attempts on several API
 * processes cannot slip past the limit; reaching `limit` locks the key until `lockUntil`. A window
 * that started at or before `staleBefore` starts afresh at `now`.
 */
export async function countFailure(
  conn: Conn,
  key: { key: string; limit: number },
  times: { now: Date; staleBefore: Date; lockUntil: Date },
): Promise<void> {
  const { limit } = key;
  const nowIso = times.now.toISOString();
  const staleBefore = times.staleBefore.toISOString();
  const lockUntil = times.lockUntil.toISOString();
  const fresh = sql`login_attempts.window_started_at <= ${staleBefore}::timestamptz`;
  const failures = sql`(CASE WHEN ${fresh} THEN 1 ELSE login_attempts.failures + 1 END)`;
  await conn.execute(sql`
    INSERT INTO login_attempts (key, failures, window_started_at, locked_until)
    VALUES (${key.key}, 1, ${nowIso}::timestamptz,
            CASE WHEN 1 >= ${limit}::int THEN ${lockUntil}::timestamptz ELSE NULL END)
    ON CONFLICT (key) DO UPDATE SET
      failures = ${failures},
      window_started_at = CASE WHEN ${fresh} THEN ${nowIso}::timestamptz ELSE login_attempts.window_started_at END,
      locked_until = CASE WHEN ${failures} >= ${limit}::int THEN ${lockUntil}::timestamptz
                          ELSE login_attempts.locked_until END`);
}

export async function deleteAttempts(conn: Conn, key: string): Promise<void> {
  await conn.delete(loginAttempts).where(eq(loginAttempts.key, key));
}

export async function deleteAttemptsWithPrefix(conn: Conn, prefix: string): Promise<void> {
  await conn.delete(loginAttempts).where(sql`left(${loginAttempts.key}, ${prefix.length}) = ${prefix}`);
}
