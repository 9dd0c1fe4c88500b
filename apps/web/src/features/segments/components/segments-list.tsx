import { SEGMENT_PATHS, type SegmentKind, type SegmentSort } from '@fairway/shared';
import { Button } from '@mantine/core';
import { IconCategory, IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { LocalListFrame, useLocalListState } from '../../../components/list/local-list';
import { type LocalListColumn, LocalListTable, NameCell } from '../../../components/list/local-list-table';
import { usePagedLocalList } from '../../../components/list/paged-local-list';
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
  const { rows, waiting, table, frame, editAction, deleteAction } = usePagedLocalList({
    ns: 'segments',
    state,
    list,
    search: { label: t(`${kind}.searchLabel`), placeholder: t(`${kind}.searchPlaceholder`) },
    canWrite,
  });

  const createButton = canWrite ? (
    <Button component={Link} to={SEGMENT_PATHS[kind].create} leftSection={<IconPlus size={18} aria-hidden="true" />}>
      {t(`${kind}.create`)}
    </Button>
  ) : null;

  let body: ReactNode;
  if (waiting) {
    body = waiting;
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
        {...table}
        label={t(`${kind}.listTitle`)}
        minWidth={720}
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
            {editAction(item.name, SEGMENT_PATHS[kind].edit(item.id))}
            {canWrite
              ? deleteAction(item.name, {
                  title: t(`${kind}.deleteTitle`),
                  text: t(`${kind}.deleteText`, { name: item.name }),
                  onConfirm: () =>
                    remove.mutate(item.id, { onSuccess: () => notifySuccess(t(`${kind}.deleted`, { name: item.name })) }),
                })
              : null}
          </>
        )}
      />
    );
  }

  return (
    <LocalListFrame {...frame} action={createButton}>
      {body}
    </LocalListFrame>
  );
}
