import { randomUUID } from 'node:crypto';
import type { Family, MemberCategory, MemberDetail, MemberListRow, PlayerCategory } from '@fairway/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createOrganisation, type TestMember, type TestOrganisation } from '../../../test/fixtures/users';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { App } from '../../app';
import { eventLogs } from '../eventlogs/eventlogs.tables';
import { feeRules } from '../fees/fees.tables';
import { invoices } from '../invoices/invoices.tables';
import { roles } from '../permissions/permissions.tables';
import { yearsBefore } from './members.repository';
import { today } from './members.service';
import { members } from './members.tables';

let t: TestApp;
let app: App;
let a: TestOrganisation;
let b: TestOrganisation;
let aOther: TestMember;
let aNoMembers: TestMember;

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  a = await createOrganisation(app, { name: 'Alfa GK' });
  b = await createOrganisation(app, { name: 'Beta GK', organisationNumber: '559412-3456' });
  aOther = await addMember(app, a, 'Other');
  const [role] = await app.db
    .insert(roles)
    .values({ organisationId: a.organisationId, name: 'Kassa', scopes: ['customers.read'] })
    .returning();
  aNoMembers = await addMember(app, a, 'Staff', { roleId: role?.id });
});

/** A fee rule of the organisation's club account. */
async function feeRuleOf(org: TestOrganisation, name = 'Familjeregel'): Promise<string> {
  const [rule] = await app.db
    .insert(feeRules)
    .values({ organisationId: org.organisationId, clubAccountId: org.clubAccountId, name })
    .returning({ id: feeRules.id });
  return rule?.id as string;
}

afterAll(async () => {
  await t?.close();
});

type Who = { headers: Record<string, string> };
const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: Who, payload?: object, lang = 'en') =>
  app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...who.headers, 'accept-language': lang },
    ...(payload === undefined ? {} : { payload }),
  });

let serial = 100;
/** A golf ID with a real date and a serial of its own. */
const golfId = (birth = '900101') => `${birth}-${String(++serial).slice(-3)}`;

