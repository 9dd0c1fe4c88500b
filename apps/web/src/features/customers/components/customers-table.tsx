import type { CustomerRow, CustomerSort } from '@fairway/shared';
import { Anchor, Badge, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { type ListColumn, ListTable } from '../../../components/list/list-table';
import type { SortOrder } from '../../../components/list/use-list-params';
import { CUSTOMER_PATHS } from '../lib/paths';

export interface CustomersTableProps {
  rows: CustomerRow[];
  sort: CustomerSort | undefined;
  order: SortOrder;
  onSort: (column: CustomerSort, order: SortOrder) => void;
  fetching: boolean;
}

/** The customers of one page; a row opens the customer, and its number is the keyboard's link. */
export function CustomersTable({ rows, sort, order, onSort, fetching }: CustomersTableProps) {
  const { t } = useTranslation('customers');
  const navigate = useNavigate();
  const none = (
    <Text span c="dimmed" fz="sm" aria-hidden="true">
      {t('list.notSet')}
    </Text>
  );
  const columns: ListColumn<CustomerRow, CustomerSort>[] = [
    {
      accessor: 'number',
      title: t('list.columns.number'),
      sort: 'number',
      noWrap: true,
      render: (c) => (
        <Anchor
          component={Link}
          to={CUSTOMER_PATHS.edit(c.id)}
          fw={600}
          fz="sm"
          aria-label={t('list.open', { number: c.number, name: c.name })}
        >
          {c.number}
        </Anchor>
      ),
    },
    {
      accessor: 'name',
      title: t('list.columns.name'),
      sort: 'name',
      render: (c) => (
        <Text fz="sm" fw={500}>
          {c.name}
        </Text>
      ),
    },
    {
      accessor: 'type',
      title: t('list.columns.type'),
      sort: 'type',
      noWrap: true,
      visibleMediaQuery: '(min-width: 48em)',
      render: (c) => t(`types.${c.type}`),
    },
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
    {
      accessor: 'active',
      title: t('list.columns.active'),
      noWrap: true,
      width: 104,
      render: (c) => (
        <Badge variant="light" color={c.active ? 'teal' : 'gray'} tt="none">
          {c.active ? t('list.status.active') : t('list.status.inactive')}
        </Badge>
      ),
    },
  ];
  return (
    <ListTable<CustomerRow, CustomerSort>
      records={rows}
      columns={columns}
      sort={sort}
      order={order}
      onSort={onSort}
      fetching={fetching}
      onRowClick={(c) => void navigate(CUSTOMER_PATHS.edit(c.id))}
      label={t('list.tableLabel')}
      minWidth={520}
    />
  );
}
