import type { Package } from '@fairway/shared';
import { Alert, Badge, Button, Group, Radio, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { type Ref, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { usePackages } from '../api/get-packages';
import { formatCount, formatSek } from '../lib/format';
import { toLang } from '../lib/use-field-error';

export interface PackagePickerProps {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** Lets the form move focus to the choice when it is missing. */
  focusRef?: Ref<HTMLButtonElement>;
}

/** The packages of landing_page/packages as cards: monthly price ex VAT and the invoice allowance. */
export function PackagePicker({ value, onChange, error, focusRef }: PackagePickerProps) {
  const { t, i18n } = useTranslation('auth');
  const lang = toLang(i18n.language);
  const packages = usePackages();
  const errorId = useId();

  return (
    <Radio.Group
      value={value}
      onChange={onChange}
      label={t('register.package.label')}
      description={t('register.package.description')}
      withAsterisk
      error={error}
      errorProps={{ id: errorId }}
    >
      {packages.isPending ? (
        <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} mt="xs" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={112} radius="md" />
          ))}
        </SimpleGrid>
      ) : packages.isError ? (
        <Alert color="red" variant="light" mt="xs">
          <Group justify="space-between" gap="xs">
            <Text size="sm">{t('register.package.loadFailed')}</Text>
            <Button size="compact-sm" variant="light" color="red" onClick={() => void packages.refetch()}>
              {t('link.retry')}
            </Button>
          </Group>
        </Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} mt="xs" spacing="sm">
          {packages.data.map((pkg: Package, index) => (
            <Radio.Card
              key={pkg.id}
              value={pkg.id}
              ref={index === 0 ? focusRef : undefined}
              p="md"
              radius="md"
              aria-describedby={error ? errorId : undefined}
            >
              <Stack gap={6}>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Group gap={8} wrap="nowrap">
                    <Radio.Indicator size="sm" />
                    <Text fw={650}>{pkg.name}</Text>
                  </Group>
                  {pkg.monthlyPriceOre === 0 ? (
                    <Badge variant="light" size="sm">
                      {t('register.package.free')}
                    </Badge>
                  ) : null}
                </Group>
                <Text fw={700} fz="lg" lh={1.2}>
                  {formatSek(pkg.monthlyPriceOre, lang)}
                  <Text span size="xs" c="dimmed" fw={400}>
                    {' '}
                    {t('register.package.perMonthExVat')}
                  </Text>
                </Text>
                <Text size="sm">
                  {t('register.package.invoices', {
                    count: pkg.invoicesPerMonth,
                    number: formatCount(pkg.invoicesPerMonth, lang),
                  })}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('register.package.limits', {
                    users: t('register.package.users', { count: pkg.maxUsers }),
                    accounts: t('register.package.clubAccounts', { count: pkg.maxClubAccounts }),
                  })}
                </Text>
              </Stack>
            </Radio.Card>
          ))}
        </SimpleGrid>
      )}
    </Radio.Group>
  );
}
