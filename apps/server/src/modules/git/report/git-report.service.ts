import {
  type ApiConfiguration,
  encodeMessage,
  type GIT_REPORT_COUNT_KEYS,
  GIT_REPORT_WINDOW_MONTHS,
  type GitReportKind,
  type GitTransaction,
  monthsBack,
} from '@fairway/shared';
import type { FastifyInstance } from 'fastify';
import { AppError, NotFoundError } from '../../../lib/errors';
import { failureText } from '../../../lib/failure';
import { type Lang, type MessageKey, type MessageParams, t } from '../../../lib/i18n';
import type { RunContext, RunKind, RunResult } from '../../../lib/runs/run-engine';
import { stockholmDate } from '../../../lib/stockholm-time';
import type { GitClient } from '../../../providers/git/git.client';
import { isGitError } from '../../../providers/git/git-errors';
import type { GitInvoiceBasis } from '../../../providers/git/git-gateway';
import type { MirrorTarget } from '../../accounting/mirror/mirror';
import { getConfiguration, settingRequired } from '../../configurations/configurations.service';
import { logEventQuietly } from '../../eventlogs/eventlogs.service';
import { creditNoteDates, invoicesByRef, lastPaymentDates, type ReportedInvoice } from '../../invoices/invoices.repository';
import { type ClubAccountReach, reachableClubAccount } from '../../organizations/tenant';
import { gitClientFor, isKeyRefused, markKeyRevoked } from '../connection/git-connections.service';
import type { GitRunDeps } from '../git.deps';
import { mirrorGitBases } from '../git.mirror';
import { clubAccountOf } from '../git.repository';
import { toTransaction } from '../git.service';
import { type GitRunFailure, gitTransactions } from '../git.tables';
import { IMPORT_GIT_ID_PREFIX } from '../import/git-import.service';
import { basisInvoiceExternalRef } from '../sync/git-sync-ref';
import * as repo from './git-report.repository';

/** What the report-back needs: the database and log, GIT's client (config, simulators) and the run engine. */
export type GitReportDeps = GitRunDeps;

/**
 * Report-back: payments and credits made in the target club account's accounting program are
 * told to GIT (docs/git.md#report), so GIT activates the fee and the membership (mark paid) or stops the fee
 * (credit). Each run is a `git_transactions` row of kind `report_status` worked by a pg-boss job,
 * one per GIT club account at a time.
 *
 * The accounting side is read from the target's invoice mirror (kept fresh by the accounting
 * refresh and by every action taken in the portal); a basis's invoice is the one carrying
 * `basisInvoiceExternalRef`. Every GIT call is written to `git_status_reports` before it is made
 * and marked done after GIT answered (see that table), so a crash and a rerun never report a
 * payment twice, and a retry sends exactly the same call.
 */

export const GIT_REPORT_QUEUE = 'git.report-status';
const PROGRESS_EVERY_ITEMS = 25;
const PROGRESS_EVERY_MS = 2_000;
const MAX_FAILURES = 100;

export type GitReportTrigger = 'manual' | 'scheduled';

export interface QueueReportInput {
  kinds: GitReportKind[];
  basisIds?: string[] | null;
  trigger: GitReportTrigger;
  /** The user asking, whose club accounts bound the target; null for the scheduler. */
  caller: ClubAccountReach | null;
  lang: Lang;
}

/** Today in Sweden, as the accounting programs date payments. */
const todayOf = (now: Date) => stockholmDate(now);

// ---- queueing ----------------------------------------------------------------------------------

/**
 * The target club account of the GIT club account's API configuration (`club_to_sync`), which
 * must be a club account of the same organisation; otherwise 'Kindly select club to sync
 * data to' on `club_to_sync` (docs/git.md#api-configuration). A user (`caller`) reads the target's books through the report,
 * so it must also be one they were given (404 otherwise).
 */
