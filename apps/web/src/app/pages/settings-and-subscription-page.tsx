import { useDocumentTitle } from '@mantine/hooks';
import { IconCreditCard, IconPackage, IconReceipt2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type ListPageTab, PageTabs } from '../../components/list/list-page';
import { PageHeader } from '../../components/page-header';
import { BillingDetailsForm } from '../../features/billings/components/billing-details-form';
import { BillingsTable } from '../../features/billings/components/billings-table';
import { SubscriptionTab } from '../../features/subscriptions/components/subscription-tab';
import { useCurrentUser } from '../../lib/current-user';
import { brand } from '../brand';

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
  const title = t('subscriptions:page.title');
  useDocumentTitle(`${title} · ${brand.name}`);
  if (!viewer) return null;

  const subscription: ListPageTab = {
    value: 'subscription',
    label: t('subscriptions:page.tabs.subscription'),
    icon: IconPackage,
    content: <SubscriptionTab viewer={viewer} />,
  };
  const billing: ListPageTab[] = [
    { value: 'billing', label: t('subscriptions:page.tabs.billing'), icon: IconReceipt2, content: <BillingsTable /> },
    {
      value: 'billingDetails',
      label: t('subscriptions:page.tabs.billingDetails'),
      icon: IconCreditCard,
      content: <BillingDetailsForm canEdit={viewer.scopes.includes('company.write')} />,
    },
  ];

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
      <PageTabs tabs={canSeeBilling ? [subscription, ...billing] : [subscription]} />
    </>
  );
}
