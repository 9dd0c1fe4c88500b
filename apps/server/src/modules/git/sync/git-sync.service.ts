import type {
  ApiConfiguration,
  BillingMethod,
  CreateInvoiceInput,
  GitSyncPreflight,
  GitSyncWays,
  Invoice,
  InvoiceConfiguration,
  InvoiceSendMethod,
  MemberConfiguration,
} from '@fairway/shared';
import type { FastifyInstance } from 'fastify';
import type { Db, Tx } from '../../../db/client';
import { AppError, ConflictError, NotFoundError } from '../../../lib/errors';
import { failureText } from '../../../lib/failure';
import type { Lang } from '../../../lib/i18n';
import type { RunContext as LiveRun, RunKind, RunResult } from '../../../lib/runs/run-engine';
import { addDays, stockholmDate } from '../../../lib/stockholm-time';
import { creatorOf, type SystemCaller, systemCaller } from '../../../plugins/auth';
import { isAccountingError, isCustomerMissing } from '../../../providers/accounting/errors';
import type { AccountingProvider } from '../../../providers/accounting/provider';
import { accountingFor } from '../../accounting/connection/accounting-for';
import { accountingDeps } from '../../accounting/deps';
import type { MirrorTarget } from '../../accounting/mirror/mirror';
import { getConfiguration } from '../../configurations/configurations.service';
import { mirrorCustomers } from '../../customers/customers.mirror';
import { findCustomerByExternalRef, forgetMirroredCustomer } from '../../customers/customers.repository';
import { logEventQuietly } from '../../eventlogs/eventlogs.service';
import { mirrorInvoices } from '../../invoices/invoices.mirror';
import { findInvoiceByNumber } from '../../invoices/invoices.repository';
import { cancelInvoice, createInvoice, creditInvoice, sendInvoice, updateInvoiceRows } from '../../invoices/invoices.service';
import { linkCustomerNumber, unlinkCustomerNumber } from '../../members/members.repository';
import type { ClubAccountReach } from '../../organizations/tenant';
import { connectedBy } from '../connection/git-connections.repository';
import type { GitDeps } from '../git.deps';
import { clubAccountOf } from '../git.repository';
import { gitTransactions } from '../git.tables';
import { getTransaction } from '../git-transactions.repository';
import * as repo from './git-sync.repository';
import {
  billingMethodsOf,
  customerFieldsOf,
  deliveryWayOf,
  familyDiscountOf,
  familyPays,
  invoiceRowsOf,
  payerGolfIdOf,
  SEND_WAY,
} from './git-sync-documents';
import { gitArticlesByCode, missingArticlesOf } from './git-sync-mappings.service';
import * as mirror from './git-sync-mirror.repository';
import { basisInvoiceRequestId, payerCustomerRequestId } from './git-sync-ref';
import {
  type BasisRow,
  basesOf,
  type GitSyncSelection,
  type MemberRow,
  type OccasionRow,
  resolveTargetOf,
  selectionOf,
} from './git-sync-selection';
import { encodeFailure, isInvoiced } from './git-sync-states';

export type { GitSyncSelection } from './git-sync-selection';

/**
 * The GIT → accounting sync (docs/git.md#sync).
 * For each chosen GIT invoice basis: the payer's customer (guardian / family payer per the member
 * configuration, keyed by golf ID), the invoice with the mapped articles (carrying the derived
 * reference `basisInvoiceRequestId`), then sending it by the invoice configuration's method.
 * Every step is written to `git_sync_items` before and after its external call, so a run killed
 * anywhere and started again resumes where it stood without making a second document.
 */

/**
 * What queueing and planning a sync needs: the database and log, and the run engine. The run
 * itself is given the app (lib/runs), which the invoice service and the accounting program's
 * provider it calls take.
 */
export type GitSyncDeps = GitDeps & Pick<FastifyInstance, 'runs'>;

export const GIT_SYNC_QUEUE = 'git.sync';
const PROGRESS_EVERY_ITEMS = 25;
const PROGRESS_EVERY_MS = 2_000;

export type GitSyncTrigger = 'manual' | 'scheduled';

/** What a sync run was asked to do, stored on the run (`input`) so any attempt can take it up. */
export interface GitSyncInput {
  occasionGitIds: string[];
  /** Only these bases (GIT ids) of the occasions; null = all of them. */
  basisGitIds: string[] | null;
  userId: string | null;
  lang: Lang;
  /** Book each invoice as it is made; absent (runs queued before the choice existed): the invoice configuration's. */
  book?: boolean;
  /** Send each invoice made; absent: yes. */
  send?: boolean;
}

export interface GitSyncJobData extends GitSyncInput {
  runId: string;
}

export interface QueueGitSyncOptions extends GitSyncSelection {
  trigger: GitSyncTrigger;
  /** The user asking, whose club accounts bound the target; null for a run nobody asked for (the scheduler). */
  caller: ClubAccountReach | null;
  userId?: string | null;
  lang?: Lang;
  /** The user's choice for this run (POST git/sync); absent: the invoice configuration's. */
  book?: boolean;
  send?: boolean;
}

