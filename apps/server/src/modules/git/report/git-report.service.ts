import {
  type ApiConfiguration,
  encodeMessage,
  type GIT_REPORT_COUNT_KEYS,
  GIT_REPORT_WINDOW_MONTHS,
  type GitReportKind,
  type GitTransaction,
  monthsBack,
} from '@fairway/shared';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client';
import { AppError, NotFoundError } from '../../../lib/errors';
import { failureText } from '../../../lib/failure';
import { type Lang, type MessageKey, type MessageParams, t } from '../../../lib/i18n';
import type { RunContext, RunKind, RunResult } from '../../../lib/runs/run-engine';
import { stockholmDate } from '../../../providers/fortnox/time';
import type { GitClient } from '../../../providers/git/git.client';
import { isGitError } from '../../../providers/git/git-errors';
import type { GitInvoiceBasis } from '../../../providers/git/git-gateway';
import type { MirrorTarget } from '../../accounting/mirror';
import { getConfiguration, settingRequired } from '../../configurations/configurations.service';
import { logEventQuietly } from '../../eventlogs/eventlogs.service';
import { invoicePayments, invoices } from '../../invoices/invoices.tables';
import { clubAccounts } from '../../organizations/organizations.tables';
import { type ClubAccountReach, reachableClubAccount } from '../../organizations/tenant';
import { gitClientFor, isKeyRefused, markKeyRevoked } from '../connection/git-connections.service';
import { mirrorGitBases } from '../git.mirror';
import { toTransaction } from '../git.service';
import { type GitRunFailure, gitInvoiceBases, gitTransactions } from '../git.tables';
import { IMPORT_GIT_ID_PREFIX } from '../import/git-import.service';
import { gitSyncItems } from '../sync/git-sync.tables';
import { basisInvoiceExternalRef } from '../sync/git-sync-ref';
import { gitReportRuns, gitStatusReports } from './git-report.tables';

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
const CHUNK = 1_000;

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
  app: FastifyInstance,
  gitTarget: MirrorTarget,
  caller: ClubAccountReach | null,
  config?: ApiConfiguration,
): Promise<MirrorTarget> {
  const api = config ?? (await getConfiguration(app.db, gitTarget, 'api'));
  const refuse = () => settingRequired('api', 'club_to_sync', encodeMessage('club_to_sync_required'));
  if (!api.club_to_sync) throw refuse();
  if (caller) return reachableClubAccount(caller, api.club_to_sync);
  const [row] = await app.db
    .select({ id: clubAccounts.id })
    .from(clubAccounts)
    .where(and(eq(clubAccounts.id, api.club_to_sync), eq(clubAccounts.organisationId, gitTarget.organisationId)));
  if (!row) throw refuse();
  return { organisationId: gitTarget.organisationId, clubAccountId: row.id };
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
  app: FastifyInstance,
  gitTarget: MirrorTarget,
  input: QueueReportInput,
): Promise<GitTransaction> {
  const kinds = [...new Set(input.kinds)].sort();
  const basisIds = input.basisIds ? [...new Set(input.basisIds)].sort() : null;
  if (basisIds) {
    let found = 0;
    for (let i = 0; i < basisIds.length; i += CHUNK) {
      const [row] = await app.db
        .select({ n: sql<number>`count(*)::int` })
        .from(gitInvoiceBases)
        .where(
          and(
            eq(gitInvoiceBases.organisationId, gitTarget.organisationId),
            eq(gitInvoiceBases.clubAccountId, gitTarget.clubAccountId),
            inArray(gitInvoiceBases.id, basisIds.slice(i, i + CHUNK)),
          ),
        );
      found += row?.n ?? 0;
    }
    if (found !== basisIds.length) throw new NotFoundError('gitReport.basisNotFound');
  }

  await gitClientFor(app, gitTarget);
  const target = await reportTargetOf(app, gitTarget, input.caller);

  const queued = await app.db
    .select({ run: gitTransactions, request: gitReportRuns })
    .from(gitTransactions)
    .innerJoin(gitReportRuns, eq(gitReportRuns.runId, gitTransactions.id))
    .where(
      and(
        eq(gitTransactions.organisationId, gitTarget.organisationId),
        eq(gitTransactions.clubAccountId, gitTarget.clubAccountId),
        eq(gitTransactions.kind, 'report_status'),
        eq(gitTransactions.status, 'queued'),
      ),
    );
  const same = queued.find(
    (q) =>
      q.run.targetClubAccountId === target.clubAccountId &&
      sameList(q.request.kinds, kinds) &&
      sameList(q.request.basisIds ?? null, basisIds),
  );
  if (same) return toTransaction(same.run);

  const run = await app.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(gitTransactions)
      .values({
        ...gitTarget,
        kind: 'report_status',
        trigger: input.trigger,
        status: 'queued',
        targetClubAccountId: target.clubAccountId,
        total: basisIds?.length ?? 0,
      })
      .returning();
    if (!row) throw new Error('git_transactions insert returned no row');
    await tx.insert(gitReportRuns).values({ runId: row.id, kinds, basisIds, lang: input.lang });
    return row;
  });
  // After the commit (on PGlite a send inside the transaction would wait for it forever).
  await app.runs.enqueue(gitReportRunKind, run.id, input.trigger === 'scheduled' ? 120 : undefined);
  return toTransaction(run);
}

