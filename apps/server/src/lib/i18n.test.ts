import { describe, expect, it } from 'vitest';
import { bilingual, isMessageKey, langFromHeader, messages, t } from './i18n';

describe('langFromHeader', () => {
  it.each([
    [undefined, 'sv'],
    ['', 'sv'],
    ['en', 'en'],
    ['sv', 'sv'],
    ['en-US,en;q=0.9', 'en'],
    ['de-DE,en;q=0.8,sv;q=0.9', 'sv'],
    ['de-DE,en;q=0.8', 'en'],
    ['fr', 'sv'],
    ['sv;q=0, en', 'en'],
    ['*', 'sv'],
  ])('%j → %s', (header, lang) => {
    expect(langFromHeader(header)).toBe(lang);
  });
});

describe('messages', () => {
  it('have both languages for every key', () => {
    for (const [key, text] of Object.entries(messages as Record<string, { sv: string; en: string }>)) {
      expect(text.sv.trim(), key).not.toBe('');
      expect(text.en.trim(), key).not.toBe('');
    }
  });

  it('fill parameters', () => {
    expect(t('errors.tooManyRequests', 'en', { seconds: 5 })).toBe('Too many requests. Try again in 5 seconds');
    expect(bilingual('errors.internal')).toEqual({ message: 'Internt serverfel', eng_message: 'Internal server error' });
    expect(isMessageKey('errors.notFound')).toBe(true);
    expect(isMessageKey('errors.nope')).toBe(false);
  });
});
