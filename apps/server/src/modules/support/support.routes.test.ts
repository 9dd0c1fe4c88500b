import type { Billing, SupportHoursPurchase, SupportTicket } from '@fairway/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clubFile } from '../../../test/fixtures/club';
import { addMember } from '../../../test/fixtures/users';
import { addressOf } from '../../lib/mailbox';
import { emailOutbox } from '../email/email.tables';
import { eventLogs } from '../eventlogs/eventlogs.tables';
import { members } from '../members/members.tables';
import { runSubscriptionMaintenance } from '../subscriptions/subscriptions.service';
import { subscriptions } from '../subscriptions/subscriptions.tables';
import { FORM_BUDGETS } from './form-budget';
import { supportHourPurchases, supportTickets } from './support.tables';

const { app, a, b, aDrift, aStaff, aDriftManager } = await clubFile({ names: { aStaff: 'Sara Staff' } });

const addGolfer = async (
  org: { organisationId: string; clubAccountId: string },
  firstname: string,
  lastname: string,
  memberNumber: string,
) => {
  const [row] = await app.db
    .insert(members)
    .values({ organisationId: org.organisationId, clubAccountId: org.clubAccountId, firstname, lastname, memberNumber })
    .returning({ id: members.id });
  if (!row) throw new Error('no member');
  return row.id;
};

const evaId = await addGolfer(a, 'Eva', 'Ek', '1042');
const otherTenantMemberId = await addGolfer(b, 'Bo', 'Berg', '77');
const driftMemberId = await addGolfer({ organisationId: a.organisationId, clubAccountId: aDrift }, 'Dora', 'Drift', '5');

let ipCounter = 0;
/** Each test sends from its own address unless it says otherwise, so budgets do not leak between tests. */
const freshIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

const inject = (
  method: 'GET' | 'POST',
  url: string,
  who: { headers: Record<string, string> } | null,
  payload?: object,
  options: { ip?: string; lang?: 'sv' | 'en' } = {},
) =>
  app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...(who?.headers ?? {}), 'accept-language': options.lang ?? 'sv' },
    remoteAddress: options.ip ?? freshIp(),
    ...(payload === undefined ? {} : { payload }),
  });

const ticketsOf = (organisationId: string) =>
  app.db.select().from(supportTickets).where(eq(supportTickets.organisationId, organisationId));
const mailsTo = (address: string) => app.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, address));

