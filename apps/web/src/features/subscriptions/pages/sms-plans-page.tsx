import { Alert, Skeleton } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { brand } from '../../../app/brand';
import { PageHeader } from '../../../components/page-header';
import { useCurrentUser } from '../../../lib/current-user';
import { useSubscription } from '../api/get-subscription';
import { SmsPlanPicker } from '../components/sms-plan-picker';

/**
 * /dashboard/customer-care ("our SMS plan") and /dashboard/membercare/sms-plans: the same choice
 * of SMS plan, reached from the general menu and from member care.
 */
export default function SmsPlansPage() {
  const { t } = useTranslation(['subscriptions', 'shell']);
  const { pathname } = useLocation();
  const viewer = useCurrentUser();
  const subscription = useSubscription();
  const fromMemberCare = pathname.includes('membercare');
  const title = t(fromMemberCare ? 'subscriptions:screens.smsPlans' : 'subscriptions:screens.customerCare');
  useDocumentTitle(`${title} · ${brand.name}`);

  return (
    <>
      <PageHeader
        title={title}
        breadcrumbs={[
          { label: t('shell:nav.home'), to: '/dashboard' },
          ...(fromMemberCare ? [{ label: t('shell:nav.groups.memberCare') }] : []),
          { label: title },
        ]}
      />
      {subscription.isPending ? <Skeleton h={200} radius="md" /> : null}
      {subscription.isError ? <Alert color="red">{t('subscriptions:loadFailed')}</Alert> : null}
      {subscription.data && viewer ? (
        <SmsPlanPicker subscription={subscription.data} canChange={viewer.scopes.includes('subscription.manage')} />
      ) : null}
    </>
  );
}
