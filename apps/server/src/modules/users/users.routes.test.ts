import { type CurrentUser, PROFILE_IMAGE_MAX_BYTES, type User, VALIDATION_MESSAGES } from '@fairway/shared';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clubFile } from '../../../test/fixtures/club';
import { addMember, bearer, createOrganisation, type TestMember } from '../../../test/fixtures/users';
import { emailOutbox } from '../email/email.tables';
import { memberships, userClubAccounts, users } from './users.tables';

const {
  app,
  a,
  b,
  aDrift: aSecondAccount,
  aAccountant,
  aStaff,
  aOther,
} = await clubFile({
  beta: { ownerName: 'Bengt Bengtsson' },
  names: { aAccountant: 'Maria Nilsson', aStaff: 'Erik Johansson', aOther: 'Karin Holm' },
});
// The owner was given both accounts (as in the demo); a user grants only what they were given.
await app.db
  .insert(userClubAccounts)
  .values({ userId: a.owner.userId, clubAccountId: aSecondAccount, organisationId: a.organisationId });
const aManager = await addMember(app, a, 'Manager', {
  name: 'Johan Bergström',
  clubAccountIds: [a.clubAccountId, aSecondAccount],
});
const bStaff = await addMember(app, b, 'Staff', { name: 'Bodil Svensson' });

const NIL = '00000000-0000-4000-8000-000000000000';

type Json = Record<string, unknown>;
const api = (
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  who: { headers: { authorization: string } } | null,
  payload?: unknown,
  extra: Record<string, string> = {},
) =>
  app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...(who ? who.headers : {}), ...extra },
    ...(payload === undefined ? {} : { payload: payload as Json }),
  });

const sv = (key: keyof typeof VALIDATION_MESSAGES, field = 'fältet') => VALIDATION_MESSAGES[key].sv.replace('{field}', field);
const en = (key: keyof typeof VALIDATION_MESSAGES, field = 'field') => VALIDATION_MESSAGES[key].en.replace('{field}', field);

async function userRow(id: string) {
  const [row] = await app.db.select().from(users).where(eq(users.id, id));
  return row;
}

async function userCount() {
  const [row] = await app.db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

describe('GET /users', () => {
  it('lists the organisation’s users with pagination and never another organisation’s', async () => {
    const res = await api('GET', '/users?pageSize=100', a.owner);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { data: User[]; pagination: Json };
    const ids = body.data.map((u) => u.id);
    expect(ids).toEqual(expect.arrayContaining([a.owner.userId, aManager.userId, aStaff.userId, aOther.userId]));
    expect(ids).not.toContain(b.owner.userId);
    expect(ids).not.toContain(bStaff.userId);
    expect(body.pagination).toEqual({ page: 1, pageSize: 100, total: body.data.length });
    const manager = body.data.find((u) => u.id === aManager.userId);
    expect(manager).toMatchObject({ role: 'Manager', status: 'active', golfclubAdmin: false, imageUrl: null });
    expect(manager?.clubAccountIds.sort()).toEqual([a.clubAccountId, aSecondAccount].sort());
    // The allow-list keeps secrets out.
    expect(JSON.stringify(body)).not.toContain('passwordHash');
  });

  it('searches, filters by role, sorts and pages', async () => {
    const search = await api('GET', '/users?search=bergstr', a.owner);
    expect((search.json() as { data: User[] }).data.map((u) => u.id)).toEqual([aManager.userId]);

    const role = await api('GET', '/users?role=Staff', a.owner);
    expect((role.json() as { data: User[] }).data.every((u) => u.role === 'Staff')).toBe(true);

    const byName = (await api('GET', '/users?sort=name&order=desc&pageSize=100', a.owner).then((r) => r.json())) as {
      data: User[];
    };
    const names = byName.data.map((u) => u.name.toLowerCase());
    expect(names).toEqual([...names].sort().reverse());

    const page2 = (await api('GET', '/users?pageSize=2&page=2&sort=email', a.owner).then((r) => r.json())) as {
      data: User[];
      pagination: { total: number; page: number };
    };
    expect(page2.data).toHaveLength(2);
    expect(page2.pagination.page).toBe(2);
    expect(page2.pagination.total).toBeGreaterThanOrEqual(5);

    // A LIKE wildcard typed by the user is a literal character.
    const wildcard = await api('GET', '/users?search=%25', a.owner);
    expect((wildcard.json() as { data: User[] }).data).toEqual([]);
  });

  it('needs users.read: the Other role is refused, an anonymous caller is 401', async () => {
    const other = await api('GET', '/users', aOther);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ message: expect.any(String), eng_message: expect.any(String) });
    expect((await api('GET', '/users', aStaff)).statusCode).toBe(200);
    expect((await api('GET', '/users', null)).statusCode).toBe(401);
  });

  it('refuses bad query strings with field messages', async () => {
    const cases: [string, string][] = [
      ['pageSize=1000', 'pageSize'],
      ['page=0', 'page'],
      ['page=abc', 'page'],
      ['role=King', 'role'],
      ['sort=password', 'sort'],
      [`search=${'x'.repeat(101)}`, 'search'],
      ['foo=bar', 'foo'],
    ];
    for (const [query, field] of cases) {
      const res = await api('GET', `/users?${query}`, a.owner);
      expect(res.statusCode, query).toBe(400);
      const body = res.json() as { error: Record<string, string[]> };
      expect(Object.keys(body.error), query).toContain(field);
    }
  });
});

