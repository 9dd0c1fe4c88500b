import { CUSTOMER_SORTS } from '@fairway/shared';
import type { ListParamsConfig, ListQuery } from '../../../components/list/use-list-params';

const FILTERS = {
  status: ['all', 'active', 'inactive'],
  type: ['all', 'company', 'private'],
} as const;

/** The customers list's address parameters: the server's sorts and filters (GET customers). */
export const CUSTOMERS_LIST: ListParamsConfig<(typeof CUSTOMER_SORTS)[number], typeof FILTERS> = {
  sorts: CUSTOMER_SORTS,
  defaultSort: 'number',
  filters: FILTERS,
};

/** What the customers list asks GET customers (and the export) for. */
export type CustomersQuery = ListQuery<(typeof CUSTOMER_SORTS)[number], typeof FILTERS>;
