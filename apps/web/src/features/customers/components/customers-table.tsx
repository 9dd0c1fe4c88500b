import type { CustomerRow, CustomerSort } from '@fairway/shared';
import { Text, VisuallyHidden } from '@mantine/core';
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
  // Fortnox's customer list has no type or active flag: until the customer is read whole the
  // portal does not know them, and says so instead of showing a default.
  const unknown = (
    <>
      <NotSet>{t('list.notSet')}</NotSet>
      <VisuallyHidden>{t('list.notReadWhole')}</VisuallyHidden>
    </>
  );
  const active = activeColumn<CustomerRow, CustomerSort>(
    t('list.columns.active'),
    { active: t('list.status.active'), inactive: t('list.status.inactive') },
    104,
  );
  const columns: ListColumn<CustomerRow, CustomerSort>[] = [
    nameColumn('name', t('list.columns.name'), 'name', (c) => c.name),
    typeColumn(t('list.columns.type'), 'type', (c) => (c.readWhole ? t(`types.${c.type}`) : unknown)),
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
    { ...active, render: (c) => (c.readWhole ? active.render?.(c) : unknown) },
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
