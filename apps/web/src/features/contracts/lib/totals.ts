import { computeInvoiceTotals, rowTotalOre } from '@fairway/shared';

export interface ContractTotalsRow {
  quantityHundredths?: number | null;
  priceOre?: number | null;
  vatPercent?: number | null;
  discountBasisPoints?: number | null;
}

export interface ContractTotals {
  /** Each row's amount as typed (ex VAT, or incl. VAT when the contract's prices include it). */
  rowTotalsOre: number[];
  netOre: number;
  vatOre: number;
  totalOre: number;
}

/** Half away from zero, as accounting does. */
const roundHalfAway = (value: number) => Math.sign(value) * Math.round(Math.abs(value));

/**
 * The totals of one invoice period of a contract while the form is typed: rows as the shared
 * invoice totals compute them (VAT rounded once per rate). With VAT included the rows are gross
 * amounts and the VAT is the rate's share of them (amount × rate / (100 + rate)), as the
 * accounting programs take it. Half-typed rows count as zero.
 */
export function contractTotals(rows: readonly ContractTotalsRow[], vatIncluded: boolean): ContractTotals {
  const clean = rows.map((row) => ({
    quantityHundredths: row.quantityHundredths ?? 0,
    priceOre: row.priceOre ?? 0,
    vatPercent: row.vatPercent ?? 0,
    discountBasisPoints: row.discountBasisPoints ?? 0,
  }));
  if (!vatIncluded) {
    const totals = computeInvoiceTotals(clean, { roundToKrona: false });
    return { rowTotalsOre: totals.rowTotalsOre, netOre: totals.netOre, vatOre: totals.vatOre, totalOre: totals.totalOre };
  }
  const rowTotalsOre = clean.map(rowTotalOre);
  const byRate = new Map<number, number>();
  clean.forEach((row, i) => byRate.set(row.vatPercent, (byRate.get(row.vatPercent) ?? 0) + (rowTotalsOre[i] ?? 0)));
  let vatOre = 0;
  for (const [rate, gross] of byRate) vatOre += roundHalfAway((gross * rate) / (100 + rate));
  const totalOre = rowTotalsOre.reduce((sum, v) => sum + v, 0);
  return { rowTotalsOre, netOre: totalOre - vatOre, vatOre, totalOre };
}
