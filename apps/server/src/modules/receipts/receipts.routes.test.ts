import { randomUUID } from 'node:crypto';
import { ALL_SCOPES, type ReceiptRow, type ReceiptSendOut } from '@fairway/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpPeer } from '../../../test/fixtures/auth';
import { addMember, createOrganisation, type TestMember, type TestOrganisation } from '../../../test/fixtures/users';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { App } from '../../app';
import { addDays, stockholmDate } from '../../lib/stockholm-time';
import type { AccCustomer, AccInvoice } from '../../providers/accounting/provider';
import { customers } from '../customers/customers.tables';
import { createMailTransport } from '../email/email.service';
import { emailOutbox } from '../email/email.tables';
import { eventLogs } from '../eventlogs/eventlogs.tables';
import { invoicePayments, invoices } from '../invoices/invoices.tables';
import { roles } from '../permissions/permissions.tables';
import { runReceiptSendOut, type SendOutMail } from './receipts.runs';
import { receiptSendOuts, receipts } from './receipts.tables';

let t: TestApp;
let app: App;
let a: TestOrganisation;
let b: TestOrganisation;
let aStaff: TestMember;
let aAccountant: TestMember;
const today = stockholmDate(new Date());
const ids: Record<string, string> = {};

type Who = { headers: Record<string, string> };
const get = (url: string, who: Who, lang = 'sv') =>
  app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { ...who.headers, 'accept-language': lang } });
const post = (url: string, who: Who, payload: object, lang = 'sv') =>
  app.inject({ method: 'POST', url: `/api/v1${url}`, headers: { ...who.headers, 'accept-language': lang }, payload });
