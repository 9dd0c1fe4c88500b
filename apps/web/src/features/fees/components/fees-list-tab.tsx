import { ActionIcon, Button, Group, Modal, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { ListBody } from '../../../components/list/list-body';
import { ListFooter } from '../../../components/list/list-footer';
import { type ListColumn, ListTable } from '../../../components/list/list-table';
import { ListToolbar } from '../../../components/list/list-toolbar';
import { type ListParamsConfig, type ListQuery, useListParams } from '../../../components/list/use-list-params';
import type { ApiPage } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/current-user';
import { notifySuccess } from '../../../lib/notify';

type NoFilters = Record<string, never>;

/** The three tabs of the fees page; each names its texts under `fees:<section>`. */
export type FeesSection = 'feeTypes' | 'fees' | 'feeRules';

export interface FeesListTabProps<T extends { id: string; name: string }, S extends string> {
  section: FeesSection;
  config: ListParamsConfig<S, NoFilters>;
  useList: (query: ListQuery<S, NoFilters>) => UseQueryResult<ApiPage<T>>;
  useDelete: () => UseMutationResult<void, Error, string>;
  columns: ListColumn<T, S>[];
  icon: ReactNode;
  /** The create or edit form; `item` is absent when creating. `onDone` closes the modal. */
  form: (props: { item?: T; onDone: () => void }) => ReactNode;
  /** Wider modal for bigger forms. */
  modalSize?: string;
}

/**
 * One tab of the fees page: search, a sortable paged table, an empty state, and create / edit in
 * a modal and delete behind a confirmation for those with `fees.write`.
 */
export function FeesListTab<T extends { id: string; name: string }, S extends string>({
  section,
  config,
  useList,
  useDelete,
  columns,
  icon,
  form,
  modalSize = 'lg',
}: FeesListTabProps<T, S>) {
  const { t } = useTranslation('fees');
  const user = useCurrentUser();
  const params = useListParams(config);
  const query = useList(params.query);
  const remove = useDelete();
  const canWrite = user?.scopes.includes('fees.write') ?? false;
  const [editing, setEditing] = useState<{ item?: T } | null>(null);

  const total = query.data?.pagination.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / params.pageSize));
  const { page, setPage } = params;
  // A page beyond the last (after deleting its last row, or an old link) falls back to the last one.
  useEffect(() => {
    if (query.data && !query.isPlaceholderData && total > 0 && page > pages) setPage(pages);
  }, [query.data, query.isPlaceholderData, total, page, pages, setPage]);

  const confirmDelete = (item: T) =>
    modals.openConfirmModal({
      title: t(`${section}.deleteTitle`),
      centered: true,
      children: <Text fz="sm">{t(`${section}.deleteText`, { name: item.name })}</Text>,
      labels: { confirm: t('common.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(item.id, { onSuccess: () => notifySuccess(t(`${section}.deleted`, { name: item.name })) }),
    });

  const newButton = canWrite ? (
    <Button leftSection={<IconPlus size={18} aria-hidden="true" />} onClick={() => setEditing({})}>
      {t(`${section}.new`)}
    </Button>
  ) : null;

  const actions: ListColumn<T, S>[] = canWrite
    ? [
        {
          accessor: 'actions',
          title: t('common.actions'),
          textAlign: 'right',
          width: 100,
          render: (item) => (
            <Group gap={4} justify="flex-end" wrap="nowrap">
              <Tooltip label={t('common.edit')}>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  onClick={() => setEditing({ item })}
                  aria-label={`${t('common.edit')}: ${item.name}`}
                >
                  <IconPencil size={18} aria-hidden="true" />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={t('common.delete')}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  onClick={() => confirmDelete(item)}
                  loading={remove.isPending && remove.variables === item.id}
                  aria-label={`${t('common.delete')}: ${item.name}`}
                >
                  <IconTrash size={18} aria-hidden="true" />
                </ActionIcon>
              </Tooltip>
            </Group>
          ),
        },
      ]
    : [];

  return (
    <>
      <ListToolbar
        search={params.searchInput}
        onSearchChange={params.setSearchInput}
        searchLabel={t(`${section}.searchLabel`)}
        searchPlaceholder={t(`${section}.searchPlaceholder`)}
        actions={newButton}
      />
      <ListBody
        query={query}
        isFiltered={params.isFiltered}
        onClearFilters={params.clearFilters}
        empty={
          <EmptyState title={t(`${section}.emptyTitle`)} order={3} icon={icon} action={newButton}>
            {t(`${section}.emptyText`)}
          </EmptyState>
        }
      >
        {(rows) => (
          <ListTable
            records={rows}
            columns={[...columns, ...actions]}
            sort={params.sort}
            order={params.order}
            onSort={params.setSort}
            fetching={query.isFetching}
            label={t(`${section}.tableLabel`)}
            onRowClick={canWrite ? (item) => setEditing({ item }) : undefined}
          />
        )}
      </ListBody>
      <ListFooter
        page={params.page}
        pageSize={params.pageSize}
        total={total}
        onPageChange={params.setPage}
        onPageSizeChange={params.setPageSize}
      />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.item ? t(`${section}.editTitle`, { name: editing.item.name }) : t(`${section}.newTitle`)}
        size={modalSize}
        centered
      >
        {editing ? form({ item: editing.item, onDone: () => setEditing(null) }) : null}
      </Modal>
    </>
  );
}
