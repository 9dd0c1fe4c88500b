import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { bilingual, type Lang, t } from '../../lib/i18n';

/** How many submissions one IP address may make of a form in a sliding window. */
export interface FormBudget {
  name: string;
  limit: number;
  windowSeconds: number;
}

/**
 * Budgets of the forms anyone can send. Each accepted submission mails a person, so a burst from
 * one address is a mistake or abuse; a club behind one office address still has room for a day's
 * honest use.
 */
export const FORM_BUDGETS = {
  contactForm: { name: 'contact_form', limit: 10, windowSeconds: 15 * 60 },
  notificationSignup: { name: 'notification_signup', limit: 10, windowSeconds: 15 * 60 },
  openTicket: { name: 'open_ticket', limit: 30, windowSeconds: 60 * 60 },
} as const satisfies Record<string, FormBudget>;

/** 429 with Retry-After and a localised text that says how long to wait. */
export class FormThrottledError extends AppError {
  readonly statusCode = 429;

  constructor(retryAfterSeconds: number) {
    const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
    super('support.tooManyForms', { minutes: Math.max(1, Math.ceil(seconds / 60)) });
    this.headers['retry-after'] = String(seconds);
  }

  override toBody(lang: Lang) {
    return { ...bilingual(this.messageKey, this.params), error: t(this.messageKey, lang, this.params) };
  }
}

/**
 * Takes one submission from `budget` for `ip`, or throws FormThrottledError. The budget lives in
 * PostgreSQL (ARCHITECTURE §2: several API processes share it) in the sliding-window event table
 * the accounting programs' rate limiter keeps; a transaction advisory lock on the key makes the
 * count-then-insert atomic, so concurrent submissions cannot slip past the limit.
 */
export async function takeFormBudget(db: Db, budget: FormBudget, ip: string): Promise<void> {
  const key = `form:${budget.name}:${ip}`;
  const interval = sql.raw(`interval '${Math.round(budget.windowSeconds)} seconds'`);
  const waitSeconds = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
    await tx.execute(sql`delete from provider_rate_events where key = ${key} and at <= clock_timestamp() - ${interval}`);
    const result = await tx.execute(
      sql`select count(*)::int as n,
                 greatest(0, extract(epoch from (min(at) + ${interval} - clock_timestamp())))::float8 as wait_s
          from provider_rate_events where key = ${key}`,
    );
    const row = (result as unknown as { rows: { n: number; wait_s: number | null }[] }).rows[0];
    if (!row || row.n < budget.limit) {
      await tx.execute(sql`insert into provider_rate_events (key, at) values (${key}, clock_timestamp())`);
      return 0;
    }
    return Math.max(1, Math.ceil(row.wait_s ?? 1));
  });
  if (waitSeconds > 0) throw new FormThrottledError(waitSeconds);
}

/** Route hook: runs after validation, so only well-formed submissions spend the budget. */
export function formBudget(app: FastifyInstance, budget: FormBudget) {
  return async (request: FastifyRequest) => {
    await takeFormBudget(app.db, budget, request.ip);
  };
}
