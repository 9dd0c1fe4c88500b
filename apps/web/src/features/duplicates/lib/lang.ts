/** The figures' language ('sv' or 'en') from i18next's. */
export const figuresLang = (language: string): 'sv' | 'en' => (language === 'en' ? 'en' : 'sv');