/** Test and benchmark hooks: called before each step; a throw there simulates a crash at that point. */
export type SyncStep =
  | 'customer.before'
  | 'customer.after'
  | 'invoice.before'
  | 'invoice.after'
  | 'send.before'
  | 'send.after'
  | 'credit.before'
  | 'item.done';
export interface GitSyncHooks {
  step?(step: SyncStep, basisGitId: string): void | Promise<void>;
}

// ---- payer and rows ------------------------------------------------------------------------------

// ---- preflight -------------------------------------------------------------------------------------

export async function preflightGitSync(
  app: GitSyncDeps,
  gitTarget: MirrorTarget,
  selection: GitSyncSelection,
  caller: ClubAccountReach,
): Promise<GitSyncPreflight> {
  const { occasionGitIds, basisGitIds } = await selectionOf(app, gitTarget, selection);
  const { target, configured } = await resolveTargetOf(app, gitTarget, selection.targetClubAccountId, caller);
  const bases = await basesOf(app, gitTarget, occasionGitIds, basisGitIds);
  const account = await clubAccountOf(app.db, target.organisationId, target.clubAccountId);
  return {
    target: { id: target.clubAccountId, name: account?.name ?? '', configured },
    ...(await plan(app, gitTarget, target, bases)),
  };
}

/**
 * GIT already holds a payment for the basis (paid at the club, or through GIT itself). Unless the
 * portal invoiced it (then the payment came from that invoice and the report-back), it is not
 * invoiced: a member never gets an invoice for a fee they have paid.
 */
const paidInGit = (b: BasisRow) => b.status === 'paid' || b.status === 'partially_paid';

/**
 * What a run does with a basis, from its GIT status and its ledger item: make its invoice, follow
 * an invoice already made up (send it if unsent, bring a GIT change or credit over, pause it), or
 * nothing (paid or credited in GIT before it was invoiced, paused, credited). The preflight counts
 * with it and the run works through exactly the bases it does not leave alone, so the dialog's
 * figures and the run's progress are one figure.
 */
type Work = 'invoice' | 'followUp' | 'none';
function workOf(basis: BasisRow, item: repo.GitSyncItemRow | undefined): Work {
  if (item?.state === 'paused' || item?.state === 'credited') return 'none';
  if (isInvoiced(item)) return 'followUp';
  if (basis.status === 'credited' || paidInGit(basis)) return 'none';
  return 'invoice';
}

async function plan(
  app: Pick<GitDeps, 'db'>,
  gitTarget: MirrorTarget,
  target: MirrorTarget,
  bases: BasisRow[],
): Promise<Omit<GitSyncPreflight, 'target'>> {
  const items = await repo.itemsOf(
    app.db,
    gitTarget,
    target.clubAccountId,
    bases.map((b) => b.gitId),
  );
  const memberConfig = await getConfiguration(app.db, gitTarget, 'member');
  const toSync = bases.filter((b) => workOf(b, items.get(b.gitId)) === 'invoice');
  const followUps = bases.filter((b) => workOf(b, items.get(b.gitId)) === 'followUp');
  // Invoices made earlier and not sent yet: a run that sends sends them too.
  const unsent = followUps.filter((b) => ['synced', 'sending'].includes(items.get(b.gitId)?.state ?? ''));
  const alreadySynced = bases.filter((b) => isInvoiced(items.get(b.gitId))).length;
  const paidInGitCount = bases.filter((b) => b.status !== 'credited' && paidInGit(b) && !isInvoiced(items.get(b.gitId))).length;
  const payers = [...new Set(toSync.map((b) => payerGolfIdOf(b, memberConfig)))];
  const links = await repo.payerLinksOf(app.db, target, payers);
  const customersToCreate = payers.filter((p) => links.get(p)?.state !== 'ready').length;
  const mappings = await repo.mappingsOf(app.db, target);
  const missingArticles = missingArticlesOf(toSync, mappings, await gitArticlesByCode(app, gitTarget));
  const otherPayers = toSync.flatMap((b) => {
    const payerGolfId = payerGolfIdOf(b, memberConfig);
    if (payerGolfId === b.memberGolfId || b.payerKind === 'self') return [];
    const payerKind = b.payerKind as 'guardian' | 'family';
    return [
      {
        basisGitId: b.gitId,
        memberGolfId: b.memberGolfId,
        memberName: b.memberName,
        payerKind,
        payerGolfId,
        payerName: b.payerName,
      },
    ];
  });
  const invoiceConfig = await getConfiguration(app.db, target, 'invoice');
  const toSend = [...toSync, ...unsent];
  const sendPayers = [...new Set(toSend.map((b) => payerGolfIdOf(b, memberConfig)))];
  const gitMembersByGolfId = await mirror.gitMembersByGolfId(app.db, gitTarget, sendPayers);
  const preferences = await billingMethodsOf(app, gitTarget, sendPayers);
  const ways: GitSyncWays = { email: 0, einvoice: 0, print: 0, external_print: 0 };
  for (const b of toSend) {
    const payer = payerGolfIdOf(b, memberConfig);
    ways[wayOf(invoiceConfig.sendMethod, payer, b, gitMembersByGolfId, preferences)]++;
  }
  return {
    bases: toSync.length,
    followUps: followUps.length,
    total: toSync.length + followUps.length,
    alreadySynced,
    paidInGit: paidInGitCount,
    customersToCreate,
    missingArticles,
    otherPayers,
    delivery: { book: invoiceConfig.bookOnCreate, sendMethod: invoiceConfig.sendMethod, ways },
  };
}

