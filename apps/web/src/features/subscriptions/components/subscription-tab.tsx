import type { CurrentUser } from '@fairway/shared';
import { Alert, Button, Skeleton, Stack } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { usePackages } from '../api/get-packages';
import { useSubscription } from '../api/get-subscription';
import { useTiers } from '../api/get-tiers';
import { CancelSubscription } from './cancel-subscription';
import { CurrentPackageCard } from './current-package-card';
import { ModulesCard } from './modules-card';
import { PackageCards } from './package-cards';
import { PaymentPlanCard } from './payment-plan-card';
import { PendingRequests } from './pending-requests';
import { CurrentTierCard, TierCards } from './tier-subscription';

/** The Subscription tab of /dashboard/configuration/settings. */
export function SubscriptionTab({ viewer }: { viewer: CurrentUser }) {
  const { t } = useTranslation('subscriptions');
  const subscription = useSubscription();
  const packages = usePackages();
  // A Dubbelkoll subscription changes between tiers instead of packages (docs/subscriptions.md#tiers).
  const tiers = useTiers(Boolean(subscription.data?.tier));
  const withTier = Boolean(subscription.data?.tier);

  if (subscription.isPending || packages.isPending || (withTier && tiers.isPending)) {
    return (
      <Stack gap="md" aria-busy="true">
        <Skeleton h={180} radius="md" />
        <Skeleton h={220} radius="md" />
      </Stack>
    );
  }
  if (subscription.isError || packages.isError || (withTier && tiers.isError)) {
    return (
      <Alert color="red" title={t('loadFailed')}>
        <Button
          mt="xs"
          size="xs"
          variant="light"
          onClick={() => {
            void subscription.refetch();
            void packages.refetch();
            if (withTier) void tiers.refetch();
          }}
        >
          {t('retry')}
        </Button>
      </Alert>
    );
  }
  const sub = subscription.data;
  const tier = sub.tier;
  return (
    <Stack gap="lg">
      {sub.canManage ? null : (
        <Alert color="gray" variant="light" icon={<IconLock size={18} />} data-testid="only-owner">
          {t('onlyOwner')}
        </Alert>
      )}
      <PendingRequests subscription={sub} packages={packages.data} tiers={tiers.data ?? []} />
      {tier ? (
        <>
          <CurrentTierCard subscription={sub} tier={tier} />
          <TierCards subscription={sub} tier={tier} tiers={tiers.data ?? []} />
        </>
      ) : (
        <>
          <CurrentPackageCard subscription={sub} />
          <PackageCards subscription={sub} packages={packages.data} viewerId={viewer.id} />
        </>
      )}
      <PaymentPlanCard subscription={sub} />
      {tier ? null : <ModulesCard packages={packages.data} />}
      <CancelSubscription subscription={sub} />
    </Stack>
  );
}
