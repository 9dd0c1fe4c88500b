import type { ContractListRow, ContractSort } from '@fairway/shared';
import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type DocumentRowsProps, DocumentTable, NotSet } from '../../../components/list/document-table';
import type { ListColumn } from '../../../components/list/list-table';
import { formatDate } from '../../../lib/dates';
import { formatOre } from '../../../lib/money';
import { CONTRACT_PATHS } from '../lib/paths';
import { ContractStatusBadge } from './contract-status-badge';

export interface ContractsTableProps extends DocumentRowsProps<ContractListRow, ContractSort> {
  /** A tag badge filters the list by that tag. */
  onTag: (tag: string) => void;
}

/** The contracts of one page; a row opens the contract, and its number is the keyboard's link. */
export function ContractsTable({ onTag, ...page }: ContractsTableProps) {
  const { t, i18n } = useTranslation('contracts');
  const lang = i18n.language === 'en' ? 'en' : 'sv';
  const none = <NotSet>{t('list.notSet')}</NotSet>;
  const period = (c: ContractListRow) =>
    c.periodEnd
      ? t('list.period', { start: formatDate(c.periodStart, lang), end: formatDate(c.periodEnd, lang) })
      : formatDate(c.periodStart, lang);
  const columns: ListColumn<ContractListRow, ContractSort>[] = [
    {
      accessor: 'customerName',
      title: t('list.columns.customer'),
      sort: 'customerName',
      render: (c) => (
        <div>
          <Text fz="sm" fw={500}>
            {c.customerName}
          </Text>
          {c.tags.length > 0 ? (
            <Group gap={4} mt={4}>
              {c.tags.map((tag) => (
                <Badge
                  key={tag}
                  component="button"
                  type="button"
                  size="xs"
                  variant="outline"
                  tt="none"
                  style={{ cursor: 'pointer' }}
                  onClick={() => onTag(tag)}
                  aria-label={t('list.filterByTag', { tag })}
                >
                  {tag}
                </Badge>
              ))}
            </Group>
          ) : null}
        </div>
      ),
    },
    {
      accessor: 'periodStart',
      title: t('list.columns.period'),
      sort: 'periodStart',
      noWrap: true,
      visibleMediaQuery: '(min-width: 48em)',
      render: (c) => (
        <>
          <Text fz="sm">{period(c)}</Text>
          {c.continuous ? (
            <Text fz="xs" c="dimmed">
              {t('list.continuous')}
            </Text>
          ) : null}
        </>
      ),
    },
    {
      accessor: 'invoiceInterval',
      title: t('list.columns.interval'),
      noWrap: true,
      visibleMediaQuery: '(min-width: 62em)',
      render: (c) => t(`intervals.${c.invoiceInterval}`, { defaultValue: t('list.months', { count: c.invoiceInterval }) }),
    },
    {
      accessor: 'lastInvoiceDate',
      title: t('list.columns.lastInvoiceDate'),
      sort: 'lastInvoiceDate',
      noWrap: true,
      visibleMediaQuery: '(min-width: 62em)',
      render: (c) => (c.lastInvoiceDate ? formatDate(c.lastInvoiceDate, lang) : none),
    },
    {
      accessor: 'totalOre',
      title: t('list.columns.total'),
      sort: 'totalOre',
      textAlign: 'right',
      noWrap: true,
      render: (c) => formatOre(c.totalOre, lang),
    },
    {
      accessor: 'status',
      title: t('list.columns.status'),
      sort: 'status',
      noWrap: true,
      render: (c) => (
        <>
          <ContractStatusBadge status={c.status} />
          {c.cancellationDate && c.status !== 'terminated' ? (
            <Text fz="xs" c="dimmed" mt={2}>
              {t('list.endsOn', { date: formatDate(c.cancellationDate, lang) })}
            </Text>
          ) : null}
        </>
      ),
    },
  ];
  return (
    <DocumentTable<ContractListRow, ContractSort>
      {...page}
      numberTitle={t('list.columns.number')}
      pathOf={(c) => CONTRACT_PATHS.edit(c.id)}
      openLabel={(c) => t('list.open', { number: c.number, name: c.customerName })}
      columns={columns}
      label={t('list.tableLabel')}
      minWidth={560}
    />
  );
}
