import type { Icon } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { ListBody } from '../../../components/list/list-body';
import { ListFooter } from '../../../components/list/list-footer';
import { ListToolbar } from '../../../components/list/list-toolbar';
import type { ApiPage } from '../../../lib/api-client';
import { choosePageRows, type Selection } from '../lib/selection';
import { GitTable, type GitTableProps } from './git-table';
import { SelectionBar } from './selection-bar';

/** What the list takes of `useListParams`: paging, the search box and "clear filters". */
export interface GitListParams {
  page: number;
  pageSize: number;
  setPage: (page: number) => void;
  setPageSize: (pageSize: number) => void;
  searchInput: string;
  setSearchInput: (value: string) => void;
  isFiltered: boolean;
  clearFilters: () => void;
}

/** A selection kept across pages (by the caller), with the bar that counts and clears it. */
export interface GitListSelection<T extends { id: string }> {
  value: Selection<T>;
  onChange: (selection: Selection<T>) => void;
  /** False for a reader: the bar stays, the table has no selection column. */
  selectable: boolean;
  /** How a row's checkbox is named for screen readers. */
  rowLabel: (row: T) => string;
  pageLabel: string;
}

export interface GitListProps<T extends { id: string }>
  extends Pick<GitTableProps<T>, 'label' | 'columns' | 'minWidth' | 'highlight' | 'rowExpansion'> {
  params: GitListParams;
  query: UseQueryResult<ApiPage<T>>;
  /** The search box's label: with it, the list has the standard toolbar (search, `filters`, `actions`). */
  searchLabel?: string;
  filters?: ReactNode;
  actions?: ReactNode;
  /** What stands above the list instead of the standard toolbar (a list without search). */
  toolbar?: ReactNode;
  /** Between the toolbar and the table: a run's progress. */
  banner?: ReactNode;
  /** When the "nothing matches" state applies; `params.isFiltered` unless told. */
  isFiltered?: boolean;
  emptyTitle: string;
  emptyText: string;
  emptyIcon: Icon;
  selection?: GitListSelection<T>;
  /** After the pages: the list's dialogs. */
  children?: ReactNode;
}

/**
 * A GIT list: its toolbar, the table of the page (or the error, "nothing matches" or empty
 * state), the selection bar and the pages. A tab keeps only its own: columns, filters, actions.
 */
export function GitList<T extends { id: string }>({
  params,
  query,
  searchLabel,
  filters,
  actions,
  toolbar,
  banner,
  isFiltered = params.isFiltered,
  emptyTitle,
  emptyText,
  emptyIcon: EmptyIcon,
  selection,
  children,
  ...table
}: GitListProps<T>) {
  return (
    <>
      {searchLabel !== undefined ? (
        <ListToolbar
          search={params.searchInput}
          onSearchChange={params.setSearchInput}
          searchLabel={searchLabel}
          filters={filters}
          actions={actions}
        />
      ) : (
        toolbar
      )}
      {banner}
      {selection ? <SelectionBar count={selection.value.size} onClear={() => selection.onChange(new Map())} /> : null}
      <ListBody
        query={query}
        isFiltered={isFiltered}
        onClearFilters={params.clearFilters}
        empty={
          <EmptyState title={emptyTitle} order={3} icon={<EmptyIcon size={30} stroke={1.6} />}>
            {emptyText}
          </EmptyState>
        }
      >
        {(rows) => (
          <GitTable<T>
            {...table}
            rows={rows}
            fetching={query.isFetching}
            {...(selection?.selectable
              ? {
                  selection: selection.value,
                  onSelectionChange: (pageRows: T[], picked: T[]) =>
                    selection.onChange(choosePageRows(selection.value, pageRows, picked)),
                  selectLabel: selection.rowLabel,
                  selectPageLabel: selection.pageLabel,
                }
              : {})}
          />
        )}
      </ListBody>
      <ListFooter
        page={params.page}
        pageSize={params.pageSize}
        total={query.data?.pagination.total ?? 0}
        onPageChange={params.setPage}
        onPageSizeChange={params.setPageSize}
      />
      {children}
    </>
  );
}
