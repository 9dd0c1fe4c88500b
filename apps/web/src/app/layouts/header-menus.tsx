import { Box } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useOpenOnLoad } from '../../lib/use-open-on-load';
import { ClubAccountButton, UserMenuButton } from './header-buttons';

// The header's menus and the skin switch's tooltip need Mantine's floating code (Menu, Popover,
// Tooltip, floating-ui): they arrive just after the dashboard has painted, not in its first
// requests (docs/web-app.md#bundle-budget). Meanwhile their buttons are drawn as they will look
// (the language and skin switches in space kept for them, as in public-header.tsx), so nothing moves;
// a click on a menu's button before its code is in opens the menu as it arrives.
const LanguageSwitch = lazy(() => import('../../components/language-switch').then((m) => ({ default: m.LanguageSwitch })));
const SkinSwitch = lazy(() => import('../../components/skin-switch').then((m) => ({ default: m.SkinSwitch })));
const UserMenu = lazy(() => import('./user-menu').then((m) => ({ default: m.UserMenu })));
const ClubAccountSwitcher = lazy(() => import('./club-account-switcher').then((m) => ({ default: m.ClubAccountSwitcher })));

export function LazyLanguageSwitch() {
  return (
    <Suspense fallback={<Box w={62} h={30} />}>
      <LanguageSwitch />
    </Suspense>
  );
}

export function LazySkinSwitch() {
  return (
    <Suspense fallback={<Box w={34} h={34} />}>
      <SkinSwitch />
    </Suspense>
  );
}

export function LazyUserMenu() {
  const { requested, placeholderProps } = useOpenOnLoad();
  return (
    <Suspense fallback={<UserMenuButton aria-haspopup="menu" {...placeholderProps} />}>
      <UserMenu defaultOpened={requested} />
    </Suspense>
  );
}

export function LazyClubAccountSwitcher({ fullWidth = false }: { fullWidth?: boolean }) {
  const { requested, placeholderProps } = useOpenOnLoad();
  return (
    <Suspense fallback={<ClubAccountButton fullWidth={fullWidth} aria-haspopup="menu" {...placeholderProps} />}>
      <ClubAccountSwitcher fullWidth={fullWidth} defaultOpened={requested} />
    </Suspense>
  );
}
