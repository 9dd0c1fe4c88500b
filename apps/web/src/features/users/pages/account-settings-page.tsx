import { Avatar, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { brand } from '../../../app/brand';
import { PageHeader } from '../../../components/page-header';
import { useCurrentUser } from '../api/get-current-user';

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

/** /dashboard/prototype: the account settings of spec §2, showing the signed-in user's account. */
export default function AccountSettingsPage() {
  const { t } = useTranslation(['users', 'shell', 'common']);
  const user = useCurrentUser();
  const title = t('users:account.title');
  useDocumentTitle(`${title} · ${brand.name}`);
  if (!user) return null;
  const missing = t('users:account.missing');

  return (
    <>
      <PageHeader title={title} breadcrumbs={[{ label: t('shell:nav.home'), to: '/dashboard' }, { label: title }]} />
      <Stack gap="lg">
        <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="account-profile">
          <Group gap="md" mb="lg" wrap="nowrap">
            <Avatar src={user.imageUrl ?? undefined} alt="" size={64} radius="xl" color="initials" name={user.name} />
            <div style={{ minWidth: 0 }}>
              <Title order={2} fz="h4" id="account-profile">
                {user.displayName || user.name}
              </Title>
              <Group gap={6} mt={4}>
                <Badge variant="light">{t(`common:roles.${user.role}`)}</Badge>
                {user.golfclubAdmin ? <Badge variant="outline">{t('users:account.golfclubAdmin')}</Badge> : null}
              </Group>
            </div>
          </Group>
          <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="md" m={0}>
            <Field label={t('users:account.fields.name')}>{user.name}</Field>
            <Field label={t('users:account.fields.displayName')}>{user.displayName || missing}</Field>
            <Field label={t('users:account.fields.email')}>{user.email}</Field>
            <Field label={t('users:account.fields.phone')}>{user.phone || missing}</Field>
          </SimpleGrid>
        </Paper>
        <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="account-organisation">
          <Title order={2} fz="h4" id="account-organisation" mb="md">
            {t('users:account.organisationTitle')}
          </Title>
          <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="md" m={0}>
            <Field label={t('users:account.fields.organisation')}>{user.organisation.name}</Field>
            <Field label={t('users:account.fields.currentAccount')}>{user.currentAccount?.name ?? missing}</Field>
            <Field label={t('users:account.fields.clubAccounts')}>
              {user.clubAccounts.length > 0 ? user.clubAccounts.map((a) => a.name).join(', ') : missing}
            </Field>
          </SimpleGrid>
        </Paper>
      </Stack>
    </>
  );
}
