import { type CurrentUser, type InviteUserBody, inviteUserBodySchema, type RoleDefinition } from '@fairway/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconArrowUpRight } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, type FieldError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { applyFormErrors } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { useUserSeats } from '../api/get-user-seats';
import { useInviteUser } from '../api/invite-user';
import { roleOptions } from '../lib/role-options';
import { useFieldMessage } from '../lib/use-field-message';
import { ClubAccountsField, RoleField, UserDialogActions } from './user-access-fields';

/** Where an Owner upgrades the package (configuration → settings and subscription, docs/subscriptions.md). */
export const UPGRADE_PATH = '/dashboard/configuration/settings';

type FormValues = z.input<typeof inviteUserBodySchema>;

export interface InviteUserModalProps {
  opened: boolean;
  onClose: () => void;
  viewer: CurrentUser;
  roles: readonly RoleDefinition[];
  clubAccounts: readonly { id: string; name: string }[];
}

/** "Invite user" (docs/permissions.md#inviting): name, e-mail, a role the viewer may give, and club accounts. */
export function InviteUserModal({ opened, onClose, viewer, roles, clubAccounts }: InviteUserModalProps) {
  const { t } = useTranslation(['users', 'common']);
  const fieldMessage = useFieldMessage();
  const invite = useInviteUser();
  // The package's limit is known before the form is filled in, not only from a refused invitation.
  const seats = useUserSeats(opened);
  const full = seats.data !== undefined && seats.data.used >= seats.data.maxUsers;
  const [failure, setFailure] = useState<{ upgrade: boolean; message: string } | null>(null);
  const defaults: FormValues = {
    name: '',
    email: '',
    roleId: undefined,
    clubAccountIds: viewer.currentAccount ? [viewer.currentAccount.id] : [],
  };
  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<FormValues, unknown, InviteUserBody>({ resolver: zodResolver(inviteUserBodySchema), defaultValues: defaults });

  const close = () => {
    reset(defaults);
    setFailure(null);
    invite.reset();
    onClose();
  };

  const onSubmit = handleSubmit(async (body) => {
    setFailure(null);
    try {
      const user = await invite.mutateAsync(body);
      notifySuccess(t('management.invited', { email: user.email }));
      close();
    } catch (error) {
      const result = applyFormErrors(error, setError, {
        name: 'name',
        email: 'email',
        role: 'roleId',
        roleId: 'roleId',
        clubAccountIds: 'clubAccountIds',
      });
      // 406 is the package's user limit (docs/permissions.md#inviting): more users need an upgrade.
      if (result.message) setFailure({ upgrade: result.status === 406, message: result.message });
    }
  });

  const options = roleOptions(t, viewer, roles);
  const roleError = fieldMessage(errors.roleId ?? errors.role, 'role');

  return (
    <Modal opened={opened} onClose={close} title={t('management.inviteTitle')} size="lg" centered>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Text c="dimmed" fz="sm">
            {t('management.inviteText')}
          </Text>
          {seats.data && !full ? (
            <Text fz="sm" data-testid="user-seats">
              {t('management.seats', { used: seats.data.used, max: seats.data.maxUsers, package: seats.data.packageName })}
            </Text>
          ) : null}
          {full && seats.data && !failure ? (
            <UpgradePrompt
              message={t('management.seatsFull', { max: seats.data.maxUsers, package: seats.data.packageName })}
              onNavigate={close}
            />
          ) : null}
          {failure?.upgrade ? <UpgradePrompt message={failure.message} onNavigate={close} /> : null}
          {failure && !failure.upgrade ? (
            <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden="true" />} role="alert">
              <Text fz="sm">{failure.message}</Text>
            </Alert>
          ) : null}
          <TextInput
            label={t('management.fields.name')}
            withAsterisk
            autoComplete="off"
            data-autofocus
            error={fieldMessage(errors.name, 'name')}
            {...register('name')}
          />
          <TextInput
            label={t('management.fields.email')}
            type="email"
            withAsterisk
            autoComplete="off"
            error={fieldMessage(errors.email, 'email')}
            {...register('email')}
          />
          <Controller
            control={control}
            name="roleId"
            render={({ field }) => (
              <RoleField
                viewer={viewer}
                data={options}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={roleError}
                required
              />
            )}
          />
          <Controller
            control={control}
            name="clubAccountIds"
            render={({ field }) => (
              <ClubAccountsField
                data={clubAccounts.map((c) => ({ value: c.id, label: c.name }))}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={fieldMessage(errors.clubAccountIds as FieldError | undefined, 'clubAccountIds')}
              />
            )}
          />
          <UserDialogActions
            onCancel={close}
            submitLabel={t('management.sendInvite')}
            loading={invite.isPending}
            disabled={full}
          />
        </Stack>
      </form>
    </Modal>
  );
}

/** The package's user limit reached: the reason and the way to a bigger package. */
function UpgradePrompt({ message, onNavigate }: { message: string; onNavigate: () => void }) {
  const { t } = useTranslation('users');
  return (
    <Alert
      color="yellow"
      icon={<IconAlertTriangle size={18} aria-hidden="true" />}
      title={t('management.upgradeTitle')}
      role="alert"
    >
      <Stack gap="xs" align="flex-start">
        <Text fz="sm">{message}</Text>
        <Button
          component={Link}
          to={UPGRADE_PATH}
          size="xs"
          rightSection={<IconArrowUpRight size={16} aria-hidden="true" />}
          onClick={onNavigate}
        >
          {t('management.upgradeAction')}
        </Button>
      </Stack>
    </Alert>
  );
}