describe('POST /support/open_ticket', () => {
  it('stores the ticket with user, organisation and club account, logs it and e-mails support and the user', async () => {
    const res = await inject('POST', '/support/open_ticket/', aStaff, {
      subject: '  Fel saldo på medlemsfaktura  ',
      message: 'Evas saldo visar 1 200 kr men hon har betalat allt.',
      memberId: evaId,
    });
    expect(res.statusCode).toBe(201);
    const ticket = (res.json() as { data: SupportTicket }).data;
    expect(ticket).toMatchObject({
      subject: 'Fel saldo på medlemsfaktura',
      message: 'Evas saldo visar 1 200 kr men hon har betalat allt.',
      member: { id: evaId, name: 'Eva Ek', memberNumber: '1042' },
      openedBy: 'Sara Staff',
      clubAccountName: 'Alfa GK',
    });
    const [row] = await app.db.select().from(supportTickets).where(eq(supportTickets.id, ticket.id));
    expect(row).toMatchObject({
      organisationId: a.organisationId,
      clubAccountId: a.clubAccountId,
      userId: aStaff.userId,
      memberId: evaId,
    });

    const toSupport = (await mailsTo(addressOf(app.config.MAIL_FROM))).find((m) => m.meta.supportTicketId === ticket.id);
    expect(toSupport?.template).toBe('support_ticket');
    expect(toSupport?.status).toBe('stored');
    expect(toSupport?.subject).toContain(`supportärende ${ticket.number}`);
    expect(toSupport?.text).toContain('Eva Ek (1042)');
    expect(toSupport?.text).toContain(aStaff.email);
    const toUser = (await mailsTo(aStaff.email)).find((m) => m.meta.supportTicketId === ticket.id);
    expect(toUser?.subject).toBe(`Fairway support: vi har tagit emot ärende ${ticket.number}`);
    expect(toUser?.text).toContain('inom 48 timmar');

    const events = await app.db
      .select()
      .from(eventLogs)
      .where(and(eq(eventLogs.organisationId, a.organisationId), eq(eventLogs.resource, 'support')));
    expect(events.map((e) => e.params)).toContainEqual({
      name: 'Sara Staff',
      number: ticket.number,
      subject: 'Fel saldo på medlemsfaktura',
    });
  });

  it('writes the user its confirmation in the language of the request', async () => {
    const res = await inject(
      'POST',
      '/support/open_ticket',
      aStaff,
      { subject: 'Export', message: 'How do I export the member list?' },
      { lang: 'en' },
    );
    expect(res.statusCode).toBe(201);
    const ticket = (res.json() as { data: SupportTicket }).data;
    expect(ticket.member).toBeNull();
    const toUser = (await mailsTo(aStaff.email)).find((m) => m.meta.supportTicketId === ticket.id);
    expect(toUser?.subject).toBe(`Fairway support: we have received ticket ${ticket.number}`);
  });

  it('answers another tenant’s or club account’s member as not found and stores nothing', async () => {
    const before = (await ticketsOf(a.organisationId)).length;
    for (const memberId of [otherTenantMemberId, driftMemberId]) {
      const res = await inject('POST', '/support/open_ticket', aStaff, {
        subject: 'Fråga',
        message: 'Gäller den här medlemmen.',
        memberId,
      });
      expect(res.statusCode, memberId).toBe(404);
      expect((res.json() as { message: string }).message).toBe('Medlemmen finns inte i klubbkontot.');
    }
    // The Drift AB member is found from its own club account.
    const own = await inject('POST', '/support/open_ticket', aDriftManager, {
      subject: 'Fråga',
      message: 'Gäller den här medlemmen.',
      memberId: driftMemberId,
    });
    expect(own.statusCode).toBe(201);
    expect((await ticketsOf(a.organisationId)).length).toBe(before + 1);
  });

  it('refuses bad input with field messages and writes nothing', async () => {
    const before = (await ticketsOf(a.organisationId)).length;
    const mailsBefore = (await mailsTo(aStaff.email)).length;
    const cases: [object, string[]][] = [
      [{ subject: ' ', message: 'Ett tillräckligt långt meddelande' }, ['subject']],
      [{ subject: 'Hej', message: 'Hjälp!' }, ['message']],
      [{ subject: 'x'.repeat(151), message: 'y'.repeat(5001) }, ['message', 'subject']],
      [{ subject: 'Hej', message: 'Ett tillräckligt långt meddelande', memberId: 'eva' }, ['memberId']],
      [{ subject: 'Hej', message: 'Ett tillräckligt långt meddelande', priority: 'high' }, ['priority']],
      [{}, ['message', 'subject']],
    ];
    for (const [payload, fields] of cases) {
      const res = await inject('POST', '/support/open_ticket', aStaff, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys((res.json() as { error: object }).error).sort()).toEqual(fields);
    }
    const short = await inject('POST', '/support/open_ticket', aStaff, { subject: 'Hej', message: 'Hjälp!' }, { lang: 'en' });
    expect((short.json() as { error: Record<string, string[]> }).error.message).toEqual([
      'The message field must be at least 10 characters',
    ]);
    expect((await ticketsOf(a.organisationId)).length).toBe(before);
    expect((await mailsTo(aStaff.email)).length).toBe(mailsBefore);
  });

  it('needs sign-in', async () => {
    expect(
      (await inject('POST', '/support/open_ticket', null, { subject: 'Hej', message: 'Ett långt meddelande' })).statusCode,
    ).toBe(401);
  });

  it('limits tickets per user with 429, Retry-After and a localised message, whatever the address', async () => {
    // A user of their own, so the tickets other tests sent do not count.
    const asker = await addMember(app, b, 'Staff', { name: 'Frida Fråga' });
    const ip = freshIp();
    const before = (await ticketsOf(b.organisationId)).length;
    for (let i = 0; i < FORM_BUDGETS.openTicket.limit; i++) {
      const res = await inject(
        'POST',
        '/support/open_ticket',
        asker,
        { subject: `Fråga ${i}`, message: 'Ett tillräckligt långt meddelande' },
        { ip },
      );
      expect(res.statusCode).toBe(201);
    }
    const refused = await inject(
      'POST',
      '/support/open_ticket',
      asker,
      { subject: 'En till', message: 'Ett tillräckligt långt meddelande' },
      { lang: 'en' },
    );
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((refused.json() as { error: string }).error).toMatch(
      /^You have sent many messages in a short time\. Please try again in \d+ minutes\.$/,
    );
    expect((await ticketsOf(b.organisationId)).length).toBe(before + FORM_BUDGETS.openTicket.limit);
    // Another organisation's user at the same address has a budget of their own.
    expect(
      (
        await inject(
          'POST',
          '/support/open_ticket',
          aStaff,
          { subject: 'Annan', message: 'Ett tillräckligt långt meddelande' },
          { ip },
        )
      ).statusCode,
    ).toBe(201);
  });
});

