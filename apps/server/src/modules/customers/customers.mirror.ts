import type { Db, Tx } from '../../db/client';
import type { AccCustomer } from '../../integrations/accounting/provider';
import { type MirrorTarget, mergedData, timestampOf, upsertMirror } from '../accounting/mirror';
import { customers } from './customers.schema';

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
export function mirrorCustomers(
  conn: Db | Tx,
  target: MirrorTarget,
  items: AccCustomer[],
  createdBy?: string | null,
): Promise<number> {
  return upsertMirror(
    conn,
    customers,
    items.map((c) => customerRow(target, c, createdBy)),
    MIRRORED,
    { data: mergedData('customers') },
  );
}
