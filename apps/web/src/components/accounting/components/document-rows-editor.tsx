import { VAT_RATES } from '@fairway/shared';
import { ActionIcon, Button, Group, Select, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Fragment, type ReactNode } from 'react';
import {
  type Control,
  Controller,
  type FieldError,
  type FieldValues,
  get,
  type UseFormReturn,
  type UseFormSetValue,
  useFieldArray,
  useFormState,
  useWatch,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldErrorText } from '../../../lib/form-errors';
import { formatOre } from '../../../lib/money';
import { DecimalInput, PercentInput } from '../../form/decimal-input';
import { KronorInput } from '../../form/kronor-input';
import { FormSection } from '../../form-section';
import { useCustomizations } from '../api/get-customizations';
import { type DocumentRowField, type DocumentRowsFormValues, documentTotals, emptyDocumentRow } from '../lib/document-rows';
import { ArticleLookup } from './article-lookup';
import { CodeSelect } from './code-select';
import { DocumentTotals } from './document-totals';

/**
 * The fixed columns' widths plus the description's least width. Cost centre and project sit on a
 * second line of each row, so the table fits the form from a laptop's width up (the sidebar
 * beside it) and scrolls sideways only on narrower screens.
 */
const TABLE_WIDTH = 930;

export interface DocumentRowsEditorProps<T extends DocumentRowsFormValues, C, O extends FieldValues> {
  /** The form's control and setValue (an article fills its row). */
  control: Control<T, C, O>;
  setValue: UseFormSetValue<T>;
  readOnly: boolean;
  /** At most this many rows (the shared schema's limit). */
  maxRows: number;
  /** The table's accessible name ("Fakturarader"). */
  label: string;
  /** `${testIdPrefix}-row` on each row, `${testIdPrefix}-totals` / `-total` on the totals. */
  testIdPrefix: string;
  /** The sum's label in the totals box. */
  totalLabel: string;
  /** Round the sum to whole kronor, as an invoice does. */
  roundToKrona: boolean;
  /** The prices include VAT (a contract may say so); absent: they are ex VAT. */
  vatIncluded?: boolean;
  /** The price column's name, when not "ex VAT" / "incl. VAT" as `vatIncluded` says (a contract's follows a switch). */
  priceLabel?: string;
  /** A line under the totals. */
  totalsNote?: ReactNode;
}

/**
 * The rows of an invoice or a contract: article lookup (picking one fills the row's description,
 * unit, price and VAT), description, quantity, unit, price, VAT, discount, cost centre and project,
 * each row's amount, add and remove, and the totals per VAT rate computed by the shared invoice
 * totals while typing. Each input is named with its row ("Antal, rad 2") so a screen reader, and
 * a test, can tell the rows apart.
 */
