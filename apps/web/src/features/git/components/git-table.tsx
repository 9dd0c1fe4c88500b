import { DataTable, type DataTableColumn, type DataTableRowExpansionProps } from 'mantine-datatable';
import type { Selection } from '../lib/selection';
import { selectedOnPage } from '../lib/selection';

export interface GitTableProps<T extends { id: string }> {
  label: string;
  rows: T[];
  columns: DataTableColumn<T>[];
  fetching: boolean;
  /** The selection (every page); absent: no selection column (a reader, or a list without actions). */
  selection?: Selection<T>;
  onSelectionChange?: (pageRows: T[], chosen: T[]) => void;
  /** How a row's checkbox is named for screen readers. */
  selectLabel?: (row: T) => string;
  selectPageLabel?: string;
  rowExpansion?: DataTableRowExpansionProps<T>;
  /** Marks a row (the occasion the user is working on). */
  highlight?: (row: T) => boolean;
  minWidth?: number;
}

/**
 * The table of a GIT list on mantine-datatable: the loading overlay keeps the previous page in
 * place, and an optional selection column whose choices survive paging (kept by the caller).
 */
export function GitTable<T extends { id: string }>({
  label,
  rows,
  columns,
  fetching,
  selection,
  onSelectionChange,
  selectLabel,
  selectPageLabel,
  rowExpansion,
  highlight,
  minWidth = 720,
}: GitTableProps<T>) {
  const selectable = selection !== undefined && onSelectionChange !== undefined;
  return (
    <DataTable<T>
      aria-label={label}
      aria-busy={fetching}
      withTableBorder
      borderRadius="md"
      striped
      highlightOnHover
      verticalSpacing="sm"
      records={rows}
      idAccessor="id"
      columns={columns}
      fetching={fetching}
      loaderType="dots"
      noRecordsText=""
      minHeight={rows.length === 0 ? 160 : undefined}
      scrollAreaProps={{ type: 'auto' }}
      styles={{ table: { minWidth } }}
      rowExpansion={rowExpansion}
      rowStyle={
        highlight
          ? (row) => (highlight(row) ? { boxShadow: 'inset 4px 0 0 var(--mantine-primary-color-filled)' } : undefined)
          : undefined
      }
      customRowAttributes={highlight ? (row) => (highlight(row) ? { 'data-highlighted': 'true' } : {}) : undefined}
      {...(selectable
        ? {
            selectedRecords: selectedOnPage(selection, rows),
            onSelectedRecordsChange: (chosen: T[]) => onSelectionChange(rows, chosen),
            getRecordSelectionCheckboxProps: (row: T) => ({ 'aria-label': selectLabel?.(row) ?? row.id }),
            allRecordsSelectionCheckboxProps: { 'aria-label': selectPageLabel ?? '' },
          }
        : {})}
    />
  );
}
