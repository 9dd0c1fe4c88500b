import type { CurrentUser, User } from '@fairway/shared';
import { ActionIcon, Avatar, Badge, Button, Group, Menu, Text } from '@mantine/core';
import { IconDots, IconPencil, IconTrash, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDelete } from '../../../components/confirm-delete';
import { EmptyState } from '../../../components/empty-state';
import { ListLoadFailed, ListLoading, LocalListFrame, useLocalListState } from '../../../components/list/local-list';
import { LocalListTable } from '../../../components/list/local-list-table';
import { notifySuccess } from '../../../lib/notify';
import { roleLabel, userRoleLabel } from '../../../lib/roles';
import { useClubAccounts } from '../api/get-club-accounts';
import { useRoleChoices } from '../api/get-role-choices';
import { type UsersSort, useUsersList } from '../api/list-users';
import { useRemoveUser } from '../api/remove-user';
import { EditUserModal } from './edit-user-modal';
import { InviteUserModal } from './invite-user-modal';

/** The Users tab (docs/permissions.md#inviting): the organisation's users, invited with a role and club accounts. */
export function UsersTab({ viewer }: { viewer: CurrentUser }) {
  const { t } = useTranslation(['users', 'common']);
  const state = useLocalListState<UsersSort>('name', { sortResetsPage: true });
  const { debounced } = state;
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<User | null>(null);

  const list = useUsersList(state.params);
  const roles = useRoleChoices();
  const clubAccounts = useClubAccounts(viewer);
  const remove = useRemoveUser();

  const canManage = viewer.scopes.includes('users.manage');
  const isOwner = viewer.role === 'Owner';
  const accountName = new Map(clubAccounts.map((c) => [c.id, c.name]));
  const roleById = new Map((roles.data ?? []).map((r) => [r.id, r]));

  const confirmRemove = (user: User) =>
    confirmDelete({
      title: t('management.removeTitle'),
      text: t('management.removeText', { name: user.name, email: user.email }),
      confirmLabel: t('management.removeConfirm'),
      cancelLabel: t('management.cancel'),
      onConfirm: () => {
        remove.mutate(user.id, { onSuccess: () => notifySuccess(t('management.removed', { name: user.name })) });
      },
    });

  const rows = list.data?.data ?? [];
  const total = list.data?.pagination.total ?? 0;

  const roleText = (user: User) => {
    const role = roleById.get(user.roleId);
    return role ? roleLabel(t, role) : userRoleLabel(t, user);
  };

  // Only an Owner touches an Owner, and nobody removes themself (the server refuses both).
  const mayEdit = (user: User) => canManage && (isOwner || user.role !== 'Owner');
  const mayRemove = (user: User) => mayEdit(user) && user.id !== viewer.id;

  let body: ReactNode;
  if (list.isPending) {
    body = <ListLoading text={t('management.loading')} />;
  } else if (list.isError) {
    body = (
      <ListLoadFailed title={t('management.loadError')} retryLabel={t('management.retry')} onRetry={() => void list.refetch()} />
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
      <LocalListTable
        minWidth={760}
        busy={list.isFetching}
        rows={rows}
        sorting={state}
        sortLabel={(label) => t('management.sortBy', { column: label })}
        actionsLabel={t('management.columns.actions')}
        columns={[
          {
            id: 'name',
            label: t('management.columns.name'),
            sort: 'name',
            render: (user) => (
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
            ),
          },
          {
            id: 'email',
            label: t('management.columns.email'),
            sort: 'email',
            render: (user) => <Text fz="sm">{user.email}</Text>,
          },
          {
            id: 'role',
            label: t('management.columns.role'),
            sort: 'role',
            render: (user) => (
              <Badge variant="light" color={user.role === 'Owner' ? 'grape' : 'blue'} tt="none">
                {roleText(user)}
              </Badge>
            ),
          },
          {
            id: 'clubAccounts',
            label: t('management.columns.clubAccounts'),
            render: (user) => (
              <Text fz="sm" c={user.clubAccountIds.length === 0 ? 'dimmed' : undefined}>
                {user.clubAccountIds.length === 0
                  ? t('management.noClubAccounts')
                  : user.clubAccountIds.map((id) => accountName.get(id) ?? '…').join(', ')}
              </Text>
            ),
          },
          {
            id: 'status',
            label: t('management.columns.status'),
            render: (user) => (
              <Badge variant="dot" color={user.status === 'active' ? 'green' : 'yellow'} tt="none">
                {t(`management.status.${user.status}`)}
              </Badge>
            ),
          },
        ]}
        actions={
          canManage
            ? (user) =>
                mayEdit(user) ? (
                  <Menu position="bottom-end" withinPortal>
                    <Menu.Target>
                      <ActionIcon variant="subtle" color="gray" aria-label={t('management.rowActions', { name: user.name })}>
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
                ) : null
            : undefined
        }
      />
    );
  }

  return (
    <>
      <LocalListFrame
        state={state}
        total={total}
        texts={{
          searchLabel: t('management.searchLabel'),
          searchPlaceholder: t('management.searchPlaceholder'),
          total: t('management.total', { count: total }),
          pageSize: t('management.pageSize'),
        }}
        action={
          canManage ? (
            <Button leftSection={<IconUserPlus size={18} aria-hidden="true" />} onClick={() => setInviting(true)}>
              {t('management.invite')}
            </Button>
          ) : null
        }
      >
        {body}
      </LocalListFrame>
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
    </>
  );
}