describe('GET /users/me', () => {
  it('answers the signed-in user in the organisation in use', async () => {
    const res = await api('GET', '/users/me', aManager);
    expect(res.statusCode).toBe(200);
    const me = (res.json() as { data: CurrentUser }).data;
    expect(me).toMatchObject({ id: aManager.userId, role: 'Manager', organisation: { id: a.organisationId, name: 'Alfa GK' } });
    expect(me.scopes).toContain('users.manage');
    expect(me.clubAccounts.map((c) => c.id).sort()).toEqual([a.clubAccountId, aSecondAccount].sort());
  });

  it('needs a token and takes no query', async () => {
    expect((await api('GET', '/users/me', null)).statusCode).toBe(401);
    const res = await api('GET', '/users/me?x=1', aManager);
    expect(res.statusCode).toBe(400);
    expect((res.json() as { error: Json }).error).toHaveProperty('x');
  });
});

describe('GET /users/{id}', () => {
  it('answers a user of the organisation to users.read, and oneself to anyone', async () => {
    const res = await api('GET', `/users/${aStaff.userId}`, aAccountant);
    expect(res.statusCode).toBe(200);
    expect((res.json() as { data: User }).data).toMatchObject({ id: aStaff.userId, name: 'Erik Johansson', role: 'Staff' });

    expect((await api('GET', `/users/${aOther.userId}`, aOther)).statusCode).toBe(200);
    expect((await api('GET', `/users/${a.owner.userId}`, aOther)).statusCode).toBe(403);
  });

  it('answers 404 for another organisation’s user and for unknown ids', async () => {
    const res = await api('GET', `/users/${bStaff.userId}`, a.owner);
    expect(res.statusCode).toBe(404);
    expect(JSON.stringify(res.json())).not.toContain('Bodil');
    expect((await api('GET', `/users/${a.owner.userId}`, b.owner)).statusCode).toBe(404);
    expect((await api('GET', `/users/${NIL}`, a.owner)).statusCode).toBe(404);
  });

  it('refuses an id that is not a uuid', async () => {
    const res = await api('GET', '/users/not-a-uuid', a.owner);
    expect(res.statusCode).toBe(400);
    expect((res.json() as { error: Json }).error).toHaveProperty('id');
  });
});

