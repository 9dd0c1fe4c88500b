import { ActionIcon, Popover, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconBell, IconBellOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { brand } from '../brand';

const FILTERS = ['all', 'read', 'unread'] as const;
type Filter = (typeof FILTERS)[number];

/** The notification bell: the list with its all/read/unread filter (spec §2). */
export function NotificationsButton() {
  const { t } = useTranslation('shell');
  const [filter, setFilter] = useState<Filter>('all');
  return (
    <Popover position="bottom-end" width={320} shadow="md" withinPortal trapFocus>
      <Popover.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('notifications.open')}>
          <IconBell size={20} aria-hidden="true" />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm">
          <Title order={2} fz="md">
            {t('notifications.title')}
          </Title>
          <SegmentedControl
            size="xs"
            fullWidth
            value={filter}
            onChange={(value) => setFilter(value as Filter)}
            data={FILTERS.map((f) => ({ value: f, label: t(`notifications.filters.${f}`) }))}
            aria-label={t('notifications.filterLabel')}
          />
          <Stack align="center" gap={4} py="md" ta="center">
            <IconBellOff size={28} stroke={1.5} aria-hidden="true" color="var(--mantine-color-dimmed)" />
            <Text fw={600} fz="sm">
              {t(`notifications.empty.${filter}`)}
            </Text>
            <Text c="dimmed" fz="xs">
              {t('notifications.emptyText', { brand: brand.name })}
            </Text>
          </Stack>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
