import {
  INVOICE_SEND_METHODS,
  type InvoiceConfiguration,
  invoiceConfigurationSchema,
  MAX_REMINDER_FEE_ORE,
  PAYMENT_TERMS_DAYS,
} from '@fairway/shared';
import { Box, Group, NumberInput, Select, SimpleGrid, Switch, Textarea, TextInput } from '@mantine/core';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { HelpHint } from '../../../components/help-hint';
import { ConfigurationForm } from './configuration-form';
import { type GroupFormApi, type GroupFormProps, toNumber } from './group-form-props';
import { useConfigField } from './use-config-field';

function InvoiceFields({ form }: { form: GroupFormApi<'invoice'> }) {
  const { t } = useTranslation('configurations');
  const field = useConfigField<InvoiceConfiguration>(form, 'invoice');
  const autoPause = useWatch({ control: form.control, name: 'autoPause' });
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Controller
          control={form.control}
          name="paymentTermsDays"
          render={({ field: f }) => (
            <Select
              {...field('paymentTermsDays')}
              data={PAYMENT_TERMS_DAYS.map((days) => ({ value: String(days), label: t('paymentTermsOption', { count: days }) }))}
              value={f.value === null || f.value === undefined ? null : String(f.value)}
              onChange={(value) => f.onChange(value === null ? null : Number(value))}
              onBlur={f.onBlur}
              allowDeselect={false}
            />
          )}
        />
        <Controller
          control={form.control}
          name="sendMethod"
          render={({ field: f }) => (
            <Select
              {...field('sendMethod')}
              data={INVOICE_SEND_METHODS.map((method) => ({ value: method, label: t(`sendMethods.${method}`) }))}
              value={f.value}
              onChange={(value) => f.onChange(value)}
              onBlur={f.onBlur}
              allowDeselect={false}
            />
          )}
        />
      </SimpleGrid>
      <Textarea {...field('invoiceText')} {...form.register('invoiceText')} autosize minRows={2} maxRows={6} />
      <TextInput {...field('ourReference')} {...form.register('ourReference')} />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <Controller
          control={form.control}
          name="reminderDays"
          render={({ field: f }) => (
            <NumberInput
              {...field('reminderDays')}
              value={f.value ?? ''}
              onChange={(v) => f.onChange(toNumber(v))}
              onBlur={f.onBlur}
              min={1}
              max={90}
              allowDecimal={false}
              allowNegative={false}
              suffix={` ${t('days')}`}
            />
          )}
        />
        <Controller
          control={form.control}
          name="reminderFeeOre"
          render={({ field: f }) => (
            // Amounts are öre on the wire (docs/api.md#money-and-dates); people type kronor.
            <NumberInput
              {...field('reminderFeeOre')}
              value={typeof f.value === 'number' ? f.value / 100 : ''}
              onChange={(v) => f.onChange(typeof v === 'number' ? Math.round(v * 100) : null)}
              onBlur={f.onBlur}
              min={0}
              max={MAX_REMINDER_FEE_ORE / 100}
              decimalScale={2}
              decimalSeparator=","
              allowNegative={false}
              suffix=" kr"
            />
          )}
        />
        <Controller
          control={form.control}
          name="lateInterestPercent"
          render={({ field: f }) => (
            <NumberInput
              {...field('lateInterestPercent')}
              value={f.value ?? ''}
              onChange={(v) => f.onChange(toNumber(v))}
              onBlur={f.onBlur}
              min={0}
              max={50}
              decimalScale={2}
              decimalSeparator=","
              allowNegative={false}
              suffix=" %"
            />
          )}
        />
      </SimpleGrid>
      <Controller
        control={form.control}
        name="autoPause"
        render={({ field: f }) => (
          <Switch
            {...field('autoPause')}
            checked={f.value}
            onChange={(event) => f.onChange(event.currentTarget.checked)}
            onBlur={f.onBlur}
          />
        )}
      />
      <Group gap={6} wrap="nowrap" align="flex-end">
        <Controller
          control={form.control}
          name="autoPauseDaysAfterDue"
          render={({ field: f }) => (
            <NumberInput
              {...field('autoPauseDaysAfterDue')}
              value={f.value ?? ''}
              onChange={(v) => f.onChange(toNumber(v))}
              onBlur={f.onBlur}
              min={1}
              max={365}
              allowDecimal={false}
              allowNegative={false}
              suffix={` ${t('days')}`}
              disabled={!autoPause}
              w="100%"
              maw={320}
            />
          )}
        />
        <Box pb={7}>
          <HelpHint helpKey="configurations.autoPauseDays" topic={field('autoPauseDaysAfterDue').label} />
        </Box>
      </Group>
      <Controller
        control={form.control}
        name="bookOnCreate"
        render={({ field: f }) => (
          <Switch
            {...field('bookOnCreate')}
            checked={f.value}
            onChange={(event) => f.onChange(event.currentTarget.checked)}
            onBlur={f.onBlur}
          />
        )}
      />
    </>
  );
}

export function InvoiceConfigurationForm(props: GroupFormProps<'invoice'>) {
  return (
    <ConfigurationForm {...props} group="invoice" schema={invoiceConfigurationSchema}>
      {(form) => <InvoiceFields form={form} />}
    </ConfigurationForm>
  );
}
