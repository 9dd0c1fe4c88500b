import {
  CONTRACT_INTERVALS,
  CONTRACT_ROWS_MAX,
  type Contract,
  type CreateContractBody,
  type CreateContractInput,
  createContractBodySchema,
  type UpdateContractInput,
  updateContractBodySchema,
  VAT_RATES,
} from '@fairway/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ActionIcon,
  Alert,
  Button,
  Fieldset,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
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
// Form pieces the customers feature wrote for the accounting forms (code lists, kronor, the
// unsaved-changes guard); shared rather than copied, as the articles feature does.
import { useCustomizations } from '../../accounting/api/get-customizations';
import { ArticleLookup } from '../../accounting/components/article-lookup';
import { CodeSelect } from '../../accounting/components/code-select';
import { CustomerLookup } from '../../accounting/components/customer-lookup';
import { KronorInput } from '../../accounting/components/kronor-input';
import { todayInStockholm } from '../lib/format';
import { CONTRACT_PATHS } from '../lib/paths';
import { contractTotals } from '../lib/totals';

type Body = CreateContractBody;
type RowBody = Body['rows'][number];

/** A row as the form holds it: the price may be empty while typing (the schema then asks for it). */
export type ContractRowValues = Omit<RowBody, 'priceOre'> & { priceOre: number | null };
/** What the form holds: the create body, rows as above. */
export type ContractFormValues = Omit<Body, 'rows'> & { rows: ContractRowValues[] };
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
const ROW_FIELDS = [
  'articleNumber',
  'description',
  'quantityHundredths',
  'unit',
  'priceOre',
  'vatPercent',
  'discountBasisPoints',
  'costCenter',
  'project',
] as const;

/** Every field the server may name in a refusal, so its messages land on the inputs. */
export function contractFormFields(rowCount: number): Path[] {
  const rows = Array.from({ length: rowCount }, (_, i) => ROW_FIELDS.map((f) => `rows.${i}.${f}` as Path)).flat();
  return [...HEAD_FIELDS, ...rows];
}

const text = (value: string | null | undefined) => value ?? '';

/**
 * A decimal input's value ×100, for percent → basis points and quantity → hundredths. While typing
 * the input hands over partial text such as "12," — read as 12 so the digits to come are not lost.
 */
export function hundredthsOf(value: number | string): number | null {
  const percent = typeof value === 'number' ? value : Number(value.replace(/\s/g, '').replace(',', '.'));
  return value === '' || !Number.isFinite(percent) ? null : Math.round(percent * 100);
}

export const emptyRow = (): ContractRowValues => ({
  articleNumber: null,
  description: '',
  quantityHundredths: 100,
  unit: null,
  priceOre: null,
  vatPercent: 25,
  discountBasisPoints: 0,
  costCenter: null,
  project: null,
});

/** The form's starting values: the contract as the program has it, or a yearly contract from today. */
export function contractFormValues(contract?: Contract, today = todayInStockholm()): ContractFormValues {
  return {
    customerNumber: text(contract?.customerNumber),
    contractDate: contract?.contractDate ?? today,
    periodStart: contract?.periodStart ?? today,
    periodEnd: text(contract?.periodEnd),
    continuous: contract?.continuous ?? true,
    contractLength: contract?.contractLength ?? 12,
    invoiceInterval: contract?.invoiceInterval ?? 12,
    active: contract?.active ?? true,
    vatIncluded: contract?.vatIncluded ?? false,
    termsOfPayment: contract?.termsOfPayment ?? null,
    yourReference: text(contract?.yourReference),
    ourReference: text(contract?.ourReference),
    remarks: text(contract?.remarks),
    costCenter: contract?.costCenter ?? null,
    project: contract?.project ?? null,
    category: text(contract?.category),
    rows: contract
      ? contract.rows.map((row) => ({
          articleNumber: row.articleNumber,
          description: row.description,
          quantityHundredths: row.quantityHundredths,
          unit: row.unit,
          priceOre: row.priceOre,
          vatPercent: row.vatPercent,
          discountBasisPoints: row.discountBasisPoints,
          // Kept as the program has them, so saving never drops a row's cost centre or project.
          costCenter: row.costCenter,
          project: row.project,
        }))
      : [emptyRow()],
  };
}

/** The accounting program's answers (customer not found, not answering) are worth showing as they are. */
function failureText(error: unknown, leftover: string | null): string | null {
  if (error instanceof ApiError && error.status === 503) return listErrorMessage(error) ?? leftover;
  return leftover;
}

