import { Button, Select } from '@mantine/core';
import { IconFileInvoice, IconPlus } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DateField } from '../../../components/date-field';
import { EmptyState } from '../../../components/empty-state';
import { ExportMenu } from '../../../components/list/export-menu';
import { ListBody } from '../../../components/list/list-body';
import { ListFooter } from '../../../components/list/list-footer';
import { ListToolbar } from '../../../components/list/list-toolbar';
import { SyncButton } from '../../../components/list/sync-button';
import { useListParams } from '../../../components/list/use-list-params';
import { useCurrentUser } from '../../../lib/current-user';
import { invoicesKey, useInvoices } from '../api/list-invoices';
import { INVOICES_LIST, type InvoicesQuery } from '../lib/list-config';
import { INVOICE_PATHS } from '../lib/paths';
import { useDateRangeParam } from '../lib/use-date-range-param';
import { InvoicesTable } from './invoices-table';

const REFRESHED = [invoicesKey] as const;

/** The invoices list: search, booked / payment / kind filters, a date range, export, refresh, the table and its pager. */
export function InvoicesList() {
  const { t } = useTranslation('invoices');
  const user = useCurrentUser();
  const params = useListParams(INVOICES_LIST);
  const [range, setDate, clearRange] = useDateRangeParam();
  const { from, to } = range;
  const query: InvoicesQuery = useMemo(() => ({ ...params.query, from, to }), [params.query, from, to]);
  const invoices = useInvoices(query);
  const canWrite = user?.scopes.includes('invoices.write') ?? false;
  const canSync = user?.scopes.includes('invoices.read') ?? false;

  const total = invoices.data?.pagination.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / params.pageSize));
  const { page, setPage } = params;
  // A page beyond the last (an old link, or fewer invoices since) falls back to the last one.
  useEffect(() => {
    if (invoices.data && !invoices.isPlaceholderData && total > 0 && page > pages) setPage(pages);
  }, [invoices.data, invoices.isPlaceholderData, total, page, pages, setPage]);

  const newButton = canWrite ? (
    <Button component={Link} to={INVOICE_PATHS.create} leftSection={<IconPlus size={18} aria-hidden="true" />}>
      {t('list.new')}
    </Button>
  ) : null;

  const filterSelect = (name: 'booked' | 'payment' | 'kind') => (
    <Select
      label={t(`list.filters.${name}.label`)}
      value={params.filters[name]}
      onChange={(value) => value && params.setFilter(name, value as never)}
      data={INVOICES_LIST.filters[name].map((value) => ({ value, label: t(`list.filters.${name}.${value}`) }))}
      allowDeselect={false}
      w={{ base: '100%', xs: 150 }}
      comboboxProps={{ withinPortal: true }}
    />
  );
  const dateInput = (name: 'from' | 'to') => (
    <DateField
      label={t(`list.filters.${name}`)}
      value={range[name]}
      onChange={(next) => setDate(name, next || undefined)}
      clearable
      w={{ base: '100%', xs: 160 }}
    />
  );
  const isFiltered = params.isFiltered || range.from !== undefined || range.to !== undefined;

  return (
    <>
      <ListToolbar
        search={params.searchInput}
        onSearchChange={params.setSearchInput}
        searchLabel={t('list.searchLabel')}
        searchPlaceholder={t('list.searchPlaceholder')}
        filters={
          <>
            {filterSelect('booked')}
            {filterSelect('payment')}
            {filterSelect('kind')}
            {dateInput('from')}
            {dateInput('to')}
          </>
        }
        actions={
          <>
            {canSync ? <SyncButton invalidate={REFRESHED} /> : null}
            <ExportMenu path="invoices/export" query={query} fileName={t('list.exportFileName')} />
            {newButton}
          </>
        }
      />
      <ListBody
        query={invoices}
        isFiltered={isFiltered}
        onClearFilters={() => {
          params.clearFilters();
          clearRange();
        }}
        needsAccounting
        empty={
          <EmptyState title={t('list.emptyTitle')} order={3} icon={<IconFileInvoice size={30} stroke={1.6} />} action={newButton}>
            {t('list.emptyText')}
          </EmptyState>
        }
      >
        {(rows) => (
          <InvoicesTable
            rows={rows}
            sort={params.sort}
            order={params.order}
            onSort={params.setSort}
            fetching={invoices.isFetching}
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
