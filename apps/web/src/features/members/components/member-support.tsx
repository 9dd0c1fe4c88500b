import type { MemberDetail } from '@fairway/shared';
import { Alert, Button, Group, Stack, Text, Timeline } from '@mantine/core';
import { IconCloudDownload, IconLifebuoy, IconNote, IconPencil, IconUserPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMemberTickets } from '../api/list-member-tickets';
import { useDateTime } from '../lib/format';

interface Event {
  at: string;
  icon: ReactNode;
  title: string;
  text?: string;
}

/** Where a ticket about a member is opened; the support page picks the member from `?member=`. */
const supportPath = (memberId: string) => `/dashboard/help/support?member=${encodeURIComponent(memberId)}`;

/**
 * The support history tab: the support tickets about the member, and what else is known about
 * them — when the record was made (and where from), GIT's changes, the notes and the last
 * change — newest first.
 */
export function MemberSupport({ member }: { member: MemberDetail }) {
  const { t } = useTranslation('members');
  const formatTime = useDateTime();
  const tickets = useMemberTickets(member.id);
  const events: Event[] = [
    {
      at: member.createdAt,
      icon: <IconUserPlus size={14} aria-hidden="true" />,
      title: t('support.created', { source: t(`sources.${member.source}`) }),
    },
    ...(member.gitUpdatedAt
      ? [{ at: member.gitUpdatedAt, icon: <IconCloudDownload size={14} aria-hidden="true" />, title: t('support.gitUpdated') }]
      : []),
    ...member.notes.map((note) => ({
      at: note.createdAt,
      icon: <IconNote size={14} aria-hidden="true" />,
      title: t('support.note', { author: note.authorName ?? t('notes.unknownAuthor') }),
      text: note.text,
    })),
    ...(member.updatedAt !== member.createdAt
      ? [{ at: member.updatedAt, icon: <IconPencil size={14} aria-hidden="true" />, title: t('support.updated') }]
      : []),
    ...(tickets.data?.data ?? []).map((ticket) => ({
      at: ticket.createdAt,
      icon: <IconLifebuoy size={14} aria-hidden="true" />,
      title: t('support.ticket', {
        number: ticket.number,
        subject: ticket.subject,
        name: ticket.openedBy ?? t('notes.unknownAuthor'),
      }),
      text: ticket.message,
    })),
  ].sort((a, b) => b.at.localeCompare(a.at));
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Text fz="sm" c="dimmed" maw={560}>
          {t('support.intro')}
        </Text>
        <Button
          component={Link}
          to={supportPath(member.id)}
          variant="light"
          size="sm"
          leftSection={<IconLifebuoy size={16} aria-hidden="true" />}
        >
          {t('support.openTicket')}
        </Button>
      </Group>
      {tickets.isError ? (
        <Alert color="orange" role="alert">
          {t('support.ticketsFailed')}
        </Alert>
      ) : null}
      <Timeline bulletSize={24} lineWidth={2} aria-busy={tickets.isPending}>
        {events.map((event) => (
          <Timeline.Item key={`${event.at}-${event.title}`} bullet={event.icon} title={event.title}>
            {event.text ? (
              <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }} lineClamp={3}>
                {event.text}
              </Text>
            ) : null}
            <Text fz="xs" c="dimmed">
              {formatTime(event.at)}
            </Text>
          </Timeline.Item>
        ))}
      </Timeline>
    </Stack>
  );
}