export interface ContractFormProps {
  /** The contract to edit; absent when creating. */
  contract?: Contract;
  readOnly: boolean;
  /** Why it is read-only, when not for want of the write scope (a finished contract). */
  readOnlyText?: string;
  /** Sends the validated body; throws the API's refusal. */
  onSubmit: (body: CreateContractInput | UpdateContractInput) => Promise<unknown>;
  /** After a successful save (the guard is already off). */
  onSaved: () => void;
}

/**
 * Contract (spec §3): customer, dates, interval and length, VAT included, category, cost centre
 * and project, references and the rows with live totals. Validated with the shared schema before
 * anything is sent; the server's field messages land on the inputs and the accounting program's
 * refusal in the alert at the top.
 */
export function ContractForm({ contract, readOnly, readOnlyText, onSubmit, onSaved }: ContractFormProps) {
  const { t, i18n } = useTranslation('contracts');
  const lang = i18n.language === 'en' ? 'en' : 'sv';
  const errorText = useFieldErrorText();
  const [failure, setFailure] = useState<string | null>(null);
  const codes = useCustomizations();
  const creating = contract === undefined;
  const form = useForm<ContractFormValues, unknown, CreateContractInput>({
    resolver: (creating ? zodResolver(createContractBodySchema) : zodResolver(updateContractBodySchema)) as unknown as Resolver<
      ContractFormValues,
      unknown,
      CreateContractInput
    >,
    defaultValues: contractFormValues(contract),
    mode: 'onTouched',
  });
  const { control, register, handleSubmit, setError, setValue, formState } = form;
  const { errors } = formState;
  const rows = useFieldArray({ control, name: 'rows' });
  const leaving = useUnsavedChangesGuard(formState.isDirty && !readOnly && !formState.isSubmitSuccessful);

  const watchedRows = useWatch({ control, name: 'rows' }) ?? [];
  const vatIncluded = useWatch({ control, name: 'vatIncluded' }) ?? false;
  const totals = contractTotals(watchedRows, vatIncluded);

  const field = (name: Path, labelKey = name.split('.').at(-1) as string) => {
    const label = t(`fields.${labelKey}.label`);
    const description = t(`fields.${labelKey}.description`, { defaultValue: '' }) || undefined;
    return { label, description, error: errorText(get(errors, name) as FieldError | undefined, label) };
  };

  const submit = handleSubmit(async (body) => {
    setFailure(null);
    try {
      await onSubmit(body);
      leaving.current = true;
      onSaved();
    } catch (error) {
      const result = applyFormErrors(error, setError, contractFormFields(rows.fields.length));
      setFailure(failureText(error, result.message));
    }
  });

  const section = (legend: string, children: ReactNode) => (
    <Fieldset legend={legend} radius="md" variant="filled">
      <Stack gap="md">{children}</Stack>
    </Fieldset>
  );

  const toggle = (name: 'continuous' | 'active' | 'vatIncluded') => (
    <Controller
      control={control}
      name={name}
      render={({ field: f }) => (
        <Switch
          label={field(name).label}
          description={field(name).description}
          name={f.name}
          ref={f.ref}
          checked={f.value ?? false}
          onChange={(event) => f.onChange(event.currentTarget.checked)}
          onBlur={f.onBlur}
        />
      )}
    />
  );

  const date = (name: 'contractDate' | 'periodStart' | 'periodEnd') => (
    <TextInput {...field(name)} {...register(name)} type="date" max="9999-12-31" />
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
          <CodeSelect {...field(name)} items={list} value={f.value} onChange={f.onChange} onBlur={f.onBlur} ref={f.ref} />
        )}
      />
    );
  };

  // "At least one row" is the array's own error: RHF keeps it under `root` once the rows exist.
  const rowsErrors = errors.rows as (FieldError & { root?: FieldError }) | undefined;
  const rowsError = errorText(rowsErrors?.root ?? (rowsErrors?.message ? rowsErrors : undefined), t('fields.rows.label'));

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <form
        noValidate
        onSubmit={submit}
        aria-label={contract ? t('page.formLabel', { number: contract.number }) : t('page.createTitle')}
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
              color="red"
              title={t('form.failedTitle')}
              icon={<IconAlertCircle size={18} aria-hidden="true" />}
              role="alert"
            >
              {failure}
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
                          initialName={contract?.customerName}
                          onChange={(next) => f.onChange(next)}
                          onBlur={f.onBlur}
                          ref={f.ref}
                          disabled={readOnly}
                          withAsterisk
                        />
                      )}
                    />
                    <TextInput {...field('category')} {...register('category')} maxLength={50} autoComplete="off" />
                  </SimpleGrid>
                  <Group gap="xl">
                    {toggle('active')}
                    {toggle('vatIncluded')}
                  </Group>
                </>,
              )}

              {section(
                t('form.sections.period'),
                <>
                  <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
                    {date('contractDate')}
                    {date('periodStart')}
                    {date('periodEnd')}
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
                    <Stack justify="center">{toggle('continuous')}</Stack>
                  </SimpleGrid>
                </>,
              )}

              {section(
                t('form.sections.invoicing'),
                <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
                  {codeSelect('termsOfPayment')}
                  {codeSelect('costCenter')}
                  {codeSelect('project')}
                  <TextInput {...field('yourReference')} {...register('yourReference')} maxLength={50} autoComplete="off" />
                  <TextInput {...field('ourReference')} {...register('ourReference')} maxLength={50} autoComplete="off" />
                </SimpleGrid>,
              )}

              {section(
                t('form.sections.rows'),
                <>
                  <Table.ScrollContainer minWidth={1040} type="native">
                    <Table verticalSpacing="xs" aria-label={t('form.rowsLabel')} style={{ minWidth: 1040 }}>
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th miw={200}>{t('fields.articleNumber.label')}</Table.Th>
                          <Table.Th miw={200}>{t('fields.description.label')}</Table.Th>
                          <Table.Th w={90}>{t('fields.quantityHundredths.label')}</Table.Th>
                          <Table.Th w={110}>{t('fields.unit.label')}</Table.Th>
                          <Table.Th w={130}>{t('fields.priceOre.label')}</Table.Th>
                          <Table.Th w={100}>{t('fields.vatPercent.label')}</Table.Th>
                          <Table.Th w={90}>{t('fields.discountBasisPoints.label')}</Table.Th>
                          <Table.Th w={110} ta="right">
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
                          const cell = (name: (typeof ROW_FIELDS)[number]) => {
                            const label = t('form.rowField', { field: t(`fields.${name}.label`), n });
                            return {
                              'aria-label': label,
                              error: errorText(
                                get(errors, `rows.${index}.${name}`) as FieldError | undefined,
                                t(`fields.${name}.label`),
                              ),
                            };
                          };
                          return (
                            <Table.Tr key={row.id} data-testid="contract-row">
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
                                      decimalSeparator={lang === 'en' ? '.' : ','}
                                      allowNegative={false}
                                      hideControls
                                      inputMode="decimal"
                                    />
                                  )}
                                />
                              </Table.Td>
                              <Table.Td>
                                <Controller
                                  control={control}
                                  name={`rows.${index}.unit`}
                                  render={({ field: f }) => (
                                    <CodeSelect
                                      {...cell('unit')}
                                      items={codes.data?.units}
                                      value={f.value}
                                      onChange={f.onChange}
                                      onBlur={f.onBlur}
                                      ref={f.ref}
                                    />
                                  )}
                                />
                              </Table.Td>
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
                                      decimalSeparator={lang === 'en' ? '.' : ','}
                                      allowNegative={false}
                                      hideControls
                                      suffix=" %"
                                      inputMode="decimal"
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
                        onClick={() => rows.append(emptyRow())}
                        disabled={rows.fields.length >= CONTRACT_ROWS_MAX}
                      >
                        {t('form.addRow')}
                      </Button>
                    )}
                    <Stack gap={4} miw={240} aria-live="polite" data-testid="contract-totals">
                      <Group justify="space-between" gap="xl">
                        <Text fz="sm">{t('form.totals.net')}</Text>
                        <Text fz="sm">{formatOre(totals.netOre, lang)}</Text>
                      </Group>
                      <Group justify="space-between" gap="xl">
                        <Text fz="sm">{t('form.totals.vat')}</Text>
                        <Text fz="sm">{formatOre(totals.vatOre, lang)}</Text>
                      </Group>
                      <Group justify="space-between" gap="xl">
                        <Text fz="sm" fw={700}>
                          {t('form.totals.total')}
                        </Text>
                        <Text fz="sm" fw={700} data-testid="contract-total">
                          {formatOre(totals.totalOre, lang)}
                        </Text>
                      </Group>
                      <Text fz="xs" c="dimmed">
                        {vatIncluded ? t('form.totals.perPeriodIncl') : t('form.totals.perPeriod')}
                      </Text>
                    </Stack>
                  </Group>
                </>,
              )}

              {section(
                t('form.sections.remarks'),
                <Textarea {...field('remarks')} {...register('remarks')} autosize minRows={2} maxRows={8} maxLength={1024} />,
              )}
            </Stack>
          </fieldset>

          <Group justify="space-between" gap="sm" wrap="wrap">
            <Button
              component={Link}
              to={CONTRACT_PATHS.list}
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
