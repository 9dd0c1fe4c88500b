import {
  type CreateCustomerBody,
  type CreateCustomerInput,
  CUSTOMER_TYPES,
  type Customer,
  createCustomerBodySchema,
  DELIVERY_METHODS,
  type UpdateCustomerInput,
  updateCustomerBodySchema,
  VAT_TYPES,
} from '@fairway/shared';
import { Button, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { Controller, type FieldPath, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AccountingCodeFields } from '../../../components/accounting/components/accounting-code-fields';
import { PercentInput } from '../../../components/form/decimal-input';
import { DocumentFormFrame } from '../../../components/form/document-form-frame';
import { type DocumentFormProps, textValue, useDocumentForm, withNewNumber } from '../../../components/form/use-document-form';
import { FormSection } from '../../../components/form-section';
import { useFieldErrorText } from '../../../lib/form-errors';
import { CUSTOMER_PATHS } from '../lib/paths';
import { CountrySelect } from './country-select';

/** What the form holds: the create body (the edit form leaves `number` out). */
export type CustomerFormValues = CreateCustomerBody;
type Path = FieldPath<CustomerFormValues>;

const ADDRESS_PARTS = ['address1', 'address2', 'zipCode', 'city', 'countryCode'] as const;

/** Every field the server may name in a refusal, so its messages land on the inputs. */
export const CUSTOMER_FORM_FIELDS: readonly Path[] = [
  'number',
  'name',
  'type',
  'organisationNumber',
  'active',
  ...ADDRESS_PARTS.flatMap((part) => [`address.${part}`, `deliveryAddress.${part}`] as Path[]),
  'phone1',
  'phone2',
  'email',
  'emailInvoice',
  'www',
  'fax',
  'yourReference',
  'ourReference',
  'notes',
  'termsOfPayment',
  'termsOfDelivery',
  'currency',
  'priceList',
  'invoiceDiscountBasisPoints',
  'invoiceAdministrationFeeOre',
  'invoiceFreightOre',
  'vatType',
  'salesAccount',
  'costCenter',
  'project',
  'defaultDelivery',
  'invoiceTemplate',
  'sni',
  'cfar',
  'shopId',
];

const CURRENCIES = ['SEK', 'EUR', 'NOK', 'DKK', 'USD', 'GBP', 'CHF'];

/** The form's starting values: the customer as stored, or a new private customer in Sweden. */
export function customerFormValues(customer?: Customer): CustomerFormValues {
  const address = (a?: Customer['address']) => ({
    address1: textValue(a?.address1),
    address2: textValue(a?.address2),
    zipCode: textValue(a?.zipCode),
    city: textValue(a?.city),
    countryCode: a ? textValue(a.countryCode) : 'SE',
  });
  const values: CustomerFormValues = {
    name: textValue(customer?.name),
    type: customer?.type ?? 'private',
    organisationNumber: textValue(customer?.organisationNumber),
    active: customer?.active ?? true,
    address: address(customer?.address),
    deliveryAddress: address(customer?.deliveryAddress),
    phone1: textValue(customer?.phone1),
    phone2: textValue(customer?.phone2),
    email: textValue(customer?.email),
    emailInvoice: textValue(customer?.emailInvoice),
    www: textValue(customer?.www),
    fax: textValue(customer?.fax),
    yourReference: textValue(customer?.yourReference),
    ourReference: textValue(customer?.ourReference),
    notes: textValue(customer?.notes),
    termsOfPayment: customer?.termsOfPayment ?? null,
    termsOfDelivery: customer?.termsOfDelivery ?? null,
    currency: customer?.currency ?? 'SEK',
    priceList: customer?.priceList ?? null,
    invoiceDiscountBasisPoints: customer?.invoiceDiscountBasisPoints ?? null,
    invoiceAdministrationFeeOre: customer?.invoiceAdministrationFeeOre ?? null,
    invoiceFreightOre: customer?.invoiceFreightOre ?? null,
    vatType: customer?.vatType ?? 'SEVAT',
    salesAccount: textValue(customer?.salesAccount),
    costCenter: customer?.costCenter ?? null,
    project: customer?.project ?? null,
    defaultDelivery: customer?.defaultDelivery ?? null,
    invoiceTemplate: textValue(customer?.invoiceTemplate),
    sni: textValue(customer?.sni),
    cfar: textValue(customer?.cfar),
    shopId: textValue(customer?.shopId),
  };
  return withNewNumber(customer, values);
}

export type CustomerFormProps = DocumentFormProps<CreateCustomerInput | UpdateCustomerInput> & {
  /** The customer to edit; absent when creating. */
  customer?: Customer;
};

/**
 * Customer (docs/accounting-data.md#customers): basics, contact, invoice and delivery address, invoicing, references, the
 * portal-only SNI, CFAR and shop id, and notes. Validated with the shared schema before anything
 * is sent; the server's field messages land on the inputs and the accounting program's refusal
 * in the alert at the top.
 */
export function CustomerForm({ customer, ...props }: CustomerFormProps) {
  const { t } = useTranslation('customers');
  const errorText = useFieldErrorText();
  const { form, field, frame, textInput, textArea, switchInput, kronorInput, segmentsInput } = useDocumentForm<
    CustomerFormValues,
    CreateCustomerInput | UpdateCustomerInput
  >({
    ...props,
    ns: 'customers',
    creating: customer === undefined,
    createSchema: createCustomerBodySchema,
    updateSchema: updateCustomerBodySchema,
    defaultValues: customerFormValues(customer),
    serverFields: () => CUSTOMER_FORM_FIELDS,
  });
  const { creating, readOnly } = frame;
  const { control, register, setValue, getValues, formState } = form;
  // Watched on its own, so typing elsewhere does not re-render the whole form.
  const type = useWatch({ control, name: 'type' }) ?? 'private';

  const copyAddress = () => {
    const address = getValues('address');
    for (const part of ADDRESS_PARTS) {
      setValue(`deliveryAddress.${part}`, address?.[part] ?? '', { shouldDirty: true, shouldValidate: true });
    }
  };

  const addressFields = (prefix: 'address' | 'deliveryAddress') => (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      {textInput(`${prefix}.address1`, { maxLength: 1024 })}
      {textInput(`${prefix}.address2`, { maxLength: 1024 })}
      {textInput(`${prefix}.zipCode`, { maxLength: 10 })}
      {textInput(`${prefix}.city`, { maxLength: 1024 })}
      <Controller
        control={control}
        name={`${prefix}.countryCode`}
        render={({ field: f }) => (
          <CountrySelect
            {...field(`${prefix}.countryCode`)}
            value={f.value}
            onChange={f.onChange}
            onBlur={f.onBlur}
            ref={f.ref}
          />
        )}
      />
    </SimpleGrid>
  );

  const identityLabel = t(`fields.organisationNumber.${type}`);
  const identityError = errorText(formState.errors.organisationNumber, identityLabel);

  return (
    <DocumentFormFrame {...frame} label={customer ? customer.name : t('page.createTitle')} backTo={CUSTOMER_PATHS.list}>
      <FormSection legend={t('form.sections.basics')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {/* The number's hint goes under its input, so the input lines up with the name beside it. */}
          {creating
            ? textInput('number', { maxLength: 50, inputWrapperOrder: ['label', 'input', 'description', 'error'] })
            : null}
          <TextInput {...field('name')} {...register('name')} withAsterisk maxLength={1024} data-autofocus />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {segmentsInput('type', {
            fallback: 'private',
            // The number's rule follows the type: check it again at once if it is filled in.
            onPicked: () => {
              if (getValues('organisationNumber')) void form.trigger('organisationNumber');
            },
            data: CUSTOMER_TYPES.map((value) => ({ value, label: t(`types.${value}`) })),
          })}
          <TextInput
            label={identityLabel}
            placeholder={t(`fields.organisationNumber.${type}Placeholder`)}
            error={identityError}
            {...register('organisationNumber')}
            maxLength={13}
            autoComplete="off"
          />
        </SimpleGrid>
        {switchInput('active')}
      </FormSection>

      <FormSection legend={t('form.sections.contact')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {textInput('email', { type: 'email', maxLength: 254 })}
          {textInput('emailInvoice', { type: 'email', maxLength: 254 })}
          {textInput('phone1', { type: 'tel', maxLength: 32 })}
          {textInput('phone2', { type: 'tel', maxLength: 32 })}
          {textInput('fax', { type: 'tel', maxLength: 32 })}
          {textInput('www', { type: 'url', maxLength: 2048 })}
        </SimpleGrid>
      </FormSection>

      <FormSection legend={t('form.sections.address')}>{addressFields('address')}</FormSection>
      <FormSection
        legend={t('form.sections.deliveryAddress')}
        intro={
          readOnly ? null : (
            <Group>
              <Button variant="subtle" size="xs" leftSection={<IconCopy size={14} aria-hidden="true" />} onClick={copyAddress}>
                {t('form.copyAddress')}
              </Button>
            </Group>
          )
        }
      >
        {addressFields('deliveryAddress')}
      </FormSection>

      <FormSection legend={t('form.sections.invoicing')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <AccountingCodeFields control={control} names={['termsOfPayment', 'termsOfDelivery', 'priceList']} fieldProps={field} />
          <Controller
            control={control}
            name="currency"
            render={({ field: f }) => {
              const value = f.value || 'SEK';
              const data = CURRENCIES.includes(value) ? CURRENCIES : [value, ...CURRENCIES];
              return (
                <Select
                  {...field('currency')}
                  data={data}
                  value={value}
                  onChange={(next) => f.onChange(next ?? 'SEK')}
                  onBlur={f.onBlur}
                  ref={f.ref}
                  allowDeselect={false}
                  searchable
                  comboboxProps={{ withinPortal: true }}
                />
              );
            }}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <Controller
            control={control}
            name="invoiceDiscountBasisPoints"
            render={({ field: f }) => (
              <PercentInput
                {...field('invoiceDiscountBasisPoints')}
                factor={100}
                value={f.value}
                onChange={f.onChange}
                onBlur={f.onBlur}
                ref={f.ref}
              />
            )}
          />
          {kronorInput('invoiceAdministrationFeeOre')}
          {kronorInput('invoiceFreightOre')}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Controller
            control={control}
            name="vatType"
            render={({ field: f }) => (
              <Select
                {...field('vatType')}
                data={VAT_TYPES.map((value) => ({ value, label: t(`vatTypes.${value}`) }))}
                value={f.value ?? 'SEVAT'}
                onChange={(next) => f.onChange(next ?? 'SEVAT')}
                onBlur={f.onBlur}
                ref={f.ref}
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
              />
            )}
          />
          <AccountingCodeFields control={control} names={['salesAccount', 'costCenter', 'project']} fieldProps={field} />
          <Controller
            control={control}
            name="defaultDelivery"
            render={({ field: f }) => (
              <Select
                {...field('defaultDelivery')}
                data={DELIVERY_METHODS.map((value) => ({ value, label: t(`deliveryMethods.${value}`) }))}
                value={f.value ?? null}
                onChange={(next) => f.onChange(next)}
                onBlur={f.onBlur}
                ref={f.ref}
                clearable
                comboboxProps={{ withinPortal: true }}
              />
            )}
          />
          {textInput('invoiceTemplate', { maxLength: 50 })}
        </SimpleGrid>
      </FormSection>

      <FormSection legend={t('form.sections.references')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {textInput('yourReference', { maxLength: 50 })}
          {textInput('ourReference', { maxLength: 50 })}
        </SimpleGrid>
      </FormSection>

      <FormSection legend={t('form.sections.portal')} hint={t('form.sections.portalHint')}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          {textInput('sni', { maxLength: 10, inputMode: 'numeric' })}
          {textInput('cfar', { maxLength: 8, inputMode: 'numeric' })}
          {textInput('shopId', { maxLength: 50 })}
        </SimpleGrid>
      </FormSection>

      <FormSection legend={t('form.sections.notes')}>{textArea('notes', { minRows: 3 })}</FormSection>
    </DocumentFormFrame>
  );
}
