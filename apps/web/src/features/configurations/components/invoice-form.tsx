import {
  INVOICE_SEND_METHODS,
  type InvoiceConfiguration,
  invoiceConfigurationSchema,
  MAX_REMINDER_FEE_ORE,
  PAYMENT_TERMS_DAYS,
} from '@fairway/shared';
import { Box, Group, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PercentInput } from '../../../components/form/decimal-input';
import { KronorInput } from '../../../components/form/kronor-input';
import { HelpHint } from '../../../components/help-hint';
import { ConfigSelect, ConfigSwitch, ConfigWholeNumber } from './config-inputs';
import { ConfigurationForm } from './configuration-form';
import type { GroupFormApi, GroupFormProps } from './group-form-props';
import { useConfigField } from './use-config-field';

function InvoiceFields({ form }: { form: GroupFormApi<'invoice'> }) {
  const { t } = useTranslation('configurations');
  const field = useConfigField<InvoiceConfiguration>(form, 'invoice');
  const { control } = form;
  const autoPause = useWatch({ control, name: 'autoPause' });
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <ConfigSelect
          control={control}
          name="paymentTermsDays"
          text={field('paymentTermsDays')}
          options={PAYMENT_TERMS_DAYS.map((days) => ({ value: days, label: t('paymentTermsOption', { count: days }) }))}
        />
        <ConfigSelect
          control={control}
          name="sendMethod"
          text={field('sendMethod')}
          options={INVOICE_SEND_METHODS.map((method) => ({ value: method, label: t(`sendMethods.${method}`) }))}
        />
      </SimpleGrid>
      <Textarea {...field('invoiceText')} {...form.register('invoiceText')} autosize minRows={2} maxRows={6} />
      <TextInput {...field('ourReference')} {...form.register('ourReference')} />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <ConfigWholeNumber
          control={control}
          name="reminderDays"
          text={field('reminderDays')}
          min={1}
          max={90}
          suffix={` ${t('days')}`}
        />
        <Controller
          control={control}
          name="reminderFeeOre"
          render={({ field: f }) => (
            <KronorInput
              {...field('reminderFeeOre')}
              value={f.value}
              onChange={f.onChange}
              onBlur={f.onBlur}
              maxOre={MAX_REMINDER_FEE_ORE}
            />
          )}
        />
        <Controller
          control={control}
          name="lateInterestPercent"
          render={({ field: f }) => (
            <PercentInput
              {...field('lateInterestPercent')}
              value={f.value}
              onChange={f.onChange}
              onBlur={f.onBlur}
              max={50}
              clampBehavior="blur"
            />
          )}
        />
      </SimpleGrid>
      <ConfigSwitch control={control} name="autoPause" text={field('autoPause')} />
      <Group gap={6} wrap="nowrap" align="flex-end">
        <ConfigWholeNumber
          control={control}
          name="autoPauseDaysAfterDue"
          text={field('autoPauseDaysAfterDue')}
          min={1}
          max={365}
          suffix={` ${t('days')}`}
          disabled={!autoPause}
          w="100%"
          maw={320}
        />
        <Box pb={7}>
          <HelpHint helpKey="configurations.autoPauseDays" topic={field('autoPauseDaysAfterDue').label} />
        </Box>
      </Group>
      <ConfigSwitch control={control} name="bookOnCreate" text={field('bookOnCreate')} />
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