export async function reportTargetOf(
  deps: Pick<GitReportDeps, 'db'>,
  gitTarget: MirrorTarget,
  caller: ClubAccountReach | null,
  config?: ApiConfiguration,
): Promise<MirrorTarget> {
  const api = config ?? (await getConfiguration(deps.db, gitTarget, 'api'));
  const refuse = () => settingRequired('api', 'club_to_sync', encodeMessage('club_to_sync_required'));
  if (!api.club_to_sync) throw refuse();
  if (caller) return reachableClubAccount(caller, api.club_to_sync);
  const account = await clubAccountOf(deps.db, gitTarget.organisationId, api.club_to_sync);
  if (!account) throw refuse();
  return { organisationId: gitTarget.organisationId, clubAccountId: account.id };
}

const sameList = (a: readonly string[] | null, b: readonly string[] | null) =>
  a === b || (a !== null && b !== null && a.length === b.length && a.every((x, i) => x === b[i]));

/**
 * Asks for a report run (POST git/report-status, and the schedule). Refused when GIT is not
 * connected or its key was revoked (409), without a club account to sync to (400 on
 * `club_to_sync`), or when a chosen basis is not the GIT club account's (404). The same request
 * while its run is still queued answers that run (a double click joins it).
 */
export async function queueReportStatus(
  deps: GitReportDeps,
  gitTarget: MirrorTarget,
  input: QueueReportInput,
): Promise<GitTransaction> {
  const kinds = [...new Set(input.kinds)].sort();
  const basisIds = input.basisIds ? [...new Set(input.basisIds)].sort() : null;
  if (basisIds && (await repo.countBases(deps.db, gitTarget, basisIds)) !== basisIds.length) {
    throw new NotFoundError('gitReport.basisNotFound');
  }

  await gitClientFor(deps, gitTarget);
  const target = await reportTargetOf(deps, gitTarget, input.caller);

  const queued = await repo.queuedReportRuns(deps.db, gitTarget);
  const same = queued.find(
    (q) =>
      q.run.targetClubAccountId === target.clubAccountId &&
      sameList(q.request.kinds, kinds) &&
      sameList(q.request.basisIds ?? null, basisIds),
  );
  if (same) return toTransaction(same.run);

  const run = await repo.insertReportRun(
    deps.db,
    gitTarget,
    { trigger: input.trigger, targetClubAccountId: target.clubAccountId, total: basisIds?.length ?? 0 },
    { kinds, basisIds, lang: input.lang },
  );
  // After the commit (on PGlite a send inside the transaction would wait for it forever).
  await deps.runs.enqueue(gitReportRunKind, run.id, input.trigger === 'scheduled' ? { startAfterSeconds: 120 } : {});
  return toTransaction(run);
}

// ---- planning ------------------------------------------------------------------------------------

/** One GIT call the run is to make. */
export type PlannedReport = repo.ReportCall;

export interface ReportPlan {
  reports: PlannedReport[];
  /** Chosen bases that cannot be reported, with why. */
  refused: { basisGitId: string; invoiceNumber: string | null; key: MessageKey; params?: MessageParams }[];
  /** Chosen bases already as reported in GIT (nothing to do). */
  alreadyDone: number;
}

export interface PlanOptions {
  kinds: readonly GitReportKind[];
  /** Chosen bases (mirror ids); null = every eligible basis, within the window and start dates. */
  basisIds: readonly string[] | null;
  config: ApiConfiguration;
  now?: Date;
}

/** A date at noon UTC: the moment sent to GIT for a payment or credit dated `date`. */
const momentOf = (date: string) => new Date(`${date}T12:00:00.000Z`);

/** Short, stable, per target: the references of two targets' invoice numbers never meet. */
const referenceOf = (target: MirrorTarget, invoiceNumber: string, what: string) =>
  `fw-${target.clubAccountId.slice(0, 8)}-${invoiceNumber}-${what}`.slice(0, 100);

/** What a plan is made from: the bases, each one's invoice, its payments and credit, and the ledgers. */
interface PlanFacts {
  bases: repo.ReportBasis[];
  invoiceOf: Map<string, ReportedInvoice>;
  lastPayment: Map<string, string>;
  creditDate: Map<string, string>;
  paused: Set<string>;
  done: Set<string>;
}

