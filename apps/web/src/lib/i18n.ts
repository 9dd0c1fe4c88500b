import { DEFAULT_LANG, LANGUAGES, type Lang } from '@fairway/shared/constants';
import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { getLang, setItem } from './storage';

/**
 * Every `src/locales/<lang>/<namespace>.json` is its own small chunk, fetched when a screen first
 * asks for its namespace in the active language (react-i18next suspends until it has arrived).
 * A feature adds a namespace by adding the same file name under both `sv/` and `en/`, nothing
 * else to register.
 */
const localeLoaders = import.meta.glob<ResourceKey>('../locales/*/*.json', { import: 'default' });

const LOCALE_PATH = /\/locales\/([^/]+)\/([^/]+)\.json$/;

/** Language and namespace of a locale file, from its path. */
export function localeOf(path: string): { lang: string; namespace: string } | null {
  const match = LOCALE_PATH.exec(path);
  return match ? { lang: match[1], namespace: match[2] } : null;
}

export const namespaces = Object.keys(localeLoaders)
  .map(localeOf)
  .filter((locale) => locale?.lang === DEFAULT_LANG)
  .map((locale) => locale?.namespace as string);

/**
 * Namespaces loaded before the first render: `common` (the default, API error texts) and `shell`
 * (header, footer, navigation, the access-denied modal), which texts of every page refer to.
 */
export const CORE_NAMESPACES = ['common', 'shell'];

const lazyLocales: BackendModule = {
  type: 'backend',
  init: () => {},
  read(lang, namespace, callback) {
    const load = localeLoaders[`../locales/${lang}/${namespace}.json`];
    if (!load) {
      callback(new Error(`No locale file ${lang}/${namespace}.json`), false);
      return;
    }
    load().then(
      (texts) => callback(null, texts),
      // i18next retries a failed read a few times before giving up on the namespace.
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), true),
    );
  },
};

/** Resolves once the active language's core namespaces are in; main.tsx renders after it. */
export const i18nReady = i18n
  .use(lazyLocales)
  .use(initReactI18next)
  .init({
    lng: getLang(),
    supportedLngs: [...LANGUAGES],
    // Only the active language is fetched; the key-parity test keeps both languages complete.
    fallbackLng: false,
    load: 'currentOnly',
    ns: CORE_NAMESPACES,
    defaultNS: 'common',
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    // A screen whose namespace is still on its way suspends instead of showing raw keys.
    react: { useSuspense: true },
    returnNull: false,
    showSupportNotice: false,
  });

if (typeof document !== 'undefined') document.documentElement.lang = getLang();

// The language menu names each language in that language (`language.names.en` read in English),
// so the other languages' `common` follows the first render's texts.
void i18nReady.then(() =>
  i18n.reloadResources(
    LANGUAGES.filter((lang) => lang !== i18n.language),
    ['common'],
  ),
);

/**
 * Fetches every namespace of the active language (and, after a switch, of the new one). The
 * dashboard asks for it on entry: its dialogs and widgets borrow texts across features, and a
 * text arriving only when a dialog opens would blank the screen while it suspends.
 */
export function loadAllNamespaces(): Promise<void> {
  return i18n.loadNamespaces(namespaces);
}

/**
 * Switches the UI language, remembers it under `lang` and tells assistive tech via `<html lang>`.
 * i18next fetches every namespace in use in the new language before the texts switch.
 */
export function setLanguage(lang: Lang): Promise<unknown> {
  setItem('lang', lang);
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
  return i18n.changeLanguage(lang);
}

export function currentLanguage(): Lang {
  return (LANGUAGES as readonly string[]).includes(i18n.language) ? (i18n.language as Lang) : DEFAULT_LANG;
}

export { i18n };
