import { BILLING_PRICES_ORE, formatSek } from '@fairway/shared/billings/prices';
import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLang } from './use-lang';

const FEES = [
  { id: 'licence', ore: BILLING_PRICES_ORE.annualLicence },
  { id: 'installation', ore: BILLING_PRICES_ORE.installation },
  { id: 'onboarding', ore: BILLING_PRICES_ORE.onboarding },
  { id: 'support', ore: BILLING_PRICES_ORE.supportPerHour },
] as const;

/**
 * The price page's one-off fees, from the shared constants the billing uses. A chunk of its own
 * (pages/price-page.tsx loads it lazily): Mantine's Table brings its scroll container, and with it
 * ScrollArea and floating-ui, about 20 KB gzip the rest of the page does not need.
 */
export default function FeesTable() {
  const { t } = useTranslation('landing');
  const lang = useLang();
  const sek = (ore: number) => formatSek(ore, lang);
  return (
    <Table data-testid="price-fees" verticalSpacing="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('price.feeColumn')}</Table.Th>
          <Table.Th scope="col" ta="right">
            {t('price.amountColumn')}
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {FEES.map((fee) => (
          <Table.Tr key={fee.id}>
            <Table.Th scope="row" fw={500}>
              {t(`price.fees.${fee.id}`)}
              <Text component="span" display="block" fz="sm" c="dimmed" fw={400}>
                {t(`price.fees.${fee.id}Note`, { example: sek(Math.round(fee.ore * 1.5)) })}
              </Text>
            </Table.Th>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
              {sek(fee.ore)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
