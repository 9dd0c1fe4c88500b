import { CANCELLATION_REASONS, type CancellationReason, type Subscription } from '@fairway/shared';
import { Button, Group, Modal, Paper, Radio, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FailureAlert } from '../../../components/failure-alert';
import { callFailure, type FormFailure } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { useCancelSubscription } from '../api/cancel-subscription';

/** Cancellation with one of the four reasons (`CANCELLATION_REASONS`), confirmed in a dialog. */
export function CancelSubscription({ subscription }: { subscription: Subscription }) {
  const { t } = useTranslation(['subscriptions', 'common']);
  const navigate = useNavigate();
  const cancel = useCancelSubscription(subscription.id);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<CancellationReason | null>(null);
  const [comment, setComment] = useState('');
  const [touched, setTouched] = useState(false);
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const pending = subscription.pendingRequests.some((r) => r.type === 'cancel');

  const submit = async () => {
    setTouched(true);
    if (!reason) return;
    setFailure(null);
    try {
      const result = await cancel.mutateAsync({ reason, comment: comment.trim() || undefined });
      setOpen(false);
      if (result.deleted) {
        notifySuccess(t('cancel.deleted'));
        // The account is gone: the guard's next check answers 401 and ends the session.
        navigate('/dashboard', { replace: true });
      } else {
        notifySuccess(t('cancel.requested', { date: result.request?.effectiveOn ?? '' }));
      }
    } catch (error) {
      setFailure(callFailure(error));
    }
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} style={{ borderColor: 'var(--mantine-color-red-4)' }}>
      <Stack gap="sm">
        <Title order={3} fz="h4">
          {t('cancel.title')}
        </Title>
        <Text fz="sm" c="dimmed">
          {t('cancel.description', { date: subscription.endDate })}
        </Text>
        {pending ? (
          <Text fz="sm" c="yellow.8">
            {t('cancel.pendingNote')}
          </Text>
        ) : null}
        {subscription.canManage ? (
          <Group>
            <Button
              color="red"
              variant="light"
              disabled={pending}
              onClick={() => {
                setFailure(null);
                setOpen(true);
              }}
            >
              {t('cancel.open')}
            </Button>
          </Group>
        ) : null}
      </Stack>
      <Modal opened={open} onClose={() => setOpen(false)} title={t('cancel.title')} centered>
        <Stack gap="md">
          <Text fz="sm">{t('cancel.description', { date: subscription.endDate })}</Text>
          <Radio.Group
            label={t('cancel.reasonLabel')}
            withAsterisk
            value={reason ?? ''}
            onChange={(value) => setReason(value as CancellationReason)}
            error={touched && !reason ? t('cancel.reasonRequired') : undefined}
          >
            <Stack gap="xs" mt="xs">
              {CANCELLATION_REASONS.map((r) => (
                <Radio key={r} value={r} label={t(`cancel.reasons.${r}`)} />
              ))}
            </Stack>
          </Radio.Group>
          <Textarea
            label={t('cancel.comment')}
            value={comment}
            onChange={(event) => setComment(event.currentTarget.value)}
            maxLength={1000}
            autosize
            minRows={2}
          />
          <FailureAlert failure={failure} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              {t('common:actions.cancel')}
            </Button>
            <Button color="red" loading={cancel.isPending} onClick={() => void submit()}>
              {t('cancel.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
