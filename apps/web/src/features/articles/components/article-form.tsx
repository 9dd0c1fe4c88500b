import {
  ARTICLE_DESCRIPTION_MAX,
  ARTICLE_TYPES,
  type Article,
  articleMarginBasisPoints,
  type CreateArticleBody,
  type CreateArticleInput,
  createArticleBodySchema,
  type UpdateArticleInput,
  updateArticleBodySchema,
  VAT_RATES,
} from '@fairway/shared';
import { Group, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Fragment } from 'react';
import { type Control, Controller, type FieldPath, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
// Form pieces the customers feature wrote for the accounting forms (code lists, kronor, the
// unsaved-changes guard); shared rather than copied.
import { useCustomizations } from '../../../components/accounting/api/get-customizations';
import { AccountingCodeFields } from '../../../components/accounting/components/accounting-code-fields';
import { CodeSelect } from '../../../components/accounting/components/code-select';
import { DecimalInput } from '../../../components/form/decimal-input';
import { DocumentFormFrame } from '../../../components/form/document-form-frame';
import { type DocumentFormProps, textValue, useDocumentForm, withNewNumber } from '../../../components/form/use-document-form';
import { FormSection } from '../../../components/form-section';
import { formatOre } from '../../../lib/money';
import { formatMargin, formatQuantity } from '../lib/format';
import { ARTICLE_PATHS } from '../lib/paths';

/** What the form holds: the create body (the edit form leaves `number` out). */
export type ArticleFormValues = CreateArticleBody;
type Path = FieldPath<ArticleFormValues>;

const ACCOUNTS = ['salesAccountSe', 'salesAccountEu', 'salesAccountExport', 'purchaseAccount'] as const;
const MEASURES = ['widthMm', 'heightMm', 'depthMm', 'weightGrams'] as const;
const QUANTITIES = ['stockQuantityHundredths', 'orderPointHundredths'] as const;

/** Every field the server may name in a refusal, so its messages land on the inputs. */
export const ARTICLE_FORM_FIELDS: readonly Path[] = [
  'number',
  'description',
  'type',
  'unit',
  'active',
  'discontinued',
  'ean',
  'manufacturer',
  'manufacturerArticleNumber',
  'supplierNumber',
  'stockItem',
  'stockPlace',
  ...QUANTITIES,
  ...ACCOUNTS,
  'vatPercent',
  'salesPriceOre',
  'purchasePriceOre',
  ...MEASURES,
  'notes',
];

/** The form's starting values: the article as the program has it, or a new stock article at 25 % VAT. */
export function articleFormValues(article?: Article): ArticleFormValues {
  const values: ArticleFormValues = {
    description: textValue(article?.description),
    type: article?.type ?? 'STOCK',
    unit: article?.unit ?? null,
    active: article?.active ?? true,
    discontinued: article?.discontinued ?? false,
    ean: textValue(article?.ean),
    manufacturer: textValue(article?.manufacturer),
    manufacturerArticleNumber: textValue(article?.manufacturerArticleNumber),
    supplierNumber: textValue(article?.supplierNumber),
    stockItem: article?.stockItem ?? false,
    stockPlace: textValue(article?.stockPlace),
    stockQuantityHundredths: article?.stockQuantityHundredths ?? null,
    orderPointHundredths: article?.orderPointHundredths ?? null,
    salesAccountSe: textValue(article?.salesAccountSe),
    salesAccountEu: textValue(article?.salesAccountEu),
    salesAccountExport: textValue(article?.salesAccountExport),
    purchaseAccount: textValue(article?.purchaseAccount),
    vatPercent: article?.vatPercent ?? 25,
    salesPriceOre: article?.salesPriceOre ?? null,
    purchasePriceOre: article?.purchasePriceOre ?? null,
    widthMm: article?.widthMm ?? null,
    heightMm: article?.heightMm ?? null,
    depthMm: article?.depthMm ?? null,
    weightGrams: article?.weightGrams ?? null,
    notes: textValue(article?.notes),
  };
  return withNewNumber(article, values);
}

function readOnlyValue(label: string, value: string) {
  return (
    <Stack gap={2}>
      <Text fz="sm" fw={500}>
        {label}
      </Text>
      <Text fz="sm" c="dimmed">
        {value}
      </Text>
    </Stack>
  );
}

/**
 * Margin, contribution and price with VAT, worked out while the prices are typed. Watches only
 * the three fields it shows, so typing a price does not render the whole form again.
 */
function PriceSummary({ control }: { control: Control<ArticleFormValues, unknown, CreateArticleInput | UpdateArticleInput> }) {
  const { t, i18n } = useTranslation('articles');
  const lang = i18n.language === 'en' ? 'en' : 'sv';
  const [sales, purchase, vat] = useWatch({ control, name: ['salesPriceOre', 'purchasePriceOre', 'vatPercent'] });
  const salesPrice = sales ?? null;
  const purchasePrice = purchase ?? null;
  const margin = articleMarginBasisPoints(salesPrice, purchasePrice);
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" aria-live="polite">
      {readOnlyValue(t('form.margin'), margin === null ? t('form.marginUnknown') : formatMargin(margin, lang))}
      {readOnlyValue(
        t('form.marginAmount'),
        margin !== null && salesPrice !== null && purchasePrice !== null ? formatOre(salesPrice - purchasePrice, lang) : '–',
      )}
      {readOnlyValue(
        t('form.priceWithVat'),
        salesPrice !== null ? formatOre(Math.round((salesPrice * (100 + (vat ?? 25))) / 100), lang) : '–',
      )}
    </SimpleGrid>
  );
}

