import { ARTICLE_UNITS, type ArticleConfiguration, articleConfigurationSchema, VAT_RATES } from '@fairway/shared';
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ConfigurationForm } from './configuration-form';
import type { GroupFormApi, GroupFormProps } from './group-form-props';
import { useConfigField } from './use-config-field';

function ArticleFields({ form }: { form: GroupFormApi<'article'> }) {
  const { t } = useTranslation('configurations');
  const field = useConfigField<ArticleConfiguration>(form, 'article');
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      <Controller
        control={form.control}
        name="vatRate"
        render={({ field: f }) => (
          <Select
            {...field('vatRate')}
            data={VAT_RATES.map((rate) => ({ value: String(rate), label: `${rate} %` }))}
            value={f.value === null || f.value === undefined ? null : String(f.value)}
            onChange={(value) => f.onChange(value === null ? null : Number(value))}
            onBlur={f.onBlur}
            allowDeselect={false}
          />
        )}
      />
      <TextInput {...field('salesAccount')} {...form.register('salesAccount')} inputMode="numeric" maxLength={4} />
      <Controller
        control={form.control}
        name="unit"
        render={({ field: f }) => (
          <Select
            {...field('unit')}
            data={ARTICLE_UNITS.map((unit) => ({ value: unit, label: t(`units.${unit}`) }))}
            value={f.value}
            onChange={(value) => f.onChange(value)}
            onBlur={f.onBlur}
            allowDeselect={false}
          />
        )}
      />
    </SimpleGrid>
  );
}

export function ArticleConfigurationForm(props: GroupFormProps<'article'>) {
  return (
    <ConfigurationForm {...props} group="article" schema={articleConfigurationSchema}>
      {(form) => <ArticleFields form={form} />}
    </ConfigurationForm>
  );
}
