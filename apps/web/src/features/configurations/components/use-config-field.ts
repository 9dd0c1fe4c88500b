import type { ConfigurationGroup } from '@fairway/shared';
import { useCallback } from 'react';
import type { FieldError, FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldErrorText } from '../../../lib/form-errors';

/** Label, help text and localised error of a configuration field, from `configurations:groups.<group>.fields.<name>`. */
export function useConfigField<T extends FieldValues>(form: UseFormReturn<T>, group: ConfigurationGroup) {
  const { t } = useTranslation('configurations');
  const errorText = useFieldErrorText();
  const { errors } = form.formState;
  return useCallback(
    (name: keyof T & string) => {
      const label = t(`groups.${group}.fields.${name}.label`);
      const help = t(`groups.${group}.fields.${name}.description`, { defaultValue: '' });
      const error = errorText(errors[name] as FieldError | undefined, label);
      return { label, description: help || undefined, error };
    },
    [t, group, errorText, errors],
  );
}
