import type { RecipientStatus, RunStatus, SendoutDetail } from '@fairway/shared';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  IconAlertCircle,
  IconCalendarTime,
  IconEdit,
  IconPlayerStop,
  IconSend,
  IconTestPipe,
  IconTrash,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RunProgress } from '../../../components/run-progress';
import { useDateFormat } from '../../../lib/dates';
import { useRecipientsPreview, useSmsPlanLeft } from '../api/sendouts';
import { sendoutHref } from '../lib/sendout-paths';
import { cleanSelection } from './recipient-selection';
import { CancelDialog, DeleteDialog, ScheduleDialog, SendNowDialog, type SendoutDialog, TestDialog } from './sendout-dialogs';
import { SendoutRecipients } from './sendout-recipients';
import { SendoutStatusBadge } from './sendout-status-badge';

const RUN_STATUS: Partial<Record<SendoutDetail['status'], RunStatus>> = {
  sending: 'running',
  sent: 'succeeded',
  failed: 'failed',
};

/** What the send-out is: its status, sender or subject, times and reach, as label and value. */
function SendoutSummary({ sendout, reachText }: { sendout: SendoutDetail; reachText: string }) {
  const { t } = useTranslation('sendouts');
  const { dateTime } = useDateFormat();
  const editable = sendout.status === 'draft' || sendout.status === 'scheduled';
  const rows: [string, ReactNode][] = [[t('detail.fields.status'), <SendoutStatusBadge key="s" status={sendout.status} />]];
  if (sendout.channel === 'sms') {
    rows.push([t('form.fields.sender'), sendout.sender]);
    rows.push([t('detail.fields.segments'), t('form.sms.segments', { count: sendout.segments })]);
  } else rows.push([t('form.fields.subject'), sendout.subject || t('detail.templateSubject')]);
  if (editable) rows.push([t('detail.fields.sendAt'), sendout.sendAt ? dateTime(sendout.sendAt) : t('detail.notScheduled')]);
  if (sendout.startedAt) rows.push([t('detail.fields.startedAt'), dateTime(sendout.startedAt)]);
  if (sendout.finishedAt) rows.push([t('detail.fields.finishedAt'), dateTime(sendout.finishedAt)]);
  if (editable) rows.push([t('detail.fields.reach'), reachText]);
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" verticalSpacing="sm">
      {rows.map(([label, value]) => (
        <div key={label}>
          <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
            {label}
          </Text>
          <Text fz="sm" component="div">
            {value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

/** The actions a writer may take on the send-out in its status; each opens its dialog. */
function SendoutActions({ sendout, onOpen }: { sendout: SendoutDetail; onOpen: (dialog: SendoutDialog) => void }) {
  const { t } = useTranslation('sendouts');
  const editable = sendout.status === 'draft' || sendout.status === 'scheduled';
  return (
    <Group gap="sm" wrap="wrap">
      {editable ? (
        <>
          <Button leftSection={<IconSend size={16} aria-hidden="true" />} onClick={() => onOpen('send')}>
            {t('detail.actions.send')}
          </Button>
          <Button
            variant="light"
            leftSection={<IconCalendarTime size={16} aria-hidden="true" />}
            onClick={() => onOpen('schedule')}
          >
            {t(sendout.status === 'scheduled' ? 'detail.actions.reschedule' : 'detail.actions.schedule')}
          </Button>
          <Button
            variant="default"
            component={Link}
            to={sendoutHref(sendout.channel, sendout.id, true)}
            leftSection={<IconEdit size={16} aria-hidden="true" />}
          >
            {t('detail.actions.edit')}
          </Button>
        </>
      ) : null}
      <Button variant="default" leftSection={<IconTestPipe size={16} aria-hidden="true" />} onClick={() => onOpen('test')}>
        {t('detail.actions.test')}
      </Button>
      {sendout.status === 'scheduled' || sendout.status === 'sending' ? (
        <Button
          variant="light"
          color="orange"
          leftSection={<IconPlayerStop size={16} aria-hidden="true" />}
          onClick={() => onOpen('cancel')}
        >
          {t('detail.actions.cancel')}
        </Button>
      ) : null}
      {sendout.status !== 'sending' ? (
        <Button
          variant="light"
          color="red"
          leftSection={<IconTrash size={16} aria-hidden="true" />}
          onClick={() => onOpen('delete')}
        >
          {t('detail.actions.delete')}
        </Button>
      ) : null}
    </Group>
  );
}

export interface SendoutDetailViewProps {
  sendout: SendoutDetail;
  canWrite: boolean;
  /** The recipients' status filter and page, kept by the page. */
  recipientStatus: RecipientStatus | null;
  onRecipientStatus: (status: RecipientStatus | null) => void;
  recipientPage: number;
  recipientPageSize: number;
  onRecipientPage: (page: number, pageSize: number) => void;
  onDeleted: () => void;
}

/**
 * One send-out (docs/member-care.md#send-outs): what it is and who it goes to, its actions with
 * confirmations that say what will happen (components/sendout-dialogs.tsx), its progress while
 * it is sent (read again every second), its counts and its recipients with their status and
 * reason (components/sendout-recipients.tsx).
 */
export function SendoutDetailView({
  sendout,
  canWrite,
  recipientStatus,
  onRecipientStatus,
  recipientPage,
  recipientPageSize,
  onRecipientPage,
  onDeleted,
}: SendoutDetailViewProps) {
  const { t } = useTranslation('sendouts');
  // Which dialog is open, and how many were opened: each opens anew, from the send-out as it is.
  const [dialog, setDialog] = useState<{ open: SendoutDialog | null; count: number }>({ open: null, count: 0 });
  const editable = sendout.status === 'draft' || sendout.status === 'scheduled';
  const preview = useRecipientsPreview(sendout.channel, editable ? cleanSelection(sendout.selection) : null);
  const plan = useSmsPlanLeft(sendout.channel === 'sms' && editable && canWrite);
  const reach = preview.data?.count;
  const reachText = reach === undefined ? t('detail.reachUnknown') : t(`detail.reach.${sendout.channel}`, { count: reach });
  const counts = sendout.counts;
  const runStatus = RUN_STATUS[sendout.status];

  const open = (next: SendoutDialog) => setDialog((d) => ({ open: next, count: d.count + 1 }));
  const dialogProps = (which: SendoutDialog) => ({
    sendout,
    opened: dialog.open === which,
    onClose: () => setDialog((d) => ({ ...d, open: null })),
  });

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="md">
          <SendoutSummary sendout={sendout} reachText={reachText} />
          {sendout.channel === 'sms' ? (
            <div>
              <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
                {t('form.fields.message')}
              </Text>
              <Text fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {sendout.message}
              </Text>
            </div>
          ) : null}
          {sendout.error ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden="true" />} role="alert">
              {sendout.error}
            </Alert>
          ) : null}
          {canWrite ? <SendoutActions sendout={sendout} onOpen={open} /> : null}
        </Stack>
      </Paper>

      {runStatus ? (
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
          <RunProgress
            label={t('detail.progress')}
            run={{
              status: runStatus,
              done: counts.total - counts.queued,
              total: counts.total,
              failed: counts.failed + counts.bounced + counts.review,
            }}
            data-testid="sendout-progress"
          />
        </Paper>
      ) : null}
      {sendout.status === 'cancelled' && counts.total > 0 ? (
        <Alert color="gray" variant="light" data-testid="sendout-cancelled">
          {t('detail.cancelledNote', { sent: counts.sent + counts.delivered, cancelled: counts.cancelled })}
        </Alert>
      ) : null}

      {counts.total > 0 ? (
        <SendoutRecipients
          sendout={sendout}
          status={recipientStatus}
          onStatus={onRecipientStatus}
          page={recipientPage}
          pageSize={recipientPageSize}
          onPage={onRecipientPage}
        />
      ) : null}

      <SendNowDialog
        key={`send-${dialog.count}`}
        {...dialogProps('send')}
        reach={reach}
        smsLeft={plan.data === undefined ? undefined : (plan.data?.left ?? null)}
      />
      <ScheduleDialog key={`schedule-${dialog.count}`} {...dialogProps('schedule')} reachText={reachText} />
      <CancelDialog key={`cancel-${dialog.count}`} {...dialogProps('cancel')} />
      <DeleteDialog key={`delete-${dialog.count}`} {...dialogProps('delete')} onDeleted={onDeleted} />
      <TestDialog key={`test-${dialog.count}`} {...dialogProps('test')} />
    </Stack>
  );
}
