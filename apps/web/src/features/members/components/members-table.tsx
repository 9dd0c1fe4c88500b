import { formatPhone, formatSek, type MemberListRow, type MemberSort } from '@fairway/shared';
import { Anchor, Badge, Text, VisuallyHidden } from '@mantine/core';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { SortOrder } from '../../../components/list/use-list-params';
import { MEMBER_PATHS } from '../lib/paths';

export interface MembersTableProps {
  rows: MemberListRow[];
  sort: MemberSort | undefined;
  order: SortOrder;
  onSort: (column: MemberSort, order: SortOrder) => void;
  fetching: boolean;
  /** The selection (every page); null: no selection column (a reader without members.write). */
  selected: ReadonlySet<string> | null;
  onSelectedChange: (pageRows: MemberListRow[], chosen: MemberListRow[]) => void;
}

const STATUS_COLOURS = { active: 'teal', pending: 'blue', paused: 'yellow', resigned: 'gray' } as const;

/** The members of one page; the name is the keyboard's link to the member, a row click does the same. */
export function MembersTable({ rows, sort, order, onSort, fetching, selected, onSelectedChange }: MembersTableProps) {
  const { t, i18n } = useTranslation('members');
  const lang = i18n.language === 'en' ? 'en' : 'sv';
  const navigate = useNavigate();
  const none = (
    <Text span c="dimmed" fz="sm" aria-hidden="true">
      –
    </Text>
  );
  const columns: (DataTableColumn<MemberListRow> & { sortKey?: MemberSort; label: string })[] = [
    {
      accessor: 'name',
      label: t('list.columns.name'),
      sortKey: 'name',
      render: (m) => (
        <Anchor component={Link} to={MEMBER_PATHS.detail(m.id)} fw={600} fz="sm">
          {m.lastname}, {m.firstname}
        </Anchor>
      ),
    },
    { accessor: 'golfId', label: t('list.columns.golfId'), sortKey: 'golfId', noWrap: true, render: (m) => m.golfId ?? none },
    {
      accessor: 'memberNumber',
      label: t('list.columns.memberNumber'),
      sortKey: 'memberNumber',
      noWrap: true,
      visibleMediaQuery: '(min-width: 48em)',
      render: (m) => m.memberNumber ?? none,
    },
    {
      accessor: 'category',
      label: t('list.columns.category'),
      visibleMediaQuery: '(min-width: 62em)',
      render: (m) => m.memberCategoryName ?? none,
    },
    {
      accessor: 'status',
      label: t('list.columns.status'),
      noWrap: true,
      render: (m) => (
        <Badge variant="light" color={m.active ? STATUS_COLOURS[m.status] : 'gray'} tt="none">
          {m.active ? t(`statuses.${m.status}`) : t('list.inactive')}
        </Badge>
      ),
    },
    { accessor: 'age', label: t('list.columns.age'), sortKey: 'age', textAlign: 'right', render: (m) => m.age ?? none },
    {
      accessor: 'phoneMobile',
      label: t('list.columns.phone'),
      noWrap: true,
      visibleMediaQuery: '(min-width: 75em)',
      render: (m) => (m.phoneMobile ? formatPhone(m.phoneMobile) : none),
    },
    {
      accessor: 'balance',
      label: t('list.columns.balance'),
      sortKey: 'balance',
      textAlign: 'right',
      noWrap: true,
      render: (m) => (
        <Text fz="sm" c={m.invoiceBalanceOre > 0 ? 'red' : undefined}>
          {formatSek(m.invoiceBalanceOre, lang)}
        </Text>
      ),
    },
  ];
  const active = columns.find((c) => c.sortKey !== undefined && c.sortKey === sort);
  return (
    <DataTable<MemberListRow>
      aria-label={t('list.tableLabel')}
      aria-busy={fetching}
      withTableBorder
      borderRadius="md"
      striped
      highlightOnHover
      verticalSpacing="sm"
      records={rows}
      idAccessor="id"
      columns={columns.map(({ sortKey, label, ...c }) => ({
        ...c,
        sortable: sortKey !== undefined,
        title:
          c === active || (active && active.accessor === c.accessor) ? (
            <>
              {label}
              <VisuallyHidden>, {t(order === 'asc' ? 'list.sortedAsc' : 'list.sortedDesc')}</VisuallyHidden>
            </>
          ) : (
            label
          ),
      }))}
      fetching={fetching}
      loaderType="dots"
      noRecordsText=""
      sortStatus={{ columnAccessor: active?.accessor ?? '', direction: order }}
      onSortStatusChange={(status) => {
        const column = columns.find((c) => c.accessor === status.columnAccessor);
        if (column?.sortKey) onSort(column.sortKey, status.direction);
      }}
      onRowClick={({ record, event }) => {
        if ((event.target as HTMLElement).closest('a, button, input')) return;
        void navigate(MEMBER_PATHS.detail(record.id));
      }}
      scrollAreaProps={{ type: 'auto' }}
      styles={{ table: { minWidth: 640 } }}
      selectedRecords={selected === null ? undefined : rows.filter((r) => selected.has(r.id))}
      onSelectedRecordsChange={selected === null ? undefined : (chosen) => onSelectedChange(rows, chosen)}
      getRecordSelectionCheckboxProps={(m) => ({ 'aria-label': t('list.select', { name: `${m.firstname} ${m.lastname}` }) })}
      allRecordsSelectionCheckboxProps={{ 'aria-label': t('list.selectPage') }}
    />
  );
}
