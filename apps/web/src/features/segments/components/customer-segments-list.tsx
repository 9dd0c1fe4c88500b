import type { CustomerSegmentListItem } from '@fairway/shared';
import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatOre } from '../../../lib/money';
import { type SegmentColumn, SegmentsList } from './segments-list';

/** The "Segments" tab of the customers page: the club account's customer segments. */
export function CustomerSegmentsList() {
  const { t, i18n } = useTranslation('segments');
  const lang = i18n.language === 'en' ? 'en' : 'sv';
  const none = (
    <Text fz="sm" c="dimmed">
      {t('list.notSet')}
    </Text>
  );
  const columns: SegmentColumn<CustomerSegmentListItem>[] = [
    {
      id: 'members',
      label: t('list.columns.customers'),
      sort: 'members',
      align: 'right',
      render: (s) => <Text fz="sm">{s.customerCount}</Text>,
    },
    {
      id: 'terms',
      label: t('list.columns.terms'),
      render: (s) => {
        const on = [
          s.recurringBilling ? t('fields.recurringBilling.short') : null,
          s.pricesIncludeVat ? t('fields.pricesIncludeVat.short') : null,
          s.interestBilling ? t('fields.interestBilling.short') : null,
        ].filter((x): x is string => x !== null);
        return on.length === 0 ? (
          none
        ) : (
          <Group gap={4}>
            {on.map((label) => (
              <Badge key={label} variant="light" tt="none">
                {label}
              </Badge>
            ))}
          </Group>
        );
      },
    },
    {
      id: 'discount',
      label: t('list.columns.discount'),
      align: 'right',
      render: (s) =>
        s.discountPercent === null ? (
          none
        ) : (
          <Text fz="sm">{new Intl.NumberFormat(lang === 'en' ? 'en-SE' : 'sv-SE').format(s.discountPercent)} %</Text>
        ),
    },
    {
      id: 'fees',
      label: t('list.columns.fees'),
      render: (s) =>
        s.adminFeeOre === null && s.freightOre === null ? (
          none
        ) : (
          <Text fz="sm">
            {[
              s.adminFeeOre === null ? null : `${t('fields.adminFeeOre.short')} ${formatOre(s.adminFeeOre, lang)}`,
              s.freightOre === null ? null : `${t('fields.freightOre.short')} ${formatOre(s.freightOre, lang)}`,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        ),
    },
  ];
  return <SegmentsList kind="customer" columns={columns} />;
}
