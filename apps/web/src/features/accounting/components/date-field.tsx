import { DateInput, type DateInputProps } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_DISPLAY_FORMATS, isIsoDate, parseTypedDate } from '../lib/dates';

export interface DateFieldProps
  extends Omit<DateInputProps, 'value' | 'defaultValue' | 'onChange' | 'valueFormat' | 'dateParser'> {
  /** Focus target of the form library (React 19 passes refs as props). */
  ref?: Ref<HTMLInputElement>;
  /** `YYYY-MM-DD`, or '' / null for no date. */
  value: string | null | undefined;
  /** `YYYY-MM-DD`, or '' when the date is cleared. */
  onChange: (date: string) => void;
}

/**
 * A date typed or picked from a calendar in the reader's language (month and day names, Monday
 * first, from the app's DatesProvider), shown as the language writes dates (2026-01-31 in
 * Swedish, 31/01/2026 in English), and handed on as `YYYY-MM-DD` whatever was shown. An ISO date
 * typed or pasted is read in either language. Emptying the text clears the date.
 */
export function DateField({ value, onChange, ...props }: DateFieldProps) {
  const { t, i18n } = useTranslation('accounting');
  const lang = i18n.language === 'en' ? 'en' : 'sv';
  return (
    <DateInput
      placeholder={t('date.placeholder')}
      leftSection={<IconCalendar size={16} aria-hidden="true" />}
      allowDeselect
      popoverProps={{ withinPortal: true }}
      {...props}
      value={isIsoDate(value) ? value : null}
      onChange={(next) => onChange(next ?? '')}
      valueFormat={DATE_DISPLAY_FORMATS[lang]}
      dateParser={(text) => parseTypedDate(text, lang)}
    />
  );
}
