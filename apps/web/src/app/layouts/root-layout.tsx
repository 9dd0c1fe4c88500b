import { LoadingOverlay } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate, useNavigation } from 'react-router';
import { useAccessDeniedModal } from '../../components/access-denied-modal';
import { onAppEvent } from '../../lib/app-events';
import { clearSession } from '../../lib/storage';
import { queryClient } from '../query-client';
import { TOKEN_EXPIRED_PATH } from '../session/guard';
import { hideSplash } from '../splash';

// Quick navigations finish before this, so the overlay does not flicker on every click.
const OVERLAY_DELAY_MS = 250;

/** Shown while a navigation loads its route and data; hidden as soon as it settles (docs/web-app.md#layouts). */
function NavigationOverlay() {
  const { t } = useTranslation('common');
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!busy) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), OVERLAY_DELAY_MS);
    return () => clearTimeout(timer);
  }, [busy]);
  return (
    <LoadingOverlay
      visible={visible}
      pos="fixed"
      zIndex={2000}
      overlayProps={{ backgroundOpacity: 0.35, blur: 1 }}
      loaderProps={{ 'aria-label': t('loading') } as Record<string, string>}
    />
  );
}

/** Wraps every route: overlay, scroll reset, the access-denied modal and session expiry. */
export function RootLayout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  useAccessDeniedModal();

  useEffect(hideSplash, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page starts at the top; pathname is the trigger.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  // A call made with a token got 401 even after a refresh: the session is over (docs/web-app.md#guard).
  useEffect(
    () =>
      onAppEvent('session-expired', () => {
        clearSession();
        queryClient.clear();
        navigate(TOKEN_EXPIRED_PATH, { replace: true });
      }),
    [navigate],
  );

  return (
    <>
      <NavigationOverlay />
      <Outlet />
    </>
  );
}
