import type { EventLog } from '@fairway/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../app/query-client';
import { setLanguage } from '../../../lib/i18n';
import { setTokens } from '../../../lib/storage';
import { dashboardShell, mockApi, ok, refuse } from '../../../test/api';
import { demoUser, renderRoutes } from '../../../test/render';
import EventLogPage from './event-log-page';

// The page as the router mounts it at both of its addresses (docs/web-app.md#routes).
const routes = [
  { path: '/dashboard/event-log', element: <EventLogPage /> },
  { path: '/dashboard/configuration/eventLog', element: <EventLogPage /> },
];

let me = demoUser;
let entries: EventLog[];
const asked: URL[] = [];

const entry = (n: number, extra: Partial<EventLog>): EventLog => ({
  id: `00000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`,
  date: '2026-03-01T23:30:00.000Z',
  resource: 'invoices',
  invoice: null,
  activity: `Aktivitet ${n}`,
  error: null,
  type: 'INFO',
  clubAccountId: null,
  ...extra,
});

beforeEach(async () => {
  await setLanguage('sv');
  me = demoUser;
  asked.length = 0;
  entries = [
    entry(1, {
      resource: 'accounting',
      invoice: '1002',
      activity: 'Faktura 1002 kunde inte skapas',
      error: 'Kunden saknas',
      type: 'ERROR',
    }),
    entry(2, { resource: 'email', activity: 'E-post skickad till kalle@example.se', type: 'SUCCESS' }),
  ];
  mockApi({
    ...dashboardShell(() => me),
    'GET eventlogs': ({ url, query }) => {
      asked.push(url);
      const type = query.get('type');
      const matching = entries.filter((e) => !type || e.type === type);
      return ok(matching, {
        pagination: {
          page: Number(query.get('page') ?? 1),
          pageSize: Number(query.get('pageSize') ?? 25),
          total: matching.length,
        },
      });
    },
    'ALL *': () => refuse(404, 'Finns inte', 'Not found'),
  });
  setTokens({ accessToken: 'access', refreshToken: 'refresh-123' });
});

afterEach(() => {
  queryClient.clear();
});

describe('event log page', () => {
  it('lists the events in a table with Swedish dates and coloured type badges', async () => {
    renderRoutes(routes, '/dashboard/configuration/eventLog');
    expect(await screen.findByRole('heading', { level: 1, name: 'Händelselogg' })).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Brödsmulor' });
    expect(crumbs).toHaveTextContent('Konfiguration');
    const table = await screen.findByRole('table', { name: 'Händelser' });
    await within(table).findByText('Faktura 1002 kunde inte skapas');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const cells = within(rows[0] as HTMLElement)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    // 23:30 UTC on 1 March is 00:30 on 2 March in Sweden.
    expect(cells).toEqual([
      '2026-03-02 00:30:00',
      'Bokföringsprogram',
      '1002',
      'Faktura 1002 kunde inte skapas',
      'Kunden saknas',
      'ERROR',
    ]);
    expect(within(rows[1] as HTMLElement).getAllByRole('cell')[2]).toHaveTextContent('–');
    expect(
      within(rows[0] as HTMLElement)
        .getByText('ERROR')
        .closest('[data-type]'),
    ).toHaveAttribute('data-type', 'ERROR');
    expect(screen.getByText('1–2 av 2')).toBeInTheDocument();
  });

  it('filters by type through the server and shows an empty state with a way back', async () => {
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/dashboard/event-log');
    await screen.findByRole('table', { name: 'Händelser' });
    expect(screen.getByRole('navigation', { name: 'Brödsmulor' })).not.toHaveTextContent('Konfiguration');

    await user.click(screen.getByRole('textbox', { name: 'Typ' }));
    await user.click(await screen.findByRole('option', { name: 'SUCCESS', hidden: true }));
    await waitFor(() => expect(asked.at(-1)?.searchParams.get('type')).toBe('SUCCESS'));
    expect(router.state.location.search).toContain('type=SUCCESS');
    await waitFor(() => expect(screen.queryByText('Faktura 1002 kunde inte skapas')).not.toBeInTheDocument());

    entries = [];
    await user.click(screen.getByRole('textbox', { name: 'Typ' }));
    await user.click(await screen.findByRole('option', { name: 'ERROR', hidden: true }));
    expect(await screen.findByRole('heading', { name: 'Inga händelser matchar filtren' })).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Rensa filter' }).at(-1) as HTMLElement);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByRole('table', { name: 'Händelser' })).toBeInTheDocument();
  });

  it('says plainly when there are no events yet', async () => {
    entries = [];
    renderRoutes(routes, '/dashboard/event-log');
    expect(await screen.findByRole('heading', { name: 'Inga händelser ännu' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rensa filter' })).not.toBeInTheDocument();
  });

  it('does not ask the server for a reversed date range', async () => {
    renderRoutes(routes, '/dashboard/event-log?from=2026-03-05&to=2026-03-01');
    expect(await screen.findByText('Slutdatumet kan inte vara före startdatumet')).toBeInTheDocument();
    expect(asked).toHaveLength(0);
  });

  it('tells a user without eventlog.read that access is denied, without asking', async () => {
    me = { ...demoUser, role: 'Other', scopes: demoUser.scopes.filter((s) => s !== 'eventlog.read') };
    renderRoutes(routes, '/dashboard/event-log');
    expect(await screen.findByRole('heading', { level: 1, name: 'Händelselogg' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('table')).not.toBeInTheDocument());
    expect(asked).toHaveLength(0);
  });
});
