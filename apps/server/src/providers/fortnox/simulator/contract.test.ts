import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FortnoxSimulator, startFortnoxSimulator } from './index';

/** The simulator refuses and ignores what Fortnox does (CONTRACT.md, one test per rule group). */

let sim: FortnoxSimulator;
let token: string;
/** A company without documents, for the financial years' numbering (rules Y1, Y2). */
let emptyToken: string;

async function call(method: string, path: string, body?: unknown, bearer = token) {
  const response = await fetch(`${sim.apiBaseUrl}/${path}`, {
    method,
    headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json', accept: 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: Fortnox's answers are read field by field in the assertions.
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

beforeAll(async () => {
  // The rules, not the rate limit, are under test here.
  sim = await startFortnoxSimulator({
    tenants: [
      { tenantId: '5555555', companyName: 'Regel GK', seed: 'demo' },
      { tenantId: '5555556', companyName: 'Tomt GK', seed: 'empty' },
    ],
    rateLimit: { limit: 1000, windowMs: 5_000 },
  });
  token = sim.issueTokens('5555555').access_token;
  emptyToken = sim.issueTokens('5555556').access_token;
});

afterAll(async () => {
  await sim?.close();
});

describe('CONTRACT.md rules', () => {
  it('E1/F1: refuses a field the resource does not have with 2001399, naming it', async () => {
    const invoice = (await call('GET', 'invoices?filter=unpaid&limit=1')).body.Invoices[0];
    const refused = await call('POST', 'invoicepayments', {
      InvoicePayment: { InvoiceNumber: Number(invoice.DocumentNumber), Amount: 10, ExternalInvoiceReference: 'x' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.ErrorInformation).toMatchObject({
      code: 2001399,
      message: 'Felaktigt fältnamn (ExternalInvoiceReference)',
    });
    // In a nested row too.
    const row = await call('POST', 'invoices', {
      Invoice: { CustomerNumber: '1001', InvoiceRows: [{ Description: 'x', Quantity: 1 }] },
    });
    expect(row.body.ErrorInformation).toMatchObject({ code: 2001399, message: 'Felaktigt fältnamn (Quantity)' });
  });

  it('F2: ignores read-only fields (an article keeps its price; the price list sets it)', async () => {
    const created = await call('POST', 'articles', { Article: { ArticleNumber: 'RO1', Description: 'Läst', SalesPrice: 99 } });
    expect(created.status).toBe(201);
    expect(created.body.Article.SalesPrice).toBe(0);
    const price = await call('POST', 'prices', { Price: { ArticleNumber: 'RO1', PriceList: 'A', FromQuantity: 0, Price: 99 } });
    expect(price.status).toBe(201);
    expect((await call('GET', 'articles/RO1')).body.Article.SalesPrice).toBe(99);
    expect((await call('PUT', 'prices/A/RO1/0', { Price: { Price: 120 } })).body.Price.Price).toBe(120);
    expect((await call('GET', 'prices/A/RO1/0')).body.Price.Price).toBe(120);
  });

  it('R1: refuses a create without a required field', async () => {
    const refused = await call('POST', 'contracts', { Contract: { CustomerNumber: '1001' } });
    expect(refused.status).toBe(400);
    expect(refused.body.ErrorInformation.message).toContain('InvoiceRows');
    // R2: a contract needs its end and rows with an article and a quantity (no text rows).
    const row = { ArticleNumber: '101', DeliveredQuantity: 1, Price: 100 };
    const contract = { CustomerNumber: '1001', PeriodStart: '2026-01-01', InvoiceRows: [row] };
    const noEnd = await call('POST', 'contracts', { Contract: contract });
    expect(noEnd.body.ErrorInformation).toMatchObject({ code: 2000612, message: 'Fältet måste anges (PeriodEnd)' });
    const textRow = await call('POST', 'contracts', {
      Contract: { ...contract, PeriodEnd: '2026-12-31', InvoiceRows: [{ Description: 'Text', DeliveredQuantity: 1 }] },
    });
    expect(textRow.body.ErrorInformation.message).toBe('Fältet måste anges (ArticleNumber)');
    const noQuantity = await call('POST', 'contracts', {
      Contract: { ...contract, PeriodEnd: '2026-12-31', InvoiceRows: [{ ArticleNumber: '101', Price: 100 }] },
    });
    expect(noQuantity.body.ErrorInformation.message).toBe('Fältet måste anges (DeliveredQuantity)');
    expect((await call('POST', 'contracts', { Contract: { ...contract, PeriodEnd: '2026-12-31' } })).status).toBe(201);
  });

  it("S1–S3: searches only the list's own fields, ILIKE, and ignores other parameters", async () => {
    const all = (await call('GET', 'contracts?limit=500')).body.Contracts as unknown[];
    const byRef = (await call('GET', 'contracts?limit=500&externalinvoicereference1=nothing-like-this')).body.Contracts;
    expect(byRef).toHaveLength(all.length);
    const payments = (await call('GET', 'invoicepayments?invoicenumber=100&limit=500')).body.InvoicePayments as {
      InvoiceNumber: number;
    }[];
    expect(payments.length).toBeGreaterThan(0);
    expect(payments.every((p) => String(p.InvoiceNumber).includes('100'))).toBe(true);
    expect(new Set(payments.map((p) => p.InvoiceNumber)).size).toBeGreaterThan(1);
    const names = (await call('GET', 'customers?name=SSON&limit=500')).body.Customers as { Name: string }[];
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((c) => c.Name.toLowerCase().includes('sson'))).toBe(true);
  });

  it('L1: a list item carries exactly the published list-item fields, under their names', async () => {
    // Written out from the OpenAPI document's *ListItem models (CONTRACT.md rule L1), not from contract.ts.
    const published: Record<string, [wrapper: string, fields: string]> = {
      customers: ['Customers', '@url Address1 Address2 City CustomerNumber Email Name OrganisationNumber Phone ZipCode'],
      articles: [
        'Articles',
        '@url ArticleNumber Description DisposableQuantity EAN Housework PurchasePrice SalesPrice QuantityInStock ReservedQuantity StockPlace StockValue Unit VAT WebshopArticle',
      ],
      invoices: [
        'Invoices',
        '@url Balance Booked Cancelled CostCenter Currency CurrencyRate CurrencyUnit CustomerName CustomerNumber DocumentNumber DueDate ExternalInvoiceReference1 ExternalInvoiceReference2 InvoiceDate InvoiceType NoxFinans OCR VoucherNumber VoucherSeries VoucherYear WayOfDelivery TermsOfPayment Project Sent Total FinalPayDate',
      ],
      contracts: [
        'Contracts',
        '@url Continuous ContractLength Currency CustomerName CustomerNumber DocumentNumber Invoiceinterval InvoicesRemaining LastInvoiceDate PeriodStart PeriodEnd Status TemplateNumber Total',
      ],
      invoicepayments: [
        'InvoicePayments',
        '@url Amount Booked Currency CurrencyRate CurrencyUnit InvoiceNumber Number PaymentDate Source WriteOffExist',
      ],
    };
    for (const [path, [wrapper, fields]] of Object.entries(published)) {
      const allowed = new Set(fields.split(' '));
      const items = (await call('GET', `${path}?limit=500`)).body[wrapper] as Record<string, unknown>[];
      expect(items.length, path).toBeGreaterThan(0);
      const extra = [...new Set(items.flatMap((item) => Object.keys(item)))].filter((key) => !allowed.has(key));
      expect(extra, path).toEqual([]);
    }
    // The two renamed fields carry the document's value.
    const customer = (await call('GET', 'customers?limit=500')).body.Customers.find((c: { Phone?: string }) => c.Phone);
    expect(customer).toBeDefined();
    expect((await call('GET', `customers/${customer.CustomerNumber}`)).body.Customer.Phone1).toBe(customer.Phone);
    const contracts = (await call('GET', 'contracts?limit=500')).body.Contracts as Record<string, unknown>[];
    for (const listed of contracts.slice(0, 5)) {
      const whole = (await call('GET', `contracts/${listed.DocumentNumber}`)).body.Contract;
      expect(listed.Invoiceinterval).toBe(whole.InvoiceInterval);
      expect(whole.ContractDate).toBeTruthy();
    }
  });

  it('O1: price lists need the price scope', async () => {
    const without = sim.auth.issue('fairway-sim-client', '5555555', 'companyinformation customer article settings');
    const refused = await call('GET', 'pricelists', undefined, without.access_token);
    expect(refused.status).toBe(403);
    expect(refused.body.ErrorInformation.code).toBe(2000663);
    expect((await call('GET', 'units', undefined, without.access_token)).status).toBe(200);
  });

  it('A1: createinvoice answers the contract by default', async () => {
    const contract = (await call('GET', 'contracts?filter=active&limit=1')).body.Contracts[0];
    const answer = await call('PUT', `contracts/${contract.DocumentNumber}/createinvoice`);
    expect(answer.status).toBe(200);
    expect(answer.body.Contract.DocumentNumber).toBe(contract.DocumentNumber);
    expect(answer.body.Invoice).toBeUndefined();
  });

  describe('Y1, Y2: financial years, and vouchers numbered within one', () => {
    const thisYear = () => Number(sim.store.today().slice(0, 4));
    const row = (Account: number, Debit: number, Credit: number) => ({ Account, Debit, Credit });
    const voucher = (TransactionDate: string, Description: string, kronor: number) => ({
      Voucher: {
        VoucherSeries: 'A',
        TransactionDate,
        Description,
        VoucherRows: [row(6110, kronor, 0), row(1930, 0, kronor)],
      },
    });
    const empty = (method: string, path: string, body?: unknown) => call(method, path, body, emptyToken);

    it('Y1: lists the years newest first as list items, finds the year of a date, and reads one whole', async () => {
      const list = await empty('GET', 'financialyears');
      expect(list.status).toBe(200);
      const years = list.body.FinancialYears as Record<string, unknown>[];
      expect(years.map((y) => [y.Id, y.FromDate, y.ToDate])).toEqual([
        [3, `${thisYear()}-01-01`, `${thisYear()}-12-31`],
        [2, `${thisYear() - 1}-01-01`, `${thisYear() - 1}-12-31`],
        [1, `${thisYear() - 2}-01-01`, `${thisYear() - 2}-12-31`],
      ]);
      // Fortnox's list item names the chart `accountCharts`; the whole year, `AccountChartType`.
      expect(Object.keys(years[0]).sort()).toEqual(['@url', 'AccountingMethod', 'FromDate', 'Id', 'ToDate', 'accountCharts']);
      const ofDate = (await empty('GET', `financialyears?date=${thisYear() - 1}-07-01`)).body.FinancialYears;
      expect(ofDate.map((y: { Id: number }) => y.Id)).toEqual([2]);
      // No year for the date: an empty list, not a refusal.
      expect((await empty('GET', `financialyears?date=${thisYear() - 10}-07-01`)).body.FinancialYears).toEqual([]);
      const whole = await empty('GET', 'financialyears/2');
      expect(whole.body.FinancialYear).toMatchObject({ Id: 2, FromDate: `${thisYear() - 1}-01-01`, AccountingMethod: 'ACCRUAL' });
      expect(whole.body.FinancialYear).toHaveProperty('AccountChartType');
      expect(await empty('GET', 'financialyears/9')).toMatchObject({
        status: 404,
        body: { ErrorInformation: { code: 2000631 } },
      });
      // The bookkeeping scope, as the vouchers'.
      const without = sim.auth.issue('fairway-sim-client', '5555556', 'companyinformation customer');
      expect((await call('GET', 'financialyears', undefined, without.access_token)).status).toBe(403);
    });

    it("Y2: numbers each series anew per year; a voucher is read and listed in today's year unless another is named", async () => {
      const lastYear = `${thisYear() - 1}-11-20`;
      const old = await empty('POST', 'vouchers?financialyear=2', voucher(lastYear, 'Kvitto förra året', 300));
      expect(old.status).toBe(201);
      expect(old.body.Voucher).toMatchObject({ VoucherSeries: 'A', VoucherNumber: 1, Year: 2, TransactionDate: lastYear });
      const now = await empty('POST', 'vouchers', voucher(sim.store.today(), 'Kvitto i år', 500));
      expect(now.body.Voucher).toMatchObject({ VoucherSeries: 'A', VoucherNumber: 1, Year: 3 });
      expect(now.body.Voucher['@url']).toMatch(/\/vouchers\/A\/1\?financialyear=3$/);
      const second = await empty('POST', 'vouchers?financialyear=2', voucher(lastYear, 'Kvitto två', 200));
      expect(second.body.Voucher).toMatchObject({ VoucherNumber: 2, Year: 2 });

      // A 1 is this year's unless the year is named (by Id or by a date in it).
      expect((await empty('GET', 'vouchers/A/1')).body.Voucher.Description).toBe('Kvitto i år');
      expect((await empty('GET', 'vouchers/A/1?financialyear=2')).body.Voucher.Description).toBe('Kvitto förra året');
      expect((await empty('GET', `vouchers/A/1?financialyeardate=${lastYear}`)).body.Voucher.Description).toBe(
        'Kvitto förra året',
      );
      expect((await empty('GET', 'vouchers/A/2')).status).toBe(404);

      const listed = async (query: string) =>
        ((await empty('GET', `vouchers${query}`)).body.Vouchers as { Description: string; Year: number }[]).map(
          (v) => `${v.Description} ${v.Year}`,
        );
      expect(await listed('')).toEqual(['Kvitto i år 3']);
      expect(await listed('?financialyear=2')).toEqual(['Kvitto förra året 2', 'Kvitto två 2']);
      expect(await listed(`?financialyeardate=${lastYear}`)).toEqual(['Kvitto förra året 2', 'Kvitto två 2']);
      expect(await listed('?financialyear=1')).toEqual([]);

      // A year the company does not have.
      expect(await empty('GET', 'vouchers?financialyear=9')).toMatchObject({
        status: 400,
        body: { ErrorInformation: { code: 2000631 } },
      });
      expect(await empty('GET', `vouchers?financialyeardate=${thisYear() - 10}-01-01`)).toMatchObject({
        status: 400,
        body: { ErrorInformation: { code: 2000630 } },
      });
      expect((await empty('GET', 'vouchers?financialyear=x')).body.ErrorInformation.code).toBe(2000588);
    });

    it('Y2: refuses a voucher dated outside the year it is booked in, or where the company has no year', async () => {
      const before = sim.store.tenant('5555556').vouchers.size;
      const noYear = await empty('POST', 'vouchers', voucher(`${thisYear() - 10}-03-01`, 'Kvitto', 100));
      expect(noYear).toMatchObject({ status: 400, body: { ErrorInformation: { code: 2000630 } } });
      expect(noYear.body.ErrorInformation.message).toMatch(/räkenskapsår/);
      // Without `financialyear`, the preselected year (today's): last year's date is outside it.
      const lastYear = await empty('POST', 'vouchers', voucher(`${thisYear() - 1}-03-01`, 'Kvitto', 100));
      expect(lastYear).toMatchObject({ status: 400, body: { ErrorInformation: { code: 2000630 } } });
      const wrongYear = await empty('POST', 'vouchers?financialyear=1', voucher(sim.store.today(), 'Kvitto', 100));
      expect(wrongYear).toMatchObject({ status: 400, body: { ErrorInformation: { code: 2000630 } } });
      expect((await empty('POST', 'vouchers?financialyear=9', voucher(sim.store.today(), 'Kvitto', 100))).status).toBe(400);
      expect(sim.store.tenant('5555556').vouchers.size).toBe(before);
    });

    it("Y2: the demo company's vouchers list shows today's year only", async () => {
      const today = (await call('GET', 'vouchers?limit=500')).body.Vouchers as { Year: number; TransactionDate: string }[];
      expect(today.every((v) => v.Year === 3 && v.TransactionDate.startsWith(String(thisYear())))).toBe(true);
      const last = (await call('GET', 'vouchers?limit=500&financialyear=2')).body.Vouchers as { TransactionDate: string }[];
      expect(last.length).toBeGreaterThan(0);
      expect(last.every((v) => v.TransactionDate.startsWith(String(thisYear() - 1)))).toBe(true);
    });
  });
});