/** How the invoice of a basis is sent to its payer (`deliveryWayOf`, with the e-mail address their customer gets). */
function wayOf(
  sendMethod: InvoiceSendMethod,
  payerGolfId: string,
  basis: BasisRow,
  gitMembersByGolfId: Map<string, MemberRow>,
  preferences: Map<string, BillingMethod>,
): InvoiceSendMethod {
  const email = customerFieldsOf(payerGolfId, gitMembersByGolfId.get(payerGolfId), basis).email;
  return deliveryWayOf(sendMethod, email, preferences.get(payerGolfId) ?? null);
}

// ---- queueing ----------------------------------------------------------------------------------------

/**
 * Queues a sync run of the GIT club account (`gitTarget`): a manual one of the chosen occasion /
 * bases, or (trigger `scheduled`, B's scheduler) every non-archived occasion with an invoice date
 * on or after `sync_start_date`, only when `auto_sync_git_to_accounting` is on. Refused (409) when
 * articles are unmapped. A run already queued or running is answered instead. Answers the run id,
 * or null when a scheduled sync has nothing to do.
 */
export async function queueGitSync(
  app: GitSyncDeps,
  gitTarget: MirrorTarget,
  options: QueueGitSyncOptions,
): Promise<string | null> {
  let occasionGitIds: string[];
  let basisGitIds: string[] | null;
  if (options.trigger === 'scheduled' && !options.occasionId) {
    const api = await getConfiguration(app.db, gitTarget, 'api');
    if (!api.auto_sync_git_to_accounting) return null;
    // The occasions a scheduled sync takes: not archived, invoice date on or after `sync_start_date`.
    occasionGitIds = await mirror.openOccasionGitIds(app.db, gitTarget, api.sync_start_date);
    basisGitIds = null;
  } else {
    ({ occasionGitIds, basisGitIds } = await selectionOf(app, gitTarget, options));
  }
  const { target } = await resolveTargetOf(app, gitTarget, options.targetClubAccountId, options.caller);
  // A run whose worker died is not joined: the sweep resumes it, and this request gets its own.
  const active = await repo.findActiveSyncRun(app.db, gitTarget, app.runs.staleSeconds);
  if (active) return active.id;
  const bases = await basesOf(app, gitTarget, occasionGitIds, basisGitIds);
  const preflight = await plan(app, gitTarget, target, bases);
  if (preflight.missingArticles.length > 0) {
    throw new ConflictError('gitSync.missingArticles', { codes: preflight.missingArticles.map((a) => a.code).join(', ') });
  }
  const input: GitSyncInput = {
    occasionGitIds,
    basisGitIds,
    userId: options.userId ?? null,
    lang: options.lang ?? 'sv',
    ...(options.book === undefined ? {} : { book: options.book }),
    ...(options.send === undefined ? {} : { send: options.send }),
  };
  // The run's total is the preflight's: the bases it works on, not every basis of the occasion.
  const run = await repo.insertSyncRun(app.db, gitTarget, options.trigger, target.clubAccountId, preflight.total, input);
  await app.runs.enqueue(gitSyncRuns, run.id, { urgency: options.trigger === 'scheduled' ? 'background' : 'person' });
  await logEventQuietly(app.db, app.log, {
    ...gitTarget,
    resource: 'git',
    activity: 'gitSync.event.started',
    params: { bases: preflight.total },
    type: 'INFO',
  });
  return run.id;
}

// ---- the run -------------------------------------------------------------------------------------------

/** Errors that stop the whole run: nothing more can be done in this program now. */
function stopsRun(error: unknown): boolean {
  if (isAccountingError(error)) {
    return ['consent_revoked', 'not_connected', 'installation_needed', 'connector_offline', 'licence_missing'].includes(
      error.kind,
    );
  }
  return error instanceof AppError && error.messageKey === 'subscriptions.invoiceQuotaExceeded';
}

/** Transient faults the clients already retried: the item stays resumable, the run goes on. */
function isTransientFault(error: unknown): boolean {
  return isAccountingError(error) && error.transient;
}

class RunStopped extends Error {
  constructor(readonly reason: unknown) {
    super('the sync run was stopped');
  }
}

interface RunContext {
  app: FastifyInstance;
  runId: string;
  gitTarget: MirrorTarget;
  target: MirrorTarget;
  provider: AccountingProvider;
  /** The system, acting for the user who asked (or who connected GIT): invoices change through invoices.service as it. */
  caller: SystemCaller;
  api: ApiConfiguration;
  memberConfig: MemberConfiguration;
  invoiceConfig: InvoiceConfiguration;
  occasions: Map<string, OccasionRow>;
  mappings: Map<string, string>;
  links: Map<string, repo.PayerLink>;
  gitMembersByGolfId: Map<string, MemberRow>;
  /** Members' own billing methods, by golf ID (`deliveryWayOf`). */
  preferences: Map<string, BillingMethod>;
  /** The run's choice: book each invoice made (undefined: the invoice configuration's `bookOnCreate`). */
  book: boolean | undefined;
  /** The run's choice: send invoices (made now, or made earlier and not yet sent). */
  send: boolean;
  hooks: GitSyncHooks;
  progress: repo.RunProgress;
  lang: Lang;
  today: string;
}

