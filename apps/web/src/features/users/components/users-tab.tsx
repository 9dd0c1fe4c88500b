import { type CurrentUser, DEFAULT_PAGE_SIZE, PAGE_SIZES, type User } from '@fairway/shared';
import {
  ActionIcon,
  Alert,
  Avatar,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Menu,
  Pagination,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import {
  IconChevronDown,
  IconChevronUp,
  IconDots,
  IconPencil,
  IconSearch,
  IconSelector,
  IconTrash,
  IconUserPlus,
  IconUsers,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { notifySuccess } from '../../../lib/notify';
import { roleLabel, userRoleLabel } from '../../../lib/roles';
import { useClubAccounts } from '../api/get-club-accounts';
import { useRoleChoices } from '../api/get-role-choices';
import { type UsersListParams, type UsersSort, useUsersList } from '../api/list-users';
import { useRemoveUser } from '../api/remove-user';
import { EditUserModal } from './edit-user-modal';
import { InviteUserModal } from './invite-user-modal';

interface SortHeaderProps {
  column: UsersSort;
  label: string;
  params: UsersListParams;
  onSort: (column: UsersSort) => void;
}

function SortHeader({ column, label, params, onSort }: SortHeaderProps) {
  const { t } = useTranslation('users');
  const active = params.sort === column;
  const Icon = active ? (params.order === 'asc' ? IconChevronUp : IconChevronDown) : IconSelector;
  return (
    <Table.Th aria-sort={active ? (params.order === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton onClick={() => onSort(column)} aria-label={t('management.sortBy', { column: label })}>
        <Group gap={4} wrap="nowrap">
          <Text fw={700} fz="sm">
            {label}
          </Text>
          <Icon size={14} aria-hidden="true" />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

/** The Users tab (docs/permissions.md#inviting): the organisation's users, invited with a role and club accounts. */
export function UsersTab({ viewer }: { viewer: CurrentUser }) {
  const { t } = useTranslation(['users', 'common']);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const [sort, setSort] = useState<UsersSort>('name');
  const [order, setOrder] = useState<'asc' | 'desc'>('asc');
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<User | null>(null);

  const params: UsersListParams = { page, pageSize, search: debounced, sort, order };
  const list = useUsersList(params);
  const roles = useRoleChoices();
  const clubAccounts = useClubAccounts(viewer);
  const remove = useRemoveUser();

  const canManage = viewer.scopes.includes('users.manage');
  const isOwner = viewer.role === 'Owner';
  const accountName = new Map(clubAccounts.map((c) => [c.id, c.name]));
  const roleById = new Map((roles.data ?? []).map((r) => [r.id, r]));

  const onSort = (column: UsersSort) => {
    if (column === sort) setOrder(order === 'asc' ? 'desc' : 'asc');
    else {
      setSort(column);
      setOrder('asc');
    }
    setPage(1);
  };

  const confirmRemove = (user: User) =>
    modals.openConfirmModal({
      title: t('management.removeTitle'),
      centered: true,
      children: <Text fz="sm">{t('management.removeText', { name: user.name, email: user.email })}</Text>,
      labels: { confirm: t('management.removeConfirm'), cancel: t('management.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        remove.mutate(user.id, { onSuccess: () => notifySuccess(t('management.removed', { name: user.name })) });
      },
    });

  const rows = list.data?.data ?? [];
  const total = list.data?.pagination.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));

  const roleText = (user: User) => {
    const role = roleById.get(user.roleId);
    return role ? roleLabel(t, role) : userRoleLabel(t, user);
  };

  // Only an Owner touches an Owner, and nobody removes themself (the server refuses both).
  const mayEdit = (user: User) => canManage && (isOwner || user.role !== 'Owner');
  const mayRemove = (user: User) => mayEdit(user) && user.id !== viewer.id;

  let body: ReactNode;
  if (list.isPending) {
    body = (
      <Center py="xl">
        <Group gap="sm">
          <Loader size="sm" />
          <Text c="dimmed">{t('management.loading')}</Text>
        </Group>
      </Center>
    );
  } else if (list.isError) {
    body = (
      <Alert color="red" title={t('management.loadError')}>
        <Button variant="light" size="xs" mt="xs" onClick={() => void list.refetch()}>
          {t('management.retry')}
        </Button>
      </Alert>
    );
  } else if (rows.length === 0) {
    body = (
      <EmptyState
        title={t('management.emptyTitle')}
        order={3}
        icon={<IconUsers size={30} stroke={1.6} />}
        action={
          canManage && !debounced ? (
            <Button leftSection={<IconUserPlus size={18} aria-hidden="true" />} onClick={() => setInviting(true)}>
              {t('management.invite')}
            </Button>
          ) : null
        }
      >
        {debounced ? t('management.emptySearchText', { search: debounced }) : t('management.emptyText')}
      </EmptyState>
    );
  } else {
    body = (
      <Paper withBorder radius="md">
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="sm" highlightOnHover aria-busy={list.isFetching}>
            <Table.Thead>
              <Table.Tr>
                <SortHeader column="name" label={t('management.columns.name')} params={params} onSort={onSort} />
                <SortHeader column="email" label={t('management.columns.email')} params={params} onSort={onSort} />
                <SortHeader column="role" label={t('management.columns.role')} params={params} onSort={onSort} />
                <Table.Th>{t('management.columns.clubAccounts')}</Table.Th>
                <Table.Th>{t('management.columns.status')}</Table.Th>
                {canManage ? (
                  <Table.Th>
                    <VisuallyHidden>{t('management.columns.actions')}</VisuallyHidden>
                  </Table.Th>
                ) : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((user) => (
                <Table.Tr key={user.id}>
                  <Table.Td>
                    <Group gap="sm" wrap="nowrap">
                      <Avatar src={user.imageUrl ?? undefined} alt="" size={32} radius="xl" color="initials" name={user.name} />
                      <Text fz="sm" fw={500}>
                        {user.name}
                      </Text>
                      {user.id === viewer.id ? (
                        <Badge size="xs" variant="outline">
                          {t('management.you')}
                        </Badge>
                      ) : null}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text fz="sm">{user.email}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={user.role === 'Owner' ? 'grape' : 'blue'} tt="none">
                      {roleText(user)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text fz="sm" c={user.clubAccountIds.length === 0 ? 'dimmed' : undefined}>
                      {user.clubAccountIds.length === 0
                        ? t('management.noClubAccounts')
                        : user.clubAccountIds.map((id) => accountName.get(id) ?? '…').join(', ')}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="dot" color={user.status === 'active' ? 'green' : 'yellow'} tt="none">
                      {t(`management.status.${user.status}`)}
                    </Badge>
                  </Table.Td>
                  {canManage ? (
                    <Table.Td ta="right">
                      {mayEdit(user) ? (
                        <Menu position="bottom-end" withinPortal>
                          <Menu.Target>
                            <ActionIcon
                              variant="subtle"
                              color="gray"
                              aria-label={t('management.rowActions', { name: user.name })}
                            >
                              <IconDots size={18} aria-hidden="true" />
                            </ActionIcon>
                          </Menu.Target>
                          <Menu.Dropdown>
                            <Menu.Item leftSection={<IconPencil size={16} aria-hidden="true" />} onClick={() => setEditing(user)}>
                              {t('management.edit')}
                            </Menu.Item>
                            {mayRemove(user) ? (
                              <Menu.Item
                                color="red"
                                leftSection={<IconTrash size={16} aria-hidden="true" />}
                                onClick={() => confirmRemove(user)}
                              >
                                {t('management.remove')}
                              </Menu.Item>
                            ) : null}
                          </Menu.Dropdown>
                        </Menu>
                      ) : null}
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

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" align="flex-end">
        <TextInput
          aria-label={t('management.searchLabel')}
          placeholder={t('management.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          w={{ base: '100%', sm: 320 }}
          maxLength={100}
        />
        {canManage ? (
          <Button leftSection={<IconUserPlus size={18} aria-hidden="true" />} onClick={() => setInviting(true)}>
            {t('management.invite')}
          </Button>
        ) : null}
      </Group>
      {body}
      {total > 0 ? (
        <Group justify="space-between" gap="sm">
          <Group gap="sm">
            <Text fz="sm" c="dimmed">
              {t('management.total', { count: total })}
            </Text>
            <Select
              aria-label={t('management.pageSize')}
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
          <Pagination total={pages} value={page} onChange={setPage} size="sm" />
        </Group>
      ) : null}
      {canManage ? (
        <>
          <InviteUserModal
            opened={inviting}
            onClose={() => setInviting(false)}
            viewer={viewer}
            roles={roles.data ?? []}
            clubAccounts={clubAccounts}
          />
          <EditUserModal
            user={editing}
            onClose={() => setEditing(null)}
            viewer={viewer}
            roles={roles.data ?? []}
            clubAccounts={clubAccounts}
          />
        </>
      ) : null}
    </Stack>
  );
}
