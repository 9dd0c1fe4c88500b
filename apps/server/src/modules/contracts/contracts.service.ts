import { randomUUID } from 'node:crypto';
import {
  CONTRACT_ACTION_STATES,
  CONTRACT_TAGS_LIST_MAX,
  type Contract,
  type ContractAction,
  type ContractInvoice,
  type ContractInvoiceBody,
  type ContractListRow,
  type ContractPriceChange,
  type ContractScheduleItem,
  type ContractStatus,
  type ContractsList,
  type ContractsListFilter,
  type ContractTagsList,
  type CreateContractInput,
  contractActionAllowed,
  encodeMessage,
  type PriceChangeBody,
  percentToBasisPoints,
} from '@fairway/shared';
import { BusinessError, ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import { isMessageKey, type Lang, type MessageKey, type MessageParams, t } from '../../lib/i18n';
import { stockholmDate } from '../../lib/stockholm-time';
import { isAccountingError } from '../../providers/accounting/errors';
import type { AccContract, AccountingProvider, ContractFields } from '../../providers/accounting/provider';
import { type AccountingCaller, targetOf } from '../accounting/access';
import type { AccountingDeps } from '../accounting/deps';
import { type ExportFile, exportRows } from '../accounting/mirror/export';
import type { MirrorTarget } from '../accounting/mirror/mirror';
import { logEvent, userDisplayName } from '../eventlogs/eventlogs.service';
import { mirrorInvoices } from '../invoices/invoices.mirror';
import { findInvoiceByNumber } from '../invoices/invoices.repository';
import { reserveInvoiceQuota } from '../subscriptions/subscriptions.service';
import { mirrorContracts } from './contracts.mirror';
import * as repo from './contracts.repository';

export const EXPORT_LIMIT = 50_000;
const SCHEDULES_LIMIT = 5_000;

/** Today for a Swedish club: the calendar day in Stockholm. */
export function todayInSweden(now: Date = new Date()): string {
  return stockholmDate(now);
}

/** Visma eEkonomi has no contracts: the feature says so instead of failing inside the provider. */
async function contractsSupported(deps: AccountingDeps, target: MirrorTarget): Promise<boolean> {
  return (await repo.accountingProgramOf(deps.db, target)) !== 'visma_eekonomi';
}

async function assertSupported(deps: AccountingDeps, target: MirrorTarget): Promise<void> {
  if (!(await contractsSupported(deps, target))) throw new BusinessError(400, 'contracts.notSupported');
}

function providerFor(deps: AccountingDeps, target: MirrorTarget): Promise<AccountingProvider> {
  return deps.accountingFor({ organisationId: target.organisationId }, target.clubAccountId);
}

/** A stored error (message key + params, or the program's own text) in the reader's language. */
export function errorText(error: string | null, params: MessageParams | null, lang: Lang): string | null {
  if (error === null) return null;
  return isMessageKey(error) ? t(error, lang, params ?? undefined) : error;
}

export function toPriceChange(row: repo.PriceChangeRecord, contractId: string | null, lang: Lang): ContractPriceChange {
  return {
    id: row.id,
    contractId,
    contractNumber: row.contractNumber,
    changeBasisPoints: row.changeBasisPoints,
    effectiveOn: row.effectiveOn,
    status: row.status as ContractPriceChange['status'],
    appliedAt: row.appliedAt?.toISOString() ?? null,
    error: errorText(row.error, row.errorParams, lang),
    createdAt: row.createdAt.toISOString(),
  };
}

function actionsFor(status: ContractStatus): ContractAction[] {
  return (Object.keys(CONTRACT_ACTION_STATES) as ContractAction[]).filter((a) => contractActionAllowed(a, status));
}

function toContract(
  row: repo.ContractRecord,
  priceChanges: repo.PriceChangeRecord[],
  lang: Lang,
  today: string,
  stale: { notice: string } | null = null,
): Contract {
  const c = row.data;
  const status = repo.statusOf(row, today);
  return {
    id: row.id,
    number: row.number,
    customerNumber: row.customerNumber,
    customerName: row.customerName,
    contractDate: row.contractDate,
    periodStart: row.periodStart,
    periodEnd: row.periodEnd,
    continuous: row.continuous,
    contractLength: row.contractLength,
    invoiceInterval: row.invoiceInterval,
    active: row.active,
    vatIncluded: c.vatIncluded ?? false,
    termsOfPayment: c.termsOfPayment ?? null,
    yourReference: c.yourReference ?? null,
    ourReference: c.ourReference ?? null,
    remarks: c.remarks ?? null,
    costCenter: c.costCenter ?? null,
    project: c.project ?? null,
    rows: c.rows ?? [],
    lastInvoiceDate: row.lastInvoiceDate,
    invoicesRemaining: c.invoicesRemaining ?? null,
    totalOre: row.totalOre,
    status,
    category: row.category,
    tags: row.tags,
    cancellationDate: row.cancellationDate,
    terminatedAt: row.terminatedAt?.toISOString() ?? null,
    priceChanges: priceChanges.map((p) => toPriceChange(p, row.id, lang)),
    actions: actionsFor(status),
    syncedAt: row.syncedAt.toISOString(),
    stale: stale !== null,
    notice: stale?.notice ?? null,
  };
}

/** The body's fields the accounting program keeps (the category stays in the portal). */
function programFields(body: CreateContractInput): ContractFields {
  const { category: _category, rows, termsOfPayment, ...fields } = body;
  return {
    ...fields,
    // Left out when empty: the program then uses the customer's terms (an empty code is refused when invoicing).
    ...(termsOfPayment ? { termsOfPayment } : {}),
    rows: rows.map((r) => ({ ...r, description: r.description ?? '' })),
  } as ContractFields;
}

/** The caller's contract, in a state that allows the action; 404 and the state's refusal otherwise. */
async function contractFor(
  deps: AccountingDeps,
  caller: AccountingCaller,
  id: string,
  action: ContractAction,
  today: string,
): Promise<{ target: MirrorTarget; row: repo.ContractRecord }> {
  const target = targetOf(caller);
  await assertSupported(deps, target);
  const row = await repo.findContract(deps.db, caller, target, id);
  if (!row) throw new NotFoundError('contracts.notFound');
  if (!contractActionAllowed(action, repo.statusOf(row, today))) {
    throw new BusinessError(400, `contracts.refused.${action}` as MessageKey);
  }
  return { target, row };
}

async function reload(deps: AccountingDeps, target: MirrorTarget, number: string, lang: Lang, today: string): Promise<Contract> {
  const row = await repo.findContractByNumber(deps.db, target, number);
  if (!row) throw new Error(`the contract ${number} is missing from the mirror`);
  return toContract(row, await repo.priceChangesOf(deps.db, target, number), lang, today);
}

const eventBase = (target: MirrorTarget) => ({
  organisationId: target.organisationId,
  clubAccountId: target.clubAccountId,
  resource: 'contracts' as const,
});

// ---- reading --------------------------------------------------------------------------------

export async function listContractsPage(
  deps: AccountingDeps,
  caller: AccountingCaller,
  filter: ContractsListFilter,
  lang: Lang,
): Promise<ContractsList> {
  const target = targetOf(caller);
  const pagination = { page: filter.page, pageSize: filter.pageSize };
  if (!(await contractsSupported(deps, target))) {
    return { data: [], pagination: { ...pagination, total: 0 }, supported: false, notice: t('contracts.notSupported', lang) };
  }
  const { rows, total } = await repo.listContracts(deps.db, caller, target, filter, filter, todayInSweden());
  return { data: rows satisfies ContractListRow[], pagination: { ...pagination, total }, supported: true, notice: null };
}

/** GET contracts/tags (also `GET tags`): the tags in use on the contracts the caller may see, by name. */
export async function listContractTags(
  deps: AccountingDeps,
  caller: AccountingCaller,
  search: string | undefined,
  lang: Lang,
): Promise<ContractTagsList> {
  const target = targetOf(caller);
  if (!(await contractsSupported(deps, target))) {
    return { data: [], supported: false, notice: t('contracts.notSupported', lang) };
  }
  const data = await repo.tagsInUse(deps.db, caller, target, search || undefined, CONTRACT_TAGS_LIST_MAX);
  return { data, supported: true, notice: null };
}

/**
 * GET contracts/{id}: the full contract read from the program (rows included) and merged into
 * the mirror; when the program cannot answer, the mirror's copy with `stale` and the reason.
 */
export async function getContract(deps: AccountingDeps, caller: AccountingCaller, id: string, lang: Lang): Promise<Contract> {
  const target = targetOf(caller);
  await assertSupported(deps, target);
  const row = await repo.findContract(deps.db, caller, target, id);
  if (!row) throw new NotFoundError('contracts.notFound');
  const today = todayInSweden();
  try {
    const fresh = await (await providerFor(deps, target)).contracts.get(row.number);
    await mirrorContracts(deps.db, target, [fresh], null, true);
  } catch (error) {
    if (!isAccountingError(error)) throw error;
    deps.log.warn({ err: error, contract: row.number }, 'contract read from the mirror: the accounting program did not answer');
    const reason = t(error.messageKey, lang, error.params);
    return toContract(row, await repo.priceChangesOf(deps.db, target, row.number), lang, today, {
      notice: t('contracts.staleCopy', lang, { reason }),
    });
  }
  return reload(deps, target, row.number, lang, today);
}

// ---- create and update ----------------------------------------------------------------------

/**
 * POST contracts: created in the program first (carrying our reference, so a retry after a lost
 * answer finds it instead of creating a second), then mirrored with who created it and the
 * portal's category, and told in the event log. A refusal by the program changes nothing here.
 */
export async function createContract(
  deps: AccountingDeps,
  caller: AccountingCaller,
  body: CreateContractInput,
  lang: Lang,
): Promise<Contract> {
  const target = targetOf(caller);
  await assertSupported(deps, target);
  const externalRef = `fw-${body.requestId ?? randomUUID()}`;
  if (body.requestId) {
    const done = await repo.findContractByExternalRef(deps.db, target, externalRef);
    if (done) return reload(deps, target, done.number, lang, todayInSweden());
  }
  const provider = await providerFor(deps, target);
  const { requestId: _r, ...fields } = body;
  const created = await provider.contracts.create(programFields(fields), { externalRef });
  await deps.db.transaction(async (tx) => {
    await mirrorContracts(tx, target, [created], caller.userId, true);
    await repo.setCategory(tx, target, created.number, body.category);
    await logEvent(tx, {
      ...eventBase(target),
      activity: 'contracts.event.created',
      params: { user: await userDisplayName(tx, caller.userId), number: created.number, customer: created.customerName },
      type: 'SUCCESS',
    });
  });
  return reload(deps, target, created.number, lang, todayInSweden());
}

/** PUT contracts/{id}: only while the contract runs; the program is changed first, then the mirror. */
export async function updateContract(
  deps: AccountingDeps,
  caller: AccountingCaller,
  id: string,
  body: CreateContractInput,
  lang: Lang,
): Promise<Contract> {
  const today = todayInSweden();
  const { target, row } = await contractFor(deps, caller, id, 'update', today);
  const updated = await (await providerFor(deps, target)).contracts.update(row.number, programFields(body));
  await deps.db.transaction(async (tx) => {
    await mirrorContracts(tx, target, [updated], null, true);
    await repo.setCategory(tx, target, updated.number, body.category);
    await logEvent(tx, {
      ...eventBase(target),
      activity: 'contracts.event.updated',
      params: { user: await userDisplayName(tx, caller.userId), number: updated.number, customer: updated.customerName },
      type: 'INFO',
    });
  });
  return reload(deps, target, updated.number, lang, today);
}

// ---- actions --------------------------------------------------------------------------------

/**
 * Ends the contract in the program. A contract the program already reports finished counts as
 * ended (the mirror was behind, or an earlier attempt's answer was lost).
 */
export async function finishInProgram(provider: AccountingProvider, number: string): Promise<AccContract> {
  try {
    return await provider.contracts.finish(number);
  } catch (error) {
    if (isAccountingError(error) && (error.kind === 'validation' || error.kind === 'conflict')) {
      const current = await provider.contracts.get(number);
      if (current.finished) return current;
    }
    throw error;
  }
}

/** PUT contracts/{id}/terminate: finished in the program now; the portal records the termination. */
export async function terminateContract(
  deps: AccountingDeps,
  caller: AccountingCaller,
  id: string,
  lang: Lang,
): Promise<Contract> {
  const today = todayInSweden();
  const { target, row } = await contractFor(deps, caller, id, 'terminate', today);
  const finished = await finishInProgram(await providerFor(deps, target), row.number);
  await deps.db.transaction(async (tx) => {
    await mirrorContracts(tx, target, [finished], null, true);
    await repo.markTerminated(tx, target, row.number, false);
    await repo.failPendingPriceChanges(tx, target, row.number, 'contracts.priceChange.contractEnded');
    await logEvent(tx, {
      ...eventBase(target),
      activity: 'contracts.event.terminated',
      params: { user: await userDisplayName(tx, caller.userId), number: row.number, customer: finished.customerName },
      type: 'SUCCESS',
    });
  });
  return reload(deps, target, row.number, lang, today);
}

/** PUT contracts/{id}/schedule-cancellation: the daily job ends it on `date`; null clears it. */
export async function scheduleCancellation(
  deps: AccountingDeps,
  caller: AccountingCaller,
  id: string,
  date: string | null,
  lang: Lang,
): Promise<Contract> {
  const today = todayInSweden();
  const { target, row } = await contractFor(deps, caller, id, 'scheduleCancellation', today);
  if (date !== null && date < today) throw new ValidationError({ date: [encodeMessage('date_not_past')] });
  await deps.db.transaction(async (tx) => {
    await repo.setCancellationDate(tx, target, row.number, date);
    const user = await userDisplayName(tx, caller.userId);
    await logEvent(tx, {
      ...eventBase(target),
      activity: date ? 'contracts.event.cancellationScheduled' : 'contracts.event.cancellationCleared',
      params: date ? { user, number: row.number, date } : { user, number: row.number },
      type: 'INFO',
    });
  });
  return reload(deps, target, row.number, lang, today);
}

/** POST contracts/{id}/price-changes: stored as scheduled; the daily job applies it on its date. */
export async function schedulePriceChange(
  deps: AccountingDeps,
  caller: AccountingCaller,
  id: string,
  body: PriceChangeBody,
  lang: Lang,
): Promise<ContractPriceChange> {
  const today = todayInSweden();
  const { target, row } = await contractFor(deps, caller, id, 'priceChange', today);
  if (body.effectiveOn < today) throw new ValidationError({ effectiveOn: [encodeMessage('date_not_past')] });
  const changeBasisPoints = percentToBasisPoints(body.percent);
  return deps.db.transaction(async (tx) => {
    const change = await repo.insertPriceChange(tx, target, {
      contractNumber: row.number,
      changeBasisPoints,
      effectiveOn: body.effectiveOn,
      createdBy: caller.userId,
    });
    await logEvent(tx, {
      ...eventBase(target),
      activity: 'contracts.event.priceChangeScheduled',
      params: {
        user: await userDisplayName(tx, caller.userId),
        number: row.number,
        percent: formatPercent(changeBasisPoints),
        date: body.effectiveOn,
      },
      type: 'INFO',
    });
    return toPriceChange(change, row.id, lang);
  });
}

/** Basis points as a signed percent with up to two decimals (+2.5, −10). */
export function formatPercent(basisPoints: number): string {
  const text = (Math.abs(basisPoints) / 100).toFixed(2).replace(/\.?0+$/, '');
  return `${basisPoints < 0 ? '−' : '+'}${text}`;
}

/** PUT contracts/{id}/tags: the portal's own labels, replaced as a whole. */
export async function setContractTags(
  deps: AccountingDeps,
  caller: AccountingCaller,
  id: string,
  tags: string[],
  lang: Lang,
): Promise<Contract> {
  const today = todayInSweden();
  const { target, row } = await contractFor(deps, caller, id, 'tags', today);
  await deps.db.transaction(async (tx) => {
    await repo.setTags(tx, target, row.number, tags);
    await logEvent(tx, {
      ...eventBase(target),
      activity: 'contracts.event.tagged',
      params: { user: await userDisplayName(tx, caller.userId), number: row.number, tags: tags.join(', ') || '–' },
      type: 'INFO',
    });
  });
  return reload(deps, target, row.number, lang, today);
}

/**
 * POST contracts/{id}/invoices: the program invoices the contract's next period. The request names
 * the last invoice date the user saw; when the program's contract has moved on since (an earlier
 * attempt whose answer was lost, another tab), it is refused with 409 instead of invoicing a
 * second period. One invoice of the package's monthly quota is reserved first (given back if the
 * program refuses or fails); the invoice and the contract (its last invoice date) are mirrored.
 */
export async function createInvoiceFromContract(
  deps: AccountingDeps,
  caller: AccountingCaller,
  id: string,
  body: ContractInvoiceBody,
): Promise<ContractInvoice> {
  const today = todayInSweden();
  const { target, row } = await contractFor(deps, caller, id, 'createInvoice', today);
  const provider = await providerFor(deps, target);
  // The program's own copy when it answers (a lost answer may have moved it), else the mirror's.
  const live = await provider.contracts.get(row.number).catch((error: unknown) => {
    if (!isAccountingError(error)) throw error;
    return null;
  });
  const lastInvoiceDate = live ? live.lastInvoiceDate : row.lastInvoiceDate;
  if ((lastInvoiceDate ?? null) !== body.lastInvoiceDate) {
    if (live) await deps.db.transaction((tx) => mirrorContracts(tx, target, [live], null, true));
    throw new ConflictError('contracts.invoice.periodAlreadyInvoiced', { date: lastInvoiceDate ?? '–' });
  }
  const quota = await reserveInvoiceQuota(deps.db, target.organisationId, 1);
  const invoice = await provider.contracts.createInvoice(row.number).catch(async (error: unknown) => {
    await quota.release(deps.db);
    throw error;
  });
  // The contract's last invoice date moved; a failed read leaves it to the refresh.
  const contract = await provider.contracts.get(row.number).catch((error: unknown) => {
    if (!isAccountingError(error)) throw error;
    return null;
  });
  const invoiceId = await deps.db.transaction(async (tx) => {
    await mirrorInvoices(tx, target, [invoice], caller.userId, true);
    if (contract) await mirrorContracts(tx, target, [contract], null, true);
    await logEvent(tx, {
      ...eventBase(target),
      invoice: invoice.number,
      activity: 'contracts.event.invoiceCreated',
      params: { user: await userDisplayName(tx, caller.userId), number: row.number, invoice: invoice.number },
      type: 'SUCCESS',
    });
    const stored = await findInvoiceByNumber(tx, target, invoice.number);
    if (!stored) throw new Error('the created invoice is missing from the mirror');
    return stored.id;
  });
  if (!contract) await deps.queueMirrorRefresh(target, 'after_write');
  return {
    id: invoiceId,
    number: invoice.number,
    invoiceDate: invoice.invoiceDate,
    dueDate: invoice.dueDate,
    totalOre: invoice.totalOre,
    customerName: invoice.customerName,
  };
}

// ---- schedules and export -------------------------------------------------------------------

/** GET schedules/contracts: scheduled cancellations and price changes of the club account, by date. */
export async function listContractSchedules(
  deps: AccountingDeps,
  caller: AccountingCaller,
  include: 'pending' | 'all',
  lang: Lang,
): Promise<ContractScheduleItem[]> {
  const target = targetOf(caller);
  const all = include === 'all';
  const [cancellations, changes] = await Promise.all([
    repo.scheduledCancellations(deps.db, caller, target, all, SCHEDULES_LIMIT),
    repo.scheduledPriceChanges(deps.db, caller, target, all, SCHEDULES_LIMIT),
  ]);
  const items: ContractScheduleItem[] = [
    ...cancellations.map((c) => ({
      kind: 'cancellation' as const,
      contractId: c.id,
      contractNumber: c.number,
      customerName: c.customerName,
      date: c.cancellationDate as string,
      priceChange: null,
    })),
    ...changes.map(({ change, contract }) => ({
      kind: 'priceChange' as const,
      contractId: contract?.id ?? null,
      contractNumber: change.contractNumber,
      customerName: contract?.customerName ?? null,
      date: change.effectiveOn,
      priceChange: toPriceChange(change, contract?.id ?? null, lang),
    })),
  ];
  return items.sort((a, b) => a.date.localeCompare(b.date) || a.contractNumber.localeCompare(b.contractNumber));
}

export async function exportContracts(
  deps: AccountingDeps,
  caller: AccountingCaller,
  filter: Omit<ContractsListFilter, 'page' | 'pageSize'>,
  format: 'csv' | 'xlsx',
  lang: Lang,
): Promise<ExportFile> {
  const target = targetOf(caller);
  const rows = (await contractsSupported(deps, target))
    ? await repo.allContracts(deps.db, caller, target, filter, todayInSweden(), EXPORT_LIMIT)
    : [];
  const h = (key: MessageKey) => t(key, lang);
  const yesNo = (v: boolean) => h(v ? 'contracts.export.yes' : 'contracts.export.no');
  return exportRows(
    format,
    h('contracts.export.filename'),
    [
      { header: h('contracts.export.number'), value: (r) => r.number, width: 10 },
      { header: h('contracts.export.customerNumber'), value: (r) => r.customerNumber, width: 12 },
      { header: h('contracts.export.customerName'), value: (r) => r.customerName, width: 30 },
      { header: h('contracts.export.contractDate'), value: (r) => r.contractDate, width: 12 },
      { header: h('contracts.export.periodStart'), value: (r) => r.periodStart, width: 12 },
      { header: h('contracts.export.periodEnd'), value: (r) => r.periodEnd, width: 12 },
      { header: h('contracts.export.continuous'), value: (r) => yesNo(r.continuous), width: 9 },
      { header: h('contracts.export.length'), value: (r) => r.contractLength, width: 10 },
      { header: h('contracts.export.interval'), value: (r) => r.invoiceInterval, width: 10 },
      { header: h('contracts.export.lastInvoiceDate'), value: (r) => r.lastInvoiceDate, width: 14 },
      { header: h('contracts.export.total'), value: (r) => r.totalOre, money: true, width: 14 },
      { header: h('contracts.export.status'), value: (r) => h(`contracts.status.${r.status}`), width: 12 },
      { header: h('contracts.export.category'), value: (r) => r.category },
      { header: h('contracts.export.tags'), value: (r) => r.tags.join(', '), width: 24 },
      { header: h('contracts.export.cancellationDate'), value: (r) => r.cancellationDate, width: 12 },
    ],
    rows,
  );
}