async function factsOf(
  deps: Pick<GitReportDeps, 'db'>,
  gitTarget: MirrorTarget,
  target: MirrorTarget,
  basisIds: readonly string[] | null,
): Promise<PlanFacts> {
  const { db } = deps;
  const bases = await repo.basesToReport(db, gitTarget, basisIds);
  const refOf = new Map(bases.map((b) => [basisInvoiceExternalRef(gitTarget.clubAccountId, target.clubAccountId, b.gitId), b]));
  const invoiceRows = await invoicesByRef(db, target, [...refOf.keys()]);
  const invoiceOf = new Map<string, ReportedInvoice>();
  for (const row of invoiceRows) {
    const basis = row.externalRef ? refOf.get(row.externalRef) : undefined;
    if (basis && !row.isCredit) invoiceOf.set(basis.gitId, row);
  }
  // A chosen run reads the ledger rows of its bases only; a bulk run those of the whole club account.
  const gitIds = basisIds === null ? null : bases.map((b) => b.gitId);
  return {
    bases,
    invoiceOf,
    lastPayment: await lastPaymentDates(
      db,
      target,
      invoiceRows.map((r) => r.number),
    ),
    creditDate: await creditNoteDates(
      db,
      target,
      invoiceRows.filter((r) => r.credited).map((r) => r.number),
    ),
    paused: await repo.pausedBases(db, gitTarget, target, gitIds),
    done: await repo.doneReports(db, gitTarget, gitIds),
  };
}

/** One plan in the making: the facts, the options and what it says so far. */
interface Planning {
  plan: ReportPlan;
  facts: PlanFacts;
  target: MirrorTarget;
  kinds: readonly GitReportKind[];
  config: ApiConfiguration;
  bulk: boolean;
  today: string;
  windowStart: string;
}

/** A chosen basis that cannot be reported says why; a bulk run passes it by. */
function refuse(p: Planning, basis: repo.ReportBasis, invoice: ReportedInvoice | undefined, key: MessageKey) {
  if (p.bulk) return;
  p.plan.refused.push({
    basisGitId: basis.gitId,
    invoiceNumber: invoice?.number ?? null,
    key,
    params: { invoice: invoice?.number ?? '' },
  });
}

function add(p: Planning, basis: repo.ReportBasis, report: Omit<PlannedReport, 'basisGitId'>) {
  if (p.facts.done.has(repo.reportKey(basis.gitId, report.reference))) p.plan.alreadyDone++;
  else p.plan.reports.push({ basisGitId: basis.gitId, ...report });
}

/** A credit note exists: GIT is told the basis is credited (unless it already is, or the credit is outside a bulk run's dates). */
function planCredit(p: Planning, basis: repo.ReportBasis, invoice: ReportedInvoice) {
  const date = p.facts.creditDate.get(invoice.number) ?? p.today;
  const outside = date < p.windowStart || (p.config.credit_start_date !== null && date < p.config.credit_start_date);
  if (basis.status === 'credited') p.plan.alreadyDone++;
  else if (!p.bulk || !outside) {
    add(p, basis, {
      invoiceNumber: invoice.number,
      kind: 'credited',
      reference: referenceOf(p.target, invoice.number, 'credit'),
      amountOre: 0,
      eventAt: momentOf(date),
    });
  }
}

