import { formatSek, type SmsPlan, type Subscription } from '@fairway/shared';
import { Alert, Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconMessage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { notifySuccess } from '../../../lib/notify';
import { useChangeSmsPlan } from '../api/change-sms-plan';
import { useSmsPlans } from '../api/get-sms-plans';
import { useLang } from './use-lang';

/**
 * SMS plans with SMS per month, used this month and cost per month
 * (docs/subscriptions.md#sms-plans); choosing needs subscription.manage.
 */
export function SmsPlanPicker({ subscription, canChange }: { subscription: Subscription; canChange: boolean }) {
  const { t } = useTranslation(['subscriptions', 'common']);
  const lang = useLang();
  const plans = useSmsPlans();
  const change = useChangeSmsPlan(subscription.id);
  const current = subscription.smsPlan;

  const choose = (plan: SmsPlan) =>
    modals.openConfirmModal({
      title: t('sms.confirmTitle', { plan: plan.name }),
      children: (
        <Text fz="sm">{t('sms.confirmText', { count: plan.smsPerMonth, price: formatSek(plan.monthlyPriceOre, lang) })}</Text>
      ),
      labels: { confirm: t('sms.choose'), cancel: t('common:actions.cancel') },
      onConfirm: () =>
        void change
          .mutateAsync({ smsPlanId: plan.id })
          .then(() => notifySuccess(t('sms.chosen', { plan: plan.name })))
          .catch(() => undefined),
    });

  const remove = () =>
    modals.openConfirmModal({
      title: t('sms.remove'),
      labels: { confirm: t('sms.remove'), cancel: t('common:actions.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        void change
          .mutateAsync({ smsPlanId: null })
          .then(() => notifySuccess(t('sms.removed')))
          .catch(() => undefined),
    });

  if (plans.isPending) return <Skeleton h={160} />;
  if (!plans.data || plans.data.length === 0) return <EmptyState title={t('sms.empty')} />;

  return (
    <Stack gap="md">
      <Text c="dimmed">{t('sms.description')}</Text>
      {!canChange ? <Alert variant="light">{t('sms.noPermission')}</Alert> : null}
      {current ? (
        <Group gap="sm">
          <Text fw={600}>
            {t('sms.current')}: {current.name}
          </Text>
          <Text fz="sm" c="dimmed" data-testid="sms-used">
            {t('sms.usedThisMonth', { used: subscription.usage.smsThisMonth, count: current.smsPerMonth })}
          </Text>
          {canChange ? (
            <Button variant="subtle" color="red" size="xs" onClick={remove}>
              {t('sms.remove')}
            </Button>
          ) : null}
        </Group>
      ) : (
        <Text fw={600}>{t('sms.none')}</Text>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 5 }} spacing="md">
        {plans.data.map((plan) => {
          const isCurrent = current?.id === plan.id;
          return (
            <Card key={plan.id} withBorder radius="md" padding="md" data-testid={`sms-plan-${plan.id}`}>
              <Stack gap={6}>
                <Group justify="space-between" gap="xs">
                  <Group gap={6}>
                    <IconMessage size={18} aria-hidden="true" />
                    <Text fw={700}>{plan.name}</Text>
                  </Group>
                  {isCurrent ? <Badge variant="light">{t('sms.current')}</Badge> : null}
                </Group>
                <Text>{t('sms.perMonth', { count: plan.smsPerMonth })}</Text>
                <Text fz="sm" c="dimmed">
                  {t('sms.cost', { price: formatSek(plan.monthlyPriceOre, lang) })}
                </Text>
                {isCurrent ? (
                  <Text fz="sm">
                    {t('sms.usedThisMonth', { used: subscription.usage.smsThisMonth, count: plan.smsPerMonth })}
                  </Text>
                ) : null}
                {canChange && !isCurrent ? (
                  <Button
                    mt="xs"
                    variant="light"
                    onClick={() => choose(plan)}
                    loading={change.isPending && change.variables?.smsPlanId === plan.id}
                  >
                    {t('sms.choose')}
                  </Button>
                ) : null}
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