export function DocumentRowsEditor<T extends DocumentRowsFormValues, C, O extends FieldValues>(
  props: DocumentRowsEditorProps<T, C, O>,
) {
  const { readOnly, maxRows, label, testIdPrefix, totalLabel, roundToKrona, vatIncluded, priceLabel, totalsNote } = props;
  // Every form that has rows holds them in the same shape under `rows`; the rest of its values are none of ours.
  const control = props.control as unknown as Control<DocumentRowsFormValues>;
  const setValue = props.setValue as unknown as UseFormSetValue<DocumentRowsFormValues>;
  const { t, i18n } = useTranslation('accounting');
  const lang = i18n.language === 'en' ? 'en' : 'sv';
  const errorText = useFieldErrorText();
  const codes = useCustomizations();
  const rows = useFieldArray({ control, name: 'rows' });
  const { errors } = useFormState({ control, name: 'rows' });
  const watchedRows = useWatch({ control, name: 'rows' }) ?? [];
  const totals = documentTotals(watchedRows, { vatIncluded, roundToKrona, saved: readOnly });

  const columnLabel = (name: DocumentRowField) => {
    if (name !== 'priceOre') return t(`rows.fields.${name}`);
    return priceLabel ?? (vatIncluded ? t('rows.fields.priceOreVatIncluded') : t('rows.fields.priceOre'));
  };
  // "At least one row" is the array's own error: RHF keeps it under `root` once the rows exist.
  const rowsErrors = errors.rows as (FieldError & { root?: FieldError }) | undefined;
  const rowsError = errorText(rowsErrors?.root ?? (rowsErrors?.message ? rowsErrors : undefined), t('rows.label'));

  return (
    <>
      {/* Positioned, so the visually hidden header text scrolls with the table instead of widening the page. */}
      <Table.ScrollContainer minWidth={TABLE_WIDTH} type="native" pos="relative">
        <Table verticalSpacing="xs" aria-label={label} layout="fixed" style={{ minWidth: TABLE_WIDTH }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={170}>{columnLabel('articleNumber')}</Table.Th>
              <Table.Th>{columnLabel('description')}</Table.Th>
              <Table.Th w={76}>{columnLabel('quantityHundredths')}</Table.Th>
              <Table.Th w={84}>{columnLabel('unit')}</Table.Th>
              <Table.Th w={112}>{columnLabel('priceOre')}</Table.Th>
              <Table.Th w={104}>{columnLabel('vatPercent')}</Table.Th>
              <Table.Th w={76}>{columnLabel('discountBasisPoints')}</Table.Th>
              <Table.Th w={110} ta="right">
                {t('rows.rowTotal')}
              </Table.Th>
              <Table.Th w={44}>
                <VisuallyHidden>{t('rows.rowActions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.fields.map((row, index) => {
              const n = index + 1;
              const cell = (name: DocumentRowField) => ({
                'aria-label': t('rows.rowField', { field: columnLabel(name), n }),
                error: errorText(get(errors, `rows.${index}.${name}`) as FieldError | undefined, columnLabel(name)),
              });
              const rowCode = (name: 'unit' | 'costCenter' | 'project') => (
                <Controller
                  control={control}
                  name={`rows.${index}.${name}`}
                  render={({ field: f }) => (
                    <CodeSelect
                      {...cell(name)}
                      // On the row's second line the field is named by its placeholder.
                      placeholder={name === 'unit' ? undefined : columnLabel(name)}
                      items={
                        { unit: codes.data?.units, costCenter: codes.data?.costCenters, project: codes.data?.projects }[name]
                      }
                      value={f.value}
                      onChange={f.onChange}
                      onBlur={f.onBlur}
                      ref={f.ref}
                    />
                  )}
                />
              );
              const value = watchedRows[index];
              const accounting =
                Boolean(codes.data?.costCenters.length || codes.data?.projects.length) ||
                Boolean(value?.costCenter || value?.project);
              return (
                <Fragment key={row.id}>
                  <Table.Tr data-testid={`${testIdPrefix}-row`} style={accounting ? { borderBottom: 0 } : undefined}>
                    <Table.Td>
                      <Controller
                        control={control}
                        name={`rows.${index}.articleNumber`}
                        render={({ field: f }) => (
                          <ArticleLookup
                            {...cell('articleNumber')}
                            placeholder={t('rows.articlePlaceholder')}
                            value={f.value ?? null}
                            initialLabel={watchedRows[index]?.description || undefined}
                            onChange={(number, article) => {
                              f.onChange(number);
                              if (!article) return;
                              const opts = { shouldDirty: true, shouldValidate: true } as const;
                              setValue(`rows.${index}.description`, article.description, opts);
                              setValue(`rows.${index}.unit`, article.unit, opts);
                              if (article.salesPriceOre !== null) setValue(`rows.${index}.priceOre`, article.salesPriceOre, opts);
                              if ((VAT_RATES as readonly number[]).includes(article.vatPercent)) {
                                setValue(`rows.${index}.vatPercent`, article.vatPercent, opts);
                              }
                            }}
                            onBlur={f.onBlur}
                            ref={f.ref}
                            disabled={readOnly}
                          />
                        )}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Controller
                        control={control}
                        name={`rows.${index}.description`}
                        render={({ field: f }) => (
                          <TextInput
                            {...cell('description')}
                            name={f.name}
                            value={f.value ?? ''}
                            onChange={(event) => f.onChange(event.currentTarget.value)}
                            onBlur={f.onBlur}
                            ref={f.ref}
                            maxLength={255}
                          />
                        )}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Controller
                        control={control}
                        name={`rows.${index}.quantityHundredths`}
                        render={({ field: f }) => (
                          <DecimalInput
                            {...cell('quantityHundredths')}
                            factor={100}
                            value={f.value}
                            onChange={f.onChange}
                            onBlur={f.onBlur}
                            ref={f.ref}
                            // A saved credit note's quantities are negative; typed ones never are.
                            allowNegative={readOnly}
                            hideControls
                          />
                        )}
                      />
                    </Table.Td>
                    <Table.Td>{rowCode('unit')}</Table.Td>
                    <Table.Td>
                      <Controller
                        control={control}
                        name={`rows.${index}.priceOre`}
                        render={({ field: f }) => (
                          <KronorInput
                            {...cell('priceOre')}
                            value={f.value}
                            onChange={f.onChange}
                            onBlur={f.onBlur}
                            ref={f.ref}
                            hideControls
                          />
                        )}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Controller
                        control={control}
                        name={`rows.${index}.vatPercent`}
                        render={({ field: f }) => (
                          <Select
                            {...cell('vatPercent')}
                            data={VAT_RATES.map((rate) => ({ value: String(rate), label: `${rate} %` }))}
                            value={f.value === undefined ? '25' : String(f.value)}
                            onChange={(next) => f.onChange(Number(next ?? 25))}
                            onBlur={f.onBlur}
                            ref={f.ref}
                            allowDeselect={false}
                            comboboxProps={{ withinPortal: true }}
                          />
                        )}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Controller
                        control={control}
                        name={`rows.${index}.discountBasisPoints`}
                        render={({ field: f }) => (
                          <PercentInput
                            {...cell('discountBasisPoints')}
                            factor={100}
                            value={f.value}
                            onChange={(v) => f.onChange(v ?? 0)}
                            onBlur={f.onBlur}
                            ref={f.ref}
                            hideControls
                          />
                        )}
                      />
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      <Text fz="sm" data-testid="row-total">
                        {formatOre(totals.rowTotalsOre[index] ?? 0, lang)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {readOnly ? null : (
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          onClick={() => rows.remove(index)}
                          disabled={rows.fields.length <= 1}
                          aria-label={t('rows.removeRow', { n })}
                        >
                          <IconTrash size={16} aria-hidden="true" />
                        </ActionIcon>
                      )}
                    </Table.Td>
                  </Table.Tr>
                  {accounting ? (
                    <Table.Tr data-testid={`${testIdPrefix}-row-accounting`}>
                      <Table.Td colSpan={2} pt={0}>
                        <Group gap="xs" wrap="nowrap" grow>
                          {rowCode('costCenter')}
                          {rowCode('project')}
                        </Group>
                      </Table.Td>
                      <Table.Td colSpan={7} pt={0} />
                    </Table.Tr>
                  ) : null}
                </Fragment>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {rowsError ? (
        <Text c="red" fz="sm" role="alert">
          {rowsError}
        </Text>
      ) : null}
      <Group justify="space-between" align="flex-start" wrap="wrap">
        {readOnly ? (
          <span />
        ) : (
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden="true" />}
            onClick={() => rows.append(emptyDocumentRow())}
            disabled={rows.fields.length >= maxRows}
          >
            {t('rows.addRow')}
          </Button>
        )}
        <DocumentTotals totals={totals} totalLabel={totalLabel} testIdPrefix={testIdPrefix} note={totalsNote} />
      </Group>
    </>
  );
}

export type DocumentRowsSectionProps<T extends DocumentRowsFormValues, C, O extends FieldValues> = Omit<
  DocumentRowsEditorProps<T, C, O>,
  'control' | 'setValue' | 'label' | 'totalLabel'
> & {
  /** The feature's message namespace, with `form.sections.rows`, `form.rowsLabel` and `form.totals.total`. */
  ns: string;
  /** The document's form (its control and setValue). */
  form: Pick<UseFormReturn<T, C, O>, 'control' | 'setValue'>;
};

/** The rows section of an invoice's or a contract's form: the editor under the section's title, its texts from the feature. */
export function DocumentRowsSection<T extends DocumentRowsFormValues, C, O extends FieldValues>({
  ns,
  form,
  ...props
}: DocumentRowsSectionProps<T, C, O>) {
  const { t } = useTranslation(ns);
  return (
    <FormSection legend={t('form.sections.rows')}>
      <DocumentRowsEditor
        {...props}
        control={form.control}
        setValue={form.setValue}
        label={t('form.rowsLabel')}
        totalLabel={t('form.totals.total')}
      />
    </FormSection>
  );
}
