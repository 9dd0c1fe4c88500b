import {
  FEE_AMOUNT_MAX_ORE,
  FEE_DESCRIPTION_MAX,
  FEE_NAME_MAX,
  FEE_RULE_FEES_MAX,
  type FeeRule,
  type FeeRuleBody,
  type FeeRuleBodyInput,
  feeRuleBodySchema,
  priceFeeRule,
} from '@fairway/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { MultiSelect, NumberInput, SegmentedControl, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Controller, type FieldError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { KronorInput } from '../../../components/form/kronor-input';
import { applyFormErrors, useFieldErrorText } from '../../../lib/form-errors';
import { formatOre } from '../../../lib/money';
import { notifySuccess } from '../../../lib/notify';
import { useFees } from '../api/list-fees';
import { useSaveFeeRule } from '../api/save-fee-rule';
import { FormFooter } from './form-footer';
import { PriceSummary } from './price-summary';

const FIELDS = ['name', 'description', 'feeIds', 'discountType', 'discountValue'] as const;
type Field = (typeof FIELDS)[number];

/** Every fee of the club account for the choice (the server pages at most 100). */
const ALL_FEES = { page: 1, pageSize: 100, sort: 'name', order: 'asc', search: undefined } as const;

/** Create or edit a fee rule: its fees, a discount, and the price that follows, while typing. */
export function FeeRuleForm({ item, onDone }: { item?: FeeRule; onDone: () => void }) {
  const { t, i18n } = useTranslation('fees');
  const lang = i18n.language === 'en' ? 'en' : 'sv';
  const errorText = useFieldErrorText();
  const save = useSaveFeeRule();
  const feesQuery = useFees(ALL_FEES);
  const [failure, setFailure] = useState<string | null>(null);
  const { control, register, handleSubmit, setError, setValue, watch, formState } = useForm<
    FeeRuleBodyInput,
    unknown,
    FeeRuleBody
  >({
    resolver: zodResolver(feeRuleBodySchema),
    defaultValues: {
      name: item?.name ?? '',
      description: item?.description ?? '',
      feeIds: item?.fees.map((f) => f.id) ?? [],
      discountType: item?.discountType ?? 'none',
      discountValue: item?.discountValue ?? null,
    },
    mode: 'onTouched',
  });
  const { errors } = formState;
  const field = (name: Field) => {
    const label = t(`feeRules.fields.${name}`);
    return { label, error: errorText(errors[name] as FieldError | undefined, label) };
  };

  // The rule's own fees stay choosable even beyond the first 100 of the list.
  const known = useMemo(() => {
    const map = new Map<string, { id: string; name: string; amountOre: number; vatRate: number }>();
    for (const f of item?.fees ?? []) map.set(f.id, f);
    for (const f of feesQuery.data?.data ?? []) map.set(f.id, f);
    return map;
  }, [item, feesQuery.data]);

  const feeIds = watch('feeIds') ?? [];
  const discountType = watch('discountType') ?? 'none';
  const discountValue = watch('discountValue') ?? 0;
  const price = priceFeeRule({
    fees: feeIds.flatMap((id) => {
      const fee = known.get(id);
      return fee ? [{ id, amountOre: fee.amountOre, vatRate: fee.vatRate }] : [];
    }),
    discountType,
    discountValue: discountValue ?? 0,
  });

  const onSubmit = handleSubmit(async (body) => {
    setFailure(null);
    try {
      const saved = await save.mutateAsync({ id: item?.id, body });
      notifySuccess(t(item ? 'feeRules.saved' : 'feeRules.created', { name: saved.name }));
      onDone();
    } catch (error) {
      setFailure(applyFormErrors(error, setError, FIELDS).message);
    }
  });

  const options = [...known.values()].map((f) => ({
    value: f.id,
    label: `${f.name} · ${formatOre(f.amountOre, lang)}`,
  }));

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <TextInput {...register('name')} {...field('name')} withAsterisk maxLength={FEE_NAME_MAX} data-autofocus />
        <Textarea {...register('description')} {...field('description')} autosize minRows={2} maxLength={FEE_DESCRIPTION_MAX} />
        <Controller
          control={control}
          name="feeIds"
          render={({ field: f }) => (
            <MultiSelect
              {...field('feeIds')}
              withAsterisk
              data={options}
              value={f.value ?? []}
              onChange={f.onChange}
              onBlur={f.onBlur}
              searchable
              maxValues={FEE_RULE_FEES_MAX}
              nothingFoundMessage={t('feeRules.noFees')}
              placeholder={feesQuery.isPending ? t('common.loading') : t('feeRules.chooseFees')}
              comboboxProps={{ withinPortal: true }}
            />
          )}
        />
        <Stack gap={6}>
          <Text fz="sm" fw={500} id="fee-rule-discount-label">
            {t('feeRules.fields.discountType')}
          </Text>
          <Controller
            control={control}
            name="discountType"
            render={({ field: f }) => (
              <SegmentedControl
                aria-labelledby="fee-rule-discount-label"
                value={f.value ?? 'none'}
                onChange={(value) => {
                  f.onChange(value);
                  setValue('discountValue', null);
                }}
                data={[
                  { value: 'none', label: t('feeRules.discount.none') },
                  { value: 'percentage', label: t('feeRules.discount.percentage') },
                  { value: 'amount', label: t('feeRules.discount.amount') },
                ]}
              />
            )}
          />
        </Stack>
        {discountType === 'percentage' ? (
          <Controller
            control={control}
            name="discountValue"
            render={({ field: f }) => (
              <NumberInput
                {...field('discountValue')}
                label={t('feeRules.fields.discountPercent')}
                withAsterisk
                value={f.value ?? ''}
                onChange={(value) => f.onChange(value === '' ? null : Number(value))}
                onBlur={f.onBlur}
                min={0}
                max={100}
                decimalScale={2}
                decimalSeparator={lang === 'sv' ? ',' : '.'}
                suffix=" %"
                allowNegative={false}
                w={{ base: '100%', sm: 200 }}
              />
            )}
          />
        ) : null}
        {discountType === 'amount' ? (
          <Controller
            control={control}
            name="discountValue"
            render={({ field: f }) => (
              <KronorInput
                {...field('discountValue')}
                label={t('feeRules.fields.discountAmount')}
                withAsterisk
                value={f.value}
                onChange={(ore) => f.onChange(ore)}
                onBlur={f.onBlur}
                maxOre={Math.max(price.subtotalOre, 0) || FEE_AMOUNT_MAX_ORE}
                w={{ base: '100%', sm: 240 }}
              />
            )}
          />
        ) : null}
        <PriceSummary price={price} />
        <FormFooter failure={failure} submitting={formState.isSubmitting} onCancel={onDone} />
      </Stack>
    </form>
  );
}
