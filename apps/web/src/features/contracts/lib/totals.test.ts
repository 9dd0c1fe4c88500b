import { describe, expect, it } from 'vitest';
import { contractTotals } from './totals';

describe('contractTotals', () => {
  it('adds VAT per rate on top of prices ex VAT, rounding each rate once', () => {
    const totals = contractTotals(
      [
        { quantityHundredths: 100, priceOre: 1_000_00, vatPercent: 25, discountBasisPoints: 0 },
        { quantityHundredths: 150, priceOre: 333, vatPercent: 25, discountBasisPoints: 1000 },
        { quantityHundredths: 200, priceOre: 5_000, vatPercent: 6, discountBasisPoints: 0 },
      ],
      false,
    );
    // 1.5 × 3.33 less 10 % = 4.4955 → 4.50 kr.
    expect(totals.rowTotalsOre).toEqual([100_000, 450, 10_000]);
    expect(totals.netOre).toBe(110_450);
    // 25 % of 1 004.50 = 251.125 → 251.13; 6 % of 100 = 6.
    expect(totals.vatOre).toBe(25_113 + 600);
    expect(totals.totalOre).toBe(110_450 + 25_713);
  });

  it('takes the VAT out of prices that include it', () => {
    const totals = contractTotals([{ quantityHundredths: 100, priceOre: 125_00, vatPercent: 25, discountBasisPoints: 0 }], true);
    expect(totals).toEqual({ rowTotalsOre: [12_500], netOre: 10_000, vatOre: 2_500, totalOre: 12_500 });
  });

  it('counts half-typed rows as nothing', () => {
    const totals = contractTotals(
      [{ quantityHundredths: null, priceOre: 500, vatPercent: 25, discountBasisPoints: undefined }],
      false,
    );
    expect(totals).toEqual({ rowTotalsOre: [0], netOre: 0, vatOre: 0, totalOre: 0 });
  });
});
