import type { InvoiceTotals } from '@fairway/shared';
import { Divider, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatOre } from '../../../lib/money';

export interface DocumentTotalsProps {
  totals: InvoiceTotals;
  /** The last line's label: what the document comes to ("Att betala", "Att fakturera"). */
  totalLabel: string;
  /** `${testIdPrefix}-totals` on the box and `${testIdPrefix}-total` on the sum (the browser tests find them so). */
  testIdPrefix: string;
  /** A line under the sum, such as what the amounts are per. */
  note?: ReactNode;
}

/** The totals box of a document: net, the VAT of each rate on its base, the rounding when there is one, the sum. */
export function DocumentTotals({ totals, totalLabel, testIdPrefix, note }: DocumentTotalsProps) {
  const { t, i18n } = useTranslation('accounting');
  const lang = i18n.language === 'en' ? 'en' : 'sv';
  const line = (label: ReactNode, amount: number, testId?: string) => (
    <Group justify="space-between" gap="xl" wrap="nowrap" data-testid={testId}>
      <Text fz="sm">{label}</Text>
      <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
        {formatOre(amount, lang)}
      </Text>
    </Group>
  );
  return (
    <Stack gap={4} miw={260} aria-live="polite" data-testid={`${testIdPrefix}-totals`}>
      {line(t('rows.totals.net'), totals.netOre)}
      {totals.vatByRate.map((rate) => (
        <Group key={rate.vatPercent} justify="space-between" gap="xl" wrap="nowrap" data-testid={`vat-${rate.vatPercent}`}>
          <Text fz="sm">{t('rows.totals.vatRate', { rate: rate.vatPercent, base: formatOre(rate.baseOre, lang) })}</Text>
          <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
            {formatOre(rate.vatOre, lang)}
          </Text>
        </Group>
      ))}
      {totals.roundingOre !== 0 ? line(t('rows.totals.rounding'), totals.roundingOre) : null}
      <Divider />
      <Group justify="space-between" gap="xl" wrap="nowrap">
        <Text fz="sm" fw={700}>
          {totalLabel}
        </Text>
        <Text fz="sm" fw={700} style={{ whiteSpace: 'nowrap' }} data-testid={`${testIdPrefix}-total`}>
          {formatOre(totals.totalOre, lang)}
        </Text>
      </Group>
      {note ? (
        <Text fz="xs" c="dimmed">
          {note}
        </Text>
      ) : null}
    </Stack>
  );
}
