import type { RecipientsPreview } from '@fairway/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createOrganisation, type TestMember, type TestOrganisation } from '../../../test/fixtures/users';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { App } from '../../app';
import { families, familyMembers, memberCategories, members } from '../members/members.tables';
import { segmentMembers, segments } from '../segments/segments.tables';
import { memberCareUnsubscribes } from './member-care.tables';
import { unsubscribeToken } from './unsubscribe';

let t: TestApp;
let app: App;
let a: TestOrganisation;
let b: TestOrganisation;
let aOther: TestMember;
let aAccountant: TestMember;
const ids: Record<string, string> = {};

async function member(org: TestOrganisation, values: Partial<typeof members.$inferInsert> & { firstname: string }) {
  const [row] = await app.db
    .insert(members)
    .values({ organisationId: org.organisationId, clubAccountId: org.clubAccountId, lastname: 'Test', ...values })
    .returning({ id: members.id });
  if (!row) throw new Error('no member');
  ids[values.firstname] = row.id;
  return row.id;
}

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  a = await createOrganisation(app, { name: 'Alfa GK' });
  b = await createOrganisation(app, { name: 'Beta GK', organisationNumber: '559412-3456' });
  aOther = await addMember(app, a, 'Other');
  aAccountant = await addMember(app, a, 'Accountant');
  const [junior] = await app.db
    .insert(memberCategories)
    .values({ organisationId: a.organisationId, clubAccountId: a.clubAccountId, name: 'Junior', junior: true })
    .returning({ id: memberCategories.id });
  const anna = await member(a, {
    firstname: 'Anna',
    email: 'anna@example.se',
    phoneMobile: '+46701234567',
    customerNumber: '10',
  });
  await member(a, { firstname: 'Bo', phoneMobile: '+4687654321', customerNumber: '11' });
  await member(a, { firstname: 'Cia', email: 'cia@example.se', active: false });
  const dan = await member(a, { firstname: 'Dan', memberCategoryId: junior?.id, guardianId: anna });
  await member(a, { firstname: 'Eva', email: 'eva@example.se', phoneMobile: '+46709876543' });
  await app.db
    .insert(memberCareUnsubscribes)
    .values({ organisationId: a.organisationId, memberId: ids.Eva as string, channel: 'email', source: 'link' });
  const [family] = await app.db
    .insert(families)
    .values({ organisationId: a.organisationId, clubAccountId: a.clubAccountId, name: 'Familjen Test' })
    .returning({ id: families.id });
  await app.db.insert(familyMembers).values([
    {
      memberId: anna,
      familyId: family?.id as string,
      organisationId: a.organisationId,
      clubAccountId: a.clubAccountId,
      role: 'payer',
    },
    {
      memberId: dan,
      familyId: family?.id as string,
      organisationId: a.organisationId,
      clubAccountId: a.clubAccountId,
      role: 'child',
    },
  ]);
  const [segment] = await app.db
    .insert(segments)
    .values({
      organisationId: a.organisationId,
      clubAccountId: a.clubAccountId,
      kind: 'customer',
      name: 'Styrelsen',
      recurringBilling: false,
      pricesIncludeVat: true,
      interestBilling: false,
    })
    .returning({ id: segments.id });
  ids.segment = segment?.id as string;
  await app.db.insert(segmentMembers).values({
    segmentId: ids.segment,
    organisationId: a.organisationId,
    clubAccountId: a.clubAccountId,
    kind: 'customer',
    number: '10',
  });
  const [bSegment] = await app.db
    .insert(segments)
    .values({
      organisationId: b.organisationId,
      clubAccountId: b.clubAccountId,
      kind: 'customer',
      name: 'Andra',
      recurringBilling: false,
      pricesIncludeVat: true,
      interestBilling: false,
    })
    .returning({ id: segments.id });
  ids.bSegment = bSegment?.id as string;
  ids.bMember = await member(b, { firstname: 'Beata', email: 'beata@example.se' });
});

afterAll(async () => {
  await t?.close();
});

const preview = (who: { headers: Record<string, string> }, body: object, lang = 'en') =>
  app.inject({
    method: 'POST',
    url: '/api/v1/member_care/recipients/preview',
    headers: { ...who.headers, 'accept-language': lang },
    payload: body,
  });

const reasons = (p: RecipientsPreview) => Object.fromEntries(p.excluded.map((e) => [e.name, e.reason]));

