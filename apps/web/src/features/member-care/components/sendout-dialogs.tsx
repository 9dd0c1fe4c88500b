import { encodeMessage, type Lang, type SendoutDetail, translateValidationMessage } from '@fairway/shared';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { IconAlertCircle } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field';
import { stockholmParts } from '../../../lib/dates';
import { callFailure } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { type SendoutAction, useSendoutAction } from '../api/sendouts';

/** The send-out's action dialogs (components/sendout-detail.tsx opens them). */
export type SendoutDialog = 'send' | 'schedule' | 'cancel' | 'delete' | 'test';

interface ActionDialogProps {
  opened: boolean;
  title: string;
  confirm: string;
  color?: string;
  busy: boolean;
  failure: string | null;
  onClose: () => void;
  onConfirm: () => void;
  children: ReactNode;
}

/** One confirmation: what will happen, the server's refusal if any, cancel and confirm. */
function ActionDialog({ opened, title, confirm, color, busy, failure, onClose, onConfirm, children }: ActionDialogProps) {
  const { t } = useTranslation('sendouts');
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onConfirm();
        }}
      >
        <Stack gap="md">
          {children}
          {failure ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden="true" />} role="alert">
              {failure}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {t('detail.dialogs.close')}
            </Button>
            <Button type="submit" color={color} loading={busy}>
              {confirm}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export interface SendoutDialogProps {
  sendout: SendoutDetail;
  opened: boolean;
  onClose: () => void;
}

/**
 * Runs one action of a dialog: closes it and says so when done, keeps the server's refusal for
 * the dialog to show; the dialog cannot be closed while the call is under way.
 */
function useDialogAction(sendout: SendoutDetail, onClose: () => void, onDone?: () => void) {
  const action = useSendoutAction(sendout.id);
  const [failure, setFailure] = useState<string | null>(null);
  const run = (what: SendoutAction, done: string) => {
    setFailure(null);
    action.mutate(what, {
      onSuccess: () => {
        onClose();
        notifySuccess(done);
        onDone?.();
      },
      onError: (error) => setFailure(callFailure(error).message),
    });
  };
  const close = () => {
    if (!action.isPending) onClose();
  };
  return { busy: action.isPending, failure, setFailure, run, close };
}

/** "Send now to 312 members?", and for SMS what it uses of the month's plan. */
export function SendNowDialog({
  sendout,
  opened,
  onClose,
  reach,
  smsLeft,
}: SendoutDialogProps & {
  reach: number | undefined;
  /** The SMS plan's remainder: a number, null without a plan, undefined while not known. */
  smsLeft: number | null | undefined;
}) {
  const { t } = useTranslation('sendouts');
  const dialog = useDialogAction(sendout, onClose);
  const segmentsNeeded = reach === undefined ? undefined : reach * sendout.segments;
  return (
    <ActionDialog
      opened={opened}
      title={t('detail.dialogs.send.title')}
      confirm={t('detail.dialogs.send.confirm')}
      busy={dialog.busy}
      failure={dialog.failure}
      onClose={dialog.close}
      onConfirm={() => dialog.run({ kind: 'send' }, t('detail.done.sent', { title: sendout.title }))}
    >
      <Text fz="sm" fw={600}>
        {reach === undefined
          ? t('detail.dialogs.send.textUnknown')
          : t(`detail.dialogs.send.text.${sendout.channel}`, { count: reach })}
      </Text>
      {sendout.channel === 'sms' && segmentsNeeded !== undefined ? (
        <Text fz="sm" data-testid="sms-plan-use">
          {typeof smsLeft === 'number'
            ? t('detail.dialogs.send.smsPlan', { count: segmentsNeeded, left: smsLeft })
            : smsLeft === null
              ? t('detail.dialogs.send.smsNoPlan', { count: segmentsNeeded })
              : t('detail.dialogs.send.smsSegments', { count: segmentsNeeded })}
        </Text>
      ) : null}
      <Text fz="sm" c="dimmed">
        {t('detail.dialogs.send.note')}
      </Text>
    </ActionDialog>
  );
}

/** A timestamp's date and time in Sweden (the schedule dialog starts from a send-out's own time). */
function swedishDateAndTime(iso: string): { date: string; time: string } {
  const p = stockholmParts(new Date(iso));
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
}

/**
 * A date and time in Swedish time, starting from the send-out's own time (or now). The parent
 * mounts it anew each time it opens (a `key`), so it starts from there every time.
 */
