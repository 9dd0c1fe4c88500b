import type { Db, Tx } from '../../db/client';
import type { AccContract } from '../../providers/accounting/provider';
import {
  awaitingWholeRead,
  type DocumentMirror,
  type ListItemWrite,
  type MirrorTarget,
  mirrorTableUpkeep,
  timestampOf,
  writeMirrorDocuments,
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

const CONTRACTS_MIRROR: DocumentMirror<AccContract, typeof contracts> = {
  table: contracts,
  row: contractRow,
  columns: MIRRORED,
  keepArrays: KEEP_ROWS,
};

/**
 * Writes contracts into the mirror: a whole document (read by number, create, update, action)
 * replaces the stored one and is stamped read whole; a list item is merged, keeping what the
 * program's list items leave out (`list.omits`), and marks a changed contract for a whole read
 * (writeMirrorDocuments in modules/accounting/mirror/mirror.ts).
 */
export async function mirrorContracts(
  conn: Db | Tx,
  target: MirrorTarget,
  items: AccContract[],
  createdBy?: string | null,
  whole = false,
  list: ListItemWrite<AccContract> = { omits: [] },
): Promise<number> {
  return writeMirrorDocuments(conn, CONTRACTS_MIRROR, target, items, createdBy, whole, list);
}

/** Up to `limit` contracts held only as list items, or changed since their whole read. */
export const contractsAwaitingWholeRead = (conn: Db | Tx, target: MirrorTarget, limit: number, after: string | null = null) =>
  awaitingWholeRead(conn, contracts, target, limit, after);

/** The contract mirror's upkeep in a refresh: a full read prunes the contracts the program no longer has. */
export const contractsMirrorTable = mirrorTableUpkeep(contracts, { pruned: true });
