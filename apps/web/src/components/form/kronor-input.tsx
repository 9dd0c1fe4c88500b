import { NumberInput, type NumberInputProps } from '@mantine/core';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { kronorToOre, oreToKronor } from '../../lib/money';

export interface KronorInputProps extends Omit<NumberInputProps, 'value' | 'onChange'> {
  /** Focus target of the form library (React 19 passes refs as props). */
  ref?: Ref<HTMLInputElement>;
  /** Öre, or null for "not set". */
  value: number | null | undefined;
  onChange: (ore: number | null) => void;
  /** Largest amount in öre, when there is one (a fee's price). */
  maxOre?: number;
}

/** An amount typed in kronor (two decimals) and handed on in öre; empty means not set. */
export function KronorInput({ value, onChange, maxOre, ...props }: KronorInputProps) {
  const { i18n } = useTranslation();
  const sv = i18n.language !== 'en';
  return (
    <NumberInput
      {...props}
      value={oreToKronor(value)}
      onChange={(v) => onChange(kronorToOre(v))}
      min={0}
      max={maxOre === undefined ? undefined : maxOre / 100}
      decimalScale={2}
      decimalSeparator={sv ? ',' : '.'}
      thousandSeparator={sv ? ' ' : ','}
      allowNegative={false}
      suffix=" kr"
      inputMode="decimal"
    />
  );
}
