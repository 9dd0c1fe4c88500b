import {
  type CreateInvoiceInput,
  createInvoiceBodySchema,
  INVOICE_ROWS_MAX,
  INVOICE_TYPES,
  type Invoice,
  type UpdateInvoiceInput,
  updateInvoiceBodySchema,
} from '@fairway/shared';
import { Anchor, SimpleGrid, Text } from '@mantine/core';
import { Controller, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AccountingCodeFields } from '../../../components/accounting/components/accounting-code-fields';
import { CustomerLookupField } from '../../../components/accounting/components/customer-lookup';
import { DocumentRowsSection } from '../../../components/accounting/components/document-rows-editor';
import { LabelledSegments } from '../../../components/accounting/components/labelled-segments';
import { DocumentFormFrame } from '../../../components/form/document-form-frame';
import { type DocumentFormProps, useDocumentForm } from '../../../components/form/use-document-form';
import { FormSection } from '../../../components/form-section';
import { listErrorMessage } from '../../../components/list/list-states';
import { ApiError } from '../../../lib/api-client';
import { addDays, type InvoiceFormValues, invoiceFormFields, invoiceFormValues } from '../lib/invoice-form-values';
import { INVOICE_PATHS, UPGRADE_PATH } from '../lib/paths';

type Path = FieldPath<InvoiceFormValues>;
type Failure = { text: string; quota: boolean };

/** The refusal for the alert: the package's invoice quota (406) with its upgrade link, the program's own text. */
function failureOf(error: unknown, leftover: string | null): Failure | null {
  if (error instanceof ApiError && error.status === 406) return { text: listErrorMessage(error) ?? error.message, quota: true };
  if (error instanceof ApiError && error.status === 503) {
    const text = listErrorMessage(error) ?? leftover;
    return text ? { text, quota: false } : null;
  }
  return leftover ? { text: leftover, quota: false } : null;
}

/** `readOnlyText` says why it is read-only when not for want of the write scope (booked, cancelled, a stale copy). */
export type InvoiceFormProps = DocumentFormProps<CreateInvoiceInput | UpdateInvoiceInput> & {
  /** The invoice to edit; absent when creating. */
  invoice?: Invoice;
};

/**
 * Invoice (docs/invoices.md): customer, dates and terms, type, references, rows with article lookup and
 * live totals per VAT rate, remarks. Validated with the shared schema before anything is sent;
 * the server's field messages land on the inputs, the program's or the quota's refusal in the
 * alert at the top. A new invoice carries one request id for the life of the form, so sending it
 * twice (a double click, a retry after a lost answer) makes one invoice.
 */
export function InvoiceForm({ invoice, ...props }: InvoiceFormProps) {
  const { t } = useTranslation('invoices');
  const { form, field, frame, textInput, textArea, dateInput } = useDocumentForm<InvoiceFormValues, CreateInvoiceInput, Failure>({
    ...props,
    ns: 'invoices',
    creating: invoice === undefined,
    createSchema: createInvoiceBodySchema,
    updateSchema: updateInvoiceBodySchema,
    defaultValues: invoiceFormValues(invoice),
    serverFields: (values) => invoiceFormFields(values.rows.length) as Path[],
    failureOf,
  });
  const { creating, readOnly, failure } = frame;
  const { control, setValue, getValues } = form;

  return (
    <DocumentFormFrame
      {...frame}
      label={invoice ? t('page.formLabel', { number: invoice.number }) : t('page.createTitle')}
      failure={
        failure
          ? {
              title: failure.quota ? t('form.quotaTitle') : t('form.failedTitle'),
              color: failure.quota ? 'orange' : 'red',
              content: (
                <>
                  <Text fz="sm">{failure.text}</Text>
                  {failure.quota ? (
                    <Anchor component={Link} to={UPGRADE_PATH} fz="sm" fw={600}>
                      {t('form.upgrade')}
                    </Anchor>
                  ) : null}
                </>
              ),
            }
          : null
      }
      backTo={INVOICE_PATHS.list}
    >
      <FormSection legend={t('form.sections.basics')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <CustomerLookupField control={control} {...field('customerNumber')} document={invoice} disabled={readOnly} />
          <Controller
            control={control}
            name="invoiceType"
            render={({ field: f }) => (
              <LabelledSegments
                label={t('fields.invoiceType.label')}
                value={f.value}
                onChange={(next) => f.onChange(next)}
                data={INVOICE_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
                disabled={readOnly}
              />
            )}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          {dateInput('invoiceDate', { withAsterisk: true })}
          <AccountingCodeFields
            control={control}
            names={['termsOfPayment']}
            fieldProps={field}
            onPicked={(_, terms) => {
              // Terms with a number of days set the due date from the invoice date, as the program would.
              const from = getValues('invoiceDate');
              if (typeof terms?.days === 'number' && /^\d{4}-\d{2}-\d{2}$/.test(from)) {
                setValue('dueDate', addDays(from, terms.days), { shouldDirty: true, shouldValidate: true });
              }
            }}
          />
          {dateInput('dueDate', { clearable: true })}
        </SimpleGrid>
      </FormSection>

      <FormSection legend={t('form.sections.references')}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
          {textInput('yourReference', { maxLength: 50 })}
          {textInput('ourReference', { maxLength: 50 })}
          <AccountingCodeFields control={control} names={['costCenter', 'project']} fieldProps={field} />
        </SimpleGrid>
      </FormSection>

      <DocumentRowsSection
        ns="invoices"
        form={form}
        readOnly={readOnly}
        maxRows={INVOICE_ROWS_MAX}
        testIdPrefix="invoice"
        roundToKrona
      />

      <FormSection legend={t('form.sections.remarks')}>
        {textArea('remarks', { minRows: 2, description: creating ? t('fields.remarks.description') : undefined })}
      </FormSection>
    </DocumentFormFrame>
  );
}
