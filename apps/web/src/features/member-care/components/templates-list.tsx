import type { EmailTemplateListItem, EmailTemplateSort } from '@fairway/shared';
import { ActionIcon, Anchor, Badge, Button, Group, Paper, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCopy, IconPencil, IconPlus, IconTemplate, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
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
  const { debounced, page, setPage, pageSize } = state;

  const rows = list.data?.data ?? [];
  const total = list.data?.pagination.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  useEffect(() => {
    if (list.data && !list.isPlaceholderData && page > pages) setPage(pages);
  }, [list.data, list.isPlaceholderData, page, pages, setPage]);

  const confirmDelete = (item: EmailTemplateListItem) =>
    modals.openConfirmModal({
      title: t('list.deleteTitle'),
      centered: true,
      children: <Text fz="sm">{t('list.deleteText', { title: item.title })}</Text>,
      labels: { confirm: t('list.deleteConfirm'), cancel: t('list.cancel') },
      confirmProps: { color: 'red' },
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

  const sortHeader = sortHeadings(state, (label) => t('list.sortBy', { column: label }));

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
      <Paper withBorder radius="md">
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="sm" highlightOnHover aria-busy={list.isFetching} aria-label={t('list.tableLabel')}>
            <Table.Thead>
              <Table.Tr>
                {sortHeader('title', t('list.columns.title'))}
                <Table.Th>{t('list.columns.lang')}</Table.Th>
                {sortHeader('updatedAt', t('list.columns.updatedAt'))}
                {sortHeader('createdAt', t('list.columns.createdAt'))}
                <Table.Th>
                  <VisuallyHidden>{t('list.columns.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Td>
                    <Anchor component={Link} to={TEMPLATE_PATHS.edit(item.id)} fw={600} fz="sm">
                      {item.title}
                    </Anchor>
                    {item.subject ? (
                      <Text fz="xs" c="dimmed" lineClamp={1} maw={420}>
                        {item.subject}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color="gray" title={t(`lang.${item.lang}`)}>
                      {item.lang.toUpperCase()}
                    </Badge>
                  </Table.Td>
                  <Table.Td fz="sm">{formatDateTime(item.updatedAt, dateLang)}</Table.Td>
                  <Table.Td fz="sm">{formatDateTime(item.createdAt, dateLang)}</Table.Td>
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <Tooltip label={canWrite ? t('list.edit') : t('list.view')}>
                        <ActionIcon
                          component={Link}
                          to={TEMPLATE_PATHS.edit(item.id)}
                          variant="subtle"
                          color="gray"
                          aria-label={`${canWrite ? t('list.edit') : t('list.view')}: ${item.title}`}
                        >
                          <IconPencil size={18} aria-hidden="true" />
                        </ActionIcon>
                      </Tooltip>
                      {canWrite ? (
                        <>
                          <Tooltip label={t('list.duplicate')}>
                            <ActionIcon
                              variant="subtle"
                              color="gray"
                              onClick={() => onDuplicate(item)}
                              loading={duplicate.isPending && duplicate.variables === item.id}
                              aria-label={`${t('list.duplicate')}: ${item.title}`}
                            >
                              <IconCopy size={18} aria-hidden="true" />
                            </ActionIcon>
                          </Tooltip>
                          <Tooltip label={t('list.delete')}>
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              onClick={() => confirmDelete(item)}
                              aria-label={`${t('list.delete')}: ${item.title}`}
                            >
                              <IconTrash size={18} aria-hidden="true" />
                            </ActionIcon>
                          </Tooltip>
                        </>
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
        searchLabel={t('list.searchLabel')}
        searchPlaceholder={t('list.searchPlaceholder')}
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
