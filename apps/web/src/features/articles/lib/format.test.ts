import { describe, expect, it } from 'vitest';
import { formatMargin, formatQuantity } from './format';

describe('article formats', () => {
  it('shows hundredths as units in the reader’s language', () => {
    expect(formatQuantity(1250, 'sv')).toBe('12,5');
    expect(formatQuantity(1250, 'en')).toBe('12.5');
    expect(formatQuantity(-300, 'en')).toBe('-3');
  });

  it('shows basis points as a percentage with one decimal', () => {
    expect(formatMargin(4550, 'en')).toBe('45.5%');
    expect(formatMargin(6667, 'sv').replace(/\s/g, ' ')).toBe('66,7 %');
  });
});
