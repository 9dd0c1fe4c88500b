import { describe, expect, it } from 'vitest';
import { documentRowPaths, documentTotals } from './document-rows';

describe('documentTotals of an invoice (prices ex VAT, total to whole kronor)', () => {
  const invoice = { roundToKrona: true };

  it('rounds VAT once per rate, not per row, and the total to whole kronor', () => {
    // 3 × 33,33 kr at 25 % and 1,5 × 10,01 kr at 12 % with 10 % off.
    const totals = documentTotals(
      [
        { quantityHundredths: 100, priceOre: 3333, vatPercent: 25, discountBasisPoints: 0 },
        { quantityHundredths: 100, priceOre: 3333, vatPercent: 25, discountBasisPoints: 0 },
        { quantityHundredths: 100, priceOre: 3333, vatPercent: 25, discountBasisPoints: 0 },
        { quantityHundredths: 150, priceOre: 1001, vatPercent: 12, discountBasisPoints: 1000 },
      ],
      invoice,
    );
    expect(totals.rowTotalsOre).toEqual([3333, 3333, 3333, 1351]);
    // 9999 × 25 % = 2499,75 → 2500 once; per row it would be 3 × 833 = 2499.
    expect(totals.vatByRate).toEqual([
      { vatPercent: 25, baseOre: 9999, vatOre: 2500 },
      { vatPercent: 12, baseOre: 1351, vatOre: 162 },
    ]);
    expect(totals.netOre).toBe(11_350);
    expect(totals.vatOre).toBe(2662);
    // 140,12 kr rounds to 140 kr, the 12 öre shown as rounding.
    expect(totals.totalOre).toBe(14_000);
    expect(totals.roundingOre).toBe(-12);
  });

  it('counts half-typed rows as zero and caps a discount above 100 %', () => {
    const totals = documentTotals(
      [
        { quantityHundredths: null, priceOre: 5000, vatPercent: 25, discountBasisPoints: 0 },
        { quantityHundredths: 200, priceOre: null, vatPercent: 12, discountBasisPoints: 0 },
        { quantityHundredths: 100, priceOre: 5000, vatPercent: 6, discountBasisPoints: 15_000 },
        { quantityHundredths: 100, priceOre: 1000, vatPercent: 0, discountBasisPoints: 0 },
      ],
      invoice,
    );
    expect(totals.rowTotalsOre).toEqual([0, 0, 0, 1000]);
    expect(totals.totalOre).toBe(1000);
  });

  it("shows a saved credit note's negative rows as they are", () => {
    const rows = [{ quantityHundredths: -100, priceOre: 30_000, vatPercent: 25, discountBasisPoints: 0 }];
    expect(documentTotals(rows, { ...invoice, saved: true })).toMatchObject({
      rowTotalsOre: [-30_000],
      netOre: -30_000,
      vatOre: -7_500,
      totalOre: -37_500,
    });
    // While typing, a negative quantity counts as nothing.
    expect(documentTotals(rows, invoice).totalOre).toBe(0);
  });
});

describe('documentTotals of a contract period (no rounding to kronor)', () => {
  it('adds VAT per rate on top of prices ex VAT, rounding each rate once', () => {
    const totals = documentTotals(
      [
        { quantityHundredths: 100, priceOre: 1_000_00, vatPercent: 25, discountBasisPoints: 0 },
        { quantityHundredths: 150, priceOre: 333, vatPercent: 25, discountBasisPoints: 1000 },
        { quantityHundredths: 200, priceOre: 5_000, vatPercent: 6, discountBasisPoints: 0 },
      ],
      { roundToKrona: false, vatIncluded: false },
    );
    // 1.5 × 3.33 less 10 % = 4.4955 → 4.50 kr.
    expect(totals.rowTotalsOre).toEqual([100_000, 450, 10_000]);
    expect(totals.netOre).toBe(110_450);
    // 25 % of 1 004.50 = 251.125 → 251.13; 6 % of 100 = 6.
    expect(totals.vatOre).toBe(25_113 + 600);
    expect(totals.totalOre).toBe(110_450 + 25_713);
    expect(totals.roundingOre).toBe(0);
  });

  it('takes the VAT out of prices that include it, once per rate', () => {
    const totals = documentTotals(
      [
        { quantityHundredths: 100, priceOre: 125_00, vatPercent: 25, discountBasisPoints: 0 },
        { quantityHundredths: 100, priceOre: 33, vatPercent: 25, discountBasisPoints: 0 },
        { quantityHundredths: 300, priceOre: 10_00, vatPercent: 6, discountBasisPoints: 0 },
      ],
      { roundToKrona: false, vatIncluded: true },
    );
    // 125,33 kr × 25/125 = 25,066 → 25,07 kr; 30 kr × 6/106 = 1,698… → 1,70 kr.
    expect(totals.vatByRate).toEqual([
      { vatPercent: 25, baseOre: 12_533 - 2507, vatOre: 2507 },
      { vatPercent: 6, baseOre: 3000 - 170, vatOre: 170 },
    ]);
    expect(totals.totalOre).toBe(15_533);
    expect(totals.netOre + totals.vatOre).toBe(totals.totalOre);
  });
});

describe('row helpers', () => {
  it('names every field of every row for the server messages', () => {
    const paths = documentRowPaths(2);
    expect(paths).toHaveLength(18);
    expect(paths).toContain('rows.1.priceOre');
    expect(paths).toContain('rows.0.project');
    expect(paths).not.toContain('rows.2.priceOre');
  });
});
