import {
  CONTRACT_INTERVAL_MONTHS,
  CONTRACT_SEND_METHODS,
  type ContractConfiguration,
  contractConfigurationSchema,
} from '@fairway/shared';
import { NumberInput, Select, SimpleGrid } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ConfigurationForm } from './configuration-form';
import { type GroupFormApi, type GroupFormProps, toNumber } from './group-form-props';
import { useConfigField } from './use-config-field';

function ContractFields({ form }: { form: GroupFormApi<'contract'> }) {
  const { t } = useTranslation('configurations');
  const field = useConfigField<ContractConfiguration>(form, 'contract');
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      <Controller
        control={form.control}
        name="intervalMonths"
        render={({ field: f }) => (
          <Select
            {...field('intervalMonths')}
            data={CONTRACT_INTERVAL_MONTHS.map((months) => ({ value: String(months), label: t(`intervals.${months}`) }))}
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
            data={CONTRACT_SEND_METHODS.map((method) => ({ value: method, label: t(`contractSendMethods.${method}`) }))}
            value={f.value}
            onChange={(value) => f.onChange(value)}
            onBlur={f.onBlur}
            allowDeselect={false}
          />
        )}
      />
      <Controller
        control={form.control}
        name="invoiceDaysBeforePeriod"
        render={({ field: f }) => (
          <NumberInput
            {...field('invoiceDaysBeforePeriod')}
            value={f.value ?? ''}
            onChange={(v) => f.onChange(toNumber(v))}
            onBlur={f.onBlur}
            min={0}
            max={90}
            allowDecimal={false}
            allowNegative={false}
            suffix={` ${t('days')}`}
          />
        )}
      />
    </SimpleGrid>
  );
}

/** Also what `configurations/sub-contract` serves: contracts have no separate sub-settings. */
export function ContractConfigurationForm(props: GroupFormProps<'contract'>) {
  return (
    <ConfigurationForm {...props} group="contract" schema={contractConfigurationSchema}>
      {(form) => <ContractFields form={form} />}
    </ConfigurationForm>
  );
}
