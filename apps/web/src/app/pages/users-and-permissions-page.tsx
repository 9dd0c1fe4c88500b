import { Tabs } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconShieldLock, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { RolesTab } from '../../features/permissions/components/roles-tab';
import { UsersTab } from '../../features/users/components/users-tab';
import { useCurrentUser } from '../../lib/current-user';
import { useTabParam } from '../../lib/use-tab-param';
import { brand } from '../brand';

const TABS = ['users', 'roles'] as const;

/**
 * /dashboard/configuration/users (docs/permissions.md): the Users tab from the users feature and the Roles
 * tab from the permissions feature, composed here so neither feature imports the other. The active
 * tab lives in `?tab=`, like the other tabbed screens.
 */
export default function UsersAndPermissionsPage() {
  const { t } = useTranslation(['users', 'shell']);
  const viewer = useCurrentUser();
  const [active, selectTab] = useTabParam(TABS, 'users');
  const title = t('users:management.title');
  useDocumentTitle(`${title} · ${brand.name}`);
  if (!viewer) return null;

  return (
    <>
      <PageHeader
        title={title}
        breadcrumbs={[
          { label: t('shell:nav.home'), to: '/dashboard' },
          { label: t('shell:nav.groups.configuration') },
          { label: title },
        ]}
      />
      <Tabs value={active} onChange={selectTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="users" leftSection={<IconUsers size={16} aria-hidden="true" />}>
            {t('users:management.tabs.users')}
          </Tabs.Tab>
          <Tabs.Tab value="roles" leftSection={<IconShieldLock size={16} aria-hidden="true" />}>
            {t('users:management.tabs.roles')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="users">
          <UsersTab viewer={viewer} />
        </Tabs.Panel>
        <Tabs.Panel value="roles">
          <RolesTab viewer={viewer} />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
