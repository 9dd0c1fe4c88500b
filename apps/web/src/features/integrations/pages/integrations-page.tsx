import type { Integration, IntegrationSystem } from '@fairway/shared';
import { Alert, Badge, Button, Card, Group, Loader, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { type Icon, IconAlertCircle, IconCalculator, IconGolf, IconMail, IconMessage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { brand } from '../../../app/brand';
import { PageHeader } from '../../../components/page-header';
import { useCurrentUser } from '../../../lib/current-user';
import { useIntegrations } from '../../../lib/integrations';
import { AccountingCard } from '../components/accounting-card';
import { STATUS_COLORS } from '../components/accounting-status';
import { ConnectorCard } from '../components/connector-card';
import { GitCard } from '../components/git-card';
import { RequestIntegrationForm } from '../components/request-integration-form';

const ICONS: Record<IntegrationSystem, Icon> = {
  accounting: IconCalculator,
  git: IconGolf,
  sms: IconMessage,
  email: IconMail,
};

function providerName(integration: Integration, t: (key: string) => string): string {
  if (integration.system === 'sms' && integration.provider) return integration.provider;
  return t(`systems.${integration.system}.name`);
}

function IntegrationCard({ integration }: { integration: Integration }) {
  const { t } = useTranslation('integrations');
  const SystemIcon = ICONS[integration.system];
  const name = providerName(integration, t);
  return (
    <Card withBorder radius="md" padding="lg" data-testid={`integration-${integration.system}`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <ThemeIcon size={40} radius="md" variant="light" aria-hidden="true">
            <SystemIcon size={22} />
          </ThemeIcon>
          <div style={{ minWidth: 0 }}>
            <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
              {t(`systems.${integration.system}.kind`)}
            </Text>
            <Title order={3} fz="h5" lineClamp={1}>
              {name}
            </Title>
          </div>
        </Group>
        <Badge color={STATUS_COLORS[integration.status]} variant="light" style={{ flexShrink: 0 }}>
          {t(`status.${integration.status}`)}
        </Badge>
      </Group>
      <Text fz="sm" c="dimmed" mt="md">
        {t(`systems.${integration.system}.${integration.status}`, { name })}
      </Text>
      {integration.system === 'sms' && integration.status === 'no_plan' ? (
        <Button component={Link} to="/dashboard/customer-care" variant="light" size="xs" mt="md" w="fit-content">
          {t('chooseSmsPlan')}
        </Button>
      ) : null}
    </Card>
  );
}

/** /dashboard/configuration/integrations: each system of the club account in use and its status. */
export default function IntegrationsPage() {
  const { t } = useTranslation(['integrations', 'shell']);
  const user = useCurrentUser();
  const query = useIntegrations(user?.currentAccount?.id, { followRefresh: true });
  const title = t('title');
  useDocumentTitle(`${title} · ${brand.name}`);
  // One scope guards both asking for an integration and connecting one.
  const mayManage = user?.scopes.includes('integrations.manage') ?? false;
  // GIT's link is read and changed through the GIT routes, which have scopes of their own.
  const mayReadGit = user?.scopes.includes('git.read') ?? false;
  const mayWriteGit = user?.scopes.includes('git.write') ?? false;
  // Visma Administration is reached through a connector on the club's own computer.
  const usesConnector = query.data?.integrations.some((i) => i.system === 'accounting' && i.provider === 'visma_administration');
  const connectorAccount = usesConnector ? query.data?.clubAccount : null;

  return (
    <>
      <PageHeader
        title={title}
        description={query.data?.clubAccount ? t('forClubAccount', { name: query.data.clubAccount.name }) : undefined}
        breadcrumbs={[
          { label: t('shell:nav.home'), to: '/dashboard' },
          { label: t('shell:nav.groups.configuration') },
          { label: title },
        ]}
      />
      <Stack gap="lg">
        {query.isPending ? (
          <Stack align="center" py="xl" gap="xs" role="status">
            <Loader size="md" />
            <Text c="dimmed">{t('loading')}</Text>
          </Stack>
        ) : query.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden="true" />} title={t('loadError')}>
            <Button size="xs" variant="light" onClick={() => void query.refetch()}>
              {t('retry')}
            </Button>
          </Alert>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {query.data.integrations.map((integration) =>
              integration.system === 'accounting' ? (
                <AccountingCard
                  key={integration.system}
                  integration={integration}
                  clubAccountName={query.data.clubAccount?.name ?? ''}
                  mayManage={mayManage}
                />
              ) : integration.system === 'git' ? (
                <GitCard
                  key={integration.system}
                  mayManage={mayManage && mayWriteGit}
                  mayRead={mayReadGit}
                  fallbackStatus={integration.status}
                  target={integration.target}
                />
              ) : (
                <IntegrationCard key={integration.system} integration={integration} />
              ),
            )}
          </SimpleGrid>
        )}
        {connectorAccount ? (
          <ConnectorCard clubAccountId={connectorAccount.id} clubAccountName={connectorAccount.name} mayManage={mayManage} />
        ) : null}
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="request-integration">
          <Title order={2} fz="h4" id="request-integration">
            {t('request.title')}
          </Title>
          <Text c="dimmed" fz="sm" mt={4} mb="md">
            {t('request.description')}
          </Text>
          {mayManage ? <RequestIntegrationForm /> : <Text fz="sm">{t('request.notAllowed')}</Text>}
        </Paper>
      </Stack>
    </>
  );
}