describe('PUT /users/{id}', () => {
  it('lets users change their own name, display name and phone', async () => {
    const member = await addMember(app, a, 'Staff', { name: 'Olle Ek' });
    const res = await api('PUT', `/users/${member.userId}`, member, {
      name: '  Olle Ekström ',
      displayName: 'Olle',
      phone: '070-174 06 20',
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { data: User }).data).toMatchObject({
      name: 'Olle Ekström',
      displayName: 'Olle',
      phone: '070-174 06 20',
    });

    const cleared = await api('PUT', `/users/${member.userId}`, member, { displayName: '', phone: null });
    expect((cleared.json() as { data: User }).data).toMatchObject({ displayName: null, phone: null });
    expect(await userRow(member.userId)).toMatchObject({ name: 'Olle Ekström', displayName: null, phone: null });
  });

  it('keeps role, club accounts and golf club admin for users.manage, and others’ profiles too', async () => {
    const before = await userRow(aStaff.userId);
    for (const body of [{ role: 'Owner' }, { golfclubAdmin: true }, { clubAccountIds: [aSecondAccount] }]) {
      expect((await api('PUT', `/users/${aStaff.userId}`, aStaff, body)).statusCode).toBe(403);
    }
    expect((await api('PUT', `/users/${aOther.userId}`, aStaff, { name: 'Hacked' })).statusCode).toBe(403);
    expect(await userRow(aStaff.userId)).toEqual(before);
    const list = (await api('GET', `/users/${aStaff.userId}`, a.owner).then((r) => r.json())) as { data: User };
    expect(list.data).toMatchObject({ role: 'Staff', golfclubAdmin: false, clubAccountIds: [a.clubAccountId] });
  });

  it('lets a manager give Staff, Accountant and Other, but not Manager or Owner', async () => {
    const member = await addMember(app, a, 'Staff');
    const ok = await api('PUT', `/users/${member.userId}`, aManager, { role: 'Accountant', golfclubAdmin: true });
    expect(ok.statusCode).toBe(200);
    expect((ok.json() as { data: User }).data).toMatchObject({ role: 'Accountant', golfclubAdmin: true });

    const owner = await api('PUT', `/users/${member.userId}`, aManager, { role: 'Owner' }, { 'accept-language': 'en' });
    expect(owner.statusCode).toBe(403);
    expect(owner.json()).toEqual({
      message: 'Endast användare med rollen Ägare kan bjuda in eller utse andra ägare',
      eng_message: 'Only users with role Owner can invite or appoint other owners',
    });
    const manager = await api('PUT', `/users/${member.userId}`, aManager, { role: 'Manager' });
    expect(manager.statusCode).toBe(403);
    expect((manager.json() as Json).eng_message).toBe('You cannot give the role Manager');
  });

  it('lets only an Owner change an Owner', async () => {
    const res = await api('PUT', `/users/${a.owner.userId}`, aManager, { name: 'Someone Else' });
    expect(res.statusCode).toBe(403);
    expect((await userRow(a.owner.userId))?.name).toBe('Anna Lindqvist');
  });

  it('lets an Owner appoint another Owner, and keeps the last Owner', async () => {
    const org = await createOrganisation(app, { name: 'Gamma GK' });
    const member = await addMember(app, org, 'Staff');

    const last = await api('PUT', `/users/${org.owner.userId}`, org.owner, { role: 'Manager' }, { 'accept-language': 'en' });
    expect(last.statusCode).toBe(400);
    expect(last.json()).toEqual({
      message: 'Organisationen måste ha minst en användare med rollen Ägare',
      eng_message: 'The organisation must keep at least one user with role Owner',
      error: 'The organisation must keep at least one user with role Owner',
    });

    const appoint = await api('PUT', `/users/${member.userId}`, org.owner, { role: 'Owner' });
    expect(appoint.statusCode).toBe(200);
    expect((appoint.json() as { data: User }).data.role).toBe('Owner');
    // With two owners the first may step down.
    const stepDown = await api('PUT', `/users/${org.owner.userId}`, org.owner, { role: 'Manager' });
    expect(stepDown.statusCode).toBe(200);
    expect((stepDown.json() as { data: User }).data.role).toBe('Manager');
  });

  it('sets club accounts of the organisation only, and keeps the account in use valid', async () => {
    const member = await addMember(app, a, 'Staff', { clubAccountIds: [a.clubAccountId, aSecondAccount] });
    await app.db.update(users).set({ currentClubAccountId: aSecondAccount }).where(eq(users.id, member.userId));

    const foreign = await api('PUT', `/users/${member.userId}`, a.owner, { clubAccountIds: [a.clubAccountId, b.clubAccountId] });
    expect(foreign.statusCode).toBe(400);
    expect((foreign.json() as { error: Json }).error).toEqual({ clubAccountIds: [sv('invalid_value', 'klubbkonton')] });
    const access = await app.db.select().from(userClubAccounts).where(eq(userClubAccounts.userId, member.userId));
    expect(access).toHaveLength(2);

    const ok = await api('PUT', `/users/${member.userId}`, a.owner, { clubAccountIds: [a.clubAccountId] });
    expect(ok.statusCode).toBe(200);
    expect((ok.json() as { data: User }).data.clubAccountIds).toEqual([a.clubAccountId]);
    expect((await userRow(member.userId))?.currentClubAccountId).toBe(a.clubAccountId);
  });

  it('gives only club accounts the manager was given, and leaves alone those they were not', async () => {
    const clubManager = await addMember(app, a, 'Manager', { clubAccountIds: [a.clubAccountId] });
    const member = await addMember(app, a, 'Staff', { clubAccountIds: [a.clubAccountId] });
    // Neither to someone else nor to themself.
    for (const userId of [member.userId, clubManager.userId]) {
      const res = await api('PUT', `/users/${userId}`, clubManager, { clubAccountIds: [a.clubAccountId, aSecondAccount] });
      expect(res.statusCode).toBe(400);
      expect((res.json() as { error: Json }).error).toEqual({ clubAccountIds: [sv('invalid_value', 'klubbkonton')] });
    }
    const invite = await api('POST', '/users/invite', clubManager, {
      name: 'Nora Nilsson',
      email: `nora.${process.pid}@example.se`,
      role: 'Staff',
      clubAccountIds: [aSecondAccount],
    });
    expect(invite.statusCode).toBe(400);
    expect(
      await app.db.select().from(userClubAccounts).where(eq(userClubAccounts.clubAccountId, aSecondAccount)),
    ).not.toContainEqual(expect.objectContaining({ userId: clubManager.userId }));

    // A user who holds Drift AB keeps it when the club manager edits their accounts, whether the form sends it back or not.
    const both = await addMember(app, a, 'Staff', { clubAccountIds: [a.clubAccountId, aSecondAccount] });
    for (const clubAccountIds of [[a.clubAccountId, aSecondAccount], [a.clubAccountId]]) {
      const res = await api('PUT', `/users/${both.userId}`, clubManager, { clubAccountIds });
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as { data: User }).data.clubAccountIds.sort()).toEqual([a.clubAccountId, aSecondAccount].sort());
    }
  });

  it('switches the club account in use, only to one the user can reach', async () => {
    const res = await api('PUT', `/users/${aManager.userId}`, aManager, { currentAccountId: aSecondAccount });
    expect(res.statusCode).toBe(200);
    expect(res.json()).not.toHaveProperty('session');
    const me = (await api('GET', '/users/me', aManager).then((r) => r.json())) as { data: CurrentUser };
    expect(me.data.currentAccount?.id).toBe(aSecondAccount);

    expect((await api('PUT', `/users/${aStaff.userId}`, aStaff, { currentAccountId: aSecondAccount })).statusCode).toBe(404);
    expect((await api('PUT', `/users/${aStaff.userId}`, aStaff, { currentAccountId: b.clubAccountId })).statusCode).toBe(404);
    expect((await api('PUT', `/users/${aStaff.userId}`, a.owner, { currentAccountId: a.clubAccountId })).statusCode).toBe(403);
    expect((await userRow(aStaff.userId))?.currentClubAccountId).toBe(a.clubAccountId);
  });

  it('switches organisation with a club account of another of the user’s organisations', async () => {
    const both = await addMember(app, a, 'Staff', { name: 'Tove Tvåklubb' });
    await addMember(app, b, 'Accountant', { existingUserId: both.userId, clubAccountIds: [b.clubAccountId] });

    const res = await api('PUT', `/users/${both.userId}`, both, { currentAccountId: b.clubAccountId });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { data: User; session: { accessToken: string; expiresIn: number } };
    expect(body.data).toMatchObject({ id: both.userId, role: 'Accountant', clubAccountIds: [b.clubAccountId] });
    expect(body.session.expiresIn).toBe(900);
    expect(await userRow(both.userId)).toMatchObject({
      currentOrganisationId: b.organisationId,
      currentClubAccountId: b.clubAccountId,
    });

    const me = (await api('GET', '/users/me', { headers: bearer(body.session.accessToken) }).then((r) => r.json())) as {
      data: CurrentUser;
    };
    expect(me.data.organisation.id).toBe(b.organisationId);
    expect(me.data.currentAccount?.id).toBe(b.clubAccountId);
  });

  it('answers 404 for another organisation’s user and changes nothing', async () => {
    const before = await userRow(bStaff.userId);
    const res = await api('PUT', `/users/${bStaff.userId}`, a.owner, { name: 'Taken Over', role: 'Other' });
    expect(res.statusCode).toBe(404);
    expect(await userRow(bStaff.userId)).toEqual(before);
  });

  it('refuses bad bodies with field messages and writes nothing', async () => {
    const before = await userRow(aStaff.userId);
    const cases: [unknown, string, string | undefined][] = [
      [{ name: '' }, 'name', sv('required', 'name')],
      [{ name: '   ' }, 'name', sv('required', 'name')],
      [{ name: 'x'.repeat(121) }, 'name', undefined],
      [{ name: 5 }, 'name', sv('invalid_type', 'namn')],
      [{ phone: 'call me' }, 'phone', sv('phone', 'phone')],
      [{ role: 'King' }, 'role', undefined],
      [{ golfclubAdmin: 'yes' }, 'golfclubAdmin', undefined],
      [{ clubAccountIds: ['nope'] }, 'clubAccountIds.0', undefined],
      [{ currentAccountId: 'nope' }, 'currentAccountId', undefined],
      [{ name: 'Ok', password: 'x' }, 'password', sv('unknown_field', 'password')],
    ];
    for (const [payload, field, message] of cases) {
      const res = await api('PUT', `/users/${aStaff.userId}`, a.owner, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const body = res.json() as { message: string; eng_message: string; error: Record<string, string[]> };
      expect(body.eng_message).toBe('The given data was invalid');
      expect(body.error[field], JSON.stringify(body.error)).toBeDefined();
      if (message) expect(body.error[field]).toContain(message);
    }
    const english = await api('PUT', `/users/${aStaff.userId}`, a.owner, { name: '' }, { 'accept-language': 'en' });
    expect((english.json() as { error: Json }).error).toEqual({ name: [en('required')] });
    expect((await api('PUT', `/users/${aStaff.userId}`, a.owner)).statusCode).toBe(400);
    expect(await userRow(aStaff.userId)).toEqual(before);
  });
});

