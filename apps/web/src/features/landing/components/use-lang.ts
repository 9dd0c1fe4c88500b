import type { Lang } from '@fairway/shared';
import { useTranslation } from 'react-i18next';

/** The reader's language, re-rendering on a switch (content queries carry it in their keys). */
export function useLang(): Lang {
  const { i18n } = useTranslation();
  return i18n.language === 'en' ? 'en' : 'sv';
}
