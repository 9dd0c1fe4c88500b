import { randomUUID } from 'node:crypto';
import { CONFIGURATION_DEFAULTS, computeInvoiceTotals, type Invoice, type InvoiceListRow } from '@fairway/shared';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { apiAs, connectedFile, csvLines, firstSheet } from '../../../test/fixtures/accounting';
import { teamMembers } from '../../../test/fixtures/users';
import { stockholmDate } from '../../lib/stockholm-time';
import { eventLogs } from '../eventlogs/eventlogs.tables';
import { assertInvoiceQuota, recordInvoiceUsage } from '../subscriptions/subscriptions.service';
import { subscriptionUsage } from '../subscriptions/subscriptions.tables';
import { invoices } from './invoices.tables';

const { app, sim, a, b, aStaff } = await connectedFile();
const { get, send } = apiAs(app);

afterEach(() => sim.faults.clear());

type Who = { headers: Record<string, string> };
const list = async (query: string, who: Who = a.owner) => {
  const res = await get(`/invoices?pageSize=100&${query}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: InvoiceListRow[]; pagination: { total: number } };
};
const simInvoices = () => sim.store.count(sim.defaultTenantId, 'invoices');
const today = stockholmDate(new Date());

const ROWS = [
  { articleNumber: null, description: 'Greenfee 18 hål', quantityHundredths: 300, unit: 'st', priceOre: 33333, vatPercent: 6 },
  { description: 'Rangebollar', quantityHundredths: 150, priceOre: 9990, vatPercent: 25, discountBasisPoints: 1000 },
  { description: 'Medlemsavgift', priceOre: 250000, vatPercent: 0 },
];
const invoiceBody = (overrides: object = {}) => ({
  customerNumber: '1001',
  invoiceDate: today,
  yourReference: 'Greta',
  rows: ROWS,
  ...overrides,
});

describe('invoice list', () => {
  it('pages the whole mirror and sorts by every column, number breaking ties', async () => {
    const first = await get('/invoices?pageSize=10', a.owner);
    expect(first.statusCode).toBe(200);
    expect(first.json().pagination).toEqual({ page: 1, pageSize: 10, total: simInvoices() });
    expect(first.json().data).toHaveLength(10);
    // Default: newest invoice date first.
    const dates = (first.json().data as InvoiceListRow[]).map((r) => r.invoiceDate);
    expect(dates).toEqual([...dates].sort().reverse());

    const byTotal = (await list('sort=total&order=desc')).data.map((r) => r.totalOre);
    expect(byTotal).toEqual([...byTotal].sort((x, y) => y - x));
    const byBalance = (await list('sort=balance&order=asc')).data.map((r) => r.balanceOre);
    expect(byBalance).toEqual([...byBalance].sort((x, y) => x - y));
    const byName = (await list('sort=customerName')).data.map((r) => r.customerName);
    expect(byName.length).toBe(100);
    const byDue = (await list('sort=dueDate')).data.map((r) => r.dueDate ?? '9999');
    expect(byDue).toEqual([...byDue].sort());

    // Page 2 continues page 1 without repeats.
    const p1 = (await get('/invoices?pageSize=25&sort=customerName', a.owner)).json().data as InvoiceListRow[];
    const p2 = (await get('/invoices?pageSize=25&page=2&sort=customerName', a.owner)).json().data as InvoiceListRow[];
    const ids = new Set([...p1, ...p2].map((r) => r.id));
    expect(ids.size).toBe(50);
    expect((await get('/invoices?sort=colour', a.owner)).statusCode).toBe(400);
    expect((await get('/invoices?booked=maybe', a.owner)).statusCode).toBe(400);
  });

  it('filters by booked, payment, kind and invoice date', async () => {
    const unbooked = await list('booked=unbooked');
    expect(unbooked.data.length).toBeGreaterThan(0);
    expect(unbooked.data.every((r) => !r.booked)).toBe(true);
    const booked = await list('booked=booked');
    expect(booked.pagination.total + unbooked.pagination.total).toBe(simInvoices());

    const unpaid = await list('payment=unpaid');
    expect(unpaid.data.every((r) => r.balanceOre !== 0 && !r.cancelled)).toBe(true);
    const paid = await list('payment=paid');
    expect(paid.data.length).toBeGreaterThan(0);
    expect(paid.data.every((r) => r.balanceOre === 0 && !r.cancelled)).toBe(true);

    const cancelled = await list('kind=cancelled');
    expect(cancelled.data.length).toBeGreaterThan(0);
    expect(cancelled.data.every((r) => r.cancelled)).toBe(true);
    const credit = await list('kind=credit');
    expect(credit.data.some((r) => r.isCredit)).toBe(true);
    expect(credit.data.every((r) => r.isCredit || r.credited)).toBe(true);
    const overdue = await list('kind=overdue');
    expect(overdue.data.length).toBeGreaterThan(0);
    expect(overdue.data.every((r) => r.overdue && (r.dueDate ?? '') < today && r.balanceOre > 0)).toBe(true);

    const all = (await list('sort=invoiceDate')).data;
    const from = all[10]?.invoiceDate as string;
    const to = all[40]?.invoiceDate as string;
    const ranged = await list(`from=${from}&to=${to}&sort=invoiceDate`);
    expect(ranged.data.length).toBeGreaterThan(0);
    expect(ranged.data.every((r) => r.invoiceDate >= from && r.invoiceDate <= to)).toBe(true);
    expect((await get('/invoices?from=2024-02-30', a.owner)).statusCode).toBe(400);
  });

  it('searches number, customer name and number, and OCR by word beginnings', async () => {
    const some = (await list('sort=total&order=desc')).data[7] as InvoiceListRow;
    expect((await list(`search=${some.number}`)).data.map((r) => r.id)).toContain(some.id);
    const word = some.customerName.split(' ')[0] as string;
    const byName = await list(`search=${encodeURIComponent(word.slice(0, 4).toUpperCase())}`);
    expect(byName.data.map((r) => r.id)).toContain(some.id);
    expect(
      byName.data.every(
        (r) =>
          r.customerName
            .toLowerCase()
            .split(/[^\p{L}\p{N}]+/u)
            .some((w) => w.startsWith(word.slice(0, 4).toLowerCase())) || r.number.startsWith(word.slice(0, 4)),
      ),
    ).toBe(true);
    if (some.ocr) expect((await list(`search=${some.ocr}`)).data.map((r) => r.id)).toContain(some.id);
    expect((await list(`search=${some.customerNumber}`)).data.map((r) => r.id)).toContain(some.id);
    // tsquery syntax in the box is only text.
    expect((await get(`/invoices?search=${encodeURIComponent("a:* | !b & ('")}`, a.owner)).statusCode).toBe(200);
    expect((await list('search=zzzqqq')).pagination.total).toBe(0);
  });

  it('totals a search of more than a page as the invoices it pages through, alone or with a filter', async () => {
    const every = async (query: string, who: Who) => {
      const rows: InvoiceListRow[] = [];
      for (let page = 1; ; page++) {
        const { data } = await list(`page=${page}&${query}`, who);
        rows.push(...data);
        if (data.length < 100) return rows;
      }
    };
    const totalOf = async (query: string, who: Who) =>
      (await get(`/invoices?pageSize=2&${query}`, who)).json().pagination.total as number;
    // The most common first word of a customer name, so the search finds more than a page of 2.
    const words = (await list('')).data.map((r) => r.customerName.split(' ')[0]?.toLowerCase() ?? '');
    const word = encodeURIComponent(
      words.sort((x, y) => words.filter((w) => w === y).length - words.filter((w) => w === x).length)[0] ?? '',
    );
    for (const who of [a.owner, b.owner]) {
      const found = await every(`search=${word}`, who);
      expect(await totalOf(`search=${word}`, who)).toBe(found.length);
      expect(await totalOf(`search=${word}&booked=booked`, who)).toBe(found.filter((r) => r.booked).length);
    }
    expect((await every(`search=${word}`, a.owner)).length).toBeGreaterThan(2);
  });

  it('exports the filtered list as CSV and Excel', async () => {
    const csv = await get('/invoices/export?format=csv&kind=cancelled', a.owner);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csvLines(csv);
    expect(lines[0]).toContain('Fakturanummer;Kundnummer;Kund');
    expect(lines.length - 1).toBe((await list('kind=cancelled')).pagination.total);
    expect(lines.slice(1).every((l) => l.endsWith('Makulerad'))).toBe(true);

    const xlsx = await get('/invoices/export?format=xlsx', a.owner, 'en');
    expect(xlsx.headers['content-disposition']).toMatch(/invoices-\d{4}-\d{2}-\d{2}\.xlsx/);
    const sheet = await firstSheet(xlsx);
    expect(sheet?.getRow(1).getCell(1).value).toBe('Invoice number');
    expect(sheet?.rowCount).toBe(simInvoices() + 1);
  });
});

describe('creating and changing invoices', () => {
  it('refuses bad input with field messages and creates nothing', async () => {
    const before = simInvoices();
    const res = await send(
      'POST',
      '/invoices',
      a.owner,
      invoiceBody({
        customerNumber: '',
        invoiceDate: '2025-02-30',
        rows: [{ description: null, priceOre: -5, vatPercent: 7, quantityHundredths: 0 }],
      }),
      'en',
    );
    expect(res.statusCode).toBe(400);
    const errors = res.json().error as Record<string, string[]>;
    expect(errors.customerNumber).toBeDefined();
    expect(errors.invoiceDate?.[0]).toContain('valid date');
    expect(errors['rows.0.vatPercent']?.[0]).toContain('25, 12, 6 or 0');
    expect(errors['rows.0.priceOre']).toBeDefined();
    expect(errors['rows.0.quantityHundredths']).toBeDefined();
    const due = await send('POST', '/invoices', a.owner, invoiceBody({ dueDate: '2020-01-01' }), 'en');
    expect(due.json().error.dueDate).toEqual(['The due date cannot be before the invoice date']);
    expect((await send('POST', '/invoices', a.owner, invoiceBody({ rows: [] }))).statusCode).toBe(400);
    // The program's own refusal: no such customer.
    const unknown = await send('POST', '/invoices', a.owner, invoiceBody({ customerNumber: '99999' }), 'en');
    expect(unknown.statusCode).toBeGreaterThanOrEqual(400);
    expect(unknown.statusCode).toBeLessThan(500);
    expect(simInvoices()).toBe(before);
  });

  let created: Invoice;
  it('creates through 429s with totals rounded per VAT rate, mirrors, counts and logs it', async () => {
    const before = simInvoices();
    sim.faults.rateLimit(2, { retryAfterSeconds: 1 });
    const res = await send('POST', '/invoices', a.owner, invoiceBody({ requestId: randomUUID() }));
    expect(res.statusCode, res.body).toBe(201);
    created = res.json().data;
    expect(simInvoices()).toBe(before + 1);
    const expected = computeInvoiceTotals(ROWS.map((r) => ({ quantityHundredths: 100, discountBasisPoints: 0, ...r })));
    expect(created).toMatchObject({
      customerNumber: '1001',
      invoiceDate: today,
      netOre: expected.netOre,
      vatOre: expected.vatOre,
      totalOre: expected.totalOre,
      balanceOre: expected.totalOre,
      booked: false,
      stale: false,
      allowedActions: ['edit', 'bookkeep', 'send', 'cancel'],
    });
    expect(created.rows.map((r) => r.totalOre)).toEqual(expected.rowTotalsOre);
    expect(created.ocr).toMatch(/^\d+$/);
    const [row] = await app.db.select().from(invoices).where(eq(invoices.id, created.id));
    expect(row?.createdBy).toBe(a.owner.userId);
    const events = await app.db.select().from(eventLogs).where(eq(eventLogs.activity, 'invoices.event.created'));
    expect(events.map((e) => e.invoice)).toContain(created.number);
    // The list sees it at once (the cached total follows the mirror).
    expect((await list(`search=${created.number}`)).data.map((r) => r.id)).toContain(created.id);
  });

  it('takes remarks and our reference from the invoice configuration when the form leaves them empty', async () => {
    const saved = await send('PUT', '/configurations/invoice', a.owner, {
      ...CONFIGURATION_DEFAULTS.invoice,
      invoiceText: 'Tack för att ni spelar hos oss!',
      ourReference: 'Kansliet',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      const res = await send('POST', '/invoices', a.owner, invoiceBody());
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data).toMatchObject({ remarks: 'Tack för att ni spelar hos oss!', ourReference: 'Kansliet' });
      const own = await send('POST', '/invoices', a.owner, invoiceBody({ remarks: 'Egen text' }));
      expect(own.json().data.remarks).toBe('Egen text');
    } finally {
      await send('PUT', '/configurations/invoice', a.owner, CONFIGURATION_DEFAULTS.invoice);
    }
  });

  it('books the invoice as it is created when the invoice configuration says bookOnCreate, so a payment can be registered', async () => {
    const saved = await send('PUT', '/configurations/invoice', a.owner, {
      ...CONFIGURATION_DEFAULTS.invoice,
      bookOnCreate: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      const res = await send('POST', '/invoices', a.owner, invoiceBody());
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data).toMatchObject({ booked: true });
      expect(res.json().data.allowedActions).toContain('payment');
    } finally {
      await send('PUT', '/configurations/invoice', a.owner, CONFIGURATION_DEFAULTS.invoice);
    }
    const unbooked = await send('POST', '/invoices', a.owner, invoiceBody());
    expect(unbooked.json().data).toMatchObject({ booked: false });
  });

  it('a lost answer after the create, or the same form sent twice, makes exactly one invoice', async () => {
    const requestId = randomUUID();
    const before = simInvoices();
    sim.faults.crashAfterCreate(1, { path: /\/invoices$/ });
    const first = await send('POST', '/invoices', a.owner, invoiceBody({ requestId }));
    expect(first.statusCode, first.body).toBe(201);
    const again = await send('POST', '/invoices', a.owner, invoiceBody({ requestId }));
    expect(again.statusCode).toBe(201);
    expect(again.json().data.id).toBe(first.json().data.id);
    expect(sim.store.findByExternalRef(sim.defaultTenantId, 'invoices', `fw-${requestId}`)).toHaveLength(1);
    expect(simInvoices()).toBe(before + 1);
  });

  it('refuses past the package quota with the upgrade message, creating nothing', async () => {
    const before = simInvoices();
    await recordInvoiceUsage(app.db, a.organisationId, 100_000);
    try {
      const res = await send('POST', '/invoices', a.owner, invoiceBody(), 'en');
      expect(res.statusCode).toBe(406);
      expect(res.json().eng_message).toMatch(/Upgrade your subscription/);
      expect(simInvoices()).toBe(before);
    } finally {
      await recordInvoiceUsage(app.db, a.organisationId, -100_000);
    }
  });

  it('lets only one of two simultaneous creates take the last invoice of the quota', async () => {
    const before = simInvoices();
    const { remaining } = await assertInvoiceQuota(app.db, a.organisationId, 0);
    await recordInvoiceUsage(app.db, a.organisationId, remaining - 1);
    try {
      const answers = await Promise.all([
        send('POST', '/invoices', a.owner, invoiceBody()),
        send('POST', '/invoices', a.owner, invoiceBody()),
      ]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 406]);
      expect(simInvoices()).toBe(before + 1);
      expect((await assertInvoiceQuota(app.db, a.organisationId, 0)).remaining).toBe(0);
    } finally {
      await recordInvoiceUsage(app.db, a.organisationId, -remaining);
    }
  });

  it('gives the quota back when the program fails the create', async () => {
    const { used } = await assertInvoiceQuota(app.db, a.organisationId, 0);
    sim.faults.serverError(20, { status: 500 });
    try {
      const res = await send('POST', '/invoices', a.owner, invoiceBody());
      expect(res.statusCode).toBeGreaterThanOrEqual(500);
    } finally {
      sim.faults.clear();
    }
    expect((await assertInvoiceQuota(app.db, a.organisationId, 0)).used).toBe(used);
  });

  it('changes an unbooked invoice; a booked one is refused and nothing changes', async () => {
    const res = await send(
      'PUT',
      `/invoices/${created.id}`,
      a.owner,
      invoiceBody({ remarks: 'Tack för ert köp', rows: [{ description: 'Lektion', priceOre: 50000, vatPercent: 25 }] }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ remarks: 'Tack för ert köp', totalOre: 62500, rows: [{ description: 'Lektion' }] });

    const booked = await send('PUT', `/invoices/${created.id}/bookkeep`, a.owner);
    expect(booked.statusCode, booked.body).toBe(200);
    expect(booked.json().data.booked).toBe(true);
    expect(booked.json().data.allowedActions).toEqual(['send', 'credit', 'payment']);

    const refused = await send('PUT', `/invoices/${created.id}`, a.owner, invoiceBody(), 'en');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().eng_message).toContain('is booked');
    expect((await send('PUT', `/invoices/${created.id}/bookkeep`, a.owner)).statusCode).toBe(409);
    expect((await send('PUT', `/invoices/${created.id}/cancel`, a.owner)).statusCode).toBe(409);
    expect((await get(`/invoices/${created.id}`, a.owner)).json().data.totalOre).toBe(62500);
  });

  it('registers payments up to the balance, then credits; each refused where not allowed', async () => {
    const over = await send('POST', `/invoices/${created.id}/payments`, a.owner, { paymentDate: today, amountOre: 62501 }, 'en');
    expect(over.statusCode).toBe(400);
    expect(over.json().error.amountOre[0]).toContain('at most the invoice balance, 625,00 kr');
    const zero = await send('POST', `/invoices/${created.id}/payments`, a.owner, { paymentDate: today, amountOre: 0 });
    expect(zero.statusCode).toBe(400);

    sim.faults.rateLimit(1, { retryAfterSeconds: 1 });
    const payment = { paymentDate: today, amountOre: 20000, requestId: randomUUID() };
    const paid = await send('POST', `/invoices/${created.id}/payments`, a.owner, payment);
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().data).toMatchObject({ balanceOre: 42500, payments: [{ amountOre: 20000, paymentDate: today }] });
    // The same dialog sent again (its answer was lost on the way to the browser): paid once.
    const retried = await send('POST', `/invoices/${created.id}/payments`, a.owner, payment);
    expect(retried.statusCode, retried.body).toBe(201);
    expect(retried.json().data).toMatchObject({ balanceOre: 42500, payments: [{ amountOre: 20000 }] });
    // The product's names of the same call (apps/server/src/lib/spec-paths.ts), the same rules and the same retry key.
    for (const path of [`/register/${created.id}`, `/invoice_payment/${created.id}`]) {
      const again = await send('POST', path, a.owner, payment);
      expect(again.statusCode, again.body).toBe(201);
      expect(again.json().data).toMatchObject({ balanceOre: 42500, payments: [{ amountOre: 20000 }] });
      expect((await send('POST', path, a.owner, { paymentDate: today, amountOre: 62501 })).statusCode).toBe(400);
    }
    // A Fortnox payment has no field for our reference: one payment on the invoice is the proof.
    const onInvoice = [...sim.store.tenant(sim.defaultTenantId).invoicepayments.values()].filter(
      (p) => String(p.doc.InvoiceNumber) === created.number,
    );
    expect(onInvoice).toHaveLength(1);
    // The payments as the mirror holds them, under our path and the product's (`invoice_payment/{id}`), for readers too.
    for (const [path, who] of [
      [`/invoices/${created.id}/payments`, a.owner],
      [`/invoice_payment/${created.id}`, aStaff],
    ] as const) {
      const payments = await get(path, who);
      expect(payments.statusCode, payments.body).toBe(200);
      expect(payments.json()).toMatchObject({
        data: [{ paymentDate: today, amountOre: 20000, source: 'portal' }],
        invoice: { id: created.id, number: created.number, balanceOre: 42500 },
      });
      expect(payments.json().data).toHaveLength(1);
    }

    const sent = await send('PUT', `/invoices/${created.id}/send`, a.owner, { method: 'externalprint' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data).toMatchObject({ sent: true, deliveryMethod: 'externalprint' });
    // The list says so too, and how it went out.
    const listed = (await list(`search=${created.number}`)).data.find((r) => r.id === created.id);
    expect(listed).toMatchObject({ sent: true, deliveryMethod: 'externalprint' });
    expect((await send('PUT', `/invoices/${created.id}/send`, a.owner, { method: 'fax' })).statusCode).toBe(400);

    const credit = await send('PUT', `/invoices/${created.id}/credit`, a.owner);
    expect(credit.statusCode, credit.body).toBe(200);
    const note = credit.json().data as Invoice;
    expect(note).toMatchObject({ isCredit: true, creditedInvoiceNumber: created.number, totalOre: -62500 });
    expect(note.allowedActions).not.toContain('credit');
    const original = (await get(`/invoices/${created.id}`, a.owner)).json().data as Invoice;
    expect(original).toMatchObject({ credited: true, balanceOre: 0 });
    const again = await send('PUT', `/invoices/${created.id}/credit`, a.owner, {}, 'en');
    expect(again.statusCode).toBe(409);
    expect(again.json().eng_message).toContain('already been credited');
    expect((await send('PUT', `/invoices/${note.id}/credit`, a.owner)).statusCode).toBe(409);
    const pay = await send('POST', `/invoices/${created.id}/payments`, a.owner, { paymentDate: today, amountOre: 100 }, 'en');
    expect(pay.statusCode).toBe(409);
    const activities = (await app.db.select().from(eventLogs).where(eq(eventLogs.invoice, created.number))).map(
      (e) => e.activity,
    );
    expect(activities).toEqual(
      expect.arrayContaining([
        'invoices.event.updated',
        'invoices.event.booked',
        'invoices.event.paid',
        'invoices.event.sent',
        'invoices.event.credited',
      ]),
    );
  });

  it('cancels an unbooked invoice, after which nothing more is allowed', async () => {
    const fresh = (await send('POST', '/invoices', a.owner, invoiceBody({ customerNumber: '1002' }))).json().data as Invoice;
    expect((await send('PUT', `/invoices/${fresh.id}/credit`, a.owner, {}, 'en')).json().eng_message).toContain('must be booked');
    expect(
      (await send('POST', `/invoices/${fresh.id}/payments`, a.owner, { paymentDate: today, amountOre: 100 })).statusCode,
    ).toBe(409);
    const cancelled = await send('PUT', `/invoices/${fresh.id}/cancel`, a.owner);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data).toMatchObject({ cancelled: true, allowedActions: [] });
    for (const path of ['bookkeep', 'cancel', 'credit']) {
      const res = await send('PUT', `/invoices/${fresh.id}/${path}`, a.owner, {}, 'en');
      expect(res.statusCode).toBe(409);
      expect(res.json().eng_message).toContain('is cancelled');
    }
    expect((await send('PUT', `/invoices/${fresh.id}/send`, a.owner, { method: 'print' })).statusCode).toBe(409);
  });

  it('a provider refusal of an action is shown and leaves the mirror unchanged', async () => {
    // A private customer without an organisation number cannot receive e-invoices.
    const fresh = (await send('POST', '/invoices', a.owner, invoiceBody({ customerNumber: '1003' }))).json().data as Invoice;
    const res = await send('PUT', `/invoices/${fresh.id}/send`, a.owner, { method: 'einvoice' }, 'en');
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    const [row] = await app.db.select().from(invoices).where(eq(invoices.id, fresh.id));
    expect(row?.sent).toBe(false);
  });
});

describe('reading one invoice', () => {
  it('reads rows and payments from the program, and the mirror with stale: true when it is unreachable', async () => {
    const paidOne = (await list('payment=paid&booked=booked&sort=total&order=desc')).data.find(
      (r) => !r.isCredit && r.totalOre > 0,
    );
    expect(paidOne).toBeDefined();
    const full = await get(`/invoices/${paidOne?.id}`, a.owner);
    expect(full.statusCode).toBe(200);
    const data = full.json().data as Invoice;
    expect(data.stale).toBe(false);
    expect(data.rows.length).toBeGreaterThan(0);
    expect(data.payments.reduce((s, p) => s + p.amountOre, 0)).toBe(data.totalOre);
    // Registered in the program, not through the portal: the mirror lists them with that source.
    const mirrored = (await get(`/invoice_payment/${paidOne?.id}`, a.owner)).json().data as {
      amountOre: number;
      source: string;
    }[];
    expect(mirrored.map((p) => p.amountOre).sort()).toEqual(data.payments.map((p) => p.amountOre).sort());
    expect(new Set(mirrored.map((p) => p.source))).toEqual(new Set(['accounting']));

    sim.faults.serverError(50);
    const stale = await get(`/invoices/${paidOne?.id}`, a.owner);
    expect(stale.statusCode).toBe(200);
    expect(stale.json().data).toMatchObject({ stale: true, number: data.number, rows: data.rows });
  }, 60_000);

  it('answers the PDF inline or as a download', async () => {
    const some = (await list('booked=booked')).data[0] as InvoiceListRow;
    const inline = await get(`/invoices/${some.id}/pdf`, a.owner);
    expect(inline.statusCode).toBe(200);
    expect(inline.headers['content-type']).toBe('application/pdf');
    expect(inline.headers['content-disposition']).toBe(`inline; filename="faktura-${some.number}.pdf"`);
    expect(inline.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const download = await get(`/invoices/${some.id}/pdf?download=1`, a.owner, 'en');
    expect(download.headers['content-disposition']).toBe(`attachment; filename="invoice-${some.number}.pdf"`);
  });
});

describe('access', () => {
  it('staff may read but not write; another organisation and an unknown id get 404', async () => {
    const some = (await list('booked=unbooked')).data[0] as InvoiceListRow;
    expect((await get('/invoices', aStaff)).statusCode).toBe(200);
    expect((await get(`/invoices/${some.id}/pdf`, aStaff)).statusCode).toBe(200);
    expect((await send('POST', '/invoices', aStaff, invoiceBody())).statusCode).toBe(403);
    expect((await send('PUT', `/invoices/${some.id}/bookkeep`, aStaff)).statusCode).toBe(403);
    for (const [method, path, body] of [
      ['GET', '', undefined],
      ['GET', '/pdf', undefined],
      ['GET', '/payments', undefined],
      ['PUT', '', invoiceBody()],
      ['PUT', '/bookkeep', {}],
      ['PUT', '/send', { method: 'print' }],
      ['PUT', '/cancel', {}],
      ['PUT', '/credit', {}],
      ['POST', '/payments', { paymentDate: today, amountOre: 100 }],
    ] as const) {
      const res =
        method === 'GET'
          ? await get(`/invoices/${some.id}${path}`, b.owner)
          : await send(method, `/invoices/${some.id}${path}`, b.owner, body);
      expect(res.statusCode, `${method} ${path}`).toBe(404);
    }
    expect((await get(`/invoice_payment/${some.id}`, b.owner)).statusCode).toBe(404);
    expect((await get('/invoices/00000000-0000-4000-8000-000000000000', a.owner)).statusCode).toBe(404);
    expect((await get('/invoice_payment/00000000-0000-4000-8000-000000000000', a.owner)).statusCode).toBe(404);
    const [row] = await app.db.select().from(invoices).where(eq(invoices.id, some.id));
    expect(row?.booked).toBe(false);
    expect((await get('/invoices', b.owner)).json().pagination.total).toBe(0);
  });

  it('an organisation without a connection is told to connect, and nothing is counted', async () => {
    const res = await send('POST', '/invoices', b.owner, invoiceBody(), 'en');
    expect(res.statusCode).toBe(409);
    expect(res.json().eng_message).toContain('not connected to an accounting program');
    const usage = await app.db.select().from(subscriptionUsage).where(eq(subscriptionUsage.organisationId, b.organisationId));
    expect(usage.reduce((sum, u) => sum + u.invoices, 0)).toBe(0);
  });

  it('with "only team-created documents", a role sees only what its team created', async () => {
    const [first, second] = await teamMembers(app, a, 'Fakturering', { onlyTeamDocuments: true });
    expect((await get('/invoices', first)).json().pagination.total).toBe(0);
    const mine = (await send('POST', '/invoices', first, invoiceBody({ customerNumber: '1004' }))).json().data as Invoice;
    const seen = (await get('/invoices', second)).json();
    expect(seen.pagination.total).toBe(1);
    expect(seen.data[0].id).toBe(mine.id);
    const other = (await list('booked=booked')).data[0] as InvoiceListRow;
    expect((await get(`/invoices/${other.id}`, second)).statusCode).toBe(404);
    expect((await get(`/invoices/${other.id}/payments`, second)).statusCode).toBe(404);
    expect((await send('PUT', `/invoices/${other.id}/credit`, second)).statusCode).toBe(404);
  });
});
