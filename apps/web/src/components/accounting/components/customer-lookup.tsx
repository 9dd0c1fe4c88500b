import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type Ref, useState } from 'react';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useCustomerSearch } from '../api/lookups';

export interface CustomerLookupProps extends Omit<SelectProps, 'data' | 'value' | 'onChange'> {
  ref?: Ref<HTMLInputElement>;
  /** The customer number. */
  value: string;
  /** The name to show for the current number before any search (the contract's customer). */
  initialName?: string;
  onChange: (customerNumber: string) => void;
}

const optionLabel = (number: string, name: string) => (name ? `${number} – ${name}` : number);

/**
 * Picks the contract's customer by typing part of the name or number (GET customers/search, at
 * most 20 answers). The chosen customer stays shown even when a later search does not find it.
 */
export function CustomerLookup({ value, initialName, onChange, ...props }: CustomerLookupProps) {
  const { t } = useTranslation('accounting');
  const [chosen, setChosen] = useState(value ? { value, label: optionLabel(value, initialName ?? '') } : null);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  // Typing the chosen option's own label is not a new search.
  const term = chosen && debounced === chosen.label ? '' : debounced.trim();
  const [open, setOpen] = useState(false);
  const query = useCustomerSearch(term, open && !props.disabled);
  const options = (query.data ?? []).map((c) => ({ value: c.number, label: optionLabel(c.number, c.name) }));
  const current = chosen && chosen.value === value ? chosen : value ? { value, label: value } : null;
  if (current && !options.some((o) => o.value === current.value)) options.unshift(current);
  return (
    <Select
      {...props}
      data={options}
      value={value || null}
      onChange={(next, option) => {
        setChosen(next ? { value: next, label: option.label } : null);
        onChange(next ?? '');
      }}
      searchable
      // Opened by a click or typing, not by focus: after a failed save the focus lands here, and an
      // open list would cover the fields below it and their messages.
      openOnFocus={false}
      searchValue={search}
      onSearchChange={setSearch}
      onDropdownOpen={() => setOpen(true)}
      // The server has searched already; every answer is shown as it came.
      filter={({ options: all }) => all}
      clearable
      nothingFoundMessage={query.isFetching ? t('searching') : t('noCustomers')}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

export interface CustomerLookupFieldProps<T extends FieldValues, C, O extends FieldValues>
  extends Omit<CustomerLookupProps, 'value' | 'onChange' | 'onBlur' | 'ref' | 'initialName'> {
  control: Control<T, C, O>;
  /** The invoice or contract being edited, whose customer is shown by name before any search; absent when creating. */
  document?: { customerName: string };
}

/** The lookup bound to the `customerNumber` of an invoice's or a contract's form, which neither can be without. */
export function CustomerLookupField<T extends FieldValues, C, O extends FieldValues>({
  control,
  document,
  ...props
}: CustomerLookupFieldProps<T, C, O>) {
  return (
    <Controller
      control={control}
      name={'customerNumber' as FieldPath<T>}
      render={({ field: f }) => (
        <CustomerLookup
          withAsterisk
          {...props}
          initialName={document?.customerName}
          value={f.value ?? ''}
          onChange={(next) => f.onChange(next)}
          onBlur={f.onBlur}
          ref={f.ref}
        />
      )}
    />
  );
}