async function create(who: Who, body: Record<string, unknown>): Promise<MemberDetail> {
  const res = await api('POST', '/members', who, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as MemberDetail;
}

const list = async (who: Who, query: string) => {
  const res = await api('GET', `/members?${query}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: MemberListRow[]; pagination: { page: number; pageSize: number; total: number } };
};

describe('members: create, read, update, delete', () => {
  it('creates a member with normalised golf ID, E.164 phones and the handicap, and reads it back', async () => {
    const created = await create(a.owner, {
      firstname: ' Greta ',
      lastname: 'Golfsson',
      email: 'Greta@Example.SE',
      birthDate: '1985-03-12',
      sex: 'female',
      golfId: '850312001',
      personalNumber: '19811218-9876',
      hcp: 18.4,
      phoneMobile: '070-123 45 67',
      phoneHome: '018-12 34 56',
      homeAddress: 'Klubbvägen 1',
      zipCode: '752 67',
      city: 'Uppsala',
      billingMethod: 'einvoice',
      billingCycle: 'quarterly',
    });
    expect(created).toMatchObject({
      firstname: 'Greta',
      email: 'greta@example.se',
      golfId: '850312-001',
      hcp: 18.4,
      phoneMobile: '+46701234567',
      phoneHome: '+4618123456',
      country: 'SE',
      active: true,
      status: 'active',
      source: 'portal',
      billingMethod: 'einvoice',
      billingCycle: 'quarterly',
      family: null,
      guardian: null,
      notes: [],
    });
    expect(created.age).toBeGreaterThanOrEqual(40);

    const read = await api('GET', `/members/${created.id}`, aOther);
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toEqual(created);
  });

  it('answers every wrong field at once, localised, and stores nothing', async () => {
    const before = (await list(a.owner, 'pageSize=1')).pagination.total;
    const res = await api(
      'POST',
      '/members',
      a.owner,
      {
        firstname: '',
        lastname: 'Fel',
        email: 'inte-en-adress',
        golfId: '850230-001',
        personalNumber: '811218-9875',
        phoneMobile: '12',
        hcp: 54.5,
      },
      'sv',
    );
    expect(res.statusCode).toBe(400);
    const error = res.json().error as Record<string, string[]>;
    expect(error.firstname).toEqual(['Detta fält är obligatoriskt']);
    expect(error.golfId).toEqual(['Ogiltigt golf-ID, ange i följande format: ÅÅMMDD-NNN']);
    expect(error.personalNumber?.[0]).toMatch(/^Ogiltigt personnummer/);
    expect(error.phoneMobile).toEqual(['Ogiltigt telefonnummer']);
    expect(error.hcp?.[0]).toMatch(/^Handicap måste vara mellan -10 och 54/);
    expect(error.email).toHaveLength(1);
    expect((await list(a.owner, 'pageSize=1')).pagination.total).toBe(before);
  });

  it('keeps golf IDs unique per club account, but another club may use the same one', async () => {
    const id = golfId('770707');
    await create(a.owner, { firstname: 'Första', lastname: 'Ek', golfId: id });
    const twice = await api('POST', '/members', a.owner, { firstname: 'Andra', lastname: 'Ek', golfId: id });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.golfId).toEqual([`The golf ID ${id} is already used by another member`]);
    await create(b.owner, { firstname: 'Tredje', lastname: 'Ek', golfId: id });
  });

  it('changes only the fields sent, checks references, and deletes', async () => {
    const cat = (await api('POST', '/membercategories', a.owner, { name: 'Vardagsmedlem', code: 'VARDAG' })).json()
      .data as MemberCategory;
    const m = await create(a.owner, { firstname: 'Olle', lastname: 'Ändring', golfId: golfId('600101'), city: 'Enköping' });
    const put = await api('PUT', `/members/${m.id}`, a.owner, {
      hcp: -2.5,
      memberCategoryId: cat.id,
      phoneWork: '+46 8 123 456 78',
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toMatchObject({
      hcp: -2.5,
      city: 'Enköping',
      firstname: 'Olle',
      phoneWork: '+46812345678',
      memberCategory: { id: cat.id, name: 'Vardagsmedlem', code: 'VARDAG', junior: false },
    });

    const badRefs = await api('PUT', `/members/${m.id}`, a.owner, { guardianId: m.id, playerCategoryId: randomUUID() });
    expect(badRefs.statusCode).toBe(400);
    expect(badRefs.json().error).toEqual({
      guardianId: ['A member cannot be their own guardian'],
      playerCategoryId: ['The category does not exist'],
    });

    const billing = await api('PUT', `/member_billing/${m.id}`, a.owner, { billingName: 'Olle AB', billingMethod: 'letter' });
    expect(billing.statusCode).toBe(200);
    expect(billing.json().data).toMatchObject({
      memberId: m.id,
      billingName: 'Olle AB',
      billingMethod: 'letter',
      guardian: null,
    });
    expect((await api('GET', `/member_billing/${m.id}`, aOther)).json().data.billingName).toBe('Olle AB');

    expect((await api('DELETE', `/members/${m.id}`, a.owner)).statusCode).toBe(200);
    expect((await api('GET', `/members/${m.id}`, a.owner)).statusCode).toBe(404);
    expect((await api('DELETE', `/members/${m.id}`, a.owner)).statusCode).toBe(404);
  });

  it('keeps notes with their author, newest first', async () => {
    const m = await create(a.owner, { firstname: 'Nora', lastname: 'Notsson' });
    const first = await api('POST', `/members/${m.id}/notes`, a.owner, { text: 'Ringde om fakturan' });
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({ text: 'Ringde om fakturan', authorName: a.owner.name });
    await api('POST', `/members/${m.id}/notes`, a.owner, { text: 'Betalat' });
    const detail = (await api('GET', `/members/${m.id}`, a.owner)).json().data as MemberDetail;
    expect(detail.notes.map((n) => n.text)).toEqual(['Betalat', 'Ringde om fakturan']);
    expect((await api('DELETE', `/members/${m.id}/notes/${first.json().data.id}`, a.owner)).statusCode).toBe(200);
    expect(((await api('GET', `/members/${m.id}`, a.owner)).json().data as MemberDetail).notes).toHaveLength(1);
  });
});

describe('members: the list', () => {
  let junior: MemberCategory;
  let senior: MemberCategory;
  let player: PlayerCategory;
  const on = today();

  beforeAll(async () => {
    junior = (await api('POST', '/membercategories', b.owner, { name: 'Junior', code: 'JUN', junior: true })).json().data;
    senior = (await api('POST', '/membercategories', b.owner, { name: 'Fullvärdig', code: 'FULL' })).json().data;
    player = (await api('POST', '/playercategories', b.owner, { name: 'Tävlingsspelare', code: 'TAV' })).json().data;
    const people = [
      { firstname: 'Åsa', lastname: 'Öberg', sex: 'female', age: 45, cat: senior.id, hcp: 12.3, email: 'asa.oberg@example.se' },
      { firstname: 'Bo', lastname: 'Andersson', sex: 'male', age: 70, cat: senior.id, hcp: 24, active: false },
      { firstname: 'Cilla', lastname: 'Andersson', sex: 'female', age: 12, cat: junior.id, hcp: 36 },
      { firstname: 'David', lastname: 'Berg', sex: 'male', age: 16, cat: junior.id, hcp: 8.1, player: true },
      { firstname: 'Eva', lastname: 'Lund', sex: 'female', age: 30, cat: senior.id, hcp: 0.5, player: true },
    ];
    for (const [i, p] of people.entries()) {
      const birthDate = yearsBefore(on, p.age);
      const res = await api('POST', '/members', b.owner, {
        firstname: p.firstname,
        lastname: p.lastname,
        sex: p.sex,
        birthDate,
        golfId: `${birthDate.slice(2).replaceAll('-', '')}-00${i}`,
        memberNumber: `M${100 + i}`,
        email: p.email ?? null,
        memberCategoryId: p.cat,
        playerCategoryId: p.player ? player.id : null,
        hcp: p.hcp,
        active: p.active ?? true,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
  });

  const names = (rows: MemberListRow[]) => rows.map((r) => `${r.firstname} ${r.lastname}`);

  it('sorts by last name then first name, and by age or handicap either way', async () => {
    // b also has "Tredje Ek" (the golf ID test), with no category, birth date or handicap.
    const byName = await list(b.owner, `memberCategoryId=${senior.id}`);
    expect(names(byName.data)).toEqual(['Bo Andersson', 'Eva Lund', 'Åsa Öberg']);
    const youngest = await list(b.owner, 'sort=age&ageFrom=0&pageSize=2');
    expect(names(youngest.data)).toEqual(['Cilla Andersson', 'David Berg']);
    const oldest = await list(b.owner, 'sort=age&order=desc&ageFrom=0&pageSize=1');
    expect(names(oldest.data)).toEqual(['Bo Andersson']);
    const bestHcp = await list(b.owner, 'sort=hcp&pageSize=2');
    expect(bestHcp.data.map((r) => r.hcp)).toEqual([0.5, 8.1]);
    expect(youngest.data[0]).toMatchObject({ age: 12, memberCategoryName: 'Junior', inFamily: false });
  });

  it('searches names, golf IDs, member numbers and e-mail by word prefix', async () => {
    expect(names((await list(b.owner, 'search=anders')).data)).toEqual(['Bo Andersson', 'Cilla Andersson']);
    // A search of more than a page totals its matches, alone (counted in its terms) or with a filter.
    expect((await list(b.owner, 'search=anders&pageSize=1')).pagination.total).toBe(2);
    expect((await list(b.owner, 'search=anders&active=false&pageSize=1')).pagination.total).toBe(1);
    expect(names((await list(b.owner, 'search=cil%20and')).data)).toEqual(['Cilla Andersson']);
    expect(names((await list(b.owner, 'search=öb')).data)).toEqual(['Åsa Öberg']);
    expect(names((await list(b.owner, 'search=M103')).data)).toEqual(['David Berg']);
    expect(names((await list(b.owner, 'search=asa.oberg@example.se')).data)).toEqual(['Åsa Öberg']);
    const eva = (await list(b.owner, 'search=lund')).data[0] as MemberListRow;
    expect(names((await list(b.owner, `search=${eva.golfId}`)).data)).toEqual(['Eva Lund']);
    expect(names((await list(b.owner, `search=${eva.golfId?.replace('-', '')}`)).data)).toEqual(['Eva Lund']);
    expect((await list(b.owner, 'search=%27%3A*%20%7C%20!zzz')).data).toEqual([]);
  });

  it('filters by active, categories, sex and age range, and pages with a total', async () => {
    expect(names((await list(b.owner, 'active=false')).data)).toEqual(['Bo Andersson']);
    expect(names((await list(b.owner, `memberCategoryId=${junior.id}`)).data)).toEqual(['Cilla Andersson', 'David Berg']);
    expect(names((await list(b.owner, `playerCategoryId=${player.id}`)).data)).toEqual(['David Berg', 'Eva Lund']);
    expect(names((await list(b.owner, `sex=female&memberCategoryId=${senior.id}`)).data)).toEqual(['Eva Lund', 'Åsa Öberg']);
    expect(names((await list(b.owner, 'ageFrom=13&ageTo=45')).data)).toEqual(['David Berg', 'Eva Lund', 'Åsa Öberg']);
    expect(names((await list(b.owner, 'ageTo=12')).data)).toEqual(['Cilla Andersson']);
    const page2 = await list(b.owner, 'pageSize=2&page=2');
    expect(page2.pagination).toEqual({ page: 2, pageSize: 2, total: 6 });
    expect(page2.data).toHaveLength(2);
    const bad = await api('GET', '/members?ageFrom=40&ageTo=20', b.owner);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.ageTo).toEqual(['The lowest age cannot be above the highest age']);
  });

  it('takes the members with given ids in one call, comma-separated or repeated; another organisation’s ids take nobody', async () => {
    const all = (await list(b.owner, `memberCategoryId=${junior.id}`)).data;
    const [cilla, david] = all as [MemberListRow, MemberListRow];
    const foreign = await create(a.owner, { firstname: 'Annan', lastname: 'Klubb' });
    const both = await list(b.owner, `ids=${david.id},${cilla.id},${foreign.id}`);
    expect(names(both.data)).toEqual(['Cilla Andersson', 'David Berg']);
    expect(both.pagination.total).toBe(2);
    expect(names((await list(b.owner, `ids=${david.id}&ids=${foreign.id}`)).data)).toEqual(['David Berg']);
    expect((await list(b.owner, `ids=${foreign.id}`)).data).toEqual([]);
    // The other filters still hold beside the ids.
    expect(names((await list(b.owner, `ids=${cilla.id},${david.id}&playerCategoryId=${player.id}`)).data)).toEqual([
      'David Berg',
    ]);
    const bad = await api('GET', '/members?ids=not-an-id', b.owner);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error)[0]).toMatch(/^ids/);
    const tooMany = Array.from({ length: 101 }, () => randomUUID()).join(',');
    expect((await api('GET', `/members?ids=${tooMany}`, b.owner)).statusCode).toBe(400);
  });

  it('counts again after a write (the cached total follows the list version)', async () => {
    const before = (await list(b.owner, 'pageSize=1')).pagination.total;
    const extra = await create(b.owner, { firstname: 'Extra', lastname: 'Räknad' });
    expect((await list(b.owner, 'pageSize=1')).pagination.total).toBe(before + 1);
    await api('DELETE', `/members/${extra.id}`, b.owner);
    expect((await list(b.owner, 'pageSize=1')).pagination.total).toBe(before);
  });

  it('filters members who owe money and members in a family', async () => {
    const rows = (await list(b.owner, `memberCategoryId=${senior.id}`)).data;
    const eva = rows.find((r) => r.firstname === 'Eva') as MemberListRow;
    const bo = rows.find((r) => r.firstname === 'Bo') as MemberListRow;
    // Eva's customer has an open invoice in the accounting mirror: that is her balance.
    await app.db.update(members).set({ customerNumber: '7001' }).where(eq(members.id, eva.id));
    await app.db.insert(invoices).values({
      organisationId: b.organisationId,
      clubAccountId: b.clubAccountId,
      number: '70001',
      customerNumber: '7001',
      customerName: 'Eva Lund',
      invoiceDate: '2026-01-02',
      dueDate: '2026-01-31',
      netOre: 150000,
      vatOre: 0,
      totalOre: 150000,
      balanceOre: 150000,
      currency: 'SEK',
      invoiceType: 'INVOICE',
      booked: true,
      cancelled: false,
      sent: true,
      isCredit: false,
      credited: false,
      data: {} as never,
    });
    expect(names((await list(b.owner, 'hasBalance=true')).data)).toEqual(['Eva Lund']);
    const fam = await api('POST', '/family', b.owner, {
      name: 'Andersson',
      members: [{ memberId: bo.id, role: 'payer' }],
    });
    expect(fam.statusCode, fam.body).toBe(201);
    expect(names((await list(b.owner, 'inFamily=true')).data)).toEqual(['Bo Andersson']);
    expect((await list(b.owner, 'inFamily=false')).data.some((r) => r.firstname === 'Bo')).toBe(false);
  });
});

describe('members: bulk actions', () => {
  it("answers 'Kindly select one or more members' for an empty selection", async () => {
    const en = await api('POST', '/members/bulk', a.owner, { action: 'activate', ids: [] });
    expect(en.statusCode).toBe(400);
    expect(en.json()).toMatchObject({
      error: 'Kindly select one or more members',
      eng_message: 'Kindly select one or more members',
    });
    const sv = await api('POST', '/members/bulk', a.owner, { action: 'delete', ids: [] }, 'sv');
    expect(sv.json().error).toBe('Välj en eller flera medlemmar');
  });

  it('activates, deactivates, sets category and fee rule, and deletes the selected members', async () => {
    const cat = (await api('POST', '/membercategories', a.owner, { name: 'Passiv', code: 'PASSIV' })).json()
      .data as MemberCategory;
    const ms = [
      await create(a.owner, { firstname: 'Bulk', lastname: 'Ett' }),
      await create(a.owner, { firstname: 'Bulk', lastname: 'Två' }),
    ];
    const ids = ms.map((m) => m.id);
    const off = await api('POST', '/members/bulk', a.owner, { action: 'deactivate', ids });
    expect(off.json().data).toEqual({ action: 'deactivate', affected: 2 });
    const [logged] = await app.db
      .select()
      .from(eventLogs)
      .where(and(eq(eventLogs.clubAccountId, a.clubAccountId), eq(eventLogs.activity, 'members.bulkDeactivated')));
    expect(logged).toMatchObject({ resource: 'members', type: 'INFO', params: { actor: a.owner.name, count: 2 } });
    const feeRuleId = await feeRuleOf(a);
    await api('POST', '/members/bulk', a.owner, { action: 'setCategory', ids, memberCategoryId: cat.id });
    await api('POST', '/members/bulk', a.owner, { action: 'setFeeRule', ids, feeRuleId });
    for (const id of ids) {
      const m = (await api('GET', `/members/${id}`, a.owner)).json().data as MemberDetail;
      expect(m).toMatchObject({ active: false, feeRuleId, memberCategory: { id: cat.id } });
    }
    expect(
      (await api('GET', '/membercategories', a.owner)).json().data.find((c: MemberCategory) => c.id === cat.id).memberCount,
    ).toBe(2);
    await api('POST', '/members/bulk', a.owner, { action: 'activate', ids });
    expect(((await api('GET', `/members/${ids[0]}`, a.owner)).json().data as MemberDetail).active).toBe(true);
    const del = await api('POST', '/members/bulk', a.owner, { action: 'delete', ids });
    expect(del.json().data).toEqual({ action: 'delete', affected: 2 });
    expect((await api('GET', `/members/${ids[1]}`, a.owner)).statusCode).toBe(404);
  });

  it('changes nothing when one selected member is not the club account’s or cannot go', async () => {
    const mine = await create(a.owner, { firstname: 'Kvar', lastname: 'Kvarsson' });
    const theirs = await create(b.owner, { firstname: 'Annan', lastname: 'Klubb' });
    const mixed = await api('POST', '/members/bulk', a.owner, { action: 'deactivate', ids: [mine.id, theirs.id] });
    expect(mixed.statusCode).toBe(404);
    expect(((await api('GET', `/members/${mine.id}`, a.owner)).json().data as MemberDetail).active).toBe(true);
    expect(((await api('GET', `/members/${theirs.id}`, b.owner)).json().data as MemberDetail).active).toBe(true);

    // A payer whose family keeps others cannot be deleted: the whole delete is refused.
    const payer = await create(a.owner, { firstname: 'Betal', lastname: 'Familj' });
    const child = await create(a.owner, { firstname: 'Barn', lastname: 'Familj' });
    const fam = await api('POST', '/family', a.owner, {
      name: 'Familj',
      members: [
        { memberId: payer.id, role: 'payer' },
        { memberId: child.id, role: 'child' },
      ],
    });
    expect(fam.statusCode).toBe(201);
    const refused = await api('POST', '/members/bulk', a.owner, { action: 'delete', ids: [mine.id, payer.id] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('Betal Familj is the payer of the family Familj: choose another payer first');
    expect((await api('GET', `/members/${mine.id}`, a.owner)).statusCode).toBe(200);
    // With the whole family selected, it may go.
    const all = await api('POST', '/members/bulk', a.owner, { action: 'delete', ids: [payer.id, child.id] });
    expect(all.json().data.affected).toBe(2);
  });
});

describe('families', () => {
  it('builds a family tree with one payer, a fee rule and a discount, and shows it on each member', async () => {
    const [mamma, pappa, barn, ensam] = [
      await create(a.owner, { firstname: 'Maria', lastname: 'Svensson', birthDate: '1980-01-01' }),
      await create(a.owner, { firstname: 'Per', lastname: 'Svensson', birthDate: '1979-05-05' }),
      await create(a.owner, { firstname: 'Lisa', lastname: 'Svensson', birthDate: '2012-07-07' }),
      await create(a.owner, { firstname: 'Ensam', lastname: 'Varg' }),
    ] as MemberDetail[];
    const feeRuleId = await feeRuleOf(a);
    const res = await api('POST', '/family', a.owner, {
      name: 'Familjen Svensson',
      feeRuleId,
      discountType: 'percentage',
      discountValue: 1000,
      members: [
        { memberId: barn.id, role: 'child' },
        { memberId: mamma.id, role: 'payer' },
        { memberId: pappa.id, role: 'partner' },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const family = res.json().data as Family;
    expect(family).toMatchObject({ name: 'Familjen Svensson', feeRuleId, discountType: 'percentage', discountValue: 1000 });
    expect(family.members.map((m) => [m.firstname, m.role])).toEqual([
      ['Maria', 'payer'],
      ['Per', 'partner'],
      ['Lisa', 'child'],
    ]);
    const lisa = (await api('GET', `/members/${barn.id}`, a.owner)).json().data as MemberDetail;
    expect(lisa.family).toMatchObject({ id: family.id, name: 'Familjen Svensson', role: 'child' });
    expect(lisa.family?.members).toHaveLength(3);

    // A member is in at most one family.
    const again = await api('POST', '/family', a.owner, { name: 'Annan', members: [{ memberId: barn.id, role: 'payer' }] });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe('Lisa Svensson already belongs to the family Familjen Svensson');

    // Add a member, change a role, refuse a second payer, take one out.
    const added = await api('POST', `/family/${family.id}/members`, a.owner, { memberId: ensam.id, role: 'other' });
    expect(added.statusCode).toBe(200);
    expect((added.json().data as Family).members).toHaveLength(4);
    const second = await api('POST', `/family/${family.id}/members`, a.owner, { memberId: pappa.id, role: 'payer' });
    expect(second.statusCode).toBe(400);
    expect(second.json().error).toBe('The family already has a payer. Edit the family to change the payer.');
    const role = await api('POST', `/family/${family.id}/members`, a.owner, { memberId: pappa.id, role: 'other' });
    expect((role.json().data as Family).members.find((m) => m.id === pappa.id)?.role).toBe('other');
    const demoted = await api('POST', `/family/${family.id}/members`, a.owner, { memberId: mamma.id, role: 'child' });
    expect(demoted.json().error).toBe('Maria Svensson is the payer of the family Familjen Svensson: choose another payer first');
    const payerOut = await api('DELETE', `/family/${family.id}/members/${mamma.id}`, a.owner);
    expect(payerOut.statusCode).toBe(400);
    const out = await api('DELETE', `/family/${family.id}/members/${ensam.id}`, a.owner);
    expect((out.json().data as Family).members).toHaveLength(3);

    const listed = await api('GET', '/family?search=svensson', aOther);
    expect(listed.json()).toMatchObject({
      data: [{ id: family.id, memberCount: 3, payer: { firstname: 'Maria' } }],
      pagination: { total: 1 },
    });

    // Replace the tree: Per becomes the payer.
    const put = await api('PUT', `/family/${family.id}`, a.owner, {
      name: 'Svenssons',
      discountType: 'amount',
      discountValue: 50000,
      members: [
        { memberId: pappa.id, role: 'payer' },
        { memberId: barn.id, role: 'child' },
      ],
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toMatchObject({ name: 'Svenssons', discountType: 'amount', discountValue: 50000, feeRuleId: null });
    expect(((await api('GET', `/members/${mamma.id}`, a.owner)).json().data as MemberDetail).family).toBeNull();

    expect((await api('DELETE', `/family/${family.id}`, a.owner)).statusCode).toBe(200);
    expect(((await api('GET', `/members/${barn.id}`, a.owner)).json().data as MemberDetail).family).toBeNull();
  });

  it('says the member is missing from the family tree when member or role is not given, and changes nothing', async () => {
    const payer = await create(a.owner, { firstname: 'Fam', lastname: 'Fel' });
    const family = (
      await api('POST', '/family', a.owner, { name: 'Fel', members: [{ memberId: payer.id, role: 'payer' }] })
    ).json().data as Family;
    const noRole = await api('POST', `/family/${family.id}/members`, a.owner, { memberId: payer.id }, 'sv');
    expect(noRole.statusCode).toBe(400);
    expect(noRole.json().error.role).toEqual(['Medlemmen saknas i familjeträdet: ange både medlem och roll']);
    const noMember = await api('POST', `/family/${family.id}/members`, a.owner, { role: 'child' });
    expect(noMember.json().error.memberId).toEqual(['The member is missing from the family tree: give both member and role']);
    // A member id that is not the club account's is just as missing.
    const other = await create(b.owner, { firstname: 'Främling', lastname: 'Beta' });
    const foreign = await api('POST', `/family/${family.id}/members`, a.owner, { memberId: other.id, role: 'child' });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({
      error: 'The member is missing from the family tree: give both member and role',
      message: 'Medlemmen saknas i familjeträdet: ange både medlem och roll',
    });
    expect(((await api('GET', `/family/${family.id}`, a.owner)).json().data as Family).members).toHaveLength(1);
    const twoPayers = await api('POST', '/family', a.owner, {
      name: 'Två',
      members: [
        { memberId: randomUUID(), role: 'payer' },
        { memberId: randomUUID(), role: 'payer' },
      ],
    });
    expect(twoPayers.json().error.members).toEqual(['A family must have exactly one payer']);
  });
});

describe('fee rule references', () => {
  it('stores only a fee rule of the club account: another organisation’s or an unknown one is a field error', async () => {
    const foreign = await feeRuleOf(b, 'Betas regel');
    const member = (await create(a.owner, { firstname: 'Fia', lastname: 'Regel' })) as MemberDetail;
    for (const feeRuleId of [foreign, randomUUID()]) {
      const category = await api('POST', '/membercategories', a.owner, {
        name: `Regellös ${feeRuleId}`,
        defaultFeeRuleId: feeRuleId,
      });
      expect(category.statusCode).toBe(400);
      expect(category.json()).toMatchObject({ error: { defaultFeeRuleId: ['The fee rule does not exist'] } });
      const created = await api('POST', '/members', a.owner, { firstname: 'Ny', lastname: 'Medlem', feeRuleId }, 'sv');
      expect(created.json()).toMatchObject({ error: { feeRuleId: ['Avgiftsregeln finns inte'] } });
      expect((await api('PUT', `/members/${member.id}`, a.owner, { feeRuleId })).statusCode).toBe(400);
      const bulk = await api('POST', '/members/bulk', a.owner, { action: 'setFeeRule', ids: [member.id], feeRuleId });
      expect(bulk.json()).toMatchObject({ error: { feeRuleId: ['The fee rule does not exist'] } });
      const family = await api('POST', '/family', a.owner, {
        name: 'Familjen Regel',
        feeRuleId,
        members: [{ memberId: member.id, role: 'payer' }],
      });
      expect(family.json()).toMatchObject({ error: { feeRuleId: ['The fee rule does not exist'] } });
    }
    expect(((await api('GET', `/members/${member.id}`, a.owner)).json().data as MemberDetail).feeRuleId).toBeNull();
    // The database holds the same rule for a path that forgot to ask.
    const stored = app.db.update(members).set({ feeRuleId: foreign }).where(eq(members.id, member.id));
    await expect(stored).rejects.toMatchObject({ cause: expect.objectContaining({ code: '23503' }) });
  });

  it('lets a fee rule be deleted while in use: who used it keeps their place without a rule', async () => {
    const rule = await feeRuleOf(a, 'Snart borta');
    const member = (await create(a.owner, { firstname: 'Ove', lastname: 'Regel', feeRuleId: rule })) as MemberDetail;
    const category = (await api('POST', '/membercategories', a.owner, { name: 'Med regel', defaultFeeRuleId: rule })).json()
      .data as MemberCategory;
    expect((await api('DELETE', `/fee_rules/${rule}`, a.owner)).statusCode).toBe(200);
    expect(((await api('GET', `/members/${member.id}`, a.owner)).json().data as MemberDetail).feeRuleId).toBeNull();
    expect(
      ((await api('GET', `/membercategories/${category.id}`, a.owner)).json().data as MemberCategory).defaultFeeRuleId,
    ).toBeNull();
  });

  it('refuses a list filter by a category that is not the club account’s', async () => {
    const foreign = (await api('POST', '/membercategories', b.owner, { name: 'Betas kategori' })).json().data as MemberCategory;
    const res = await api('GET', `/members?memberCategoryId=${foreign.id}&playerCategoryId=${randomUUID()}`, a.owner);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: { memberCategoryId: ['The category does not exist'], playerCategoryId: ['The category does not exist'] },
    });
  });
});

describe('categories', () => {
  it('creates, changes and deletes member and player categories; members keep their place', async () => {
    const created = await api('POST', '/membercategories', a.owner, {
      name: 'Junior 13–21',
      code: 'JUN21',
      description: 'Juniorer',
      junior: true,
      defaultFeeRuleId: await feeRuleOf(a),
    });
    expect(created.statusCode).toBe(201);
    const cat = created.json().data as MemberCategory;
    expect(cat).toMatchObject({ name: 'Junior 13–21', junior: true, memberCount: 0 });
    const dup = await api('POST', '/membercategories', a.owner, { name: 'Dubblett', code: 'JUN21' });
    expect(dup.json().error.code).toEqual(['A category with the code JUN21 already exists']);
    const m = await create(a.owner, { firstname: 'Kat', lastname: 'Egori', memberCategoryId: cat.id });
    const put = await api('PUT', `/membercategories/${cat.id}`, a.owner, { name: 'Junior', code: 'JUN21' });
    expect(put.json().data).toMatchObject({ name: 'Junior', junior: false, memberCount: 1 });
    expect((await api('DELETE', `/membercategories/${cat.id}`, a.owner)).statusCode).toBe(200);
    expect(((await api('GET', `/members/${m.id}`, a.owner)).json().data as MemberDetail).memberCategory).toBeNull();

    const pc = (await api('POST', '/playercategories', a.owner, { name: 'Seniortävling' })).json().data as PlayerCategory;
    expect(pc).toMatchObject({ name: 'Seniortävling', code: null, memberCount: 0 });
    expect(pc).not.toHaveProperty('junior');
    expect((await api('GET', `/playercategories/${pc.id}`, aOther)).json().data.id).toBe(pc.id);
  });
});

describe('tenancy and scopes', () => {
  it("answers 404 for another organisation's ids on every id route", async () => {
    const m = await create(b.owner, { firstname: 'Hemlig', lastname: 'Beta' });
    const note = (await api('POST', `/members/${m.id}/notes`, b.owner, { text: 'hemlig' })).json().data;
    const cat = (await api('POST', '/membercategories', b.owner, { name: 'Beta-kat' })).json().data;
    const pc = (await api('POST', '/playercategories', b.owner, { name: 'Beta-spel' })).json().data;
    const fam = (await api('POST', '/family', b.owner, { name: 'Beta', members: [{ memberId: m.id, role: 'payer' }] })).json()
      .data;
    const calls: [Parameters<typeof api>[0], string, object?][] = [
      ['GET', `/members/${m.id}`],
      ['PUT', `/members/${m.id}`, { firstname: 'Kapad' }],
      ['DELETE', `/members/${m.id}`],
      ['POST', `/members/${m.id}/notes`, { text: 'x' }],
      ['DELETE', `/members/${m.id}/notes/${note.id}`],
      ['POST', '/members/bulk', { action: 'deactivate', ids: [m.id] }],
      ['GET', `/member_billing/${m.id}`],
      ['PUT', `/member_billing/${m.id}`, { billingName: 'Kapad' }],
      ['GET', `/membercategories/${cat.id}`],
      ['PUT', `/membercategories/${cat.id}`, { name: 'Kapad' }],
      ['DELETE', `/membercategories/${cat.id}`],
      ['GET', `/playercategories/${pc.id}`],
      ['PUT', `/playercategories/${pc.id}`, { name: 'Kapad' }],
      ['DELETE', `/playercategories/${pc.id}`],
      ['GET', `/family/${fam.id}`],
      ['PUT', `/family/${fam.id}`, { name: 'Kapad', members: [{ memberId: m.id, role: 'payer' }] }],
      ['DELETE', `/family/${fam.id}`],
      ['POST', `/family/${fam.id}/members`, { memberId: m.id, role: 'child' }],
      ['DELETE', `/family/${fam.id}/members/${m.id}`],
    ];
    for (const [method, url, body] of calls) {
      const res = await api(method, url, a.owner, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404);
    }
    const still = (await api('GET', `/members/${m.id}`, b.owner)).json().data as MemberDetail;
    expect(still).toMatchObject({ firstname: 'Hemlig', active: true, notes: [{ text: 'hemlig' }], family: { id: fam.id } });
    expect((await list(a.owner, 'search=hemlig')).data).toEqual([]);
  });

  it('needs members.read to read and members.write to change', async () => {
    expect((await api('GET', '/members', aNoMembers)).statusCode).toBe(403);
    expect((await api('GET', '/family', aNoMembers)).statusCode).toBe(403);
    expect((await api('GET', '/membercategories', aNoMembers)).statusCode).toBe(403);
    expect((await api('GET', '/members', aOther)).statusCode).toBe(200);
    for (const [method, url, body] of [
      ['POST', '/members', { firstname: 'Nej', lastname: 'Nej' }],
      ['POST', '/members/bulk', { action: 'activate', ids: [randomUUID()] }],
      ['POST', '/membercategories', { name: 'Nej' }],
      ['POST', '/playercategories', { name: 'Nej' }],
      ['POST', '/family', { name: 'Nej', members: [] }],
    ] as const) {
      expect((await api(method, url, aOther, body)).statusCode, url).toBe(403);
    }
    expect((await api('GET', '/members', { headers: {} })).statusCode).toBe(401);
  });
});
