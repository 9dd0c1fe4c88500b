import type { Lang } from '@fairway/shared';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/dates';

/** The reader's language as the shared formatters take it. */
export function useLang(): Lang {
  const { i18n } = useTranslation();
  return i18n.language === 'en' ? 'en' : 'sv';
}

/** A time to the minute in Swedish time, in the reader's language. */
export function useDateTime() {
  const lang = useLang();
  return (iso: string) => formatDateTime(iso, lang);
}

/** Decimal hours as the reader writes them: 1,5 in Swedish, 1.5 in English. */
export function formatHours(hours: number, lang: Lang): string {
  return new Intl.NumberFormat(lang === 'en' ? 'en-SE' : 'sv-SE', { maximumFractionDigits: 2 }).format(hours);
}
