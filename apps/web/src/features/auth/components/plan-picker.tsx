import { Alert, Button, Group, Radio, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, type Ref, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatSek } from '../lib/format';
import { toLang } from '../lib/use-field-error';

export interface PlanPickerProps {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** Lets the form move focus to the choice when it is missing. */
  focusRef?: Ref<HTMLButtonElement>;
}

interface PlanPickerFrameProps<T extends { id: string }> extends PlanPickerProps {
  plans: UseQueryResult<T[]>;
  /** The group's texts: `<prefix>.label`, `.description` and `.loadFailed` of the auth namespace. */
  prefix: 'register.package' | 'register.tier';
  skeletonHeight: number;
  /** What a card shows under its radio, beside the plan's name. */
  body: (plan: T) => ReactNode;
  name: (plan: T) => ReactNode;
  /** Beside the name at the card's far end (e.g. a "free" badge). */
  aside?: (plan: T) => ReactNode;
  testId?: (plan: T) => string;
}

/**
 * A required choice of one plan as radio cards (the golf packages, Dubbelkoll's tiers): a
 * skeleton while they load, a retry when they could not be read, and the error tied to the cards.
 */
export function PlanPicker<T extends { id: string }>({
  value,
  onChange,
  error,
  focusRef,
  plans,
  prefix,
  skeletonHeight,
  body,
  name,
  aside,
  testId,
}: PlanPickerFrameProps<T>) {
  const { t } = useTranslation('auth');
  const errorId = useId();
  return (
    <Radio.Group
      value={value}
      onChange={onChange}
      label={t(`${prefix}.label`)}
      description={t(`${prefix}.description`)}
      withAsterisk
      error={error}
      errorProps={{ id: errorId }}
    >
      {plans.isPending ? (
        <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} mt="xs" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={skeletonHeight} radius="md" />
          ))}
        </SimpleGrid>
      ) : plans.isError ? (
        <Alert color="red" variant="light" mt="xs">
          <Group justify="space-between" gap="xs">
            <Text size="sm">{t(`${prefix}.loadFailed`)}</Text>
            <Button size="compact-sm" variant="light" color="red" onClick={() => void plans.refetch()}>
              {t('link.retry')}
            </Button>
          </Group>
        </Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} mt="xs" spacing="sm">
          {plans.data.map((plan, index) => (
            <Radio.Card
              key={plan.id}
              value={plan.id}
              ref={index === 0 ? focusRef : undefined}
              p="md"
              radius="md"
              aria-describedby={error ? errorId : undefined}
              data-testid={testId?.(plan)}
            >
              <Stack gap={6}>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Group gap={8} wrap="nowrap">
                    <Radio.Indicator size="sm" />
                    <Text fw={650}>{name(plan)}</Text>
                  </Group>
                  {aside?.(plan)}
                </Group>
                {body(plan)}
              </Stack>
            </Radio.Card>
          ))}
        </SimpleGrid>
      )}
    </Radio.Group>
  );
}

/** A plan's monthly price ex VAT, as every plan card shows it. */
export function PlanPrice({ ore }: { ore: number }) {
  const { t, i18n } = useTranslation('auth');
  return (
    <Text fw={700} fz="lg" lh={1.2}>
      {formatSek(ore, toLang(i18n.language))}
      <Text span size="xs" c="dimmed" fw={400}>
        {' '}
        {t('register.package.perMonthExVat')}
      </Text>
    </Text>
  );
}

/** A plan's limits line: how many users, and how many club accounts or companies (`accounts`, already worded). */
export function PlanLimits({ users, accounts }: { users: number; accounts: string }) {
  const { t } = useTranslation('auth');
  return (
    <Text size="xs" c="dimmed">
      {t('register.package.limits', { users: t('register.package.users', { count: users }), accounts })}
    </Text>
  );
}
