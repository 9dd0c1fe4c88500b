import { VisuallyHidden } from '@mantine/core';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SortOrder } from './use-list-params';

export interface ListColumn<T, S extends string> {
  /** Unique id of the column; a property of the row when there is no `render`. */
  accessor: string;
  title: string;
  render?: (record: T) => ReactNode;
  /** The server's sort key, when the column can be sorted. */
  sort?: S;
  textAlign?: 'left' | 'center' | 'right';
  width?: number | string;
  /** Hide the column on narrow screens (e.g. `(min-width: 48em)`). */
  visibleMediaQuery?: string;
  noWrap?: boolean;
}

export interface ListTableProps<T extends { id: string }, S extends string> {
  records: T[];
  columns: ListColumn<T, S>[];
  sort: S | undefined;
  order: SortOrder;
  onSort: (column: S, order: SortOrder) => void;
  /** A request is in flight: the table dims and shows a loader over the rows it has. */
  fetching: boolean;
  /** Mouse users open a row by clicking anywhere on it; a link in the row does the same for keyboards. */
  onRowClick?: (record: T) => void;
  /** Names the table for screen readers. */
  label: string;
  /** Below this width the table scrolls sideways instead of squeezing columns. */
  minWidth?: number;
}

/**
 * The table of a server-side list, on mantine-datatable: sortable headers (keyboard: Tab and
 * Enter, with the direction spoken), a loading overlay that keeps the previous page in place,
 * striped rows and a row click. Empty and error states are `ListBody`'s job, so the table always
 * has rows or is loading.
 */
export function ListTable<T extends { id: string }, S extends string>({
  records,
  columns,
  sort,
  order,
  onSort,
  fetching,
  onRowClick,
  label,
  minWidth = 760,
}: ListTableProps<T, S>) {
  const { t } = useTranslation('list');
  const active = columns.find((c) => c.sort !== undefined && c.sort === sort);
  const dataColumns: DataTableColumn<T>[] = columns.map((c) => ({
    accessor: c.accessor,
    title:
      c === active ? (
        <>
          {c.title}
          <VisuallyHidden>, {t(order === 'asc' ? 'table.sortedAsc' : 'table.sortedDesc')}</VisuallyHidden>
        </>
      ) : (
        c.title
      ),
    render: c.render ? (record: T) => c.render?.(record) : undefined,
    sortable: c.sort !== undefined,
    textAlign: c.textAlign,
    width: c.width,
    visibleMediaQuery: c.visibleMediaQuery,
    noWrap: c.noWrap,
  }));
  return (
    <DataTable<T>
      aria-label={label}
      aria-busy={fetching}
      withTableBorder
      borderRadius="md"
      striped
      highlightOnHover
      verticalSpacing="sm"
      minHeight={records.length === 0 ? 180 : undefined}
      records={records}
      columns={dataColumns}
      idAccessor="id"
      fetching={fetching}
      loaderType="dots"
      noRecordsText=""
      sortStatus={{ columnAccessor: active?.accessor ?? '', direction: order }}
      onSortStatusChange={(status) => {
        const column = columns.find((c) => c.accessor === status.columnAccessor);
        if (column?.sort) onSort(column.sort, status.direction);
      }}
      onRowClick={
        onRowClick
          ? ({ record, event }) => {
              // A click on a link or button in the row does its own thing.
              if ((event.target as HTMLElement).closest('a, button, input')) return;
              onRowClick(record);
            }
          : undefined
      }
      scrollAreaProps={{ type: 'auto' }}
      styles={{ table: { minWidth } }}
    />
  );
}
