import type { Db, Tx } from '../../db/client';
import type { AccCustomer } from '../../providers/accounting/provider';
import {
  awaitingWholeRead,
  type DocumentMirror,
  type ListItemWrite,
  type MirrorTarget,
  mirrorTableUpkeep,
  timestampOf,
  writeMirrorDocuments,
} from '../accounting/mirror/mirror';
import { customers } from './customers.tables';

export function customerRow(target: MirrorTarget, c: AccCustomer, createdBy?: string | null): typeof customers.$inferInsert {
  return {
    organisationId: target.organisationId,
    clubAccountId: target.clubAccountId,
    number: c.number,
    name: c.name,
    type: c.type,
    organisationNumber: c.organisationNumber,
    email: c.email,
    phone: c.phone1 ?? c.phone2,
    city: c.address.city,
    active: c.active,
    externalRef: c.externalRef,
    ...(createdBy ? { createdBy } : {}),
    data: c,
    providerModifiedAt: timestampOf(c.modifiedAt),
  };
}

const MIRRORED = [
  'name',
  'type',
  'organisationNumber',
  'email',
  'phone',
  'city',
  'active',
  'externalRef',
  'data',
  'providerModifiedAt',
] as const;

const CUSTOMERS_MIRROR: DocumentMirror<AccCustomer, typeof customers> = { table: customers, row: customerRow, columns: MIRRORED };

/**
 * Writes customers read from (or just written to) the accounting program into the mirror. A whole
 * document (read by number, create, update) replaces the stored one and is stamped read whole; a
 * list item is merged into it, the fields the program's list items leave out (`list.omits`) kept,
 * and a customer whose list item shows a change is marked to be read whole again.
 */
export async function mirrorCustomers(
  conn: Db | Tx,
  target: MirrorTarget,
  items: AccCustomer[],
  createdBy?: string | null,
  whole = false,
  list: ListItemWrite<AccCustomer> = { omits: [] },
): Promise<number> {
  return writeMirrorDocuments(conn, CUSTOMERS_MIRROR, target, items, createdBy, whole, list);
}

/** Up to `limit` customers held only as list items, or changed since their whole read. */
export const customersAwaitingWholeRead = (conn: Db | Tx, target: MirrorTarget, limit: number, after: string | null = null) =>
  awaitingWholeRead(conn, customers, target, limit, after);

/** The customer mirror's upkeep in a refresh: a full read prunes the customers the program no longer has. */
export const customersMirrorTable = mirrorTableUpkeep(customers, { pruned: true });
