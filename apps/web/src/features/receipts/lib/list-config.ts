import { INVOICE_SORTS, type InvoiceSort, RECEIPT_SORTS, RECEIPT_STATE_FILTERS, type ReceiptSort } from '@fairway/shared';
import type { ListParamsConfig, ListQuery } from '../../../components/list/use-list-params';

const FILTERS = { state: RECEIPT_STATE_FILTERS } as const;

/** The receipts list's address parameters (GET receipts): latest paid first. */
export const RECEIPTS_LIST: ListParamsConfig<ReceiptSort, typeof FILTERS> = {
  sorts: RECEIPT_SORTS,
  defaultSort: 'paidDate',
  defaultOrder: 'desc',
  filters: FILTERS,
};
export type ReceiptsQuery = ListQuery<ReceiptSort, typeof FILTERS>;

/** The invoice-payment list: unpaid invoices of GET invoices, earliest due first. */
export const UNPAID_LIST: ListParamsConfig<InvoiceSort, Record<string, never>> = {
  sorts: INVOICE_SORTS,
  defaultSort: 'dueDate',
  defaultOrder: 'asc',
  filters: {},
};
export type UnpaidQuery = ListQuery<InvoiceSort, Record<string, never>>;
