import type { Notification, NotificationsListResponse } from '@fairway/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { clubFile } from '../../../test/fixtures/club';
import { addMember, bearer, signIn } from '../../../test/fixtures/users';
import { notify } from './notifications.service';
import { notifications } from './notifications.tables';

const { app, a, b, aStaff } = await clubFile({ beta: { ownerName: 'Bengt Bengtsson' }, names: { aStaff: 'Erik Johansson' } });
const aManager = await addMember(app, a, 'Manager', { name: 'Johan Bergström' });
const aInvited = await addMember(app, a, 'Owner', { name: 'Inbjuden Ägare', status: 'invited' });
await addMember(app, b, 'Staff', { existingUserId: aManager.userId });
/** The manager of A is also a member of B: the same person, another organisation's notifications. */
const managerInB = { headers: bearer(await signIn(app, aManager.userId, b.organisationId)) };

const NIL = '00000000-0000-4000-8000-000000000000';

type Who = { headers: { authorization: string } } | null;
const api = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, who: Who, payload?: unknown, lang?: string) =>
  app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...(who ? who.headers : {}), ...(lang ? { 'accept-language': lang } : {}) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

async function clear() {
  await app.db.delete(notifications);
}

async function list(who: Who, query = '') {
  const res = await api('GET', `/notifications${query}`, who);
  expect(res.statusCode).toBe(200);
  return res.json() as NotificationsListResponse;
}

describe('notify()', () => {
  it('reaches the organisation’s active Owners by role, and named users only if they are members', async () => {
    await clear();
    const sent = await notify(app.db, {
      organisationId: a.organisationId,
      allOwners: true,
      userIds: [aStaff.userId, b.owner.userId],
      subject: 'Synkronisering klar',
      message: '12 fakturor hämtades',
      link: '/dashboard/acounting/invoices',
    });
    // Owner of A and Staff of A; not the invited owner, not B's owner.
    expect(sent).toBe(2);
    const rows = await app.db.select({ userId: notifications.userId }).from(notifications);
    expect(rows.map((r) => r.userId).sort()).toEqual([a.owner.userId, aStaff.userId].sort());
    expect(rows.map((r) => r.userId)).not.toContain(aInvited.userId);
    expect(rows.map((r) => r.userId)).not.toContain(b.owner.userId);
  });

  it('keeps only in-app links', async () => {
    await clear();
    await notify(app.db, {
      organisationId: a.organisationId,
      userIds: [aStaff.userId],
      subject: 's',
      message: 'm',
      link: 'https://evil.example',
    });
    await notify(app.db, {
      organisationId: a.organisationId,
      userIds: [aStaff.userId],
      subject: 's',
      message: 'm',
      link: '//evil.example',
    });
    const body = await list(aStaff);
    expect(body.data.map((n) => n.link)).toEqual([null, null]);
  });

  it('renders message keys in the reader’s language', async () => {
    await clear();
    await notify(app.db, {
      organisationId: a.organisationId,
      toRole: 'Staff',
      subject: 'notifications.userInvited.subject',
      message: 'notifications.userInvited.message',
      params: { actor: 'Anna', name: 'Kalle', email: 'kalle@example.se', role: 'Staff' },
    });
    const sv = (await api('GET', '/notifications', aStaff, undefined, 'sv')).json() as NotificationsListResponse;
    const en = (await api('GET', '/notifications', aStaff, undefined, 'en')).json() as NotificationsListResponse;
    expect(sv.data[0]).toMatchObject({
      subject: 'Ny användare inbjuden',
      message: 'Anna bjöd in Kalle (kalle@example.se) med rollen Staff.',
    });
    expect(en.data[0]).toMatchObject({
      subject: 'New user invited',
      message: 'Anna invited Kalle (kalle@example.se) with the role Staff.',
    });
  });
});

