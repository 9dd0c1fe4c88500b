import { describe, expect, it } from 'vitest';
import { computeInvoiceTotals, rowTotalOre } from './invoice-totals';

describe('invoice totals', () => {
  it('rounds each row to öre, VAT once per rate, and the total to whole kronor', () => {
    const totals = computeInvoiceTotals([
      // 3 × 33.33 kr = 99.99 kr at 25 %
      { quantityHundredths: 300, priceOre: 3333, vatPercent: 25, discountBasisPoints: 0 },
      // 1 × 10.01 kr at 25 %: VAT on 110.00 is 27.50, not 25.00 + 2.50 rounded per row (2.5025 → 2.50)
      { quantityHundredths: 100, priceOre: 1001, vatPercent: 25, discountBasisPoints: 0 },
      // 1.5 × 99.90 kr less 10 % = 134.865 → 134.87 at 6 %
      { quantityHundredths: 150, priceOre: 9990, vatPercent: 6, discountBasisPoints: 1000 },
      { quantityHundredths: 100, priceOre: 5000, vatPercent: 0, discountBasisPoints: 0 },
    ]);
    expect(totals.rowTotalsOre).toEqual([9999, 1001, 13487, 5000]);
    expect(totals.netOre).toBe(29487);
    expect(totals.vatByRate).toEqual([
      { vatPercent: 25, baseOre: 11000, vatOre: 2750 },
      { vatPercent: 6, baseOre: 13487, vatOre: 809 },
      { vatPercent: 0, baseOre: 5000, vatOre: 0 },
    ]);
    expect(totals.vatOre).toBe(3559);
    // 330.46 kr → 330 kr
    expect(totals.totalOre).toBe(33000);
    expect(totals.roundingOre).toBe(-46);
  });

  it('rounds half away from zero, so a credit note mirrors its invoice', () => {
    const row = { quantityHundredths: 100, priceOre: 4550, vatPercent: 12, discountBasisPoints: 0 };
    const invoice = computeInvoiceTotals([row]);
    const credit = computeInvoiceTotals([{ ...row, quantityHundredths: -100 }]);
    expect(invoice.totalOre).toBe(5100); // 45.50 + 5.46 = 50.96 → 51
    expect(credit.totalOre).toBe(-invoice.totalOre);
    expect(credit.vatOre).toBe(-invoice.vatOre);
    expect(rowTotalOre({ quantityHundredths: 50, priceOre: 1, vatPercent: 25, discountBasisPoints: 0 })).toBe(1);
    expect(rowTotalOre({ quantityHundredths: -50, priceOre: 1, vatPercent: 25, discountBasisPoints: 0 })).toBe(-1);
  });

  it('keeps öre when rounding to kronor is off', () => {
    const totals = computeInvoiceTotals([{ quantityHundredths: 100, priceOre: 1001, vatPercent: 25, discountBasisPoints: 0 }], {
      roundToKrona: false,
    });
    expect(totals.totalOre).toBe(1251);
    expect(totals.roundingOre).toBe(0);
  });
});