describe('GET /support/tickets', () => {
  it('lists the organisation’s tickets newest first, paged, and by member', async () => {
    const all = await inject('GET', '/support/tickets?pageSize=2', aStaff);
    expect(all.statusCode).toBe(200);
    const body = all.json() as { data: SupportTicket[]; pagination: { total: number; page: number; pageSize: number } };
    const total = (await ticketsOf(a.organisationId)).length;
    expect(body.pagination).toEqual({ page: 1, pageSize: 2, total });
    expect(body.data).toHaveLength(2);
    expect(body.data[0]?.createdAt >= (body.data[1]?.createdAt ?? '')).toBe(true);

    const eva = (await inject('GET', `/support/tickets?memberId=${evaId}`, aStaff)).json() as { data: SupportTicket[] };
    expect(eva.data.map((x) => x.subject)).toEqual(['Fel saldo på medlemsfaktura']);
  });

  it('never shows another organisation’s tickets, nor filters by its members', async () => {
    const res = await inject('GET', `/support/tickets?memberId=${evaId}`, b.owner);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { memberId: ['Medlemmen finns inte'] } });
    const bAll = (await inject('GET', '/support/tickets?pageSize=100', b.owner)).json() as { data: SupportTicket[] };
    expect(bAll.data.every((x) => x.clubAccountName === 'Beta GK')).toBe(true);
  });

  it('refuses bad queries', async () => {
    for (const q of ['memberId=eva', 'pageSize=1000', 'status=open']) {
      expect((await inject('GET', `/support/tickets?${q}`, aStaff)).statusCode, q).toBe(400);
    }
  });
});

