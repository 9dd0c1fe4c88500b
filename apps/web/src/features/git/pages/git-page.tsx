import type { GitInvoiceBasisRow, GitInvoiceOccasionRow } from '@fairway/shared';
import { Tabs } from '@mantine/core';
import {
  type Icon,
  IconBox,
  IconCreditCardRefund,
  IconFileInvoice,
  IconHistory,
  IconReceipt,
  IconSettings,
  IconUsers,
} from '@tabler/icons-react';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ListPage } from '../../../components/list/list-page';
import { useCurrentUser } from '../../../lib/current-user';
import { ContinueOccasion } from '../components/continue-occasion';
import { GitArticlesTab } from '../components/git-articles-tab';
import { GitMembersTab } from '../components/git-members-tab';
import { GitOccasionsTab } from '../components/git-occasions-tab';
import { GitSettingsTab } from '../components/git-settings-tab';
import { GitSettledTab } from '../components/git-settled-tab';
import { GitTransactionsTab } from '../components/git-transactions-tab';
import { GIT_TABS, type GitTab } from '../lib/paths';
import { useTabSelections } from '../lib/selection';

const ICONS: Record<GitTab, Icon> = {
  members: IconUsers,
  articles: IconBox,
  invoiceOccasions: IconFileInvoice,
  paidInvoices: IconReceipt,
  creditedInvoices: IconCreditCardRefund,
  settings: IconSettings,
  transactionLog: IconHistory,
};

/** A list's own address parameters; moving to another tab starts that tab's list afresh. */
const LIST_PARAMS = ['page', 'pageSize', 'sort', 'order', 'search', 'active', 'view', 'status'];

/**
 * The tabs, kept in `?tab=`. The selections of the invoice-occasion, paid and credited lists
 * live here, one per tab, so they survive paging and moving between tabs.
 */
function GitTabs() {
  const { t } = useTranslation('git');
  const user = useCurrentUser();
  const canWrite = user?.scopes.includes('git.write') ?? false;
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: GitTab = (GIT_TABS as readonly string[]).includes(requested ?? '') ? (requested as GitTab) : 'members';
  const selections = useTabSelections();
  const select = (value: string | null) => {
    if (!value || value === tab) return;
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const name of LIST_PARAMS) next.delete(name);
        next.set('tab', value);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };
  const content: Record<GitTab, () => ReactElement> = {
    members: () => <GitMembersTab />,
    articles: () => <GitArticlesTab />,
    invoiceOccasions: () => (
      <GitOccasionsTab
        canWrite={canWrite}
        selection={selections.get<GitInvoiceOccasionRow>('invoiceOccasions')}
        onSelectionChange={(next) => selections.set('invoiceOccasions', next)}
      />
    ),
    paidInvoices: () => (
      <GitSettledTab
        key="paid"
        kind="paid"
        canWrite={canWrite}
        selection={selections.get<GitInvoiceBasisRow>('paidInvoices')}
        onSelectionChange={(next) => selections.set('paidInvoices', next)}
      />
    ),
    creditedInvoices: () => (
      <GitSettledTab
        key="credited"
        kind="credited"
        canWrite={canWrite}
        selection={selections.get<GitInvoiceBasisRow>('creditedInvoices')}
        onSelectionChange={(next) => selections.set('creditedInvoices', next)}
      />
    ),
    settings: () => <GitSettingsTab canWrite={canWrite} />,
    transactionLog: () => <GitTransactionsTab />,
  };
  return (
    <>
      <ContinueOccasion />
      <Tabs value={tab} onChange={select} keepMounted={false}>
        <Tabs.List mb="md">
          {GIT_TABS.map((value) => {
            const TabIcon = ICONS[value];
            return (
              <Tabs.Tab key={value} value={value} leftSection={<TabIcon size={16} aria-hidden="true" />}>
                {t(`tabs.${value}`)}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
        {GIT_TABS.map((value) => (
          <Tabs.Panel key={value} value={value}>
            {value === tab ? content[value]() : null}
          </Tabs.Panel>
        ))}
      </Tabs>
    </>
  );
}

/**
 * /dashboard/golfrelated/git: the portal's copy of GIT (docs/git.md#pages): members, articles,
 * invoice occasions, settled invoices, settings and the log.
 */
export default function GitPage() {
  const { t } = useTranslation(['git', 'shell']);
  return (
    <ListPage title={t('title')} description={t('description')} section={t('shell:nav.groups.golf')} scope="git.read">
      <GitTabs />
    </ListPage>
  );
}
