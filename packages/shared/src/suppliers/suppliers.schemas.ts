import { z } from 'zod';
import { accountingListQuery } from '../accounting/accounting.schemas';
import { paginationSchema } from '../errors';
import '../validation/zod-setup';

/**
 * The accounting program's suppliers as the mirror holds them (docs/duplicates.md#mirror):
 * `GET suppliers` and `GET suppliers/:id`. Read only: Dubbelkoll names the supplier of a
 * supplier invoice, it never changes suppliers.
 */
export const supplierRowSchema = z.object({
  id: z.string().uuid(),
  number: z.string(),
  name: z.string(),
  organisationNumber: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  city: z.string().nullable(),
  bankgiro: z.string().nullable(),
  plusgiro: z.string().nullable(),
  active: z.boolean(),
});
export type SupplierRow = z.infer<typeof supplierRowSchema>;

export const supplierSchema = supplierRowSchema.extend({
  address: z.object({
    address1: z.string().nullable(),
    address2: z.string().nullable(),
    zipCode: z.string().nullable(),
    city: z.string().nullable(),
    countryCode: z.string().nullable(),
  }),
  /** Bank account number or IBAN. */
  bankAccount: z.string().nullable(),
  currency: z.string().nullable(),
  /** Supplier invoices of this supplier in the mirror. */
  supplierInvoices: z.number().int(),
  syncedAt: z.string(),
});
export type Supplier = z.infer<typeof supplierSchema>;

export const SUPPLIER_SORTS = ['number', 'name', 'city', 'organisationNumber'] as const;
export type SupplierSort = (typeof SUPPLIER_SORTS)[number];

export const suppliersListQuerySchema = accountingListQuery(SUPPLIER_SORTS, {
  status: z.enum(['all', 'active', 'inactive']).default('all'),
});
export type SuppliersListQuery = z.input<typeof suppliersListQuerySchema>;
export type SuppliersListFilter = z.output<typeof suppliersListQuerySchema>;

export const suppliersListSchema = z.object({ data: z.array(supplierRowSchema), pagination: paginationSchema });
export type SuppliersList = z.infer<typeof suppliersListSchema>;
