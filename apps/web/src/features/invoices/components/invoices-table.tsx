import type { InvoiceListRow, InvoiceSort } from '@fairway/shared';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type DocumentRowsProps, DocumentTable } from '../../../components/list/document-table';
import type { ListColumn } from '../../../components/list/list-table';
import { formatDate } from '../../../lib/dates';
import { formatOre } from '../../../lib/money';
import { INVOICE_PATHS } from '../lib/paths';
import { InvoiceStatusBadges } from './invoice-status-badges';

export type InvoicesTableProps = DocumentRowsProps<InvoiceListRow, InvoiceSort>;

/** The invoices of one page; a row opens the invoice, and its number is the keyboard's link. */
export function InvoicesTable(page: InvoicesTableProps) {
  const { t, i18n } = useTranslation('invoices');
  const lang = i18n.language === 'en' ? 'en' : 'sv';
  const amount = (ore: number) => (
    <Text fz="sm" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
      {formatOre(ore, lang)}
    </Text>
  );
  const columns: ListColumn<InvoiceListRow, InvoiceSort>[] = [
    {
      accessor: 'customerName',
      title: t('list.columns.customer'),
      sort: 'customerName',
      render: (r) => (
        // A long name breaks anywhere rather than pushing the amount and status past a phone's edge.
        <div style={{ overflowWrap: 'anywhere' }}>
          <Text fz="sm" fw={500}>
            {r.customerName}
          </Text>
          <Text fz="xs" c="dimmed">
            {r.customerNumber}
          </Text>
          {/* On a phone the dates have no column of their own: the invoice date goes here. */}
          <Text fz="xs" c="dimmed" hiddenFrom="xs">
            {formatDate(r.invoiceDate, lang)}
          </Text>
        </div>
      ),
    },
    {
      accessor: 'invoiceDate',
      title: t('list.columns.invoiceDate'),
      sort: 'invoiceDate',
      noWrap: true,
      visibleMediaQuery: '(min-width: 36em)',
      render: (r) => formatDate(r.invoiceDate, lang),
    },
    {
      accessor: 'dueDate',
      title: t('list.columns.dueDate'),
      sort: 'dueDate',
      noWrap: true,
      visibleMediaQuery: '(min-width: 48em)',
      render: (r) => formatDate(r.dueDate, lang) || t('list.notSet'),
    },
    {
      accessor: 'totalOre',
      title: t('list.columns.total'),
      sort: 'total',
      textAlign: 'right',
      render: (r) => amount(r.totalOre),
    },
    {
      accessor: 'balanceOre',
      title: t('list.columns.balance'),
      sort: 'balance',
      textAlign: 'right',
      visibleMediaQuery: '(min-width: 36em)',
      render: (r) => amount(r.balanceOre),
    },
    { accessor: 'status', title: t('list.columns.status'), render: (r) => <InvoiceStatusBadges invoice={r} /> },
  ];
  return (
    <DocumentTable<InvoiceListRow, InvoiceSort>
      {...page}
      numberTitle={t('list.columns.number')}
      pathOf={(r) => INVOICE_PATHS.edit(r.id)}
      openLabel={(r) => t('list.open', { number: r.number, name: r.customerName })}
      columns={columns}
      label={t('list.tableLabel')}
      // Number, customer, amount and status fit a phone's width; the other columns appear as room allows.
      minWidth={340}
    />
  );
}
