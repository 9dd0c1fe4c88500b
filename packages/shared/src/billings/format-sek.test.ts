import { describe, expect, it } from 'vitest';
import { formatSek } from './billings.schemas';

const plain = (s: string) => s.replace(/\s/g, ' ');

describe('formatSek', () => {
  it('shows whole kronor without decimals and öre with two, in Swedish and English', () => {
    expect(plain(formatSek(123_400, 'sv'))).toBe('1 234 kr');
    expect(plain(formatSek(123_450, 'sv'))).toBe('1 234,50 kr');
    expect(plain(formatSek(-250_000, 'sv'))).toMatch(/^[-−]2 500 kr$/);
  });

  it('shows a negative zero (the VAT of a 0 % credit row) as 0 kr', () => {
    expect(plain(formatSek(-0, 'sv'))).toBe('0 kr');
    expect(plain(formatSek(-0, 'en'))).not.toContain('-');
  });
});
