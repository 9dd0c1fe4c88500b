import type { Brand } from '@fairway/shared/constants';
import { Menu, Text } from '@mantine/core';
import {
  type Icon,
  IconApi,
  IconArticle,
  IconCreditCard,
  IconFileDollar,
  IconFileInvoice,
  IconHelpCircle,
  IconLogout,
  IconMail,
  IconPackage,
  IconReceipt2,
  IconSettings,
  IconUser,
  IconUsersGroup,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useCurrentUser } from '../../lib/current-user';
import { brand } from '../brand';
import { logout } from '../session/logout';
import { UserMenuButton } from './header-buttons';

interface MenuEntry {
  id: string;
  to: string;
  icon: Icon;
  /** The brands whose dashboard has the entry (docs/brands.md); every brand when left out. */
  brands?: readonly Brand[];
}

/** Every entry of the user dropdown except logout (docs/web-app.md#routes), in the order users look for them. */
export const USER_MENU_ACCOUNT: readonly MenuEntry[] = [
  { id: 'profile', to: '/dashboard/prototype', icon: IconUser },
  { id: 'settings', to: '/dashboard/settings', icon: IconSettings },
  { id: 'subscription', to: '/dashboard/configuration/settings?tab=subscription', icon: IconPackage },
  { id: 'billing', to: '/dashboard/configuration/settings?tab=billing', icon: IconReceipt2 },
  { id: 'billingDetails', to: '/dashboard/configuration/settings?tab=billingDetails', icon: IconCreditCard },
  { id: 'faq', to: '/dashboard/faq', icon: IconHelpCircle },
];

export const USER_MENU_CONFIGURATION: readonly MenuEntry[] = [
  { id: 'invoice', to: '/dashboard/settings?tab=invoice', brands: ['fairway'], icon: IconFileInvoice },
  { id: 'contract', to: '/dashboard/settings?tab=contract', brands: ['fairway'], icon: IconFileDollar },
  { id: 'member', to: '/dashboard/settings?tab=member', brands: ['fairway'], icon: IconUsersGroup },
  { id: 'article', to: '/dashboard/settings?tab=article', brands: ['fairway'], icon: IconArticle },
  { id: 'email', to: '/dashboard/settings?tab=email', brands: ['fairway'], icon: IconMail },
  { id: 'api', to: '/dashboard/settings?tab=api', icon: IconApi },
];

/** `defaultOpened`: the user clicked the button before this code was in (header-menus.tsx). */
export function UserMenu({ defaultOpened = false }: { defaultOpened?: boolean }) {
  const { t } = useTranslation(['shell', 'common']);
  const user = useCurrentUser();
  const navigate = useNavigate();
  const [loggingOut, setLoggingOut] = useState(false);
  const name = user?.displayName || user?.name || '';

  const onLogout = async () => {
    setLoggingOut(true);
    await logout();
    setLoggingOut(false);
    navigate('/login', { replace: true });
  };

  const entry = (item: MenuEntry, group: 'account' | 'configuration') => {
    const ItemIcon = item.icon;
    return (
      <Menu.Item key={item.id} component={Link} to={item.to} leftSection={<ItemIcon size={16} aria-hidden="true" />}>
        {t(`shell:userMenu.${group}.${item.id}`)}
      </Menu.Item>
    );
  };

  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={260} defaultOpened={defaultOpened}>
      <Menu.Target>
        <UserMenuButton />
      </Menu.Target>
      <Menu.Dropdown>
        {user ? (
          <>
            <Menu.Label>
              <Text fz="sm" fw={600} c="var(--mantine-color-text)" truncate="end">
                {name}
              </Text>
              <Text fz="xs" c="dimmed" truncate="end">
                {user.email}
              </Text>
              <Text fz="xs" c="dimmed">
                {t(`common:roles.${user.role}`)} · {user.organisation.name}
              </Text>
            </Menu.Label>
            <Menu.Divider />
          </>
        ) : null}
        {USER_MENU_ACCOUNT.map((item) => entry(item, 'account'))}
        <Menu.Divider />
        <Menu.Label>{t('shell:userMenu.configurationLabel')}</Menu.Label>
        {USER_MENU_CONFIGURATION.filter((item) => !item.brands || item.brands.includes(brand.id)).map((item) =>
          entry(item, 'configuration'),
        )}
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={16} aria-hidden="true" />}
          onClick={() => void onLogout()}
          disabled={loggingOut}
          closeMenuOnClick={false}
        >
          {t('shell:userMenu.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
