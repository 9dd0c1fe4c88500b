import type { AccContract } from '../../providers/accounting/provider';
import {
  awaitingWholeReadOf,
  type DocumentMirror,
  MIRRORED_BASE,
  type MirrorTarget,
  mirrorRowBase,
  mirrorTableUpkeep,
  mirrorWriter,
} from '../accounting/mirror/mirror';
import { contracts } from './contracts.tables';

export function contractRow(target: MirrorTarget, c: AccContract, createdBy?: string | null): typeof contracts.$inferInsert {
  return {
    ...mirrorRowBase(target, c, createdBy),
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
  ...MIRRORED_BASE,
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
export const mirrorContracts = mirrorWriter(CONTRACTS_MIRROR);

/** Up to `limit` contracts held only as list items, or changed since their whole read. */
export const contractsAwaitingWholeRead = awaitingWholeReadOf(contracts);

/** The contract mirror's upkeep in a refresh: a full read prunes the contracts the program no longer has. */
export const contractsMirrorTable = mirrorTableUpkeep(contracts, { pruned: true });
