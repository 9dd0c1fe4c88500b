import type { Db, Tx } from '../../db/client';
import type { AccContract } from '../../providers/accounting/provider';
import {
  documentToStore,
  type MirrorTarget,
  mirrorTableUpkeep,
  storedDocuments,
  timestampOf,
  upsertMirror,
} from '../accounting/mirror/mirror';
import { contracts } from './contracts.tables';

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

/** Rows are kept from a full read while the contract's total is unchanged (lists carry no rows). */
const KEEP_ROWS = { keys: ['rows'], sameDocument: (a: AccContract, b: AccContract) => a.totalOre === b.totalOre };

export async function mirrorContracts(
  conn: Db | Tx,
  target: MirrorTarget,
  items: AccContract[],
  createdBy?: string | null,
  /** A whole document (read by number, create, update, action) rather than a list summary. */
  whole = false,
): Promise<number> {
  const stored = await storedDocuments(
    conn,
    contracts,
    target,
    items.map((c) => c.number),
  );
  const rows = items.map((c) =>
    contractRow(target, documentToStore(stored.get(c.number) as AccContract | undefined, c, whole, KEEP_ROWS), createdBy),
  );
  return upsertMirror(conn, contracts, rows, MIRRORED);
}

/** The contract mirror's upkeep in a refresh: a full read prunes the contracts the program no longer has. */
export const contractsMirrorTable = mirrorTableUpkeep(contracts, { pruned: true });