const tally = (ctx: RunContext, resource: string, what: 'created' | 'updated') => {
  const c = ctx.progress.counts[resource] ?? { created: 0, updated: 0 };
  ctx.progress.counts[resource] = c;
  c[what]++;
};

/**
 * The payer's customer is the member's customer in the register (members.repository
 * linkCustomerNumber) when the invoices go to the GIT club account's own accounting program: the
 * member's billing tab reads that mirror.
 */
async function memberCustomer(ctx: RunContext, golfId: string, customerNumber: string, conn: Db | Tx = ctx.app.db) {
  if (ctx.target.clubAccountId !== ctx.gitTarget.clubAccountId) return;
  await linkCustomerNumber(conn, ctx.gitTarget, golfId, customerNumber);
}

async function ensureCustomer(ctx: RunContext, basis: BasisRow, golfId: string): Promise<string> {
  const link = ctx.links.get(golfId);
  if (link?.state === 'ready' && link.customerNumber) {
    await followMemberChange(ctx, basis, golfId, link);
    return link.customerNumber;
  }
  const externalRef = `fw-${payerCustomerRequestId(ctx.target.clubAccountId, golfId)}`;
  // Made before, by this run or another (a lost link write): the mirror has it by its reference.
  const mirrored = await findCustomerByExternalRef(ctx.app.db, ctx.target, externalRef);
  if (mirrored) {
    const ready = await repo.savePayerLink(ctx.app.db, ctx.target, golfId, { state: 'ready', customerNumber: mirrored.number });
    await memberCustomer(ctx, golfId, mirrored.number);
    ctx.links.set(golfId, ready);
    return mirrored.number;
  }
  const firstAttempt = !link;
  const member = ctx.gitMembersByGolfId.get(golfId);
  await repo.savePayerLink(ctx.app.db, ctx.target, golfId, { state: 'creating', memberModifiedAt: member?.modifiedAt ?? null });
  await ctx.hooks.step?.('customer.before', basis.gitId);
  const created = await ctx.provider.customers.create(customerFieldsOf(golfId, member, basis), { externalRef, firstAttempt });
  await ctx.hooks.step?.('customer.after', basis.gitId);
  const ready = await ctx.app.db.transaction(async (tx) => {
    await mirrorCustomers(tx, ctx.target, [created], creatorOf(ctx.caller), true);
    const link = await repo.savePayerLink(tx, ctx.target, golfId, { state: 'ready', customerNumber: created.number });
    await memberCustomer(ctx, golfId, created.number, tx);
    return link;
  });
  ctx.links.set(golfId, ready);
  tally(ctx, 'customers', 'created');
  return created.number;
}

/**
 * The invoice was refused because the payer's customer is no longer in the program (deleted
 * there, or a program that lost it). Once the program confirms the customer is gone, the payer's
 * link is forgotten, the payer gets a customer again (`ensureCustomer`: found by its reference, or
 * created), the event log says so, and the invoice is made for the new customer. The refused
 * create made nothing and the second one carries the same reference (`firstAttempt` false: the
 * provider looks it up first), so there is never a second invoice. A customer the program still
 * has was refused for another reason: that error stands, as does any other error.
 */
async function invoiceForVanishedCustomer(
  ctx: RunContext,
  basis: BasisRow,
  golfId: string,
  body: CreateInvoiceInput,
  error: unknown,
): Promise<Invoice> {
  if (!isCustomerMissing(error) || !(await customerIsGone(ctx, body.customerNumber))) throw error;
  const vanished = body.customerNumber;
  const forgotten = await ctx.app.db.transaction(async (tx) => {
    // The mirror must not answer the vanished customer by its reference again.
    await forgetMirroredCustomer(tx, ctx.target, vanished);
    if (ctx.target.clubAccountId === ctx.gitTarget.clubAccountId) await unlinkCustomerNumber(tx, ctx.gitTarget, golfId, vanished);
    return repo.savePayerLink(tx, ctx.target, golfId, { state: 'creating', customerNumber: null });
  });
  ctx.links.set(golfId, forgotten);
  const customerNumber = await ensureCustomer(ctx, basis, golfId);
  await logEventQuietly(ctx.app.db, ctx.app.log, {
    ...ctx.gitTarget,
    resource: 'git',
    activity: 'gitSync.event.customerRecreated',
    params: { golfId, old: vanished, number: customerNumber },
    type: 'INFO',
  });
  await repo.saveItem(ctx.app.db, itemKey(ctx, basis), { customerNumber, runId: ctx.runId });
  return createInvoice(accountingDeps(ctx.app), ctx.caller, { ...body, customerNumber }, { firstAttempt: false, book: ctx.book });
}

/** Whether the program answers "no such customer" for this number (read, never assumed from a refusal). */
async function customerIsGone(ctx: RunContext, number: string): Promise<boolean> {
  try {
    await ctx.provider.customers.get(number);
    return false;
  } catch (error) {
    if (isCustomerMissing(error)) return true;
    throw error;
  }
}

