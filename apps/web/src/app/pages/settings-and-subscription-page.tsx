import { Tabs } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCreditCard, IconPackage, IconReceipt2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { BillingDetailsForm } from '../../features/billings/components/billing-details-form';
import { BillingsTable } from '../../features/billings/components/billings-table';
import { SubscriptionTab } from '../../features/subscriptions/components/subscription-tab';
import { useCurrentUser } from '../../lib/current-user';
import { useTabParam } from '../../lib/use-tab-param';
import { brand } from '../brand';

const TABS = ['subscription', 'billing', 'billingDetails'] as const;

/**
 * /dashboard/configuration/settings, "settings and subscription" (docs/subscriptions.md): the Subscription tab
 * from the subscriptions feature and the two billing tabs from the billings feature, composed here
 * so neither feature imports the other. The user dropdown links straight to a tab with `?tab=`.
 */
export default function SettingsAndSubscriptionPage() {
  const { t } = useTranslation(['subscriptions', 'shell']);
  const viewer = useCurrentUser();
  // Billing is for those who may read it (Owner, Manager, Accountant by default).
  const canSeeBilling = viewer?.scopes.includes('billing.read') ?? false;
  const available = TABS.filter((tab) => tab === 'subscription' || canSeeBilling);
  const [active, selectTab] = useTabParam(available, 'subscription');
  const title = t('subscriptions:page.title');
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
          <Tabs.Tab value="subscription" leftSection={<IconPackage size={16} aria-hidden="true" />}>
            {t('subscriptions:page.tabs.subscription')}
          </Tabs.Tab>
          {canSeeBilling ? (
            <>
              <Tabs.Tab value="billing" leftSection={<IconReceipt2 size={16} aria-hidden="true" />}>
                {t('subscriptions:page.tabs.billing')}
              </Tabs.Tab>
              <Tabs.Tab value="billingDetails" leftSection={<IconCreditCard size={16} aria-hidden="true" />}>
                {t('subscriptions:page.tabs.billingDetails')}
              </Tabs.Tab>
            </>
          ) : null}
        </Tabs.List>
        <Tabs.Panel value="subscription">
          <SubscriptionTab viewer={viewer} />
        </Tabs.Panel>
        {canSeeBilling ? (
          <>
            <Tabs.Panel value="billing">
              <BillingsTable />
            </Tabs.Panel>
            <Tabs.Panel value="billingDetails">
              <BillingDetailsForm canEdit={viewer.scopes.includes('company.write')} />
            </Tabs.Panel>
          </>
        ) : null}
      </Tabs>
    </>
  );
}
