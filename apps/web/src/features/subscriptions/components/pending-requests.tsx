import type { DuplicateTier, Package, Subscription } from '@fairway/shared';
import { Alert, List, Text } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Requests that wait to take effect (docs/subscriptions.md#changes); while one waits, its repeat is refused. */
export function PendingRequests({
  subscription,
  packages,
  tiers = [],
}: {
  subscription: Subscription;
  packages: readonly Package[];
  /** Dubbelkoll's tiers, for a tier change (docs/subscriptions.md#tiers). */
  tiers?: readonly DuplicateTier[];
}) {
  const { t } = useTranslation('subscriptions');
  if (subscription.pendingRequests.length === 0) return null;
  const packageName = (id: string | null) => packages.find((p) => p.id === id)?.name ?? id ?? '';
  const tierName = (id: string) => tiers.find((x) => x.id === id)?.name ?? id;
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconHourglass size={18} />}
      title={t('pending.title')}
      data-testid="pending-requests"
    >
      <List spacing={6} fz="sm">
        {subscription.pendingRequests.map((request) => (
          <List.Item key={request.id}>
            <Text fz="sm" fw={600} component="span">
              {t(`pending.${request.type}`, {
                package: request.targetTierId ? tierName(request.targetTierId) : packageName(request.targetPackageId),
                plan: request.paymentPlan ? t(`paymentPlan.plans.${request.paymentPlan}`) : '',
                reason: request.reason ? t(`cancel.reasons.${request.reason}`) : '',
              })}
            </Text>{' '}
            <Text fz="sm" component="span" c="dimmed">
              · {t('pending.effective', { date: request.effectiveOn })}
              {request.requestedByName ? ` · ${t('pending.requestedBy', { name: request.requestedByName })}` : ''}
            </Text>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
