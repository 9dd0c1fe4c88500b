import { type MemberConfiguration, memberConfigurationSchema } from '@fairway/shared';
import { NumberInput, Switch, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ConfigurationForm } from './configuration-form';
import { type GroupFormApi, type GroupFormProps, toNumber } from './group-form-props';
import { useConfigField } from './use-config-field';

function MemberFields({ form }: { form: GroupFormApi<'member'> }) {
  const { t } = useTranslation('configurations');
  const field = useConfigField<MemberConfiguration>(form, 'member');
  const toggle = (name: 'familyPayerPays' | 'guardianPaysForJuniors') => (
    <Controller
      control={form.control}
      name={name}
      render={({ field: f }) => (
        <Switch
          {...field(name)}
          checked={f.value}
          onChange={(event) => f.onChange(event.currentTarget.checked)}
          onBlur={f.onBlur}
        />
      )}
    />
  );
  return (
    <>
      <TextInput {...field('defaultFeeRule')} {...form.register('defaultFeeRule')} maw={420} />
      {toggle('familyPayerPays')}
      {toggle('guardianPaysForJuniors')}
      <Controller
        control={form.control}
        name="juniorAgeLimit"
        render={({ field: f }) => (
          <NumberInput
            {...field('juniorAgeLimit')}
            value={f.value ?? ''}
            onChange={(v) => f.onChange(toNumber(v))}
            onBlur={f.onBlur}
            min={1}
            max={30}
            allowDecimal={false}
            allowNegative={false}
            suffix={` ${t('years')}`}
            maw={240}
          />
        )}
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
