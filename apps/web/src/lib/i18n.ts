import { DEFAULT_LANG, LANGUAGES, type Lang } from '@fairway/shared/constants';
import i18n, { type Resource, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { getLang, setItem } from './storage';

/**
 * Every `src/locales/<lang>/<namespace>.json` is bundled: a feature adds a namespace by adding
 * the same file name under both `sv/` and `en/`, nothing else to register.
 */
const localeFiles = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', {
  eager: true,
  import: 'default',
});

export function buildResources(files: Record<string, Record<string, unknown>>): Resource {
  const resources: Record<string, ResourceLanguage> = {};
  for (const [path, content] of Object.entries(files)) {
    const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!match) continue;
    const [, lang, namespace] = match;
    resources[lang] ??= {};
    resources[lang][namespace] = content as ResourceLanguage[string];
  }
  return resources;
}

export const resources = buildResources(localeFiles);
export const namespaces = Object.keys(resources[DEFAULT_LANG] ?? {});

void i18n.use(initReactI18next).init({
  resources,
  lng: getLang(),
  supportedLngs: [...LANGUAGES],
  fallbackLng: DEFAULT_LANG,
  ns: namespaces,
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  // Resources are bundled, so initialisation can finish before the first render.
  initAsync: false,
  returnNull: false,
  showSupportNotice: false,
});

if (typeof document !== 'undefined') document.documentElement.lang = i18n.language;

/** Switches the UI language, remembers it under `lang` and tells assistive tech via `<html lang>`. */
export function setLanguage(lang: Lang): Promise<unknown> {
  setItem('lang', lang);
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
  return i18n.changeLanguage(lang);
}

export function currentLanguage(): Lang {
  return (LANGUAGES as readonly string[]).includes(i18n.language) ? (i18n.language as Lang) : DEFAULT_LANG;
}

export { i18n };
