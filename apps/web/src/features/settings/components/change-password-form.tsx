import { type ChangePasswordBody, changePasswordBodySchema } from '@fairway/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, PasswordInput, SimpleGrid, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { type Resolver, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordRules } from '../../../components/password-rules';
import { applyServerErrors, useFieldErrorText } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { useChangePassword } from '../api/change-password';

/** The password rule (docs/api.md#validation), part by part, for the live checklist. */
const FIELDS = ['currentPassword', 'password', 'passwordConfirmation'] as const;
const EMPTY: ChangePasswordBody = { currentPassword: '', password: '', passwordConfirmation: '' };

export function ChangePasswordForm() {
  const { t } = useTranslation('settings');
  const errorText = useFieldErrorText();
  const [formError, setFormError] = useState<string | null>(null);
  const change = useChangePassword();
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordBody>({
    resolver: zodResolver(changePasswordBodySchema as never) as unknown as Resolver<ChangePasswordBody>,
    defaultValues: EMPTY,
    mode: 'onTouched',
  });
  const password = useWatch({ control, name: 'password' }) ?? '';

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await change.mutateAsync(values);
      reset(EMPTY);
      notifySuccess(t('password.saved'));
    } catch (error) {
      setFormError(applyServerErrors(error, setError, FIELDS));
    }
  });

  const label = (name: (typeof FIELDS)[number]) => t(`password.fields.${name}`);
  return (
    <form noValidate onSubmit={onSubmit} aria-label={t('password.title')}>
      <Stack gap="md">
        {formError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden="true" />} role="alert">
            {formError}
          </Alert>
        ) : null}
        <PasswordInput
          label={label('currentPassword')}
          autoComplete="current-password"
          withAsterisk
          maw={{ sm: '50%' }}
          error={errorText(errors.currentPassword, label('currentPassword'))}
          {...register('currentPassword')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <PasswordInput
            label={label('password')}
            autoComplete="new-password"
            withAsterisk
            aria-describedby="password-checklist"
            error={errorText(errors.password, label('password'))}
            {...register('password')}
          />
          <PasswordInput
            label={label('passwordConfirmation')}
            autoComplete="new-password"
            withAsterisk
            error={errorText(errors.passwordConfirmation, label('passwordConfirmation'))}
            {...register('passwordConfirmation')}
          />
        </SimpleGrid>
        <PasswordRules id="password-checklist" password={password} />
        <Group justify="flex-end">
          <Button type="submit" loading={isSubmitting}>
            {t('password.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
