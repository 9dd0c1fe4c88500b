import { formatSek, monthlyPriceOre, type Subscription } from '@fairway/shared';
import { Badge, Group, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/dates';
import { useLang } from './use-lang';

export function UsageMeter({ label, used, max, testId }: { label: string; used: number; max: number; testId: string }) {
  const { t } = useTranslation('subscriptions');
  const ratio = max > 0 ? Math.min(100, (used / max) * 100) : 100;
  const full = used >= max;
  return (
    <Stack gap={4} data-testid={testId}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text fz="sm">{label}</Text>
        <Text fz="sm" fw={600}>
          {t('usage.of', { used, max })}
        </Text>
      </Group>
      <Progress value={ratio} color={used > max ? 'red' : full || ratio > 80 ? 'orange' : 'blue'} aria-label={label} />
      {full ? (
        <Text fz="xs" c={used > max ? 'red' : 'orange.8'}>
          {t('usage.full')}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * The frame of the plan in use (a golf package, a Dubbelkoll tier): its name under a title with the
 * subscription's status, what it holds (`children`), the price, the term and the next billing on
 * one side, the usage meters on the other.
 */
export function CurrentPlanCard({
  subscription,
  title,
  name,
  priceOre,
  testId,
  children,
  usage,
}: {
  subscription: Subscription;
  title: string;
  name: string;
  priceOre: number;
  testId: string;
  children: ReactNode;
  usage: ReactNode;
}) {
  const { t } = useTranslation('subscriptions');
  const lang = useLang();
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} data-testid={testId}>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <Stack gap={6}>
          <Group gap="xs">
            <Text c="dimmed" fz="sm">
              {title}
            </Text>
            <Badge color={subscription.status === 'active' ? 'green' : 'gray'} variant="light">
              {t(`current.status.${subscription.status}`)}
            </Badge>
          </Group>
          <Title order={2} fz="h3">
            {name}
          </Title>
          {children}
          <Text fw={600}>
            {priceOre === 0 ? t('current.free') : t('current.pricePerMonth', { price: formatSek(priceOre, lang) })}
          </Text>
          <Text fz="sm" c="dimmed">
            {t('current.term', { start: formatDate(subscription.startDate, lang), end: formatDate(subscription.endDate, lang) })}
          </Text>
          <Text fz="sm" c="dimmed">
            {t('current.nextBilling', { date: formatDate(subscription.nextBillingDate, lang) })}
          </Text>
        </Stack>
        <Stack gap="sm">
          <Text fw={600}>{t('usage.title')}</Text>
          {usage}
        </Stack>
      </SimpleGrid>
    </Paper>
  );
}

/** The package in use, its price under the current plan, the term and how much of it is used. */
export function CurrentPackageCard({ subscription }: { subscription: Subscription }) {
  const { t } = useTranslation('subscriptions');
  const pkg = subscription.package;
  return (
    <CurrentPlanCard
      subscription={subscription}
      title={t('current.title')}
      name={pkg.name}
      priceOre={monthlyPriceOre(pkg, subscription.paymentPlan)}
      testId="current-package"
      usage={
        <>
          <UsageMeter
            testId="usage-invoices"
            label={t('usage.invoices')}
            used={subscription.usage.invoicesThisMonth}
            max={pkg.invoicesPerMonth}
          />
          <UsageMeter testId="usage-users" label={t('usage.users')} used={subscription.usage.users} max={pkg.maxUsers} />
          <UsageMeter
            testId="usage-club-accounts"
            label={t('usage.clubAccounts')}
            used={subscription.usage.clubAccounts}
            max={pkg.maxClubAccounts}
          />
          {subscription.smsPlan ? (
            <UsageMeter
              testId="usage-sms"
              label={t('usage.sms')}
              used={subscription.usage.smsThisMonth}
              max={subscription.smsPlan.smsPerMonth}
            />
          ) : null}
        </>
      }
    >
      <Text>{t('current.invoicesPerMonth', { count: pkg.invoicesPerMonth })}</Text>
    </CurrentPlanCard>
  );
}
