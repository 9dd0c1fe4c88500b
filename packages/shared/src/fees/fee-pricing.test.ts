import { describe, expect, it } from 'vitest';
import { feeRuleDiscountOre, priceFeeRule, vatIncludedOre } from './fee-pricing';
import { feeRuleBodySchema } from './fees.schemas';

const annual = { id: 'annual', amountOre: 650_000, vatRate: 0 };
const playing = { id: 'playing', amountOre: 250_000, vatRate: 6 };
const locker = { id: 'locker', amountOre: 50_000, vatRate: 25 };

describe('priceFeeRule', () => {
  it('sums the fees without a discount and takes VAT out of each rate once', () => {
    const price = priceFeeRule({ fees: [annual, playing, locker], discountType: 'none', discountValue: 0 });
    expect(price).toMatchObject({ subtotalOre: 950_000, discountOre: 0, totalOre: 950_000 });
    expect(price.byVatRate).toEqual([
      { vatRate: 25, amountOre: 50_000, discountOre: 0, totalOre: 50_000, vatOre: 10_000, netOre: 40_000 },
      { vatRate: 6, amountOre: 250_000, discountOre: 0, totalOre: 250_000, vatOre: 14_151, netOre: 235_849 },
      { vatRate: 0, amountOre: 650_000, discountOre: 0, totalOre: 650_000, vatOre: 0, netOre: 650_000 },
    ]);
    expect(price.vatOre).toBe(24_151);
    expect(price.netOre).toBe(950_000 - 24_151);
  });

  it('applies a percentage to every fee and keeps lines, rates and total in agreement', () => {
    const price = priceFeeRule({ fees: [annual, playing, locker], discountType: 'percentage', discountValue: 12.5 });
    expect(price.discountOre).toBe(118_750);
    expect(price.totalOre).toBe(831_250);
    expect(price.lines.map((l) => [l.id, l.discountOre, l.totalOre])).toEqual([
      ['annual', 81_250, 568_750],
      ['playing', 31_250, 218_750],
      ['locker', 6_250, 43_750],
    ]);
    const rates = price.byVatRate;
    expect(rates.reduce((s, r) => s + r.totalOre, 0)).toBe(price.totalOre);
    expect(rates.find((r) => r.vatRate === 25)).toMatchObject({ totalOre: 43_750, vatOre: 8_750, netOre: 35_000 });
  });

  it('spreads an amount discount in proportion and gives the odd öre to the largest remainders', () => {
    const fees = [
      { id: 'a', amountOre: 100, vatRate: 25 },
      { id: 'b', amountOre: 100, vatRate: 25 },
      { id: 'c', amountOre: 100, vatRate: 6 },
    ];
    const price = priceFeeRule({ fees, discountType: 'amount', discountValue: 100 });
    expect(price.lines.map((l) => l.discountOre)).toEqual([34, 33, 33]);
    expect(price.discountOre).toBe(100);
    expect(price.totalOre).toBe(200);
    expect(price.byVatRate).toEqual([
      { vatRate: 25, amountOre: 200, discountOre: 67, totalOre: 133, vatOre: 27, netOre: 106 },
      { vatRate: 6, amountOre: 100, discountOre: 33, totalOre: 67, vatOre: 4, netOre: 63 },
    ]);
  });

  it('rounds a percentage discount half up in öre, and caps an amount at the sum', () => {
    // 3 × 333 öre = 999; 10 % is 99.9 → 100 öre.
    const fees = [1, 2, 3].map((i) => ({ id: String(i), amountOre: 333, vatRate: 0 }));
    expect(priceFeeRule({ fees, discountType: 'percentage', discountValue: 10 }).discountOre).toBe(100);
    expect(priceFeeRule({ fees, discountType: 'amount', discountValue: 5_000 })).toMatchObject({ discountOre: 999, totalOre: 0 });
    expect(priceFeeRule({ fees, discountType: 'percentage', discountValue: 100 }).totalOre).toBe(0);
    // 0.29 % must not become 0.28 % through floating point.
    expect(feeRuleDiscountOre(1_000_000, 'percentage', 0.29)).toBe(2_900);
  });

  it('prices an empty rule as zero and ignores the value of "none"', () => {
    expect(priceFeeRule({ fees: [], discountType: 'percentage', discountValue: 50 })).toMatchObject({
      subtotalOre: 0,
      discountOre: 0,
      totalOre: 0,
      lines: [],
      byVatRate: [],
    });
    expect(priceFeeRule({ fees: [locker], discountType: 'none', discountValue: 40 }).totalOre).toBe(50_000);
  });

  it('finds the VAT inside an amount that includes it', () => {
    expect(vatIncludedOre(12_500, 25)).toBe(2_500);
    expect(vatIncludedOre(10_600, 6)).toBe(600);
    expect(vatIncludedOre(10_000, 0)).toBe(0);
  });
});

describe('feeRuleBodySchema', () => {
  const id = '3f0c8a1e-8f55-4a51-9c57-2b1f8f3b9d10';
  it('requires a fee, a value for a discount, and a percentage within 0–100 with two decimals', () => {
    const noFees = feeRuleBodySchema.safeParse({ name: 'Junior', feeIds: [] });
    expect(noFees.success).toBe(false);
    expect(noFees.error?.issues[0]?.path).toEqual(['feeIds']);
    const over = feeRuleBodySchema.safeParse({ name: 'X', feeIds: [id], discountType: 'percentage', discountValue: 101 });
    expect(over.error?.issues[0]?.path).toEqual(['discountValue']);
    const decimals = feeRuleBodySchema.safeParse({ name: 'X', feeIds: [id], discountType: 'percentage', discountValue: 1.234 });
    expect(decimals.success).toBe(false);
    const missing = feeRuleBodySchema.safeParse({ name: 'X', feeIds: [id], discountType: 'amount', discountValue: null });
    expect(missing.success).toBe(false);
    expect(feeRuleBodySchema.parse({ name: 'X', feeIds: [id], discountType: 'percentage', discountValue: 12.5 })).toMatchObject({
      discountValue: 12.5,
    });
  });
});
