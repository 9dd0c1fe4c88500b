import { Badge, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePackages } from '../api/get-packages';
import { formatCount } from '../lib/format';
import { toLang } from '../lib/use-field-error';
import { PlanLimits, PlanPicker, type PlanPickerProps, PlanPrice } from './plan-picker';

export type PackagePickerProps = PlanPickerProps;

/** The packages of landing_page/packages as cards: monthly price ex VAT and the invoice allowance. */
export function PackagePicker(props: PackagePickerProps) {
  const { t, i18n } = useTranslation('auth');
  const lang = toLang(i18n.language);
  return (
    <PlanPicker
      {...props}
      plans={usePackages()}
      prefix="register.package"
      skeletonHeight={112}
      name={(pkg) => pkg.name}
      aside={(pkg) =>
        pkg.monthlyPriceOre === 0 ? (
          <Badge variant="light" size="sm">
            {t('register.package.free')}
          </Badge>
        ) : null
      }
      body={(pkg) => (
        <>
          <PlanPrice ore={pkg.monthlyPriceOre} />
          <Text size="sm">
            {t('register.package.invoices', { count: pkg.invoicesPerMonth, number: formatCount(pkg.invoicesPerMonth, lang) })}
          </Text>
          <PlanLimits users={pkg.maxUsers} accounts={t('register.package.clubAccounts', { count: pkg.maxClubAccounts })} />
        </>
      )}
    />
  );
}
