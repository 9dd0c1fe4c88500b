import {
  CONTRACT_INTERVALS,
  CONTRACT_ROWS_MAX,
  type Contract,
  type CreateContractBody,
  type CreateContractInput,
  createContractBodySchema,
  stockholmToday,
  type UpdateContractInput,
  updateContractBodySchema,
} from '@fairway/shared';
import { Group, NumberInput, Select, SimpleGrid, Stack } from '@mantine/core';
import { Controller, type FieldPath, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AccountingCodeFields } from '../../../components/accounting/components/accounting-code-fields';
import { CustomerLookupField } from '../../../components/accounting/components/customer-lookup';
import { DocumentRowsSection } from '../../../components/accounting/components/document-rows-editor';
import {
  type DocumentRowValues,
  documentRowPaths,
  documentRowValues,
  emptyDocumentRow,
} from '../../../components/accounting/lib/document-rows';
import { DocumentFormFrame } from '../../../components/form/document-form-frame';
import { type DocumentFormProps, textValue, useDocumentForm } from '../../../components/form/use-document-form';
import { FormSection } from '../../../components/form-section';
import { CONTRACT_PATHS } from '../lib/paths';

/** What the form holds: the create body, rows as the rows editor holds them. */
export type ContractFormValues = Omit<CreateContractBody, 'rows'> & { rows: DocumentRowValues[] };
type Path = FieldPath<ContractFormValues>;

const HEAD_FIELDS = [
  'customerNumber',
  'contractDate',
  'periodStart',
  'periodEnd',
  'continuous',
  'contractLength',
  'invoiceInterval',
  'active',
  'vatIncluded',
  'termsOfPayment',
  'yourReference',
  'ourReference',
  'remarks',
  'costCenter',
  'project',
  'category',
  'rows',
] as const satisfies readonly Path[];

/** Every field the server may name in a refusal, so its messages land on the inputs. */
export function contractFormFields(rowCount: number): Path[] {
  return [...HEAD_FIELDS, ...documentRowPaths(rowCount)];
}

/** The form's starting values: the contract as the program has it, or a yearly contract from today. */
export function contractFormValues(contract?: Contract, today = stockholmToday()): ContractFormValues {
  return {
    customerNumber: textValue(contract?.customerNumber),
    contractDate: contract?.contractDate ?? today,
    periodStart: contract?.periodStart ?? today,
    periodEnd: textValue(contract?.periodEnd),
    continuous: contract?.continuous ?? true,
    contractLength: contract?.contractLength ?? 12,
    invoiceInterval: contract?.invoiceInterval ?? 12,
    active: contract?.active ?? true,
    vatIncluded: contract?.vatIncluded ?? false,
    termsOfPayment: contract?.termsOfPayment ?? null,
    yourReference: textValue(contract?.yourReference),
    ourReference: textValue(contract?.ourReference),
    remarks: textValue(contract?.remarks),
    costCenter: contract?.costCenter ?? null,
    project: contract?.project ?? null,
    category: textValue(contract?.category),
    rows: contract ? contract.rows.map(documentRowValues) : [emptyDocumentRow()],
  };
}

export type ContractFormProps = DocumentFormProps<CreateContractInput | UpdateContractInput> & {
  /** The contract to edit; absent when creating. */
  contract?: Contract;
};

/**
 * Contract (docs/accounting-data.md#contracts): customer, dates, interval and length, VAT included, category, cost centre
 * and project, references and the rows with live totals. Validated with the shared schema before
 * anything is sent; the server's field messages land on the inputs and the accounting program's
 * refusal in the alert at the top.
 */
export function ContractForm({ contract, ...props }: ContractFormProps) {
  const { t } = useTranslation('contracts');
  const { form, frame, textInput, textArea, field, switchInput, dateInput } = useDocumentForm<
    ContractFormValues,
    CreateContractInput
  >({
    ...props,
    ns: 'contracts',
    creating: contract === undefined,
    createSchema: createContractBodySchema,
    updateSchema: updateContractBodySchema,
    defaultValues: contractFormValues(contract),
    serverFields: (values) => contractFormFields(values.rows.length),
  });
  const { readOnly } = frame;
  const { control } = form;
  const vatIncluded = useWatch({ control, name: 'vatIncluded' }) ?? false;

  return (
    <DocumentFormFrame
      {...frame}
      label={contract ? t('page.formLabel', { number: contract.number }) : t('page.createTitle')}
      backTo={CONTRACT_PATHS.list}
    >
      <FormSection legend={t('form.sections.basics')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <CustomerLookupField control={control} {...field('customerNumber')} document={contract} disabled={readOnly} />
          {textInput('category', { maxLength: 50 })}
        </SimpleGrid>
        <Group gap="xl">
          {switchInput('active')}
          {switchInput('vatIncluded')}
        </Group>
      </FormSection>

      <FormSection legend={t('form.sections.period')}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          {dateInput('contractDate')}
          {dateInput('periodStart')}
          {dateInput('periodEnd', { clearable: true })}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <Controller
            control={control}
            name="invoiceInterval"
            render={({ field: f }) => (
              <Select
                {...field('invoiceInterval')}
                data={CONTRACT_INTERVALS.map((months) => ({ value: String(months), label: t(`intervals.${months}`) }))}
                value={f.value === undefined || f.value === null ? null : String(f.value)}
                onChange={(next) => f.onChange(next === null ? undefined : Number(next))}
                onBlur={f.onBlur}
                ref={f.ref}
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
              />
            )}
          />
          <Controller
            control={control}
            name="contractLength"
            render={({ field: f }) => (
              <NumberInput
                {...field('contractLength')}
                value={typeof f.value === 'number' ? f.value : ''}
                onChange={(v) => f.onChange(typeof v === 'number' ? v : undefined)}
                onBlur={f.onBlur}
                ref={f.ref}
                min={1}
                max={120}
                clampBehavior="none"
                allowDecimal={false}
                allowNegative={false}
                suffix={` ${t('form.monthsSuffix')}`}
                inputMode="numeric"
              />
            )}
          />
          <Stack justify="center">{switchInput('continuous')}</Stack>
        </SimpleGrid>
      </FormSection>

      <FormSection legend={t('form.sections.invoicing')}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <AccountingCodeFields control={control} names={['termsOfPayment', 'costCenter', 'project']} fieldProps={field} />
          {textInput('yourReference', { maxLength: 50 })}
          {textInput('ourReference', { maxLength: 50 })}
        </SimpleGrid>
      </FormSection>

      <DocumentRowsSection
        ns="contracts"
        form={form}
        readOnly={readOnly}
        maxRows={CONTRACT_ROWS_MAX}
        testIdPrefix="contract"
        roundToKrona={false}
        vatIncluded={vatIncluded}
        // The prices may include VAT or not (the switch above), so the column says neither.
        priceLabel={t('fields.priceOre.label')}
        totalsNote={vatIncluded ? t('form.totals.perPeriodIncl') : t('form.totals.perPeriod')}
      />

      <FormSection legend={t('form.sections.remarks')}>{textArea('remarks', { minRows: 2 })}</FormSection>
    </DocumentFormFrame>
  );
}