/** Paid in full (what GIT still lacks) or, with `include_partially_paid_invoices`, in part (what was paid less what GIT has). */
function planPayment(p: Planning, basis: repo.ReportBasis, invoice: ReportedInvoice) {
  const paidInAccounting = invoice.totalOre - invoice.balanceOre;
  const fully = invoice.balanceOre === 0 && invoice.totalOre > 0 && !invoice.cancelled && !invoice.credited;
  const partly = !invoice.cancelled && !invoice.credited && invoice.balanceOre > 0 && paidInAccounting > 0;
  const gitLeft = basis.totalOre - basis.paidOre;
  if (basis.status === 'paid') return void p.plan.alreadyDone++;
  if (basis.status === 'credited') return refuse(p, basis, invoice, 'gitReport.creditedInGit');
  if (!fully && !partly) return refuse(p, basis, invoice, 'gitReport.notPaid');
  if (partly && !p.config.include_partially_paid_invoices) return refuse(p, basis, invoice, 'gitReport.partlyPaidOnly');
  const paidOn = (fully ? invoice.fullyPaidOn : null) ?? p.facts.lastPayment.get(invoice.number) ?? invoice.invoiceDate;
  const inWindow = invoice.invoiceDate >= p.windowStart || paidOn >= p.windowStart;
  const afterStart = !p.config.payment_start_date || paidOn >= p.config.payment_start_date;
  // A bulk run leaves alone what is outside the 6 months or before payment_start_date.
  if (p.bulk && (!inWindow || !afterStart)) return;
  if (fully) {
    if (gitLeft <= 0) p.plan.alreadyDone++;
    else
      add(p, basis, {
        invoiceNumber: invoice.number,
        kind: 'paid',
        reference: referenceOf(p.target, invoice.number, 'paid'),
        amountOre: gitLeft,
        eventAt: momentOf(paidOn),
      });
    return;
  }
  const upTo = Math.min(paidInAccounting, basis.totalOre);
  const amount = upTo - basis.paidOre;
  if (amount <= 0) p.plan.alreadyDone++;
  else
    add(p, basis, {
      invoiceNumber: invoice.number,
      kind: amount >= gitLeft ? 'paid' : 'partially_paid',
      reference: referenceOf(p.target, invoice.number, `paid-${upTo}`),
      amountOre: amount,
      eventAt: momentOf(paidOn),
    });
}

function planBasis(p: Planning, basis: repo.ReportBasis) {
  const invoice = p.facts.invoiceOf.get(basis.gitId);
  // A basis imported from GIT's Excel export exists only in the portal: GIT's API has no such
  // basis to mark paid or credit (import/GIT-EXCEL-EXPORT.md). Bulk runs pass it by; a chosen one says why.
  if (basis.gitId.startsWith(IMPORT_GIT_ID_PREFIX)) return refuse(p, basis, invoice, 'gitReport.imported');
  if (!invoice) return refuse(p, basis, undefined, 'gitReport.notSynced');
  if (p.facts.paused.has(basis.gitId)) return refuse(p, basis, invoice, 'gitReport.paused');
  if (p.kinds.includes('credited') && invoice.credited) planCredit(p, basis, invoice);
  else if (p.kinds.includes('paid')) planPayment(p, basis, invoice);
  else refuse(p, basis, invoice, 'gitReport.notCredited');
}

/**
 * Works out what to tell GIT: for each basis (chosen, or every one not credited in GIT) its
 * accounting invoice by the derived reference, and from the invoice's state a mark-paid (fully
 * paid: what GIT still lacks), a part payment (with `include_partially_paid_invoices`: what was
 * paid up to now, less what GIT has) or a credit (a credit note exists). A bulk report (no chosen
 * bases) takes only invoices created, paid or credited within the last 6 months (`GIT_REPORT_WINDOW_MONTHS`) and on
 * or after `payment_start_date` / `credit_start_date`. Bases already paid / credited in GIT, items
 * the sync paused, and reports already made are left out.
 */
export async function planReport(
  deps: Pick<GitReportDeps, 'db'>,
  gitTarget: MirrorTarget,
  target: MirrorTarget,
  options: PlanOptions,
): Promise<ReportPlan> {
  const today = todayOf(options.now ?? new Date());
  const planning: Planning = {
    plan: { reports: [], refused: [], alreadyDone: 0 },
    facts: await factsOf(deps, gitTarget, target, options.basisIds),
    target,
    kinds: options.kinds,
    config: options.config,
    bulk: options.basisIds === null,
    today,
    windowStart: monthsBack(today, GIT_REPORT_WINDOW_MONTHS),
  };
  for (const basis of planning.facts.bases) planBasis(planning, basis);
  return planning.plan;
}

// ---- the run ---------------------------------------------------------------------------------

interface Progress {
  total: number;
  processed: number;
  failed: number;
  failures: GitRunFailure[];
  counts: Record<(typeof GIT_REPORT_COUNT_KEYS)[number], { created: number; updated: number }>;
}

/** The run columns that show a report run's progress. */
function progressValues(p: Progress) {
  const updated = p.counts.paid.updated + p.counts.partiallyPaid.updated + p.counts.credited.updated;
  return {
    total: p.total,
    processed: p.processed,
    failed: p.failed,
    failures: p.failures.slice(0, MAX_FAILURES),
    counts: p.counts,
    created: 0,
    updated,
  };
}

