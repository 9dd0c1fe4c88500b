import { Anchor, Box, Burger, Button, Container, Divider, Drawer, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink as RouterNavLink, useLocation } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { LanguageSwitch } from '../../components/language-switch';
import { SkinSwitch } from '../../components/skin-switch';
import { brand } from '../brand';
import classes from './public-header.module.css';

export const PUBLIC_LINKS = [
  { id: 'functions', to: '/functions' },
  { id: 'price', to: '/price' },
  { id: 'faq', to: '/faq' },
  { id: 'blog', to: '/blog' },
  { id: 'contact', to: '/contact-us' },
] as const;

/** Header of the public pages: brand, marketing links, login/register, language and skin. */
export function PublicHeader() {
  const { t } = useTranslation('shell');
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
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
            <LanguageSwitch />
            <SkinSwitch />
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
            />
          </Group>
        </Group>
      </Container>
      <Drawer
        opened={opened}
        onClose={close}
        size="100%"
        padding="md"
        title={<BrandLogo size="sm" />}
        hiddenFrom="md"
        zIndex={1000}
        closeButtonProps={{ 'aria-label': t('header.closeNavigation') }}
      >
        <Stack component="nav" aria-label={t('publicNav.label')} gap="xs">
          {PUBLIC_LINKS.map((link) => (
            <Anchor key={link.id} component={Link} to={link.to} fz="lg" py={6}>
              {t(`publicNav.${link.id}`)}
            </Anchor>
          ))}
          <Divider my="sm" />
          <Button component={Link} to="/login" variant="default" fullWidth>
            {t('publicNav.login')}
          </Button>
          <Button component={Link} to="/register" fullWidth>
            {t('publicNav.register')}
          </Button>
        </Stack>
      </Drawer>
    </Box>
  );
}
