import { computeInvoiceTotals, type InvoiceTotals } from '@fairway/shared';

/**
 * The rows of an accounting document (an invoice, a contract) as a form holds them while they are
 * typed: price and quantity may be empty (the shared schema then asks for them).
 */
export interface DocumentRowValues {
  articleNumber: string | null;
  description: string;
  quantityHundredths: number | null;
  unit: string | null;
  priceOre: number | null;
  vatPercent: number;
  discountBasisPoints: number;
  costCenter: string | null;
  project: string | null;
}

/** What the rows editor needs of a form: its rows. */
export interface DocumentRowsFormValues {
  rows: DocumentRowValues[];
}

export const DOCUMENT_ROW_FIELDS = [
  'articleNumber',
  'description',
  'quantityHundredths',
  'unit',
  'priceOre',
  'vatPercent',
  'discountBasisPoints',
  'costCenter',
  'project',
] as const satisfies readonly (keyof DocumentRowValues)[];

export type DocumentRowField = (typeof DOCUMENT_ROW_FIELDS)[number];

/** Every row field the server may name in a refusal (`rows.0.priceOre`…), for `rowCount` rows. */
export function documentRowPaths(rowCount: number): `rows.${number}.${DocumentRowField}`[] {
  return Array.from({ length: rowCount }, (_, i) => DOCUMENT_ROW_FIELDS.map((f) => `rows.${i}.${f}` as const)).flat();
}

/** A new row: one piece at 25 % VAT, the rest to fill in. */
export const emptyDocumentRow = (): DocumentRowValues => ({
  articleNumber: null,
  description: '',
  quantityHundredths: 100,
  unit: null,
  priceOre: null,
  vatPercent: 25,
  discountBasisPoints: 0,
  costCenter: null,
  project: null,
});

/**
 * A saved row (an invoice's, a contract's) as the form holds it. Its cost centre and project are
 * kept as the program has them, so saving never drops them.
 */
export function documentRowValues(row: DocumentRowValues): DocumentRowValues {
  return {
    articleNumber: row.articleNumber,
    description: row.description,
    quantityHundredths: row.quantityHundredths,
    unit: row.unit,
    priceOre: row.priceOre,
    vatPercent: row.vatPercent,
    discountBasisPoints: row.discountBasisPoints,
    costCenter: row.costCenter,
    project: row.project,
  };
}

export interface TotalsRowValues {
  quantityHundredths?: number | null;
  priceOre?: number | null;
  vatPercent?: number | null;
  discountBasisPoints?: number | null;
}

export interface DocumentTotalsOptions {
  /** The prices include VAT (a contract may say so): the VAT is the rate's share of each rate's rows. */
  vatIncluded?: boolean;
  /** Round the total to whole kronor (öresavrundning), as an invoice does; a contract's period does not. */
  roundToKrona: boolean;
  /**
   * The rows are a saved document's, shown read-only: counted as they are. A credit note's rows
   * have negative quantities, and its totals are negative.
   */
  saved?: boolean;
}

/** Half away from zero, as accounting does (the shared totals round the same way). */
const roundHalfAway = (value: number) => Math.sign(value) * Math.round(Math.abs(value));

/**
 * The totals box while rows are typed, computed by the shared invoice totals (rows rounded to öre,
 * VAT once per rate, not per row). Half-typed rows count as zero and a discount above 100 %
 * (refused on save) as 100 %, so the box never shows a negative document while typing (a saved
 * credit note's is negative: `saved`). With VAT included the
 * rows are gross amounts: the VAT per rate is gross × rate / (100 + rate), rounded once per rate,
 * and each rate's base is what is left.
 */
export function documentTotals(rows: readonly TotalsRowValues[], options: DocumentTotalsOptions): InvoiceTotals {
  const atLeastZero = (value: number) => (options.saved ? value : Math.max(0, value));
  const clean = rows.map((row) => ({
    quantityHundredths: atLeastZero(row.quantityHundredths ?? 0),
    priceOre: atLeastZero(row.priceOre ?? 0),
    vatPercent: row.vatPercent ?? 0,
    discountBasisPoints: Math.min(10_000, atLeastZero(row.discountBasisPoints ?? 0)),
  }));
  const exVat = computeInvoiceTotals(clean, { roundToKrona: options.roundToKrona });
  if (!options.vatIncluded) return exVat;
  // The shared computation's per-rate sums are the gross amounts here.
  const vatByRate = exVat.vatByRate.map(({ vatPercent, baseOre: grossOre }) => {
    const vatOre = roundHalfAway((grossOre * vatPercent) / (100 + vatPercent));
    return { vatPercent, baseOre: grossOre - vatOre, vatOre };
  });
  const vatOre = vatByRate.reduce((sum, line) => sum + line.vatOre, 0);
  const exact = exVat.netOre;
  const totalOre = options.roundToKrona ? roundHalfAway(exact / 100) * 100 : exact;
  return {
    rowTotalsOre: exVat.rowTotalsOre,
    netOre: exact - vatOre,
    vatOre,
    vatByRate,
    roundingOre: totalOre - exact,
    totalOre,
  };
}
