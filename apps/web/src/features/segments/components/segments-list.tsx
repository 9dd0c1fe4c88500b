import { DEFAULT_PAGE_SIZE, PAGE_SIZES, SEGMENT_PATHS, type SegmentKind, type SegmentSort } from '@fairway/shared';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  Loader,
  Pagination,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import {
  IconCategory,
  IconChevronDown,
  IconChevronUp,
  IconPencil,
  IconPlus,
  IconSearch,
  IconSelector,
  IconTrash,
} from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { useCurrentUser } from '../../../lib/current-user';
import { notifySuccess } from '../../../lib/notify';
import { type SegmentListItemOf, useDeleteSegment, useSegmentsList } from '../api/segments';
import type { SegmentsListParams } from '../lib/list-params';

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

function SortHeader({
  column,
  label,
  params,
  onSort,
  align,
}: {
  column: SegmentSort;
  label: string;
  params: SegmentsListParams;
  onSort: (column: SegmentSort) => void;
  align?: 'left' | 'right';
}) {
  const { t } = useTranslation('segments');
  const active = params.sort === column;
  const Icon = active ? (params.order === 'asc' ? IconChevronUp : IconChevronDown) : IconSelector;
  return (
    <Table.Th aria-sort={active ? (params.order === 'asc' ? 'ascending' : 'descending') : 'none'} ta={align}>
      <UnstyledButton onClick={() => onSort(column)} aria-label={t('list.sortBy', { column: label })}>
        <Group gap={4} wrap="nowrap" justify={align === 'right' ? 'flex-end' : undefined}>
          <Text fw={700} fz="sm">
            {label}
          </Text>
          <Icon size={14} aria-hidden="true" />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

/**
 * A club account's segments of one kind: server-side search, sorting and paging, an empty state
 * that says what a segment is for, and deleting with a confirmation.
 */
export function SegmentsList<K extends SegmentKind>({ kind, columns }: SegmentsListProps<K>) {
  const { t } = useTranslation('segments');
  const viewer = useCurrentUser();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const [sort, setSort] = useState<SegmentSort>('name');
  const [order, setOrder] = useState<'asc' | 'desc'>('asc');
  const params: SegmentsListParams = { page, pageSize, search: debounced, sort, order };
  const list = useSegmentsList(kind, params);
  const remove = useDeleteSegment(kind);
  const canWrite = viewer?.scopes.includes(WRITE_SCOPE[kind]) ?? false;

  const rows = list.data?.data ?? [];
  const total = list.data?.pagination.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));

  // Deleting the last row of the last page moves back a page instead of showing an empty one.
  useEffect(() => {
    if (list.data && !list.isPlaceholderData && page > pages) setPage(pages);
  }, [list.data, list.isPlaceholderData, page, pages]);

  const onSort = (column: SegmentSort) => {
    if (column === sort) setOrder(order === 'asc' ? 'desc' : 'asc');
    else {
      setSort(column);
      setOrder(column === 'name' ? 'asc' : 'desc');
    }
    setPage(1);
  };

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

  let body: ReactNode;
  if (list.isPending) {
    body = (
      <Center py="xl">
        <Group gap="sm">
          <Loader size="sm" />
          <Text c="dimmed">{t('list.loading')}</Text>
        </Group>
      </Center>
    );
  } else if (list.isError && !list.data) {
    body = (
      <Alert color="red" title={t('list.loadError')} role="alert">
        <Button variant="light" size="xs" mt="xs" onClick={() => void list.refetch()}>
          {t('list.retry')}
        </Button>
      </Alert>
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
                <SortHeader column="name" label={t('list.columns.name')} params={params} onSort={onSort} />
                {columns.map((c) =>
                  c.sort ? (
                    <SortHeader key={c.id} column={c.sort} label={c.label} params={params} onSort={onSort} align={c.align} />
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
      <Group justify="space-between" gap="sm" align="flex-end">
        <TextInput
          aria-label={t(`${kind}.searchLabel`)}
          placeholder={t(`${kind}.searchPlaceholder`)}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          w={{ base: '100%', sm: 320 }}
          maxLength={100}
        />
        {createButton}
      </Group>
      {body}
      {total > 0 ? (
        <Group justify="space-between" gap="sm">
          <Group gap="sm">
            <Text fz="sm" c="dimmed">
              {t('list.total', { count: total })}
            </Text>
            <Select
              aria-label={t('list.pageSize')}
              data={PAGE_SIZES.map((n) => String(n))}
              value={String(pageSize)}
              onChange={(value) => {
                if (!value) return;
                setPageSize(Number(value));
                setPage(1);
              }}
              w={90}
              size="xs"
              allowDeselect={false}
            />
          </Group>
          <Pagination
            total={pages}
            value={page}
            onChange={setPage}
            size="sm"
            getControlProps={(control) => ({ 'aria-label': t(`list.pagination.${control}`) })}
          />
        </Group>
      ) : null}
    </Stack>
  );
}
