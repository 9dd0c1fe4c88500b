import { createInvoiceBodySchema, type Invoice } from '@fairway/shared';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  emptyInvoiceRow,
  hundredthsOf,
  invoiceFormFields,
  invoiceFormValues,
  liveInvoiceTotals,
} from './invoice-form-values';

describe('liveInvoiceTotals', () => {
  it('rounds VAT once per rate, not per row, and the total to whole kronor', () => {
    // 3 × 33,33 kr at 25 % and 1,5 × 10,01 kr at 12 % with 10 % off.
    const totals = liveInvoiceTotals([
      { quantityHundredths: 100, priceOre: 3333, vatPercent: 25, discountBasisPoints: 0 },
      { quantityHundredths: 100, priceOre: 3333, vatPercent: 25, discountBasisPoints: 0 },
      { quantityHundredths: 100, priceOre: 3333, vatPercent: 25, discountBasisPoints: 0 },
      { quantityHundredths: 150, priceOre: 1001, vatPercent: 12, discountBasisPoints: 1000 },
    ]);
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
    const totals = liveInvoiceTotals([
      { quantityHundredths: null, priceOre: 5000, vatPercent: 25, discountBasisPoints: 0 },
      { quantityHundredths: 200, priceOre: null, vatPercent: 12, discountBasisPoints: 0 },
      { quantityHundredths: 100, priceOre: 5000, vatPercent: 6, discountBasisPoints: 15_000 },
      { quantityHundredths: 100, priceOre: 1000, vatPercent: 0, discountBasisPoints: 0 },
    ]);
    expect(totals.rowTotalsOre).toEqual([0, 0, 0, 1000]);
    expect(totals.totalOre).toBe(1000);
  });
});

describe('invoice form values', () => {
  it('starts a new invoice today with one empty row that the shared schema refuses until filled', () => {
    const values = invoiceFormValues(undefined, '2026-03-14');
    expect(values).toMatchObject({ invoiceDate: '2026-03-14', dueDate: '', invoiceType: 'INVOICE', remarks: '' });
    expect(values.rows).toEqual([emptyInvoiceRow()]);
    const refused = createInvoiceBodySchema.safeParse(values);
    expect(refused.success).toBe(false);
    const paths = refused.error?.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['customerNumber', 'rows.0.priceOre']));

    values.customerNumber = '1001';
    values.rows[0] = { ...values.rows[0], description: 'Greenfee', priceOre: 45_000, quantityHundredths: 250 };
    const body = createInvoiceBodySchema.parse(values);
    // Empty texts go to the server as null, so the configuration's defaults apply there.
    expect(body).toMatchObject({ dueDate: null, remarks: null, ourReference: null, currency: 'SEK' });
    expect(body.rows[0]).toMatchObject({ quantityHundredths: 250, priceOre: 45_000, vatPercent: 25 });
  });

  it("keeps an invoice's rows, codes and references as the program has them", () => {
    const invoice = {
      customerNumber: '1002',
      invoiceDate: '2026-02-01',
      dueDate: '2026-03-03',
      termsOfPayment: '30',
      invoiceType: 'CASH',
      currency: 'SEK',
      yourReference: null,
      ourReference: 'Kansliet',
      remarks: 'Tack!',
      costCenter: 'BANA',
      project: null,
      rows: [
        {
          articleNumber: 'GF18',
          description: 'Greenfee 18 hål',
          quantityHundredths: 150,
          unit: 'st',
          priceOre: 50_000,
          vatPercent: 6,
          discountBasisPoints: 500,
          totalOre: 71_250,
          costCenter: 'BANA',
          project: 'P1',
        },
      ],
    } as unknown as Invoice;
    const values = invoiceFormValues(invoice);
    expect(values).toMatchObject({ dueDate: '2026-03-03', invoiceType: 'CASH', yourReference: '', costCenter: 'BANA' });
    expect(values.rows[0]).toEqual({
      articleNumber: 'GF18',
      description: 'Greenfee 18 hål',
      quantityHundredths: 150,
      unit: 'st',
      priceOre: 50_000,
      vatPercent: 6,
      discountBasisPoints: 500,
      costCenter: 'BANA',
      project: 'P1',
    });
  });

  it('names every row field for the server messages', () => {
    const fields = invoiceFormFields(2);
    expect(fields).toContain('customerNumber');
    expect(fields).toContain('rows.1.priceOre');
    expect(fields).not.toContain('rows.2.priceOre');
  });
});

describe('helpers', () => {
  it('reads decimals typed with a comma and adds days across a month end', () => {
    expect(hundredthsOf('1,5')).toBe(150);
    expect(hundredthsOf('12,')).toBe(1200);
    expect(hundredthsOf(0.125)).toBe(13);
    expect(hundredthsOf('')).toBeNull();
    expect(addDays('2026-01-31', 30)).toBe('2026-03-02');
  });
});
