import { CONFIGURATION_GROUPS, type ConfigurationGroup } from '@fairway/shared';
import { Alert, Button, Loader, Stack, Tabs, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  type Icon,
  IconAlertCircle,
  IconApi,
  IconArticle,
  IconFileDollar,
  IconFileInvoice,
  IconMail,
  IconUsersGroup,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { brand } from '../../../app/brand';
import { PageHeader } from '../../../components/page-header';
import { ApiError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/current-user';
import { useConfigurations } from '../api/get-configurations';
import { ApiConfigurationForm } from '../components/api-form';
import { ArticleConfigurationForm } from '../components/article-form';
import { ContractConfigurationForm } from '../components/contract-form';
import { EmailConfigurationForm } from '../components/email-form';
import { InvoiceConfigurationForm } from '../components/invoice-form';
import { MemberConfigurationForm } from '../components/member-form';

/** The tabs of this page, one per configuration group (the user dropdown links to each). */
export const CONFIGURATION_TABS: readonly ConfigurationGroup[] = CONFIGURATION_GROUPS;

const ICONS: Record<ConfigurationGroup, Icon> = {
  invoice: IconFileInvoice,
  contract: IconFileDollar,
  member: IconUsersGroup,
  article: IconArticle,
  email: IconMail,
  api: IconApi,
};

const isGroup = (value: string | null): value is ConfigurationGroup =>
  value !== null && (CONFIGURATION_GROUPS as readonly string[]).includes(value);

/** /dashboard/settings: the configuration groups (docs/configurations.md) for the club account in use. */
export default function ConfigurationsPage() {
  const { t } = useTranslation(['configurations', 'shell']);
  const user = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const tab: ConfigurationGroup = isGroup(params.get('tab')) ? (params.get('tab') as ConfigurationGroup) : 'invoice';
  const clubAccountId = user?.currentAccount?.id;
  const query = useConfigurations(clubAccountId);
  const title = t('title');
  useDocumentTitle(`${t(`groups.${tab}.title`)} · ${title} · ${brand.name}`);
  const readOnly = !user?.scopes.includes('settings.manage');

  const header = (
    <PageHeader
      title={title}
      description={user?.currentAccount ? t('forClubAccount', { name: user.currentAccount.name }) : undefined}
      breadcrumbs={[{ label: t('shell:nav.home'), to: '/dashboard' }, { label: title }]}
    />
  );

  if (!user?.currentAccount) {
    return (
      <>
        {header}
        <Alert color="orange" variant="light" icon={<IconAlertCircle size={18} aria-hidden="true" />}>
          {t('noClubAccount')}
        </Alert>
      </>
    );
  }

  let body: React.ReactNode;
  if (query.isPending) {
    body = (
      <Stack align="center" py="xl" gap="xs" role="status">
        <Loader size="md" />
        <Text c="dimmed">{t('loading')}</Text>
      </Stack>
    );
  } else if (query.isError) {
    body = (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden="true" />} title={t('loadError')}>
        <Stack gap="sm" align="flex-start">
          {query.error instanceof ApiError ? <Text fz="sm">{query.error.message}</Text> : null}
          <Button size="xs" variant="light" onClick={() => void query.refetch()}>
            {t('retry')}
          </Button>
        </Stack>
      </Alert>
    );
  } else {
    const { groups } = query.data;
    const common = { clubAccountId: query.data.clubAccountId, readOnly, focusField: params.get('field') ?? undefined };
    const forms: Record<ConfigurationGroup, React.ReactNode> = {
      invoice: <InvoiceConfigurationForm {...common} values={groups.invoice.values} updatedAt={groups.invoice.updatedAt} />,
      contract: <ContractConfigurationForm {...common} values={groups.contract.values} updatedAt={groups.contract.updatedAt} />,
      member: <MemberConfigurationForm {...common} values={groups.member.values} updatedAt={groups.member.updatedAt} />,
      article: <ArticleConfigurationForm {...common} values={groups.article.values} updatedAt={groups.article.updatedAt} />,
      email: (
        <EmailConfigurationForm
          {...common}
          values={groups.email.values}
          updatedAt={groups.email.updatedAt}
          clubName={user.currentAccount.name}
        />
      ),
      api: (
        <ApiConfigurationForm
          {...common}
          values={groups.api.values}
          updatedAt={groups.api.updatedAt}
          clubAccounts={user.clubAccounts}
        />
      ),
    };
    body = forms[tab];
  }

  return (
    <>
      {header}
      <Tabs
        value={tab}
        onChange={(value) => {
          if (isGroup(value)) setParams({ tab: value }, { replace: true });
        }}
        keepMounted={false}
      >
        <Tabs.List mb="md" style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
          {CONFIGURATION_TABS.map((group) => {
            const TabIcon = ICONS[group];
            return (
              <Tabs.Tab key={group} value={group} leftSection={<TabIcon size={16} aria-hidden="true" />}>
                {t(`groups.${group}.tab`)}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
        <Tabs.Panel value={tab}>{body}</Tabs.Panel>
      </Tabs>
    </>
  );
}
