import { ActionIcon, Anchor, Group, Paper, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SortHeader } from './local-list';
import type { SortOrder } from './use-list-params';

export interface LocalListColumn<Item, S extends string> {
  id: string;
  label: string;
  render: (item: Item) => ReactNode;
  /** Set when the list can be sorted by the column. */
  sort?: S;
  align?: 'left' | 'right';
}

export interface LocalListTableProps<Item extends { id: string }, S extends string> {
  /** The table's name for screen readers. */
  label?: string;
  /** Below this width the table scrolls sideways. */
  minWidth: number;
  /** A newer page is on the way (`aria-busy`). */
  busy: boolean;
  rows: Item[];
  columns: LocalListColumn<Item, S>[];
  /** The list's sort, from `useLocalListState`. */
  sorting: { sort: S; order: SortOrder; onSort: (column: S) => void };
  /** Names a heading's sort button ("Sortera på Namn"). */
  sortLabel: (label: string) => string;
  /** The hidden heading of the actions column; with `actions`, the column is shown. */
  actionsLabel: string;
  /** A row's actions (`RowAction`s); without it there is no actions column. */
  actions?: (item: Item) => ReactNode;
}

/**
 * The table of a small list (templates, segments, users): sortable headings with `aria-sort`,
 * one row per item, and the row's actions at the right under a heading only screen readers see.
 */
export function LocalListTable<Item extends { id: string }, S extends string>({
  label,
  minWidth,
  busy,
  rows,
  columns,
  sorting,
  sortLabel,
  actionsLabel,
  actions,
}: LocalListTableProps<Item, S>) {
  return (
    <Paper withBorder radius="md">
      <Table.ScrollContainer minWidth={minWidth}>
        <Table verticalSpacing="sm" highlightOnHover aria-busy={busy} aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => {
                const sort = column.sort;
                return sort ? (
                  <SortHeader
                    key={column.id}
                    label={column.label}
                    sortLabel={sortLabel(column.label)}
                    active={sorting.sort === sort}
                    order={sorting.order}
                    onSort={() => sorting.onSort(sort)}
                    align={column.align}
                  />
                ) : (
                  <Table.Th key={column.id} ta={column.align}>
                    {column.label}
                  </Table.Th>
                );
              })}
              {actions ? (
                <Table.Th>
                  <VisuallyHidden>{actionsLabel}</VisuallyHidden>
                </Table.Th>
              ) : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((item) => (
              <Table.Tr key={item.id}>
                {columns.map((column) => (
                  <Table.Td key={column.id} ta={column.align}>
                    {column.render(item)}
                  </Table.Td>
                ))}
                {actions ? (
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      {actions(item)}
                    </Group>
                  </Table.Td>
                ) : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

/**
 * One action of a list row: an icon button with a tooltip, named after the action and the row
 * ("Ta bort: Välkommen") so a screen reader tells the rows' buttons apart. With `to` it is a link.
 */
export function RowAction({
  label,
  name,
  icon,
  color = 'gray',
  to,
  onClick,
  loading,
}: {
  label: string;
  /** The row's name. */
  name: string;
  icon: ReactNode;
  color?: string;
  to?: string;
  onClick?: () => void;
  loading?: boolean;
}) {
  const ariaLabel = `${label}: ${name}`;
  return (
    <Tooltip label={label}>
      {to ? (
        <ActionIcon component={Link} to={to} variant="subtle" color={color} aria-label={ariaLabel}>
          {icon}
        </ActionIcon>
      ) : (
        <ActionIcon variant="subtle" color={color} onClick={onClick} loading={loading} aria-label={ariaLabel}>
          {icon}
        </ActionIcon>
      )}
    </Tooltip>
  );
}

/** A row's name as the link to its page, with a dimmed line under it (a subject, a description). */
export function NameCell({ to, name, detail, maw }: { to: string; name: string; detail?: string | null; maw: number }) {
  return (
    <>
      <Anchor component={Link} to={to} fw={600} fz="sm">
        {name}
      </Anchor>
      {detail ? (
        <Text fz="xs" c="dimmed" lineClamp={1} maw={maw}>
          {detail}
        </Text>
      ) : null}
    </>
  );
}
