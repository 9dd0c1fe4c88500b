import { type UpdateBillingDetailsBody, updateBillingDetailsBodySchema } from '@fairway/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, useFieldErrorText } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { useBillingDetails } from '../api/get-billing-details';
import { useUpdateBillingDetails } from '../api/update-billing-details';

const FIELDS: readonly FieldPath<UpdateBillingDetailsBody>[] = [
  'organisationNumber',
  'invoiceAddress',
  'zipCode',
  'city',
  'country',
  'billingEmail',
];

/**
 * Billing details (docs/subscriptions.md#billing), validated with the shared schema (organisation
 * number with its check digit).
 */
export function BillingDetailsForm({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation(['billings', 'common']);
  const errorText = useFieldErrorText();
  const details = useBillingDetails();
  const save = useUpdateBillingDetails();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<UpdateBillingDetailsBody>({
    resolver: zodResolver(updateBillingDetailsBodySchema),
    mode: 'onTouched',
    defaultValues: { organisationNumber: '', invoiceAddress: '', zipCode: '', city: '', country: '', billingEmail: '' },
  });
  const { register, handleSubmit, reset, setError, formState } = form;

  useEffect(() => {
    if (!details.data) return;
    reset({
      organisationNumber: details.data.organisationNumber ?? '',
      invoiceAddress: details.data.invoiceAddress ?? '',
      zipCode: details.data.zipCode ?? '',
      city: details.data.city ?? '',
      country: details.data.country ?? '',
      billingEmail: details.data.billingEmail ?? '',
    });
  }, [details.data, reset]);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await save.mutateAsync(values);
      notifySuccess(t('details.saved'));
    } catch (error) {
      setFormError(applyServerErrors(error, setError, FIELDS));
    }
  });

  if (details.isPending) return <Skeleton h={260} radius="md" aria-busy="true" />;
  if (details.isError) return <Alert color="red">{t('details.loadFailed')}</Alert>;

  const field = (name: FieldPath<UpdateBillingDetailsBody>) => {
    const label = t(`details.${name}`);
    return {
      label,
      withAsterisk: true,
      readOnly: !canEdit,
      error: errorText(formState.errors[name], label),
      ...register(name),
    };
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <form noValidate onSubmit={onSubmit} aria-labelledby="billing-details-title">
        <Stack gap="md">
          <div>
            <Title order={3} fz="h4" id="billing-details-title">
              {details.data.name}
            </Title>
            <Text c="dimmed" fz="sm">
              {t('details.customerNumber', { number: details.data.customerNumber })} · {t('details.description')}
            </Text>
          </div>
          {canEdit ? null : <Alert variant="light">{t('details.readOnly')}</Alert>}
          {formError ? <Alert color="red">{formError}</Alert> : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput {...field('organisationNumber')} placeholder="556036-0793" maxLength={11} />
            <TextInput {...field('billingEmail')} type="email" autoComplete="email" />
            <TextInput {...field('invoiceAddress')} autoComplete="street-address" />
            <TextInput {...field('zipCode')} autoComplete="postal-code" maxLength={10} />
            <TextInput {...field('city')} autoComplete="address-level2" />
            <TextInput {...field('country')} autoComplete="country-name" />
          </SimpleGrid>
          {canEdit ? (
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending}>
                {t('details.save')}
              </Button>
            </Group>
          ) : null}
        </Stack>
      </form>
    </Paper>
  );
}
