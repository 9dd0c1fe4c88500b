import { Anchor, Badge, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { type ListColumn, ListTable } from './list-table';
import type { SortOrder } from './use-list-params';

/** What a feature's table gets from its list: the page's rows, the sort, and whether it is loading. */
export interface DocumentRowsProps<T, S extends string> {
  rows: T[];
  sort: S | undefined;
  order: SortOrder;
  onSort: (column: S, order: SortOrder) => void;
  fetching: boolean;
}

export interface DocumentTableProps<T extends { id: string; number: string | number }, S extends string>
  extends DocumentRowsProps<T, S> {
  /** The number column's heading; the number is sorted by `S` "number". */
  numberTitle: string;
  /** The document's page: the number links there, and a click on the row goes there. */
  pathOf: (row: T) => string;
  /** What the number link says to a screen reader ("Open customer 1001, Anna Berg"). */
  openLabel: (row: T) => string;
  /** The columns after the number. */
  columns: ListColumn<T, S>[];
  /** Names the table for screen readers. */
  label: string;
  minWidth?: number;
}

/**
 * A page of documents (customers, articles, invoices, contracts): the number first, as the link a
 * keyboard opens the document with, and a click anywhere on a row opening it for the mouse.
 */
export function DocumentTable<T extends { id: string; number: string | number }, S extends string>({
  rows,
  sort,
  order,
  onSort,
  fetching,
  numberTitle,
  pathOf,
  openLabel,
  columns,
  label,
  minWidth,
}: DocumentTableProps<T, S>) {
  const navigate = useNavigate();
  const numberColumn: ListColumn<T, S> = {
    accessor: 'number',
    title: numberTitle,
    sort: 'number' as S,
    noWrap: true,
    render: (row) => (
      <Anchor component={Link} to={pathOf(row)} fw={600} fz="sm" aria-label={openLabel(row)}>
        {row.number}
      </Anchor>
    ),
  };
  return (
    <ListTable<T, S>
      records={rows}
      columns={[numberColumn, ...columns]}
      sort={sort}
      order={order}
      onSort={onSort}
      fetching={fetching}
      onRowClick={(row) => void navigate(pathOf(row))}
      label={label}
      minWidth={minWidth}
    />
  );
}

/** A cell with no value: the dimmed placeholder (a dash), hidden from screen readers. */
export function NotSet({ children }: { children: ReactNode }) {
  return (
    <Text span c="dimmed" fz="sm" aria-hidden="true">
      {children}
    </Text>
  );
}

/** The register's name column after the number (a customer's name, an article's description), in bold. */
export function nameColumn<T, S extends string>(
  accessor: string,
  title: string,
  sort: S,
  name: (row: T) => string,
): ListColumn<T, S> {
  return {
    accessor,
    title,
    sort,
    render: (row) => (
      <Text fz="sm" fw={500}>
        {name(row)}
      </Text>
    ),
  };
}

/** The register's type column (company / private, stock / service), shown from medium screens. */
export function typeColumn<T, S extends string>(title: string, sort: S, type: (row: T) => ReactNode): ListColumn<T, S> {
  return { accessor: 'type', title, sort, noWrap: true, visibleMediaQuery: '(min-width: 48em)', render: type };
}

/** Whether a register's row is active, as a badge. */
export function activeColumn<T extends { active: boolean }, S extends string>(
  title: string,
  labels: { active: string; inactive: string },
  width?: number,
): ListColumn<T, S> {
  return {
    accessor: 'active',
    title,
    noWrap: true,
    width,
    render: (row) => (
      <Badge variant="light" color={row.active ? 'teal' : 'gray'} tt="none">
        {row.active ? labels.active : labels.inactive}
      </Badge>
    ),
  };
}
