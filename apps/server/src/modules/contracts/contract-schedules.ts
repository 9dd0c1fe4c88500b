import { t } from '../../lib/i18n';
import type { AccountingError } from '../../providers/accounting/errors';
import { isAccountingError } from '../../providers/accounting/errors';
import type { AccountingProvider, DocumentRow } from '../../providers/accounting/provider';
import type { AccountingDeps } from '../accounting/deps';
import type { MirrorTarget } from '../accounting/mirror/mirror';
import { logEvent, logEventQuietly } from '../eventlogs/eventlogs.service';
import { mirrorContracts } from './contracts.mirror';
import * as repo from './contracts.repository';
import { finishInProgram, formatPercent, todayInSweden } from './contracts.service';

/**
 * The daily contract schedules (docs/accounting-data.md#contracts: "schedule cancellation", "update prices on a date"):
 * every due scheduled cancellation ends its contract in the accounting program, and every due
 * price change changes the contract rows' prices there.
 *
 * Safe to run twice, also at once: a cancellation is recorded once (`terminated_at` is set only
 * when empty), and a price change is claimed before it is applied. The prices before and after
 * are stored before the program is changed, so a run that dies between the program's answer and
 * the portal's record is finished by the next run without changing the prices a second time.
 *
 * A club account whose connection needs attention (revoked consent, not installed…) is skipped
 * and its schedules wait until it is reconnected. Transient faults (429, 5xx, timeouts) leave the
 * item scheduled and make the run throw at the end, so pg-boss retries it.
 */

export interface ScheduleRunResult {
  cancelled: number;
  pricesChanged: number;
  failed: number;
  /** Left for a later run (transient fault, or the connection needs attention). */
  deferred: number;
}

export class SchedulesDeferredError extends Error {
  constructor(readonly result: ScheduleRunResult) {
    super(`${result.deferred} contract schedule(s) deferred by transient faults`);
  }
}

/** `price × (1 + basisPoints / 10 000)` in whole öre, halves away from zero. */
export function changedPrice(priceOre: number, basisPoints: number): number {
  const scaled = priceOre * (10_000 + basisPoints);
  const sign = scaled < 0 ? -1 : 1;
  const abs = Math.abs(scaled);
  const whole = Math.floor(abs / 10_000);
  const rest = abs - whole * 10_000;
  return sign * (rest * 2 >= 10_000 ? whole + 1 : whole);
}

const samePrices = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((v, i) => v === b[i]);

const targetOfRow = (row: { organisationId: string; clubAccountId: string }): MirrorTarget => ({
  organisationId: row.organisationId,
  clubAccountId: row.clubAccountId,
});

