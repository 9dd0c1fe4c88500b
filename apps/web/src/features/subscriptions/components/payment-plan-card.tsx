import { formatSek, monthlyPriceOre, PAYMENT_PLANS, type PaymentPlan, type Subscription } from '@fairway/shared';
import { Button, Group, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/dates';
import { notifySuccess } from '../../../lib/notify';
import { useChangePaymentPlan } from '../api/change-payment-plan';
import { usePaymentPlans } from '../api/get-payment-plans';
import { useLang } from './use-lang';

/** Annually, quarterly (+80 SEK ex VAT per month) or monthly; the change waits for the next period. */
export function PaymentPlanCard({ subscription }: { subscription: Subscription }) {
  const { t } = useTranslation(['subscriptions', 'common']);
  const lang = useLang();
  const plans = usePaymentPlans();
  const change = useChangePaymentPlan(subscription.id);
  const pending = subscription.pendingRequests.find((r) => r.type === 'payment_plan');
  const [chosen, setChosen] = useState<PaymentPlan>(pending?.paymentPlan ?? subscription.paymentPlan);
  const months = plans.data?.find((p) => p.id === chosen)?.months ?? 0;

  const confirm = () =>
    modals.openConfirmModal({
      title: t('paymentPlan.confirmTitle', { plan: t(`paymentPlan.plans.${chosen}`).toLocaleLowerCase(lang) }),
      children: (
        <Text fz="sm">{t('paymentPlan.confirmText', { date: formatDate(subscription.nextBillingDate, lang), months })}</Text>
      ),
      labels: { confirm: t('paymentPlan.change'), cancel: t('common:actions.cancel') },
      onConfirm: () =>
        void change
          .mutateAsync({ paymentPlan: chosen })
          .then(() => notifySuccess(t('paymentPlan.requested')))
          .catch(() => undefined),
    });

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} data-testid="payment-plan">
      <Stack gap="sm">
        <div>
          <Title order={3} fz="h4">
            {t('paymentPlan.title')}
          </Title>
          <Text c="dimmed" fz="sm">
            {t('paymentPlan.description')}
          </Text>
        </div>
        <Radio.Group value={chosen} onChange={(value) => setChosen(value as PaymentPlan)} aria-label={t('paymentPlan.title')}>
          <Stack gap="xs">
            {PAYMENT_PLANS.map((plan) => {
              const info = plans.data?.find((p) => p.id === plan);
              const surcharge = info?.surchargeOrePerMonth ?? 0;
              return (
                <Radio
                  key={plan}
                  value={plan}
                  disabled={!subscription.canManage || Boolean(pending)}
                  label={`${t(`paymentPlan.plans.${plan}`)} · ${t('paymentPlan.perMonth', {
                    price: formatSek(monthlyPriceOre(subscription.package, plan), lang),
                  })}`}
                  description={
                    surcharge > 0
                      ? t('paymentPlan.surcharge', { price: formatSek(surcharge, lang) })
                      : t('paymentPlan.noSurcharge')
                  }
                />
              );
            })}
          </Stack>
        </Radio.Group>
        {pending ? (
          <Text fz="sm" c="yellow.8">
            {t('paymentPlan.pendingNote')}
          </Text>
        ) : null}
        {subscription.canManage ? (
          <Group>
            <Button
              onClick={confirm}
              disabled={Boolean(pending) || chosen === subscription.paymentPlan || subscription.status !== 'active'}
              loading={change.isPending}
            >
              {t('paymentPlan.change')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