describe('DELETE /users/{id}', () => {
  it('removes a member from the organisation; a user left without organisations is deleted', async () => {
    const member = await addMember(app, a, 'Staff', { name: 'Gustav Går' });
    const res = await api('DELETE', `/users/${member.userId}`, aManager);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { id: member.userId } });
    expect((await api('GET', `/users/${member.userId}`, a.owner)).statusCode).toBe(404);
    expect(await userRow(member.userId)).toBeUndefined();
    // The removed user's token no longer works.
    expect((await api('GET', '/users/me', member)).statusCode).toBe(401);
  });

  it('keeps the person’s other organisations', async () => {
    const both = await addMember(app, b, 'Staff', { name: 'Vera Växel' });
    await addMember(app, a, 'Other', { existingUserId: both.userId });
    const res = await api('DELETE', `/users/${both.userId}`, a.owner);
    expect(res.statusCode).toBe(200);
    expect(await userRow(both.userId)).toBeDefined();
    const left = await app.db.select().from(memberships).where(eq(memberships.userId, both.userId));
    expect(left.map((m) => m.organisationId)).toEqual([b.organisationId]);
    expect((await api('GET', '/users/me', both)).statusCode).toBe(200);
  });

  it('refuses removing yourself, in the reader’s language', async () => {
    const res = await api('DELETE', `/users/${aManager.userId}`, aManager, undefined, { 'accept-language': 'en' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Du kan inte ta bort dig själv från organisationen',
      eng_message: 'You cannot remove yourself from the organisation',
      error: 'You cannot remove yourself from the organisation',
    });
    const swedish = await api('DELETE', `/users/${aManager.userId}`, aManager);
    expect((swedish.json() as Json).error).toBe('Du kan inte ta bort dig själv från organisationen');
  });

  it('lets only an Owner remove an Owner, and needs users.manage', async () => {
    expect((await api('DELETE', `/users/${a.owner.userId}`, aManager)).statusCode).toBe(403);
    expect((await api('DELETE', `/users/${aOther.userId}`, aStaff)).statusCode).toBe(403);
    expect((await api('DELETE', `/users/${aOther.userId}`, aAccountant)).statusCode).toBe(403);
    expect(await userRow(a.owner.userId)).toBeDefined();
    expect(await userRow(aOther.userId)).toBeDefined();
  });

  it('answers 404 for another organisation’s user and 400 for a bad id', async () => {
    expect((await api('DELETE', `/users/${bStaff.userId}`, a.owner)).statusCode).toBe(404);
    expect(await userRow(bStaff.userId)).toBeDefined();
    const bad = await api('DELETE', '/users/123', a.owner);
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { error: Json }).error).toHaveProperty('id');
    expect((await api('DELETE', `/users/${aOther.userId}?force=1`, a.owner)).statusCode).toBe(400);
  });
});