interface GitCall {
  basisGitId: string;
  kind: string;
  reference: string;
  amountOre: number;
  eventAt: Date;
  invoiceNumber: string;
}

/** Tells GIT one report, exactly as recorded; answers GIT's basis (or throws GIT's refusal). */
function tellGit(client: GitClient, call: GitCall): Promise<GitInvoiceBasis> {
  if (call.kind === 'credited') {
    const reason = t('gitReport.creditReason', 'sv', { invoice: call.invoiceNumber });
    return client.credit(call.basisGitId, { reason, creditedAt: call.eventAt });
  }
  return client.markPaid(call.basisGitId, { paidAt: call.eventAt, amountOre: call.amountOre, reference: call.reference });
}

/** Options of an in-process attempt (tests): the moment the plan is made at. */
export interface ReportRunOptions {
  now?: Date;
}

/**
 * One report run on the run engine (lib/runs). Transient GIT faults (after the client's own
 * retries) are retried by the engine, and the next attempt first finishes the calls this one had
 * started; a revoked key marks the connection revoked and fails the run; a refusal of one basis
 * (GIT says it is credited, or the amount is more than its balance) is that item's failure and
 * the run goes on.
 */
async function reportRun(
  app: FastifyInstance,
  live: RunContext<typeof gitTransactions>,
  options: ReportRunOptions = {},
): Promise<RunResult> {
  const run = await repo.findRun(app.db, live.id);
  if (!run) throw new NotFoundError();
  const gitTarget: MirrorTarget = { organisationId: run.organisationId, clubAccountId: run.clubAccountId };
  const request = await repo.findReportRequest(app.db, run.id);
  const lang: Lang = request?.lang === 'en' ? 'en' : 'sv';
  const kinds = (request?.kinds ?? ['paid']) as GitReportKind[];
  const progress: Progress = {
    total: 0,
    processed: 0,
    failed: 0,
    failures: [],
    counts: {
      paid: { created: 0, updated: 0 },
      partiallyPaid: { created: 0, updated: 0 },
      credited: { created: 0, updated: 0 },
    },
  };
  const kindParam = t(kinds.length > 1 ? 'gitReport.kind.both' : `gitReport.kind.${kinds[0] ?? 'paid'}`, 'sv');
  const fail = (basisGitId: string, invoiceNumber: string | null, message: string) => {
    progress.failed++;
    if (progress.failures.length < MAX_FAILURES) progress.failures.push({ basisGitId, invoiceNumber, message });
  };
  try {
    if (!run.targetClubAccountId) throw settingRequired('api', 'club_to_sync', encodeMessage('club_to_sync_required'));
    const target: MirrorTarget = { organisationId: run.organisationId, clubAccountId: run.targetClubAccountId };
    const { client } = await gitClientFor(app, gitTarget);
    // A scheduled run every 15 minutes logs only when it reported or failed something (below).
    const quiet = run.trigger === 'scheduled';
    if (!quiet && run.processed === 0 && run.failed === 0) {
      await logEventQuietly(app.db, app.log, {
        ...gitTarget,
        resource: 'git',
        activity: 'gitReport.event.started',
        params: { kind: kindParam },
        type: 'INFO',
      });
    }
    let lastWrite = Date.now();
    let sinceWrite = 0;
    const tick = async () => {
      progress.processed++;
      sinceWrite++;
      if (sinceWrite >= PROGRESS_EVERY_ITEMS || Date.now() - lastWrite >= PROGRESS_EVERY_MS) {
        await live.save(progressValues(progress));
        lastWrite = Date.now();
        sinceWrite = 0;
      }
    };
    /** Makes one recorded call; a refusal of this basis is its failure, anything else stops the run. */
    const send = async (row: repo.StatusReportRow) => {
      live.throwIfTakenOver();
      let answer: GitInvoiceBasis | null = null;
      try {
        answer = await tellGit(client, row);
      } catch (error) {
        if (!isGitError(error) || error.transient || error.kind === 'unauthorized') throw error;
        // GIT refused this basis: it may already be as we want it (paid or credited elsewhere).
        const now = await client.getInvoiceBasis(row.basisGitId).catch(() => null);
        if (now) await mirrorGitBases(app.db, gitTarget, [now]);
        if (now && (row.kind === 'credited' ? now.status === 'credited' : now.status === 'paid')) {
          await repo.settleReport(app.db, row.id, 'done', null);
        } else {
          await repo.settleReport(app.db, row.id, 'failed', error.messageKey);
          const reason =
            now?.status === 'credited' ? t('gitReport.creditedInGit', lang) : t(error.messageKey, lang, error.params);
          fail(row.basisGitId, row.invoiceNumber, t('gitReport.refusedByGit', lang, { invoice: row.invoiceNumber, reason }));
        }
      }
      if (answer) {
        await mirrorGitBases(app.db, gitTarget, [answer]);
        await repo.settleReport(app.db, row.id, 'done', null);
        const key = row.kind === 'credited' ? 'credited' : row.kind === 'paid' ? 'paid' : 'partiallyPaid';
        progress.counts[key].updated++;
      }
      await tick();
    };

    // Calls an earlier attempt made without seeing GIT's answer are finished first, exactly as
    // recorded, so the plan below reads GIT's state after them and never counts a payment twice.
    const unfinished = await repo.unfinishedReports(app.db, gitTarget);
    progress.total = unfinished.length;
    for (const row of unfinished) await send(row);

    const config = await getConfiguration(app.db, gitTarget, 'api');
    const plan = await planReport(app, gitTarget, target, {
      kinds,
      basisIds: request?.basisIds ?? null,
      config,
      now: options.now,
    });
    progress.total += plan.reports.length + plan.refused.length + plan.alreadyDone;
    progress.processed += plan.alreadyDone;
    for (const r of plan.refused) {
      progress.processed++;
      fail(r.basisGitId, r.invoiceNumber, t(r.key, lang, r.params));
    }
    await live.save(progressValues(progress));
    for (const planned of plan.reports) await send(await repo.claimReport(app.db, gitTarget, target, run.id, planned));

    await live.save(progressValues(progress));
    const reported = progress.counts.paid.updated + progress.counts.partiallyPaid.updated + progress.counts.credited.updated;
    if (quiet && reported === 0 && progress.failed === 0) return { event: null };
    return {
      event: {
        activity: 'gitReport.event.finished',
        params: {
          paid: progress.counts.paid.updated,
          partiallyPaid: progress.counts.partiallyPaid.updated,
          credited: progress.counts.credited.updated,
          failed: progress.failed,
        },
        type: progress.failed > 0 ? 'ERROR' : 'SUCCESS',
      },
    };
  } catch (error) {
    if (isKeyRefused(error)) await markKeyRevoked(app, gitTarget, error);
    // What the attempt got through stays shown; the run engine then retries or fails the run.
    if (!live.signal.aborted) await live.save(progressValues(progress));
    throw error;
  }
}

/** The report-back as a run of the run engine (lib/runs). */
export const gitReportRunKind: RunKind<typeof gitTransactions, ReportRunOptions> = {
  name: 'git.report',
  queue: GIT_REPORT_QUEUE,
  store: { table: gitTransactions, kind: { column: 'kind', value: 'report_status' } },
  maxAttempts: 7,
  queueOptions: { retryLimit: 3, retryDelay: 30, retryBackoff: true, expireInSeconds: 2 * 60 * 60 },
  eventResource: 'git',
  events: { retrying: 'runs.gitReport.retrying', resumed: 'runs.gitReport.resumed', failed: 'gitReport.event.failed' },
  execute: reportRun,
  retryable: (error) => (isGitError(error) ? error.transient : !(error instanceof AppError)),
  async reasonOf(app, error, run) {
    const request = await repo.findReportRequest(app.db, run.id);
    return failureText(error, request?.lang === 'en' ? 'en' : 'sv').slice(0, 1000);
  },
};

/** One attempt at a report run, in this process (tests). */
export function runReportStatus(app: Pick<FastifyInstance, 'runs'>, runId: string, options: ReportRunOptions = {}) {
  return app.runs.attempt(gitReportRunKind, runId, options);
}
