import { type ChangePasswordBody, changePasswordBodySchema } from '@fairway/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, List, PasswordInput, SimpleGrid, Stack, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconAlertCircle, IconCheck, IconPoint } from '@tabler/icons-react';
import { useState } from 'react';
import { type Resolver, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, useFieldErrorText } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { useChangePassword } from '../api/change-password';

/** Spec §5's password rule, part by part, for the live checklist. */
export const PASSWORD_CHECKS = [
  { id: 'length', test: (v: string) => v.length >= 8 },
  { id: 'lowercase', test: (v: string) => /[a-z]/.test(v) },
  { id: 'uppercase', test: (v: string) => /[A-Z]/.test(v) },
  { id: 'digit', test: (v: string) => /\d/.test(v) },
  { id: 'special', test: (v: string) => /[!@#$%&*()]/.test(v) },
] as const;

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
        <div id="password-checklist">
          <Text size="sm" fw={500} mb={6}>
            {t('password.rulesTitle')}
          </Text>
          <List spacing={4} size="sm" center>
            {PASSWORD_CHECKS.map((check) => {
              const met = check.test(password);
              return (
                <List.Item
                  key={check.id}
                  data-met={met || undefined}
                  icon={
                    <ThemeIcon
                      size={18}
                      radius="xl"
                      color={met ? 'teal' : 'gray'}
                      variant={met ? 'filled' : 'light'}
                      aria-hidden="true"
                    >
                      {met ? <IconCheck size={12} stroke={3} /> : <IconPoint size={12} />}
                    </ThemeIcon>
                  }
                >
                  <Text span size="sm" c={met ? undefined : 'dimmed'}>
                    {t(`password.rules.${check.id}`)}
                  </Text>
                  <VisuallyHidden>{met ? t('password.met') : t('password.notMet')}</VisuallyHidden>
                </List.Item>
              );
            })}
          </List>
        </div>
        <Group justify="flex-end">
          <Button type="submit" loading={isSubmitting}>
            {t('password.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
