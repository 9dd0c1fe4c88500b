import type { CodeItem } from '@fairway/shared';
import { Select, type SelectProps } from '@mantine/core';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';

export interface CodeSelectProps extends Omit<SelectProps, 'data' | 'value' | 'onChange'> {
  /** Focus target of the form library (React 19 passes refs as props). */
  ref?: Ref<HTMLInputElement>;
  /** The accounting program's code list (GET customizations). */
  items: readonly CodeItem[] | undefined;
  value: string | null | undefined;
  onChange: (code: string | null) => void;
}

/** Visma eEkonomi keys its lists by GUIDs, which mean nothing to a person: those show their name only. */
const INTERNAL_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** "30 – 30 dagar netto"; the name alone where the code is the program's internal id. */
export function codeLabel(item: Pick<CodeItem, 'code' | 'name'>): string {
  if (!item.name || item.name === item.code) return item.code;
  return INTERNAL_ID.test(item.code) ? item.name : `${item.code} – ${item.name}`;
}

/**
 * A code from one of the accounting program's lists (terms, price list, cost centre, project).
 * Inactive codes are not offered, but the customer's current code is always kept, also when the
 * list lacks it (removed in the program, or not read yet), so saving never drops it silently.
 */
export function CodeSelect({ items, value, onChange, ...props }: CodeSelectProps) {
  const { t } = useTranslation('accounting');
  const data = (items ?? [])
    .filter((item) => item.active || item.code === value)
    .map((item) => ({ value: item.code, label: codeLabel(item) }));
  if (value && !data.some((option) => option.value === value)) {
    data.unshift({ value, label: t('notInList', { code: value }) });
  }
  return (
    <Select
      {...props}
      data={data}
      value={value || null}
      onChange={(code) => onChange(code)}
      searchable
      clearable
      nothingFoundMessage={t('noCodes')}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
