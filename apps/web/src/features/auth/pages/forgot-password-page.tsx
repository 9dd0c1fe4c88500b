import { passwordResetBodySchema, RESET_TOKEN_TTL_SECONDS } from '@fairway/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Center, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowLeft, IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { applyServerErrors } from '../../../lib/form-errors';
import { useRequestPasswordResetMutation } from '../api/request-password-reset';
import { AuthCard } from '../components/auth-card';
import { FormAlert } from '../components/form-alert';
import { useAuthTitle } from '../lib/use-auth-title';
import { useFieldError } from '../lib/use-field-error';

type ForgotPasswordValues = z.input<typeof passwordResetBodySchema>;

function BackToLogin() {
  const { t } = useTranslation('auth');
  return (
    <Center>
      <Anchor component={Link} to="/login" size="sm">
        <IconArrowLeft size={14} aria-hidden="true" style={{ verticalAlign: 'middle', marginRight: 4 }} />
        {t('shared.backToLogin')}
      </Anchor>
    </Center>
  );
}

export default function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  useAuthTitle(t('forgot.title'));
  const fieldError = useFieldError();
  const requestReset = useRequestPasswordResetMutation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordValues>({
    resolver: zodResolver(passwordResetBodySchema),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await requestReset.mutateAsync(values);
      setSentTo(values.email);
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ['email']));
    }
  });

  if (sentTo !== null) {
    return (
      <AuthCard title={t('forgot.sentTitle')}>
        <Stack gap="md">
          <Alert role="status" color="teal" variant="light" icon={<IconMailCheck size={20} aria-hidden="true" />}>
            {t('forgot.sent', { email: sentTo })}
          </Alert>
          <Text size="sm" c="dimmed">
            {t('forgot.sentHint', { count: Math.round(RESET_TOKEN_TTL_SECONDS / 3600) })}
          </Text>
          <Button variant="default" onClick={() => setSentTo(null)}>
            {t('forgot.tryAnother')}
          </Button>
          <BackToLogin />
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('forgot.title')} subtitle={t('forgot.subtitle')}>
      <form onSubmit={onSubmit} noValidate aria-label={t('forgot.title')}>
        <Stack gap="md">
          {formError ? <FormAlert>{formError}</FormAlert> : null}
          <TextInput
            {...register('email')}
            type="email"
            label={t('shared.email')}
            placeholder={t('shared.emailPlaceholder')}
            autoComplete="email"
            inputMode="email"
            withAsterisk
            error={fieldError(errors.email, 'email')}
          />
          <Button type="submit" fullWidth loading={isSubmitting}>
            {t('forgot.submit')}
          </Button>
          <BackToLogin />
        </Stack>
      </form>
    </AuthCard>
  );
}
