import {
  CONTACT_REPLY_HOURS,
  type ContactFormBody,
  type ContactFormInput,
  contactFormBodySchema,
  SUPPORT_CLUB_MAX,
  SUPPORT_MESSAGE_MAX,
  SUPPORT_NAME_MAX,
  SUPPORT_SUBJECT_MAX,
} from '@fairway/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Checkbox, Group, List, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconCircleCheck, IconSend } from '@tabler/icons-react';
import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyFormErrors, useFieldErrorText } from '../../../lib/form-errors';
import { useSendContactForm } from '../api/send-contact-form';

const FIELDS = ['name', 'email', 'phone', 'club', 'subject', 'message', 'consent'] as const;
type Field = (typeof FIELDS)[number];

export interface ContactFormProps {
  /** Level of the form's own heading (the success state's), so the page outline stays right. */
  headingOrder?: 2 | 3;
}

/**
 * The public contact form (/contact-us, a reply within 48 hours; docs/help.md#contact). Checked on the
 * shared rules before sending; the server's field messages land on the same inputs, and a burst
 * refused with 429 shows the server's own text. After sending, the form gives way to what
 * happens next.
 */
export function ContactForm({ headingOrder = 2 }: ContactFormProps) {
  const { t } = useTranslation('support');
  const errorText = useFieldErrorText();
  const send = useSendContactForm();
  const [failure, setFailure] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const successRef = useRef<HTMLDivElement>(null);
  const headingId = useId();
  const { register, handleSubmit, setError, reset, formState } = useForm<ContactFormInput, unknown, ContactFormBody>({
    resolver: zodResolver(contactFormBodySchema),
    defaultValues: { name: '', email: '', phone: '', club: '', subject: '', message: '', consent: false },
    mode: 'onTouched',
  });
  const { errors } = formState;
  const label = (name: Field) => t(`contact.fields.${name}`);
  const error = (name: Field) => errorText(errors[name], label(name));

  const onSubmit = handleSubmit(async (body) => {
    setFailure(null);
    try {
      await send.mutateAsync(body);
      setSentTo(body.email);
      reset();
      // The success text replaces the form: move focus there so a screen reader reads it.
      requestAnimationFrame(() => successRef.current?.focus());
    } catch (caught) {
      setFailure(applyFormErrors(caught, setError, FIELDS).message);
    }
  });

  if (sentTo) {
    return (
      <Alert
        ref={successRef}
        tabIndex={-1}
        color="green"
        variant="light"
        icon={<IconCircleCheck size={22} aria-hidden="true" />}
        role="status"
        aria-labelledby={headingId}
      >
        <Stack gap="xs">
          <Title order={headingOrder} fz="h4" id={headingId}>
            {t('contact.sent.title')}
          </Title>
          <Text>{t('contact.sent.text', { email: sentTo, hours: CONTACT_REPLY_HOURS })}</Text>
          <List size="sm" spacing={4}>
            <List.Item>{t('contact.sent.stepMail')}</List.Item>
            <List.Item>{t('contact.sent.stepReply', { hours: CONTACT_REPLY_HOURS })}</List.Item>
            <List.Item>{t('contact.sent.stepStart')}</List.Item>
          </List>
          <Group>
            <Button variant="default" size="xs" onClick={() => setSentTo(null)}>
              {t('contact.sent.again')}
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('contact.formLabel')}>
      <Stack gap="md">
        <Text fz="sm" c="dimmed">
          {t('contact.promise', { hours: CONTACT_REPLY_HOURS })}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            {...register('name')}
            label={label('name')}
            error={error('name')}
            withAsterisk
            autoComplete="name"
            maxLength={SUPPORT_NAME_MAX}
          />
          <TextInput
            {...register('email')}
            type="email"
            label={label('email')}
            error={error('email')}
            withAsterisk
            autoComplete="email"
            maxLength={254}
          />
          <TextInput
            {...register('phone')}
            type="tel"
            label={label('phone')}
            description={t('contact.fields.phoneHint')}
            error={error('phone')}
            autoComplete="tel"
            maxLength={32}
          />
          <TextInput
            {...register('club')}
            label={label('club')}
            error={error('club')}
            autoComplete="organization"
            maxLength={SUPPORT_CLUB_MAX}
          />
        </SimpleGrid>
        <TextInput
          {...register('subject')}
          label={label('subject')}
          error={error('subject')}
          withAsterisk
          maxLength={SUPPORT_SUBJECT_MAX}
        />
        <Textarea
          {...register('message')}
          label={label('message')}
          error={error('message')}
          withAsterisk
          autosize
          minRows={5}
          maxLength={SUPPORT_MESSAGE_MAX}
        />
        <Checkbox {...register('consent')} label={label('consent')} error={error('consent')} />
        {failure ? (
          <Alert color="red" role="alert" title={t('contact.failedTitle')}>
            {failure}
          </Alert>
        ) : null}
        <Group>
          <Button type="submit" loading={formState.isSubmitting} leftSection={<IconSend size={16} aria-hidden="true" />}>
            {t('contact.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
