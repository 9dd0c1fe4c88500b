import { ActionIcon, Indicator } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBell } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnreadCount } from '../api/get-notifications';

// The drawer with the list (Drawer, SegmentedControl, Pagination, the dialogs) arrives when the
// bell is reached for, not with the dashboard's first paint (docs/web-app.md#bundle-budget).
const loadDrawer = () => import('./notifications-drawer');
const NotificationsDrawer = lazy(loadDrawer);

/**
 * The header bell (docs/messages.md#notifications): the unread count as a badge, polled every minute, and a drawer with
 * the user's notifications, filtered all / read / unread, to mark read, archive and
 * delete them.
 */
export function NotificationsBell() {
  const { t } = useTranslation('notifications');
  const [opened, { open, close }] = useDisclosure(false);
  // Mounted from the first open on (then kept, so it can animate closed).
  const [drawerWanted, setDrawerWanted] = useState(false);
  useEffect(() => {
    if (opened) setDrawerWanted(true);
  }, [opened]);
  const unread = useUnreadCount();
  return (
    <>
      <Indicator
        disabled={unread === 0}
        label={unread > 99 ? '99+' : unread}
        size={16}
        offset={6}
        color="red"
        inline
        data-testid="notifications-badge"
      >
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          onClick={open}
          onPointerEnter={() => void loadDrawer()}
          onFocus={() => void loadDrawer()}
          aria-haspopup="dialog"
          aria-expanded={opened}
          aria-label={unread > 0 ? t('openWithCount', { count: unread }) : t('open')}
        >
          <IconBell size={20} aria-hidden="true" />
        </ActionIcon>
      </Indicator>
      {drawerWanted ? (
        <Suspense fallback={null}>
          <NotificationsDrawer opened={opened} onClose={close} />
        </Suspense>
      ) : null}
    </>
  );
}
