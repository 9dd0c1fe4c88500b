import type { LoginBody } from '@fairway/shared';
import { Anchor, Button, Fieldset, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { TokenExpiredNotice } from '../../../components/token-expired-notice';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { useHydrated } from '../../../lib/use-hydrated';
import { useLoginMutation } from '../api/login';
import { AuthCard } from '../components/auth-card';
import { FormAlert } from '../components/form-alert';
import { PasswordField } from '../components/password-field';
import { AFTER_SIGN_IN_PATH, startSession } from '../lib/session';
import { useAuthTitle } from '../lib/use-auth-title';
import { useFieldError } from '../lib/use-field-error';

export default function LoginPage() {
  const { t } = useTranslation('auth');
  useAuthTitle(t('login.title'), t('login.subtitle'));
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const fieldError = useFieldError();
  const login = useLoginMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const hydrated = useHydrated();

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginBody>({
    // The schema and zod arrive on the first submit: the form paints without them.
    resolver: lazyZodResolver(() => import('@fairway/shared/auth/auth.schemas').then((m) => m.loginBodySchema)),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      // Wrong credentials are a 401: its message lands in the alert through applyServerErrors.
      const result = await login.mutateAsync(values);
      startSession(result);
      navigate(AFTER_SIGN_IN_PATH, { replace: true });
    } catch (error) {
      // Loaded only for a refusal (it brings the shared error schemas along).
      const { applyServerErrors } = await import('../../../lib/form-errors');
      setFormError(applyServerErrors(error, setError, ['email', 'password']));
    }
  });

  return (
    <AuthCard
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      notice={searchParams.get('q') === 'tokenExpired' ? <TokenExpiredNotice /> : null}
    >
      {/* POST, and disabled until the prerendered page is hydrated: a submit before the scripts run
          must not put the password in the address (lib/use-hydrated.ts). */}
      <form method="post" onSubmit={onSubmit} noValidate aria-label={t('login.title')}>
        <Fieldset variant="unstyled" m={0} disabled={!hydrated}>
          <Stack gap="md">
            {formError ? <FormAlert title={t('login.failedTitle')}>{formError}</FormAlert> : null}
            <TextInput
              {...register('email')}
              type="email"
              label={t('shared.email')}
              placeholder={t('shared.emailPlaceholder')}
              autoComplete="username"
              inputMode="email"
              withAsterisk
              error={fieldError(errors.email, 'email')}
            />
            <Stack gap={6}>
              <PasswordField
                {...register('password')}
                label={t('shared.password')}
                autoComplete="current-password"
                withAsterisk
                error={fieldError(errors.password, 'password')}
              />
              <Group justify="flex-end">
                <Anchor component={Link} to="/forgot-password" size="sm">
                  {t('login.forgotPassword')}
                </Anchor>
              </Group>
            </Stack>
            <Button type="submit" fullWidth loading={isSubmitting}>
              {t('login.submit')}
            </Button>
            <Text size="sm" ta="center" c="dimmed">
              {t('login.noAccount')}{' '}
              <Anchor component={Link} to="/register" fw={500}>
                {t('login.register')}
              </Anchor>
            </Text>
          </Stack>
        </Fieldset>
      </form>
    </AuthCard>
  );
}
