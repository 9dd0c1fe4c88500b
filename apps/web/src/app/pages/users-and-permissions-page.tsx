import { useDocumentTitle } from '@mantine/hooks';
import { IconShieldLock, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageTabs } from '../../components/list/list-page';
import { PageHeader } from '../../components/page-header';
import { RolesTab } from '../../features/permissions/components/roles-tab';
import { UsersTab } from '../../features/users/components/users-tab';
import { useCurrentUser } from '../../lib/current-user';
import { brand } from '../brand';

/**
 * /dashboard/configuration/users (docs/permissions.md): the Users tab from the users feature and the Roles
 * tab from the permissions feature, composed here so neither feature imports the other. The active
 * tab lives in `?tab=`, like the other tabbed screens.
 */
export default function UsersAndPermissionsPage() {
  const { t } = useTranslation(['users', 'shell']);
  const viewer = useCurrentUser();
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
      <PageTabs
        tabs={[
          { value: 'users', label: t('users:management.tabs.users'), icon: IconUsers, content: <UsersTab viewer={viewer} /> },
          {
            value: 'roles',
            label: t('users:management.tabs.roles'),
            icon: IconShieldLock,
            content: <RolesTab viewer={viewer} />,
          },
        ]}
      />
    </>
  );
}
