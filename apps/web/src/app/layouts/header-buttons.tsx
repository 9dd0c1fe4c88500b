import { Button, Group, Text, UnstyledButton, type UnstyledButtonProps } from '@mantine/core';
import { IconBuildingCommunity, IconChevronDown } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../components/user-avatar';
import { useCurrentUser } from '../../lib/current-user';

// The buttons of the header's menus, drawn at once (header-menus.tsx); the menus wrap them.

/** The user menu's button: avatar, name (from `md`) and chevron; the menu (user-menu.tsx) wraps it. */
export function UserMenuButton(props: UnstyledButtonProps & ComponentPropsWithRef<'button'>) {
  const { t } = useTranslation('shell');
  const user = useCurrentUser();
  const name = user?.displayName || user?.name || '';
  return (
    <UnstyledButton
      aria-label={t('userMenu.open', { name })}
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
      p={2}
      {...props}
    >
      <Group gap={8} wrap="nowrap">
        <UserAvatar imageUrl={user?.imageUrl} radius="xl" size={34} name={user?.name ?? name} data-testid="header-avatar" />
        <Text component="span" fz="sm" fw={500} visibleFrom="md" maw={160} truncate="end">
          {name}
        </Text>
        <IconChevronDown size={14} aria-hidden="true" style={{ flexShrink: 0 }} />
      </Group>
    </UnstyledButton>
  );
}

/** The club account switcher's button (club-account-switcher.tsx wraps it in its menu); nothing without club accounts. */
export function ClubAccountButton({
  fullWidth = false,
  loading = false,
  ...props
}: { fullWidth?: boolean; loading?: boolean } & ComponentPropsWithRef<'button'>) {
  const { t } = useTranslation('shell');
  const user = useCurrentUser();
  if (!user || user.clubAccounts.length === 0) return null;
  const currentName = user.currentAccount?.name ?? t('clubAccount.none');
  return (
    <Button
      variant="default"
      fullWidth={fullWidth}
      justify="space-between"
      loading={loading}
      leftSection={<IconBuildingCommunity size={18} aria-hidden="true" />}
      rightSection={<IconChevronDown size={16} aria-hidden="true" />}
      aria-label={t('clubAccount.label', { name: currentName })}
      maw={fullWidth ? undefined : 260}
      {...props}
    >
      <Text component="span" truncate="end" fz="sm" fw={500}>
        {currentName}
      </Text>
    </Button>
  );
}
