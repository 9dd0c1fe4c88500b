import { readFileSync } from 'node:fs';
import { ROLES } from '@fairway/shared';
import { describe, expect, it } from 'vitest';
import { messages } from '../i18n';

const webRoles = (lang: 'sv' | 'en') =>
  (
    JSON.parse(readFileSync(new URL(`../../../../web/src/locales/${lang}/common.json`, import.meta.url), 'utf8')) as {
      roles: Record<string, string>;
    }
  ).roles;

describe('default role names', () => {
  it('read the same in server messages as in the web app, in both languages', () => {
    for (const lang of ['sv', 'en'] as const) {
      for (const role of ROLES) expect(messages[`permissions.roleName.${role}`][lang]).toBe(webRoles(lang)[role]);
    }
  });
});
