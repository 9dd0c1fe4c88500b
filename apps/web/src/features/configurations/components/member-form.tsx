import { type MemberConfiguration, memberConfigurationSchema } from '@fairway/shared';
import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ConfigSwitch, ConfigWholeNumber } from './config-inputs';
import { ConfigurationForm } from './configuration-form';
import type { GroupFormApi, GroupFormProps } from './group-form-props';
import { useConfigField } from './use-config-field';

function MemberFields({ form }: { form: GroupFormApi<'member'> }) {
  const { t } = useTranslation('configurations');
  const field = useConfigField<MemberConfiguration>(form, 'member');
  const { control } = form;
  return (
    <>
      <TextInput {...field('defaultFeeRule')} {...form.register('defaultFeeRule')} maw={420} />
      <ConfigSwitch control={control} name="familyPayerPays" text={field('familyPayerPays')} />
      <ConfigSwitch control={control} name="guardianPaysForJuniors" text={field('guardianPaysForJuniors')} />
      <ConfigWholeNumber
        control={control}
        name="juniorAgeLimit"
        text={field('juniorAgeLimit')}
        min={1}
        max={30}
        suffix={` ${t('years')}`}
        maw={240}
      />
    </>
  );
}

export function MemberConfigurationForm(props: GroupFormProps<'member'>) {
  return (
    <ConfigurationForm {...props} group="member" schema={memberConfigurationSchema}>
      {(form) => <MemberFields form={form} />}
    </ConfigurationForm>
  );
}
