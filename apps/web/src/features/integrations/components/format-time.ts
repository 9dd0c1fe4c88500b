import { useTranslation } from 'react-i18next';

/** Date and time in the reader's language (Swedish style in both: the portal serves Swedish clubs). */
export function useFormatTime() {
  const { i18n } = useTranslation();
  const formatter = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-SE' : 'sv-SE', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return (iso: string | null | undefined): string | null => {
    if (!iso) return null;
    const date = new Date(iso);
    return Number.isNaN(date.getTime()) ? null : formatter.format(date);
  };
}
