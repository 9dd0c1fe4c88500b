import { type ChangePasswordBody, changePasswordBodySchema } from '@fairway/shared';
import { Button, Group, PasswordInput, SimpleGrid, Stack } from '@mantine/core';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FailureAlert } from '../../../components/failure-alert';
import { PasswordRules } from '../../../components/password-rules';
import { useFieldErrorText } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { useSendForm } from '../../../lib/use-send-form';
import { useChangePassword } from '../api/change-password';

/** The password rule (docs/api.md#validation), part by part, for the live checklist. */
const FIELDS = ['currentPassword', 'password', 'passwordConfirmation'] as const;
const EMPTY: ChangePasswordBody = { currentPassword: '', password: '', passwordConfirmation: '' };

export function ChangePasswordForm() {
  const { t } = useTranslation('settings');
  const errorText = useFieldErrorText();
  const change = useChangePassword();
  const { form, failure, onSubmit } = useSendForm<ChangePasswordBody>({
    schema: changePasswordBodySchema,
    defaultValues: EMPTY,
    fields: FIELDS,
    send: async (values) => {
      await change.mutateAsync(values);
      form.reset(EMPTY);
      notifySuccess(t('password.saved'));
    },
  });
  const {
    register,
    control,
    formState: { errors, isSubmitting },
  } = form;
  const password = useWatch({ control, name: 'password' }) ?? '';

  const label = (name: (typeof FIELDS)[number]) => t(`password.fields.${name}`);
  return (
    <form noValidate onSubmit={onSubmit} aria-label={t('password.title')}>
      <Stack gap="md">
        <FailureAlert failure={failure} />
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
