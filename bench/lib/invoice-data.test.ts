import { computeInvoiceTotals } from '@fairway/shared';
import { describe, expect, it } from 'vitest';
import { isValidLuhn } from '../../apps/server/src/providers/fortnox/ocr';
import { createRandom, makeCustomers, makeInvoices } from './invoice-data';
import { rateFloorMs, requestFigures } from './rate-figures';

describe('bench invoices', () => {
  const r = createRandom(7);
  const customers = makeCustomers(r, 100);
  const invoices = makeInvoices(r, customers, 3000, '2026-06-15');

  it('are the same for the same seed', () => {
    const again = createRandom(7);
    expect(makeInvoices(again, makeCustomers(again, 100), 3000, '2026-06-15')).toEqual(invoices);
  });

  it('spread over three years in number order, with valid OCR and the programs’ totals', () => {
    expect(invoices[0]?.number).toBe('10001');
    const dates = invoices.map((i) => i.invoiceDate);
    expect([...dates].sort()).toEqual(dates);
    expect(dates[0] >= '2023-06-15').toBe(true);
    expect((dates.at(-1) ?? '') <= '2026-06-15').toBe(true);
    expect(new Set(dates.map((d) => d.slice(0, 4))).size).toBeGreaterThanOrEqual(3);
    for (const i of invoices) {
      expect(isValidLuhn(i.ocr ?? '')).toBe(true);
      expect(i.totalOre).toBe(computeInvoiceTotals(i.rows).totalOre);
      expect(customers.some((c) => c.number === i.customerNumber && c.name === i.customerName)).toBe(true);
    }
  });

  it('hold every state: paid, unpaid, unbooked, cancelled, credit notes and the invoices they credit', () => {
    const count = (p: (i: (typeof invoices)[number]) => boolean) => invoices.filter(p).length;
    expect(count((i) => i.booked && i.balanceOre === 0 && !i.cancelled && !i.isCredit)).toBeGreaterThan(2000);
    expect(count((i) => i.booked && i.balanceOre > 0)).toBeGreaterThan(10);
    expect(count((i) => !i.booked && !i.cancelled)).toBeGreaterThan(10);
    expect(count((i) => i.cancelled)).toBeGreaterThan(10);
    const credits = invoices.filter((i) => i.isCredit);
    expect(credits.length).toBeGreaterThan(10);
    expect(credits.every((c) => c.totalOre < 0)).toBe(true);
    for (const c of credits) expect(invoices.find((i) => i.number === c.creditedInvoiceNumber)?.credited).toBe(true);
    // Paid invoices carry the payment that paid them.
    for (const i of invoices.filter((x) => x.booked && x.balanceOre === 0 && x.totalOre > 0 && !x.cancelled))
      expect(i.payments.reduce((s, p) => s + p.amountOre, 0)).toBe(i.totalOre);
  });
});

describe('rate figures', () => {
  const rate = { limit: 25, windowMs: 5000 };

  it('leave 429s out of the requests needed and find the busiest window', () => {
    const log = [
      ...Array.from({ length: 25 }, (_, i) => ({ method: i % 2 ? 'POST' : 'GET', status: 200, at: i })),
      { method: 'GET', status: 429, at: 30 },
      { method: 'GET', status: 200, at: 5000 },
      { method: 'POST', status: 201, at: 5001 },
    ];
    expect(requestFigures(log, rate)).toEqual({ needed: 27, throttled: 1, byMethod: { GET: 14, POST: 13 }, busiestWindow: 25 });
    // 26 inside one window is caught.
    expect(requestFigures([...log, { method: 'GET', status: 200, at: 4999 }], rate).busiestWindow).toBe(26);
  });

  it('floor is requests / limit × window', () => {
    expect(rateFloorMs(2000, rate)).toBe(400_000);
  });
});
