import { NumberInput, type NumberInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { kronorToOre, oreToKronor } from '../../../lib/money';

export interface KronorInputProps extends Omit<NumberInputProps, 'value' | 'onChange' | 'max'> {
  /** Öre, or null while empty. */
  value: number | null | undefined;
  onChange: (ore: number | null) => void;
  /** Largest amount in öre. */
  maxOre: number;
}

/** An amount typed in kronor (two decimals) and handed on in öre. */
export function KronorInput({ value, onChange, maxOre, ...props }: KronorInputProps) {
  const { i18n } = useTranslation();
  const sv = i18n.language !== 'en';
  return (
    <NumberInput
      {...props}
      value={oreToKronor(value)}
      onChange={(v) => onChange(kronorToOre(v))}
      min={0}
      max={maxOre / 100}
      decimalScale={2}
      decimalSeparator={sv ? ',' : '.'}
      thousandSeparator={sv ? ' ' : ','}
      allowNegative={false}
      suffix=" kr"
      inputMode="decimal"
    />
  );
}
