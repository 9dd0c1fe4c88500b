import { useTranslation } from 'react-i18next';

/** A time to the minute in Swedish time, in the reader's language. */
export function useDateTime() {
  const { i18n } = useTranslation();
  const locale = i18n.language === 'en' ? 'en-GB' : 'sv-SE';
  return (iso: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Stockholm' }).format(
      new Date(iso),
    );
}
