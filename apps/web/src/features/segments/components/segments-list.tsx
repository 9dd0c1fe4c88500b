import { SEGMENT_PATHS, type SegmentKind, type SegmentSort } from '@fairway/shared';
import { ActionIcon, Anchor, Button, Group, Paper, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCategory, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import {
  ListLoadFailed,
  ListLoading,
  LocalListFooter,
  LocalListToolbar,
  sortHeadings,
  useLocalListState,
} from '../../../components/list/local-list';
import { useCurrentUser } from '../../../lib/current-user';
import { notifySuccess } from '../../../lib/notify';
import { type SegmentListItemOf, useDeleteSegment, useSegmentsList } from '../api/segments';

export interface SegmentColumn<Item> {
  id: string;
  label: string;
  render: (item: Item) => ReactNode;
  /** Set when the server can sort by the column. */
  sort?: SegmentSort;
  align?: 'left' | 'right';
}

export interface SegmentsListProps<K extends SegmentKind> {
  kind: K;
  /** Columns between the name and the actions. */
  columns: SegmentColumn<SegmentListItemOf<K>>[];
}

const WRITE_SCOPE = { customer: 'customers.write', article: 'articles.write' } as const;

/**
 * A club account's segments of one kind: server-side search, sorting and paging, an empty state
 * that says what a segment is for, and deleting with a confirmation.
 */
export function SegmentsList<K extends SegmentKind>({ kind, columns }: SegmentsListProps<K>) {
  const { t } = useTranslation('segments');
  const viewer = useCurrentUser();
  const state = useLocalListState<SegmentSort>('name', {
    firstOrder: (column) => (column === 'name' ? 'asc' : 'desc'),
    sortResetsPage: true,
  });
  const { debounced, page, setPage, pageSize, params } = state;
  const list = useSegmentsList(kind, params);
  const remove = useDeleteSegment(kind);
  const canWrite = viewer?.scopes.includes(WRITE_SCOPE[kind]) ?? false;

  const rows = list.data?.data ?? [];
  const total = list.data?.pagination.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));

  // Deleting the last row of the last page moves back a page instead of showing an empty one.
  useEffect(() => {
    if (list.data && !list.isPlaceholderData && page > pages) setPage(pages);
  }, [list.data, list.isPlaceholderData, page, pages, setPage]);

  const confirmDelete = (item: SegmentListItemOf<K>) =>
    modals.openConfirmModal({
      title: t(`${kind}.deleteTitle`),
      centered: true,
      children: <Text fz="sm">{t(`${kind}.deleteText`, { name: item.name })}</Text>,
      labels: { confirm: t('list.deleteConfirm'), cancel: t('list.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(item.id, { onSuccess: () => notifySuccess(t(`${kind}.deleted`, { name: item.name })) }),
    });

  const createButton = canWrite ? (
    <Button component={Link} to={SEGMENT_PATHS[kind].create} leftSection={<IconPlus size={18} aria-hidden="true" />}>
      {t(`${kind}.create`)}
    </Button>
  ) : null;

  const sortHeader = sortHeadings(state, (label) => t('list.sortBy', { column: label }));

  let body: ReactNode;
  if (list.isPending) {
    body = <ListLoading text={t('list.loading')} />;
  } else if (list.isError && !list.data) {
    body = (
      <ListLoadFailed title={t('list.loadError')} retryLabel={t('list.retry')} onRetry={() => void list.refetch()} announce />
    );
  } else if (rows.length === 0) {
    body = (
      <EmptyState
        title={debounced ? t('list.noMatchTitle') : t(`${kind}.emptyTitle`)}
        order={3}
        icon={<IconCategory size={30} stroke={1.6} />}
        action={debounced ? null : createButton}
      >
        {debounced ? t('list.noMatchText', { search: debounced }) : t(`${kind}.emptyText`)}
      </EmptyState>
    );
  } else {
    body = (
      <Paper withBorder radius="md">
        <Table.ScrollContainer minWidth={720}>
          <Table verticalSpacing="sm" highlightOnHover aria-busy={list.isFetching} aria-label={t(`${kind}.listTitle`)}>
            <Table.Thead>
              <Table.Tr>
                {sortHeader('name', t('list.columns.name'))}
                {columns.map((c) =>
                  c.sort ? (
                    sortHeader(c.sort, c.label, c.align, c.id)
                  ) : (
                    <Table.Th key={c.id} ta={c.align}>
                      {c.label}
                    </Table.Th>
                  ),
                )}
                <Table.Th>
                  <VisuallyHidden>{t('list.columns.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Td>
                    <Anchor component={Link} to={SEGMENT_PATHS[kind].edit(item.id)} fw={600} fz="sm">
                      {item.name}
                    </Anchor>
                    {item.description ? (
                      <Text fz="xs" c="dimmed" lineClamp={1} maw={360}>
                        {item.description}
                      </Text>
                    ) : null}
                  </Table.Td>
                  {columns.map((c) => (
                    <Table.Td key={c.id} ta={c.align}>
                      {c.render(item)}
                    </Table.Td>
                  ))}
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <Tooltip label={canWrite ? t('list.edit') : t('list.view')}>
                        <ActionIcon
                          component={Link}
                          to={SEGMENT_PATHS[kind].edit(item.id)}
                          variant="subtle"
                          color="gray"
                          aria-label={`${canWrite ? t('list.edit') : t('list.view')}: ${item.name}`}
                        >
                          <IconPencil size={18} aria-hidden="true" />
                        </ActionIcon>
                      </Tooltip>
                      {canWrite ? (
                        <Tooltip label={t('list.delete')}>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            onClick={() => confirmDelete(item)}
                            aria-label={`${t('list.delete')}: ${item.name}`}
                          >
                            <IconTrash size={18} aria-hidden="true" />
                          </ActionIcon>
                        </Tooltip>
                      ) : null}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    );
  }

  return (
    <Stack gap="md">
      <LocalListToolbar
        searchLabel={t(`${kind}.searchLabel`)}
        searchPlaceholder={t(`${kind}.searchPlaceholder`)}
        search={state.search}
        onSearchChange={state.setSearch}
        action={createButton}
      />
      {body}
      <LocalListFooter
        total={total}
        totalText={t('list.total', { count: total })}
        pageSizeLabel={t('list.pageSize')}
        pageSize={pageSize}
        onPageSizeChange={state.setPageSize}
        page={page}
        onPageChange={setPage}
        controlLabel={(control) => t(`list.pagination.${control}`)}
      />
    </Stack>
  );
}
