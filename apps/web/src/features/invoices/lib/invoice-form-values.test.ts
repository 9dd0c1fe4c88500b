import { createInvoiceBodySchema, type Invoice } from '@fairway/shared';
import { describe, expect, it } from 'vitest';
import { emptyDocumentRow } from '../../../components/accounting/lib/document-rows';
import { addDays, invoiceFormFields, invoiceFormValues } from './invoice-form-values';

describe('invoice form values', () => {
  it('starts a new invoice today with one empty row that the shared schema refuses until filled', () => {
    const values = invoiceFormValues(undefined, '2026-03-14');
    expect(values).toMatchObject({ invoiceDate: '2026-03-14', dueDate: '', invoiceType: 'INVOICE', remarks: '' });
    expect(values.rows).toEqual([emptyDocumentRow()]);
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
  it('adds days across a month end', () => {
    expect(addDays('2026-01-31', 30)).toBe('2026-03-02');
  });
});
