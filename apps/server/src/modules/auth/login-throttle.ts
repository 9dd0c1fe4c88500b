import type { Db, Tx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { bilingual, type Lang, t } from '../../lib/i18n';
import * as repo from './login-throttle.repository';

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
  const lockedUntil = await repo.lockedUntilOf(
    db,
    keys.map((k) => k.key),
  );
  let longest = 0;
  for (const until of lockedUntil) {
    if (until && until.getTime() > now.getTime()) {
      longest = Math.max(longest, (until.getTime() - now.getTime()) / 1000);
    }
  }
  return longest;
}

/**
 * Counts one failure against each key (one atomic upsert per key, so concurrent attempts on
 * several API processes cannot slip past the limit); reaching the limit locks the key for a window.
 * A window older than LOGIN_WINDOW_SECONDS starts afresh.
 */
export async function recordLoginFailure(db: Db, keys: readonly ThrottleKey[], now: Date = new Date()): Promise<void> {
  const staleBefore = new Date(now.getTime() - LOGIN_WINDOW_SECONDS * 1000);
  const lockUntil = new Date(now.getTime() + LOGIN_WINDOW_SECONDS * 1000);
  for (const key of keys) await repo.countFailure(db, key, { now, staleBefore, lockUntil });
}

/** A successful sign-in clears the count of its account and address, never the address' own. */
export async function clearLoginFailures(db: Db | Tx, key: ThrottleKey): Promise<void> {
  await repo.deleteAttempts(db, key.key);
}

/** A password reset proves the owner: every address' count against the account goes. */
export async function clearAccountFailures(db: Db | Tx, email: string): Promise<void> {
  await repo.deleteAttemptsWithPrefix(db, pairPrefix(email));
}
