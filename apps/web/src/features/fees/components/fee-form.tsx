import {
  FEE_AMOUNT_MAX_ORE,
  FEE_ARTICLE_NUMBER_MAX,
  FEE_MEMBER_CATEGORY_MAX,
  FEE_NAME_MAX,
  FEE_YEAR_MAX,
  FEE_YEAR_MIN,
  type Fee,
  type FeeBody,
  type FeeBodyInput,
  feeBodySchema,
  VAT_RATES,
} from '@fairway/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { NumberInput, SegmentedControl, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Controller, type FieldError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field';
import { KronorInput } from '../../../components/form/kronor-input';
import { applyFormErrors, useFieldErrorText } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { useFeeTypes } from '../api/list-fee-types';
import { useSaveFee } from '../api/save-fee';
import { FormFooter } from './form-footer';

const FIELDS = [
  'name',
  'feeTypeId',
  'amountOre',
  'vatRate',
  'articleNumber',
  'memberCategory',
  'periodType',
  'periodYear',
  'validFrom',
  'validTo',
  'active',
] as const;
type Field = (typeof FIELDS)[number];

/** Every fee type of the club account for the select (the server pages at most 100). */
const ALL_TYPES = { page: 1, pageSize: 100, sort: 'name', order: 'asc', search: undefined } as const;

function defaults(fee?: Fee): FeeBodyInput {
  return {
    name: fee?.name ?? '',
    feeTypeId: fee?.feeTypeId ?? '',
    amountOre: fee?.amountOre ?? (null as unknown as number),
    vatRate: fee?.vatRate ?? 0,
    articleNumber: fee?.articleNumber ?? '',
    memberCategory: fee?.memberCategory ?? '',
    periodType: fee?.periodType ?? 'year',
    periodYear: fee?.periodYear ?? (fee ? null : new Date().getFullYear()),
    validFrom: fee?.validFrom ?? null,
    validTo: fee?.validTo ?? null,
    active: fee?.active ?? true,
  };
}

/** Create or edit a fee: type, amount incl. VAT (typed in kronor), VAT, article, category, period. */
export function FeeForm({ item, onDone }: { item?: Fee; onDone: () => void }) {
  const { t } = useTranslation('fees');
  const errorText = useFieldErrorText();
  const save = useSaveFee();
  const types = useFeeTypes(ALL_TYPES);
  const [failure, setFailure] = useState<string | null>(null);
  const { control, register, handleSubmit, setError, watch, formState } = useForm<FeeBodyInput, unknown, FeeBody>({
    resolver: zodResolver(feeBodySchema),
    defaultValues: defaults(item),
    mode: 'onTouched',
  });
  const { errors } = formState;
  const periodType = watch('periodType');
  const field = (name: Field) => {
    const label = t(`fees.fields.${name}`);
    return { label, error: errorText(errors[name] as FieldError | undefined, label) };
  };

  const onSubmit = handleSubmit(async (body) => {
    setFailure(null);
    try {
      const saved = await save.mutateAsync({ id: item?.id, body });
      notifySuccess(t(item ? 'fees.saved' : 'fees.created', { name: saved.name }));
      onDone();
    } catch (error) {
      setFailure(applyFormErrors(error, setError, FIELDS).message);
    }
  });

  const typeOptions = (types.data?.data ?? []).map((type) => ({ value: type.id, label: type.name }));
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <TextInput {...register('name')} {...field('name')} withAsterisk maxLength={FEE_NAME_MAX} data-autofocus />
        <Controller
          control={control}
          name="feeTypeId"
          render={({ field: f }) => (
            <Select
              {...field('feeTypeId')}
              withAsterisk
              data={typeOptions}
              value={f.value || null}
              onChange={(value) => f.onChange(value ?? '')}
              onBlur={f.onBlur}
              searchable
              nothingFoundMessage={t('fees.noTypes')}
              placeholder={types.isPending ? t('common.loading') : t('fees.chooseType')}
              comboboxProps={{ withinPortal: true }}
            />
          )}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Controller
            control={control}
            name="amountOre"
            render={({ field: f }) => (
              <KronorInput
                {...field('amountOre')}
                description={t('fees.amountHelp')}
                withAsterisk
                value={f.value}
                onChange={(ore) => f.onChange(ore)}
                onBlur={f.onBlur}
                maxOre={FEE_AMOUNT_MAX_ORE}
              />
            )}
          />
          <Controller
            control={control}
            name="vatRate"
            render={({ field: f }) => (
              <Select
                {...field('vatRate')}
                withAsterisk
                data={VAT_RATES.map((rate) => ({ value: String(rate), label: `${rate} %` }))}
                value={f.value === undefined ? null : String(f.value)}
                onChange={(value) => f.onChange(value === null ? undefined : Number(value))}
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
              />
            )}
          />
          <TextInput
            {...register('articleNumber')}
            {...field('articleNumber')}
            description={t('fees.articleNumberHelp')}
            maxLength={FEE_ARTICLE_NUMBER_MAX}
          />
          <TextInput
            {...register('memberCategory')}
            {...field('memberCategory')}
            description={t('fees.memberCategoryHelp')}
            maxLength={FEE_MEMBER_CATEGORY_MAX}
          />
        </SimpleGrid>
        <Stack gap={6}>
          <Text fz="sm" fw={500} id="fee-period-label">
            {t('fees.fields.periodType')}
          </Text>
          <Controller
            control={control}
            name="periodType"
            render={({ field: f }) => (
              <SegmentedControl
                aria-labelledby="fee-period-label"
                value={f.value ?? 'year'}
                onChange={f.onChange}
                data={[
                  { value: 'year', label: t('fees.period.year') },
                  { value: 'dates', label: t('fees.period.dates') },
                ]}
              />
            )}
          />
        </Stack>
        {periodType === 'dates' ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {(['validFrom', 'validTo'] as const).map((name) => (
              <Controller
                key={name}
                control={control}
                name={name}
                render={({ field: f }) => (
                  <DateField
                    {...field(name)}
                    withAsterisk
                    value={f.value}
                    onChange={(date) => f.onChange(date || null)}
                    onBlur={f.onBlur}
                    ref={f.ref}
                  />
                )}
              />
            ))}
          </SimpleGrid>
        ) : (
          <Controller
            control={control}
            name="periodYear"
            render={({ field: f }) => (
              <NumberInput
                {...field('periodYear')}
                withAsterisk
                value={f.value ?? ''}
                onChange={(value) => f.onChange(value === '' ? null : Number(value))}
                onBlur={f.onBlur}
                min={FEE_YEAR_MIN}
                max={FEE_YEAR_MAX}
                allowDecimal={false}
                allowNegative={false}
                thousandSeparator=""
                w={{ base: '100%', sm: 200 }}
              />
            )}
          />
        )}
        <Controller
          control={control}
          name="active"
          render={({ field: f }) => (
            <Switch
              label={t('fees.fields.active')}
              description={t('fees.activeHelp')}
              checked={f.value ?? true}
              onChange={(event) => f.onChange(event.currentTarget.checked)}
            />
          )}
        />
        <FormFooter failure={failure} submitting={formState.isSubmitting} onCancel={onDone} />
      </Stack>
    </form>
  );
}
