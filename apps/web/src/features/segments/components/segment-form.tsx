import {
  type ArticleSegmentBodyInput,
  articleSegmentBodySchema,
  type CustomerSegmentBodyInput,
  customerSegmentBodySchema,
  SEGMENT_CODE_MAX,
  SEGMENT_DESCRIPTION_MAX,
  SEGMENT_FEE_MAX_ORE,
  SEGMENT_NAME_MAX,
  SEGMENT_NOTES_MAX,
  SEGMENT_PATHS,
  type SegmentKind,
  VAT_RATES,
} from '@fairway/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Fieldset, Select, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { type Control, Controller, type FieldError, type FieldValues, type UseFormRegister, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PercentInput } from '../../../components/form/decimal-input';
import { KronorInput } from '../../../components/form/kronor-input';
import { applyFormErrors, useFieldErrorText } from '../../../lib/form-errors';
import { type SegmentBodyOf, type SegmentOf, useSaveSegment } from '../api/segments';
import { listErrorText, serverFieldMap } from '../lib/field-errors';
import { MemberNumbersInput } from './member-numbers-input';
import { SegmentFormFrame } from './segment-form-frame';

/** What every input of the form gets from its field name: label, help text and error text. */
type FieldProps = (name: string) => { label: string; description: string | undefined; error: string | undefined };

interface KindFieldsProps<Input extends FieldValues> {
  control: Control<Input>;
  register: UseFormRegister<Input>;
  field: FieldProps;
}

