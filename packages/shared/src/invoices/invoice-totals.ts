/**
 * Invoice totals the way Swedish accounting programs compute them (Fortnox and Visma eEkonomi
 * agree): each row's amount ex VAT rounded to öre, VAT summed per rate and rounded once per
 * rate (not per row), and the total rounded to whole kronor (öresavrundning) with the
 * difference shown as rounding. The web form shows these figures while the user types; the
 * server checks the program's answer against them.
 */

export interface TotalsRowInput {
  /** Hundredths (1.5 → 150). */
  quantityHundredths: number;
  /** Price per unit ex VAT. */
  priceOre: number;
  vatPercent: number;
  /** Basis points (10 % → 1000). */
  discountBasisPoints: number;
}

export interface InvoiceTotals {
  /** Each row's amount ex VAT, in order. */
  rowTotalsOre: number[];
  netOre: number;
  vatOre: number;
  /** VAT per rate, highest rate first: the lines of the totals box. */
  vatByRate: { vatPercent: number; baseOre: number; vatOre: number }[];
  /** Added to reach whole kronor; 0 without rounding. */
  roundingOre: number;
  totalOre: number;
}

/** Half away from zero, so a credit note rounds exactly like the invoice it mirrors. */
function roundHalfAway(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value));
}

/** One row's amount ex VAT in öre: quantity × price less the discount. */
export function rowTotalOre(row: TotalsRowInput): number {
  // Integer arithmetic first (öre × hundredths × basis points), one division, one rounding.
  const gross = row.quantityHundredths * row.priceOre * (10_000 - row.discountBasisPoints);
  return roundHalfAway(gross / 1_000_000);
}

export function computeInvoiceTotals(rows: readonly TotalsRowInput[], options: { roundToKrona?: boolean } = {}): InvoiceTotals {
  const rowTotalsOre = rows.map(rowTotalOre);
  const base = new Map<number, number>();
  rows.forEach((row, i) => {
    base.set(row.vatPercent, (base.get(row.vatPercent) ?? 0) + (rowTotalsOre[i] ?? 0));
  });
  const vatByRate = [...base.entries()]
    .sort(([a], [b]) => b - a)
    .map(([vatPercent, baseOre]) => ({ vatPercent, baseOre, vatOre: roundHalfAway((baseOre * vatPercent) / 100) }));
  const netOre = rowTotalsOre.reduce((sum, v) => sum + v, 0);
  const vatOre = vatByRate.reduce((sum, r) => sum + r.vatOre, 0);
  const exact = netOre + vatOre;
  const totalOre = options.roundToKrona === false ? exact : roundHalfAway(exact / 100) * 100;
  return { rowTotalsOre, netOre, vatOre, vatByRate, roundingOre: totalOre - exact, totalOre };
}