/**
 * GIT is the member register: when the payer's name, address, phone or e-mail changed in GIT
 * after their customer was written, the customer is updated (only those fields, so what the club
 * keeps in the program itself, such as terms or notes, stays). One request, only for a changed
 * member; an update repeated after a crash writes the same values again.
 */
async function followMemberChange(ctx: RunContext, basis: BasisRow, golfId: string, link: repo.PayerLink): Promise<void> {
  const member = ctx.gitMembersByGolfId.get(golfId);
  if (!member || !link.customerNumber || !link.memberModifiedAt) return;
  if (member.modifiedAt.getTime() <= link.memberModifiedAt.getTime()) return;
  const fields = customerFieldsOf(golfId, member, basis);
  const updated = await ctx.provider.customers.update(link.customerNumber, {
    name: fields.name,
    address: fields.address,
    phone1: fields.phone1,
    email: fields.email,
  });
  const saved = await ctx.app.db.transaction(async (tx) => {
    await mirrorCustomers(tx, ctx.target, [updated], creatorOf(ctx.caller), true);
    return repo.savePayerLink(tx, ctx.target, golfId, { state: 'ready', memberModifiedAt: member.modifiedAt });
  });
  ctx.links.set(golfId, saved);
  tally(ctx, 'customers', 'updated');
}

/** The member the basis is for, by name: GIT's member register first, the basis's own text otherwise. */
function memberNameOf(gitMembers: Map<string, MemberRow>, basis: BasisRow): string {
  const member = gitMembers.get(basis.memberGolfId);
  return member ? `${member.firstName} ${member.lastName}` : basis.memberName;
}

/** The member's name for the invoice rows when someone else pays their fee; null when they pay it themselves. */
function forMemberOf(ctx: RunContext, basis: BasisRow): string | null {
  return payerGolfIdOf(basis, ctx.memberConfig) === basis.memberGolfId ? null : memberNameOf(ctx.gitMembersByGolfId, basis);
}

function itemKey(ctx: RunContext, basis: BasisRow) {
  return {
    organisationId: ctx.gitTarget.organisationId,
    clubAccountId: ctx.gitTarget.clubAccountId,
    targetClubAccountId: ctx.target.clubAccountId,
    basisGitId: basis.gitId,
    occasionGitId: basis.occasionGitId,
  };
}

/** Credits (booked) or cancels (unbooked) the invoice of a basis GIT credited, per the API configuration. */
async function creditInAccounting(ctx: RunContext, basis: BasisRow, item: repo.GitSyncItemRow): Promise<void> {
  if (!ctx.api.auto_credit_invoice_in_accounting || !item.invoiceNumber || !basis.creditedAt) return;
  const since = ctx.api.create_credit_start_date;
  if (since && stockholmDate(basis.creditedAt) < since) return;
  const invoice = await findInvoiceByNumber(ctx.app.db, ctx.target, item.invoiceNumber);
  if (invoice && !invoice.cancelled && !invoice.credited) {
    await ctx.hooks.step?.('credit.before', basis.gitId);
    // As a person's credit or cancel: the invoice's state rules apply, and the event log says it.
    if (invoice.booked) await creditInvoice(accountingDeps(ctx.app), ctx.caller, invoice.id);
    else await cancelInvoice(accountingDeps(ctx.app), ctx.caller, invoice.id);
  }
  await repo.saveItem(ctx.app.db, itemKey(ctx, basis), {
    state: 'credited',
    creditedAt: new Date(),
    lastError: null,
    runId: ctx.runId,
  });
  tally(ctx, 'credited', 'created');
}

/** An invoice already made: pause it when overdue (autoPause), or bring a GIT change over (auto update). */
async function followUp(ctx: RunContext, basis: BasisRow, item: repo.GitSyncItemRow): Promise<'done' | 'send'> {
  if (!item.invoiceNumber) return 'done';
  const invoice = await findInvoiceByNumber(ctx.app.db, ctx.target, item.invoiceNumber);
  // Only an invoice the member has received can be overdue: one not yet sent is sent first.
  if (
    ctx.invoiceConfig.autoPause &&
    item.state === 'sent' &&
    invoice &&
    !invoice.cancelled &&
    invoice.balanceOre > 0 &&
    invoice.dueDate &&
    addDays(invoice.dueDate, ctx.invoiceConfig.autoPauseDaysAfterDue) < ctx.today
  ) {
    await repo.saveItem(ctx.app.db, itemKey(ctx, basis), { state: 'paused', pausedAt: new Date(), runId: ctx.runId });
    tally(ctx, 'paused', 'updated');
    return 'done';
  }
  const changed = !item.basisModifiedAt || basis.modifiedAt > item.basisModifiedAt;
  if (changed && invoice) {
    if (!ctx.api.auto_update_invoice_with_git) {
      await repo.saveItem(ctx.app.db, itemKey(ctx, basis), {
        lastError: JSON.stringify({ key: 'gitSync.changeNotApplied', params: {} }),
        runId: ctx.runId,
      });
    } else if (invoice.booked || invoice.cancelled) {
      await repo.saveItem(ctx.app.db, itemKey(ctx, basis), {
        lastError: JSON.stringify({ key: 'gitSync.invoiceBooked', params: { invoice: invoice.number } }),
        runId: ctx.runId,
      });
    } else {
      const discount = familyPays(basis, ctx.memberConfig)
        ? await familyDiscountOf(ctx.app, ctx.gitTarget, basis.memberGolfId)
        : null;
      await updateInvoiceRows(accountingDeps(ctx.app), ctx.caller, invoice.id, {
        rows: invoiceRowsOf(basis, ctx.mappings, discount, forMemberOf(ctx, basis)),
        dueDate: basis.dueDate,
      });
      await repo.saveItem(ctx.app.db, itemKey(ctx, basis), {
        basisModifiedAt: basis.modifiedAt,
        syncedAt: new Date(),
        lastError: null,
        runId: ctx.runId,
      });
      tally(ctx, 'invoices', 'updated');
    }
  }
  return item.state === 'synced' || item.state === 'sending' ? 'send' : 'done';
}