// ---- planning ------------------------------------------------------------------------------------

type BasisRow = Pick<
  typeof gitInvoiceBases.$inferSelect,
  'id' | 'gitId' | 'number' | 'status' | 'totalOre' | 'paidOre' | 'paidAt' | 'creditedAt'
>;
type InvoiceRow = Pick<
  typeof invoices.$inferSelect,
  'number' | 'invoiceDate' | 'totalOre' | 'balanceOre' | 'cancelled' | 'credited' | 'isCredit' | 'fullyPaidOn' | 'externalRef'
>;

/** One GIT call the run is to make. */
export interface PlannedReport {
  basisGitId: string;
  invoiceNumber: string;
  kind: 'paid' | 'partially_paid' | 'credited';
  reference: string;
  amountOre: number;
  eventAt: Date;
}

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

async function basesOf(db: Db, gitTarget: MirrorTarget, basisIds: readonly string[] | null): Promise<BasisRow[]> {
  const columns = {
    id: gitInvoiceBases.id,
    gitId: gitInvoiceBases.gitId,
    number: gitInvoiceBases.number,
    status: gitInvoiceBases.status,
    totalOre: gitInvoiceBases.totalOre,
    paidOre: gitInvoiceBases.paidOre,
    paidAt: gitInvoiceBases.paidAt,
    creditedAt: gitInvoiceBases.creditedAt,
  };
  const tenant = and(
    eq(gitInvoiceBases.organisationId, gitTarget.organisationId),
    eq(gitInvoiceBases.clubAccountId, gitTarget.clubAccountId),
  );
  if (!basisIds) {
    return db
      .select(columns)
      .from(gitInvoiceBases)
      .where(and(tenant, ne(gitInvoiceBases.status, 'credited')));
  }
  const out: BasisRow[] = [];
  for (let i = 0; i < basisIds.length; i += CHUNK) {
    out.push(
      ...(await db
        .select(columns)
        .from(gitInvoiceBases)
        .where(and(tenant, inArray(gitInvoiceBases.id, basisIds.slice(i, i + CHUNK) as string[])))),
    );
  }
  return out.sort((a, b) => a.number - b.number);
}

