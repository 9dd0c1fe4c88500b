import { Menu } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSwitchClubAccount } from '../../features/users/api/update-user';
import { useCurrentUser } from '../../lib/current-user';
import { notifySuccess } from '../../lib/notify';
import { ClubAccountButton } from './header-buttons';

/**
 * Picks the club account in use (e.g. the club or its operating company): PUT users/{id} with
 * `currentAccountId`, then users/me is fetched again.
 */
/** `defaultOpened`: the user clicked the button before this code was in (header-menus.tsx). */
export function ClubAccountSwitcher({
  fullWidth = false,
  defaultOpened = false,
}: {
  fullWidth?: boolean;
  defaultOpened?: boolean;
}) {
  const { t } = useTranslation('shell');
  const user = useCurrentUser();
  const switchAccount = useSwitchClubAccount();
  if (!user || user.clubAccounts.length === 0) return null;

  const current = user.currentAccount;
  return (
    <Menu position="bottom-start" withinPortal shadow="md" width={fullWidth ? 'target' : 280} defaultOpened={defaultOpened}>
      <Menu.Target>
        <ClubAccountButton fullWidth={fullWidth} loading={switchAccount.isPending} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('clubAccount.title')}</Menu.Label>
        {user.clubAccounts.map((account) => {
          const selected = account.id === current?.id;
          return (
            <Menu.Item
              key={account.id}
              aria-current={selected ? 'true' : undefined}
              rightSection={selected ? <IconCheck size={16} aria-hidden="true" /> : null}
              disabled={switchAccount.isPending}
              onClick={() => {
                if (selected) return;
                switchAccount.mutate(
                  { user, accountId: account.id },
                  { onSuccess: () => notifySuccess(t('clubAccount.switched', { name: account.name })) },
                );
              }}
            >
              {account.name}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