describe('POST /users/invite', () => {
  it('invites a new person: an invited member with the chosen role and accounts, and an e-mail', async () => {
    const email = `ny.medarbetare.${process.pid}@example.se`;
    const res = await api('POST', '/users/invite', a.owner, {
      name: 'Nils Nyberg',
      email: `  ${email.toUpperCase()} `,
      role: 'Accountant',
      clubAccountIds: [aSecondAccount],
    });
    expect(res.statusCode).toBe(201);
    const user = (res.json() as { data: User }).data;
    expect(user).toMatchObject({
      name: 'Nils Nyberg',
      email,
      role: 'Accountant',
      status: 'invited',
      clubAccountIds: [aSecondAccount],
    });
    const mails = await app.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ template: 'invitation', organisationId: a.organisationId });
    expect(mails[0]?.text).toContain('/complete-profile?token=');
    expect((await userRow(user.id))?.passwordHash).toBeNull();
  });

  it('adds someone who already uses Fairway elsewhere as an invited member', async () => {
    const res = await api('POST', '/users/invite', a.owner, { name: 'Bodil', email: bStaff.email, role: 'Other' });
    expect(res.statusCode).toBe(201);
    expect((res.json() as { data: User }).data).toMatchObject({ id: bStaff.userId, status: 'invited', name: 'Bodil Svensson' });
    const rows = await app.db.select().from(memberships).where(eq(memberships.userId, bStaff.userId));
    expect(rows.map((r) => [r.organisationId, r.status]).sort()).toEqual(
      [
        [a.organisationId, 'invited'],
        [b.organisationId, 'active'],
      ].sort(),
    );
    // Still signed in to B as before.
    expect((await api('GET', '/users/me', bStaff)).statusCode).toBe(200);

    const again = await api('POST', '/users/invite', a.owner, { name: 'Bodil', email: bStaff.email, role: 'Other' });
    expect(again.statusCode).toBe(409);
  });

  it('follows the role rules', async () => {
    const before = await userCount();
    const staff = await api('POST', '/users/invite', aStaff, { name: 'X', email: 'x1@example.se', role: 'Staff' });
    expect(staff.statusCode).toBe(403);
    const owner = await api('POST', '/users/invite', aManager, { name: 'X', email: 'x2@example.se', role: 'Owner' });
    expect(owner.statusCode).toBe(403);
    expect((owner.json() as Json).eng_message).toBe('Only users with role Owner can invite or appoint other owners');
    const manager = await api('POST', '/users/invite', aManager, { name: 'X', email: 'x3@example.se', role: 'Manager' });
    expect(manager.statusCode).toBe(403);
    expect(await userCount()).toBe(before);

    const ok = await api('POST', '/users/invite', aManager, {
      name: 'Sara Staff',
      email: 'sara.staff@example.se',
      role: 'Staff',
    });
    expect(ok.statusCode).toBe(201);
    const byOwner = await api('POST', '/users/invite', a.owner, {
      name: 'Olof Owner',
      email: 'olof.owner@example.se',
      role: 'Owner',
    });
    expect(byOwner.statusCode).toBe(201);
  });

  it('stops at the package’s user limit with a 406 asking to upgrade, writing nothing', async () => {
    const small = await createOrganisation(app, { name: 'Liten GK', packageId: 'small' });
    const staff = await addMember(app, small, 'Staff');
    // Before anyone fills in the invitation, the dialog can say how many seats are left.
    const seats = await api('GET', '/users/seats', small.owner);
    expect(seats.statusCode).toBe(200);
    expect(seats.json()).toEqual({ data: { packageName: 'Small', maxUsers: 3, used: 2 } });
    expect((await api('GET', '/users/seats', staff)).statusCode).toBe(403);
    await addMember(app, small, 'Other', { status: 'invited' });
    // Invited users take a seat as the invitation counts them.
    expect((await api('GET', '/users/seats', small.owner)).json()).toEqual({
      data: { packageName: 'Small', maxUsers: 3, used: 3 },
    });
    const before = await userCount();
    const res = await api(
      'POST',
      '/users/invite',
      small.owner,
      { name: 'En För Mycket', email: 'en.for.mycket@example.se', role: 'Staff' },
      { 'accept-language': 'en' },
    );
    expect(res.statusCode).toBe(406);
    expect(res.json()).toEqual({
      message: 'Paketet Small omfattar högst 3 användare. Uppgradera ditt abonnemang för att bjuda in fler användare.',
      eng_message: 'The Small package includes at most 3 users. Upgrade your subscription to invite more users.',
      error: 'The Small package includes at most 3 users. Upgrade your subscription to invite more users.',
    });
    expect(await userCount()).toBe(before);
    const mails = await app.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'en.for.mycket@example.se'));
    expect(mails).toHaveLength(0);
  });

  it('refuses club accounts of another organisation', async () => {
    const res = await api('POST', '/users/invite', a.owner, {
      name: 'Fel Konto',
      email: 'fel.konto@example.se',
      role: 'Staff',
      clubAccountIds: [b.clubAccountId],
    });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { error: Json }).error).toHaveProperty('clubAccountIds');
    const [row] = await app.db.select().from(users).where(eq(users.email, 'fel.konto@example.se'));
    expect(row).toBeUndefined();
  });

  it('refuses bad bodies with field messages and writes nothing', async () => {
    const before = await userCount();
    const cases: [unknown, string, string | undefined][] = [
      [{ email: 'a@example.se', role: 'Staff' }, 'name', sv('required', 'name')],
      [{ name: 'A', role: 'Staff' }, 'email', sv('required', 'email')],
      [{ name: 'A', email: 'not-an-email', role: 'Staff' }, 'email', sv('email', 'e-post')],
      [{ name: 'A', email: `${'a'.repeat(250)}@example.se`, role: 'Staff' }, 'email', undefined],
      [{ name: 'x'.repeat(121), email: 'a@example.se', role: 'Staff' }, 'name', undefined],
      [{ name: 'A', email: 'a@example.se', role: 7 }, 'role', undefined],
      [{ name: 'A', email: 'a@example.se' }, 'role', undefined],
      [{ name: 'A', email: 'a@example.se', role: 'Staff', admin: true }, 'admin', sv('unknown_field', 'admin')],
      [{ name: 'A', email: 'a@example.se', role: 'Staff', clubAccountIds: 'all' }, 'clubAccountIds', undefined],
    ];
    for (const [payload, field, message] of cases) {
      const res = await api('POST', '/users/invite', a.owner, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const body = res.json() as { error: Record<string, string[]> };
      expect(body.error[field], JSON.stringify(body.error)).toBeDefined();
      if (message) expect(body.error[field]).toContain(message);
    }
    expect(await userCount()).toBe(before);
  });
});