/**
 * Sends the invoice by the configured method, once. The item is `sending` while the request is
 * out: a run that died then cannot know from its own records whether the program sent it, so the
 * resumed run (`resumed`) reads the invoice back from the program and sends only if it was not.
 */
async function sendStep(ctx: RunContext, basis: BasisRow, invoiceNumber: string, resumed: boolean): Promise<void> {
  // Asked not to send: the invoice stays `synced` (shown unsent); a later run with sending on sends it.
  if (!ctx.send) return;
  let invoice = await findInvoiceByNumber(ctx.app.db, ctx.target, invoiceNumber);
  if (!invoice) return;
  if (!invoice.sent && resumed) {
    const fresh = await ctx.provider.invoices.get(invoiceNumber);
    await mirrorInvoices(ctx.app.db, ctx.target, [fresh], null, true);
    invoice = (await findInvoiceByNumber(ctx.app.db, ctx.target, invoiceNumber)) ?? invoice;
  }
  if (!invoice.sent) {
    await repo.saveItem(ctx.app.db, itemKey(ctx, basis), { state: 'sending', runId: ctx.runId });
    await ctx.hooks.step?.('send.before', basis.gitId);
    const way = wayOf(
      ctx.invoiceConfig.sendMethod,
      payerGolfIdOf(basis, ctx.memberConfig),
      basis,
      ctx.gitMembersByGolfId,
      ctx.preferences,
    );
    await sendInvoice(accountingDeps(ctx.app), ctx.caller, invoice.id, SEND_WAY[way]);
    await ctx.hooks.step?.('send.after', basis.gitId);
  }
  await repo.saveItem(ctx.app.db, itemKey(ctx, basis), { state: 'sent', sentAt: new Date(), lastError: null, runId: ctx.runId });
  tally(ctx, 'sent', 'created');
}

/** One basis, from wherever its item stands. */
async function syncBasis(ctx: RunContext, basis: BasisRow, found: repo.GitSyncItemRow | undefined): Promise<void> {
  let item = found;
  if (item?.state === 'paused' || item?.state === 'credited') return;
  if (basis.status === 'credited') {
    if (item && isInvoiced(item)) await creditInAccounting(ctx, basis, item);
    return;
  }
  if (item && isInvoiced(item)) {
    if ((await followUp(ctx, basis, item)) === 'send' && item.invoiceNumber) {
      await sendStep(ctx, basis, item.invoiceNumber, item.state === 'sending');
    }
    return;
  }

  if (paidInGit(basis)) return;
  const occasion = ctx.occasions.get(basis.occasionGitId);
  if (!occasion) return;
  const payerGolfId = payerGolfIdOf(basis, ctx.memberConfig);
  const customerNumber = await ensureCustomer(ctx, basis, payerGolfId);
  const key = itemKey(ctx, basis);
  if (item?.state !== 'creating') {
    item = await repo.saveItem(ctx.app.db, key, { state: 'customer_ready', payerGolfId, customerNumber, runId: ctx.runId });
  }
  const discount = familyPays(basis, ctx.memberConfig)
    ? await familyDiscountOf(ctx.app, ctx.gitTarget, basis.memberGolfId)
    : null;
  const rows = invoiceRowsOf(basis, ctx.mappings, discount, forMemberOf(ctx, basis));
  // Recorded before the call: a run killed during it looks the reference up when it resumes.
  const firstAttempt = (item?.attempts ?? 0) === 0;
  item = await repo.saveItem(ctx.app.db, key, {
    state: 'creating',
    customerNumber,
    attempts: (item?.attempts ?? 0) + 1,
    runId: ctx.runId,
  });
  await ctx.hooks.step?.('invoice.before', basis.gitId);
  const body: CreateInvoiceInput = {
    requestId: basisInvoiceRequestId(ctx.gitTarget.clubAccountId, ctx.target.clubAccountId, basis.gitId),
    customerNumber,
    invoiceDate: occasion.invoiceDate,
    dueDate: basis.dueDate >= occasion.invoiceDate ? basis.dueDate : occasion.invoiceDate,
    termsOfPayment: null,
    invoiceType: 'INVOICE',
    currency: 'SEK',
    yourReference: memberNameOf(ctx.gitMembersByGolfId, basis).slice(0, 50),
    ourReference: null,
    remarks: `${occasion.name} · GIT ${basis.number} · ${basis.memberGolfId}`.slice(0, 1024),
    costCenter: null,
    project: null,
    rows: rows as CreateInvoiceInput['rows'],
  };
  const invoice = await createInvoice(accountingDeps(ctx.app), ctx.caller, body, { firstAttempt, book: ctx.book }).catch(
    (error: unknown) => invoiceForVanishedCustomer(ctx, basis, payerGolfId, body, error),
  );
  await ctx.hooks.step?.('invoice.after', basis.gitId);
  await repo.saveItem(ctx.app.db, key, {
    state: 'synced',
    invoiceNumber: invoice.number,
    syncedAt: new Date(),
    basisModifiedAt: basis.modifiedAt,
    lastError: null,
    runId: ctx.runId,
  });
  tally(ctx, 'invoices', 'created');
  await sendStep(ctx, basis, invoice.number, false);
}

