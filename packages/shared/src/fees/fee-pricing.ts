/**
 * The price of a fee rule (docs/members-and-fees.md#fees): the sum of its fees, less the rule's discount,
 * split per VAT rate. Fee amounts are what the member pays, VAT included (the way clubs quote
 * their annual fees), in whole öre. The sync engine invoices a member or family with it, and the
 * fees page shows it, so both see the same figures.
 *
 * The discount is spread over the fees in proportion to their amounts and rounded so the parts
 * add up exactly to the whole discount (largest remainder): each line, each VAT rate and the
 * total agree to the öre. VAT is then taken out of each rate's total once (not per line), as the
 * accounting programs do for an invoice.
 */

export const FEE_DISCOUNT_TYPES = ['none', 'percentage', 'amount'] as const;
export type FeeDiscountType = (typeof FEE_DISCOUNT_TYPES)[number];

export interface PricedFeeInput {
  /** Any key the caller wants back on the line (the fee's id). */
  id: string;
  /** Price incl. VAT in öre, positive. */
  amountOre: number;
  vatRate: number;
}

export interface FeeRulePriceInput {
  fees: readonly PricedFeeInput[];
  discountType: FeeDiscountType;
  /**
   * Percentage: percent with at most two decimals (12.5), 0–100. Amount: öre, at most the sum of
   * the fees (a larger amount is capped at it). Ignored for 'none'.
   */
  discountValue: number;
}

export interface PricedFeeLine {
  id: string;
  vatRate: number;
  amountOre: number;
  discountOre: number;
  totalOre: number;
}

export interface PricedVatRate {
  vatRate: number;
  amountOre: number;
  discountOre: number;
  /** Incl. VAT, after the discount. */
  totalOre: number;
  vatOre: number;
  /** totalOre less vatOre. */
  netOre: number;
}

export interface FeeRulePrice {
  /** The fees' sum before the discount. */
  subtotalOre: number;
  discountOre: number;
  totalOre: number;
  vatOre: number;
  netOre: number;
  /** One line per fee, in the order given. */
  lines: PricedFeeLine[];
  /** One entry per VAT rate, highest rate first. */
  byVatRate: PricedVatRate[];
}

/** Half away from zero on non-negative values: 0.5 öre rounds up. */
const roundHalfUp = (value: number) => Math.floor(value + 0.5);

/** The whole discount in öre for a subtotal. */
export function feeRuleDiscountOre(subtotalOre: number, discountType: FeeDiscountType, discountValue: number): number {
  if (subtotalOre <= 0 || discountType === 'none') return 0;
  if (discountType === 'percentage') {
    // Hundredths of a percent as an integer (toFixed: 0.29 * 100 is 28.999… in floating point).
    const hundredths = Math.min(10_000, Math.max(0, Math.round(Number(discountValue.toFixed(2)) * 100)));
    // Integers first (öre × hundredths of a percent), one division, one rounding.
    return roundHalfUp((subtotalOre * hundredths) / 10_000);
  }
  return Math.min(subtotalOre, Math.max(0, Math.round(discountValue)));
}

/** VAT inside an amount that includes it: 125 kr at 25 % holds 25 kr. */
export function vatIncludedOre(totalOre: number, vatRate: number): number {
  if (vatRate <= 0) return 0;
  return roundHalfUp((totalOre * vatRate) / (100 + vatRate));
}

/** Prices a fee rule: see the file's comment for the rules. Pure; no input is changed. */
export function priceFeeRule(input: FeeRulePriceInput): FeeRulePrice {
  const subtotalOre = input.fees.reduce((sum, fee) => sum + fee.amountOre, 0);
  const discountOre = feeRuleDiscountOre(subtotalOre, input.discountType, input.discountValue);

  // Each fee's exact share of the discount, floored; the öre left go to the largest remainders
  // (ties: the earlier fee), so the shares add up to the discount exactly.
  const exact = input.fees.map((fee) => (subtotalOre === 0 ? 0 : (discountOre * fee.amountOre) / subtotalOre));
  const shares = exact.map((v) => Math.floor(v));
  let left = discountOre - shares.reduce((sum, v) => sum + v, 0);
  const byRemainder = exact.map((v, i) => ({ i, rest: v - Math.floor(v) })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of byRemainder) {
    if (left <= 0) break;
    shares[i] = (shares[i] ?? 0) + 1;
    left--;
  }

  const lines: PricedFeeLine[] = input.fees.map((fee, i) => {
    const share = shares[i] ?? 0;
    return { id: fee.id, vatRate: fee.vatRate, amountOre: fee.amountOre, discountOre: share, totalOre: fee.amountOre - share };
  });

  const rates = new Map<number, { amountOre: number; discountOre: number; totalOre: number }>();
  for (const line of lines) {
    const rate = rates.get(line.vatRate) ?? { amountOre: 0, discountOre: 0, totalOre: 0 };
    rate.amountOre += line.amountOre;
    rate.discountOre += line.discountOre;
    rate.totalOre += line.totalOre;
    rates.set(line.vatRate, rate);
  }
  const byVatRate: PricedVatRate[] = [...rates.entries()]
    .sort(([a], [b]) => b - a)
    .map(([vatRate, sums]) => {
      const vatOre = vatIncludedOre(sums.totalOre, vatRate);
      return { vatRate, ...sums, vatOre, netOre: sums.totalOre - vatOre };
    });

  const totalOre = subtotalOre - discountOre;
  const vatOre = byVatRate.reduce((sum, r) => sum + r.vatOre, 0);
  return { subtotalOre, discountOre, totalOre, vatOre, netOre: totalOre - vatOre, lines, byVatRate };
}
