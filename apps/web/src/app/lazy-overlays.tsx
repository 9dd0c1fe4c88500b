import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { replayEarlyModalEvents } from './early-modal-events';

/**
 * Toasts and the modal manager, loaded after the first page has rendered (they and the Modal,
 * ScrollArea and floating-ui code behind them are not part of the landing page's first load).
 * `notifications.show` and `modals.open*` work through stores and events, so both only need to
 * be mounted somewhere inside the app's providers, not around the routes. Toasts shown earlier
 * wait in their store; dialogs asked for earlier are replayed (see early-modal-events).
 */
export default function LazyOverlays() {
  const { t } = useTranslation('common');
  // Runs after ModalsProvider's own layout effect has added its listeners (children go first).
  useLayoutEffect(replayEarlyModalEvents, []);
  return (
    <>
      <Notifications position="top-right" limit={4} zIndex={3000} />
      <ModalsProvider labels={{ confirm: t('actions.confirm'), cancel: t('actions.cancel') }} />
    </>
  );
}
