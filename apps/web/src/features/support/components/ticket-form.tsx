import {
  type OpenTicketBody,
  type OpenTicketInput,
  openTicketBodySchema,
  SUPPORT_MESSAGE_MAX,
  SUPPORT_SUBJECT_MAX,
  type SupportTicket,
} from '@fairway/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyFormErrors, useFieldErrorText } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { useOpenTicket } from '../api/open-ticket';
import { MemberPicker } from './member-picker';

const FIELDS = ['subject', 'message', 'memberId'] as const;

export interface TicketFormProps {
  /** The member the ticket is about when arriving from the member's page. */
  initialMember?: { id: string; label: string } | null;
  /** The member search needs members.read; without it the picker is left out. */
  canPickMember: boolean;
  onOpened?: (ticket: SupportTicket) => void;
}

/** Open a support ticket: subject, message and, optionally, the member it is about. */
export function TicketForm({ initialMember = null, canPickMember, onOpened }: TicketFormProps) {
  const { t } = useTranslation('support');
  const errorText = useFieldErrorText();
  const open = useOpenTicket();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, control, handleSubmit, setError, reset, formState } = useForm<OpenTicketInput, unknown, OpenTicketBody>({
    resolver: zodResolver(openTicketBodySchema),
    defaultValues: { subject: '', message: '', memberId: initialMember?.id ?? null },
    mode: 'onTouched',
  });
  const { errors } = formState;
  const label = (name: (typeof FIELDS)[number]) => t(`ticket.fields.${name}`);

  const onSubmit = handleSubmit(async (body) => {
    setFailure(null);
    try {
      const ticket = await open.mutateAsync(body);
      notifySuccess(t('ticket.opened', { number: ticket.number }));
      reset({ subject: '', message: '', memberId: null });
      onOpened?.(ticket);
    } catch (error) {
      setFailure(applyFormErrors(error, setError, FIELDS).message);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="support-ticket-heading">
      <Stack gap="md">
        <TextInput
          {...register('subject')}
          label={label('subject')}
          description={t('ticket.fields.subjectHint')}
          error={errorText(errors.subject, label('subject'))}
          withAsterisk
          maxLength={SUPPORT_SUBJECT_MAX}
        />
        <Textarea
          {...register('message')}
          label={label('message')}
          description={t('ticket.fields.messageHint')}
          error={errorText(errors.message, label('message'))}
          withAsterisk
          autosize
          minRows={5}
          maxLength={SUPPORT_MESSAGE_MAX}
        />
        {canPickMember ? (
          <Controller
            control={control}
            name="memberId"
            render={({ field }) => (
              <MemberPicker
                ref={field.ref}
                value={field.value ?? null}
                onChange={field.onChange}
                onBlur={field.onBlur}
                initial={initialMember}
                label={label('memberId')}
                description={t('ticket.fields.memberIdHint')}
                placeholder={t('ticket.member.placeholder')}
                error={errorText(errors.memberId, label('memberId'))}
              />
            )}
          />
        ) : null}
        {failure ? (
          <Alert color="red" role="alert" title={t('ticket.failedTitle')}>
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={formState.isSubmitting} leftSection={<IconSend size={16} aria-hidden="true" />}>
            {t('ticket.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
