import { NOTIFICATION_POLL_MS, type Notification } from '@fairway/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../app/query-client';
import { setLanguage } from '../../../lib/i18n';
import { setTokens } from '../../../lib/storage';
import { type ApiCall, mockApi, refuse, reply } from '../../../test/api';
import { renderRoutes } from '../../../test/render';
import { unreadCountQueryOptions } from '../api/get-notifications';
import { NotificationsBell } from './notifications-bell';

let store: Notification[];
let recorded: ApiCall[] = [];
/** The calls made, with the address as the app wrote it (path and query). */
const calls = {
  get all() {
    return recorded.map((c) => ({ method: c.method, url: `${c.url.pathname}${c.url.search}`, body: c.body }));
  },
};

const note = (id: number, read: boolean, extra: Partial<Notification> = {}): Notification => ({
  id: `00000000-0000-4000-8000-00000000000${id}`,
  subject: `Ämne ${id}`,
  message: `Meddelande ${id}`,
  link: null,
  date: `2026-11-2${id}T09:30:00.000Z`,
  read,
  archived: false,
  ...extra,
});

function listResponse(url: URL) {
  const filter = url.searchParams.get('filter') ?? 'all';
  const archived = url.searchParams.get('archived') ?? 'exclude';
  const page = Number(url.searchParams.get('page') ?? 1);
  const pageSize = Number(url.searchParams.get('pageSize') ?? 20);
  const matching = store.filter(
    (n) =>
      (filter === 'all' || (filter === 'read') === n.read) && (archived === 'include' || (archived === 'only') === n.archived),
  );
  return {
    data: matching.slice((page - 1) * pageSize, page * pageSize),
    pagination: { page, pageSize, total: matching.length },
    unreadCount: store.filter((n) => !n.read && !n.archived).length,
  };
}

beforeEach(async () => {
  await setLanguage('sv');
  store = [note(3, false, { link: '/dashboard/configuration/users' }), note(2, false), note(1, true)];
  recorded = mockApi({
    'GET notifications': ({ url }) => reply(200, listResponse(url)),
    'PUT notifications/read-all': () => {
      const updated = store.filter((n) => !n.read && !n.archived).length;
      store = store.map((n) => (n.archived ? n : { ...n, read: true }));
      return { updated, unreadCount: 0 };
    },
    'PUT notifications/:id': ({ params, body }) => {
      const target = store.find((n) => n.id === params.id);
      if (!target) return refuse(404, 'Finns inte', 'Not found');
      Object.assign(target, body);
      return target;
    },
    'DELETE notifications/:id': ({ params }) => {
      const target = store.find((n) => n.id === params.id);
      if (!target) return refuse(404, 'Finns inte', 'Not found');
      store = store.filter((n) => n !== target);
      return { id: target.id };
    },
    'ALL *': () => refuse(404, 'Finns inte', 'Not found'),
  });
  setTokens({ accessToken: 'access', refreshToken: 'refresh-123' });
});

afterEach(() => {
  queryClient.clear();
});

function renderBell() {
  return renderRoutes(
    [
      { path: '/dashboard', element: <NotificationsBell /> },
      { path: '/dashboard/configuration/users', element: <h1>Användare</h1> },
    ],
    '/dashboard',
  );
}

async function openBell() {
  const user = userEvent.setup();
  const view = renderBell();
  await user.click(await screen.findByRole('button', { name: 'Aviseringar, 2 olästa' }));
  const drawer = await screen.findByRole('dialog', { name: 'Aviseringar' });
  await within(drawer).findByText('Ämne 3');
  return { user, drawer, ...view };
}