describe('POST member_care/recipients/preview', () => {
  it('counts who an e-mail reaches and lists the members left out with the reason', async () => {
    const res = await preview(aOther, { channel: 'email', selection: {} });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as RecipientsPreview;
    expect(data.count).toBe(1);
    expect(reasons(data)).toEqual({
      'Bo Test': 'no_email',
      'Cia Test': 'inactive',
      'Dan Test': 'no_email',
      'Eva Test': 'unsubscribed',
    });
    expect(data.excludedByReason).toEqual({ no_email: 2, no_mobile: 0, unsubscribed: 1, inactive: 1 });
  });

  it('reaches a junior without an own address through the guardian when the club chooses so', async () => {
    const res = await preview(aOther, { channel: 'email', selection: { juniorsReachPayer: true } });
    const data = res.json().data as RecipientsPreview;
    expect(data.count).toBe(2);
    expect(data.viaPayer).toBe(1);
    expect(reasons(data)['Dan Test']).toBeUndefined();
  });

  it('takes SMS recipients by mobile number only (a landline is no mobile number) and honours the channel of an unsubscribe', async () => {
    const data = (await preview(aOther, { channel: 'sms', selection: {} })).json().data as RecipientsPreview;
    // Anna and Eva (unsubscribed from e-mail only).
    expect(data.count).toBe(2);
    expect(reasons(data)).toMatchObject({ 'Bo Test': 'no_mobile', 'Dan Test': 'no_mobile' });
  });

  it('filters by status, family role, segment and picked members', async () => {
    const inactive = (await preview(aOther, { channel: 'email', selection: { status: 'inactive' } })).json().data;
    expect(inactive.count).toBe(1);
    const payers = (await preview(aOther, { channel: 'email', selection: { familyRole: 'payer' } })).json().data;
    expect(payers.count).toBe(1);
    expect(payers.excludedCount).toBe(0);
    const guardianRes = await preview(aOther, { channel: 'sms', selection: { familyRole: 'guardian' } });
    expect(guardianRes.statusCode, guardianRes.body).toBe(200);
    const guardians = guardianRes.json().data;
    expect(guardians.count).toBe(1);
    const segment = (await preview(aOther, { channel: 'sms', selection: { segmentId: ids.segment } })).json().data;
    expect(segment.count).toBe(1);
    const picked = (await preview(aOther, { channel: 'email', selection: { memberIds: [ids.Bo, ids.Anna] } })).json().data;
    expect(picked.count).toBe(1);
    expect(picked.excludedCount).toBe(1);
  });

  it("never takes another organisation's members or segments", async () => {
    const picked = await preview(aOther, { channel: 'email', selection: { memberIds: [ids.Anna, ids.bMember] } });
    expect(picked.statusCode).toBe(404);
    const segment = await preview(aOther, { channel: 'email', selection: { segmentId: ids.bSegment } });
    expect(segment.statusCode).toBe(404);
  });

  it('refuses bad input field by field and a user without the member care scope', async () => {
    const bad = await preview(aOther, { channel: 'fax', selection: { ageFrom: 30, ageTo: 20 } }, 'sv');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error)).toEqual(['channel', 'selection.ageTo']);
    const range = await preview(aOther, { channel: 'email', selection: { ageFrom: 30, ageTo: 20 } });
    expect(range.statusCode).toBe(400);
    expect(JSON.stringify(range.json())).toContain('age to may not be below');
    const denied = await preview(aAccountant, { channel: 'email', selection: {} });
    expect(denied.statusCode).toBe(403);
  });
});

describe('unsubscribing', () => {
  it('shows a confirming page for the link, stores the one-click POST per channel, and every later selection honours it', async () => {
    const token = unsubscribeToken(app.config.JWT_SECRET, {
      organisationId: a.organisationId,
      memberId: ids.Anna as string,
      channel: 'email',
      sendoutId: null,
    });
    const url = `/api/v1/member_care/unsubscribe/${token}`;
    const page = await app.inject({ method: 'GET', url, headers: { 'accept-language': 'sv' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<form method="post"');
    expect(page.body).toContain('Avregistrera mig');
    // Opening the page (or a link checker fetching it) changes nothing.
    expect((await preview(aOther, { channel: 'email', selection: {} })).json().data.count).toBe(1);

    const oneClick = await app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    // A repeat (the page's button after the mail program's one-click) is harmless.
    expect((await app.inject({ method: 'POST', url })).statusCode).toBe(200);

    const email = (await preview(aOther, { channel: 'email', selection: {} })).json().data as RecipientsPreview;
    expect(email.count).toBe(0);
    expect(reasons(email)['Anna Test']).toBe('unsubscribed');
    // E-mail only: SMS still reach her.
    const sms = (await preview(aOther, { channel: 'sms', selection: {} })).json().data as RecipientsPreview;
    expect(reasons(sms)['Anna Test']).toBeUndefined();
  });

  it('refuses a token that was not signed here, and stores nothing', async () => {
    const token = unsubscribeToken('another-secret-another-secret-another-secret', {
      organisationId: a.organisationId,
      memberId: ids.Bo as string,
      channel: 'sms',
      sendoutId: null,
    });
    const url = `/api/v1/member_care/unsubscribe/${token}`;
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url })).statusCode).toBe(404);
    const rows = await app.db.select().from(memberCareUnsubscribes);
    expect(rows.map((r) => r.memberId)).not.toContain(ids.Bo);
  });
});
