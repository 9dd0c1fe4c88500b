import {
  type CustomerSegment,
  type CustomerSegmentBody,
  type CustomerSegmentBodyInput,
  customerSegmentBodySchema,
  SEGMENT_DESCRIPTION_MAX,
  SEGMENT_FEE_MAX_ORE,
  SEGMENT_NAME_MAX,
  SEGMENT_NOTES_MAX,
  SEGMENT_PATHS,
} from '@fairway/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Fieldset, NumberInput, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Controller, type FieldError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyFormErrors, useFieldErrorText } from '../../../lib/form-errors';
import { useCreateCustomerSegment } from '../api/create-customer-segment';
import { useUpdateCustomerSegment } from '../api/update-customer-segment';
import { listErrorText, serverFieldMap } from '../lib/field-errors';
import { MemberNumbersInput } from './member-numbers-input';
import { MoneyInput } from './money-input';
import { SegmentFormFrame } from './segment-form-frame';

const FIELDS = [
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
] as const;

export interface CustomerSegmentFormProps {
  /** The segment to edit; absent when creating. */
  segment?: CustomerSegment;
  readOnly: boolean;
  onSaved: (saved: CustomerSegment) => void;
  onDelete?: () => void;
}

function defaults(segment?: CustomerSegment): CustomerSegmentBodyInput {
  return {
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
  };
}

/** Customer segment (docs/accounting-data.md#segments): name, description, notes, and the terms its customers get. */
export function CustomerSegmentForm({ segment, readOnly, onSaved, onDelete }: CustomerSegmentFormProps) {
  const { t } = useTranslation('segments');
  const errorText = useFieldErrorText();
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateCustomerSegment();
  const update = useUpdateCustomerSegment();
  const form = useForm<CustomerSegmentBodyInput, unknown, CustomerSegmentBody>({
    resolver: zodResolver(customerSegmentBodySchema),
    defaultValues: defaults(segment),
    mode: 'onTouched',
  });
  const { control, register, handleSubmit, setError, watch, formState } = form;
  const { errors } = formState;
  const numbers = watch('customerNumbers') ?? [];

  const field = (name: (typeof FIELDS)[number]) => {
    const label = t(`fields.${name}.label`);
    const help = t(`fields.${name}.description`, { defaultValue: '' });
    return { label, description: help || undefined, error: errorText(errors[name] as FieldError | undefined, label) };
  };

  const onSubmit = handleSubmit(async (body) => {
    setFailure(null);
    try {
      const saved = segment ? await update.mutateAsync({ id: segment.id, body }) : await create.mutateAsync(body);
      onSaved(saved);
    } catch (error) {
      setFailure(applyFormErrors(error, setError, serverFieldMap(FIELDS, 'customerNumbers', numbers.length)).message);
    }
  });

  const membersLabel = t('fields.customerNumbers.label');
  return (
    <SegmentFormFrame
      onSubmit={onSubmit}
      readOnly={readOnly}
      submitting={formState.isSubmitting}
      failure={failure}
      backTo={SEGMENT_PATHS.customer.list}
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
      <Fieldset legend={t('form.terms')} variant="filled" radius="md">
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
                <NumberInput
                  {...field('discountPercent')}
                  value={f.value ?? ''}
                  onChange={(v) => f.onChange(typeof v === 'number' ? v : null)}
                  onBlur={f.onBlur}
                  min={0}
                  max={100}
                  clampBehavior="none"
                  decimalScale={2}
                  decimalSeparator={t('form.decimalSeparator')}
                  allowNegative={false}
                  suffix=" %"
                  inputMode="decimal"
                />
              )}
            />
            <Controller
              control={control}
              name="adminFeeOre"
              render={({ field: f }) => (
                <MoneyInput
                  {...field('adminFeeOre')}
                  value={f.value}
                  onChange={f.onChange}
                  onBlur={f.onBlur}
                  maxOre={SEGMENT_FEE_MAX_ORE}
                />
              )}
            />
            <Controller
              control={control}
              name="freightOre"
              render={({ field: f }) => (
                <MoneyInput
                  {...field('freightOre')}
                  value={f.value}
                  onChange={f.onChange}
                  onBlur={f.onBlur}
                  maxOre={SEGMENT_FEE_MAX_ORE}
                />
              )}
            />
          </SimpleGrid>
        </Stack>
      </Fieldset>
      <Controller
        control={control}
        name="customerNumbers"
        render={({ field: f }) => (
          <MemberNumbersInput
            label={membersLabel}
            description={t('fields.customerNumbers.description')}
            placeholder={t('fields.customerNumbers.placeholder')}
            value={f.value ?? []}
            onChange={f.onChange}
            onBlur={f.onBlur}
            error={listErrorText(errors.customerNumbers, numbers, errorText, membersLabel)}
          />
        )}
      />
      <Textarea {...field('notes')} {...register('notes')} autosize minRows={3} maxRows={8} maxLength={SEGMENT_NOTES_MAX} />
    </SegmentFormFrame>
  );
}
