/**
 * Fortnox speaks kronor as JSON decimals (`"Price": 450.5`) and quantities as decimal strings
 * (`"DeliveredQuantity": "1.00"`). The portal speaks integers (öre, hundredths). These helpers
 * convert without float drift and compute totals the way Fortnox does: each row rounded to öre,
 * VAT summed per rate and rounded once per rate, the invoice total rounded to whole kronor.
 */

export function kronorToOre(value: number | string | null | undefined): number {
  if (value === null || value === undefined || value === '') return 0;
  const n = typeof value === 'string' ? Number(value.replace(',', '.')) : value;
  if (!Number.isFinite(n)) return 0;
  return Math.round(n * 100);
}

export function oreToKronor(ore: number): number {
  return Math.round(ore) / 100;
}

/** Hundredths → Fortnox's quantity string ("1.50"). */
export function hundredthsToQuantity(hundredths: number): string {
  const sign = hundredths < 0 ? '-' : '';
  const abs = Math.abs(Math.round(hundredths));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export function quantityToHundredths(value: number | string | null | undefined): number {
  return kronorToOre(value);
}

export interface TotalsRow {
  quantityHundredths: number;
  priceOre: number;
  vatPercent: number;
  /** Basis points. */
  discountBasisPoints: number;
}

export interface Totals {
  /** Each row's amount ex VAT, in order. */
  rowTotalsOre: number[];
  netOre: number;
  vatOre: number;
  /** VAT per rate, e.g. `{ 25: 12500, 6: 1800 }`. */
  vatByRate: Record<number, number>;
  /** Added to reach whole kronor (öresavrundning); 0 without rounding. */
  roundOffOre: number;
  totalOre: number;
}

/** Half away from zero, as accounting does (Math.round rounds -0.5 up). */
function roundHalfAway(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value));
}

export function computeTotals(
  rows: TotalsRow[],
  options: { vatIncluded?: boolean; roundToKrona?: boolean; extraNetOre?: number } = {},
): Totals {
  const rowTotalsOre = rows.map((row) =>
    roundHalfAway(((row.quantityHundredths * row.priceOre) / 100) * (1 - row.discountBasisPoints / 10_000)),
  );
  const byRate = new Map<number, number>();
  rows.forEach((row, i) => {
    byRate.set(row.vatPercent, (byRate.get(row.vatPercent) ?? 0) + rowTotalsOre[i]);
  });
  const vatByRate: Record<number, number> = {};
  let netOre = 0;
  let vatOre = 0;
  for (const [rate, amount] of byRate) {
    if (options.vatIncluded) {
      // Prices include VAT: the VAT part of a gross amount is amount × rate / (100 + rate).
      const vat = roundHalfAway((amount * rate) / (100 + rate));
      vatByRate[rate] = vat;
      vatOre += vat;
      netOre += amount - vat;
    } else {
      const vat = roundHalfAway((amount * rate) / 100);
      vatByRate[rate] = vat;
      vatOre += vat;
      netOre += amount;
    }
  }
  netOre += options.extraNetOre ?? 0;
  const exact = netOre + vatOre;
  const totalOre = options.roundToKrona ? roundHalfAway(exact / 100) * 100 : exact;
  return { rowTotalsOre, netOre, vatOre, vatByRate, roundOffOre: totalOre - exact, totalOre };
}
