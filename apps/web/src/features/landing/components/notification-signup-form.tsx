import {
  type NotificationSignupBody,
  type NotificationSignupInput,
  notificationSignupBodySchema,
  SUPPORT_CLUB_MAX,
  SUPPORT_NAME_MAX,
} from '@fairway/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconBellRinging, IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyFormErrors, useFieldErrorText } from '../../../lib/form-errors';
import { useSignUpForLaunch } from '../api/sign-up-for-launch';

const FIELDS = ['email', 'name', 'club'] as const;
type Field = (typeof FIELDS)[number];

/**
 * The launch-notification signup (landing_page/notification_signup, docs/help.md#contact): an e-mail
 * address, and optionally a name and club. Signing up twice is fine: the answer says the
 * address was already on the list. `stacked` puts the fields under each other for a narrow column.
 */
export function NotificationSignupForm({ layout = 'inline' }: { layout?: 'inline' | 'stacked' }) {
  const { t } = useTranslation('support');
  const errorText = useFieldErrorText();
  const signUp = useSignUpForLaunch();
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<{ email: string; already: boolean } | null>(null);
  const { register, handleSubmit, setError, reset, formState } = useForm<
    NotificationSignupInput,
    unknown,
    NotificationSignupBody
  >({
    resolver: zodResolver(notificationSignupBodySchema),
    defaultValues: { email: '', name: '', club: '' },
    mode: 'onTouched',
  });
  const { errors } = formState;
  const label = (name: Field) => t(`signup.fields.${name}`);

  const onSubmit = handleSubmit(async (body) => {
    setFailure(null);
    setDone(null);
    try {
      const result = await signUp.mutateAsync(body);
      setDone({ email: body.email, already: result.alreadySignedUp });
      reset();
    } catch (caught) {
      setFailure(applyFormErrors(caught, setError, FIELDS).message);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('signup.formLabel')}>
      <Stack gap="sm">
        <Text fz="sm" c="dimmed">
          {t('signup.intro')}
        </Text>
        <SimpleGrid cols={layout === 'inline' ? { base: 1, sm: 3 } : 1} spacing="sm">
          <TextInput
            {...register('email')}
            type="email"
            label={label('email')}
            error={errorText(errors.email, label('email'))}
            withAsterisk
            autoComplete="email"
            maxLength={254}
          />
          <TextInput
            {...register('name')}
            label={label('name')}
            error={errorText(errors.name, label('name'))}
            autoComplete="name"
            maxLength={SUPPORT_NAME_MAX}
          />
          <TextInput
            {...register('club')}
            label={label('club')}
            error={errorText(errors.club, label('club'))}
            autoComplete="organization"
            maxLength={SUPPORT_CLUB_MAX}
          />
        </SimpleGrid>
        {failure ? (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        ) : null}
        {done ? (
          <Alert color="green" variant="light" role="status" icon={<IconCircleCheck size={20} aria-hidden="true" />}>
            {t(done.already ? 'signup.already' : 'signup.done', { email: done.email })}
          </Alert>
        ) : null}
        <Group>
          <Button
            type="submit"
            variant="light"
            loading={formState.isSubmitting}
            leftSection={<IconBellRinging size={16} aria-hidden="true" />}
          >
            {t('signup.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
