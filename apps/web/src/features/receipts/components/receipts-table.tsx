import type { ReceiptRow, ReceiptSort } from '@fairway/shared';
import { ActionIcon, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../../components/list/export-menu';
import type { SortOrder } from '../../../components/list/use-list-params';
import { formatDate } from '../../../lib/dates';
import { formatOre } from '../../../lib/money';
import { notifyError } from '../../../lib/notify';
import { fetchReceiptPdf } from '../api/fetch-receipt-pdf';
import { ReceiptStateBadge } from './receipt-state-badge';

type Record_ = ReceiptRow & { id: string };

export interface ReceiptsTableProps {
  rows: ReceiptRow[];
  sort: ReceiptSort | undefined;
  order: SortOrder;
  onSort: (column: ReceiptSort, order: SortOrder) => void;
  fetching: boolean;
  /** Chosen invoice ids (kept across pages); null when the viewer may not send. */
  selected: ReadonlySet<string> | null;
  onSelectedChange: (pageRows: ReceiptRow[], chosen: ReceiptRow[]) => void;
}

function PdfButton({ receipt }: { receipt: ReceiptRow }) {
  const { t } = useTranslation('receipts');
  const [loading, setLoading] = useState(false);
  const label = t('list.pdf', { number: receipt.invoiceNumber });
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon
        variant="subtle"
        aria-label={label}
        loading={loading}
        onClick={async () => {
          setLoading(true);
          try {
            const blob = await fetchReceiptPdf(receipt.invoiceId, true);
            if (blob) saveBlob(blob, t('list.pdfFile', { number: receipt.invoiceNumber }));
          } catch {
            notifyError(t('list.pdfFailed'));
          } finally {
            setLoading(false);
          }
        }}
      >
        <IconFileTypePdf size={18} aria-hidden="true" />
      </ActionIcon>
    </Tooltip>
  );
}

/** One page of receipts with selection boxes (when the viewer may send), state badges and the PDF. */
export function ReceiptsTable({ rows, sort, order, onSort, fetching, selected, onSelectedChange }: ReceiptsTableProps) {
  const { t, i18n } = useTranslation(['receipts', 'list']);
  const lang = i18n.language === 'en' ? 'en' : 'sv';
  const records: Record_[] = rows.map((r) => ({ ...r, id: r.invoiceId }));
  const columns: (DataTableColumn<Record_> & { sortKey?: ReceiptSort })[] = [
    { accessor: 'invoiceNumber', title: t('list.columns.number'), sortable: true, sortKey: 'number', noWrap: true },
    {
      accessor: 'customerName',
      title: t('list.columns.customer'),
      sortable: true,
      sortKey: 'customerName',
      render: (r) => (
        <>
          <Text fz="sm" fw={500}>
            {r.customerName}
          </Text>
          <Text fz="xs" c={r.email ? 'dimmed' : 'red'}>
            {r.email ?? t('list.noEmail')}
          </Text>
        </>
      ),
    },
    {
      accessor: 'paidDate',
      title: t('list.columns.paidDate'),
      sortable: true,
      sortKey: 'paidDate',
      noWrap: true,
      render: (r) => formatDate(r.paidDate, lang),
    },
    {
      accessor: 'amountOre',
      title: t('list.columns.amount'),
      sortable: true,
      sortKey: 'amount',
      textAlign: 'right',
      render: (r) => (
        <Text fz="sm" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
          {formatOre(r.amountOre, lang)}
        </Text>
      ),
    },
    {
      accessor: 'state',
      title: t('list.columns.state'),
      sortable: true,
      sortKey: 'state',
      render: (r) => <ReceiptStateBadge receipt={r} />,
    },
    {
      accessor: 'sentAt',
      title: t('list.columns.sentAt'),
      visibleMediaQuery: '(min-width: 48em)',
      noWrap: true,
      render: (r) => formatDate(r.sentAt, lang),
    },
    {
      accessor: 'pdf',
      title: <VisuallyHidden>{t('list.columns.pdf')}</VisuallyHidden>,
      textAlign: 'right',
      render: (r) => <PdfButton receipt={r} />,
    },
  ];
  const active = columns.find((c) => c.sortKey !== undefined && c.sortKey === sort);
  return (
    <DataTable<Record_>
      aria-label={t('list.tableLabel')}
      aria-busy={fetching}
      withTableBorder
      borderRadius="md"
      striped
      highlightOnHover
      verticalSpacing="sm"
      records={records}
      columns={columns.map(({ sortKey: _s, ...c }) => c)}
      idAccessor="id"
      fetching={fetching}
      loaderType="dots"
      noRecordsText=""
      sortStatus={{ columnAccessor: active?.accessor ?? '', direction: order }}
      onSortStatusChange={(status) => {
        const column = columns.find((c) => c.accessor === status.columnAccessor);
        if (column?.sortKey) onSort(column.sortKey, status.direction);
      }}
      scrollAreaProps={{ type: 'auto' }}
      styles={{ table: { minWidth: 640 } }}
      selectedRecords={selected === null ? undefined : records.filter((r) => selected.has(r.id))}
      onSelectedRecordsChange={selected === null ? undefined : (chosen) => onSelectedChange(rows, chosen)}
      getRecordSelectionCheckboxProps={(r) => ({ 'aria-label': t('list.select', { number: r.invoiceNumber }) })}
      allRecordsSelectionCheckboxProps={{ 'aria-label': t('list.selectPage') }}
    />
  );
}