async function inChunks<T>(values: readonly string[], read: (chunk: string[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < values.length; i += CHUNK) out.push(...(await read(values.slice(i, i + CHUNK) as string[])));
  return out;
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
  app: FastifyInstance,
  gitTarget: MirrorTarget,
  target: MirrorTarget,
  options: PlanOptions,
): Promise<ReportPlan> {
  const db = app.db;
  const bulk = options.basisIds === null;
  const today = todayOf(options.now ?? new Date());
  const windowStart = monthsBack(today, GIT_REPORT_WINDOW_MONTHS);
  const { config } = options;
  const plan: ReportPlan = { reports: [], refused: [], alreadyDone: 0 };

  const bases = await basesOf(db, gitTarget, options.basisIds);
  const refOf = new Map(bases.map((b) => [basisInvoiceExternalRef(gitTarget.clubAccountId, target.clubAccountId, b.gitId), b]));
  const invoiceRows = await inChunks(
    [...refOf.keys()],
    (chunk) =>
      db
        .select({
          number: invoices.number,
          invoiceDate: invoices.invoiceDate,
          totalOre: invoices.totalOre,
          balanceOre: invoices.balanceOre,
          cancelled: invoices.cancelled,
          credited: invoices.credited,
          isCredit: invoices.isCredit,
          fullyPaidOn: invoices.fullyPaidOn,
          externalRef: invoices.externalRef,
        })
        .from(invoices)
        .where(
          and(
            eq(invoices.organisationId, target.organisationId),
            eq(invoices.clubAccountId, target.clubAccountId),
            inArray(invoices.externalRef, chunk),
          ),
        ) as Promise<InvoiceRow[]>,
  );
  const invoiceOf = new Map<string, InvoiceRow>();
  for (const row of invoiceRows) {
    const basis = row.externalRef ? refOf.get(row.externalRef) : undefined;
    if (basis && !row.isCredit) invoiceOf.set(basis.gitId, row);
  }
  const numbers = invoiceRows.map((r) => r.number);

  // The latest payment per invoice (a part payment's date), and each credited invoice's credit note date.
  const lastPayment = new Map(
    (
      await inChunks(numbers, (chunk) =>
        db
          .select({ invoiceNumber: invoicePayments.invoiceNumber, last: sql<string>`max(${invoicePayments.paymentDate})` })
          .from(invoicePayments)
          .where(and(eq(invoicePayments.clubAccountId, target.clubAccountId), inArray(invoicePayments.invoiceNumber, chunk)))
          .groupBy(invoicePayments.invoiceNumber),
      )
    ).map((r) => [r.invoiceNumber, String(r.last)]),
  );
  const creditedNumbers = invoiceRows.filter((r) => r.credited).map((r) => r.number);
  const creditDate = new Map(
    (
      await inChunks(creditedNumbers, (chunk) =>
        db
          .select({ credited: invoices.creditedInvoiceNumber, date: sql<string>`min(${invoices.invoiceDate})` })
          .from(invoices)
          .where(
            and(
              eq(invoices.clubAccountId, target.clubAccountId),
              eq(invoices.isCredit, true),
              inArray(invoices.creditedInvoiceNumber, chunk),
            ),
          )
          .groupBy(invoices.creditedInvoiceNumber),
      )
    ).map((r) => [r.credited as string, String(r.date)]),
  );

  // A chosen run reads the ledger rows of its bases only; a bulk run those of the whole club account.
  const ofBases = async <T>(read: (gitIds: string[] | null) => Promise<T[]>) =>
    bulk
      ? read(null)
      : inChunks(
          bases.map((b) => b.gitId),
          (chunk) => read(chunk),
        );
  const paused = new Set(
    (
      await ofBases((gitIds) =>
        db
          .select({ basisGitId: gitSyncItems.basisGitId })
          .from(gitSyncItems)
          .where(
            and(
              eq(gitSyncItems.clubAccountId, gitTarget.clubAccountId),
              eq(gitSyncItems.targetClubAccountId, target.clubAccountId),
              eq(gitSyncItems.state, 'paused'),
              gitIds ? inArray(gitSyncItems.basisGitId, gitIds) : undefined,
            ),
          ),
      )
    ).map((r) => r.basisGitId),
  );

  const done = new Set(
    (
      await ofBases((gitIds) =>
        db
          .select({ basisGitId: gitStatusReports.basisGitId, reference: gitStatusReports.reference })
          .from(gitStatusReports)
          .where(
            and(
              eq(gitStatusReports.clubAccountId, gitTarget.clubAccountId),
              eq(gitStatusReports.state, 'done'),
              gitIds ? inArray(gitStatusReports.basisGitId, gitIds) : undefined,
            ),
          ),
      )
    ).map((r) => `${r.basisGitId}\u0000${r.reference}`),
  );

  const refuse = (basis: BasisRow, invoice: InvoiceRow | undefined, key: MessageKey) => {
    if (!bulk)
      plan.refused.push({
        basisGitId: basis.gitId,
        invoiceNumber: invoice?.number ?? null,
        key,
        params: { invoice: invoice?.number ?? '' },
      });
  };
  const add = (basis: BasisRow, report: Omit<PlannedReport, 'basisGitId'>) => {
    if (done.has(`${basis.gitId}\u0000${report.reference}`)) plan.alreadyDone++;
    else plan.reports.push({ basisGitId: basis.gitId, ...report });
  };

  for (const basis of bases) {
    const invoice = invoiceOf.get(basis.gitId);
    // A basis imported from GIT's Excel export exists only in the portal: GIT's API has no such
    // basis to mark paid or credit (GIT-EXCEL-EXPORT.md). Bulk runs pass it by; a chosen one says why.
    if (basis.gitId.startsWith(IMPORT_GIT_ID_PREFIX)) {
      refuse(basis, invoice, 'gitReport.imported');
      continue;
    }
    if (!invoice) {
      refuse(basis, undefined, 'gitReport.notSynced');
      continue;
    }
    if (paused.has(basis.gitId)) {
      refuse(basis, invoice, 'gitReport.paused');
      continue;
    }
    let handled = false;

    if (options.kinds.includes('credited') && invoice.credited) {
      handled = true;
      const date = creditDate.get(invoice.number) ?? today;
      const outside = date < windowStart || (config.credit_start_date !== null && date < config.credit_start_date);
      if (basis.status === 'credited') plan.alreadyDone++;
      else if (!bulk || !outside) {
        add(basis, {
          invoiceNumber: invoice.number,
          kind: 'credited',
          reference: referenceOf(target, invoice.number, 'credit'),
          amountOre: 0,
          eventAt: momentOf(date),
        });
      }
    }

    if (options.kinds.includes('paid') && !handled) {
      handled = true;
      const paidInAccounting = invoice.totalOre - invoice.balanceOre;
      const fully = invoice.balanceOre === 0 && invoice.totalOre > 0 && !invoice.cancelled && !invoice.credited;
      const partly = !invoice.cancelled && !invoice.credited && invoice.balanceOre > 0 && paidInAccounting > 0;
      const gitLeft = basis.totalOre - basis.paidOre;
      if (basis.status === 'paid') plan.alreadyDone++;
      else if (basis.status === 'credited') refuse(basis, invoice, 'gitReport.creditedInGit');
      else if (!fully && !partly) refuse(basis, invoice, 'gitReport.notPaid');
      else if (partly && !config.include_partially_paid_invoices) refuse(basis, invoice, 'gitReport.partlyPaidOnly');
      else {
        const paidOn = (fully ? invoice.fullyPaidOn : null) ?? lastPayment.get(invoice.number) ?? invoice.invoiceDate;
        const inWindow = invoice.invoiceDate >= windowStart || paidOn >= windowStart;
        const afterStart = !config.payment_start_date || paidOn >= config.payment_start_date;
        if (bulk && (!inWindow || !afterStart)) {
          /* left alone: outside the 6 months or before payment_start_date */
        } else if (fully) {
          if (gitLeft <= 0) plan.alreadyDone++;
          else
            add(basis, {
              invoiceNumber: invoice.number,
              kind: 'paid',
              reference: referenceOf(target, invoice.number, 'paid'),
              amountOre: gitLeft,
              eventAt: momentOf(paidOn),
            });
        } else {
          const upTo = Math.min(paidInAccounting, basis.totalOre);
          const amount = upTo - basis.paidOre;
          if (amount <= 0) plan.alreadyDone++;
          else
            add(basis, {
              invoiceNumber: invoice.number,
              kind: amount >= gitLeft ? 'paid' : 'partially_paid',
              reference: referenceOf(target, invoice.number, `paid-${upTo}`),
              amountOre: amount,
              eventAt: momentOf(paidOn),
            });
        }
      }
    }
    if (!handled) refuse(basis, invoice, 'gitReport.notCredited');
  }
  return plan;
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

/** Records the call before it is made; a pending or failed row of the same reference is reused as it was. */
async function claimReport(db: Db, gitTarget: MirrorTarget, target: MirrorTarget, runId: string, r: PlannedReport) {
  await db
    .insert(gitStatusReports)
    .values({
      ...gitTarget,
      targetClubAccountId: target.clubAccountId,
      basisGitId: r.basisGitId,
      invoiceNumber: r.invoiceNumber,
      kind: r.kind,
      reference: r.reference,
      amountOre: r.amountOre,
      eventAt: r.eventAt,
      runId,
    })
    .onConflictDoUpdate({
      target: [gitStatusReports.clubAccountId, gitStatusReports.basisGitId, gitStatusReports.reference],
      // GIT refused the earlier attempt, so nothing of it took effect: the new plan replaces it.
      set: { kind: r.kind, amountOre: r.amountOre, eventAt: r.eventAt, state: 'pending', runId, updatedAt: sql`now()` },
      setWhere: eq(gitStatusReports.state, 'failed'),
    });
  const [row] = await db
    .select()
    .from(gitStatusReports)
    .where(
      and(
        eq(gitStatusReports.clubAccountId, gitTarget.clubAccountId),
        eq(gitStatusReports.basisGitId, r.basisGitId),
        eq(gitStatusReports.reference, r.reference),
      ),
    );
  if (!row) throw new Error('git_status_reports row missing after insert');
  return row;
}

async function settleReport(db: Db, id: string, state: 'done' | 'failed', error: string | null) {
  await db
    .update(gitStatusReports)
    .set({ state, error, updatedAt: sql`now()`, ...(state === 'done' ? { reportedAt: sql`now()` } : {}) })
    .where(eq(gitStatusReports.id, id));
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
  const [run] = await app.db.select().from(gitTransactions).where(eq(gitTransactions.id, live.id));
  if (!run) throw new NotFoundError();
  const gitTarget: MirrorTarget = { organisationId: run.organisationId, clubAccountId: run.clubAccountId };
  const [request] = await app.db.select().from(gitReportRuns).where(eq(gitReportRuns.runId, run.id));
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
    const send = async (row: typeof gitStatusReports.$inferSelect) => {
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
          await settleReport(app.db, row.id, 'done', null);
        } else {
          await settleReport(app.db, row.id, 'failed', error.messageKey);
          const reason =
            now?.status === 'credited' ? t('gitReport.creditedInGit', lang) : t(error.messageKey, lang, error.params);
          fail(row.basisGitId, row.invoiceNumber, t('gitReport.refusedByGit', lang, { invoice: row.invoiceNumber, reason }));
        }
      }
      if (answer) {
        await mirrorGitBases(app.db, gitTarget, [answer]);
        await settleReport(app.db, row.id, 'done', null);
        const key = row.kind === 'credited' ? 'credited' : row.kind === 'paid' ? 'paid' : 'partiallyPaid';
        progress.counts[key].updated++;
      }
      await tick();
    };

    // Calls an earlier attempt made without seeing GIT's answer are finished first, exactly as
    // recorded, so the plan below reads GIT's state after them and never counts a payment twice.
    const unfinished = await app.db
      .select()
      .from(gitStatusReports)
      .where(and(eq(gitStatusReports.clubAccountId, gitTarget.clubAccountId), eq(gitStatusReports.state, 'pending')));
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
    for (const planned of plan.reports) await send(await claimReport(app.db, gitTarget, target, run.id, planned));

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
    const [request] = await app.db
      .select({ lang: gitReportRuns.lang })
      .from(gitReportRuns)
      .where(eq(gitReportRuns.runId, run.id));
    return failureText(error, request?.lang === 'en' ? 'en' : 'sv').slice(0, 1000);
  },
};

/** One attempt at a report run, in this process (tests). */
export function runReportStatus(app: FastifyInstance, runId: string, options: ReportRunOptions = {}) {
  return app.runs.attempt(gitReportRunKind, runId, options);
}
