import type { EmailTemplateListItem, EmailTemplateSort } from '@fairway/shared';
import { Badge, Button, Stack, Text } from '@mantine/core';
import { IconCopy, IconPencil, IconPlus, IconTemplate, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { confirmDelete } from '../../../components/confirm-delete';
import { EmptyState } from '../../../components/empty-state';
import {
  ListLoadFailed,
  ListLoading,
  LocalListFrame,
  useKeepPageInRange,
  useLocalListState,
} from '../../../components/list/local-list';
import { LocalListTable, NameCell, RowAction } from '../../../components/list/local-list-table';
import { useCurrentUser } from '../../../lib/current-user';
import { formatDateTime } from '../../../lib/dates';
import { notifySuccess } from '../../../lib/notify';
import { useDeleteTemplate, useDuplicateTemplate, useTemplates } from '../api/templates';
import { TEMPLATE_PATHS } from '../lib/template-design';
import { ReadyTemplatesPicker } from './ready-templates-picker';

/**
 * The club account's e-mail templates (docs/member-care.md#templates): server-side search in
 * title and subject, sorting, pages; edit, duplicate and delete (with a confirmation naming the
 * template); when there are none yet, the ready templates to start from.
 */
export function TemplatesList() {
  const { t, i18n } = useTranslation('email-templates');
  const viewer = useCurrentUser();
  const navigate = useNavigate();
  const dateLang = i18n.language === 'en' ? 'en' : 'sv';
  const state = useLocalListState<EmailTemplateSort>('updatedAt', {
    firstOrder: (column) => (column === 'title' ? 'asc' : 'desc'),
    sortResetsPage: true,
    // The latest change first, as the server's default.
    defaultOrder: 'desc',
  });
  const { params } = state;
  const list = useTemplates(params);
  const remove = useDeleteTemplate();
  const duplicate = useDuplicateTemplate();
  const canWrite = viewer?.scopes.includes('membercare.write') ?? false;
  const { debounced } = state;

  const rows = list.data?.data ?? [];
  const total = list.data?.pagination.total ?? 0;
  useKeepPageInRange(state, total, Boolean(list.data) && !list.isPlaceholderData);

  const askDelete = (item: EmailTemplateListItem) =>
    confirmDelete({
      title: t('list.deleteTitle'),
      text: t('list.deleteText', { title: item.title }),
      confirmLabel: t('list.deleteConfirm'),
      cancelLabel: t('list.cancel'),
      onConfirm: () => remove.mutate(item.id, { onSuccess: () => notifySuccess(t('list.deleted', { title: item.title })) }),
    });

  const onDuplicate = (item: EmailTemplateListItem) =>
    duplicate.mutate(item.id, {
      onSuccess: (copy) => notifySuccess(t('list.duplicated', { title: copy.title })),
    });

  const createButton = canWrite ? (
    <Button component={Link} to={TEMPLATE_PATHS.create} leftSection={<IconPlus size={18} aria-hidden="true" />}>
      {t('list.create')}
    </Button>
  ) : null;

  let body: ReactNode;
  if (list.isPending) {
    body = <ListLoading text={t('list.loading')} />;
  } else if (list.isError && !list.data) {
    body = (
      <ListLoadFailed title={t('list.loadError')} retryLabel={t('list.retry')} onRetry={() => void list.refetch()} announce />
    );
  } else if (rows.length === 0 && debounced) {
    body = (
      <EmptyState title={t('list.noMatchTitle')} order={3} icon={<IconTemplate size={30} stroke={1.6} />}>
        {t('list.noMatchText', { search: debounced })}
      </EmptyState>
    );
  } else if (rows.length === 0) {
    body = (
      <Stack gap="md">
        <EmptyState title={t('list.emptyTitle')} order={3} icon={<IconTemplate size={30} stroke={1.6} />} action={createButton}>
          {canWrite ? t('list.emptyText') : t('list.emptyTextReadOnly')}
        </EmptyState>
        {canWrite ? <ReadyTemplatesPicker onCopied={(copy) => void navigate(TEMPLATE_PATHS.edit(copy.id))} /> : null}
      </Stack>
    );
  } else {
    body = (
      <LocalListTable
        label={t('list.tableLabel')}
        minWidth={640}
        busy={list.isFetching}
        rows={rows}
        sorting={state}
        sortLabel={(label) => t('list.sortBy', { column: label })}
        actionsLabel={t('list.columns.actions')}
        columns={[
          {
            id: 'title',
            label: t('list.columns.title'),
            sort: 'title',
            render: (item) => <NameCell to={TEMPLATE_PATHS.edit(item.id)} name={item.title} detail={item.subject} maw={420} />,
          },
          {
            id: 'lang',
            label: t('list.columns.lang'),
            render: (item) => (
              <Badge variant="light" color="gray" title={t(`lang.${item.lang}`)}>
                {item.lang.toUpperCase()}
              </Badge>
            ),
          },
          {
            id: 'updatedAt',
            label: t('list.columns.updatedAt'),
            sort: 'updatedAt',
            render: (item) => <Text fz="sm">{formatDateTime(item.updatedAt, dateLang)}</Text>,
          },
          {
            id: 'createdAt',
            label: t('list.columns.createdAt'),
            sort: 'createdAt',
            render: (item) => <Text fz="sm">{formatDateTime(item.createdAt, dateLang)}</Text>,
          },
        ]}
        actions={(item) => (
          <>
            <RowAction
              label={canWrite ? t('list.edit') : t('list.view')}
              name={item.title}
              to={TEMPLATE_PATHS.edit(item.id)}
              icon={<IconPencil size={18} aria-hidden="true" />}
            />
            {canWrite ? (
              <>
                <RowAction
                  label={t('list.duplicate')}
                  name={item.title}
                  onClick={() => onDuplicate(item)}
                  loading={duplicate.isPending && duplicate.variables === item.id}
                  icon={<IconCopy size={18} aria-hidden="true" />}
                />
                <RowAction
                  label={t('list.delete')}
                  name={item.title}
                  color="red"
                  onClick={() => askDelete(item)}
                  icon={<IconTrash size={18} aria-hidden="true" />}
                />
              </>
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
        searchLabel: t('list.searchLabel'),
        searchPlaceholder: t('list.searchPlaceholder'),
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
