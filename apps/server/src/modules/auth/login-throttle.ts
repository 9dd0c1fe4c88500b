import { eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { bilingual, type Lang, t } from '../../lib/i18n';
import { loginAttempts } from './auth.tables';

/** Failures allowed per window before sign-in is refused for the rest of a window. */
export const LOGIN_WINDOW_SECONDS = 15 * 60;
/** Per account and address: guessing one account's password from one place. */
export const PAIR_FAILURE_LIMIT = 5;
/** Per address, across accounts: one place spraying guesses over many accounts. */
export const IP_FAILURE_LIMIT = 20;

export interface ThrottleKey {
  key: string;
  limit: number;
}

/** The prefix of every pair key of one account (an e-mail has no space; see `throttleKeys`). */
const pairPrefix = (email: string) => `pair:${email.trim().toLowerCase()} `;

/**
 * The counters a sign-in attempt is checked against. There is no counter per account alone: it
 * would let anyone lock any account by failing five times, the owner included wherever they are.
 * Failures count per (account, address) pair and per address, so an attacker's address is
 * refused while the owner signs in from their own.
 */
export function throttleKeys(email: string, ip: string): { pair: ThrottleKey; ip: ThrottleKey } {
  return {
    pair: { key: `${pairPrefix(email)}${ip}`, limit: PAIR_FAILURE_LIMIT },
    ip: { key: `ip:${ip}`, limit: IP_FAILURE_LIMIT },
  };
}

/**
 * 429 for sign-in. The text is the same whether the account, the address or both are locked and
 * whether the e-mail exists, so it reveals nothing about accounts.
 */
export class LoginThrottledError extends AppError {
  readonly statusCode = 429;

  constructor(retryAfterSeconds: number) {
    const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
    super('auth.tooManyAttempts', { minutes: Math.max(1, Math.ceil(seconds / 60)) });
    this.headers['retry-after'] = String(seconds);
  }

  override toBody(lang: Lang) {
    return { ...bilingual(this.messageKey, this.params), error: t(this.messageKey, lang, this.params) };
  }
}

/** Seconds until every given key is unlocked (0 when none is locked). */
export async function lockedForSeconds(db: Db, keys: readonly ThrottleKey[], now: Date = new Date()): Promise<number> {
  const rows = await db
    .select({ lockedUntil: loginAttempts.lockedUntil })
    .from(loginAttempts)
    .where(
      inArray(
        loginAttempts.key,
        keys.map((k) => k.key),
      ),
    );
  let longest = 0;
  for (const row of rows) {
    if (row.lockedUntil && row.lockedUntil.getTime() > now.getTime()) {
      longest = Math.max(longest, (row.lockedUntil.getTime() - now.getTime()) / 1000);
    }
  }
  return longest;
}

/**
 * Counts one failure against each key in one atomic upsert per key, so concurrent attempts on
 * several API processes cannot slip past the limit; reaching the limit locks the key for a window.
 * A window older than LOGIN_WINDOW_SECONDS starts afresh.
 */
export async function recordLoginFailure(db: Db, keys: readonly ThrottleKey[], now: Date = new Date()): Promise<void> {
  const nowIso = now.toISOString();
  const staleBefore = new Date(now.getTime() - LOGIN_WINDOW_SECONDS * 1000).toISOString();
  const lockUntil = new Date(now.getTime() + LOGIN_WINDOW_SECONDS * 1000).toISOString();
  for (const { key, limit } of keys) {
    const fresh = sql`login_attempts.window_started_at <= ${staleBefore}::timestamptz`;
    const failures = sql`(CASE WHEN ${fresh} THEN 1 ELSE login_attempts.failures + 1 END)`;
    await db.execute(sql`
      INSERT INTO login_attempts (key, failures, window_started_at, locked_until)
      VALUES (${key}, 1, ${nowIso}::timestamptz,
              CASE WHEN 1 >= ${limit}::int THEN ${lockUntil}::timestamptz ELSE NULL END)
      ON CONFLICT (key) DO UPDATE SET
        failures = ${failures},
        window_started_at = CASE WHEN ${fresh} THEN ${nowIso}::timestamptz ELSE login_attempts.window_started_at END,
        locked_until = CASE WHEN ${failures} >= ${limit}::int THEN ${lockUntil}::timestamptz
                            ELSE login_attempts.locked_until END`);
  }
}

/** A successful sign-in clears the count of its account and address, never the address' own. */
export async function clearLoginFailures(db: Db | Tx, key: ThrottleKey): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.key, key.key));
}

/** A password reset proves the owner: every address' count against the account goes. */
export async function clearAccountFailures(db: Db | Tx, email: string): Promise<void> {
  const prefix = pairPrefix(email);
  await db.delete(loginAttempts).where(sql`left(${loginAttempts.key}, ${prefix.length}) = ${prefix}`);
}
