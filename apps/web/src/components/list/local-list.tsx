import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@fairway/shared';
import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  Pagination,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconChevronDown, IconChevronUp, IconSearch, IconSelector } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import type { SortOrder } from './use-list-params';

export interface LocalListOptions<S extends string> {
  /** The direction a column is first sorted in (ascending unless said). */
  firstOrder?: (column: S) => SortOrder;
  /** A new sort goes back to page 1. */
  sortResetsPage?: boolean;
  /** The direction of the default sort (ascending unless said). */
  defaultOrder?: SortOrder;
}

/**
 * The state of a small server-side list kept in the component (users, segments): search
 * (debounced by 300 ms), page, page size and sort. A new search or page size goes back to page 1;
 * sorting by the sorted column again reverses it.
 */
export function useLocalListState<S extends string>(
  defaultSort: S,
  { firstOrder = () => 'asc', sortResetsPage = false, defaultOrder = 'asc' }: LocalListOptions<S> = {},
) {
  const [search, setSearchNow] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSizeNow] = useState<number>(DEFAULT_PAGE_SIZE);
  const [sort, setSort] = useState<S>(defaultSort);
  const [order, setOrder] = useState<SortOrder>(defaultOrder);
  return {
    search,
    setSearch: (value: string) => {
      setSearchNow(value);
      setPage(1);
    },
    /** The search the list asks for. */
    debounced,
    page,
    setPage,
    pageSize,
    setPageSize: (value: number) => {
      setPageSizeNow(value);
      setPage(1);
    },
    sort,
    order,
    onSort: (column: S) => {
      if (column === sort) setOrder(order === 'asc' ? 'desc' : 'asc');
      else {
        setSort(column);
        setOrder(firstOrder(column));
      }
      if (sortResetsPage) setPage(1);
    },
    /** What the list query is given. */
    params: { page, pageSize, search: debounced, sort, order },
  };
}

/**
 * Deleting the last row of the last page moves back a page instead of showing an empty one:
 * once a loaded answer (`settled`, not a placeholder) has fewer pages than the page shown.
 */
export function useKeepPageInRange(
  state: { page: number; pageSize: number; setPage: (page: number) => void },
  total: number,
  settled: boolean,
) {
  const { page, pageSize, setPage } = state;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  useEffect(() => {
    if (settled && page > pages) setPage(pages);
  }, [settled, page, pages, setPage]);
}

/** A sortable column heading: a button that says what it sorts by, and `aria-sort` on the heading. */
export function SortHeader({
  label,
  sortLabel,
  active,
  order,
  onSort,
  align,
}: {
  label: string;
  /** The button's name for screen readers ("Sort by name"). */
  sortLabel: string;
  /** The list is sorted by this column. */
  active: boolean;
  order: SortOrder;
  onSort: () => void;
  align?: 'left' | 'right';
}) {
  const Icon = active ? (order === 'asc' ? IconChevronUp : IconChevronDown) : IconSelector;
  return (
    <Table.Th aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : 'none'} ta={align}>
      <UnstyledButton onClick={onSort} aria-label={sortLabel}>
        <Group gap={4} wrap="nowrap" justify={align === 'right' ? 'flex-end' : undefined}>
          <Text fw={700} fz="sm">
            {label}
          </Text>
          <Icon size={14} aria-hidden="true" />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

/** The first load of a list: a loader and what is being loaded. */
export function ListLoading({ text }: { text: string }) {
  return (
    <Center py="xl">
      <Group gap="sm">
        <Loader size="sm" />
        <Text c="dimmed">{text}</Text>
      </Group>
    </Center>
  );
}

/** The list could not be loaded: says so, with a retry. `announce` makes screen readers say it at once. */
export function ListLoadFailed({
  title,
  retryLabel,
  onRetry,
  announce = false,
}: {
  title: string;
  retryLabel: string;
  onRetry: () => void;
  announce?: boolean;
}) {
  return (
    <Alert color="red" title={title} role={announce ? 'alert' : undefined}>
      <Button variant="light" size="xs" mt="xs" onClick={onRetry}>
        {retryLabel}
      </Button>
    </Alert>
  );
}

/** Above a small list: the search box, and the list's action on the right. */
export function LocalListToolbar({
  searchLabel,
  searchPlaceholder,
  search,
  onSearchChange,
  action,
}: {
  searchLabel: string;
  searchPlaceholder: string;
  search: string;
  onSearchChange: (value: string) => void;
  action?: ReactNode;
}) {
  return (
    <Group justify="space-between" gap="sm" align="flex-end">
      <TextInput
        aria-label={searchLabel}
        placeholder={searchPlaceholder}
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        value={search}
        onChange={(event) => onSearchChange(event.currentTarget.value)}
        w={{ base: '100%', sm: 320 }}
        maxLength={100}
      />
      {action}
    </Group>
  );
}

/** Below a small list: how many there are, the page size and the pages; nothing when it is empty. */
export function LocalListFooter({
  total,
  totalText,
  pageSizeLabel,
  pageSize,
  onPageSizeChange,
  page,
  onPageChange,
  controlLabel,
}: {
  total: number;
  totalText: string;
  pageSizeLabel: string;
  pageSize: number;
  onPageSizeChange: (pageSize: number) => void;
  page: number;
  onPageChange: (page: number) => void;
  /** Names the pager's first / previous / next / last buttons. */
  controlLabel?: (control: 'first' | 'previous' | 'next' | 'last') => string;
}) {
  if (total <= 0) return null;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <Group justify="space-between" gap="sm">
      <Group gap="sm">
        <Text fz="sm" c="dimmed">
          {totalText}
        </Text>
        <Select
          aria-label={pageSizeLabel}
          data={PAGE_SIZES.map((n) => String(n))}
          value={String(pageSize)}
          onChange={(value) => {
            if (value) onPageSizeChange(Number(value));
          }}
          w={90}
          size="xs"
          allowDeselect={false}
        />
      </Group>
      <Pagination
        total={pages}
        value={page}
        onChange={onPageChange}
        size="sm"
        getControlProps={controlLabel ? (control) => ({ 'aria-label': controlLabel(control) }) : undefined}
      />
    </Group>
  );
}

/**
 * A small list's page: the search box and the list's action above, the body (table, loader, empty
 * state) and the count, page size and pages below, all on the state of `useLocalListState`.
 */
export function LocalListFrame({
  state,
  total,
  texts,
  action,
  controlLabel,
  children,
}: {
  state: Pick<ReturnType<typeof useLocalListState>, 'search' | 'setSearch' | 'page' | 'setPage' | 'pageSize' | 'setPageSize'>;
  total: number;
  texts: { searchLabel: string; searchPlaceholder: string; total: string; pageSize: string };
  action?: ReactNode;
  controlLabel?: (control: 'first' | 'previous' | 'next' | 'last') => string;
  children: ReactNode;
}) {
  return (
    <Stack gap="md">
      <LocalListToolbar
        searchLabel={texts.searchLabel}
        searchPlaceholder={texts.searchPlaceholder}
        search={state.search}
        onSearchChange={state.setSearch}
        action={action}
      />
      {children}
      <LocalListFooter
        total={total}
        totalText={texts.total}
        pageSizeLabel={texts.pageSize}
        pageSize={state.pageSize}
        onPageSizeChange={state.setPageSize}
        page={state.page}
        onPageChange={state.setPage}
        controlLabel={controlLabel}
      />
    </Stack>
  );
}
