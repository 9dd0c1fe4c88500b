import type { DuplicateResource, HandlingStep } from '@fairway/shared';
import type { FastifyInstance } from 'fastify';
import { encodeFailure, encodeReason } from '../../../lib/failure';
import type { RunContext, RunKind } from '../../../lib/runs/run-engine';
import { stockholmDate } from '../../../lib/stockholm-time';
import { isAccountingError } from '../../../providers/accounting/errors';
import type { AccountingProvider } from '../../../providers/accounting/provider';
import { accountingFor } from '../../accounting/connection/accounting-for';
import { duplicateHandlings } from '../duplicates.tables';
import * as repo from './handling.repository';

export const HANDLING_RUN_QUEUE = 'duplicates.handling';

export interface HandlingRunOptions {
  /** Instead of the club account's connected program (tests give a provider against a simulator). */
  provider?: AccountingProvider;
  /** Called after each document's result is written (tests stop a run there). */
  afterDocument?: (number: string) => Promise<void>;
}

/** A refusal of our own while handling (the document changed in the program since the plan). */
export class HandlingRefusedError extends Error {
  constructor(
    readonly key:
      | 'duplicates.handling.orderInvoiced'
      | 'duplicates.handling.actionUnavailable'
      | 'duplicates.handling.documentNotOpen'
      | 'duplicates.handling.documentChanged',
    readonly number: string,
  ) {
    super(key);
  }
}

const has = <T>(value: T | undefined, number: string): T => {
  if (!value) throw new HandlingRefusedError('duplicates.handling.actionUnavailable', number);
  return value;
};

/** The write was refused as already done (a resumed run whose earlier attempt did it unheard of). */
const alreadyDone = (error: unknown) =>
  isAccountingError(error) &&
  error.kind === 'conflict' &&
  /already|Cancelled|Credited/i.test(String(error.messageKey)) &&
  !/orderInvoiced/.test(String(error.messageKey));

/**
 * Handles one document in the program. It reads the document first and acts on its state now, not
 * on the plan's: a document cancelled or credited meanwhile (by hand, or by an earlier attempt
 * whose answer was lost) is taken as handled, one booked since the plan is credited instead of
 * cancelled. A reversal carries the handling's reference (`<handling id>:<number>`), so a retry
 * finds the first one.
 */
async function handleDocument(
  provider: AccountingProvider,
  resource: DuplicateResource,
  step: HandlingStep,
  handlingId: string,
  resumed: boolean,
  today: string,
  mirroredDate: string | null,
): Promise<void> {
  const { number } = step;
  try {
    switch (resource) {
      case 'invoice': {
        const invoice = await provider.invoices.get(number);
        if (invoice.cancelled || invoice.credited) return;
        if (invoice.booked) await provider.invoices.credit(number);
        else await provider.invoices.cancel(number);
        return;
      }
      case 'supplier_invoice': {
        const invoices = has(provider.supplierInvoices, number);
        const invoice = await invoices.get(number);
        if (invoice.cancelled) return;
        if (invoice.booked) await has(invoices.credit, number)(number);
        else await has(invoices.cancel, number)(number);
        return;
      }
      case 'order': {
        const cancel = has(provider.orders.cancel, number);
        const order = provider.orders.get ? await provider.orders.get(number) : null;
        if (order?.cancelled) return;
        if (order?.invoiced) throw new HandlingRefusedError('duplicates.handling.orderInvoiced', number);
        await cancel(number);
        return;
      }
      case 'voucher': {
        const reverse = has(provider.vouchers.reverse, number);
        // The mirror names a voucher of a program that numbers each financial year anew with its
        // year (Fortnox: `A 17 (2025)`), and the provider reads and reverses that year's. A name of
        // series and number only (Visma) could meet another year's voucher: its date tells.
        const voucher = provider.vouchers.get ? await provider.vouchers.get(number) : null;
        if (voucher && mirroredDate && voucher.date !== mirroredDate)
          throw new HandlingRefusedError('duplicates.handling.documentChanged', number);
        await reverse(number, today, {
          externalRef: `${handlingId}:${number.replace(/\s+/g, '')}`,
          firstAttempt: !resumed,
        });
        return;
      }
    }
  } catch (error) {
    if (resumed && alreadyDone(error)) return;
    throw error;
  }
}

async function handle(app: FastifyInstance, run: RunContext<typeof duplicateHandlings>, options: HandlingRunOptions = {}) {
  const handling = await repo.handlingById(app.db, run.id);
  if (!handling) return { event: null };
  const group = await repo.groupById(app.db, handling.groupId);
  if (!group) return { event: null };
  const provider = options.provider ?? (await accountingFor(app, { organisationId: group.organisationId }, group.clubAccountId));
  const members = new Map((await repo.membersOf(app.db, group.id)).map((m) => [m.number, m]));
  const today = stockholmDate(new Date());
  const dates = await repo.mirroredDates(
    app.db,
    group,
    handling.steps.map((s) => s.number),
  );
  let count = handling.handled.length;
  for (const step of handling.steps) {
    if (step.action === 'manual' || handling.handled.includes(step.number)) continue;
    const member = members.get(step.number);
    // Marked "not a duplicate" or handled by another way since the plan: left alone.
    if (!member || (member.state !== 'open' && member.state !== 'handling')) continue;
    run.throwIfTakenOver();
    const resumed = member.state === 'handling';
    if (!resumed) await repo.markMember(app.db, group.id, step.number, 'open', 'handling');
    try {
      await handleDocument(provider, group.resource, step, handling.id, resumed, today, dates.get(step.number) ?? null);
    } catch (error) {
      // The program refused: the document stays open, the group unresolved.
      if (!(isAccountingError(error) && error.transient))
        await repo.markMember(app.db, group.id, step.number, 'handling', 'open');
      throw error;
    }
    run.throwIfTakenOver();
    await repo.recordHandled(app.db, handling, step.number, handling.createdBy);
    count++;
    await options.afterDocument?.(step.number);
  }
  return {
    event: {
      activity: 'duplicates.handling.event.done',
      params: { count, group: group.transactionId ?? group.originalNumber },
      type: 'SUCCESS' as const,
    },
  };
}

/** A handling of a duplicate group as a run of the run engine (lib/runs). */
export const handlingRuns: RunKind<typeof duplicateHandlings, HandlingRunOptions> = {
  name: 'duplicates.handling',
  queue: HANDLING_RUN_QUEUE,
  store: { table: duplicateHandlings },
  maxAttempts: 3,
  queueOptions: { retryLimit: 3, retryDelay: 30, retryBackoff: true, expireInSeconds: 60 * 60 },
  workOptions: { pollingIntervalSeconds: 1 },
  eventResource: 'accounting',
  events: {
    retrying: 'duplicates.handling.event.retrying',
    resumed: 'duplicates.handling.event.resumed',
    failed: 'duplicates.handling.event.failed',
  },
  execute: handle,
  // A refusal of the program is final (the reviewer looks at the document); an outage is retried.
  retryable: (error) => isAccountingError(error) && error.transient,
  reasonOf: (_app, error) => {
    if (error instanceof HandlingRefusedError) return encodeReason(error.key, { number: error.number });
    // The program's own refusal in the reader's language (AccountingError carries its message key).
    return encodeFailure(error);
  },
};

/** One attempt at a handling, in this process (tests, and in-process callers). */
export function runHandling(app: FastifyInstance, handlingId: string, options: HandlingRunOptions = {}) {
  return app.runs.attempt(handlingRuns, handlingId, options);
}
