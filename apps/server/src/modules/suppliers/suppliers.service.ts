import type { Pagination, Supplier, SupplierRow, SuppliersListFilter } from '@fairway/shared';
import type { Db } from '../../db/client';
import { NotFoundError } from '../../lib/errors';
import type { Address as AccAddress } from '../../providers/accounting/provider';
import { type AccountingCaller, targetOf } from '../accounting/access';
import { supplierInvoiceCount } from '../duplicates/duplicates.repository';
import * as repo from './suppliers.repository';

/** GET suppliers: the club account's suppliers from the mirror, searched, sorted and paged. */
export async function listSuppliersPage(
  db: Db,
  caller: AccountingCaller,
  filter: SuppliersListFilter,
): Promise<{ data: SupplierRow[]; pagination: Pagination }> {
  const { rows, total } = await repo.listSuppliers(db, targetOf(caller), filter, filter);
  return { data: rows, pagination: { page: filter.page, pageSize: filter.pageSize, total } };
}

/** GET suppliers/:id: one supplier of the club account in use (another's is "not found"). */
export async function getSupplier(db: Db, caller: AccountingCaller, id: string): Promise<Supplier> {
  const target = targetOf(caller);
  const row = await repo.findSupplier(db, target, id);
  if (!row) throw new NotFoundError('suppliers.notFound');
  const data = row.data as { address?: Partial<AccAddress>; bankAccount?: string | null; currency?: string | null };
  return {
    id: row.id,
    number: row.number,
    name: row.name,
    organisationNumber: row.organisationNumber,
    email: row.email,
    phone: row.phone,
    city: row.city,
    bankgiro: row.bankgiro,
    plusgiro: row.plusgiro,
    active: row.active,
    address: {
      address1: data.address?.address1 ?? null,
      address2: data.address?.address2 ?? null,
      zipCode: data.address?.zipCode ?? null,
      city: data.address?.city ?? row.city,
      countryCode: data.address?.countryCode ?? null,
    },
    bankAccount: data.bankAccount ?? null,
    currency: data.currency ?? null,
    supplierInvoices: await supplierInvoiceCount(db, target, row.number),
    syncedAt: row.syncedAt.toISOString(),
  };
}