/** A multipart body built by hand, so the tests control every byte and header. */
function multipart(parts: { name: string; filename?: string; type?: string; data: Buffer | string }[]) {
  const boundary = `----fairway${Date.now()}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    const head = [`--${boundary}`, `Content-Disposition: ${disposition}`];
    if (part.type) head.push(`Content-Type: ${part.type}`);
    chunks.push(Buffer.from(`${head.join('\r\n')}\r\n\r\n`), Buffer.from(part.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 3)]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x40, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(64, 1)]);
const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(64, 2)]);

function upload(who: TestMember, parts: Parameters<typeof multipart>[0], lang?: string) {
  const body = multipart(parts);
  return app.inject({
    method: 'PUT',
    url: '/api/v1/users/image',
    headers: { ...who.headers, 'content-type': body.contentType, ...(lang ? { 'accept-language': lang } : {}) },
    payload: body.payload,
  });
}

describe('PUT /users/image and GET /users/{id}/image', () => {
  it('stores a PNG, JPEG or WebP and serves it to the organisation with its content type', async () => {
    const member = await addMember(app, a, 'Staff', { name: 'Bild Bildsson' });
    for (const [bytes, type] of [
      [JPEG, 'image/jpeg'],
      [WEBP, 'image/webp'],
      [PNG, 'image/png'],
    ] as const) {
      const res = await upload(member, [{ name: 'image', filename: 'me.bin', type, data: bytes }]);
      expect(res.statusCode, res.body).toBe(200);
      const me = (res.json() as { data: CurrentUser }).data;
      expect(me.imageUrl).toMatch(new RegExp(`^/api/v1/users/${member.userId}/image\\?v=\\d+$`));

      const image = await app.inject({ method: 'GET', url: me.imageUrl as string, headers: aOther.headers });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe(type);
      expect(image.rawPayload.equals(bytes)).toBe(true);
    }
    const listed = (await api('GET', `/users/${member.userId}`, a.owner).then((r) => r.json())) as { data: User };
    expect(listed.data.imageUrl).toMatch(/\/image\?v=\d+$/);
  });

  it('serves images within the organisation only', async () => {
    await upload(aStaff, [{ name: 'image', filename: 'a.png', type: 'image/png', data: PNG }]);
    expect((await api('GET', `/users/${aStaff.userId}/image`, b.owner)).statusCode).toBe(404);
    expect((await api('GET', `/users/${aStaff.userId}/image`, null)).statusCode).toBe(401);
    const none = await api('GET', `/users/${aOther.userId}/image`, a.owner, undefined, { 'accept-language': 'en' });
    expect(none.statusCode).toBe(404);
    expect((none.json() as Json).eng_message).toBe('The user has no profile image');
    expect((await api('GET', '/users/nope/image', a.owner)).statusCode).toBe(400);
  });

  it('refuses other types and oversized files with localised field messages, storing nothing', async () => {
    const member = await addMember(app, a, 'Staff');
    const gif = await upload(member, [{ name: 'image', filename: 'a.gif', type: 'image/gif', data: GIF }]);
    expect(gif.statusCode).toBe(400);
    expect((gif.json() as { error: Json }).error).toEqual({ image: ['Bilden måste vara PNG, JPEG eller WebP'] });

    const disguised = await upload(
      member,
      [{ name: 'image', filename: 'a.png', type: 'image/png', data: 'not an image at all' }],
      'en',
    );
    expect((disguised.json() as { error: Json }).error).toEqual({ image: ['The image must be PNG, JPEG or WebP'] });

    const pngAsText = await upload(member, [{ name: 'image', filename: 'a.txt', type: 'text/plain', data: PNG }], 'en');
    expect((pngAsText.json() as { error: Json }).error).toEqual({ image: ['The image must be PNG, JPEG or WebP'] });

    const big = Buffer.concat([PNG, Buffer.alloc(PROFILE_IMAGE_MAX_BYTES, 0)]);
    const tooBig = await upload(member, [{ name: 'image', filename: 'big.png', type: 'image/png', data: big }], 'en');
    expect(tooBig.statusCode).toBe(400);
    expect((tooBig.json() as { error: Json }).error).toEqual({ image: ['The image may be at most 2 MB'] });

    const exact = Buffer.concat([PNG, Buffer.alloc(PROFILE_IMAGE_MAX_BYTES - PNG.length, 0)]);
    expect(exact.length).toBe(PROFILE_IMAGE_MAX_BYTES);
    const [row] = await app.db
      .select({ image: users.image })
      .from(users)
      .where(and(eq(users.id, member.userId)));
    expect(row?.image).toBeNull();
    const fits = await upload(member, [{ name: 'image', filename: 'exact.png', type: 'image/png', data: exact }]);
    expect(fits.statusCode).toBe(200);
  });

  it('refuses a missing file, other fields and non-multipart bodies', async () => {
    const member = await addMember(app, a, 'Staff');
    const empty = await upload(member, [{ name: 'image', filename: 'a.png', type: 'image/png', data: '' }]);
    expect((empty.json() as { error: Json }).error).toEqual({ image: [sv('required', 'image')] });

    const extra = await upload(member, [
      { name: 'image', filename: 'a.png', type: 'image/png', data: PNG },
      { name: 'userId', data: a.owner.userId },
    ]);
    expect(extra.statusCode).toBe(400);
    expect((extra.json() as { error: Json }).error).toEqual({ userId: [sv('unknown_field', 'userId')] });

    const wrongName = await upload(member, [{ name: 'avatar', filename: 'a.png', type: 'image/png', data: PNG }]);
    expect((wrongName.json() as { error: Json }).error).toEqual({
      avatar: [sv('unknown_field', 'avatar')],
      image: [sv('required', 'image')],
    });

    const text = await upload(member, [{ name: 'image', data: 'hello' }]);
    expect((text.json() as { error: Json }).error).toEqual({ image: [sv('invalid_type', 'image')] });

    const json = await api('PUT', '/users/image', member, { image: 'data:image/png;base64,AAAA' });
    expect(json.statusCode).toBe(400);
    expect((json.json() as { error: Json }).error).toEqual({ image: [sv('required', 'image')] });

    expect((await userRow(member.userId))?.image).toBeNull();
    expect((await upload({ ...member, headers: { authorization: '' } }, [{ name: 'image', data: PNG }])).statusCode).toBe(401);
  });

  it('refuses a multipart body it cannot read with 400 and a localised message', async () => {
    const member = await addMember(app, a, 'Staff');
    const cutOff =
      '--X\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG';
    for (const [contentType, payload] of [
      ['multipart/form-data', 'x'],
      [`multipart/form-data; boundary=${'b'.repeat(300)}`, 'x'],
      ['multipart/form-data; boundary=X', cutOff],
    ] as const) {
      const res = await app.inject({
        method: 'PUT',
        url: '/api/v1/users/image',
        headers: { ...member.headers, 'content-type': contentType, 'accept-language': 'en' },
        payload,
      });
      expect(res.statusCode, contentType).toBe(400);
      expect(res.json()).toEqual({
        message: 'Uppladdningen gick inte att läsa. Välj filen och försök igen',
        eng_message: 'The upload could not be read. Choose the file and try again',
        error: 'The upload could not be read. Choose the file and try again',
      });
    }
    expect((await userRow(member.userId))?.image).toBeNull();
  });
});
