import { DateInput, type DateInputProps } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { type Ref, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_DISPLAY_FORMATS, isIsoDate, parseTypedDate } from '../lib/dates';
import classes from './date-field.module.css';

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
export function DateField({ value, onChange, onFocus, onClick, onBlur, onInput, onKeyDown, ...props }: DateFieldProps) {
  const { t, i18n } = useTranslation('common');
  const lang = i18n.language === 'en' ? 'en' : 'sv';
  // The calendar opens with the input and closes once a whole date is typed or picked, so it does
  // not lie over the buttons under the input (the dialogs' save button) when the date is done.
  const [calendarOpen, setCalendarOpen] = useState(false);
  return (
    <DateInput
      placeholder={t('date.placeholder')}
      leftSection={<IconCalendar size={16} aria-hidden="true" />}
      allowDeselect
      // The calendar's previous and next buttons are named, and it shows only the month's own days (the days
      // of the months around were too faint to read).
      ariaLabels={{
        previousMonth: t('date.previousMonth'),
        nextMonth: t('date.nextMonth'),
        previousYear: t('date.previousYear'),
        nextYear: t('date.nextYear'),
        previousDecade: t('date.previousDecade'),
        nextDecade: t('date.nextDecade'),
      }}
      hideOutsideDates
      classNames={{ day: classes.day }}
      {...props}
      // A dialog (Mantine's Modal) closes on Escape unless the key's target says it is taken: while
      // the calendar is open, Escape closes the calendar only (as Select does with its list).
      data-mantine-stop-propagation={calendarOpen || undefined}
      popoverProps={{ withinPortal: true, opened: calendarOpen, onChange: setCalendarOpen }}
      onFocus={(event) => {
        setCalendarOpen(true);
        onFocus?.(event);
      }}
      onClick={(event) => {
        setCalendarOpen(true);
        onClick?.(event);
      }}
      onInput={(event) => {
        setCalendarOpen(true);
        onInput?.(event);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape' || event.key === 'Enter') setCalendarOpen(false);
        onKeyDown?.(event);
      }}
      onBlur={(event) => {
        setCalendarOpen(false);
        onBlur?.(event);
      }}
      value={isIsoDate(value) ? value : null}
      onChange={(next) => {
        if (next) setCalendarOpen(false);
        onChange(next ?? '');
      }}
      valueFormat={DATE_DISPLAY_FORMATS[lang]}
      dateParser={(text) => parseTypedDate(text, lang)}
    />
  );
}
