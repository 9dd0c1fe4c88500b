import type { InvoiceListRow, InvoiceSort } from '@fairway/shared';
import { Badge, Button, Text } from '@mantine/core';
import { IconCash, IconFileInvoice } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { ListBody } from '../../../components/list/list-body';
import { ListFooter } from '../../../components/list/list-footer';
import { type ListColumn, ListTable } from '../../../components/list/list-table';
import { ListToolbar } from '../../../components/list/list-toolbar';
import { useListParams } from '../../../components/list/use-list-params';
import { useCurrentUser } from '../../../lib/current-user';
import { formatDate } from '../../../lib/dates';
import { formatOre } from '../../../lib/money';
import { useUnpaidInvoices } from '../api/list-unpaid-invoices';
import { UNPAID_LIST } from '../lib/list-config';
import { PaymentDialog } from './payment-dialog';

/** Unpaid invoices of the club account (the invoice mirror), each with "register payment". */
export function UnpaidInvoicesList() {
  const { t, i18n } = useTranslation('receipts');
  const lang = i18n.language === 'en' ? 'en' : 'sv';
  const user = useCurrentUser();
  const params = useListParams(UNPAID_LIST);
  const invoices = useUnpaidInvoices(params.query);
  const canPay = user?.scopes.includes('invoices.write') ?? false;
  const [paying, setPaying] = useState<InvoiceListRow | null>(null);

  const total = invoices.data?.pagination.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / params.pageSize));
  const { page, setPage } = params;
  useEffect(() => {
    if (invoices.data && !invoices.isPlaceholderData && total > 0 && page > pages) setPage(pages);
  }, [invoices.data, invoices.isPlaceholderData, total, page, pages, setPage]);

  const amount = (ore: number) => (
    <Text fz="sm" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
      {formatOre(ore, lang)}
    </Text>
  );
  const columns: ListColumn<InvoiceListRow, InvoiceSort>[] = [
    { accessor: 'number', title: t('unpaid.columns.number'), sort: 'number', noWrap: true },
    {
      accessor: 'customerName',
      title: t('unpaid.columns.customer'),
      sort: 'customerName',
      render: (r) => (
        <>
          <Text fz="sm" fw={500}>
            {r.customerName}
          </Text>
          <Text fz="xs" c="dimmed">
            {r.customerNumber}
          </Text>
        </>
      ),
    },
    {
      accessor: 'dueDate',
      title: t('unpaid.columns.dueDate'),
      sort: 'dueDate',
      noWrap: true,
      render: (r) => (
        <>
          {formatDate(r.dueDate, lang)}{' '}
          {r.overdue ? (
            <Badge color="red" variant="light" size="sm">
              {t('unpaid.overdue')}
            </Badge>
          ) : null}
        </>
      ),
    },
    {
      accessor: 'totalOre',
      title: t('unpaid.columns.total'),
      sort: 'total',
      textAlign: 'right',
      render: (r) => amount(r.totalOre),
    },
    {
      accessor: 'balanceOre',
      title: t('unpaid.columns.balance'),
      sort: 'balance',
      textAlign: 'right',
      render: (r) => amount(r.balanceOre),
    },
    {
      accessor: 'actions',
      title: t('unpaid.columns.actions'),
      textAlign: 'right',
      render: (r) =>
        canPay && r.booked && !r.isCredit && r.balanceOre > 0 ? (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconCash size={16} aria-hidden="true" />}
            onClick={() => setPaying(r)}
            aria-label={t('unpaid.payLabel', { number: r.number })}
          >
            {t('unpaid.pay')}
          </Button>
        ) : !r.booked ? (
          <Text fz="xs" c="dimmed">
            {t('unpaid.notBooked')}
          </Text>
        ) : null,
    },
  ];

  return (
    <>
      <ListToolbar
        search={params.searchInput}
        onSearchChange={params.setSearchInput}
        searchLabel={t('unpaid.searchLabel')}
        searchPlaceholder={t('unpaid.searchPlaceholder')}
      />
      <ListBody
        query={invoices}
        isFiltered={params.isFiltered}
        onClearFilters={params.clearFilters}
        needsAccounting
        empty={
          <EmptyState title={t('unpaid.emptyTitle')} order={3} icon={<IconFileInvoice size={30} stroke={1.6} />}>
            {t('unpaid.emptyText')}
          </EmptyState>
        }
      >
        {(rows) => (
          <ListTable<InvoiceListRow, InvoiceSort>
            records={rows}
            columns={columns}
            sort={params.sort}
            order={params.order}
            onSort={params.setSort}
            fetching={invoices.isFetching}
            label={t('unpaid.tableLabel')}
            minWidth={640}
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
      {paying ? <PaymentDialog invoice={paying} onClose={() => setPaying(null)} /> : null}
    </>
  );
}
