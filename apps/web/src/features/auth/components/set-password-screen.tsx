import { type UpdatePasswordBody, updatePasswordBodySchema } from '@fairway/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Center, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { type Resolver, useForm, useWatch } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { PasswordRules } from '../../../components/password-rules';
import { VerificationTokenMissing } from '../../../components/verification-token-missing';
import { ApiError } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { type PasswordTokenInfo, usePasswordToken } from '../api/get-password-token';
import { useUpdatePasswordMutation } from '../api/update-password';
import { AFTER_SIGN_IN_PATH, startSession } from '../lib/session';
import { useAuthTitle } from '../lib/use-auth-title';
import { useFieldError } from '../lib/use-field-error';
import { AuthCard } from './auth-card';
import { FormAlert } from './form-alert';
import { PasswordField } from './password-field';

/** `reset`: /reset-password; `invitation`: /complete-profile for an invited user. */
export type SetPasswordMode = 'reset' | 'invitation';

type SetPasswordValues = z.input<typeof updatePasswordBodySchema>;

const baseResolver = zodResolver(updatePasswordBodySchema);

// A cleared name field means "keep the name on the invitation", so it is not sent at all.
const setPasswordResolver: Resolver<SetPasswordValues, unknown, UpdatePasswordBody> = (values, context, options) => {
  const { name, ...rest } = values;
  return baseResolver(name === undefined || name.trim() === '' ? rest : values, context, options);
};

const LINK_FIELDS = ['token'] as const;

/** Sets a password from an e-mailed one-time link: the page behind /reset-password and /complete-profile. */
export function SetPasswordScreen({ mode }: { mode: SetPasswordMode }) {
  const { t } = useTranslation('auth');
  useAuthTitle(t(`${mode}.title`));
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';

  if (token === '') {
    return (
      <Stack py={{ base: 'md', sm: 'xl' }}>
        <VerificationTokenMissing kind={mode} />
      </Stack>
    );
  }
  // Keyed by the token so a second link opened in the same tab starts afresh.
  return <TokenCheck key={token} token={token} mode={mode} />;
}

function TokenCheck({ token, mode }: { token: string; mode: SetPasswordMode }) {
  const { t } = useTranslation('auth');
  const tokenInfo = usePasswordToken(token);

  if (tokenInfo.isPending) {
    return (
      <AuthCard title={t(`${mode}.title`)}>
        <Center py="lg" role="status" aria-live="polite">
          <Group gap="sm">
            <Loader size="sm" />
            <Text size="sm" c="dimmed">
              {t('link.checking')}
            </Text>
          </Group>
        </Center>
      </AuthCard>
    );
  }

  if (tokenInfo.isError) {
    const error = tokenInfo.error;
    // 400/404 mean the link itself is bad; anything else (offline, server trouble) may pass.
    const linkRefused = error instanceof ApiError && (error.status === 400 || error.status === 404);
    return (
      <InvalidLink
        message={linkRefused ? error.message : null}
        onRetry={linkRefused ? undefined : () => void tokenInfo.refetch()}
      />
    );
  }

  return <SetPasswordForm token={token} info={tokenInfo.data} />;
}

function InvalidLink({ message, onRetry }: { message: string | null; onRetry?: () => void }) {
  const { t } = useTranslation('auth');
  return (
    <AuthCard title={onRetry ? t('link.unavailableTitle') : t('link.invalidTitle')}>
      <Stack gap="md">
        <FormAlert>{message ?? t('link.unavailable')}</FormAlert>
        {onRetry ? null : <Text size="sm">{t('link.invalidHint')}</Text>}
        <Stack gap="xs">
          {onRetry ? (
            <Button fullWidth onClick={onRetry}>
              {t('link.retry')}
            </Button>
          ) : (
            <Button fullWidth component={Link} to="/forgot-password">
              {t('link.requestNew')}
            </Button>
          )}
          <Button fullWidth component={Link} to="/login" variant="default">
            {t('shared.backToLogin')}
          </Button>
        </Stack>
      </Stack>
    </AuthCard>
  );
}

function SetPasswordForm({ token, info }: { token: string; info: PasswordTokenInfo }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const fieldError = useFieldError();
  const updatePassword = useUpdatePasswordMutation();
  const [formError, setFormError] = useState<{ text: string; linkProblem: boolean } | null>(null);
  const invitation = info.purpose === 'invitation';

  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<SetPasswordValues, unknown, UpdatePasswordBody>({
    resolver: setPasswordResolver,
    defaultValues: invitation
      ? { token, name: info.name ?? '', password: '', passwordConfirmation: '' }
      : { token, password: '', passwordConfirmation: '' },
  });
  const password = useWatch({ control, name: 'password' }) ?? '';

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const result = await updatePassword.mutateAsync(values);
      startSession(result);
      notifySuccess(t(invitation ? 'invitation.done' : 'reset.done'));
      navigate(AFTER_SIGN_IN_PATH, { replace: true });
    } catch (error) {
      const text = applyServerErrors(error, setError, ['password', 'passwordConfirmation', 'name']);
      if (text !== null) {
        // A refusal not tied to a field here is about the link (used meanwhile, expired, or the token field).
        const linkProblem =
          error instanceof ApiError &&
          error.status === 400 &&
          (error.description.kind !== 'fields' || error.description.fields.some((f) => LINK_FIELDS.includes(f.field as 'token')));
        setFormError({ text, linkProblem });
      }
    }
  });

  const intro = invitation ? (
    <Trans
      t={t}
      i18nKey={info.name ? 'invitation.introNamed' : 'invitation.intro'}
      values={{ name: info.name, organisation: info.organisationName, email: info.email }}
      components={{ strong: <strong /> }}
    />
  ) : (
    <Trans t={t} i18nKey="reset.intro" values={{ email: info.email }} components={{ strong: <strong /> }} />
  );

  return (
    <AuthCard title={t(invitation ? 'invitation.title' : 'reset.title')} subtitle={intro}>
      <form onSubmit={onSubmit} noValidate aria-label={t(invitation ? 'invitation.title' : 'reset.title')}>
        <Stack gap="md">
          {formError ? (
            <FormAlert>
              {formError.text}
              {formError.linkProblem ? (
                <>
                  {' '}
                  <Anchor component={Link} to="/forgot-password" inherit fw={500}>
                    {t('link.requestNew')}
                  </Anchor>
                </>
              ) : null}
            </FormAlert>
          ) : null}
          {/* The e-mail is shown for password managers, which save the new password under it. */}
          <input type="email" name="username" autoComplete="username" value={info.email} readOnly hidden />
          {invitation ? (
            <TextInput
              {...register('name')}
              label={t('shared.name')}
              description={t('invitation.nameHint')}
              autoComplete="name"
              error={fieldError(errors.name, 'name')}
            />
          ) : null}
          <PasswordField
            {...register('password')}
            label={t('shared.newPassword')}
            autoComplete="new-password"
            withAsterisk
            error={fieldError(errors.password, 'password')}
          />
          <PasswordRules id="password-rules" password={password} />
          <PasswordField
            {...register('passwordConfirmation')}
            label={t('shared.passwordConfirmation')}
            autoComplete="new-password"
            withAsterisk
            error={fieldError(errors.passwordConfirmation, 'passwordConfirmation')}
          />
          <Button type="submit" fullWidth loading={isSubmitting}>
            {t(invitation ? 'invitation.submit' : 'reset.submit')}
          </Button>
          <Center>
            <Anchor component={Link} to="/login" size="sm">
              {t('shared.backToLogin')}
            </Anchor>
          </Center>
        </Stack>
      </form>
    </AuthCard>
  );
}