const items = (drawer: HTMLElement) =>
  within(within(drawer).getByRole('list', { name: 'Aviseringar' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent ?? '');

describe('notification bell', () => {
  it('shows the unread count on the bell, asked for every minute', async () => {
    renderBell();
    expect(await screen.findByRole('button', { name: 'Aviseringar, 2 olästa' })).toBeInTheDocument();
    expect(screen.getByTestId('notifications-badge')).toHaveTextContent('2');
    expect(unreadCountQueryOptions().refetchInterval).toBe(NOTIFICATION_POLL_MS);
    expect(NOTIFICATION_POLL_MS).toBe(60_000);
    expect(calls.all[0]?.url).toBe('/api/v1/notifications?filter=unread&archived=exclude&page=1&pageSize=1');
  });

  it('names the bell without a count when everything is read', async () => {
    store = [note(1, true)];
    renderBell();
    expect(await screen.findByRole('button', { name: 'Aviseringar' })).toBeInTheDocument();
  });

  it('lists the notifications and filters them all / read / unread', async () => {
    const { user, drawer } = await openBell();
    expect(items(drawer)).toHaveLength(3);
    expect(items(drawer)[0]).toContain('Oläst');
    expect(items(drawer)[0]).toContain('Meddelande 3');

    await user.click(within(drawer).getByRole('radio', { name: 'Lästa' }));
    await waitFor(() => expect(items(drawer)).toHaveLength(1));
    expect(items(drawer)[0]).toContain('Ämne 1');
    expect(calls.all.at(-1)?.url).toContain('filter=read');

    await user.click(within(drawer).getByRole('radio', { name: 'Olästa' }));
    await waitFor(() => expect(items(drawer).map((text) => text.includes('Ämne 1'))).toEqual([false, false]));
  });

  it('marks one read and updates the count', async () => {
    const { user, drawer } = await openBell();
    await user.click(within(drawer).getByRole('button', { name: 'Markera som läst: Ämne 2' }));
    await waitFor(() =>
      expect(calls.all.some((c) => c.method === 'PUT' && c.body && (c.body as { read?: boolean }).read === true)).toBe(true),
    );
    expect(await screen.findByRole('button', { name: 'Aviseringar, 1 oläst' })).toBeInTheDocument();
    expect(await within(drawer).findByRole('button', { name: 'Markera som oläst: Ämne 2' })).toBeInTheDocument();
  });

  it('archives one: it leaves the list unless archived ones are shown', async () => {
    const { user, drawer } = await openBell();
    await user.click(within(drawer).getByRole('button', { name: 'Arkivera: Ämne 1' }));
    await waitFor(() => expect(items(drawer)).toHaveLength(2));
    await user.click(within(drawer).getByRole('switch', { name: 'Visa arkiverade' }));
    await waitFor(() => expect(items(drawer)).toHaveLength(3));
    expect(within(drawer).getByText('Arkiverad')).toBeInTheDocument();
  });

  it('deletes only after confirmation', async () => {
    const { user, drawer } = await openBell();
    await user.click(within(drawer).getByRole('button', { name: 'Ta bort: Ämne 2' }));
    const confirm = await screen.findByRole('dialog', { name: 'Ta bort aviseringen?' });
    await user.click(within(confirm).getByRole('button', { name: 'Avbryt' }));
    expect(calls.all.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(within(drawer).getByRole('button', { name: 'Ta bort: Ämne 2' }));
    const again = await screen.findByRole('dialog', { name: 'Ta bort aviseringen?' });
    expect(again).toHaveTextContent('Aviseringen "Ämne 2" tas bort permanent.');
    await user.click(within(again).getByRole('button', { name: 'Ta bort' }));
    await waitFor(() => expect(items(drawer)).toHaveLength(2));
    expect(calls.all.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([
      `/api/v1/notifications/${note(2, false).id}`,
    ]);
  });

  it('marks all read', async () => {
    const { user, drawer } = await openBell();
    await user.click(within(drawer).getByRole('button', { name: 'Markera alla som lästa' }));
    expect(await screen.findByRole('button', { name: 'Aviseringar' })).toBeInTheDocument();
    await waitFor(() => expect(within(drawer).getByRole('button', { name: 'Markera alla som lästa' })).toBeDisabled());
  });

  it('follows a notification’s link, marking it read and closing the panel', async () => {
    const { user, drawer, router } = await openBell();
    await user.click(within(drawer).getByRole('link', { name: 'Ämne 3' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/configuration/users'));
    await waitFor(() => expect(store.find((n) => n.subject === 'Ämne 3')?.read).toBe(true));
  });

  it('says so when there is nothing to show, per filter, in English too', async () => {
    await setLanguage('en');
    store = [];
    const user = userEvent.setup();
    renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    const drawer = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(drawer).findByText('No notifications')).toBeInTheDocument();
    await user.click(within(drawer).getByRole('radio', { name: 'Unread' }));
    expect(await within(drawer).findByText('No unread notifications')).toBeInTheDocument();
  });
});
