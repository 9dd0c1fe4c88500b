import { describe, expect, it } from 'vitest';
import { DEFAULT_FIELD_MAPPINGS, type DuplicateDocument } from './model';
import { prepareDocument } from './prepare';
import { scorePair } from './score';

/** A supplier invoice of 12,500 kr incl. 2,500 kr VAT, as the first entry of it. */
const invoice: DuplicateDocument = {
  resource: 'supplier_invoice',
  id: 'LF-1',
  counterpartyId: 'S-17',
  counterpartyName: 'Fastighets i Knivsta AB',
  reference: 'F-10234',
  ocr: '1023400017',
  bankAccount: '5050-1055',
  amount: 1_250_000,
  vatAmount: 250_000,
  currency: 'SEK',
  date: '2025-03-03',
  dueDate: '2025-04-02',
  text: 'Hyra mars 2025',
};

const score = (a: DuplicateDocument, b: DuplicateDocument) =>
  scorePair(prepareDocument(a), prepareDocument(b), DEFAULT_FIELD_MAPPINGS[a.resource]);
const entry = (changes: Partial<DuplicateDocument>): DuplicateDocument => ({ ...invoice, id: 'LF-2', ...changes });

describe('duplicates the exact check misses', () => {
  it.each([
    ['a typo in the invoice number', { reference: 'F-10284' }],
    ['two swapped digits in the invoice number', { reference: 'F-10324' }],
    ['two swapped digits in the OCR', { ocr: '1024300017' }],
    ['the reference written another way', { reference: 'f 010234' }],
    ['the amount typed excl. VAT', { amount: 1_000_000, vatAmount: null }],
    ['the amount rounded to whole kronor', { amount: 1_250_040 }],
    ['the date moved by a week', { date: '2025-03-10', dueDate: '2025-04-09' }],
    ['booked on the wrong supplier', { counterpartyId: 'S-99', counterpartyName: 'Fastighetsbolaget AB' }],
  ])('%s', (_, changes) => {
    const pair = score(invoice, entry(changes));
    expect(pair.duplicate).toBe(true);
    expect(pair.confidence).toBeGreaterThanOrEqual(0.9);
  });

  it('a typo in a padding zero of the invoice number, with no OCR to help', () => {
    const first = entry({ id: 'LF-1', reference: 'INV00014721', ocr: null });
    const pair = score(first, entry({ reference: 'INV90014721', ocr: null }));
    expect(pair.nearlyMatched).toContain('reference');
    expect(pair.duplicate).toBe(true);
  });

  it('explains the pair: what matched, nearly matched, differed and was not compared', () => {
    const pair = score(
      invoice,
      entry({ reference: 'F-10324', amount: 1_000_000, vatAmount: null, rows: [{ code: '1', amount: 1 }] }),
    );
    expect(pair.matched).toEqual(['counterparty', 'ocr', 'bankAccount', 'currency', 'date', 'dueDate', 'text']);
    expect(pair.nearlyMatched).toEqual(['reference', 'amount']);
    expect(pair.amount).toBe('vat');
    expect(pair.differing).toEqual([]);
    expect(pair.notCompared).toEqual(['rows']);
  });
});

describe('near-misses that are not duplicates', () => {
  it('next month’s rent: same supplier, same amount, another period and invoice', () => {
    const april = entry({
      reference: 'F-10391',
      ocr: '1039100015',
      date: '2025-04-01',
      dueDate: '2025-05-02',
      text: 'Hyra april 2025',
    });
    const pair = score(invoice, april);
    expect(pair.duplicate).toBe(false);
    expect(pair.confidence).toBeLessThan(0.1);
    expect(pair.differing).toEqual(expect.arrayContaining(['reference', 'ocr', 'date', 'dueDate', 'text']));
  });

  it('rent whose reference is only the month (one character apart)', () => {
    const jan = entry({ reference: 'Hyra 2025-01', ocr: null, date: '2025-01-01', dueDate: '2025-01-31', text: null });
    const feb = entry({
      id: 'LF-3',
      reference: 'Hyra 2025-02',
      ocr: null,
      date: '2025-02-01',
      dueDate: '2025-03-03',
      text: null,
    });
    expect(score(jan, feb).duplicate).toBe(false);
  });

  it('instalments of one plan sharing the OCR, a month apart', () => {
    const first = entry({
      reference: '4711-1',
      ocr: '47110005',
      date: '2025-01-15',
      dueDate: '2025-02-14',
      text: 'Avbetalning 1 av 3',
    });
    const second = entry({
      id: 'LF-3',
      reference: '4711-2',
      ocr: '47110005',
      date: '2025-02-15',
      dueDate: '2025-03-17',
      text: 'Avbetalning 2 av 3',
    });
    const pair = score(first, second);
    expect(pair.duplicate).toBe(false);
    expect(pair.confidence).toBeLessThan(0.5);
  });

  it('a credit note and the invoice it credits, even with the same reference and date', () => {
    const credit = entry({ amount: -1_250_000, vatAmount: -250_000, text: 'Kredit F-10234' });
    const pair = score(invoice, credit);
    expect(pair.veto).toBe('opposite_sign');
    expect(pair.confidence).toBe(0);
    expect(pair.duplicate).toBe(false);
  });

  it('the same amount the same day to another supplier with another invoice number', () => {
    const other = entry({
      counterpartyId: 'S-40',
      reference: '88120',
      ocr: '8812000044',
      bankAccount: '123-4567',
      text: 'Konsultarvode mars',
    });
    expect(score(invoice, other).confidence).toBeLessThan(0.01);
  });

  it('the same invoice number from another supplier (numbers collide between suppliers)', () => {
    const other = entry({ counterpartyId: 'S-40', ocr: null, bankAccount: '123-4567', amount: 330_000, vatAmount: 66_000 });
    expect(score(invoice, other).duplicate).toBe(false);
  });

  it('two leases of one landlord: the same month and reference, amounts 57 öre apart', () => {
    const lease = entry({ reference: 'Hyra 2024-03', amount: 13_731, vatAmount: 1_471, ocr: '519918' });
    const other = entry({ id: 'LF-3', reference: 'Hyra 2024-03', amount: 13_674, vatAmount: 1_465, ocr: '521179' });
    const pair = score(lease, other);
    expect(pair.amount).toBe('differ');
    expect(pair.duplicate).toBe(false);
  });

  it('the same amount in another currency', () => {
    expect(score(invoice, entry({ currency: 'EUR' })).veto).toBe('currency');
  });
});

describe('resources the program numbers itself', () => {
  it('a customer invoice made twice: new number and OCR, same customer, rows and dates', () => {
    const rows = [
      { code: '10', amount: 47_170 },
      { code: '21', amount: 32_000 },
    ];
    const base: DuplicateDocument = {
      resource: 'invoice',
      id: '10001',
      counterpartyId: '1001',
      ocr: '1000115',
      amount: 79_170,
      date: '2025-06-01',
      dueDate: '2025-07-01',
      text: 'Greenfee och golfbil',
      rows,
    };
    const again = { ...base, id: '10002', ocr: '1000214' };
    const pair = score(base, again);
    expect(pair.duplicate).toBe(true);
    expect(pair.notCompared).toEqual(expect.arrayContaining(['ocr', 'bankAccount', 'reference']));
    const nextWeek = { ...again, date: '2025-06-08', dueDate: '2025-07-08' };
    expect(score(base, nextWeek).duplicate).toBe(false);
  });
});
