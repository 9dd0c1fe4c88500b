import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { ForbiddenError, TooManyRequestsError } from '../lib/errors';
import { takeWindowSlot } from '../providers/accounting/rate-limiter';
import { authOf } from './auth';

/**
 * Per-route request limits (`config: { rateLimit: { max, timeWindow } }`) whose budgets live in
 * PostgreSQL, not in process memory: several API processes behind a load balancer share one
 * budget per client and route, and a restart does not hand out a fresh one (docs/decisions/rate-budgets.md).
 * Each budget is a sliding window of `provider_rate_events`, the table the accounting programs'
 * limiter and the public forms use; a request over the limit is not recorded, so the window frees
 * up as the earlier requests leave it.
 */
export function postgresRateLimitStore(database: Database): FastifyRateLimitStoreCtor {
  class PostgresRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly prefix = 'route:',
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow?: number,
      max?: number,
    ) {
      const limit = max ?? 1000;
      takeWindowSlot(database.db, `${this.prefix}${key}`, limit, timeWindow ?? 60_000).then(
        (slot) => callback(null, { current: slot.taken ? slot.inUse : limit + 1, ttl: slot.waitMs }),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: object): FastifyRateLimitStore {
      // One budget per route. The plugin hands each route's merged limit options with the route
      // under `routeInfo` (its type declaration says otherwise; its Redis store reads the same).
      const { method = '', url = '' } =
        (routeOptions as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo ?? {};
      return new PostgresRateLimitStore(undefined, `route:${Array.isArray(method) ? method.join(',') : method} ${url}:`);
    }
  }
  return PostgresRateLimitStore;
}

/**
 * Whose budget a request spends. A signed-in call spends its user's budget in its organisation,
 * so neither another organisation nor colleagues behind the same office address (or a load
 * balancer without TRUST_PROXY, where every caller has its address) spend it. Only anonymous calls
 * are counted per address. The limit hook runs after a route's `onRequest` guards, so
 * `authenticate` has run on every route that has it.
 */
export function rateLimitKey(request: FastifyRequest): string {
  const auth = authOf(request);
  return auth ? `org:${auth.organisationId}:user:${auth.userId}` : `ip:${request.ip}`;
}

export async function registerRateLimit(app: FastifyInstance, database: Database): Promise<void> {
  await app.register(rateLimit, {
    // Routes opt in with `config: { rateLimit: { max, timeWindow } }`.
    global: false,
    store: postgresRateLimitStore(database),
    keyGenerator: rateLimitKey,
    errorResponseBuilder: (_request, context) =>
      context.ban ? new ForbiddenError() : new TooManyRequestsError(context.ttl / 1000),
  });
}
