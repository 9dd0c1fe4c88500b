import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ocrOf, totalsOf } from './mapping';
import { executeWork } from './operations';
import { CompanyStore } from './store';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the simulated Visma Administration company', () => {
  it('persists each write to its JSON file and reopens it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'visma-company-'));
    dirs.push(dir);
    const file = path.join(dir, 'ftg1.json');
    const store = CompanyStore.open(file);
    const result = executeWork(store, 'invoices.bookkeep', { number: '5004' });
    expect(result).toMatchObject({ ok: true, data: { number: '5004', booked: true } });
    expect(
      JSON.parse(readFileSync(file, 'utf8')).fakturor.find((f: { fakturanr: string }) => f.fakturanr === '5004').bokford,
    ).toBe(true);
    expect(CompanyStore.open(file).data.fakturor.find((f) => f.fakturanr === '5004')?.bokford).toBe(true);
  });

  it('leaves the company unchanged when a write is refused', () => {
    const store = CompanyStore.open(null);
    const before = JSON.stringify(store.data);
    const result = executeWork(store, 'invoices.cancel', { number: '5001' });
    expect(result).toMatchObject({ ok: false, error: { kind: 'conflict', code: 'ADKE_EDIT_DENIED_ALREADY_IN_LEDGER' } });
    expect(JSON.stringify(store.data)).toBe(before);
  });

  it('refuses to credit a credit note or credit an invoice twice', () => {
    const store = CompanyStore.open(null);
    expect(executeWork(store, 'invoices.credit', { number: '5007' })).toMatchObject({
      ok: false,
      error: { code: 'ADKE_DENIED_CREDIT_CREDIT_INVOICE' },
    });
    expect(executeWork(store, 'invoices.credit', { number: '5006' })).toMatchObject({
      ok: false,
      error: { code: 'ADKE_INVOICE_EDIT_DENIED_OTHER_INVOICE' },
    });
  });

  it("reads suppliers and supplier invoices, paged and by number, and their result passes the server's schema", async () => {
    const { RESULT_SCHEMAS } = await import('../../../server/src/providers/visma-admin/result-schemas');
    const store = CompanyStore.open(null);
    const suppliers = executeWork(store, 'suppliers.list', { query: { page: 1, pageSize: 3, modifiedSince: null } });
    expect(suppliers).toMatchObject({ ok: true, data: { page: 1, totalPages: 2, total: 4 } });
    if (!suppliers.ok) throw new Error('listed');
    expect(RESULT_SCHEMAS['suppliers.list'].safeParse(suppliers.data).success).toBe(true);
    expect(executeWork(store, 'suppliers.get', { number: '1' })).toMatchObject({
      ok: true,
      data: { name: 'Fastighets AB Greenen', bankgiro: '5050-1055', active: true },
    });
    expect(executeWork(store, 'suppliers.get', { number: '99' })).toMatchObject({ ok: false, error: { kind: 'not_found' } });

    const invoices = executeWork(store, 'supplierInvoices.list', {
      query: { page: 1, pageSize: 500, modifiedSince: '2026-01-15T00:00:00Z' },
    });
    if (!invoices.ok) throw new Error('listed');
    expect(RESULT_SCHEMAS['supplierInvoices.list'].safeParse(invoices.data).success).toBe(true);
    // Only those changed after the moment: January's rent is left out.
    expect((invoices.data as { items: { invoiceNumber: string }[] }).items.map((i) => i.invoiceNumber)).not.toContain(
      'H-2026-01',
    );
    expect(executeWork(store, 'supplierInvoices.get', { number: '4' })).toMatchObject({
      ok: true,
      data: { invoiceNumber: '77120', totalOre: 18_750_00, vatOre: 3_750_00, rows: [{ account: '5460', amountOre: 15_000_00 }] },
    });
    expect(executeWork(store, 'supplierInvoices.get', { number: '99' })).toMatchObject({
      ok: false,
      error: { kind: 'not_found' },
    });
  });

  it('answers an unknown operation with an error instead of crashing', () => {
    const result = executeWork(CompanyStore.open(null), 'mystery.op' as never, {});
    expect(result).toMatchObject({ ok: false, error: { kind: 'unavailable', code: 'ADKE_INTERNAL' } });
  });
});

describe('amounts and references', () => {
  it('rounds VAT once per rate and handles prices including VAT', () => {
    const rad = (apris: number, momssats: number, antal = 1) => ({
      artnr: null,
      benamning: 'x',
      antal,
      enhet: null,
      apris,
      momssats,
      rabatt: 0,
      resultatenhet: null,
      projekt: null,
    });
    expect(totalsOf([rad(0.33, 25), rad(0.33, 25), rad(0.33, 25)])).toEqual({ netOre: 99, vatOre: 25, totalOre: 124 });
    expect(totalsOf([rad(1250, 25)], true)).toEqual({ netOre: 100_000, vatOre: 25_000, totalOre: 125_000 });
  });

  it('appends the Luhn check digit to OCR references', () => {
    // The textbook Luhn example, and one checked by hand.
    expect(ocrOf('7992739871')).toBe('79927398713');
    expect(ocrOf('5001')).toBe('50013');
    expect(ocrOf('12345')).toBe('123455');
  });
});
