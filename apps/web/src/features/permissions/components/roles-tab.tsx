import { ALL_SCOPES, type CurrentUser, canAssignRole, ROLE_RULES, type RoleDefinition } from '@fairway/shared';
import { ActionIcon, Badge, Button, Group, Menu, Modal, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCopy, IconDots, IconEye, IconPencil, IconPlus, IconShieldLock, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { FailureAlert } from '../../../components/failure-alert';
import { ListLoadFailed, ListLoading } from '../../../components/list/local-list';
import { callFailure, type FormFailure } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { roleLabel } from '../../../lib/roles';
import { useDeleteRole } from '../api/delete-role';
import { useRoles } from '../api/get-roles';
import { RoleModal, type RoleModalState } from './role-modal';

/** The Roles tab (docs/permissions.md#roles): default roles, the organisation's own roles, and managing them. */
export function RolesTab({ viewer }: { viewer: CurrentUser }) {
  const { t } = useTranslation(['permissions', 'common']);
  const roles = useRoles();
  const [modal, setModal] = useState<RoleModalState>(null);
  const [removing, setRemoving] = useState<RoleDefinition | null>(null);
  const canManage = viewer.scopes.includes('roles.manage');

  let body: ReactNode;
  if (roles.isPending) {
    body = <ListLoading text={t('loading')} />;
  } else if (roles.isError) {
    body = <ListLoadFailed title={t('loadError')} retryLabel={t('retry')} onRetry={() => void roles.refetch()} />;
  } else if (roles.data.length === 0) {
    body = (
      <EmptyState title={t('emptyTitle')} order={3}>
        {t('emptyText')}
      </EmptyState>
    );
  } else {
    body = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {roles.data.map((role) => {
          const active = ROLE_RULES.filter((r) => role.rules[r]);
          return (
            <Paper key={role.id} withBorder radius="md" p="md" component="article" aria-label={roleLabel(t, role)}>
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                <Stack gap={4} style={{ minWidth: 0 }}>
                  <Title order={3} fz="h5" style={{ overflowWrap: 'anywhere' }}>
                    {roleLabel(t, role)}
                  </Title>
                  <Group gap={6}>
                    <Badge size="sm" variant={role.system ? 'light' : 'outline'} color={role.system ? 'gray' : 'blue'} tt="none">
                      {role.system ? t('defaultBadge') : t('ownBadge')}
                    </Badge>
                    <Badge size="sm" variant="dot" color="teal" tt="none">
                      {t('users', { count: role.userCount })}
                    </Badge>
                  </Group>
                </Stack>
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <ActionIcon variant="subtle" color="gray" aria-label={t('rowActions', { name: roleLabel(t, role) })}>
                      <IconDots size={18} aria-hidden="true" />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    {role.system || !canManage ? (
                      <Menu.Item
                        leftSection={<IconEye size={16} aria-hidden="true" />}
                        onClick={() => setModal({ mode: 'view', role })}
                      >
                        {t('view')}
                      </Menu.Item>
                    ) : (
                      <Menu.Item
                        leftSection={<IconPencil size={16} aria-hidden="true" />}
                        onClick={() => setModal({ mode: 'edit', role })}
                      >
                        {t('edit')}
                      </Menu.Item>
                    )}
                    {canManage ? (
                      <Menu.Item
                        leftSection={<IconCopy size={16} aria-hidden="true" />}
                        onClick={() => setModal({ mode: 'create', from: role })}
                      >
                        {t('copy')}
                      </Menu.Item>
                    ) : null}
                    {canManage && !role.system ? (
                      <Menu.Item
                        color="red"
                        leftSection={<IconTrash size={16} aria-hidden="true" />}
                        onClick={() => setRemoving(role)}
                      >
                        {t('remove')}
                      </Menu.Item>
                    ) : null}
                  </Menu.Dropdown>
                </Menu>
              </Group>
              <Text fz="sm" c="dimmed" mt="sm">
                {t('scopeCount', { count: role.scopes.length, total: ALL_SCOPES.length })}
              </Text>
              {active.length > 0 ? (
                <Text fz="sm" c="dimmed">
                  {t('rulesActive', { rules: active.map((r) => t(`rulesShort.${r}`)).join(', ') })}
                </Text>
              ) : null}
            </Paper>
          );
        })}
      </SimpleGrid>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2} maw={640}>
          <Title order={2} fz="h4">
            {t('rolesTitle')}
          </Title>
          <Text fz="sm" c="dimmed">
            {t('rolesText')}
          </Text>
        </Stack>
        {canManage ? (
          <Button leftSection={<IconPlus size={18} aria-hidden="true" />} onClick={() => setModal({ mode: 'create' })}>
            {t('create')}
          </Button>
        ) : null}
      </Group>
      {body}
      <RoleModal state={modal} onClose={() => setModal(null)} viewer={viewer} />
      <RemoveRoleModal role={removing} roles={roles.data ?? []} viewer={viewer} onClose={() => setRemoving(null)} />
    </Stack>
  );
}

interface RemoveRoleModalProps {
  role: RoleDefinition | null;
  roles: readonly RoleDefinition[];
  viewer: CurrentUser;
  onClose: () => void;
}

/**
 * Confirms removing a role. A role in use needs a role for its users first: the choice is part of
 * the confirmation, so nobody is left without a role.
 */
function RemoveRoleModal({ role, roles, viewer, onClose }: RemoveRoleModalProps) {
  const { t } = useTranslation(['permissions', 'common']);
  const remove = useDeleteRole();
  const [reassignTo, setReassignTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const close = () => {
    setReassignTo(null);
    setFailure(null);
    remove.reset();
    onClose();
  };
  const inUse = (role?.userCount ?? 0) > 0;
  const targets = roles
    .filter((r) => r.id !== role?.id && canAssignRole(viewer, r))
    .map((r) => ({ value: r.id, label: roleLabel(t, r) }));

  return (
    <Modal opened={role !== null} onClose={close} title={t('removeTitle')} centered>
      {role ? (
        <Stack gap="md">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <IconShieldLock size={22} aria-hidden="true" style={{ flexShrink: 0 }} />
            <Text fz="sm">
              {inUse ? t('removeInUse', { name: role.name, count: role.userCount }) : t('removeText', { name: role.name })}
            </Text>
          </Group>
          {inUse ? (
            <Select
              label={t('reassignLabel')}
              data={targets}
              value={reassignTo}
              onChange={setReassignTo}
              withAsterisk
              allowDeselect={false}
              data-autofocus
            />
          ) : null}
          <FailureAlert failure={failure} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              disabled={inUse && !reassignTo}
              onClick={() => {
                setFailure(null);
                remove.mutate(
                  { id: role.id, reassignTo: inUse ? (reassignTo ?? undefined) : undefined },
                  {
                    onSuccess: () => {
                      notifySuccess(t('removed', { name: role.name }));
                      close();
                    },
                    onError: (error) => setFailure(callFailure(error)),
                  },
                );
              }}
            >
              {t('removeConfirm')}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
