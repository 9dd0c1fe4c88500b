import { useDateFormat } from '../../../lib/dates';

/** A time to the minute in Swedish time, in the reader's language. */
export function useDateTime() {
  const format = useDateFormat();
  return (iso: string) => format.dateTime(iso);
}
