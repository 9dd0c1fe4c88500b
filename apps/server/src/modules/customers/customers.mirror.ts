import type { AccCustomer } from '../../providers/accounting/provider';
import {
  awaitingWholeReadOf,
  type DocumentMirror,
  MIRRORED_BASE,
  type MirrorTarget,
  mirrorRowBase,
  mirrorTableUpkeep,
  mirrorWriter,
} from '../accounting/mirror/mirror';
import { customers } from './customers.tables';

export function customerRow(target: MirrorTarget, c: AccCustomer, createdBy?: string | null): typeof customers.$inferInsert {
  return {
    ...mirrorRowBase(target, c, createdBy),
    name: c.name,
    type: c.type,
    organisationNumber: c.organisationNumber,
    email: c.email,
    phone: c.phone1 ?? c.phone2,
    city: c.address.city,
    active: c.active,
  };
}

const MIRRORED = ['name', 'type', 'organisationNumber', 'email', 'phone', 'city', 'active', ...MIRRORED_BASE] as const;

const CUSTOMERS_MIRROR: DocumentMirror<AccCustomer, typeof customers> = { table: customers, row: customerRow, columns: MIRRORED };

/**
 * Writes customers read from (or just written to) the accounting program into the mirror. A whole
 * document (read by number, create, update) replaces the stored one and is stamped read whole; a
 * list item is merged into it, the fields the program's list items leave out (`list.omits`) kept,
 * and a customer whose list item shows a change is marked to be read whole again.
 */
export const mirrorCustomers = mirrorWriter(CUSTOMERS_MIRROR);

/** Up to `limit` customers held only as list items, or changed since their whole read. */
export const customersAwaitingWholeRead = awaitingWholeReadOf(customers);

/** The customer mirror's upkeep in a refresh: a full read prunes the customers the program no longer has. */
export const customersMirrorTable = mirrorTableUpkeep(customers, { pruned: true });