describe('POST /support/buy_support_hours', () => {
  const purchasesOf = (organisationId: string) =>
    app.db.select().from(supportHourPurchases).where(eq(supportHourPurchases.organisationId, organisationId));

  it('records 1.5 hours at 1500 kr/h, confirms by e-mail, and puts them on the next billing', async () => {
    // A subscription whose next period is months away: the nightly run bills the hours on their own.
    await app.db
      .update(subscriptions)
      .set({ startDate: '2026-01-01', endDate: '2027-12-31', nextBillingDate: '2026-12-31' })
      .where(eq(subscriptions.organisationId, a.organisationId));
    const res = await inject('POST', '/support/buy_support_hours', a.owner, { hours: 1.5 });
    expect(res.statusCode).toBe(201);
    const purchase = (res.json() as { data: SupportHoursPurchase }).data;
    const waiting = ((await inject('GET', '/support/support_hours', a.owner)).json() as { data: SupportHoursPurchase[] }).data;
    expect(waiting[0]).toEqual(purchase);
    // Another organisation sees none of it.
    expect(((await inject('GET', '/support/support_hours', b.owner)).json() as { data: SupportHoursPurchase[] }).data).toEqual(
      [],
    );
    expect(purchase).toMatchObject({
      hours: 1.5,
      unitPriceOre: 150_000,
      exVatOre: 225_000,
      vatOre: 56_250,
      totalOre: 281_250,
      billingNumber: null,
    });

    const mail = (await mailsTo(a.owner.email)).find((m) => m.meta.supportHourPurchaseId === purchase.id);
    expect(mail?.template).toBe('support_hours_bought');
    expect(mail?.text).toContain('1,5 timmar');
    expect(mail?.text).toMatch(/Belopp exkl\. moms: 2\s250\skr/);
    expect(mail?.text).toMatch(/Att betala inkl\. moms: 2\s812,50\skr/);

    const before = ((await inject('GET', '/billings', a.owner)).json() as { data: Billing[] }).data.length;
    const result = await runSubscriptionMaintenance(app.db, '2026-11-26');
    expect(result.billed).toBeGreaterThanOrEqual(1);
    const billings = ((await inject('GET', '/billings', a.owner)).json() as { data: Billing[] }).data;
    expect(billings).toHaveLength(before + 1);
    const billing = billings.find((x) => x.lines.some((l) => l.kind === 'support'));
    expect(billing?.lines).toEqual([
      { kind: 'support', itemName: null, quantityHundredths: 150, unit: 'hours', unitPriceOre: 150_000, amountOre: 225_000 },
    ]);
    expect(billing).toMatchObject({ subtotalOre: 225_000, vatOre: 56_250, totalOre: 281_250, invoiceDate: '2026-11-26' });
    // The purchase now names the billing it is on.
    const listed = ((await inject('GET', '/support/support_hours', a.owner)).json() as { data: SupportHoursPurchase[] }).data;
    expect(listed.find((p) => p.id === purchase.id)).toMatchObject({
      hours: 1.5,
      exVatOre: 225_000,
      billingNumber: billing?.number,
    });
    // Billed exactly once: the next run finds nothing left to bill.
    expect((await purchasesOf(a.organisationId)).every((p) => p.billingId === billing?.id)).toBe(true);
    await runSubscriptionMaintenance(app.db, '2026-11-27');
    const after = ((await inject('GET', '/billings', a.owner)).json() as { data: Billing[] }).data;
    expect(after).toHaveLength(before + 1);
  });

  it('rides on the period billing when a period begins', async () => {
    await app.db
      .update(subscriptions)
      .set({ nextBillingDate: '2026-12-31' })
      .where(eq(subscriptions.organisationId, a.organisationId));
    expect((await inject('POST', '/support/buy_support_hours', a.owner, { hours: 0.25 })).statusCode).toBe(201);
    expect((await inject('POST', '/support/buy_support_hours', a.owner, { hours: 1 })).statusCode).toBe(201);
    await runSubscriptionMaintenance(app.db, '2026-12-31');
    const billings = ((await inject('GET', '/billings', a.owner)).json() as { data: Billing[] }).data;
    const period = billings.find((x) => x.periodStart === '2026-12-31');
    expect(period?.lines.map((l) => l.kind)).toContain('package_fee');
    expect(period?.lines.find((l) => l.kind === 'support')).toMatchObject({ quantityHundredths: 125, amountOre: 187_500 });
  });

  it('refuses bad hours with field messages and writes nothing', async () => {
    const before = (await purchasesOf(a.organisationId)).length;
    const cases: [unknown, string][] = [
      [0, 'Ange fler än 0 timmar'],
      [-1, 'Ange fler än 0 timmar'],
      [1.255, 'Ange högst två decimaler'],
      [41, 'Du kan köpa högst 40 timmar åt gången'],
      ['1,5', 'Fältet timmar har fel typ'],
      [null, 'Detta fält är obligatoriskt'],
    ];
    for (const [hours, message] of cases) {
      const res = await inject('POST', '/support/buy_support_hours', a.owner, { hours });
      expect(res.statusCode, String(hours)).toBe(400);
      expect((res.json() as { error: Record<string, string[]> }).error.hours).toEqual([message]);
    }
    expect((await purchasesOf(a.organisationId)).length).toBe(before);
  });

  it('needs the subscription scope', async () => {
    expect((await inject('POST', '/support/buy_support_hours', aStaff, { hours: 1 })).statusCode).toBe(403);
    expect((await inject('POST', '/support/buy_support_hours', null, { hours: 1 })).statusCode).toBe(401);
    expect(await purchasesOf(b.organisationId)).toEqual([]);
  });
});
