import { LANGUAGES } from '@fairway/shared/constants';
import { describe, expect, it } from 'vitest';
import { i18n, namespaces, setLanguage } from './i18n';
import { buildResources, resources } from './i18n-resources';

type Tree = Record<string, unknown>;

/** Every leaf key path of a locale tree, e.g. `nav.groups.help`. */
function keyPaths(tree: unknown, prefix = ''): string[] {
  if (typeof tree !== 'object' || tree === null || Array.isArray(tree)) return [prefix];
  return Object.entries(tree as Tree).flatMap(([key, value]) => keyPaths(value, prefix ? `${prefix}.${key}` : key));
}

function missingIn(from: unknown, to: unknown): string[] {
  const have = new Set(keyPaths(to));
  return keyPaths(from).filter((path) => !have.has(path));
}

describe('locale files', () => {
  const sv = resources.sv as Record<string, Tree>;
  const en = resources.en as Record<string, Tree>;

  it('exist for both languages with the same namespaces', () => {
    expect(Object.keys(resources).sort()).toEqual([...LANGUAGES].sort());
    expect(Object.keys(en).sort()).toEqual(Object.keys(sv).sort());
    expect(Object.keys(sv)).toEqual(expect.arrayContaining(['common', 'shell', 'screens', 'dashboard']));
  });

  for (const namespace of Object.keys(resources.sv ?? {})) {
    it(`${namespace}: English has every key Swedish has`, () => {
      expect(missingIn(sv[namespace], en[namespace])).toEqual([]);
    });

    it(`${namespace}: Swedish has every key English has`, () => {
      expect(missingIn(en[namespace], sv[namespace])).toEqual([]);
    });

    it(`${namespace}: no text is empty`, () => {
      for (const lang of [sv, en]) {
        const empty = keyPaths(lang[namespace]).filter((path) => {
          const value = path.split('.').reduce<unknown>((node, key) => (node as Tree | undefined)?.[key], lang[namespace]);
          return typeof value !== 'string' || value.trim() === '';
        });
        expect(empty).toEqual([]);
      }
    });
  }

  it('the parity check sees nested keys', () => {
    expect(missingIn({ a: { b: { c: 'x', d: 'y' } } }, { a: { b: { c: 'x' } } })).toEqual(['a.b.d']);
    expect(missingIn({ a: 'x' }, { a: { b: 'x' } })).toEqual(['a']);
  });

  it('the app loads the same namespaces lazily', () => {
    expect([...namespaces].sort()).toEqual(Object.keys(resources.sv ?? {}).sort());
  });

  it('bundles files by language and namespace from their path', () => {
    expect(
      buildResources({
        '../locales/sv/billing.json': { title: 'Fakturering' },
        '../locales/en/billing.json': { title: 'Billing' },
      }),
    ).toEqual({ sv: { billing: { title: 'Fakturering' } }, en: { billing: { title: 'Billing' } } });
  });
});

describe('setLanguage', () => {
  it('stores the language, sets <html lang> and switches the texts', async () => {
    await setLanguage('en');
    expect(localStorage.getItem('lang')).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(i18n.t('common:apiErrors.failed')).toBe('Failed');
    await setLanguage('sv');
    expect(localStorage.getItem('lang')).toBe('sv');
    expect(document.documentElement.lang).toBe('sv');
    expect(i18n.t('common:apiErrors.failed')).toBe('Misslyckat');
  });
});
