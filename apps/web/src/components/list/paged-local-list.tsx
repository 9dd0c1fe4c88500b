import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type ConfirmDeleteOptions, confirmDelete } from '../confirm-delete';
import { ListLoadFailed, ListLoading, useKeepPageInRange, type useLocalListState } from './local-list';
import { RowAction } from './local-list-table';

/** What a small list's query holds: a page of rows and the count of all that match. */
export interface PagedListQuery<Item> {
  data?: { data: Item[]; pagination: { total: number } };
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  refetch: () => unknown;
}

export interface PagedLocalListOptions<Item, S extends string> {
  /** The feature's namespace, with the list's texts under `list.` (see `usePagedLocalList`). */
  ns: string;
  state: ReturnType<typeof useLocalListState<S>>;
  list: PagedListQuery<Item>;
  /** The search box's name and placeholder. */
  search: { label: string; placeholder: string };
  /** The user may change the rows: a row's page opens to edit rather than to view. */
  canWrite: boolean;
}

/**
 * A small list the server searches, sorts and pages (segments, e-mail templates), on the state of
 * `useLocalListState`: its rows and count, back a page when a delete empties the last one, the
 * body while there is no page to show (loading, or load failed with a retry), the props of its
 * `LocalListTable` and `LocalListFrame`, and the edit and delete row actions. Every text comes from
 * the feature's namespace: `list.loading`, `list.loadError`, `list.retry`, `list.sortBy`,
 * `list.columns.actions`, `list.total`, `list.pageSize`, `list.pagination.*`, `list.edit`,
 * `list.view`, `list.delete`, `list.deleteConfirm` and `list.cancel`.
 */
export function usePagedLocalList<Item, S extends string>({ ns, state, list, search, canWrite }: PagedLocalListOptions<Item, S>) {
  const { t } = useTranslation(ns);
  const rows = list.data?.data ?? [];
  const total = list.data?.pagination.total ?? 0;
  useKeepPageInRange(state, total, Boolean(list.data) && !list.isPlaceholderData);

  let waiting: ReactNode = null;
  if (list.isPending) {
    waiting = <ListLoading text={t('list.loading')} />;
  } else if (list.isError && !list.data) {
    waiting = (
      <ListLoadFailed title={t('list.loadError')} retryLabel={t('list.retry')} onRetry={() => void list.refetch()} announce />
    );
  }

  const table = {
    busy: list.isFetching,
    rows,
    sorting: state,
    sortLabel: (label: string) => t('list.sortBy', { column: label }),
    actionsLabel: t('list.columns.actions'),
  };

  const frame = {
    state,
    total,
    texts: {
      searchLabel: search.label,
      searchPlaceholder: search.placeholder,
      total: t('list.total', { count: total }),
      pageSize: t('list.pageSize'),
    },
    controlLabel: (control: 'first' | 'previous' | 'next' | 'last') => t(`list.pagination.${control}`),
  };

  /** Opens the row's page: to edit, or to view for a user who may not write. */
  const editAction = (name: string, to: string) => (
    <RowAction
      label={canWrite ? t('list.edit') : t('list.view')}
      name={name}
      to={to}
      icon={<IconPencil size={18} aria-hidden="true" />}
    />
  );

  /** Deletes the row once the dialog (`ask`: its title, text and what deleting does) is confirmed. */
  const deleteAction = (name: string, ask: Pick<ConfirmDeleteOptions, 'title' | 'text' | 'onConfirm'>) => (
    <RowAction
      label={t('list.delete')}
      name={name}
      color="red"
      onClick={() => confirmDelete({ ...ask, confirmLabel: t('list.deleteConfirm'), cancelLabel: t('list.cancel') })}
      icon={<IconTrash size={18} aria-hidden="true" />}
    />
  );

  return { rows, total, waiting, table, frame, editAction, deleteAction };
}
