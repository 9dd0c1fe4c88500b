import { useDateFormat } from '../../../lib/dates';

/** Date and time in the reader's language, or null for none. */
export function useFormatTime() {
  const format = useDateFormat();
  return (iso: string | null | undefined): string | null => format.dateTime(iso) || null;
}
