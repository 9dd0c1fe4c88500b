import { type DuplicateTier, formatSek, monthlyPriceOre, type Subscription } from '@fairway/shared';
import { List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/dates';
import { notifySuccess } from '../../../lib/notify';
import { useUpdateTier } from '../api/update-tier';
import { CurrentPlanCard, UsageMeter } from './current-package-card';
import { PlanOptionCard } from './plan-option-card';
import { useLang } from './use-lang';

/**
 * A Dubbelkoll subscription on the subscription tab (docs/subscriptions.md#tiers): the tier in
 * use with its usage, and the other tiers to change to, the way golf packages are changed.
 */

const resourceList = (resources: readonly string[], t: TFunction<'subscriptions'>) =>
  resources.map((r) => t(`tiers.resources.${r}`)).join(', ');

/** The tier in use, its price under the current plan, the term and how much of it is used. */
export function CurrentTierCard({ subscription, tier }: { subscription: Subscription; tier: DuplicateTier }) {
  const { t } = useTranslation('subscriptions');
  return (
    <CurrentPlanCard
      subscription={subscription}
      title={t('tiers.currentTitle')}
      name={tier.name}
      priceOre={monthlyPriceOre(tier, subscription.paymentPlan)}
      testId="current-tier"
      usage={
        <>
          <UsageMeter
            testId="usage-documents"
            label={t('tiers.usageDocuments')}
            used={subscription.usage.duplicateDocumentsThisMonth}
            max={tier.documentsPerMonth}
          />
          <UsageMeter testId="usage-users" label={t('usage.users')} used={subscription.usage.users} max={tier.maxUsers} />
          <UsageMeter
            testId="usage-companies"
            label={t('tiers.usageCompanies')}
            used={subscription.usage.connectedCompanies}
            max={tier.maxCompanies}
          />
        </>
      }
    >
      <Text>{t('tiers.compares', { resources: resourceList(tier.resources, t) })}</Text>
      <Text>{t('tiers.history', { count: tier.historyMonths })}</Text>
    </CurrentPlanCard>
  );
}

/** What changes from one tier to another, one line each, for the confirmation. */
export function tierChanges(
  from: DuplicateTier,
  to: DuplicateTier,
  subscription: Subscription,
  t: TFunction<'subscriptions'>,
  lang: 'sv' | 'en',
): string[] {
  const lines: string[] = [];
  const number = (n: number) => n.toLocaleString(lang === 'sv' ? 'sv-SE' : 'en-GB');
  if (from.documentsPerMonth !== to.documentsPerMonth) {
    lines.push(t('tiers.change.documents', { from: number(from.documentsPerMonth), to: number(to.documentsPerMonth) }));
  }
  if (from.maxUsers !== to.maxUsers) lines.push(t('tiers.change.users', { from: from.maxUsers, to: to.maxUsers }));
  if (from.maxCompanies !== to.maxCompanies) {
    lines.push(t('tiers.change.companies', { from: from.maxCompanies, to: to.maxCompanies }));
  }
  if (from.historyMonths !== to.historyMonths) {
    lines.push(t('tiers.change.history', { from: from.historyMonths, to: to.historyMonths }));
  }
  const gained = to.resources.filter((r) => !from.resources.includes(r));
  const lost = from.resources.filter((r) => !to.resources.includes(r));
  if (gained.length > 0) lines.push(t('tiers.change.gained', { resources: resourceList(gained, t) }));
  if (lost.length > 0) lines.push(t('tiers.change.lost', { resources: resourceList(lost, t) }));
  lines.push(
    t('tiers.change.price', {
      from: formatSek(monthlyPriceOre(from, subscription.paymentPlan), lang),
      to: formatSek(monthlyPriceOre(to, subscription.paymentPlan), lang),
    }),
  );
  return lines;
}

/** Every tier beside the current one, to upgrade or downgrade to (Owners only). */
export function TierCards({
  subscription,
  tier: current,
  tiers,
}: {
  subscription: Subscription;
  tier: DuplicateTier;
  tiers: readonly DuplicateTier[];
}) {
  const { t } = useTranslation('subscriptions');
  const lang = useLang();
  const update = useUpdateTier(subscription.id);
  const order = (id: string) => tiers.findIndex((x) => x.id === id);
  const pendingFor = new Set(
    subscription.pendingRequests.filter((r) => r.type === 'upgrade' || r.type === 'downgrade').map((r) => r.targetTierId),
  );

  const choose = (target: DuplicateTier) => {
    const upgrade = order(target.id) > order(current.id);
    modals.openConfirmModal({
      title: t(upgrade ? 'tiers.confirmUpgradeTitle' : 'tiers.confirmDowngradeTitle', { tier: target.name }),
      children: (
        <Stack gap="xs">
          <List spacing={4} fz="sm" data-testid="tier-changes">
            {tierChanges(current, target, subscription, t, lang).map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
          <Text fz="sm" c="dimmed">
            {upgrade
              ? t('tiers.upgradeWhen')
              : t('tiers.downgradeWhen', { date: formatDate(subscription.nextBillingDate, lang) })}
          </Text>
        </Stack>
      ),
      labels: { confirm: t(upgrade ? 'packages.upgrade' : 'packages.downgrade'), cancel: t('common:actions.cancel') },
      confirmProps: { color: upgrade ? 'blue' : 'orange', 'data-testid': 'confirm-tier-change' },
      onConfirm: () =>
        void update
          .mutateAsync({ tierId: target.id })
          .then(() => notifySuccess(t('tiers.requested', { tier: target.name })))
          .catch(() => undefined),
    });
  };

  return (
    <Stack gap="sm">
      <div>
        <Title order={3} fz="h4">
          {t('tiers.title')}
        </Title>
        <Text c="dimmed" fz="sm">
          {t('tiers.description')}
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
        {tiers.map((tier) => {
          const isCurrent = tier.id === current.id;
          const upgrade = order(tier.id) > order(current.id);
          const pending = pendingFor.has(tier.id);
          return (
            <PlanOptionCard
              key={tier.id}
              testId={`tier-${tier.id}`}
              name={tier.name}
              currentLabel={t('tiers.current')}
              current={isCurrent}
              pending={pending}
              price={t('current.pricePerMonth', { price: formatSek(monthlyPriceOre(tier, subscription.paymentPlan), lang) })}
              facts={[
                t('tiers.documents', { count: tier.documentsPerMonth }),
                t('tiers.compares', { resources: resourceList(tier.resources, t) }),
                t('packages.users', { count: tier.maxUsers }),
                t('tiers.companies', { count: tier.maxCompanies }),
                t('tiers.history', { count: tier.historyMonths }),
              ]}
              change={
                !subscription.canManage
                  ? null
                  : {
                      upgrade,
                      active: subscription.status === 'active',
                      loading: update.isPending && update.variables?.tierId === tier.id,
                      onClick: () => choose(tier),
                    }
              }
            />
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
