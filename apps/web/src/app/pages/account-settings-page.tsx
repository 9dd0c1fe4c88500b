import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { HiddenMenuLinks } from '../../features/hidden-resources/components/hidden-menu-links';
import { ChangePasswordForm } from '../../features/settings/components/change-password-form';
import { ProfileForm } from '../../features/settings/components/profile-form';
import { ProfileImageUpload } from '../../features/settings/components/profile-image-upload';
import { useMyModules } from '../../features/subscriptions/api/get-my-modules';
import { useCurrentUser } from '../../lib/current-user';
import { brand } from '../brand';

function Section({ id, title, description, children }: { id: string; title: string; description?: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={id}>
      <Title order={2} fz="h4" id={id}>
        {title}
      </Title>
      {description ? (
        <Text c="dimmed" fz="sm" mt={4}>
          {description}
        </Text>
      ) : null}
      <div style={{ marginTop: 'var(--mantine-spacing-md)' }}>{children}</div>
    </Paper>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text component="dt" fz="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="dd" m={0}>
        {children}
      </Text>
    </Stack>
  );
}

/** The address of the account settings page. */
export const ACCOUNT_SETTINGS_PATH = '/dashboard/prototype';

/**
 * /dashboard/prototype: account settings — profile, profile image and password from the settings
 * feature, and the hidden menu links from the hidden-resources feature, composed here so neither
 * feature imports the other.
 */
export default function AccountSettingsPage() {
  const { t } = useTranslation(['settings', 'shell', 'common']);
  const user = useCurrentUser();
  // The menu's pages of modules the organisation lacks are not offered (app/navigation.ts).
  const modules = useMyModules().data?.map((m) => m.id) ?? [];
  const title = t('title');
  useDocumentTitle(`${title} · ${brand.name}`);
  if (!user) return null;
  const missing = t('missing');

  return (
    <>
      <PageHeader title={title} breadcrumbs={[{ label: t('shell:nav.home'), to: '/dashboard' }, { label: title }]} />
      <Stack gap="lg">
        <Section id="account-profile" title={t('profile.title')} description={t('profile.description')}>
          <Stack gap="lg">
            <Group justify="space-between" gap="sm">
              <Group gap={6}>
                <Badge variant="light">{t(`common:roles.${user.role}`)}</Badge>
                {user.golfclubAdmin ? <Badge variant="outline">{t('golfclubAdmin')}</Badge> : null}
              </Group>
              {/* The same forms in a dialog at an address of its own (account-settings-modal-page.tsx). */}
              <Button component={Link} to="/dashboard/PrototypeModal1" variant="light" size="xs">
                {t('dialog.open')}
              </Button>
            </Group>
            <ProfileImageUpload user={user} />
            <ProfileForm user={user} />
          </Stack>
        </Section>
        <Section id="account-password" title={t('password.title')} description={t('password.description')}>
          <ChangePasswordForm />
        </Section>
        <Section id="account-menu" title={t('menu.title')} description={t('menu.description')}>
          <HiddenMenuLinks scopes={user.scopes} modules={modules} />
        </Section>
        <Section id="account-organisation" title={t('organisation.title')}>
          <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="md" m={0}>
            <Field label={t('organisation.organisation')}>{user.organisation.name}</Field>
            <Field label={t('organisation.currentAccount')}>{user.currentAccount?.name ?? missing}</Field>
            <Field label={t('organisation.clubAccounts')}>
              {user.clubAccounts.length > 0 ? user.clubAccounts.map((a) => a.name).join(', ') : missing}
            </Field>
          </SimpleGrid>
        </Section>
      </Stack>
    </>
  );
}
