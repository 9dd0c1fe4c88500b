import type { Db, Tx } from '../../db/client';
import type { AccContract } from '../../integrations/accounting/provider';
import { type MirrorTarget, mergedData, timestampOf, upsertMirror } from '../accounting/mirror';
import { contracts } from './contracts.schema';

export function contractRow(target: MirrorTarget, c: AccContract, createdBy?: string | null): typeof contracts.$inferInsert {
  return {
    organisationId: target.organisationId,
    clubAccountId: target.clubAccountId,
    number: c.number,
    customerNumber: c.customerNumber,
    customerName: c.customerName,
    contractDate: c.contractDate,
    periodStart: c.periodStart,
    periodEnd: c.periodEnd,
    continuous: c.continuous,
    active: c.active,
    finished: c.finished,
    invoiceInterval: c.invoiceInterval,
    contractLength: c.contractLength,
    lastInvoiceDate: c.lastInvoiceDate,
    totalOre: c.totalOre,
    externalRef: c.externalRef,
    ...(createdBy ? { createdBy } : {}),
    data: c,
    providerModifiedAt: timestampOf(c.modifiedAt),
  };
}

/** Tags, the scheduled cancellation and the portal's termination are the portal's own: never overwritten. */
const MIRRORED = [
  'customerNumber',
  'customerName',
  'contractDate',
  'periodStart',
  'periodEnd',
  'continuous',
  'active',
  'finished',
  'invoiceInterval',
  'contractLength',
  'lastInvoiceDate',
  'totalOre',
  'externalRef',
  'data',
  'providerModifiedAt',
] as const;

export function mirrorContracts(
  conn: Db | Tx,
  target: MirrorTarget,
  items: AccContract[],
  createdBy?: string | null,
): Promise<number> {
  return upsertMirror(
    conn,
    contracts,
    items.map((c) => contractRow(target, c, createdBy)),
    MIRRORED,
    { data: mergedData('contracts', { total: 'total_ore', arrays: ['rows'] }) },
  );
}