export function ScheduleDialog({ sendout, opened, onClose, reachText }: SendoutDialogProps & { reachText: string }) {
  const { t, i18n } = useTranslation('sendouts');
  const lang: Lang = i18n.language === 'en' ? 'en' : 'sv';
  const dialog = useDialogAction(sendout, onClose);
  const [when, setWhen] = useState(() => swedishDateAndTime(sendout.sendAt ?? new Date().toISOString()));
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [timeError, setTimeError] = useState<string | null>(null);
  return (
    <ActionDialog
      opened={opened}
      title={t('detail.dialogs.schedule.title')}
      confirm={t('detail.dialogs.schedule.confirm')}
      busy={dialog.busy}
      failure={null}
      onClose={dialog.close}
      onConfirm={() => {
        // Each field says what it lacks, in the words of the fields (not the API's YYYY-MM-DDTHH:MM).
        const timeOk = /^\d{2}:\d{2}$/.test(when.time);
        setFieldError(when.date ? null : t('detail.dialogs.schedule.dateMissing'));
        setTimeError(timeOk ? null : t('detail.dialogs.schedule.timeMissing'));
        if (!when.date || !timeOk) return;
        dialog.run(
          { kind: 'schedule', sendAt: `${when.date}T${when.time}` },
          t('detail.done.scheduled', { title: sendout.title }),
        );
      }}
    >
      <Text fz="sm">{t('detail.dialogs.schedule.text', { reach: reachText })}</Text>
      <Group grow align="flex-start" gap="sm">
        <DateField
          label={t('detail.dialogs.schedule.date')}
          value={when.date}
          onChange={(date) => {
            setWhen((w) => ({ ...w, date }));
            setFieldError(null);
          }}
          description={translateValidationMessage(encodeMessage('sendout_max_days_back'), lang)}
          error={fieldError ?? dialog.failure ?? undefined}
          withAsterisk
        />
        <TimeInput
          label={t('detail.dialogs.schedule.time')}
          value={when.time}
          onChange={(event) => {
            const time = event.currentTarget.value;
            setWhen((w) => ({ ...w, time }));
            setTimeError(null);
          }}
          description={t('detail.dialogs.schedule.timeZone')}
          error={timeError ?? undefined}
          withAsterisk
        />
      </Group>
    </ActionDialog>
  );
}

/** One copy now to an address (e-mail) or a mobile number (SMS). */
export function TestDialog({ sendout, opened, onClose }: SendoutDialogProps) {
  const { t, i18n } = useTranslation('sendouts');
  const lang: Lang = i18n.language === 'en' ? 'en' : 'sv';
  const sms = sendout.channel === 'sms';
  const dialog = useDialogAction(sendout, onClose);
  const [to, setTo] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  return (
    <ActionDialog
      opened={opened}
      title={t('detail.dialogs.test.title')}
      confirm={t('detail.dialogs.test.confirm')}
      busy={dialog.busy}
      failure={null}
      onClose={dialog.close}
      onConfirm={() => {
        if (to.trim() === '') {
          setFieldError(translateValidationMessage(encodeMessage(sms ? 'sendout_test_number' : 'sendout_test_address'), lang));
          return;
        }
        dialog.run({ kind: 'test', to: to.trim() }, t('detail.done.tested', { to: to.trim() }));
      }}
    >
      <Text fz="sm">{t(`detail.dialogs.test.text.${sendout.channel}`)}</Text>
      <TextInput
        label={t(sms ? 'detail.test.number' : 'detail.test.address')}
        type={sms ? 'tel' : 'email'}
        value={to}
        onChange={(event) => {
          setTo(event.currentTarget.value);
          setFieldError(null);
          dialog.setFailure(null);
        }}
        error={fieldError ?? dialog.failure ?? undefined}
        withAsterisk
        data-autofocus
        maxLength={254}
      />
    </ActionDialog>
  );
}

/** Cancel a scheduled send-out, or one under way (those not yet handed over are not sent). */
export function CancelDialog({ sendout, opened, onClose }: SendoutDialogProps) {
  const { t } = useTranslation('sendouts');
  const dialog = useDialogAction(sendout, onClose);
  return (
    <ActionDialog
      opened={opened}
      title={t('detail.dialogs.cancel.title')}
      confirm={t('detail.dialogs.cancel.confirm')}
      color="orange"
      busy={dialog.busy}
      failure={dialog.failure}
      onClose={dialog.close}
      onConfirm={() => dialog.run({ kind: 'cancel' }, t('detail.done.cancelled', { title: sendout.title }))}
    >
      <Text fz="sm">
        {sendout.status === 'sending'
          ? t('detail.dialogs.cancel.textSending', { left: sendout.counts.queued })
          : t('detail.dialogs.cancel.textScheduled')}
      </Text>
    </ActionDialog>
  );
}

/** Delete the send-out, named. */
export function DeleteDialog({ sendout, opened, onClose, onDeleted }: SendoutDialogProps & { onDeleted: () => void }) {
  const { t } = useTranslation('sendouts');
  const dialog = useDialogAction(sendout, onClose, onDeleted);
  return (
    <ActionDialog
      opened={opened}
      title={t('detail.dialogs.delete.title')}
      confirm={t('detail.dialogs.delete.confirm')}
      color="red"
      busy={dialog.busy}
      failure={dialog.failure}
      onClose={dialog.close}
      onConfirm={() => dialog.run({ kind: 'delete' }, t('detail.done.deleted', { title: sendout.title }))}
    >
      <Text fz="sm">{t('detail.dialogs.delete.text', { title: sendout.title })}</Text>
    </ActionDialog>
  );
}
