import { STORAGE_KEYS } from '@fairway/shared/constants';
import { localStorageColorSchemeManager, MantineProvider, mergeThemeOverrides } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, lazy, type ReactNode, Suspense, useMemo } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { i18n } from '../lib/i18n';
import { useHydrated } from '../lib/use-hydrated';
import { keepEarlyModalEvents } from './early-modal-events';
import { queryClient as appQueryClient } from './query-client';
import { cssVariablesResolver, theme } from './theme';

// The skin is stored under `skin` as `light` or `dark` (docs/web-app.md#language-and-skin); light is the default.
export const colorSchemeManager = localStorageColorSchemeManager({ key: STORAGE_KEYS.skin });

// Toasts and confirm dialogs: a chunk of their own (see lazy-overlays), requested once the page
// runs in React (after hydration on a prerendered page, so it does not compete with it; from the
// first render otherwise). Should it fail to arrive, the app still works, without toasts and dialogs.
keepEarlyModalEvents();
const LazyOverlays = lazy(
  (): Promise<{ default: ComponentType }> => import('./lazy-overlays').catch(() => ({ default: () => null })),
);

/** The overlays, mounted once React runs the page (never in a prerendered page's HTML). */
function Overlays() {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <LazyOverlays />
    </Suspense>
  );
}

/**
 * Date inputs and calendars in the reader's language, weeks from Monday as in Sweden. dayjs'
 * Swedish month and day names are registered by the dashboard layout, the only place with dates.
 */
function LocalisedDates({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const locale = i18n.language === 'en' ? 'en' : 'sv';
  return <DatesProvider settings={{ locale, firstDayOfWeek: 1, weekendDays: [0, 6] }}>{children}</DatesProvider>;
}

/**
 * Mantine in the reader's language: every dialog's, drawer's and toast's close button is named "Stäng" /
 * "Close" (an icon-only button has no name of its own, and axe counts that as critical), so no
 * dialog can be written without one.
 */
function LocalisedMantine({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  const close = t('actions.close');
  const localisedTheme = useMemo(() => {
    const closeButtonProps = { 'aria-label': close };
    return mergeThemeOverrides(theme, {
      components: {
        Modal: { defaultProps: { closeButtonProps } },
        Drawer: { defaultProps: { closeButtonProps } },
        // A toast's close button too: a toast still shown when axe checks a page is counted.
        Notification: { defaultProps: { closeButtonProps } },
      },
    });
  }, [close]);
  return (
    <MantineProvider
      theme={localisedTheme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
      colorSchemeManager={colorSchemeManager}
    >
      {children}
    </MantineProvider>
  );
}

export function AppProviders({ children, queryClient = appQueryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <LocalisedMantine>
          <Overlays />
          <LocalisedDates>{children}</LocalisedDates>
        </LocalisedMantine>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
