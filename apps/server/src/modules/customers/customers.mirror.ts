import type { Db, Tx } from '../../db/client';
import type { AccCustomer } from '../../providers/accounting/provider';
import {
  documentToStore,
  type MirrorTarget,
  mirrorTableUpkeep,
  storedDocuments,
  timestampOf,
  upsertMirror,
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

/** Writes customers read from (or just written to) the accounting program into the mirror. */
export async function mirrorCustomers(
  conn: Db | Tx,
  target: MirrorTarget,
  items: AccCustomer[],
  createdBy?: string | null,
  /** A whole document (read by number, create, update) rather than a list summary. */
  whole = false,
): Promise<number> {
  const stored = await storedDocuments(
    conn,
    customers,
    target,
    items.map((c) => c.number),
  );
  const rows = items.map((c) =>
    customerRow(target, documentToStore(stored.get(c.number) as AccCustomer | undefined, c, whole), createdBy),
  );
  return upsertMirror(conn, customers, rows, MIRRORED);
}

/** The customer mirror's upkeep in a refresh: a full read prunes the customers the program no longer has. */
export const customersMirrorTable = mirrorTableUpkeep(customers, { pruned: true });