/** A customer segment's terms: recurring billing, prices incl. VAT, interest, discount and fees. */
function CustomerTerms({ control, field }: KindFieldsProps<CustomerSegmentBodyInput>) {
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {(['recurringBilling', 'pricesIncludeVat', 'interestBilling'] as const).map((name) => (
          <Controller
            key={name}
            control={control}
            name={name}
            render={({ field: f }) => (
              <Switch
                {...field(name)}
                name={f.name}
                ref={f.ref}
                checked={f.value ?? false}
                onChange={(event) => f.onChange(event.currentTarget.checked)}
                onBlur={f.onBlur}
              />
            )}
          />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <Controller
          control={control}
          name="discountPercent"
          render={({ field: f }) => (
            <PercentInput {...field('discountPercent')} value={f.value} onChange={f.onChange} onBlur={f.onBlur} />
          )}
        />
        {(['adminFeeOre', 'freightOre'] as const).map((name) => (
          <Controller
            key={name}
            control={control}
            name={name}
            render={({ field: f }) => (
              <KronorInput
                {...field(name)}
                value={f.value}
                onChange={f.onChange}
                onBlur={f.onBlur}
                maxOre={SEGMENT_FEE_MAX_ORE}
              />
            )}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** An article segment's defaults for its articles: VAT, sales account, cost centre and project. */
function ArticleDefaults({ control, register, field }: KindFieldsProps<ArticleSegmentBodyInput>) {
  const { t } = useTranslation('segments');
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
      <Controller
        control={control}
        name="vatRate"
        render={({ field: f }) => (
          <Select
            {...field('vatRate')}
            data={VAT_RATES.map((rate) => ({ value: String(rate), label: `${rate} %` }))}
            placeholder={t('fields.vatRate.placeholder')}
            value={f.value === null || f.value === undefined ? null : String(f.value)}
            onChange={(value) => f.onChange(value === null ? null : Number(value))}
            onBlur={f.onBlur}
            clearable
          />
        )}
      />
      <TextInput {...field('salesAccount')} {...register('salesAccount')} inputMode="numeric" maxLength={4} placeholder="3001" />
      <TextInput {...field('costCentre')} {...register('costCentre')} maxLength={SEGMENT_CODE_MAX} />
      <TextInput {...field('project')} {...register('project')} maxLength={SEGMENT_CODE_MAX} />
    </SimpleGrid>
  );
}

/**
 * What differs between the kinds: the shared body schema, the form's fields (named as the server
 * names them), the list of member numbers, and the fieldset of terms or defaults.
 */
const KINDS = {
  customer: {
    schema: customerSegmentBodySchema,
    fields: [
      'name',
      'description',
      'notes',
      'recurringBilling',
      'pricesIncludeVat',
      'interestBilling',
      'discountPercent',
      'adminFeeOre',
      'freightOre',
      'customerNumbers',
    ],
    numbers: 'customerNumbers',
    legend: 'form.terms',
    defaults: (segment?: SegmentOf<'customer'>): CustomerSegmentBodyInput => ({
      name: segment?.name ?? '',
      description: segment?.description ?? '',
      notes: segment?.notes ?? '',
      recurringBilling: segment?.recurringBilling ?? false,
      pricesIncludeVat: segment?.pricesIncludeVat ?? false,
      interestBilling: segment?.interestBilling ?? false,
      discountPercent: segment?.discountPercent ?? null,
      adminFeeOre: segment?.adminFeeOre ?? null,
      freightOre: segment?.freightOre ?? null,
      customerNumbers: segment?.customerNumbers ?? [],
    }),
    Fields: CustomerTerms,
  },
  article: {
    schema: articleSegmentBodySchema,
    fields: ['name', 'description', 'notes', 'vatRate', 'salesAccount', 'costCentre', 'project', 'articleNumbers'],
    numbers: 'articleNumbers',
    legend: 'form.defaults',
    defaults: (segment?: SegmentOf<'article'>): ArticleSegmentBodyInput => ({
      name: segment?.name ?? '',
      description: segment?.description ?? '',
      notes: segment?.notes ?? '',
      vatRate: segment?.vatRate ?? null,
      salesAccount: segment?.salesAccount ?? '',
      costCentre: segment?.costCentre ?? '',
      project: segment?.project ?? '',
      articleNumbers: segment?.articleNumbers ?? [],
    }),
    Fields: ArticleDefaults,
  },
} as const;

/** The fields both kinds have; the kind's own fields are reached through its `Fields`. */
type CommonInput = { name: string; description?: string; notes?: string } & Record<string, unknown>;

export interface SegmentFormProps<K extends SegmentKind> {
  kind: K;
  /** The segment to edit; absent when creating. */
  segment?: SegmentOf<K>;
  readOnly: boolean;
  onSaved: (saved: SegmentOf<K>) => void;
  onDelete?: () => void;
}

/**
 * The segment form of both kinds: name, description, the kind's terms (customers) or
 * defaults (articles), its customer or article numbers, and notes. Checked with the shared schema
 * before sending; the server's refusals land on their fields.
 */
export function SegmentForm<K extends SegmentKind>({ kind, segment, readOnly, onSaved, onDelete }: SegmentFormProps<K>) {
  const { t } = useTranslation('segments');
  const errorText = useFieldErrorText();
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSaveSegment(kind);
  const config = KINDS[kind as SegmentKind];
  // One form for either kind: the values are the kind's body, checked by the kind's schema.
  const { control, register, handleSubmit, setError, watch, formState } = useForm<CommonInput, unknown, SegmentBodyOf<K>>({
    resolver: zodResolver(config.schema as never),
    defaultValues: (config.defaults as (s?: SegmentOf<K>) => CommonInput)(segment),
    mode: 'onTouched',
  });
  const { errors } = formState;
  const numbers = (watch(config.numbers) as string[] | undefined) ?? [];

  const field: FieldProps = (name) => {
    const label = t(`fields.${name}.label`);
    const help = t(`fields.${name}.description`, { defaultValue: '' });
    return { label, description: help || undefined, error: errorText(errors[name] as FieldError | undefined, label) };
  };

  const onSubmit = handleSubmit(async (body) => {
    setFailure(null);
    try {
      onSaved(await save.mutateAsync({ id: segment?.id, body }));
    } catch (error) {
      setFailure(applyFormErrors(error, setError, serverFieldMap(config.fields, config.numbers, numbers.length)).message);
    }
  });

  // The kind's fieldset is typed for the kind's body; this form holds exactly that body.
  const Fields = config.Fields as unknown as (props: KindFieldsProps<CommonInput>) => ReactNode;
  const numbersLabel = t(`fields.${config.numbers}.label`);
  return (
    <SegmentFormFrame
      onSubmit={onSubmit}
      readOnly={readOnly}
      submitting={formState.isSubmitting}
      failure={failure}
      backTo={SEGMENT_PATHS[kind].list}
      onDelete={onDelete}
    >
      <TextInput {...field('name')} {...register('name')} withAsterisk maxLength={SEGMENT_NAME_MAX} data-autofocus />
      <Textarea
        {...field('description')}
        {...register('description')}
        autosize
        minRows={2}
        maxRows={4}
        maxLength={SEGMENT_DESCRIPTION_MAX}
      />
      <Fieldset legend={t(config.legend)} variant="filled" radius="md">
        <Fields control={control} register={register} field={field} />
      </Fieldset>
      <Controller
        control={control}
        name={config.numbers}
        render={({ field: f }) => (
          <MemberNumbersInput
            label={numbersLabel}
            description={t(`fields.${config.numbers}.description`)}
            placeholder={t(`fields.${config.numbers}.placeholder`)}
            value={(f.value as string[] | undefined) ?? []}
            onChange={f.onChange}
            onBlur={f.onBlur}
            error={listErrorText(errors[config.numbers], numbers, errorText, numbersLabel)}
          />
        )}
      />
      <Textarea {...field('notes')} {...register('notes')} autosize minRows={3} maxRows={8} maxLength={SEGMENT_NOTES_MAX} />
    </SegmentFormFrame>
  );
}