const list = async (query = '', who: Who = a.owner) => {
  const res = await get(`/receipts?pageSize=100&${query}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: ReceiptRow[]; pagination: { total: number } };
};

async function addCustomer(org: TestOrganisation, number: string, name: string, email: string | null) {
  await app.db.insert(customers).values({
    organisationId: org.organisationId,
    clubAccountId: org.clubAccountId,
    number,
    name,
    type: 'PRIVATE',
    email,
    active: true,
    data: { number, name, email, emailInvoice: null } as unknown as AccCustomer,
  });
}

/** A mirrored invoice of `totalOre`, paid in full `paidDaysAgo` days ago (or unpaid with null). */
async function addInvoice(
  org: TestOrganisation,
  number: string,
  customerNumber: string,
  customerName: string,
  paidDaysAgo: number | null,
  extra: { isCredit?: boolean; cancelled?: boolean } = {},
) {
  const totalOre = 125_000;
  const paidOn = paidDaysAgo === null ? null : addDays(today, -paidDaysAgo);
  const [row] = await app.db
    .insert(invoices)
    .values({
      organisationId: org.organisationId,
      clubAccountId: org.clubAccountId,
      number,
      customerNumber,
      customerName,
      invoiceDate: addDays(today, -120),
      dueDate: addDays(today, -90),
      netOre: 100_000,
      vatOre: 25_000,
      totalOre,
      balanceOre: paidOn ? 0 : totalOre,
      currency: 'SEK',
      ocr: `${number}07`,
      invoiceType: 'INVOICE',
      booked: true,
      cancelled: extra.cancelled ?? false,
      sent: true,
      isCredit: extra.isCredit ?? false,
      credited: false,
      fullyPaidOn: paidOn,
      data: { number, rows: [], payments: [] } as unknown as AccInvoice,
    })
    .returning({ id: invoices.id });
  if (paidOn) {
    await app.db.insert(invoicePayments).values([
      {
        organisationId: org.organisationId,
        clubAccountId: org.clubAccountId,
        number: `${number}-1`,
        invoiceNumber: number,
        paymentDate: addDays(paidOn, -5),
        amountOre: 25_000,
      },
      {
        organisationId: org.organisationId,
        clubAccountId: org.clubAccountId,
        number: `${number}-2`,
        invoiceNumber: number,
        paymentDate: paidOn,
        amountOre: 100_000,
      },
    ]);
  }
  ids[`${org === a ? 'a' : 'b'}${number}`] = row?.id as string;
  return row?.id as string;
}

const receiptOf = async (org: TestOrganisation, number: string) =>
  (
    await app.db
      .select()
      .from(receipts)
      .where(and(eq(receipts.clubAccountId, org.clubAccountId), eq(receipts.invoiceNumber, number)))
  )[0];

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  a = await createOrganisation(app, { name: 'Alfa GK' });
  b = await createOrganisation(app, { name: 'Beta GK', organisationNumber: '559412-3456' });
  aStaff = await addMember(app, a, 'Staff');
  aAccountant = await addMember(app, a, 'Accountant');
  await addCustomer(a, '1001', 'Greta Golf', 'greta@example.se');
  await addCustomer(a, '1002', 'Per Putt', null);
  await addCustomer(a, '1003', 'Stina Slice', 'stina@example.se');
  await addCustomer(b, '1001', 'Beta Bo', 'bo@example.se');
  await addInvoice(a, '5001', '1001', 'Greta Golf', 3);
  await addInvoice(a, '5002', '1002', 'Per Putt', 10);
  await addInvoice(a, '5003', '1003', 'Stina Slice', 89);
  await addInvoice(a, '5004', '1001', 'Greta Golf', 91);
  await addInvoice(a, '5005', '1001', 'Greta Golf', null);
  await addInvoice(a, '5006', '1001', 'Greta Golf', 5, { isCredit: true });
  await addInvoice(a, '5007', '1001', 'Greta Golf', 5, { cancelled: true });
  await addInvoice(b, '9001', '1001', 'Beta Bo', 2);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('the receipts list', () => {
  it('lists invoices fully paid in the last 90 days, latest paid first, not credit notes or cancelled ones', async () => {
    const { data, pagination } = await list();
    expect(data.map((r) => r.invoiceNumber)).toEqual(['5001', '5002', '5003']);
    expect(pagination.total).toBe(3);
    expect(data[0]).toMatchObject({
      customerName: 'Greta Golf',
      email: 'greta@example.se',
      amountOre: 125_000,
      paidDate: addDays(today, -3),
      state: 'not_sent',
      sentAt: null,
    });
    expect(data[1]?.email).toBeNull();
  });

  it('searches, sorts and pages', async () => {
    expect((await list('search=stina')).data.map((r) => r.invoiceNumber)).toEqual(['5003']);
    expect((await list('search=5002')).data.map((r) => r.invoiceNumber)).toEqual(['5002']);
    expect((await list('sort=customerName&order=asc')).data.map((r) => r.customerName)).toEqual([
      'Greta Golf',
      'Per Putt',
      'Stina Slice',
    ]);
    const page2 = (await get('/receipts?pageSize=2&page=2&sort=number', a.owner)).json();
    expect(page2.data.map((r: ReceiptRow) => r.invoiceNumber)).toEqual(['5003']);
    expect(page2.pagination).toEqual({ page: 2, pageSize: 2, total: 3 });
    expect((await get('/receipts?state=lost', a.owner)).statusCode).toBe(400);
  });

  it('keeps each organisation to its own receipts', async () => {
    expect((await list('', b.owner)).data.map((r) => r.invoiceNumber)).toEqual(['9001']);
    expect((await get(`/receipts/${ids.b9001}/pdf`, a.owner)).statusCode).toBe(404);
    const refused = await post('/send_receipts/', a.owner, { invoiceIds: [ids.b9001] });
    expect(refused.statusCode).toBe(400);
  });

  it('with "only team-created documents", a role sees, opens and sends only its team\'s receipts', async () => {
    const [role] = await app.db
      .insert(roles)
      .values({ organisationId: a.organisationId, name: 'Kassa', scopes: [...ALL_SCOPES], onlyTeamDocuments: true })
      .returning();
    const first = await addMember(app, a, 'Staff', { roleId: role?.id });
    const second = await addMember(app, a, 'Staff', { roleId: role?.id });
    expect((await list('', first)).pagination.total).toBe(0);

    // 5002 was created in the portal by a member of the team.
    await app.db
      .update(invoices)
      .set({ createdBy: first.userId })
      .where(eq(invoices.id, ids.a5002 as string));
    const seen = await list('', second);
    expect(seen.data.map((r) => r.invoiceNumber)).toEqual(['5002']);
    expect(seen.pagination.total).toBe(1);
    // The total of a later page is counted under the same rule.
    expect((await get('/receipts?pageSize=1&page=2', second)).json().pagination.total).toBe(1);
    expect((await get(`/receipts/${ids.a5002}/pdf`, second)).statusCode).toBe(200);
    expect((await get(`/receipts/${ids.a5001}/pdf`, second)).statusCode).toBe(404);
    expect((await post('/send_receipts/', second, { invoiceIds: [ids.a5001] })).statusCode).toBe(400);
    expect(await receiptOf(a, '5001')).toBeUndefined();

    // A role without the rule still sees every receipt.
    expect((await list()).pagination.total).toBe(3);
  });

  it('answers the receipt as a PDF, and 404 outside the window', async () => {
    const res = await get(`/receipts/${ids.a5001}/pdf?download=1`, a.owner, 'en');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="receipt-5001.pdf"');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const sv = await get(`/receipts/${ids.a5001}/pdf`, a.owner);
    expect(sv.headers['content-disposition']).toBe('inline; filename="kvitto-5001.pdf"');
    expect((await get(`/receipts/${ids.a5004}/pdf`, a.owner)).statusCode).toBe(404);
  });
});

describe('sending receipts', () => {
  it("refuses an empty selection with the spec's message, and invoices outside the list", async () => {
    const none = await post('/send_receipts/', a.owner, { invoiceIds: [] }, 'en');
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({
      eng_message: 'Kindly select one or more invoices',
      error: 'Kindly select one or more invoices',
    });
    expect((await post('/send_receipts', a.owner, { invoiceIds: [] })).json().error).toBe('Välj en eller flera fakturor');
    for (const id of [ids.a5004, ids.a5005, ids.a5006, ids.a5007]) {
      const res = await post('/send_receipts/', a.owner, { invoiceIds: [ids.a5001, id] }, 'en');
      expect(res.statusCode, id).toBe(400);
      expect(res.json().error).toMatch(/last 90 days/);
    }
    expect((await list()).data.every((r) => r.state === 'not_sent')).toBe(true);
  });

  it('needs receipts.write to send; receipts.read lists', async () => {
    expect((await list('', aAccountant)).data).toHaveLength(3);
    expect((await post('/send_receipts/', aAccountant, { invoiceIds: [ids.a5001] })).statusCode).toBe(403);
    expect((await get('/receipts', { headers: {} })).statusCode).toBe(401);
  });

  it('e-mails each receipt through SMTP, records sent and failed truthfully, and never sends twice', async () => {
    const peer = await startSmtpPeer({ starttls: false });
    const transport = createMailTransport(peer.url);
    const mail: SendOutMail = { config: { SMTP_URL: peer.url, MAIL_FROM: 'Fairway <no-reply@fairway.se>' }, transport };
    try {
      const res = await post('/send_receipts/', aStaff, { invoiceIds: [ids.a5001, ids.a5002, ids.a5001] }, 'en');
      expect(res.statusCode, res.body).toBe(202);
      const { sendOutId, queued } = res.json().data as { sendOutId: string; queued: number };
      expect(queued).toBe(2);
      const before = (await get(`/send_receipts/${sendOutId}`, aStaff)).json().data as ReceiptSendOut;
      expect(before).toMatchObject({ status: 'queued', total: 2, queued: 2, sent: 0, failed: 0, done: false, error: null });
      expect((await list()).data.filter((r) => r.state === 'queued').map((r) => r.invoiceNumber)).toEqual(['5001', '5002']);

      expect(await runReceiptSendOut(app, sendOutId, { mail })).toBe('succeeded');
      const greta = await peer.waitFor((m) => m.to.includes('greta@example.se'));
      expect(greta.subject).toBe('Kvitto på din betalning – Receipt for invoice 5001');
      expect(greta.text).toContain('Tack för din betalning!');
      expect(peer.mails).toHaveLength(1);

      const after = (await get(`/send_receipts/${sendOutId}`, aStaff)).json().data as ReceiptSendOut;
      expect(after).toMatchObject({ status: 'succeeded', total: 2, queued: 0, sent: 1, failed: 1, done: true });
      expect(after.failures).toEqual([{ invoiceNumber: '5002', customerName: 'Per Putt', failure: 'no_email', error: null }]);
      const rows = (await list()).data;
      expect(rows.find((r) => r.invoiceNumber === '5001')).toMatchObject({
        state: 'sent',
        recipient: 'greta@example.se',
        attempts: 1,
      });
      expect(rows.find((r) => r.invoiceNumber === '5002')).toMatchObject({ state: 'failed', failure: 'no_email' });
      expect((await list('state=failed')).data.map((r) => r.invoiceNumber)).toEqual(['5002']);
      expect((await list('state=not_sent')).data.map((r) => r.invoiceNumber)).toEqual(['5003']);

      // A repeated job (pg-boss delivers at least once) finds the run ended and sends nothing again.
      expect(await runReceiptSendOut(app, sendOutId, { mail })).toBe('gone');
      expect(peer.mails).toHaveLength(1);
      expect((await receiptOf(a, '5001'))?.attempts).toBe(1);

      const outbox = await app.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'greta@example.se'));
      expect(outbox).toHaveLength(1);
      expect(outbox[0]).toMatchObject({ template: 'receipt', status: 'sent', lang: 'en' });
      const events = await app.db.select().from(eventLogs).where(eq(eventLogs.organisationId, a.organisationId));
      expect(events.some((e) => e.resource === 'receipts' && e.type === 'ERROR' && e.params.sent === 1)).toBe(true);
    } finally {
      transport.close();
      await peer.close();
    }
  });

  it("records the mail server's refusal as a failure, with its words", async () => {
    const peer = await startSmtpPeer({ rejectRecipients: true });
    const transport = createMailTransport(peer.url);
    try {
      const res = await post('/send_receipts/', aStaff, { invoiceIds: [ids.a5003] });
      const { sendOutId } = res.json().data as { sendOutId: string };
      const mail: SendOutMail = { config: { SMTP_URL: peer.url, MAIL_FROM: 'Fairway <no-reply@fairway.se>' }, transport };
      expect(await runReceiptSendOut(app, sendOutId, { mail })).toBe('succeeded');
      const out = (await get(`/send_receipts/${sendOutId}`, aStaff)).json().data as ReceiptSendOut;
      expect(out).toMatchObject({ sent: 0, failed: 1, done: true });
      expect(out.failures[0]).toMatchObject({ invoiceNumber: '5003', failure: 'smtp' });
      expect(out.failures[0]?.error).toMatch(/Mailbox unavailable/);
      expect(await receiptOf(a, '5003')).toMatchObject({ state: 'failed', sentAt: null, recipient: 'stina@example.se' });
    } finally {
      transport.close();
      await peer.close();
    }
  });

  it('without SMTP keeps the receipt in the outbox (stored) and marks it sent', async () => {
    const res = await post('/send_receipts/', aStaff, { invoiceIds: [ids.a5003] });
    const { sendOutId } = res.json().data as { sendOutId: string };
    const mail: SendOutMail = { config: { SMTP_URL: undefined, MAIL_FROM: 'x <a@b.se>' }, transport: undefined };
    expect(await runReceiptSendOut(app, sendOutId, { mail })).toBe('succeeded');
    expect(await receiptOf(a, '5003')).toMatchObject({ state: 'sent', failure: null, error: null, attempts: 2 });
    const stored = await app.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'stina@example.se'));
    expect(stored.map((r) => r.status)).toEqual(['stored']);
  });

  it("does not show another organisation's send-out", async () => {
    const res = await post('/send_receipts/', b.owner, { invoiceIds: [ids.b9001] });
    expect(res.statusCode).toBe(202);
    const { sendOutId } = res.json().data as { sendOutId: string };
    expect((await get(`/send_receipts/${sendOutId}`, a.owner)).statusCode).toBe(404);
    expect((await get(`/send_receipts/${sendOutId}`, b.owner)).statusCode).toBe(200);
  });
});

describe('a send-out whose worker stopped', () => {
  const smtp = async () => {
    const peer = await startSmtpPeer({ starttls: false });
    const transport = createMailTransport(peer.url);
    const mail: SendOutMail = { config: { SMTP_URL: peer.url, MAIL_FROM: 'Fairway <no-reply@fairway.se>' }, transport };
    const close = async () => {
      transport.close();
      await peer.close();
    };
    return { peer, mail, close };
  };
  const mailsFor = (peer: Awaited<ReturnType<typeof startSmtpPeer>>, number: string) =>
    peer.mails.filter((m) => m.subject.endsWith(`kvitto ${number}`) || m.subject.endsWith(`invoice ${number}`));

  it('is handed on when its worker falls silent, and the next attempt sends only the receipts left', async () => {
    const { peer, mail, close } = await smtp();
    try {
      await addInvoice(a, '5010', '1001', 'Greta Golf', 1);
      await addInvoice(a, '5011', '1003', 'Stina Slice', 1);
      await addInvoice(a, '5012', '1001', 'Greta Golf', 2);
      const res = await post('/send_receipts/', aStaff, { invoiceIds: [ids.a5010, ids.a5011, ids.a5012] }, 'en');
      expect(res.statusCode, res.body).toBe(202);
      const { sendOutId } = res.json().data as { sendOutId: string };

      let silent = false;
      const outcome = await runReceiptSendOut(app, sendOutId, {
        mail,
        async afterReceipt() {
          if (silent) return;
          silent = true;
          // As if this worker had been silent past RUN_STALE_SECONDS: the sweep hands its run on.
          await app.db
            .update(receiptSendOuts)
            .set({ heartbeatAt: new Date(Date.now() - 10 * 60_000) })
            .where(eq(receiptSendOuts.id, sendOutId));
          expect((await app.runs.sweep()).resumed).toBe(1);
        },
      });
      expect(outcome).toBe('taken-over');
      await peer.waitFor(() => true);
      expect(peer.mails).toHaveLength(1);
      const handedOn = (await get(`/send_receipts/${sendOutId}`, aStaff)).json().data as ReceiptSendOut;
      expect(handedOn).toMatchObject({ status: 'queued', total: 3, sent: 1, queued: 2, done: false });

      expect(await runReceiptSendOut(app, sendOutId, { mail })).toBe('succeeded');
      await peer.waitFor(() => peer.mails.length >= 3);
      for (const number of ['5010', '5011', '5012']) expect(mailsFor(peer, number), number).toHaveLength(1);
      const done = (await get(`/send_receipts/${sendOutId}`, aStaff)).json().data as ReceiptSendOut;
      expect(done).toMatchObject({ status: 'succeeded', total: 3, sent: 3, queued: 0, failed: 0, done: true });
      const events = await app.db.select().from(eventLogs).where(eq(eventLogs.activity, 'runs.receiptSendOut.resumed'));
      expect(events.map((e) => e.clubAccountId)).toEqual([a.clubAccountId]);
    } finally {
      await close();
    }
  }, 60_000);

  it('whose heartbeat went stale is resumed by the sweep; a receipt it was handing to the mail server is not sent again', async () => {
    const { peer, mail, close } = await smtp();
    try {
      await addInvoice(a, '5013', '1001', 'Greta Golf', 1);
      await addInvoice(a, '5014', '1003', 'Stina Slice', 1);
      await addInvoice(a, '5015', '1003', 'Stina Slice', 2);
      const res = await post('/send_receipts/', aStaff, { invoiceIds: [ids.a5013, ids.a5014, ids.a5015] }, 'en');
      const { sendOutId } = res.json().data as { sendOutId: string };
      // What a worker killed mid send-out leaves: its run running with a heartbeat two minutes
      // old (RUN_STALE_SECONDS is 90), 5013 sent, and 5014 handed to the mail server with no
      // word back (it may have gone out).
      const twoMinutesAgo = new Date(Date.now() - 2 * 60_000);
      await app.db
        .update(receiptSendOuts)
        .set({ status: 'running', attempts: 1, lease: randomUUID(), startedAt: twoMinutesAgo, heartbeatAt: twoMinutesAgo })
        .where(eq(receiptSendOuts.id, sendOutId));
      const r5013 = await receiptOf(a, '5013');
      await app.db
        .update(receipts)
        .set({ state: 'sent', sentAt: twoMinutesAgo, recipient: 'greta@example.se', attempts: 1 })
        .where(eq(receipts.id, r5013?.id as string));
      await app.db
        .update(receipts)
        .set({ sendingAt: twoMinutesAgo })
        .where(and(eq(receipts.clubAccountId, a.clubAccountId), eq(receipts.invoiceNumber, '5014')));

      expect((await app.runs.sweep()).resumed).toBe(1);
      expect((await get(`/send_receipts/${sendOutId}`, aStaff)).json().data).toMatchObject({ status: 'queued', done: false });
      expect(await runReceiptSendOut(app, sendOutId, { mail })).toBe('succeeded');

      await peer.waitFor((m) => m.to.includes('stina@example.se'));
      expect(peer.mails).toHaveLength(1);
      expect(mailsFor(peer, '5015')).toHaveLength(1);
      const out = (await get(`/send_receipts/${sendOutId}`, aStaff, 'en')).json().data as ReceiptSendOut;
      expect(out).toMatchObject({ status: 'succeeded', total: 3, sent: 2, failed: 1, queued: 0, done: true });
      expect(out.failures).toEqual([{ invoiceNumber: '5014', customerName: 'Stina Slice', failure: 'interrupted', error: null }]);
      expect(await receiptOf(a, '5013')).toMatchObject({ state: 'sent', attempts: 1 });
      expect(await receiptOf(a, '5014')).toMatchObject({ state: 'failed', sendingAt: null });
      const [run] = await app.db.select().from(receiptSendOuts).where(eq(receiptSendOuts.id, sendOutId));
      expect(run).toMatchObject({ status: 'succeeded', attempts: 2, lease: null });
    } finally {
      await close();
    }
  }, 60_000);
});
