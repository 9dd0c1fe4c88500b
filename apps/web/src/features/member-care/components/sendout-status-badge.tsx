import type { RecipientStatus, SendoutStatus } from '@fairway/shared';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const SENDOUT_COLORS: Record<SendoutStatus, string> = {
  draft: 'gray',
  scheduled: 'blue',
  sending: 'indigo',
  sent: 'teal',
  failed: 'red',
  cancelled: 'gray',
};

const RECIPIENT_COLORS: Record<RecipientStatus, string> = {
  queued: 'gray',
  sending: 'indigo',
  sent: 'teal',
  delivered: 'green',
  failed: 'red',
  bounced: 'orange',
  review: 'yellow',
  cancelled: 'gray',
};

/** A send-out's status as a badge (the colour is never the only sign: the word is always shown). */
export function SendoutStatusBadge({ status }: { status: SendoutStatus }) {
  const { t } = useTranslation('sendouts');
  return (
    <Badge color={SENDOUT_COLORS[status]} variant="light" style={{ flexShrink: 0 }}>
      {t(`status.${status}`)}
    </Badge>
  );
}

/** A recipient's status as a badge. */
export function RecipientStatusBadge({ status }: { status: RecipientStatus }) {
  const { t } = useTranslation('sendouts');
  return (
    <Badge color={RECIPIENT_COLORS[status]} variant="light" style={{ flexShrink: 0 }}>
      {t(`recipientStatus.${status}`)}
    </Badge>
  );
}
