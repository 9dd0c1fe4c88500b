import { Button, Select } from '@mantine/core';
import { IconPlus, IconUsers } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ExportMenu } from '../../../components/list/export-menu';
import { ListBody } from '../../../components/list/list-body';
import { ListFooter } from '../../../components/list/list-footer';
import { ListToolbar } from '../../../components/list/list-toolbar';
import { SyncButton } from '../../../components/list/sync-button';
import { useListParams } from '../../../components/list/use-list-params';
import { useCurrentUser } from '../../../lib/current-user';
import { customersKey, useCustomers } from '../api/list-customers';
import { CUSTOMERS_LIST } from '../lib/list-config';
import { CUSTOMER_PATHS } from '../lib/paths';
import { CustomersTable } from './customers-table';

const REFRESHED = [customersKey] as const;

/** The "Customers" tab: search, status and type filters, export, refresh, the table and its pager. */
export function CustomersList() {
  const { t } = useTranslation('customers');
  const user = useCurrentUser();
  const params = useListParams(CUSTOMERS_LIST);
  const query = useCustomers(params.query);
  const canWrite = user?.scopes.includes('customers.write') ?? false;
  // Refreshing the copy is open to whoever reads the accounting data (POST synchronize).
  const canSync = user?.scopes.includes('invoices.read') ?? false;

  const total = query.data?.pagination.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / params.pageSize));
  const { page, setPage } = params;
  // A page beyond the last (an old link, or fewer customers since) falls back to the last one.
  useEffect(() => {
    if (query.data && !query.isPlaceholderData && total > 0 && page > pages) setPage(pages);
  }, [query.data, query.isPlaceholderData, total, page, pages, setPage]);

  const newButton = canWrite ? (
    <Button component={Link} to={CUSTOMER_PATHS.create} leftSection={<IconPlus size={18} aria-hidden="true" />}>
      {t('list.new')}
    </Button>
  ) : null;

  const filterSelect = (name: 'status' | 'type', options: readonly string[]) => (
    <Select
      label={t(`list.filters.${name}.label`)}
      value={params.filters[name]}
      onChange={(value) => value && params.setFilter(name, value as never)}
      data={options.map((value) => ({ value, label: t(`list.filters.${name}.${value}`) }))}
      allowDeselect={false}
      w={{ base: '100%', xs: 150 }}
      comboboxProps={{ withinPortal: true }}
    />
  );

  return (
    <>
      <ListToolbar
        search={params.searchInput}
        onSearchChange={params.setSearchInput}
        searchLabel={t('list.searchLabel')}
        searchPlaceholder={t('list.searchPlaceholder')}
        filters={
          <>
            {filterSelect('status', CUSTOMERS_LIST.filters.status)}
            {filterSelect('type', CUSTOMERS_LIST.filters.type)}
          </>
        }
        actions={
          <>
            {canSync ? <SyncButton invalidate={REFRESHED} /> : null}
            <ExportMenu path="customers/export" query={params.query} fileName={t('list.exportFileName')} />
            {newButton}
          </>
        }
      />
      <ListBody
        query={query}
        isFiltered={params.isFiltered}
        onClearFilters={params.clearFilters}
        needsAccounting
        empty={
          <EmptyState title={t('list.emptyTitle')} order={3} icon={<IconUsers size={30} stroke={1.6} />} action={newButton}>
            {t('list.emptyText')}
          </EmptyState>
        }
      >
        {(rows) => (
          <CustomersTable
            rows={rows}
            sort={params.sort}
            order={params.order}
            onSort={params.setSort}
            fetching={query.isFetching}
          />
        )}
      </ListBody>
      <ListFooter
        page={params.page}
        pageSize={params.pageSize}
        total={total}
        onPageChange={params.setPage}
        onPageSizeChange={params.setPageSize}
      />
    </>
  );
}
