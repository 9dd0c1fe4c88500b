import { NumberInput, type NumberInputProps } from '@mantine/core';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * What a decimal input holds — a number, or while typing a partial text such as "12," or "12."
 * (the input hands those over as strings) — times `factor`: 1 for a plain number, 100 for a
 * quantity in hundredths or a percent in basis points. A partial text counts as the number it
 * starts with, so a controlled input keeps its comma and the digits to come: "12,5" is 12.5, not 5.
 * Empty (or not a number) is null.
 */
export function decimalOf(value: number | string, factor: 1 | 100 = 1): number | null {
  const number = typeof value === 'number' ? value : Number(value.replace(/\s/g, '').replace(',', '.'));
  if (value === '' || !Number.isFinite(number)) return null;
  return factor === 1 ? number : Math.round(number * factor);
}

export interface DecimalInputProps extends Omit<NumberInputProps, 'value' | 'onChange'> {
  /** Focus target of the form library (React 19 passes refs as props). */
  ref?: Ref<HTMLInputElement>;
  /** The stored value (in hundredths with `factor` 100), or null for "not set". */
  value: number | null | undefined;
  onChange: (value: number | null) => void;
  /** 100 when the value is stored in hundredths (quantities) or basis points (percentages). */
  factor?: 1 | 100;
}

/**
 * A number with up to two decimals, typed with the language's decimal sign (a comma in Swedish, a
 * point in English); empty means not set. Amounts in kronor use `KronorInput`.
 */
export function DecimalInput({ value, onChange, factor = 1, ...props }: DecimalInputProps) {
  const { i18n } = useTranslation();
  return (
    <NumberInput
      decimalScale={2}
      decimalSeparator={i18n.language === 'en' ? '.' : ','}
      inputMode="decimal"
      {...props}
      value={typeof value === 'number' ? value / factor : ''}
      onChange={(v) => onChange(decimalOf(v, factor))}
    />
  );
}

/** A percentage from 0 to 100 with up to two decimals ("12,5 %"); `factor` 100 stores basis points. */
export function PercentInput(props: DecimalInputProps) {
  return <DecimalInput min={0} max={100} clampBehavior="none" allowNegative={false} suffix=" %" {...props} />;
}
