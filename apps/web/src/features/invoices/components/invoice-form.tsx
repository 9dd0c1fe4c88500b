import {
  type CreateInvoiceInput,
  createInvoiceBodySchema,
  INVOICE_ROWS_MAX,
  INVOICE_TYPES,
  type Invoice,
  type UpdateInvoiceInput,
  updateInvoiceBodySchema,
  VAT_RATES,
} from '@fairway/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Divider,
  Fieldset,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconDeviceFloppy, IconLock, IconPlus, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import {
  Controller,
  type FieldError,
  type FieldPath,
  get,
  type Resolver,
  useFieldArray,
  useForm,
  useWatch,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { listErrorMessage } from '../../../components/list/list-states';
import { ApiError } from '../../../lib/api-client';
import { applyFormErrors, useFieldErrorText } from '../../../lib/form-errors';
import { formatOre } from '../../../lib/money';
import { useUnsavedChangesGuard } from '../../../lib/use-unsaved-changes-guard';
import { useCustomizations } from '../../accounting/api/get-customizations';
// The lookups the contracts feature wrote for its rows (GET customers/search, GET articles/search)
// and the customers feature's code-list, kronor and unsaved-changes pieces: shared, not copied.
import { ArticleLookup } from '../../accounting/components/article-lookup';
import { CodeSelect } from '../../accounting/components/code-select';
import { CustomerLookup } from '../../accounting/components/customer-lookup';
import { KronorInput } from '../../accounting/components/kronor-input';
import {
  addDays,
  emptyInvoiceRow,
  hundredthsOf,
  type InvoiceFormValues,
  invoiceFormFields,
  invoiceFormValues,
  liveInvoiceTotals,
  type ROW_FIELDS,
} from '../lib/invoice-form-values';
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

export interface InvoiceFormProps {
  /** The invoice to edit; absent when creating. */
  invoice?: Invoice;
  readOnly: boolean;
  /** Why it is read-only, when not for want of the write scope (booked, cancelled, a stale copy). */
  readOnlyText?: string;
  /** Sends the validated body; throws the API's refusal. */
  onSubmit: (body: CreateInvoiceInput | UpdateInvoiceInput) => Promise<unknown>;
  /** After a successful save (the guard is already off), with the answer. */
  onSaved: (saved: unknown) => void;
}

/**
 * Invoice (spec §3): customer, dates and terms, type, references, rows with article lookup and
 * live totals per VAT rate, remarks. Validated with the shared schema before anything is sent;
 * the server's field messages land on the inputs, the program's or the quota's refusal in the
 * alert at the top. A new invoice carries one request id for the life of the form, so sending it
 * twice (a double click, a retry after a lost answer) makes one invoice.
 */
export function InvoiceForm({ invoice, readOnly, readOnlyText, onSubmit, onSaved }: InvoiceFormProps) {
  const { t, i18n } = useTranslation('invoices');
  const lang = i18n.language === 'en' ? 'en' : 'sv';
  const errorText = useFieldErrorText();
  const [failure, setFailure] = useState<Failure | null>(null);
  const [requestId] = useState(() => crypto.randomUUID());
  const codes = useCustomizations();
  const creating = invoice === undefined;
  const form = useForm<InvoiceFormValues, unknown, CreateInvoiceInput>({
    resolver: (creating ? zodResolver(createInvoiceBodySchema) : zodResolver(updateInvoiceBodySchema)) as unknown as Resolver<
      InvoiceFormValues,
      unknown,
      CreateInvoiceInput
    >,
    defaultValues: invoiceFormValues(invoice),
    mode: 'onTouched',
  });
  const { control, register, handleSubmit, setError, setValue, getValues, formState } = form;
  const { errors } = formState;
  const rows = useFieldArray({ control, name: 'rows' });
  const leaving = useUnsavedChangesGuard(formState.isDirty && !readOnly && !formState.isSubmitSuccessful);

  const watchedRows = useWatch({ control, name: 'rows' }) ?? [];
  const totals = liveInvoiceTotals(watchedRows);

  const field = (name: Path, labelKey = name.split('.').at(-1) as string) => {
    const label = t(`fields.${labelKey}.label`);
    const description = t(`fields.${labelKey}.description`, { defaultValue: '' }) || undefined;
    return { label, description, error: errorText(get(errors, name) as FieldError | undefined, label) };
  };

  const submit = handleSubmit(async (body) => {
    setFailure(null);
    try {
      const saved = await onSubmit(creating ? { ...body, requestId } : body);
      leaving.current = true;
      onSaved(saved);
    } catch (error) {
      const result = applyFormErrors(error, setError, invoiceFormFields(rows.fields.length) as Path[]);
      setFailure(failureOf(error, result.message));
    }
  });

  const section = (legend: string, children: ReactNode) => (
    <Fieldset legend={legend} radius="md" variant="filled">
      <Stack gap="md">{children}</Stack>
    </Fieldset>
  );

  const codeSelect = (name: 'termsOfPayment' | 'costCenter' | 'project') => {
    const list = {
      termsOfPayment: codes.data?.termsOfPayment,
      costCenter: codes.data?.costCenters,
      project: codes.data?.projects,
    }[name];
    return (
      <Controller
        control={control}
        name={name}
        render={({ field: f }) => (
          <CodeSelect
            {...field(name)}
            items={list}
            value={f.value}
            onChange={(code) => {
              f.onChange(code);
              // Terms with a number of days set the due date from the invoice date, as the program would.
              const days = name === 'termsOfPayment' ? list?.find((item) => item.code === code)?.days : null;
              const from = getValues('invoiceDate');
              if (typeof days === 'number' && /^\d{4}-\d{2}-\d{2}$/.test(from)) {
                setValue('dueDate', addDays(from, days), { shouldDirty: true, shouldValidate: true });
              }
            }}
            onBlur={f.onBlur}
            ref={f.ref}
          />
        )}
      />
    );
  };

  // "At least one row" is the array's own error: RHF keeps it under `root` once the rows exist.
  const rowsErrors = errors.rows as (FieldError & { root?: FieldError }) | undefined;
  const rowsError = errorText(rowsErrors?.root ?? (rowsErrors?.message ? rowsErrors : undefined), t('fields.rows.label'));
  const decimal = lang === 'en' ? '.' : ',';

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <form
        noValidate
        onSubmit={submit}
        aria-label={invoice ? t('page.formLabel', { number: invoice.number }) : t('page.createTitle')}
      >
        <Stack gap="lg">
          {readOnly ? (
            <Alert variant="light" color="gray" icon={<IconLock size={18} aria-hidden="true" />}>
              {readOnlyText ?? t('form.readOnly')}
            </Alert>
          ) : null}
          {failure ? (
            <Alert
              variant="light"
              color={failure.quota ? 'orange' : 'red'}
              title={failure.quota ? t('form.quotaTitle') : t('form.failedTitle')}
              icon={<IconAlertCircle size={18} aria-hidden="true" />}
              role="alert"
            >
              <Text fz="sm">{failure.text}</Text>
              {failure.quota ? (
                <Anchor component={Link} to={UPGRADE_PATH} fz="sm" fw={600}>
                  {t('form.upgrade')}
                </Anchor>
              ) : null}
            </Alert>
          ) : null}
          <fieldset disabled={readOnly || formState.isSubmitting} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
            <Stack gap="lg">
              {section(
                t('form.sections.basics'),
                <>
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                    <Controller
                      control={control}
                      name="customerNumber"
                      render={({ field: f }) => (
                        <CustomerLookup
                          {...field('customerNumber')}
                          placeholder={t('fields.customerNumber.placeholder')}
                          value={f.value ?? ''}
                          initialName={invoice?.customerName}
                          onChange={(next) => f.onChange(next)}
                          onBlur={f.onBlur}
                          ref={f.ref}
                          disabled={readOnly}
                          withAsterisk
                        />
                      )}
                    />
                    <Controller
                      control={control}
                      name="invoiceType"
                      render={({ field: f }) => (
                        <Stack gap={4}>
                          <Text component="span" fz="sm" fw={500} id="invoice-type-label">
                            {t('fields.invoiceType.label')}
                          </Text>
                          <SegmentedControl
                            aria-labelledby="invoice-type-label"
                            value={f.value}
                            onChange={(next) => f.onChange(next)}
                            data={INVOICE_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
                            disabled={readOnly}
                          />
                        </Stack>
                      )}
                    />
                  </SimpleGrid>
                  <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
                    <TextInput {...field('invoiceDate')} {...register('invoiceDate')} type="date" max="9999-12-31" withAsterisk />
                    {codeSelect('termsOfPayment')}
                    <TextInput {...field('dueDate')} {...register('dueDate')} type="date" max="9999-12-31" />
                  </SimpleGrid>
                </>,
              )}

              {section(
                t('form.sections.references'),
                <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
                  <TextInput {...field('yourReference')} {...register('yourReference')} maxLength={50} autoComplete="off" />
                  <TextInput {...field('ourReference')} {...register('ourReference')} maxLength={50} autoComplete="off" />
                  {codeSelect('costCenter')}
                  {codeSelect('project')}
                </SimpleGrid>,
              )}

              {section(
                t('form.sections.rows'),
                <>
                  <Table.ScrollContainer minWidth={1180}>
                    <Table verticalSpacing="xs" aria-label={t('form.rowsLabel')} layout="fixed">
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th w="16%">{t('fields.articleNumber.label')}</Table.Th>
                          <Table.Th w="18%">{t('fields.description.label')}</Table.Th>
                          <Table.Th w="7%">{t('fields.quantityHundredths.label')}</Table.Th>
                          <Table.Th w="8%">{t('fields.unit.label')}</Table.Th>
                          <Table.Th w="10%">{t('fields.priceOre.label')}</Table.Th>
                          <Table.Th w="7%">{t('fields.vatPercent.label')}</Table.Th>
                          <Table.Th w="7%">{t('fields.discountBasisPoints.label')}</Table.Th>
                          <Table.Th w="9%">{t('fields.costCenter.label')}</Table.Th>
                          <Table.Th w="9%">{t('fields.project.label')}</Table.Th>
                          <Table.Th w="9%" ta="right">
                            {t('form.rowTotal')}
                          </Table.Th>
                          <Table.Th w={44}>
                            <VisuallyHidden>{t('form.rowActions')}</VisuallyHidden>
                          </Table.Th>
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {rows.fields.map((row, index) => {
                          const n = index + 1;
                          const cell = (name: (typeof ROW_FIELDS)[number]) => ({
                            'aria-label': t('form.rowField', { field: t(`fields.${name}.label`), n }),
                            error: errorText(
                              get(errors, `rows.${index}.${name}`) as FieldError | undefined,
                              t(`fields.${name}.label`),
                            ),
                          });
                          const rowCode = (name: 'unit' | 'costCenter' | 'project') => (
                            <Controller
                              control={control}
                              name={`rows.${index}.${name}`}
                              render={({ field: f }) => (
                                <CodeSelect
                                  {...cell(name)}
                                  items={
                                    {
                                      unit: codes.data?.units,
                                      costCenter: codes.data?.costCenters,
                                      project: codes.data?.projects,
                                    }[name]
                                  }
                                  value={f.value}
                                  onChange={f.onChange}
                                  onBlur={f.onBlur}
                                  ref={f.ref}
                                />
                              )}
                            />
                          );
                          return (
                            <Table.Tr key={row.id} data-testid="invoice-row">
                              <Table.Td>
                                <Controller
                                  control={control}
                                  name={`rows.${index}.articleNumber`}
                                  render={({ field: f }) => (
                                    <ArticleLookup
                                      {...cell('articleNumber')}
                                      placeholder={t('fields.articleNumber.placeholder')}
                                      value={f.value ?? null}
                                      initialLabel={watchedRows[index]?.description ?? undefined}
                                      onChange={(number, article) => {
                                        f.onChange(number);
                                        if (!article) return;
                                        const opts = { shouldDirty: true, shouldValidate: true } as const;
                                        setValue(`rows.${index}.description`, article.description, opts);
                                        setValue(`rows.${index}.unit`, article.unit, opts);
                                        if (article.salesPriceOre !== null)
                                          setValue(`rows.${index}.priceOre`, article.salesPriceOre, opts);
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
                                <TextInput {...cell('description')} {...register(`rows.${index}.description`)} maxLength={255} />
                              </Table.Td>
                              <Table.Td>
                                <Controller
                                  control={control}
                                  name={`rows.${index}.quantityHundredths`}
                                  render={({ field: f }) => (
                                    <NumberInput
                                      {...cell('quantityHundredths')}
                                      value={typeof f.value === 'number' ? f.value / 100 : ''}
                                      onChange={(v) => f.onChange(hundredthsOf(v))}
                                      onBlur={f.onBlur}
                                      ref={f.ref}
                                      decimalScale={2}
                                      decimalSeparator={decimal}
                                      allowNegative={false}
                                      hideControls
                                      inputMode="decimal"
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
                                    <NumberInput
                                      {...cell('discountBasisPoints')}
                                      value={typeof f.value === 'number' ? f.value / 100 : ''}
                                      onChange={(v) => f.onChange(hundredthsOf(v) ?? 0)}
                                      onBlur={f.onBlur}
                                      ref={f.ref}
                                      min={0}
                                      max={100}
                                      clampBehavior="none"
                                      decimalScale={2}
                                      decimalSeparator={decimal}
                                      allowNegative={false}
                                      hideControls
                                      suffix=" %"
                                      inputMode="decimal"
                                    />
                                  )}
                                />
                              </Table.Td>
                              <Table.Td>{rowCode('costCenter')}</Table.Td>
                              <Table.Td>{rowCode('project')}</Table.Td>
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
                                    aria-label={t('form.removeRow', { n })}
                                  >
                                    <IconTrash size={16} aria-hidden="true" />
                                  </ActionIcon>
                                )}
                              </Table.Td>
                            </Table.Tr>
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
                        onClick={() => rows.append(emptyInvoiceRow())}
                        disabled={rows.fields.length >= INVOICE_ROWS_MAX}
                      >
                        {t('form.addRow')}
                      </Button>
                    )}
                    <Stack gap={4} miw={260} aria-live="polite" data-testid="invoice-totals">
                      <Group justify="space-between" gap="xl">
                        <Text fz="sm">{t('form.totals.net')}</Text>
                        <Text fz="sm">{formatOre(totals.netOre, lang)}</Text>
                      </Group>
                      {totals.vatByRate.map((line) => (
                        <Group key={line.vatPercent} justify="space-between" gap="xl" data-testid={`vat-${line.vatPercent}`}>
                          <Text fz="sm">
                            {t('form.totals.vatRate', { rate: line.vatPercent, base: formatOre(line.baseOre, lang) })}
                          </Text>
                          <Text fz="sm">{formatOre(line.vatOre, lang)}</Text>
                        </Group>
                      ))}
                      {totals.roundingOre !== 0 ? (
                        <Group justify="space-between" gap="xl">
                          <Text fz="sm">{t('form.totals.rounding')}</Text>
                          <Text fz="sm">{formatOre(totals.roundingOre, lang)}</Text>
                        </Group>
                      ) : null}
                      <Divider />
                      <Group justify="space-between" gap="xl">
                        <Text fz="sm" fw={700}>
                          {t('form.totals.total')}
                        </Text>
                        <Text fz="sm" fw={700} data-testid="invoice-total">
                          {formatOre(totals.totalOre, lang)}
                        </Text>
                      </Group>
                    </Stack>
                  </Group>
                </>,
              )}

              {section(
                t('form.sections.remarks'),
                <Textarea
                  {...field('remarks')}
                  description={creating ? t('fields.remarks.description') : undefined}
                  {...register('remarks')}
                  autosize
                  minRows={2}
                  maxRows={8}
                  maxLength={1024}
                />,
              )}
            </Stack>
          </fieldset>

          <Group justify="space-between" gap="sm" wrap="wrap">
            <Button
              component={Link}
              to={INVOICE_PATHS.list}
              variant="default"
              leftSection={<IconArrowLeft size={16} aria-hidden="true" />}
            >
              {t('form.back')}
            </Button>
            {readOnly ? null : (
              <Button
                type="submit"
                loading={formState.isSubmitting}
                leftSection={<IconDeviceFloppy size={16} aria-hidden="true" />}
              >
                {creating ? t('form.create') : t('form.save')}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
