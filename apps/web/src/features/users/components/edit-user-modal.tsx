import { type CurrentUser, type RoleDefinition, type User, updateUserBodySchema } from '@fairway/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, type FieldError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { applyFormErrors } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { useUpdateUserAccess } from '../api/update-user-access';
import { roleOptions } from '../lib/role-options';
import { useFieldMessage } from '../lib/use-field-message';
import { ClubAccountsField, RoleField, UserDialogActions } from './user-access-fields';

type FormValues = z.input<typeof updateUserBodySchema>;

export interface EditUserModalProps {
  user: User | null;
  onClose: () => void;
  viewer: CurrentUser;
  roles: readonly RoleDefinition[];
  clubAccounts: readonly { id: string; name: string }[];
}

/** Changes a user's role and club accounts (docs/permissions.md#inviting). */
export function EditUserModal({ user, onClose, viewer, roles, clubAccounts }: EditUserModalProps) {
  const { t } = useTranslation(['users', 'common']);
  return (
    <Modal
      opened={user !== null}
      onClose={onClose}
      title={user ? t('management.editTitle', { name: user.name }) : ''}
      size="lg"
      centered
    >
      {user ? (
        <EditUserForm key={user.id} user={user} onClose={onClose} viewer={viewer} roles={roles} clubAccounts={clubAccounts} />
      ) : null}
    </Modal>
  );
}

function EditUserForm({ user, onClose, viewer, roles, clubAccounts }: EditUserModalProps & { user: User }) {
  const { t } = useTranslation(['users', 'common']);
  const fieldMessage = useFieldMessage();
  const update = useUpdateUserAccess();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors, isDirty },
  } = useForm<FormValues>({
    resolver: zodResolver(updateUserBodySchema),
    defaultValues: { roleId: user.roleId, clubAccountIds: user.clubAccountIds },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      // Only what changed is sent, so an unchanged role is never re-checked against the rules.
      const body = {
        ...(values.roleId !== user.roleId ? { roleId: values.roleId } : {}),
        clubAccountIds: values.clubAccountIds ?? [],
      };
      await update.mutateAsync({ id: user.id, body, self: user.id === viewer.id });
      notifySuccess(t('management.saved'));
      onClose();
    } catch (error) {
      const result = applyFormErrors(error, setError, { role: 'roleId', roleId: 'roleId', clubAccountIds: 'clubAccountIds' });
      setFailure(result.message);
    }
  });

  // Accounts the user has that the viewer cannot name (outside the list) still show, by id.
  const known = new Set(clubAccounts.map((c) => c.id));
  const accountData = [
    ...clubAccounts.map((c) => ({ value: c.id, label: c.name })),
    ...user.clubAccountIds.filter((id) => !known.has(id)).map((id) => ({ value: id, label: id })),
  ];

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text c="dimmed" fz="sm">
          {user.email}
        </Text>
        {failure ? (
          <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden="true" />} role="alert">
            {failure}
          </Alert>
        ) : null}
        <Controller
          control={control}
          name="roleId"
          render={({ field }) => (
            <RoleField
              viewer={viewer}
              data={roleOptions(t, viewer, roles, user.roleId)}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldMessage(errors.roleId, 'roleId')}
              autoFocus
            />
          )}
        />
        <Controller
          control={control}
          name="clubAccountIds"
          render={({ field }) => (
            <ClubAccountsField
              data={accountData}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldMessage(errors.clubAccountIds as FieldError | undefined, 'clubAccountIds')}
            />
          )}
        />
        <UserDialogActions onCancel={onClose} submitLabel={t('management.save')} loading={update.isPending} disabled={!isDirty} />
      </Stack>
    </form>
  );
}
