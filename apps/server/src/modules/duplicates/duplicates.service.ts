import {
  type AvailableResources,
  DUPLICATE_RESOURCES,
  type DuplicateDetails,
  type DuplicateGroup,
  type DuplicateResource,
  type DuplicateScan,
  type DuplicatesListQuery,
  type DuplicatesSummary,
  type FieldMapper,
  type FieldMapperUpdateBody,
  type Pagination,
  type TransactionIdField,
  type TransactionIdFields,
} from '@fairway/shared';
import type { FastifyInstance } from 'fastify';
import { BusinessError, ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import { renderFailure } from '../../lib/failure';
import type { Lang } from '../../lib/i18n';
import { addMonths, stockholmDate } from '../../lib/stockholm-time';
import { isAccountingError } from '../../providers/accounting/errors';
import type { AccountingProvider } from '../../providers/accounting/provider';
import { type AccountingCaller, targetOf } from '../accounting/access';
import { accountingFor } from '../accounting/connection/accounting-for';
import type { MirrorTarget } from '../accounting/mirror/mirror';
import { refusedResources } from '../accounting/refresh/refresh.repository';
import { logEvent, userDisplayName } from '../eventlogs/eventlogs.service';
import { duplicateDocumentsUsage } from '../subscriptions/duplicate-allowance';
import * as repo from './duplicates.repository';
import { DEFAULT_FIELD_MAPPINGS } from './engine/model';
import { activeScan, queueDuplicateScan } from './scan/scan.queue';
import { amountsOf, documentCounts, fieldMappingsOf, recount } from './scan/scan.repository';

/**
 * Dubbelkoll's API (docs/duplicates.md#api): the club account's duplicate groups, what a reviewer
 * decides about them, the field mapper and the scans. Every group is looked up within the
 * organisation and club account in use: another's is "not found".
 */

/** Which fields can identify a document of each resource (docs/duplicates.md#fields). */
export const TRANSACTION_ID_CHOICES: Record<DuplicateResource, TransactionIdField[]> = {
  // The supplier's own invoice number, or the OCR printed on the invoice.
  supplier_invoice: ['reference', 'ocr'],
  // The program derives a customer invoice's OCR from its number: a second entry has a new one.
  invoice: ['reference'],
  order: ['reference'],
  voucher: ['reference'],
};

function groupView(row: repo.GroupRecord, original: DuplicateGroup['original'], handling: boolean): DuplicateGroup {
  return {
    id: row.id,
    resource: row.resource,
    transactionId: row.transactionId,
    original,
    duplicateCount: row.duplicateCount,
    amountAtStakeOre: row.amountAtStakeOre,
    confidence: Math.min(1, Math.max(0, row.confidence)),
    resolved: row.resolved,
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    matchedFields: row.matchedFields,
    differedFields: row.differedFields,
    notComparedFields: row.notComparedFields,
    handling,
    foundAt: row.foundAt.toISOString(),
  };
}

/** The original as it stood when the mirror lost it (deleted in the program): its number only. */
const missingDocument = (number: string): DuplicateGroup['original'] => ({
  number,
  counterpartyNumber: null,
  counterpartyName: null,
  reference: null,
  ocr: null,
  bankAccount: null,
  amountOre: 0,
  vatOre: null,
  currency: null,
  date: '',
  dueDate: null,
  text: null,
  booked: false,
  cancelled: true,
});

async function views(db: FastifyInstance['db'], target: MirrorTarget, rows: repo.GroupRecord[]): Promise<DuplicateGroup[]> {
  const handling = await repo.groupsBeingHandled(
    db,
    rows.map((r) => r.id),
  );
  const originals = new Map<string, Awaited<ReturnType<typeof repo.documentViews>>>();
  for (const resource of DUPLICATE_RESOURCES) {
    const numbers = rows.filter((r) => r.resource === resource).map((r) => r.originalNumber);
    if (numbers.length > 0) originals.set(resource, await repo.documentViews(db, target, resource, numbers));
  }
  return rows.map((r) =>
    groupView(r, originals.get(r.resource)?.get(r.originalNumber) ?? missingDocument(r.originalNumber), handling.has(r.id)),
  );
}

export async function listDuplicates(
  app: FastifyInstance,
  caller: AccountingCaller,
  query: DuplicatesListQuery,
): Promise<{ data: DuplicateGroup[]; pagination: Pagination }> {
  const target = targetOf(caller);
  const { rows, total } = await repo.listGroups(app.db, target, query);
  return { data: await views(app.db, target, rows), pagination: { page: query.page, pageSize: query.pageSize, total } };
}

async function groupOf(app: FastifyInstance, caller: AccountingCaller, id: string) {
  const target = targetOf(caller);
  const row = await repo.findGroup(app.db, target, id);
  if (!row) throw new NotFoundError('duplicates.notFound');
  return { target, row };
}

export async function getDuplicate(app: FastifyInstance, caller: AccountingCaller, id: string): Promise<DuplicateGroup> {
  const { target, row } = await groupOf(app, caller, id);
  return (await views(app.db, target, [row]))[0] as DuplicateGroup;
}

export async function getDuplicateDetails(app: FastifyInstance, caller: AccountingCaller, id: string): Promise<DuplicateDetails> {
  const { target, row } = await groupOf(app, caller, id);
  const [group] = await views(app.db, target, [row]);
  const members = await repo.membersOf(app.db, row.id);
  const documents = await repo.documentViews(
    app.db,
    target,
    row.resource,
    members.map((m) => m.number),
  );
  const mapping = (await fieldMappingsOf(app.db, target.organisationId))[row.resource];
  return {
    group: group as DuplicateGroup,
    duplicates: members
      .filter((m) => documents.has(m.number))
      .map((m) => ({
        document: documents.get(m.number) as DuplicateGroup['original'],
        confidence: Math.min(1, Math.max(0, m.confidence)),
        state: m.state,
        fields: m.fields as DuplicateDetails['duplicates'][number]['fields'],
      })),
    compared: [...mapping.compared],
    transactionIdField: mapping.transactionIdField,
  };
}

/** Whether a handling run (modules/duplicates/handling) is at work on the group: decisions wait for it. */
async function refuseWhileHandled(app: FastifyInstance, groupId: string): Promise<void> {
  const busy = await repo.groupsBeingHandled(app.db, [groupId]);
  const members = await repo.membersOf(app.db, groupId);
  if (busy.size > 0 || members.some((m) => m.state === 'handling')) throw new ConflictError('duplicates.handlingUnderway');
}

/** PUT duplicates/:id: resolved or unresolved again, written to the event log. */
export async function updateDuplicate(
  app: FastifyInstance,
  caller: AccountingCaller,
  id: string,
  resolved: boolean,
): Promise<DuplicateGroup> {
  const { target, row } = await groupOf(app, caller, id);
  await refuseWhileHandled(app, row.id);
  if (row.resolved !== resolved) {
    await app.db.transaction(async (tx) => {
      await repo.setResolved(tx, row.id, resolved, caller.userId);
      await logEvent(tx, {
        ...target,
        resource: 'accounting',
        activity: resolved ? 'duplicates.event.resolved' : 'duplicates.event.unresolved',
        params: { user: await userDisplayName(tx, caller.userId), number: row.originalNumber },
        type: 'INFO',
      });
    });
  }
  return getDuplicate(app, caller, id);
}

/**
 * PUT duplicates/:id/not_duplicate/:x: document x is not a duplicate of the group's original. The
 * pair is dismissed for good (no scan proposes it again), x is marked, the open duplicates are
 * recounted, and a group with none left is resolved.
 */
export async function markNotDuplicate(
  app: FastifyInstance,
  caller: AccountingCaller,
  id: string,
  number: string,
): Promise<DuplicateDetails> {
  const { target, row } = await groupOf(app, caller, id);
  if (number === row.originalNumber) throw new BusinessError(400, 'duplicates.originalNotDuplicate');
  const members = await repo.membersOf(app.db, row.id);
  const member = members.find((m) => m.number === number);
  if (!member) throw new NotFoundError('duplicates.memberNotFound', { number });
  await refuseWhileHandled(app, row.id);
  if (member.state === 'handled') throw new ConflictError('duplicates.memberHandled', { number });
  if (member.state === 'open') {
    await app.db.transaction(async (tx) => {
      await repo.dismiss(tx, target, row, number, caller.userId);
      const { open } = await recount(tx, row.id);
      if (open === 0 && !row.resolved) await repo.setResolved(tx, row.id, true, caller.userId);
      await logEvent(tx, {
        ...target,
        resource: 'accounting',
        activity: 'duplicates.event.notDuplicate',
        params: { user: await userDisplayName(tx, caller.userId), number: row.originalNumber, duplicate: number },
        type: 'INFO',
      });
    });
  }
  return getDuplicateDetails(app, caller, id);
}

// ---- scans ------------------------------------------------------------------------------------

function scanView(row: Awaited<ReturnType<typeof repo.latestScan>>, lang: Lang): DuplicateScan {
  if (!row) return { status: null, kind: null, done: 0, total: 0, startedAt: null, finishedAt: null, error: null };
  return {
    status: row.status,
    kind: row.kind,
    done: row.done,
    total: row.total,
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    error: renderFailure(row.error, lang),
  };
}

export async function latestScanView(app: FastifyInstance, caller: AccountingCaller, lang: Lang): Promise<DuplicateScan> {
  return scanView(await repo.latestScan(app.db, targetOf(caller)), lang);
}

/** POST duplicates/scan: a full scan of the club account's mirror, unless one is under way. */
export async function startScan(app: FastifyInstance, caller: AccountingCaller, lang: Lang): Promise<DuplicateScan> {
  const target = targetOf(caller);
  if (await activeScan(app.db, target)) throw new ConflictError('duplicates.scanUnderway');
  const { queued } = await queueDuplicateScan(app, target, { kind: 'full', createdBy: caller.userId });
  if (!queued) throw new ConflictError('duplicates.scanUnderway');
  return scanView(await repo.latestScan(app.db, target), lang);
}

export async function summary(app: FastifyInstance, caller: AccountingCaller, lang: Lang): Promise<DuplicatesSummary> {
  const target = targetOf(caller);
  const [scan, counts, totals, handled] = await Promise.all([
    repo.latestScan(app.db, target),
    documentCounts(app.db, target),
    repo.groupTotals(app.db, target),
    repo.handledMembers(app.db, target),
  ]);
  const perResource: DuplicatesSummary['perResource'] = [];
  for (const resource of DUPLICATE_RESOURCES) {
    const t = totals.find((x) => x.resource === resource);
    const handledNumbers = handled.filter((h) => h.resource === resource).map((h) => h.number);
    const amounts = await amountsOf(app.db, target.clubAccountId, resource, handledNumbers);
    const handledOre = handledNumbers.reduce((sum, n) => sum + Math.abs(amounts.get(n) ?? 0), 0);
    perResource.push({
      resource,
      documents: counts[resource],
      unresolved: t?.unresolved ?? 0,
      resolved: t?.resolved ?? 0,
      atStakeOre: Number(t?.atStakeOre ?? 0),
      savedOre: Number(t?.resolvedOre ?? 0) + handledOre,
    });
  }
  // The last 12 months in Swedish time, oldest first.
  const firstOfMonth = `${stockholmDate(new Date()).slice(0, 7)}-01`;
  const months = Array.from({ length: 12 }, (_, i) => addMonths(firstOfMonth, i - 11).slice(0, 7));
  const from = new Date(Date.UTC(Number(months[0]?.slice(0, 4)), Number(months[0]?.slice(5, 7)) - 2, 1));
  const perMonth = await repo.groupsPerMonth(app.db, target, from);
  return {
    scan: scanView(scan, lang),
    perResource,
    months: months.map((month) => ({
      month,
      found: perMonth.found.find((m) => m.month === month)?.n ?? 0,
      resolved: perMonth.resolved.find((m) => m.month === month)?.n ?? 0,
    })),
    usage: await usageOf(app, target.organisationId),
  };
}

/** The month's scanned documents against the subscription's allowance (modules/subscriptions/duplicate-allowance.ts). */
async function usageOf(app: FastifyInstance, organisationId: string) {
  const usage = await duplicateDocumentsUsage(app.db, organisationId);
  return { documentsThisMonth: usage.used, documentsPerMonth: usage.limit };
}

// ---- configuration ----------------------------------------------------------------------------

export async function fieldMapper(app: FastifyInstance, caller: AccountingCaller): Promise<FieldMapper> {
  const mappings = await fieldMappingsOf(app.db, caller.organisationId);
  const saved = await repo.savedMappingResources(app.db, caller.organisationId);
  const out = {} as FieldMapper;
  for (const resource of DUPLICATE_RESOURCES) {
    const defaults = DEFAULT_FIELD_MAPPINGS[resource];
    out[resource] = {
      mapping: { transactionIdField: mappings[resource].transactionIdField, compared: [...mappings[resource].compared] },
      isDefault: !saved.has(resource),
      defaults: { transactionIdField: defaults.transactionIdField, compared: [...defaults.compared] },
    };
  }
  return out;
}

/** PUT field_mapper: the organisation's mapping of one resource, used from the next scan on. */
export async function updateFieldMapper(
  app: FastifyInstance,
  caller: AccountingCaller,
  body: FieldMapperUpdateBody,
): Promise<FieldMapper> {
  if (body.mapping && !TRANSACTION_ID_CHOICES[body.resource].includes(body.mapping.transactionIdField)) {
    throw new ValidationError({ 'mapping.transactionIdField': ['invalid'] });
  }
  await repo.saveFieldMapping(app.db, caller.organisationId, body.resource, body.mapping, caller.userId);
  return fieldMapper(app, caller);
}

export async function transactionIdFields(app: FastifyInstance, caller: AccountingCaller): Promise<TransactionIdFields> {
  const mappings = await fieldMappingsOf(app.db, caller.organisationId);
  const out = {} as TransactionIdFields;
  for (const resource of DUPLICATE_RESOURCES) {
    out[resource] = { field: mappings[resource].transactionIdField, choices: TRANSACTION_ID_CHOICES[resource] };
  }
  return out;
}

/** The mirror refresh's resources each kind is read through (accounting/refresh/refresh.service.ts RESOURCES). */
const REFRESHED_AS: Record<DuplicateResource, readonly string[]> = {
  invoice: [],
  supplier_invoice: ['suppliers', 'supplierInvoices'],
  order: ['orders'],
  voucher: ['vouchers'],
};

/** The sections the connected program offers: customer invoices always; none of the others when none is connected. */
function offers(provider: AccountingProvider | null): Record<DuplicateResource, boolean> {
  return {
    invoice: true,
    supplier_invoice: provider?.supplierInvoices !== undefined,
    order: provider !== null,
    voucher: provider !== null,
  };
}

export async function availableResources(app: FastifyInstance, caller: AccountingCaller): Promise<AvailableResources> {
  const target = targetOf(caller);
  let provider: AccountingProvider | null = null;
  try {
    provider = await accountingFor(app, { organisationId: target.organisationId }, target.clubAccountId);
  } catch (error) {
    if (!isAccountingError(error)) throw error;
  }
  const offered = offers(provider);
  const refusedNames = await refusedResources(app.db, target.clubAccountId);
  const counts = await documentCounts(app.db, target);
  return DUPLICATE_RESOURCES.map((resource) => {
    const refused = REFRESHED_AS[resource].some((name) => refusedNames.has(name));
    return { resource, available: offered[resource] && !refused, refused, documents: counts[resource] };
  });
}
