import { useTranslation } from 'react-i18next';

/** The interface language as the shared formatters take it. */
export function useLang(): 'sv' | 'en' {
  const { i18n } = useTranslation();
  return i18n.language === 'en' ? 'en' : 'sv';
}
