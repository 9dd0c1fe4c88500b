import type { MemberDetail } from '@fairway/shared';
import { Stack, Text, Timeline } from '@mantine/core';
import { IconCloudDownload, IconNote, IconPencil, IconUserPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateTime } from '../lib/format';

interface Event {
  at: string;
  icon: ReactNode;
  title: string;
  text?: string;
}

/**
 * The support history tab. The API records no support cases of its own, so the history is what
 * is known about the member: when the record was made (and where from), GIT's changes, the notes
 * and the last change, newest first.
 */
export function MemberSupport({ member }: { member: MemberDetail }) {
  const { t } = useTranslation('members');
  const formatTime = useDateTime();
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
  ].sort((a, b) => b.at.localeCompare(a.at));
  return (
    <Stack gap="md">
      <Text fz="sm" c="dimmed">
        {t('support.intro')}
      </Text>
      <Timeline bulletSize={24} lineWidth={2}>
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
