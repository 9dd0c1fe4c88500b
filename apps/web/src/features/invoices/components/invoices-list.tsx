import { IconFileInvoice } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field';
import { AccountingListActions, DocumentList, FilterSelect, NewButton } from '../../../components/list/document-list';
import { useListParams } from '../../../components/list/use-list-params';
import { useCurrentUser } from '../../../lib/current-user';
import { invoicesKey, useInvoices } from '../api/list-invoices';
import { INVOICES_LIST, type InvoicesQuery } from '../lib/list-config';
import { INVOICE_PATHS } from '../lib/paths';
import { useDateRangeParam } from '../lib/use-date-range-param';
import { InvoicesTable } from './invoices-table';

const REFRESHED = [invoicesKey] as const;
const FILTER_NAMES = ['booked', 'payment', 'kind'] as const;

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

  const newButton = canWrite ? <NewButton to={INVOICE_PATHS.create}>{t('list.new')}</NewButton> : null;

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
    <DocumentList
      params={params}
      query={invoices}
      searchLabel={t('list.searchLabel')}
      searchPlaceholder={t('list.searchPlaceholder')}
      filters={
        <>
          {FILTER_NAMES.map((name) => (
            <FilterSelect key={name} ns="invoices" defs={INVOICES_LIST.filters} name={name} params={params} />
          ))}
          {dateInput('from')}
          {dateInput('to')}
        </>
      }
      actions={
        <AccountingListActions
          invalidate={REFRESHED}
          exportPath="invoices/export"
          query={query}
          fileName={t('list.exportFileName')}
          newButton={newButton}
        />
      }
      isFiltered={isFiltered}
      onClearFilters={() => {
        params.clearFilters();
        clearRange();
      }}
      needsAccounting
      empty={{ icon: IconFileInvoice, title: t('list.emptyTitle'), text: t('list.emptyText'), action: newButton }}
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
    </DocumentList>
  );
}