describe('GET notifications', () => {
  let ids: string[];

  beforeAll(async () => {
    await clear();
    ids = [];
    for (const n of [1, 2, 3, 4, 5]) {
      await notify(app.db, {
        organisationId: a.organisationId,
        userIds: [aManager.userId],
        subject: `Ämne ${n}`,
        message: `Meddelande ${n}`,
      });
      const [row] = await app.db
        .select({ id: notifications.id })
        .from(notifications)
        .where(eq(notifications.subject, `Ämne ${n}`));
      ids.push(row?.id ?? '');
    }
    await notify(app.db, { organisationId: b.organisationId, userIds: [aManager.userId], subject: 'Från Beta', message: 'B' });
    // 1 and 2 read, 3 archived (unread), 4 and 5 unread.
    await app.db
      .update(notifications)
      .set({ readAt: new Date() })
      .where(eq(notifications.id, ids[0] ?? ''));
    await app.db
      .update(notifications)
      .set({ readAt: new Date() })
      .where(eq(notifications.id, ids[1] ?? ''));
    await app.db
      .update(notifications)
      .set({ archivedAt: new Date() })
      .where(eq(notifications.id, ids[2] ?? ''));
  });

  it('lists newest first with paging and the unread count', async () => {
    const body = await list(aManager, '?pageSize=2');
    expect(body.pagination).toEqual({ page: 1, pageSize: 2, total: 4 });
    expect(body.data.map((n) => n.subject)).toEqual(['Ämne 5', 'Ämne 4']);
    expect(body.unreadCount).toBe(2);
    const page2 = await list(aManager, '?pageSize=2&page=2');
    expect(page2.data.map((n) => n.subject)).toEqual(['Ämne 2', 'Ämne 1']);
    expect(page2.data[0]).toMatchObject({ read: true, archived: false, link: null });
    expect(Date.parse(page2.data[0]?.date ?? '')).not.toBeNaN();
  });

  it('filters read and unread, and archived ones on request', async () => {
    expect((await list(aManager, '?filter=read')).data.map((n) => n.subject)).toEqual(['Ämne 2', 'Ämne 1']);
    expect((await list(aManager, '?filter=unread')).data.map((n) => n.subject)).toEqual(['Ämne 5', 'Ämne 4']);
    expect((await list(aManager, '?filter=unread&archived=include')).data.map((n) => n.subject)).toEqual([
      'Ämne 5',
      'Ämne 4',
      'Ämne 3',
    ]);
    const archived = await list(aManager, '?archived=only');
    expect(archived.data.map((n) => [n.subject, n.archived])).toEqual([['Ämne 3', true]]);
  });

  it('shows each organisation only its own notifications for the same person', async () => {
    const inB = await list(managerInB);
    expect(inB.data.map((n) => n.subject)).toEqual(['Från Beta']);
    expect(inB.unreadCount).toBe(1);
    expect((await list(aManager)).data.map((n) => n.subject)).not.toContain('Från Beta');
  });

  it('shows nobody else’s notifications', async () => {
    const staff = await list(aStaff);
    expect(staff).toMatchObject({ data: [], unreadCount: 0, pagination: { total: 0 } });
  });

  it('refuses bad input and anonymous callers', async () => {
    for (const query of ['?filter=old', '?archived=yes', '?page=0', '?pageSize=101', '?unknown=1']) {
      const res = await api('GET', `/notifications${query}`, aManager);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({
        message: expect.any(String),
        eng_message: expect.any(String),
        error: expect.any(Object),
      });
    }
    expect((await api('GET', '/notifications', null)).statusCode).toBe(401);
  });
});

describe('one notification', () => {
  let id: string;

  beforeAll(async () => {
    await clear();
    await notify(app.db, {
      organisationId: a.organisationId,
      userIds: [aStaff.userId],
      subject: 'Utskick klart',
      message: 'Skickat till 210 medlemmar',
    });
    const [row] = await app.db.select({ id: notifications.id }).from(notifications);
    id = row?.id ?? '';
  });

  it('is read by its recipient and 404 for anyone else, also another organisation', async () => {
    const res = await api('GET', `/notifications/${id}`, aStaff);
    expect(res.statusCode).toBe(200);
    expect((res.json() as { data: Notification }).data).toMatchObject({
      id,
      subject: 'Utskick klart',
      read: false,
      archived: false,
    });
    for (const who of [a.owner, aManager, managerInB, b.owner]) {
      expect((await api('GET', `/notifications/${id}`, who)).statusCode).toBe(404);
      expect((await api('PUT', `/notifications/${id}`, who, { read: true })).statusCode).toBe(404);
      expect((await api('DELETE', `/notifications/${id}`, who)).statusCode).toBe(404);
    }
    expect((await api('GET', `/notifications/${NIL}`, aStaff)).statusCode).toBe(404);
    expect((await api('GET', '/notifications/not-a-uuid', aStaff)).statusCode).toBe(400);
  });

  it('is marked read and unread, archived and unarchived', async () => {
    let res = await api('PUT', `/notifications/${id}`, aStaff, { read: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: { read: true, archived: false } });
    expect((await list(aStaff)).unreadCount).toBe(0);

    res = await api('PUT', `/notifications/${id}`, aStaff, { read: false, archived: true });
    expect(res.json()).toMatchObject({ data: { read: false, archived: true } });
    // Archived ones do not count as unread and leave the default list.
    expect(await list(aStaff)).toMatchObject({ data: [], unreadCount: 0 });

    res = await api('PUT', `/notifications/${id}`, aStaff, { archived: false });
    expect(res.json()).toMatchObject({ data: { read: false, archived: false } });
    expect((await list(aStaff)).unreadCount).toBe(1);
  });

  it('refuses an empty or unknown change', async () => {
    for (const payload of [{}, { read: 'yes' }, { read: true, pinned: true }]) {
      const res = await api('PUT', `/notifications/${id}`, aStaff, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ error: expect.any(Object) });
    }
  });

  it('is deleted by its recipient, once', async () => {
    const res = await api('DELETE', `/notifications/${id}`, aStaff);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { id } });
    expect((await api('DELETE', `/notifications/${id}`, aStaff)).statusCode).toBe(404);
    expect((await api('GET', `/notifications/${id}`, aStaff)).statusCode).toBe(404);
  });
});

describe('PUT notifications/read-all', () => {
  it('marks the caller’s unread notifications read in this organisation only', async () => {
    await clear();
    for (const n of [1, 2, 3]) {
      await notify(app.db, {
        organisationId: a.organisationId,
        userIds: [aManager.userId, aStaff.userId],
        subject: `S${n}`,
        message: 'm',
      });
    }
    await notify(app.db, { organisationId: b.organisationId, userIds: [aManager.userId], subject: 'B', message: 'm' });
    const res = await api('PUT', '/notifications/read-all', aManager, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { updated: 3, unreadCount: 0 } });
    expect((await list(aStaff)).unreadCount).toBe(3);
    expect((await list(managerInB)).unreadCount).toBe(1);
    expect((await api('PUT', '/notifications/read-all', aManager, { all: true })).statusCode).toBe(400);
  });
});
