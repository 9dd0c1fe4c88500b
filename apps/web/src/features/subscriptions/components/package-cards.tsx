import { formatSek, monthlyPriceOre, type Package, type Subscription } from '@fairway/shared';
import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify';
import { useUpdatePackage } from '../api/update-package';
import { DowngradeModal } from './downgrade-modal';
import { PlanOptionCard } from './plan-option-card';
import { useLang } from './use-lang';

export interface PackageCardsProps {
  subscription: Subscription;
  packages: readonly Package[];
  viewerId: string;
}

/** Every package beside the current one, to upgrade or downgrade to (Owners only, docs/subscriptions.md#changes). */
export function PackageCards({ subscription, packages, viewerId }: PackageCardsProps) {
  const { t } = useTranslation('subscriptions');
  const lang = useLang();
  const update = useUpdatePackage(subscription.id);
  const [downgradeTo, setDowngradeTo] = useState<Package | null>(null);
  const current = subscription.package;
  const pendingFor = new Set(
    subscription.pendingRequests.filter((r) => r.type === 'upgrade' || r.type === 'downgrade').map((r) => r.targetPackageId),
  );

  const request = async (pkg: Package) => {
    await update.mutateAsync({ packageId: pkg.id });
    notifySuccess(t('packages.requested', { package: pkg.name }));
  };

  const choose = (pkg: Package) => {
    const upgrade = pkg.sortOrder > current.sortOrder;
    const price = formatSek(monthlyPriceOre(pkg, subscription.paymentPlan), lang);
    const facts = { package: pkg.name, invoices: pkg.invoicesPerMonth, users: pkg.maxUsers, clubAccounts: pkg.maxClubAccounts };
    if (!upgrade && (subscription.usage.users > pkg.maxUsers || subscription.usage.clubAccounts > pkg.maxClubAccounts)) {
      setDowngradeTo(pkg);
      return;
    }
    modals.openConfirmModal({
      title: t(upgrade ? 'packages.confirmUpgradeTitle' : 'packages.confirmDowngradeTitle', { package: pkg.name }),
      children: (
        <Text fz="sm">
          {upgrade
            ? t('packages.confirmUpgradeText', { ...facts, price })
            : t('packages.confirmDowngradeText', { ...facts, date: subscription.nextBillingDate })}
        </Text>
      ),
      labels: { confirm: t(upgrade ? 'packages.upgrade' : 'packages.downgrade'), cancel: t('common:actions.cancel') },
      confirmProps: { color: upgrade ? 'blue' : 'orange', 'data-testid': 'confirm-package-change' },
      onConfirm: () => void request(pkg).catch(() => undefined),
    });
  };

  return (
    <Stack gap="sm">
      <div>
        <Title order={3} fz="h4">
          {t('packages.title')}
        </Title>
        <Text c="dimmed" fz="sm">
          {t('packages.description')}
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 5 }} spacing="md">
        {packages.map((pkg) => {
          const isCurrent = pkg.id === current.id;
          const upgrade = pkg.sortOrder > current.sortOrder;
          const pending = pendingFor.has(pkg.id);
          const price = monthlyPriceOre(pkg, subscription.paymentPlan);
          return (
            <PlanOptionCard
              key={pkg.id}
              testId={`package-${pkg.id}`}
              name={pkg.name}
              currentLabel={t('packages.current')}
              current={isCurrent}
              pending={pending}
              price={price === 0 ? t('current.free') : t('current.pricePerMonth', { price: formatSek(price, lang) })}
              facts={[
                t('current.invoicesPerMonth', { count: pkg.invoicesPerMonth }),
                t('packages.users', { count: pkg.maxUsers }),
                t('packages.clubAccounts', { count: pkg.maxClubAccounts }),
              ]}
              change={
                !subscription.canManage
                  ? null
                  : {
                      upgrade,
                      active: subscription.status === 'active',
                      loading: update.isPending && update.variables?.packageId === pkg.id,
                      onClick: () => choose(pkg),
                    }
              }
            />
          );
        })}
      </SimpleGrid>
      {downgradeTo ? (
        <DowngradeModal
          target={downgradeTo}
          subscription={subscription}
          viewerId={viewerId}
          onClose={() => setDowngradeTo(null)}
          onSubmit={async (keep) => {
            await update.mutateAsync({ packageId: downgradeTo.id, ...keep, silent: true });
            notifySuccess(t('packages.requested', { package: downgradeTo.name }));
            setDowngradeTo(null);
          }}
        />
      ) : null}
    </Stack>
  );
}
