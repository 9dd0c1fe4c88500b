import type { CodeItem, CodeLists } from '@fairway/shared';
import { TextInput } from '@mantine/core';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { useCustomizations } from '../api/get-customizations';
import { CodeSelect } from './code-select';

/** The accounting program's code lists a document or register carries, and where each list is read. */
const CODE_LISTS = {
  termsOfPayment: 'termsOfPayment',
  termsOfDelivery: 'termsOfDelivery',
  priceList: 'priceLists',
  costCenter: 'costCenters',
  project: 'projects',
} as const satisfies Record<string, keyof CodeLists>;

/** Bookkeeping accounts (four digits in the chart of accounts), typed rather than picked. */
const ACCOUNTS = ['salesAccount', 'salesAccountSe', 'salesAccountEu', 'salesAccountExport', 'purchaseAccount'] as const;

export type CodeListField = keyof typeof CODE_LISTS;
export type AccountField = (typeof ACCOUNTS)[number];
export type AccountingCodeField = CodeListField | AccountField;

export interface AccountingCodeFieldsProps<T extends FieldValues, C, O extends FieldValues> {
  control: Control<T, C, O>;
  /** The fields, in order; each must be one of the form's. */
  names: readonly (AccountingCodeField & FieldPath<T>)[];
  /** Label, description and error of a field, in the form's own words. */
  fieldProps: (name: AccountingCodeField & FieldPath<T>) => { label: string; description?: string; error?: string };
  /** After a code is picked (the invoice sets its due date from the terms' days). */
  onPicked?: (name: CodeListField, item: CodeItem | undefined) => void;
}

/**
 * The invoicing and bookkeeping codes a customer, article, invoice or contract carries: terms of
 * payment and delivery, price list, cost centre and project picked from the accounting program's
 * lists, and the accounts typed as their four digits. Renders the fields only, for the form's
 * own grid.
 */
export function AccountingCodeFields<T extends FieldValues, C, O extends FieldValues>({
  names,
  fieldProps,
  onPicked,
  ...props
}: AccountingCodeFieldsProps<T, C, O>) {
  // Each name is checked against the form's fields above; the values are codes or account texts.
  const control = props.control as unknown as Control<Partial<Record<AccountingCodeField, string | null>>>;
  const codes = useCustomizations();
  return names.map((name) =>
    name in CODE_LISTS ? (
      <Controller
        key={name}
        control={control}
        name={name}
        render={({ field: f }) => {
          const items = codes.data?.[CODE_LISTS[name as CodeListField]];
          return (
            <CodeSelect
              {...fieldProps(name)}
              items={items}
              value={f.value}
              onChange={(code) => {
                f.onChange(code);
                onPicked?.(
                  name as CodeListField,
                  items?.find((item) => item.code === code),
                );
              }}
              onBlur={f.onBlur}
              ref={f.ref}
            />
          );
        }}
      />
    ) : (
      <Controller
        key={name}
        control={control}
        name={name}
        render={({ field: f }) => (
          <TextInput
            {...fieldProps(name)}
            name={f.name}
            value={f.value ?? ''}
            onChange={(event) => f.onChange(event.currentTarget.value)}
            onBlur={f.onBlur}
            ref={f.ref}
            maxLength={4}
            inputMode="numeric"
            autoComplete="off"
          />
        )}
      />
    ),
  );
}
