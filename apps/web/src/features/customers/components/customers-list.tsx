import type { CustomerRow, CustomerSort } from '@fairway/shared';
import { IconUsers } from '@tabler/icons-react';
import { AccountingList, type AccountingListDef } from '../../../components/list/accounting-list';
import { customersKey, useCustomers } from '../api/list-customers';
import { CUSTOMERS_LIST } from '../lib/list-config';
import { CUSTOMER_PATHS } from '../lib/paths';
import { CustomersTable } from './customers-table';

const CUSTOMERS: AccountingListDef<CustomerRow, CustomerSort, typeof CUSTOMERS_LIST.filters> = {
  ns: 'customers',
  config: CUSTOMERS_LIST,
  useList: useCustomers,
  invalidate: [customersKey],
  filterNames: ['status', 'type'],
  writeScope: 'customers.write',
  createPath: CUSTOMER_PATHS.create,
  exportPath: 'customers/export',
  emptyIcon: IconUsers,
  table: CustomersTable,
};

/** The "Customers" tab: search, status and type filters, export, refresh, the table and its pager. */
export function CustomersList() {
  return <AccountingList def={CUSTOMERS} />;
}
