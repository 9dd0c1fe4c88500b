import type { Fee, FeeRule, FeeRuleSort, FeeSort, FeeType, FeeTypeSort } from '@fairway/shared';
import { Badge, Text } from '@mantine/core';
import { IconCoin, IconListDetails, IconTags } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ListColumn } from '../../../components/list/list-table';
import { formatDate } from '../../../lib/dates';
import { formatOre } from '../../../lib/money';
import { useDeleteFee } from '../api/delete-fee';
import { useDeleteFeeRule } from '../api/delete-fee-rule';
import { useDeleteFeeType } from '../api/delete-fee-type';
import { useFeeRules } from '../api/list-fee-rules';
import { useFeeTypes } from '../api/list-fee-types';
import { useFees } from '../api/list-fees';
import { FEE_RULES_LIST, FEE_TYPES_LIST, FEES_LIST } from '../lib/list-config';
import { FeeForm } from './fee-form';
import { FeeRuleForm } from './fee-rule-form';
import { FeeTypeForm } from './fee-type-form';
import { FeesListTab } from './fees-list-tab';

const useLang = () => {
  const { i18n } = useTranslation();
  return i18n.language === 'en' ? 'en' : 'sv';
};

function NameCell({ name, description }: { name: string; description?: string }) {
  return (
    <>
      <Text fz="sm" fw={600}>
        {name}
      </Text>
      {description ? (
        <Text fz="xs" c="dimmed" lineClamp={1} maw={360}>
          {description}
        </Text>
      ) : null}
    </>
  );
}

/** The "Fee types" tab. */
export function FeeTypesTab() {
  const { t } = useTranslation('fees');
  const columns: ListColumn<FeeType, FeeTypeSort>[] = [
    {
      accessor: 'name',
      title: t('feeTypes.columns.name'),
      sort: 'name',
      render: (x) => <NameCell name={x.name} description={x.description} />,
    },
    { accessor: 'feeCount', title: t('feeTypes.columns.fees'), sort: 'fees', textAlign: 'right', width: 120 },
    {
      accessor: 'updatedAt',
      title: t('common.updated'),
      sort: 'updatedAt',
      width: 160,
      visibleMediaQuery: '(min-width: 48em)',
      render: (x) => <DateText iso={x.updatedAt} />,
    },
  ];
  return (
    <FeesListTab
      section="feeTypes"
      config={FEE_TYPES_LIST}
      useList={useFeeTypes}
      useDelete={useDeleteFeeType}
      columns={columns}
      icon={<IconTags size={30} stroke={1.6} />}
      form={(props) => <FeeTypeForm {...props} />}
      modalSize="md"
    />
  );
}

function DateText({ iso }: { iso: string }) {
  return <Text fz="sm">{formatDate(iso, useLang())}</Text>;
}

/** The "Fees" tab. */
export function FeesTab() {
  const { t } = useTranslation('fees');
  const lang = useLang();
  const columns: ListColumn<Fee, FeeSort>[] = [
    {
      accessor: 'name',
      title: t('fees.columns.name'),
      sort: 'name',
      render: (f) => (
        <NameCell
          name={f.name}
          description={f.memberCategory ? t('fees.appliesTo', { category: f.memberCategory }) : undefined}
        />
      ),
    },
    { accessor: 'feeTypeName', title: t('fees.columns.type'), sort: 'feeType' },
    {
      accessor: 'amountOre',
      title: t('fees.columns.amount'),
      sort: 'amount',
      textAlign: 'right',
      noWrap: true,
      render: (f) => <Text fz="sm">{formatOre(f.amountOre, lang)}</Text>,
    },
    {
      accessor: 'vatRate',
      title: t('fees.columns.vat'),
      sort: 'vatRate',
      textAlign: 'right',
      render: (f) => <Text fz="sm">{f.vatRate} %</Text>,
    },
    {
      accessor: 'period',
      title: t('fees.columns.period'),
      sort: 'period',
      noWrap: true,
      render: (f) => <Text fz="sm">{f.periodType === 'year' ? String(f.periodYear) : `${f.validFrom} – ${f.validTo}`}</Text>,
    },
    {
      accessor: 'articleNumber',
      title: t('fees.columns.article'),
      visibleMediaQuery: '(min-width: 48em)',
      render: (f) =>
        f.articleNumber ? (
          <Text fz="sm">{f.articleNumber}</Text>
        ) : (
          <Text fz="sm" c="dimmed">
            {t('common.notSet')}
          </Text>
        ),
    },
    {
      accessor: 'active',
      title: t('fees.columns.status'),
      render: (f) => (
        <Badge variant="light" color={f.active ? 'green' : 'gray'} tt="none">
          {f.active ? t('fees.active') : t('fees.inactive')}
        </Badge>
      ),
    },
  ];
  return (
    <FeesListTab
      section="fees"
      config={FEES_LIST}
      useList={useFees}
      useDelete={useDeleteFee}
      columns={columns}
      icon={<IconCoin size={30} stroke={1.6} />}
      form={(props) => <FeeForm {...props} />}
    />
  );
}

/** The "Fee rules" tab: each rule with its fees, discount and priced total. */
export function FeeRulesTab() {
  const { t } = useTranslation('fees');
  const lang = useLang();
  const discount = (r: FeeRule) => {
    if (r.discountType === 'percentage')
      return `${new Intl.NumberFormat(lang === 'en' ? 'en-GB' : 'sv-SE').format(r.discountValue ?? 0)} %`;
    if (r.discountType === 'amount') return formatOre(r.discountValue ?? 0, lang);
    return t('feeRules.discount.none');
  };
  const columns: ListColumn<FeeRule, FeeRuleSort>[] = [
    {
      accessor: 'name',
      title: t('feeRules.columns.name'),
      sort: 'name',
      render: (r) => <NameCell name={r.name} description={r.description} />,
    },
    {
      accessor: 'fees',
      title: t('feeRules.columns.fees'),
      sort: 'fees',
      render: (r) => (
        <Text fz="sm" lineClamp={2} maw={320}>
          {r.fees.map((f) => f.name).join(', ')}
        </Text>
      ),
    },
    {
      accessor: 'discount',
      title: t('feeRules.columns.discount'),
      noWrap: true,
      render: (r) => <Text fz="sm">{discount(r)}</Text>,
    },
    {
      accessor: 'total',
      title: t('feeRules.columns.total'),
      textAlign: 'right',
      noWrap: true,
      render: (r) => (
        <Text fz="sm" fw={600} data-testid="fee-rule-row-total">
          {formatOre(r.price.totalOre, lang)}
        </Text>
      ),
    },
  ];
  return (
    <FeesListTab
      section="feeRules"
      config={FEE_RULES_LIST}
      useList={useFeeRules}
      useDelete={useDeleteFeeRule}
      columns={columns}
      icon={<IconListDetails size={30} stroke={1.6} />}
      form={(props) => <FeeRuleForm {...props} />}
    />
  );
}
