import {
  INVOICE_BOOKED_FILTERS,
  INVOICE_KIND_FILTERS,
  INVOICE_PAYMENT_FILTERS,
  INVOICE_SORTS,
  type InvoiceSort,
} from '@fairway/shared';
import type { ListParamsConfig, ListQuery } from '../../../components/list/use-list-params';

const FILTERS = {
  booked: INVOICE_BOOKED_FILTERS,
  payment: INVOICE_PAYMENT_FILTERS,
  kind: INVOICE_KIND_FILTERS,
} as const;

/** The invoices list's address parameters: the server's sorts and filters (GET invoices). Newest first. */
export const INVOICES_LIST: ListParamsConfig<InvoiceSort, typeof FILTERS> = {
  sorts: INVOICE_SORTS,
  defaultSort: 'invoiceDate',
  defaultOrder: 'desc',
  filters: FILTERS,
};

/** What the invoices list asks GET invoices (and the export) for, the date range included. */
export type InvoicesQuery = ListQuery<InvoiceSort, typeof FILTERS> & { from?: string; to?: string };
