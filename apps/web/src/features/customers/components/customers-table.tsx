import type { CustomerRow, CustomerSort } from '@fairway/shared';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  activeColumn,
  type DocumentRowsProps,
  DocumentTable,
  NotSet,
  nameColumn,
  typeColumn,
} from '../../../components/list/document-table';
import type { ListColumn } from '../../../components/list/list-table';
import { CUSTOMER_PATHS } from '../lib/paths';

export type CustomersTableProps = DocumentRowsProps<CustomerRow, CustomerSort>;

/** The customers of one page; a row opens the customer, and its number is the keyboard's link. */
export function CustomersTable(page: CustomersTableProps) {
  const { t } = useTranslation('customers');
  const none = <NotSet>{t('list.notSet')}</NotSet>;
  const columns: ListColumn<CustomerRow, CustomerSort>[] = [
    nameColumn('name', t('list.columns.name'), 'name', (c) => c.name),
    typeColumn(t('list.columns.type'), 'type', (c) => t(`types.${c.type}`)),
    {
      accessor: 'organisationNumber',
      title: t('list.columns.organisationNumber'),
      sort: 'organisationNumber',
      noWrap: true,
      visibleMediaQuery: '(min-width: 62em)',
      render: (c) => c.organisationNumber ?? none,
    },
    { accessor: 'city', title: t('list.columns.city'), sort: 'city', render: (c) => c.city ?? none },
    {
      accessor: 'email',
      title: t('list.columns.email'),
      visibleMediaQuery: '(min-width: 62em)',
      render: (c) =>
        c.email ? (
          <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
            {c.email}
          </Text>
        ) : (
          none
        ),
    },
    {
      accessor: 'phone',
      title: t('list.columns.phone'),
      noWrap: true,
      visibleMediaQuery: '(min-width: 75em)',
      render: (c) => c.phone ?? none,
    },
    activeColumn(t('list.columns.active'), { active: t('list.status.active'), inactive: t('list.status.inactive') }, 104),
  ];
  return (
    <DocumentTable<CustomerRow, CustomerSort>
      {...page}
      numberTitle={t('list.columns.number')}
      pathOf={(c) => CUSTOMER_PATHS.edit(c.id)}
      openLabel={(c) => t('list.open', { number: c.number, name: c.name })}
      columns={columns}
      label={t('list.tableLabel')}
      minWidth={520}
    />
  );
}
