import type { Resource, ResourceLanguage } from 'i18next';
import { localeOf } from './i18n';

/**
 * Every locale file of both languages, bundled at once. Only for the unit tests (their setup
 * and the key-parity test): the app fetches locale files lazily, see `i18n.ts`.
 */
const localeFiles = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', {
  eager: true,
  import: 'default',
});

export function buildResources(files: Record<string, Record<string, unknown>>): Resource {
  const resources: Record<string, ResourceLanguage> = {};
  for (const [path, content] of Object.entries(files)) {
    const locale = localeOf(path);
    if (!locale) continue;
    resources[locale.lang] ??= {};
    resources[locale.lang][locale.namespace] = content as ResourceLanguage[string];
  }
  return resources;
}

export const resources = buildResources(localeFiles);
