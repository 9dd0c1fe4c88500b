import type { EventType } from '@fairway/shared';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLORS: Record<EventType, string> = { INFO: 'blue', ERROR: 'red', SUCCESS: 'green' };

export function EventTypeBadge({ type }: { type: EventType }) {
  const { t } = useTranslation('eventlogs');
  return (
    <Badge color={COLORS[type]} variant="light" radius="sm" data-type={type} style={{ flexShrink: 0, overflow: 'visible' }}>
      {t(`types.${type}`)}
    </Badge>
  );
}
