import type { Sendout, SendoutChannel } from '@fairway/shared';
import { Anchor, Button, Group, Paper, ScrollArea, Skeleton, Stack, Table, Tabs, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconMail, IconMessage, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ListFooter } from '../../../components/list/list-footer';
import { ListError } from '../../../components/list/list-states';
import { useDateFormat } from '../../../lib/dates';
import { useTabParam } from '../../../lib/use-tab-param';
import { type SendoutsView, useSendoutsList } from '../api/sendouts';
import { sendoutHref } from '../lib/sendout-paths';
import { SendoutStatusBadge } from './sendout-status-badge';

const VIEWS = ['scheduled', 'earlier'] as const satisfies readonly SendoutsView[];

/** Recipients the send-out did not reach: failed, bounced, or to be checked. */
export const problemsOf = (s: Pick<Sendout, 'counts'>) => s.counts.failed + s.counts.bounced + s.counts.review;

const upcoming = (s: Sendout) => s.status === 'draft' || s.status === 'scheduled';

/** When the row is about: a coming one's time to start, else when it started; else when it was last changed. */
function whenOf(s: Sendout): { at: string; label: 'whenScheduled' | 'whenStarted' | 'whenChanged' } {
  if (upcoming(s) && s.sendAt) return { at: s.sendAt, label: 'whenScheduled' };
  if (!upcoming(s) && s.startedAt) return { at: s.startedAt, label: 'whenStarted' };
  return { at: s.updatedAt, label: 'whenChanged' };
}

function SendoutRows({ rows, channel }: { rows: Sendout[]; channel: SendoutChannel }) {
  const { t } = useTranslation('sendouts');
  const { dateTime } = useDateFormat();
  return (
    <ScrollArea type="auto">
      <Table verticalSpacing="sm" highlightOnHover miw={320} data-testid="sendouts-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('list.columns.title')}</Table.Th>
            <Table.Th>{t('list.columns.status')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('list.columns.when')}</Table.Th>
            <Table.Th>{t('list.columns.counts')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((s) => {
            const problems = problemsOf(s);
            return (
              <Table.Tr key={s.id} data-testid="sendout-row">
                <Table.Td>
                  <Anchor component={Link} to={sendoutHref(channel, s.id)} fw={500} fz="sm">
                    {s.title}
                  </Anchor>
                  <Text fz="xs" c="dimmed" hiddenFrom="sm">
                    {dateTime(whenOf(s).at)}
                  </Text>
                  {s.channel === 'sms' ? (
                    <Text fz="xs" c="dimmed">
                      {t('list.sender', { sender: s.sender })}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  <SendoutStatusBadge status={s.status} />
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Text fz="sm">{dateTime(whenOf(s).at)}</Text>
                  <Text fz="xs" c="dimmed">
                    {t(`list.${whenOf(s).label}`)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
                      {s.counts.total === 0
                        ? t('list.notStarted')
                        : t('list.countsLine', { sent: s.counts.sent + s.counts.delivered, total: s.counts.total })}
                    </Text>
                    {problems > 0 ? (
                      <Tooltip label={t('list.problems', { count: problems })}>
                        <Group gap={2} wrap="nowrap" c="red" data-testid="sendout-problems">
                          <IconAlertTriangle size={16} aria-hidden="true" />
                          <Text fz="sm" c="red" fw={600}>
                            {t('list.problems', { count: problems })}
                          </Text>
                        </Group>
                      </Tooltip>
                    ) : null}
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

function SendoutsTab({ channel, view, canWrite }: { channel: SendoutChannel; view: SendoutsView; canWrite: boolean }) {
  const { t } = useTranslation('sendouts');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(25);
  const list = useSendoutsList({ channel, view, page, pageSize });
  if (list.isPending) {
    return (
      <Stack gap="xs" aria-busy="true" aria-label={t('list.loading')}>
        <Skeleton h={40} />
        <Skeleton h={40} />
        <Skeleton h={40} />
      </Stack>
    );
  }
  if (list.isError) return <ListError error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  const { data, pagination } = list.data;
  if (pagination.total === 0) {
    return (
      <EmptyState
        order={3}
        title={t(`list.empty.${view}.title`)}
        icon={channel === 'sms' ? <IconMessage size={30} stroke={1.6} /> : <IconMail size={30} stroke={1.6} />}
        action={
          canWrite && view === 'scheduled' ? (
            <Button component={Link} to={sendoutHref(channel, 'new')} leftSection={<IconPlus size={16} aria-hidden="true" />}>
              {t('list.new')}
            </Button>
          ) : undefined
        }
      >
        {t(`list.empty.${view}.text.${channel}`)}
      </EmptyState>
    );
  }
  return (
    <>
      <SendoutRows rows={data} channel={channel} />
      <ListFooter
        page={pagination.page}
        pageSize={pagination.pageSize}
        total={pagination.total}
        onPageChange={setPage}
        onPageSizeChange={(size) => {
          setPageSize(size);
          setPage(1);
        }}
      />
    </>
  );
}

export interface SendoutsListProps {
  channel: SendoutChannel;
  canWrite: boolean;
}

/**
 * A channel's send-outs in two tabs: "Scheduled" (drafts and scheduled, soonest first) and
 * "Earlier" (under way, sent, failed, cancelled; newest first), each paged by the server. A row
 * shows its status, its time and how many were sent, with a mark when some were not reached.
 */
export function SendoutsList({ channel, canWrite }: SendoutsListProps) {
  const { t } = useTranslation('sendouts');
  const [view, setView] = useTabParam(VIEWS, 'scheduled');
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <Tabs value={view} onChange={setView} keepMounted={false}>
        <Tabs.List mb="md">
          {VIEWS.map((v) => (
            <Tabs.Tab key={v} value={v}>
              {t(`list.tabs.${v}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {VIEWS.map((v) => (
          <Tabs.Panel key={v} value={v}>
            <SendoutsTab channel={channel} view={v} canWrite={canWrite} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Paper>
  );
}
