import { NotificationsBell } from '../../features/notifications/components/notifications-bell';

/** The header's notification bell; the notifications feature owns its list and actions. */
export function NotificationsButton() {
  return <NotificationsBell />;
}
