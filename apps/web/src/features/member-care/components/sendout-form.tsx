import {
  countSms,
  EMAIL_SUBJECT_MAX,
  SENDOUT_TITLE_MAX,
  type Sendout,
  type SendoutBody,
  type SendoutBodyInput,
  type SendoutChannel,
  SMS_MESSAGE_MAX,
  SMS_SENDER_MAX,
  sendoutBodySchema,
  ucs2Characters,
} from '@fairway/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Badge, Button, Grid, Group, Paper, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, type FieldError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ServerSearchSelect } from '../../../components/server-search-select';
import { applyFormErrors, useFieldErrorText } from '../../../lib/form-errors';
import { useSaveSendout, useTemplateOptions, useTemplateTitle } from '../api/sendouts';
import { cleanSelection, RecipientSelectionFields, RecipientsPreviewPanel, type SelectionErrors } from './recipient-selection';

/** The form's values: either channel's body, every field present so the inputs stay controlled. */
type FormValues = SendoutBodyInput & Record<string, unknown>;

const SELECTION_PARTS = [
  'memberCategoryIds',
  'playerCategoryIds',
  'status',
  'familyRole',
  'ageFrom',
  'ageTo',
  'openBalance',
  'segmentId',
  'memberIds',
  'juniorsReachPayer',
] as const;

const FIELDS: Record<SendoutChannel, readonly string[]> = {
  email: ['title', 'templateId', 'subject'],
  sms: ['title', 'sender', 'message'],
};

/** The server's field names (`selection.ageTo`, `selection.memberIds.3`) onto the form's fields. */
function serverFields(channel: SendoutChannel, picked: number): Record<string, string> {
  const map: Record<string, string> = Object.fromEntries(FIELDS[channel].map((f) => [f, f]));
  for (const part of SELECTION_PARTS) map[`selection.${part}`] = `selection.${part}`;
  for (let i = 0; i < picked; i++) map[`selection.memberIds.${i}`] = 'selection.memberIds';
  return map;
}

function defaults(channel: SendoutChannel, sendout?: Sendout): FormValues {
  const selection = sendout?.selection ?? { juniorsReachPayer: false };
  return channel === 'email'
    ? { channel, title: sendout?.title ?? '', templateId: sendout?.templateId ?? '', subject: sendout?.subject ?? '', selection }
    : { channel, title: sendout?.title ?? '', sender: sendout?.sender ?? '', message: sendout?.message ?? '', selection };
}

/** The live count under an SMS text: characters, segments and the alphabet, and which characters make it UCS-2. */
export function SmsCounter({ text }: { text: string }) {
  const { t } = useTranslation('sendouts');
  const count = countSms(text);
  const special = count.encoding === 'ucs2' ? ucs2Characters(text) : [];
  return (
    <Stack gap={4} data-testid="sms-counter">
      <Group gap="xs" aria-live="polite">
        <Text fz="sm" fw={600}>
          {t('form.sms.segments', { count: count.segments })}
        </Text>
        <Text fz="sm" c="dimmed">
          {t('form.sms.characters', { count: count.characters })}
        </Text>
        <Badge variant="light" color={count.encoding === 'gsm7' ? 'teal' : 'orange'} tt="none">
          {t(`form.sms.encoding.${count.encoding}`)}
        </Badge>
        {count.segments > 0 ? (
          <Text fz="xs" c="dimmed">
            {t('form.sms.remaining', { count: count.remainingInSegment })}
          </Text>
        ) : null}
      </Group>
      {special.length > 0 ? (
        <Text fz="xs" c="dimmed">
          {t('form.sms.ucs2Because', { characters: special.slice(0, 10).join(' ') })}
        </Text>
      ) : null}
    </Stack>
  );
}

export interface SendoutFormProps {
  channel: SendoutChannel;
  /** The send-out to change (a draft or scheduled one); absent when creating. */
  sendout?: Sendout;
  /** Where "Back" leads. */
  backTo: string;
  onSaved: (saved: Sendout) => void;
}

/**
 * A send-out's form (docs/member-care.md#send-outs): its title; the template and an optional
 * subject (e-mail) or the sender and the text with its live SMS count (SMS); who it goes to, with
 * the live recipients preview beside it. Checked with the shared schema before sending; the
 * server's refusals land on their fields. Saving keeps it a draft (or scheduled, as it was).
 */
