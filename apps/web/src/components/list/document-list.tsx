import { Button, Select } from '@mantine/core';
import { type Icon, IconPlus } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ApiPage } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/current-user';
import { EmptyState } from '../empty-state';
import { ExportMenu, type ExportMenuProps } from './export-menu';
import { ListBody } from './list-body';
import { ListFooter } from './list-footer';
import { ListToolbar } from './list-toolbar';
import { SyncButton } from './sync-button';
import type { FilterDefs, FilterValues } from './use-list-params';

/** The part of `useListParams` a document list reads: paging and the search box. */
export interface DocumentListParams {
  page: number;
  pageSize: number;
  setPage: (page: number) => void;
  setPageSize: (pageSize: number) => void;
  searchInput: string;
  setSearchInput: (value: string) => void;
}

export interface DocumentListProps<T> {
  params: DocumentListParams;
  query: UseQueryResult<ApiPage<T>>;
  /** Names what is searched, e.g. "Search by name, number or e-mail". */
  searchLabel: string;
  searchPlaceholder?: string;
  /** The feature's filters (`FilterSelect`s, date fields…). */
  filters?: ReactNode;
  /** Refresh, export, bulk actions, the "New …" button. */
  actions?: ReactNode;
  /** Shown between the toolbar and the list (a notice, the selection). */
  notice?: ReactNode;
  /** Search or a filter narrows the list (`isFiltered` of `useListParams`, plus the feature's own). */
  isFiltered: boolean;
  onClearFilters: () => void;
  /** The list comes from the accounting program (see `ListBody`). */
  needsAccounting?: boolean;
  /** "Nothing here yet": the icon, what will appear, and the create button. */
  empty: { icon: Icon; title: string; text: ReactNode; action?: ReactNode };
  /** The table, given the rows of the page. */
  children: (rows: T[]) => ReactNode;
}

/**
 * A server-side document list: the toolbar (search, filters, actions), the table or the state in
 * its place (`ListBody`), and the footer (range, page size, pages). A page beyond the last (an old
 * link, or fewer documents since) falls back to the last one.
 */
export function DocumentList<T>({
  params,
  query,
  searchLabel,
  searchPlaceholder,
  filters,
  actions,
  notice,
  isFiltered,
  onClearFilters,
  needsAccounting = false,
  empty,
  children,
}: DocumentListProps<T>) {
  const total = query.data?.pagination.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / params.pageSize));
  const { page, setPage } = params;
  useEffect(() => {
    if (query.data && !query.isPlaceholderData && total > 0 && page > pages) setPage(pages);
  }, [query.data, query.isPlaceholderData, total, page, pages, setPage]);

  const EmptyIcon = empty.icon;
  return (
    <>
      <ListToolbar
        search={params.searchInput}
        onSearchChange={params.setSearchInput}
        searchLabel={searchLabel}
        searchPlaceholder={searchPlaceholder}
        filters={filters}
        actions={actions}
      />
      {notice}
      <ListBody
        query={query}
        isFiltered={isFiltered}
        onClearFilters={onClearFilters}
        needsAccounting={needsAccounting}
        empty={
          <EmptyState title={empty.title} order={3} icon={<EmptyIcon size={30} stroke={1.6} />} action={empty.action}>
            {empty.text}
          </EmptyState>
        }
      >
        {children}
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

export interface FilterSelectProps<F extends FilterDefs> {
  /**
   * The feature's message namespace: the label is `list.filters.<name>.label` there, an option
   * `list.filters.<name>.<value>`.
   */
  ns: string;
  /** The list's filter definitions (`filters` of its `useListParams` config). */
  defs: F;
  name: keyof F & string;
  /** `useListParams`: the filter's value and how to change it. */
  params: { filters: FilterValues<F>; setFilter: (name: keyof F & string, value: never) => void };
  /** Width from the `xs` breakpoint up; the full row below it. */
  width?: number;
}

/** One of a list's fixed filters: a select that always has a value (the first means "all"). */
export function FilterSelect<F extends FilterDefs>({ ns, defs, name, params, width = 150 }: FilterSelectProps<F>) {
  const { t } = useTranslation(ns);
  return (
    <Select
      label={t(`list.filters.${name}.label`)}
      value={params.filters[name]}
      onChange={(value) => value && params.setFilter(name, value as never)}
      data={defs[name].map((value) => ({ value, label: t(`list.filters.${name}.${value}`) }))}
      allowDeselect={false}
      w={{ base: '100%', xs: width }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** The list's "New …" button, a link to the create page. */
export function NewButton({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Button component={Link} to={to} leftSection={<IconPlus size={18} aria-hidden="true" />}>
      {children}
    </Button>
  );
}

/**
 * The actions of a list copied from the accounting program: refresh the copy (open to whoever
 * reads the accounting data, POST synchronize), export the filtered list, and the "New …" button.
 */
export function AccountingListActions({
  invalidate,
  exportPath,
  query,
  fileName,
  newButton,
}: {
  /** The queries a refresh makes stale. */
  invalidate: readonly (readonly unknown[])[];
  exportPath: ExportMenuProps['path'];
  query: ExportMenuProps['query'];
  fileName: string;
  newButton: ReactNode;
}) {
  const user = useCurrentUser();
  const canSync = user?.scopes.includes('invoices.read') ?? false;
  return (
    <>
      {canSync ? <SyncButton invalidate={invalidate} /> : null}
      <ExportMenu path={exportPath} query={query} fileName={fileName} />
      {newButton}
    </>
  );
}
