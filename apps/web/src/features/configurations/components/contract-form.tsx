import {
  CONTRACT_INTERVAL_MONTHS,
  CONTRACT_SEND_METHODS,
  type ContractConfiguration,
  contractConfigurationSchema,
} from '@fairway/shared';
import { SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ConfigSelect, ConfigWholeNumber } from './config-inputs';
import { ConfigurationForm } from './configuration-form';
import type { GroupFormApi, GroupFormProps } from './group-form-props';
import { useConfigField } from './use-config-field';

function ContractFields({ form }: { form: GroupFormApi<'contract'> }) {
  const { t } = useTranslation('configurations');
  const field = useConfigField<ContractConfiguration>(form, 'contract');
  const { control } = form;
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      <ConfigSelect
        control={control}
        name="intervalMonths"
        text={field('intervalMonths')}
        options={CONTRACT_INTERVAL_MONTHS.map((months) => ({ value: months, label: t(`intervals.${months}`) }))}
      />
      <ConfigSelect
        control={control}
        name="sendMethod"
        text={field('sendMethod')}
        options={CONTRACT_SEND_METHODS.map((method) => ({ value: method, label: t(`contractSendMethods.${method}`) }))}
      />
      <ConfigWholeNumber
        control={control}
        name="invoiceDaysBeforePeriod"
        text={field('invoiceDaysBeforePeriod')}
        min={0}
        max={90}
        suffix={` ${t('days')}`}
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
