import type { EmailTemplateListItem, EmailTemplateSort } from '@fairway/shared';
import { Badge, Button, Stack, Text } from '@mantine/core';
import { IconCopy, IconPlus, IconTemplate } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { LocalListFrame, useLocalListState } from '../../../components/list/local-list';
import { LocalListTable, NameCell, RowAction } from '../../../components/list/local-list-table';
import { usePagedLocalList } from '../../../components/list/paged-local-list';
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
  const { rows, waiting, table, frame, editAction, deleteAction } = usePagedLocalList({
    ns: 'email-templates',
    state,
    list,
    search: { label: t('list.searchLabel'), placeholder: t('list.searchPlaceholder') },
    canWrite,
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
  if (waiting) {
    body = waiting;
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
        {...table}
        label={t('list.tableLabel')}
        minWidth={640}
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
            {editAction(item.title, TEMPLATE_PATHS.edit(item.id))}
            {canWrite ? (
              <>
                <RowAction
                  label={t('list.duplicate')}
                  name={item.title}
                  onClick={() => onDuplicate(item)}
                  loading={duplicate.isPending && duplicate.variables === item.id}
                  icon={<IconCopy size={18} aria-hidden="true" />}
                />
                {deleteAction(item.title, {
                  title: t('list.deleteTitle'),
                  text: t('list.deleteText', { title: item.title }),
                  onConfirm: () =>
                    remove.mutate(item.id, { onSuccess: () => notifySuccess(t('list.deleted', { title: item.title })) }),
                })}
              </>
            ) : null}
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
