import { describe, expect, it } from 'vitest';
import { kronorToOre, oreToKronor } from './money';

describe('money inputs', () => {
  it('shows öre as kronor and empty for no amount', () => {
    expect(oreToKronor(123450)).toBe(1234.5);
    expect(oreToKronor(0)).toBe(0);
    expect(oreToKronor(null)).toBe('');
  });

  it('reads kronor back as whole öre without floating-point drift', () => {
    expect(kronorToOre(19.99)).toBe(1999);
    expect(kronorToOre(0.29)).toBe(29);
    expect(kronorToOre('1 234,50')).toBe(123450);
    expect(kronorToOre('')).toBeNull();
    expect(kronorToOre('abc')).toBeNull();
  });
});
