import type { Notification, NotificationFilter } from '@fairway/shared';
import { NOTIFICATION_FILTERS } from '@fairway/shared/notifications/constants';
import {
  ActionIcon,
  Anchor,
  Badge,
  Box,
  Button,
  Drawer,
  Group,
  Loader,
  Pagination,
  Paper,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconArchive, IconArchiveOff, IconBellOff, IconChecks, IconMail, IconMailOpened, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { brand } from '../../../app/brand';
import { useDateFormat } from '../../../lib/dates';
import { notifySuccess } from '../../../lib/notify';
import { useDeleteNotification } from '../api/delete-notification';
import { useNotifications, useUnreadCount } from '../api/get-notifications';
import { useMarkAllRead } from '../api/mark-all-read';
import { useUpdateNotification } from '../api/update-notification';

const PAGE_SIZE = 10;

/** The bell's drawer (notifications-bell.tsx): the list, its filters and actions. */
export default function NotificationsDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('notifications');
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 440}
      title={t('title')}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      {opened ? <NotificationsPanel onNavigate={onClose} /> : null}
    </Drawer>
  );
}

function NotificationsPanel({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation(['notifications', 'common']);
  const [filter, setFilter] = useState<NotificationFilter>('all');
  const [showArchived, setShowArchived] = useState(false);
  const [page, setPage] = useState(1);
  const unread = useUnreadCount();
  const query = useNotifications({ filter, archived: showArchived ? 'include' : 'exclude', page, pageSize: PAGE_SIZE }, true);
  const markAll = useMarkAllRead();

  const total = query.data?.pagination.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  // Deleting or archiving the last item of the last page must not strand the user on an empty page.
  useEffect(() => {
    if (query.data && page > pages) setPage(pages);
  }, [query.data, page, pages]);

  const changeFilter = (value: string) => {
    setFilter(value as NotificationFilter);
    setPage(1);
  };

  return (
    <Stack gap="sm">
      <SegmentedControl
        size="xs"
        fullWidth
        value={filter}
        onChange={changeFilter}
        data={NOTIFICATION_FILTERS.map((f) => ({ value: f, label: t(`filters.${f}`) }))}
        aria-label={t('filterLabel')}
      />
      <Group justify="space-between" gap="xs">
        <Switch
          size="sm"
          label={t('showArchived')}
          checked={showArchived}
          onChange={(event) => {
            setShowArchived(event.currentTarget.checked);
            setPage(1);
          }}
        />
        <Button
          size="compact-sm"
          variant="subtle"
          leftSection={<IconChecks size={16} aria-hidden="true" />}
          disabled={unread === 0}
          loading={markAll.isPending}
          onClick={() =>
            markAll.mutate(undefined, {
              onSuccess: (result) => notifySuccess(t('allMarkedRead', { count: result.updated })),
            })
          }
        >
          {t('markAllRead')}
        </Button>
      </Group>

      {query.isPending ? (
        <Group justify="center" py="xl">
          <Loader size="sm" aria-label={t('common:loading')} />
        </Group>
      ) : query.isError ? (
        <Stack align="center" gap="xs" py="lg" ta="center" role="alert">
          <Text fz="sm">{t('loadError')}</Text>
          <Button size="xs" variant="light" onClick={() => void query.refetch()}>
            {t('retry')}
          </Button>
        </Stack>
      ) : query.data.data.length === 0 ? (
        <Stack align="center" gap={4} py="xl" ta="center">
          <IconBellOff size={28} stroke={1.5} aria-hidden="true" color="var(--mantine-color-dimmed)" />
          <Text fw={600} fz="sm">
            {t(`empty.${filter}`)}
          </Text>
          <Text c="dimmed" fz="xs">
            {t('emptyText', { brand: brand.name })}
          </Text>
        </Stack>
      ) : (
        <Stack
          component="ul"
          gap="xs"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t('listLabel')}
          aria-busy={query.isFetching}
        >
          {query.data.data.map((notification) => (
            <NotificationItem key={notification.id} notification={notification} onNavigate={onNavigate} />
          ))}
        </Stack>
      )}

      {pages > 1 ? (
        <Group justify="center">
          <Pagination size="sm" total={pages} value={Math.min(page, pages)} onChange={setPage} aria-label={t('pagination')} />
        </Group>
      ) : null}
    </Stack>
  );
}

function NotificationItem({ notification, onNavigate }: { notification: Notification; onNavigate: () => void }) {
  const { t } = useTranslation(['notifications', 'common']);
  const format = useDateFormat().dateTime;
  const update = useUpdateNotification();
  const remove = useDeleteNotification();
  const { id, subject, message, link, read, archived, date } = notification;

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: t('deleteConfirm.title'),
      children: <Text fz="sm">{t('deleteConfirm.text', { subject })}</Text>,
      labels: { confirm: t('deleteConfirm.confirm'), cancel: t('common:actions.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(id, { onSuccess: () => notifySuccess(t('deleted')) }),
    });

  const title = link ? (
    <Anchor
      component={Link}
      to={link}
      inherit
      onClick={() => {
        if (!read) update.mutate({ id, read: true });
        onNavigate();
      }}
    >
      {subject}
    </Anchor>
  ) : (
    subject
  );

  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="sm"
      bg={read ? undefined : 'var(--mantine-primary-color-light)'}
      data-read={read}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Group gap={6} wrap="nowrap" align="center">
            {read ? null : (
              <Box
                w={8}
                h={8}
                style={{ borderRadius: '50%', flexShrink: 0, background: 'var(--mantine-primary-color-filled)' }}
                aria-hidden="true"
              />
            )}
            <Text fz="sm" fw={read ? 500 : 700} style={{ overflowWrap: 'anywhere' }}>
              {read ? null : <VisuallyHidden>{`${t('unread')}: `}</VisuallyHidden>}
              {title}
            </Text>
          </Group>
          <Text fz="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {message}
          </Text>
          <Group gap="xs">
            <Text fz="xs" c="dimmed" component="time" dateTime={date}>
              {format(date)}
            </Text>
            {archived ? (
              <Badge size="xs" variant="light" color="gray">
                {t('archivedBadge')}
              </Badge>
            ) : null}
          </Group>
        </Stack>
        <Group gap={0} wrap="nowrap">
          <Tooltip label={t(read ? 'tooltips.markUnread' : 'tooltips.markRead')} withinPortal>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t(read ? 'actions.markUnread' : 'actions.markRead', { subject })}
              onClick={() => update.mutate({ id, read: !read })}
              disabled={update.isPending}
            >
              {read ? <IconMail size={18} aria-hidden="true" /> : <IconMailOpened size={18} aria-hidden="true" />}
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t(archived ? 'tooltips.unarchive' : 'tooltips.archive')} withinPortal>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t(archived ? 'actions.unarchive' : 'actions.archive', { subject })}
              onClick={() => update.mutate({ id, archived: !archived })}
              disabled={update.isPending}
            >
              {archived ? <IconArchiveOff size={18} aria-hidden="true" /> : <IconArchive size={18} aria-hidden="true" />}
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('tooltips.delete')} withinPortal>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('actions.delete', { subject })}
              onClick={confirmDelete}
              loading={remove.isPending}
            >
              <IconTrash size={18} aria-hidden="true" />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
    </Paper>
  );
}