export function SendoutForm({ channel, sendout, backTo, onSaved }: SendoutFormProps) {
  const { t } = useTranslation('sendouts');
  const errorText = useFieldErrorText();
  const save = useSaveSendout();
  const [failure, setFailure] = useState<string | null>(null);
  const { control, register, handleSubmit, setError, watch, formState } = useForm<FormValues, unknown, SendoutBody>({
    resolver: zodResolver(sendoutBodySchema as never),
    defaultValues: defaults(channel, sendout),
    mode: 'onTouched',
  });
  const { errors } = formState;
  const templateTitle = useTemplateTitle(sendout?.templateId ?? null);

  const field = (name: string, labelKey = `form.fields.${name}`) => {
    const label = t(labelKey);
    const error = (errors as Record<string, FieldError | undefined>)[name];
    return { label, error: errorText(error, label) };
  };
  const selectionErrors: SelectionErrors = {};
  const selectionErrorTree = (errors.selection ?? {}) as Record<string, FieldError | undefined>;
  for (const part of SELECTION_PARTS) {
    const error = selectionErrorTree[part];
    if (!error) continue;
    const label = t(`form.selection.${part}`);
    // A picked member's id refused: its message sits on the list's item.
    const own = error.message ? error : (Object.values(error).find((e) => (e as FieldError)?.message) as FieldError | undefined);
    selectionErrors[part] = errorText(own, label);
  }

  const onSubmit = handleSubmit(async (body) => {
    setFailure(null);
    const cleaned = { ...body, selection: cleanSelection(body.selection) } as SendoutBody;
    try {
      onSaved(await save.mutateAsync({ id: sendout?.id, body: cleaned }));
    } catch (error) {
      const picked = body.selection.memberIds?.length ?? 0;
      setFailure(applyFormErrors(error, setError as never, serverFields(channel, picked)).message);
    }
  });

  const message = (watch('message') as string | undefined) ?? '';
  const selection = watch('selection') ?? { juniorsReachPayer: false };

  return (
    <form noValidate onSubmit={onSubmit} aria-label={t(sendout ? 'form.editTitle' : 'form.newTitle')}>
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
            <Stack gap="md">
              {failure ? (
                <Alert variant="light" color="red" icon={<IconAlertCircle size={18} aria-hidden="true" />} role="alert">
                  {failure}
                </Alert>
              ) : null}
              <fieldset disabled={formState.isSubmitting} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
                <Stack gap="md">
                  <TextInput
                    {...field('title')}
                    {...register('title')}
                    description={t(`form.help.title.${channel}`)}
                    withAsterisk
                    maxLength={SENDOUT_TITLE_MAX}
                    data-autofocus
                  />
                  {channel === 'email' ? (
                    <>
                      <Controller
                        control={control}
                        name="templateId"
                        render={({ field: f }) => (
                          <ServerSearchSelect
                            {...field('templateId')}
                            ref={f.ref}
                            withAsterisk
                            description={t('form.help.templateId')}
                            placeholder={t('form.templatePlaceholder')}
                            value={(f.value as string) || null}
                            onChange={(v) => f.onChange(v ?? '')}
                            onBlur={f.onBlur}
                            initial={
                              sendout?.templateId && templateTitle.data
                                ? { value: sendout.templateId, label: templateTitle.data }
                                : null
                            }
                            useSearch={useTemplateOptions}
                            messages={{
                              noMatches: t('form.noTemplates'),
                              searching: t('form.selection.searching'),
                              searchFailed: t('form.selection.searchFailed'),
                            }}
                          />
                        )}
                      />
                      <TextInput
                        {...field('subject')}
                        {...register('subject')}
                        description={t('form.help.subject')}
                        maxLength={EMAIL_SUBJECT_MAX}
                      />
                    </>
                  ) : (
                    <>
                      <TextInput
                        {...field('sender')}
                        {...register('sender')}
                        description={t('form.help.sender', { max: SMS_SENDER_MAX })}
                        withAsterisk
                        maxLength={32}
                        autoComplete="off"
                      />
                      <Stack gap={4}>
                        <Textarea
                          {...field('message')}
                          {...register('message')}
                          withAsterisk
                          autosize
                          minRows={4}
                          maxRows={12}
                          maxLength={SMS_MESSAGE_MAX}
                          description={t('form.help.message')}
                        />
                        <SmsCounter text={message} />
                      </Stack>
                    </>
                  )}
                  <Controller
                    control={control}
                    name="selection"
                    render={({ field: f }) => (
                      <RecipientSelectionFields
                        value={f.value ?? { juniorsReachPayer: false }}
                        onChange={f.onChange}
                        errors={selectionErrors}
                      />
                    )}
                  />
                </Stack>
              </fieldset>
              <Group justify="space-between" gap="sm" wrap="wrap">
                <Button
                  component={Link}
                  to={backTo}
                  variant="default"
                  leftSection={<IconArrowLeft size={16} aria-hidden="true" />}
                >
                  {t('form.back')}
                </Button>
                <Button
                  type="submit"
                  loading={formState.isSubmitting}
                  leftSection={<IconDeviceFloppy size={16} aria-hidden="true" />}
                >
                  {t(sendout && sendout.status !== 'draft' ? 'form.save' : 'form.saveDraft')}
                </Button>
              </Group>
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <div style={{ position: 'sticky', top: 80 }}>
            <RecipientsPreviewPanel channel={channel} selection={selection} />
          </div>
        </Grid.Col>
      </Grid>
    </form>
  );
}