export async function runContractSchedules(deps: AccountingDeps, today: string = todayInSweden()): Promise<ScheduleRunResult> {
  const result: ScheduleRunResult = { cancelled: 0, pricesChanged: 0, failed: 0, deferred: 0 };
  let transient = false;
  const providers = new Map<string, AccountingProvider | AccountingError>();
  /** The club account's provider; an unusable connection is remembered so its items are skipped. */
  const providerOf = async (target: MirrorTarget): Promise<AccountingProvider | null> => {
    let entry = providers.get(target.clubAccountId);
    if (!entry) {
      try {
        entry = await deps.accountingFor({ organisationId: target.organisationId }, target.clubAccountId);
      } catch (error) {
        if (!isAccountingError(error)) throw error;
        entry = error;
      }
      providers.set(target.clubAccountId, entry);
    }
    return isAccountingError(entry) ? null : entry;
  };
  /** Answers true when the fault should leave the item for a later run. */
  const deferrable = (error: unknown, target: MirrorTarget): boolean => {
    if (!isAccountingError(error)) return false;
    if (error.transient) transient = true;
    if (error.needsAttention) providers.set(target.clubAccountId, error);
    return error.transient || error.needsAttention;
  };

  // Cancellations first: a price change due the day a contract ends is then refused, not applied.
  for (const contract of await repo.dueCancellations(deps.db, today)) {
    const target = targetOfRow(contract);
    const provider = await providerOf(target);
    if (!provider) {
      result.deferred++;
      continue;
    }
    try {
      const finished = await finishInProgram(provider, contract.number);
      const recorded = await deps.db.transaction(async (tx) => {
        await mirrorContracts(tx, target, [finished], null, true);
        const first = await repo.markTerminated(tx, target, contract.number, true);
        if (first) {
          await repo.failPendingPriceChanges(tx, target, contract.number, 'contracts.priceChange.contractEnded');
          await logEvent(tx, {
            ...target,
            resource: 'contracts',
            activity: 'contracts.event.cancelled',
            params: { number: contract.number, customer: finished.customerName, date: contract.cancellationDate ?? today },
            type: 'SUCCESS',
          });
        }
        return first;
      });
      if (recorded) result.cancelled++;
    } catch (error) {
      if (deferrable(error, target)) {
        result.deferred++;
        continue;
      }
      result.failed++;
      deps.log.warn({ err: error, contract: contract.number }, 'scheduled contract cancellation failed');
      await logEventQuietly(deps.db, deps.log, {
        ...target,
        resource: 'contracts',
        activity: 'contracts.event.cancellationFailed',
        params: { number: contract.number },
        error: isAccountingError(error) ? t(error.messageKey, 'sv', error.params) : String(error),
        type: 'ERROR',
      });
    }
  }

  for (const due of await repo.duePriceChanges(deps.db, today)) {
    const target = targetOfRow(due);
    const provider = await providerOf(target);
    if (!provider) {
      result.deferred++;
      continue;
    }
    const change = await repo.claimPriceChange(deps.db, target, due.id);
    if (!change) continue;
    const percent = formatPercent(change.changeBasisPoints);
    try {
      const outcome = await applyPriceChange(deps, provider, target, change);
      if (outcome === 'applied') {
        result.pricesChanged++;
        continue;
      }
      result.failed++;
      await logEventQuietly(deps.db, deps.log, {
        ...target,
        resource: 'contracts',
        activity: 'contracts.event.priceChangeFailed',
        params: { number: change.contractNumber, percent },
        error: t('contracts.priceChange.contractEnded', 'sv'),
        type: 'ERROR',
      });
    } catch (error) {
      if (deferrable(error, target) || !isAccountingError(error)) {
        // Back in the queue; an unexpected fault is retried like a transient one.
        if (!isAccountingError(error)) transient = true;
        await repo.updatePriceChange(deps.db, target, change.id, { status: 'scheduled', claimedAt: null });
        result.deferred++;
        deps.log.warn({ err: error, priceChange: change.id }, 'contract price change deferred');
        continue;
      }
      result.failed++;
      await repo.updatePriceChange(deps.db, target, change.id, {
        status: 'failed',
        error: error.messageKey,
        errorParams: error.params ?? null,
      });
      await logEventQuietly(deps.db, deps.log, {
        ...target,
        resource: 'contracts',
        activity: 'contracts.event.priceChangeFailed',
        params: { number: change.contractNumber, percent },
        error: t(error.messageKey, 'sv', error.params),
        type: 'ERROR',
      });
    }
  }

  if (transient) throw new SchedulesDeferredError(result);
  return result;
}

/**
 * One claimed price change: read the contract from the program, compute the new prices, store
 * them, change the program, then record it as applied with the mirror updated. Answers
 * 'ended' when the contract can no longer change (finished or terminated).
 */
async function applyPriceChange(
  deps: AccountingDeps,
  provider: AccountingProvider,
  target: MirrorTarget,
  change: repo.PriceChangeRecord,
): Promise<'applied' | 'ended'> {
  const mirrored = await repo.findContractByNumber(deps.db, target, change.contractNumber);
  const contract = await provider.contracts.get(change.contractNumber);
  if (contract.finished || mirrored?.terminatedAt) {
    await deps.db.transaction(async (tx) => {
      await mirrorContracts(tx, target, [contract], null, true);
      await repo.updatePriceChange(tx, target, change.id, {
        status: 'failed',
        error: 'contracts.priceChange.contractEnded',
        errorParams: null,
      });
    });
    return 'ended';
  }
  const current = contract.rows.map((r) => r.priceOre);
  let updated = contract;
  // An earlier run changed the program but died before recording it: the prices are already there.
  const landed = change.pricesAfter !== null && samePrices(current, change.pricesAfter);
  if (!landed) {
    const after = current.map((p) => changedPrice(p, change.changeBasisPoints));
    await repo.updatePriceChange(deps.db, target, change.id, { pricesBefore: current, pricesAfter: after });
    const rows: DocumentRow[] = contract.rows.map((r, i) => ({ ...r, priceOre: after[i] as number }));
    updated = await provider.contracts.update(change.contractNumber, { rows });
  }
  await deps.db.transaction(async (tx) => {
    await mirrorContracts(tx, target, [updated], null, true);
    await repo.updatePriceChange(tx, target, change.id, {
      status: 'applied',
      appliedAt: new Date(),
      error: null,
      errorParams: null,
    });
    await logEvent(tx, {
      ...target,
      resource: 'contracts',
      activity: 'contracts.event.priceChangeApplied',
      params: { number: change.contractNumber, percent: formatPercent(change.changeBasisPoints), date: change.effectiveOn },
      type: 'SUCCESS',
    });
  });
  return 'applied';
}
