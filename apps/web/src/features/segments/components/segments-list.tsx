import { SEGMENT_PATHS, type SegmentKind, type SegmentSort } from '@fairway/shared';
import { Button } from '@mantine/core';
import { IconCategory, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { confirmDelete } from '../../../components/confirm-delete';
import { EmptyState } from '../../../components/empty-state';
import {
  ListLoadFailed,
  ListLoading,
  LocalListFrame,
  useKeepPageInRange,
  useLocalListState,
} from '../../../components/list/local-list';
import { type LocalListColumn, LocalListTable, NameCell, RowAction } from '../../../components/list/local-list-table';
import { useCurrentUser } from '../../../lib/current-user';
import { notifySuccess } from '../../../lib/notify';
import { type SegmentListItemOf, useDeleteSegment, useSegmentsList } from '../api/segments';

/** A column between the name and the actions; `sort` is set when the server can sort by it. */
export type SegmentColumn<Item> = LocalListColumn<Item, SegmentSort>;

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
  const { debounced, params } = state;
  const list = useSegmentsList(kind, params);
  const remove = useDeleteSegment(kind);
  const canWrite = viewer?.scopes.includes(WRITE_SCOPE[kind]) ?? false;

  const rows = list.data?.data ?? [];
  const total = list.data?.pagination.total ?? 0;
  useKeepPageInRange(state, total, Boolean(list.data) && !list.isPlaceholderData);

  const askDelete = (item: SegmentListItemOf<K>) =>
    confirmDelete({
      title: t(`${kind}.deleteTitle`),
      text: t(`${kind}.deleteText`, { name: item.name }),
      confirmLabel: t('list.deleteConfirm'),
      cancelLabel: t('list.cancel'),
      onConfirm: () => remove.mutate(item.id, { onSuccess: () => notifySuccess(t(`${kind}.deleted`, { name: item.name })) }),
    });

  const createButton = canWrite ? (
    <Button component={Link} to={SEGMENT_PATHS[kind].create} leftSection={<IconPlus size={18} aria-hidden="true" />}>
      {t(`${kind}.create`)}
    </Button>
  ) : null;

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
      <LocalListTable
        label={t(`${kind}.listTitle`)}
        minWidth={720}
        busy={list.isFetching}
        rows={rows}
        sorting={state}
        sortLabel={(label) => t('list.sortBy', { column: label })}
        actionsLabel={t('list.columns.actions')}
        columns={[
          {
            id: 'name',
            label: t('list.columns.name'),
            sort: 'name',
            render: (item) => (
              <NameCell to={SEGMENT_PATHS[kind].edit(item.id)} name={item.name} detail={item.description} maw={360} />
            ),
          },
          ...columns,
        ]}
        actions={(item) => (
          <>
            <RowAction
              label={canWrite ? t('list.edit') : t('list.view')}
              name={item.name}
              to={SEGMENT_PATHS[kind].edit(item.id)}
              icon={<IconPencil size={18} aria-hidden="true" />}
            />
            {canWrite ? (
              <RowAction
                label={t('list.delete')}
                name={item.name}
                color="red"
                onClick={() => askDelete(item)}
                icon={<IconTrash size={18} aria-hidden="true" />}
              />
            ) : null}
          </>
        )}
      />
    );
  }

  return (
    <LocalListFrame
      state={state}
      total={total}
      texts={{
        searchLabel: t(`${kind}.searchLabel`),
        searchPlaceholder: t(`${kind}.searchPlaceholder`),
        total: t('list.total', { count: total }),
        pageSize: t('list.pageSize'),
      }}
      action={createButton}
      controlLabel={(control) => t(`list.pagination.${control}`)}
    >
      {body}
    </LocalListFrame>
  );
}
