import { type CurrentUser, requiredString, updateUserBodySchema } from '@fairway/shared';
import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FailureAlert } from '../../../components/failure-alert';
import { useFieldErrorText } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { useSendForm } from '../../../lib/use-send-form';
import { type ProfileChanges, useUpdateProfile } from '../api/update-profile';

/** The part of PUT users/{id} a user changes on themself; the name may not be emptied. */
export const profileFormSchema = z
  .object({
    name: requiredString(120),
    displayName: updateUserBodySchema.shape.displayName,
    phone: updateUserBodySchema.shape.phone,
  })
  .strict();

interface ProfileValues {
  name: string;
  displayName: string;
  phone: string;
}

const FIELDS = ['name', 'displayName', 'phone'] as const;

export function ProfileForm({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('settings');
  const errorText = useFieldErrorText();
  const update = useUpdateProfile(user.id);
  const initial: ProfileValues = { name: user.name, displayName: user.displayName ?? '', phone: user.phone ?? '' };
  const { form, failure, onSubmit } = useSendForm<ProfileValues>({
    schema: profileFormSchema,
    defaultValues: initial,
    fields: FIELDS,
    send: async (values) => {
      await update.mutateAsync(values as ProfileChanges);
      notifySuccess(t('profile.saved'));
    },
  });
  const {
    register,
    reset,
    formState: { errors, isDirty, isSubmitting },
  } = form;

  useEffect(() => {
    reset({ name: user.name, displayName: user.displayName ?? '', phone: user.phone ?? '' });
  }, [user.name, user.displayName, user.phone, reset]);

  const label = (name: (typeof FIELDS)[number]) => t(`profile.fields.${name}`);
  return (
    <form noValidate onSubmit={onSubmit} aria-label={t('profile.title')}>
      <Stack gap="md">
        <FailureAlert failure={failure} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={label('name')}
            withAsterisk
            autoComplete="name"
            error={errorText(errors.name, label('name'))}
            {...register('name')}
          />
          <TextInput
            label={label('displayName')}
            description={t('profile.displayNameHint')}
            autoComplete="nickname"
            error={errorText(errors.displayName, label('displayName'))}
            {...register('displayName')}
          />
          <TextInput
            label={t('profile.fields.email')}
            value={user.email}
            readOnly
            disabled
            description={t('profile.emailHint')}
          />
          <TextInput
            label={label('phone')}
            type="tel"
            autoComplete="tel"
            error={errorText(errors.phone, label('phone'))}
            {...register('phone')}
          />
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" disabled={!isDirty || isSubmitting} onClick={() => reset()}>
            {t('undo')}
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {t('profile.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
