import type { FeeRulePrice } from '@fairway/shared';
import { Divider, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatOre } from '../../../lib/money';

function Line({ label, value, strong, testId }: { label: string; value: string; strong?: boolean; testId?: string }) {
  return (
    <Group justify="space-between" gap="sm" wrap="nowrap">
      <Text fz="sm" fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text fz="sm" fw={strong ? 700 : undefined} data-testid={testId} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
    </Group>
  );
}

/** A fee rule's price: the fees' sum, the discount, the total, and the VAT in it per rate. */
export function PriceSummary({ price }: { price: FeeRulePrice }) {
  const { t, i18n } = useTranslation('fees');
  const lang = i18n.language === 'en' ? 'en' : 'sv';
  const money = (ore: number) => formatOre(ore, lang);
  return (
    <Paper withBorder radius="md" p="md" bg="var(--mantine-color-default-hover)" aria-label={t('feeRules.price.title')}>
      <Stack gap={6}>
        <Line label={t('feeRules.price.subtotal')} value={money(price.subtotalOre)} />
        {price.discountOre > 0 ? <Line label={t('feeRules.price.discount')} value={`−${money(price.discountOre)}`} /> : null}
        <Divider />
        <Line label={t('feeRules.price.total')} value={money(price.totalOre)} strong testId="fee-rule-total" />
        {price.byVatRate.map((rate) => (
          <Text key={rate.vatRate} fz="xs" c="dimmed">
            {t('feeRules.price.vatLine', { rate: rate.vatRate, total: money(rate.totalOre), vat: money(rate.vatOre) })}
          </Text>
        ))}
      </Stack>
    </Paper>
  );
}
