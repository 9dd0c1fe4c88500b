import { ARTICLE_UNITS, type ArticleConfiguration, articleConfigurationSchema, VAT_RATES } from '@fairway/shared';
import { SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ConfigSelect } from './config-inputs';
import { ConfigurationForm } from './configuration-form';
import type { GroupFormApi, GroupFormProps } from './group-form-props';
import { useConfigField } from './use-config-field';

function ArticleFields({ form }: { form: GroupFormApi<'article'> }) {
  const { t } = useTranslation('configurations');
  const field = useConfigField<ArticleConfiguration>(form, 'article');
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      <ConfigSelect
        control={form.control}
        name="vatRate"
        text={field('vatRate')}
        options={VAT_RATES.map((rate) => ({ value: rate, label: `${rate} %` }))}
      />
      <TextInput {...field('salesAccount')} {...form.register('salesAccount')} inputMode="numeric" maxLength={4} />
      <ConfigSelect
        control={form.control}
        name="unit"
        text={field('unit')}
        options={ARTICLE_UNITS.map((unit) => ({ value: unit, label: t(`units.${unit}`) }))}
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