export type ArticleFormProps = DocumentFormProps<CreateArticleInput | UpdateArticleInput> & {
  /** The article to edit; absent when creating. */
  article?: Article;
};

/**
 * Article (docs/accounting-data.md#articles): basics, prices with the margin worked out while typing, accounts, stock,
 * and size and weight. Validated with the shared schema before anything is sent; the server's
 * field messages land on the inputs and the accounting program's refusal in the alert at the top.
 */
export function ArticleForm({ article, ...props }: ArticleFormProps) {
  const { t, i18n } = useTranslation('articles');
  const lang = i18n.language === 'en' ? 'en' : 'sv';
  const { form, field, frame, textInput, textArea, switchInput, kronorInput, segmentsInput } = useDocumentForm<
    ArticleFormValues,
    CreateArticleInput | UpdateArticleInput
  >({
    ...props,
    ns: 'articles',
    creating: article === undefined,
    createSchema: createArticleBodySchema,
    updateSchema: updateArticleBodySchema,
    defaultValues: articleFormValues(article),
    serverFields: () => ARTICLE_FORM_FIELDS,
  });
  const { creating } = frame;
  const { control, register } = form;
  const codes = useCustomizations();
  const stockItem = useWatch({ control, name: 'stockItem' }) ?? false;

  /** Hundredths typed as units with up to two decimals. */
  const quantity = (name: (typeof QUANTITIES)[number]) => (
    <Controller
      control={control}
      name={name}
      render={({ field: f }) => (
        <DecimalInput
          {...field(name)}
          factor={100}
          value={f.value}
          onChange={f.onChange}
          onBlur={f.onBlur}
          ref={f.ref}
          allowNegative={name === 'stockQuantityHundredths'}
        />
      )}
    />
  );

  const measure = (name: (typeof MEASURES)[number]) => (
    <Controller
      control={control}
      name={name}
      render={({ field: f }) => (
        <NumberInput
          {...field(name)}
          value={typeof f.value === 'number' ? f.value : ''}
          onChange={(v) => f.onChange(typeof v === 'number' ? v : null)}
          onBlur={f.onBlur}
          ref={f.ref}
          allowDecimal={false}
          allowNegative={false}
          suffix={name === 'weightGrams' ? ' g' : ' mm'}
          inputMode="numeric"
        />
      )}
    />
  );

  return (
    <DocumentFormFrame {...frame} label={article ? article.description : t('page.createTitle')} backTo={ARTICLE_PATHS.list}>
      <FormSection legend={t('form.sections.basics')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {creating ? textInput('number', { maxLength: 50 }) : null}
          <TextInput
            {...field('description')}
            {...register('description')}
            withAsterisk
            maxLength={ARTICLE_DESCRIPTION_MAX}
            data-autofocus
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {segmentsInput('type', {
            fallback: 'STOCK',
            data: ARTICLE_TYPES.map((value) => ({ value, label: t(`types.${value}`) })),
          })}
          <Controller
            control={control}
            name="unit"
            render={({ field: f }) => (
              <CodeSelect
                {...field('unit')}
                items={codes.data?.units}
                value={f.value}
                onChange={f.onChange}
                onBlur={f.onBlur}
                ref={f.ref}
              />
            )}
          />
          {textInput('ean', { maxLength: 14, inputMode: 'numeric' })}
          {textInput('supplierNumber', { maxLength: 50 })}
          {textInput('manufacturer', { maxLength: 50 })}
          {textInput('manufacturerArticleNumber', { maxLength: 50 })}
        </SimpleGrid>
        <Group gap="xl">
          {switchInput('active')}
          {switchInput('discontinued')}
        </Group>
      </FormSection>

      <FormSection legend={t('form.sections.prices')}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          {kronorInput('salesPriceOre')}
          {kronorInput('purchasePriceOre')}
          <Controller
            control={control}
            name="vatPercent"
            render={({ field: f }) => (
              <Select
                {...field('vatPercent')}
                data={VAT_RATES.map((rate) => ({ value: String(rate), label: `${rate} %` }))}
                value={String(f.value ?? 25)}
                onChange={(next) => f.onChange(Number(next ?? 25))}
                onBlur={f.onBlur}
                ref={f.ref}
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
              />
            )}
          />
        </SimpleGrid>
        <PriceSummary control={control} />
      </FormSection>

      <FormSection legend={t('form.sections.accounts')} hint={t('form.sections.accountsHint')}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
          <AccountingCodeFields control={control} names={ACCOUNTS} fieldProps={field} />
        </SimpleGrid>
      </FormSection>

      <FormSection legend={t('form.sections.stock')}>
        {switchInput('stockItem')}
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          {textInput('stockPlace', { maxLength: 50, disabled: !stockItem })}
          {quantity('stockQuantityHundredths')}
          {quantity('orderPointHundredths')}
        </SimpleGrid>
        {article ? (
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            {readOnlyValue(
              t('form.disposable'),
              article.disposableQuantityHundredths === null ? '–' : formatQuantity(article.disposableQuantityHundredths, lang),
            )}
            {readOnlyValue(t('form.stockValue'), article.stockValueOre === null ? '–' : formatOre(article.stockValueOre, lang))}
          </SimpleGrid>
        ) : null}
      </FormSection>

      <FormSection legend={t('form.sections.dimensions')}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
          {MEASURES.map((name) => (
            <Fragment key={name}>{measure(name)}</Fragment>
          ))}
        </SimpleGrid>
      </FormSection>

      <FormSection legend={t('form.sections.notes')}>{textArea('notes', { minRows: 3 })}</FormSection>
    </DocumentFormFrame>
  );
}
