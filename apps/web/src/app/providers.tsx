import { STORAGE_KEYS } from '@fairway/shared/constants';
import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
// The calendars' month and day names in Swedish (English is dayjs' own).
import 'dayjs/locale/sv';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { i18n } from '../lib/i18n';
import { queryClient as appQueryClient } from './query-client';
import { cssVariablesResolver, theme } from './theme';

// The skin is stored under `skin` as `light` or `dark` (spec §9); light is the default.
export const colorSchemeManager = localStorageColorSchemeManager({ key: STORAGE_KEYS.skin });

function LocalisedModals({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  return <ModalsProvider labels={{ confirm: t('actions.confirm'), cancel: t('actions.cancel') }}>{children}</ModalsProvider>;
}

/** Date inputs and calendars in the reader's language, weeks from Monday as in Sweden. */
function LocalisedDates({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const locale = i18n.language === 'en' ? 'en' : 'sv';
  return <DatesProvider settings={{ locale, firstDayOfWeek: 1, weekendDays: [0, 6] }}>{children}</DatesProvider>;
}

export function AppProviders({ children, queryClient = appQueryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MantineProvider
          theme={theme}
          cssVariablesResolver={cssVariablesResolver}
          defaultColorScheme="light"
          colorSchemeManager={colorSchemeManager}
        >
          <Notifications position="top-right" limit={4} zIndex={3000} />
          <LocalisedDates>
            <LocalisedModals>{children}</LocalisedModals>
          </LocalisedDates>
        </MantineProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
