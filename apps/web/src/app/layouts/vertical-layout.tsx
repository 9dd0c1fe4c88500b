import { AppShell, Burger, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect } from 'react';
// The calendars' month and day names in Swedish (English is dayjs' own); dates live only here.
import 'dayjs/locale/sv';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { MaintenanceBanner } from '../../components/maintenance-banner';
import { AccountingNotice } from '../../features/integrations/components/accounting-notice';
import { loadAllNamespaces } from '../../lib/i18n';
import { brand } from '../brand';
import { LazyClubAccountSwitcher, LazyLanguageSwitch, LazySkinSwitch, LazyUserMenu } from './header-menus';
import { NotificationsButton } from './notifications-button';
import { Sidebar } from './sidebar';
import { SkipLink } from './skip-link';

/** The logged-in layout (docs/web-app.md#layouts): header, sidebar (a drawer below `sm`), content. */
export default function VerticalLayout() {
  const { t } = useTranslation('shell');
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();

  // The phone drawer closes once a link has taken the user somewhere.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each route change; pathname is the trigger, close is stable.
  useEffect(() => close(), [pathname]);

  // The other pages' texts (app/dashboard-texts.ts) are fetched once the user reaches for
  // something (pointer, keyboard, focus), so they are in before most navigations and never
  // compete with the first page's requests; a navigation waits for them anyway (app/dashboard-routes.tsx).
  useEffect(() => {
    const events = ['pointerover', 'keydown', 'focusin'] as const;
    const load = () => {
      for (const event of events) window.removeEventListener(event, load);
      void loadAllNamespaces();
    };
    for (const event of events) window.addEventListener(event, load, { passive: true });
    return () => {
      for (const event of events) window.removeEventListener(event, load);
    };
  }, []);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 272, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={{ base: 'sm', sm: 'md', lg: 'lg' }}
    >
      <SkipLink />
      <AppShell.Header>
        <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={opened ? t('header.closeNavigation') : t('header.openNavigation')}
              aria-expanded={opened}
              aria-controls="dashboard-navigation"
            />
            <Link
              to="/dashboard"
              // The logo's visible name stays part of the link's name (WCAG 2.5.3), as in the public header.
              aria-label={`${brand.name} – ${t('header.home')}`}
              style={{ color: 'inherit', textDecoration: 'none' }}
            >
              <BrandLogo size="sm" />
            </Link>
            <Group visibleFrom="sm" ml="md">
              <LazyClubAccountSwitcher />
            </Group>
          </Group>
          <Group gap={4} wrap="nowrap">
            <LazyLanguageSwitch />
            <LazySkinSwitch />
            <NotificationsButton />
            <LazyUserMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar id="dashboard-navigation" aria-label={t('nav.label')}>
        <Sidebar onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main id="main-content" tabIndex={-1} style={{ outline: 'none' }}>
        <MaintenanceBanner />
        <AccountingNotice />
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
