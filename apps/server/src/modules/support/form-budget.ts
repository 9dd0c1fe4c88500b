import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { bilingual, type Lang, t } from '../../lib/i18n';
import { rateLimitKey } from '../../plugins/rate-limit';
import { takeWindowSlot } from '../../providers/accounting/rate-limiter';

/**
 * How many submissions one caller may make of a form in a sliding window: a signed-in user in
 * their organisation, or an anonymous caller's IP address (`rateLimitKey`).
 */
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
  // Whether an e-mail address has an account: a registration asks once or twice, a list of
  // addresses being tried asks hundreds of times.
  checkExisting: { name: 'check_existing', limit: 10, windowSeconds: 15 * 60 },
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
 * Takes one submission from `budget` for `caller` (a `rateLimitKey`), or throws
 * FormThrottledError. The budget is a sliding window in PostgreSQL, shared by every API process.
 */
export async function takeFormBudget(db: Db, budget: FormBudget, caller: string): Promise<void> {
  const slot = await takeWindowSlot(db, `form:${budget.name}:${caller}`, budget.limit, budget.windowSeconds * 1000);
  if (!slot.taken) throw new FormThrottledError(slot.waitMs / 1000);
}

/** Route hook: runs after validation, so only well-formed submissions spend the budget. */
export function formBudget(app: FastifyInstance, budget: FormBudget) {
  return async (request: FastifyRequest) => {
    await takeFormBudget(app.db, budget, rateLimitKey(request));
  };
}
