import { NumberInput, type NumberInputProps, Select, Switch } from '@mantine/core';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';

/** Label, help text and error of a field, as `useConfigField` gives them. */
interface FieldText {
  label: string;
  description?: string;
  error?: string;
}

interface ConfigInputProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  /** `field(name)` of `useConfigField`. */
  text: FieldText;
}

/** A setting chosen from a fixed list; the stored value keeps its type (a number stays a number). */
export function ConfigSelect<T extends FieldValues>({
  control,
  name,
  text,
  options,
}: ConfigInputProps<T> & { options: readonly { value: string | number; label: string }[] }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: f }) => (
        <Select
          {...text}
          data={options.map((option) => ({ value: String(option.value), label: option.label }))}
          value={f.value === null || f.value === undefined ? null : String(f.value)}
          onChange={(value) => f.onChange(options.find((option) => String(option.value) === value)?.value ?? null)}
          onBlur={f.onBlur}
          allowDeselect={false}
        />
      )}
    />
  );
}

/**
 * A whole number of days or years; an emptied input stores null so the schema reports it as
 * required.
 */
export function ConfigWholeNumber<T extends FieldValues>({
  control,
  name,
  text,
  ...props
}: ConfigInputProps<T> & Pick<NumberInputProps, 'min' | 'max' | 'suffix' | 'disabled' | 'w' | 'maw'>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: f }) => (
        <NumberInput
          {...text}
          {...props}
          value={f.value ?? ''}
          onChange={(v) => f.onChange(typeof v === 'number' ? v : null)}
          onBlur={f.onBlur}
          allowDecimal={false}
          allowNegative={false}
        />
      )}
    />
  );
}

/** An on/off setting. */
export function ConfigSwitch<T extends FieldValues>({ control, name, text }: ConfigInputProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: f }) => (
        <Switch {...text} checked={f.value} onChange={(event) => f.onChange(event.currentTarget.checked)} onBlur={f.onBlur} />
      )}
    />
  );
}
