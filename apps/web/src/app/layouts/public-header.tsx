import { Box, Burger, Button, Container, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink as RouterNavLink, useLocation } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { useHydrated } from '../../lib/use-hydrated';
import { brand } from '../brand';
import classes from './public-header.module.css';
import { PUBLIC_LINKS } from './public-links';

// The language menu, the skin switch's tooltip and the small-screen drawer need Mantine's
// floating and modal code (floating-ui, focus trap, portal): they arrive just after the page has
// painted, in space kept for them, not in its first requests (docs/web-app.md#bundle-budget).
const LanguageSwitch = lazy(() => import('../../components/language-switch').then((m) => ({ default: m.LanguageSwitch })));
const SkinSwitch = lazy(() => import('../../components/skin-switch').then((m) => ({ default: m.SkinSwitch })));
const PublicNavDrawer = lazy(() => import('./public-nav-drawer'));

/** Header of the public pages: brand, marketing links, login/register, language and skin. */
export function PublicHeader() {
  const { t } = useTranslation('shell');
  const [opened, { toggle, close }] = useDisclosure(false);
  const [drawerWanted, setDrawerWanted] = useState(false);
  useEffect(() => {
    if (opened) setDrawerWanted(true);
  }, [opened]);
  const { pathname } = useLocation();
  // The burger of a prerendered page opens nothing until React runs it (lib/use-hydrated.ts).
  const hydrated = useHydrated();
  // The menu closes once a link has taken the user somewhere.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each route change; pathname is the trigger, close is stable.
  useEffect(() => close(), [pathname]);

  return (
    <Box component="header" className={classes.header}>
      <Container size="lg" h="100%">
        <Group h="100%" justify="space-between" wrap="nowrap" gap="xs">
          {/* The name people see comes first in the name they hear (WCAG 2.5.3, label in name). */}
          <Link to="/" aria-label={`${brand.name} – ${t('header.publicHome')}`} className={classes.brand}>
            <BrandLogo size="sm" />
          </Link>
          <Box component="nav" aria-label={t('publicNav.label')} visibleFrom="md">
            <Group gap={4} component="ul" className={classes.list}>
              {PUBLIC_LINKS.map((link) => (
                <li key={link.id}>
                  <RouterNavLink to={link.to} className={classes.link}>
                    {t(`publicNav.${link.id}`)}
                  </RouterNavLink>
                </li>
              ))}
            </Group>
          </Box>
          <Group gap={4} wrap="nowrap">
            <Suspense fallback={<Box w={62} h={30} />}>
              <LanguageSwitch />
            </Suspense>
            <Suspense fallback={<Box w={34} h={34} />}>
              <SkinSwitch />
            </Suspense>
            <Group gap="xs" visibleFrom="sm" ml="xs" wrap="nowrap">
              <Button component={Link} to="/login" variant="default">
                {t('publicNav.login')}
              </Button>
              <Button component={Link} to="/register">
                {t('publicNav.register')}
              </Button>
            </Group>
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="md"
              size="sm"
              aria-label={opened ? t('header.closeNavigation') : t('header.openNavigation')}
              aria-expanded={opened}
              aria-disabled={hydrated ? undefined : true}
            />
          </Group>
        </Group>
      </Container>
      {/* Mounted from the first open on (then kept, so it can animate closed). */}
      {drawerWanted ? (
        <Suspense fallback={null}>
          <PublicNavDrawer opened={opened} onClose={close} />
        </Suspense>
      ) : null}
    </Box>
  );
}