/** Who the run's documents are made for (their creator): the user who asked, or who connected GIT. */
async function runUser(app: Pick<GitDeps, 'db'>, gitTarget: MirrorTarget, userId: string | null): Promise<string | null> {
  return userId ?? (await connectedBy(app.db, gitTarget));
}

/** Options of an in-process attempt (tests, benchmarks): hooks called before each step. */
export interface GitSyncRunOptions {
  hooks?: GitSyncHooks;
}

/** A basis the program or a rule refused: the item says why, the run's failures too, and the run goes on. */
async function recordFailure(ctx: RunContext, basis: BasisRow, error: AppError): Promise<void> {
  ctx.progress.failed++;
  const current = (await repo.itemsOf(ctx.app.db, ctx.gitTarget, ctx.target.clubAccountId, [basis.gitId])).get(basis.gitId);
  // An invoice that exists keeps its state (the send failed); a create whose answer was lost
  // stays `creating` so the next attempt looks it up; otherwise the item is failed.
  // A send the program refused was not made: the item is back to `synced` (to send later).
  const keep = current && (isInvoiced(current) || (current.state === 'creating' && isTransientFault(error)));
  const refusedSend = current?.state === 'sending' && !isTransientFault(error);
  await repo.saveItem(ctx.app.db, itemKey(ctx, basis), {
    ...(keep ? (refusedSend ? { state: 'synced' } : {}) : { state: 'failed' }),
    lastError: encodeFailure(error),
    runId: ctx.runId,
  });
  if (ctx.progress.failures.length < 100) {
    ctx.progress.failures.push({
      basisGitId: basis.gitId,
      invoiceNumber: current?.invoiceNumber ?? null,
      message: failureText(error, ctx.lang),
    });
  }
}

/** Everything a run's steps read once: the configurations, mappings, payers, GIT's members, the caller. */
async function contextOf(
  app: FastifyInstance,
  run: {
    runId: string;
    gitTarget: MirrorTarget;
    target: MirrorTarget;
    provider: AccountingProvider;
    data: GitSyncInput;
    bases: BasisRow[];
    progress: repo.RunProgress;
    options: GitSyncRunOptions;
  },
): Promise<RunContext> {
  const { gitTarget, target, data, bases } = run;
  const memberConfig = await getConfiguration(app.db, gitTarget, 'member');
  const golfIds = [...new Set(bases.flatMap((b) => [b.memberGolfId, payerGolfIdOf(b, memberConfig)]))];
  const userId = await runUser(app, gitTarget, data.userId);
  return {
    app,
    runId: run.runId,
    gitTarget,
    target,
    provider: run.provider,
    caller: systemCaller(target.organisationId, target.clubAccountId, { onBehalfOf: userId }),
    api: await getConfiguration(app.db, gitTarget, 'api'),
    memberConfig,
    invoiceConfig: await getConfiguration(app.db, target, 'invoice'),
    occasions: await mirror.occasionsByGitId(app.db, gitTarget, data.occasionGitIds),
    mappings: await repo.mappingsOf(app.db, target),
    links: await repo.payerLinksOf(app.db, target, golfIds),
    gitMembersByGolfId: await mirror.gitMembersByGolfId(app.db, gitTarget, golfIds),
    preferences: await billingMethodsOf(app, gitTarget, golfIds),
    book: data.book,
    send: data.send ?? true,
    hooks: run.options.hooks ?? {},
    progress: run.progress,
    lang: data.lang,
    today: stockholmDate(new Date()),
  };
}

/**
 * One sync run on the run engine (lib/runs): one at a time per GIT club account. Per basis
 * errors mark the item failed and the run goes on; a revoked consent, a missing connection or an
 * exhausted invoice quota stop the run (failed, with the message; items stay resumable); other
 * faults (database, bug) are retried, and every attempt resumes each basis where its ledger
 * entry stands, so nothing is made twice.
 */
