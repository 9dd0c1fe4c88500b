import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useTiers } from '../api/get-tiers';
import { formatCount } from '../lib/format';
import { toLang } from '../lib/use-field-error';
import { PlanLimits, PlanPicker, type PlanPickerProps, PlanPrice } from './plan-picker';

export type TierPickerProps = PlanPickerProps;

/**
 * Dubbelkoll's tiers of landing_page/tiers as cards (docs/subscriptions.md#tiers): monthly price
 * ex VAT, documents checked a month, what is compared, users and companies.
 */
export function TierPicker(props: TierPickerProps) {
  const { t, i18n } = useTranslation('auth');
  const lang = toLang(i18n.language);
  return (
    <PlanPicker
      {...props}
      plans={useTiers()}
      prefix="register.tier"
      skeletonHeight={140}
      name={(tier) => tier.name}
      testId={(tier) => `tier-${tier.id}`}
      body={(tier) => (
        <>
          <PlanPrice ore={tier.monthlyPriceOre} />
          <Text size="sm">
            {t('register.tier.documents', { count: tier.documentsPerMonth, number: formatCount(tier.documentsPerMonth, lang) })}
          </Text>
          <Text size="xs" c="dimmed">
            {t('register.tier.compares', {
              resources: tier.resources.map((r) => t(`register.tier.resources.${r}`)).join(', '),
            })}
          </Text>
          <PlanLimits users={tier.maxUsers} accounts={t('register.tier.companies', { count: tier.maxCompanies })} />
        </>
      )}
    />
  );
}
