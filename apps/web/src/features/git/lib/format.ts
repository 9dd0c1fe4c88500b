import { formatSek } from '@fairway/shared';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '../../../lib/dates';

/** Money, dates and times in the reader's language (Swedish style in both: the portal serves Swedish clubs). */
export function useGitFormat() {
  const { i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'sv';
  const locale = lang === 'en' ? 'en-SE' : 'sv-SE';
  const number = new Intl.NumberFormat(locale);
  return {
    lang,
    sek: (ore: number) => formatSek(ore, lang),
    number: (value: number) => number.format(value),
    date: (iso: string | null | undefined) => formatDate(iso, lang) || null,
    time: (iso: string | null | undefined) => formatDateTime(iso, lang) || null,
  };
}

export const BASIS_STATUS_COLORS = { unpaid: 'orange', partially_paid: 'yellow', paid: 'teal', credited: 'gray' } as const;
export const SYNC_STATE_COLORS = { not_synced: 'gray', synced: 'blue', sent: 'teal', failed: 'red', paused: 'yellow' } as const;
export const RUN_STATUS_COLORS = { queued: 'gray', running: 'blue', succeeded: 'teal', failed: 'red' } as const;