async function syncRun(
  app: FastifyInstance,
  live: LiveRun<typeof gitTransactions>,
  options: GitSyncRunOptions = {},
): Promise<RunResult> {
  const run = await getTransaction(app.db, live.id);
  if (!run) throw new NotFoundError();
  const data = run.input as GitSyncInput | null;
  if (!data) throw new NotFoundError('gitSync.targetNotFound');
  const gitTarget: MirrorTarget = { organisationId: run.organisationId, clubAccountId: run.clubAccountId };
  const save = () => live.save(repo.progressValues(progress));
  const progress: repo.RunProgress = { total: 0, processed: 0, failed: 0, failures: [], counts: {} };
  try {
    if (!run.targetClubAccountId) throw new NotFoundError('gitSync.targetNotFound');
    const target: MirrorTarget = { organisationId: run.organisationId, clubAccountId: run.targetClubAccountId };
    const provider = await accountingFor(app, { organisationId: target.organisationId }, target.clubAccountId);
    const selected = await basesOf(app, gitTarget, data.occasionGitIds, data.basisGitIds);
    const items = await repo.itemsOf(
      app.db,
      gitTarget,
      target.clubAccountId,
      selected.map((b) => b.gitId),
    );
    // Exactly the bases the preflight counted (`workOf`); the rest has nothing to do.
    const bases = selected.filter((b) => workOf(b, items.get(b.gitId)) !== 'none');
    progress.total = bases.length;
    const ctx = await contextOf(app, { runId: run.id, gitTarget, target, provider, data, bases, progress, options });
    await save();
    let lastWrite = Date.now();
    let sinceWrite = 0;
    for (const basis of bases) {
      live.throwIfTakenOver();
      try {
        await syncBasis(ctx, basis, items.get(basis.gitId));
        await ctx.hooks.step?.('item.done', basis.gitId);
      } catch (error) {
        if (stopsRun(error)) throw new RunStopped(error);
        if (!(error instanceof AppError)) throw error;
        await recordFailure(ctx, basis, error);
      }
      progress.processed++;
      sinceWrite++;
      if (sinceWrite >= PROGRESS_EVERY_ITEMS || Date.now() - lastWrite >= PROGRESS_EVERY_MS) {
        await save();
        sinceWrite = 0;
        lastWrite = Date.now();
      }
    }
    await save();
    const count = (r: string, w: 'created' | 'updated') => progress.counts[r]?.[w] ?? 0;
    return {
      event: {
        activity: 'gitSync.event.finished',
        params: {
          created: count('invoices', 'created'),
          sent: count('sent', 'created'),
          updated: count('invoices', 'updated'),
          credited: count('credited', 'created'),
          failed: progress.failed,
        },
        type: progress.failed > 0 ? 'ERROR' : 'SUCCESS',
      },
    };
  } catch (error) {
    // What the attempt got through stays shown; the run engine then retries or fails the run.
    if (!live.signal.aborted) await save();
    throw error;
  }
}

/** The GIT → accounting sync as a run of the run engine (lib/runs). */
export const gitSyncRuns: RunKind<typeof gitTransactions, GitSyncRunOptions> = {
  name: 'git.sync',
  queue: GIT_SYNC_QUEUE,
  store: { table: gitTransactions, kind: { column: 'kind', value: repo.SYNC_RUN_KIND } },
  // Each attempt moves the ledger on and repeats nothing, so a sync may be taken up many times.
  maxAttempts: 20,
  queueOptions: { retryLimit: 3, retryDelay: 30, retryBackoff: true, expireInSeconds: 4 * 60 * 60 },
  eventResource: 'git',
  events: { retrying: 'runs.gitSync.retrying', resumed: 'runs.gitSync.resumed', failed: 'gitSync.event.failed' },
  execute: syncRun,
  // Our own refusals (a revoked consent, the quota) need a person; a crash-like fault (database,
  // bug) may pass, and the items resume.
  retryable: (caught) => !((caught instanceof RunStopped ? caught.reason : caught) instanceof AppError),
  async reasonOf(app, caught, run) {
    const stored = await getTransaction(app.db, run.id);
    const lang = (stored?.input as GitSyncInput | null)?.lang ?? 'sv';
    return failureText(caught instanceof RunStopped ? caught.reason : caught, lang).slice(0, 1000);
  },
};

/** One attempt at a queued sync run, in this process (tests, benchmarks, the demo). */
export function runGitSync(
  app: Pick<FastifyInstance, 'runs'>,
  data: Pick<GitSyncJobData, 'runId'>,
  options: GitSyncRunOptions = {},
) {
  return app.runs.attempt(gitSyncRuns, data.runId, options);
}

/**
 * Queues and runs a sync of one invoice occasion for a target to completion, in this process
 * (benchmarks, tests, the demo): answers the run id.
 */
export async function syncOccasionNow(
  app: GitSyncDeps,
  gitTarget: MirrorTarget,
  options: QueueGitSyncOptions,
  hooks?: GitSyncHooks,
): Promise<string | null> {
  const runId = await queueGitSync(app, gitTarget, options);
  if (!runId) return null;
  await runGitSync(app, await gitSyncJobData(app, runId, options), { hooks });
  return runId;
}

/** What a queued run was asked to do, with its id (for in-process runs and tests). */
export async function gitSyncJobData(
  app: Pick<GitDeps, 'db'>,
  runId: string,
  _options?: QueueGitSyncOptions,
): Promise<GitSyncJobData> {
  const run = await getTransaction(app.db, runId);
  if (!run?.input) throw new NotFoundError();
  return { runId, ...(run.input as GitSyncInput) };
}
