import type { CurrentUser, GitInvoiceOccasionRow, GitMemberRow } from '@fairway/shared';
import { STORAGE_KEYS } from '@fairway/shared/constants';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../app/query-client';
import { setLanguage } from '../../../lib/i18n';
import { setTokens } from '../../../lib/storage';
import { mockApi, noting, ok, refuse, reply, type Write } from '../../../test/api';
import { demoUser, renderRoutes, wideScreen } from '../../../test/render';
import type { GitBasisWithSync } from '../api/sync-types';
import GitPage from './git-page';

const uuid = (n: number) => `3f2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c${String(n).padStart(2, '0')}`;

const member: GitMemberRow = {
  id: uuid(90),
  golfId: '850312-001',
  firstName: 'Anna',
  lastName: 'Ek',
  email: 'anna@example.se',
  categoryCode: 'S',
  categoryName: 'Senior',
  guardianGolfId: null,
  familyId: null,
  familyRole: null,
  memberId: null,
  active: true,
  modifiedAt: '2026-01-01T00:00:00.000Z',
};

/** 30 active occasions (two pages of 25) and one archived. */
const occasions: GitInvoiceOccasionRow[] = Array.from({ length: 31 }, (_, i) => ({
  id: uuid(i + 1),
  gitId: `FO-${i + 1}`,
  name: `Omgång ${i + 1}`,
  invoiceDate: '2026-01-15',
  dueDate: '2026-02-15',
  basisCount: 10,
  totalOre: 100_000,
  paidOre: 0,
  archived: i === 30,
  createdAt: '2026-01-10T10:00:00.000Z',
}));

const credited: GitBasisWithSync = {
  id: uuid(80),
  gitId: 'FU-80',
  occasionGitId: 'FO-1',
  number: 1080,
  memberGolfId: '850312-002',
  memberName: 'Olle Berg',
  payerKind: 'self',
  payerGolfId: '850312-002',
  payerName: 'Olle Berg',
  familyId: null,
  rows: [],
  totalOre: 250_000,
  dueDate: '2026-02-15',
  status: 'credited',
  paidOre: 0,
  paidAt: null,
  creditedAt: '2026-03-01T00:00:00.000Z',
  creditReason: 'Utträde',
  sync: { state: 'synced', invoiceNumber: '1080', error: null },
};

const routes = [
  { path: '/dashboard/golfrelated/git', element: <GitPage /> },
  { path: '/dashboard/settings', element: <h1>Inställningarna</h1> },
];
/** The page the list asks for, of 25 rows. */
function list<T>(rows: T[], query: URLSearchParams) {
  const asked = Number(query.get('page') ?? 1);
  return ok(rows.slice((asked - 1) * 25, asked * 25), { pagination: { page: asked, pageSize: 25, total: rows.length } });
}

const writes: Write[] = [];
/** The answer of POST git/report-status, when a test wants a refusal instead of a run. */
let reportRefusal: { status: number; body: unknown } | null = null;
/** The answer of PUT …/archive, when a test wants a refusal. */
let archiveRefusal: { status: number; body: unknown } | null = null;
/** The signed-in user GET users/me answers. */
let me: CurrentUser = demoUser;

beforeEach(async () => {
  await setLanguage('sv');
  writes.length = 0;
  reportRefusal = null;
  archiveRefusal = null;
  me = demoUser;
  localStorage.removeItem(STORAGE_KEYS.invoiceOccasion);
  mockApi({
    'ALL users/me': () => me,
    'PUT git/invoice-occasions/:id/archive': noting(writes, ({ params }) =>
      archiveRefusal
        ? reply(archiveRefusal.status, archiveRefusal.body)
        : { ...occasions.find((o) => o.id === params.id), archived: true },
    ),
    'POST git/report-status': noting(writes, () =>
      reportRefusal
        ? reply(reportRefusal.status, reportRefusal.body)
        : ok(
            {
              id: uuid(70),
              kind: 'report_status',
              trigger: 'manual',
              status: 'succeeded',
              created: 0,
              updated: 1,
              counts: { credited: { created: 0, updated: 1 } },
              total: 1,
              processed: 1,
              failed: 0,
              failures: [],
              targetClubAccountId: null,
              error: null,
              startedAt: null,
              finishedAt: null,
              createdAt: '2026-11-22T02:00:00.000Z',
            },
            { status: 202 },
          ),
    ),
    'GET git/list_members': ({ query }) => list(query.get('search') === 'zzz' ? [] : [member], query),
    'GET git/invoice-occasions': ({ query }) =>
      list(
        occasions.filter((o) => String(o.archived) === (query.get('archived') ?? 'false')),
        query,
      ),
    'GET git/credited-invoices': ({ query }) => list([credited], query),
    [`GET git/transactions/${uuid(70)}`]: () => refuse(404, 'x'),
    'GET *': () => refuse(404, 'Finns inte', 'Not found'),
    'ALL *': noting(writes, () => refuse(404, 'Finns inte', 'Not found')),
  });
  setTokens({ accessToken: 'access', refreshToken: 'refresh-123' });
  wideScreen();
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe('GIT page', { timeout: 60_000 }, () => {
  it('opens on the members tab and keeps the tab in the address', async () => {
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/dashboard/golfrelated/git');
    expect(screen.getByRole('heading', { level: 1, name: 'GIT' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'GIT-medlemmar' });
    expect(await within(table).findByText('Ek, Anna')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Fakturaomgångar' }));
    await screen.findByRole('table', { name: 'Fakturaomgångar' });
    expect(new URLSearchParams(router.state.location.search).get('tab')).toBe('invoiceOccasions');
  });

  it('archives occasions chosen on two pages after a confirmation, and asks for a choice first', async () => {
    const user = userEvent.setup();
    localStorage.setItem(STORAGE_KEYS.invoiceOccasion, JSON.stringify({ id: uuid(2), name: 'Omgång 2' }));
    renderRoutes(routes, '/dashboard/golfrelated/git?tab=invoiceOccasions');
    expect(await screen.findByRole('link', { name: 'Fortsätt med Omgång 2' })).toHaveAttribute(
      'href',
      `/dashboard/golfrelated/git/invoice-occasions/${uuid(2)}`,
    );
    const table = await screen.findByRole('table', { name: 'Fakturaomgångar' });
    await within(table).findByRole('link', { name: 'Omgång 1' });
    // The occasion worked on last time is marked in the list.
    expect(within(table).getByText('Senast öppnad').closest('tr')?.textContent).toContain('Omgång 2');

    await user.click(screen.getByRole('button', { name: 'Arkivera valda (0)' }));
    expect(await screen.findByText('Välj en eller flera fakturaomgångar')).toBeTruthy();
    expect(writes).toEqual([]);

    await user.click(within(table).getByRole('checkbox', { name: 'Välj Omgång 1' }));
    await user.click(screen.getByRole('button', { name: 'Nästa sida' }));
    await user.click(await within(table).findByRole('checkbox', { name: 'Välj Omgång 26' }));
    expect(screen.getByTestId('selection-count').textContent).toBe('2 valda');

    await user.click(screen.getByRole('button', { name: 'Arkivera valda (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Arkivera 2 fakturaomgångar?' });
    expect(within(dialog).getByText('Omgång 1, Omgång 26')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Avbryt' }));
    expect(writes).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Arkivera valda (2)' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Arkivera 2 fakturaomgångar?' })).getByRole('button', {
        name: 'Arkivera',
      }),
    );
    expect(await screen.findByText('2 fakturaomgångar har arkiverats')).toBeTruthy();
    expect(writes.map((w) => `${w.method} ${w.path}`)).toEqual([
      `PUT /api/v1/git/invoice-occasions/${uuid(1)}/archive`,
      `PUT /api/v1/git/invoice-occasions/${uuid(26)}/archive`,
    ]);
    await waitFor(() => expect(screen.getByTestId('selection-count').textContent).toBe(''));
  });

  it('shows a refused archiving in its confirmation dialog, which stays open', async () => {
    archiveRefusal = { status: 404, body: { message: 'Fakturaomgången finns inte', eng_message: 'Not found' } };
    const user = userEvent.setup();
    renderRoutes(routes, '/dashboard/golfrelated/git?tab=invoiceOccasions');
    const table = await screen.findByRole('table', { name: 'Fakturaomgångar' });
    await user.click(await within(table).findByRole('checkbox', { name: 'Välj Omgång 1' }));
    await user.click(screen.getByRole('button', { name: 'Arkivera valda (1)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Arkivera fakturaomgången?' });
    await user.click(within(dialog).getByRole('button', { name: 'Arkivera' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Fakturaomgången finns inte');
    expect(screen.getByTestId('selection-count').textContent).toBe('1 vald');
  });

  it('reports chosen credited invoices to GIT and shows the run, after asking for a choice first', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/dashboard/golfrelated/git?tab=creditedInvoices');
    const table = await screen.findByRole('table', { name: 'Krediterade fakturor' });
    await user.click(screen.getByRole('button', { name: 'Rapportera valda till GIT (0)' }));
    expect(await screen.findByText('Välj en eller flera fakturor')).toBeTruthy();

    await user.click(await within(table).findByRole('checkbox', { name: 'Välj underlag 1080 (Olle Berg)' }));
    await user.click(screen.getByRole('button', { name: 'Rapportera valda till GIT (1)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rapportera krediteringar till GIT?' });
    await user.click(within(dialog).getByRole('button', { name: 'Rapportera till GIT' }));
    await waitFor(() =>
      expect(writes).toEqual([
        { method: 'POST', path: '/api/v1/git/report-status', body: { kind: 'credited', basisIds: [uuid(80)] } },
      ]),
    );
  });

  it('says in the dialog which setting a report needs and links to it, when there is no club to sync to', async () => {
    // What the server answers without the API configuration's club_to_sync (git-report.service.ts).
    reportRefusal = {
      status: 400,
      body: {
        message: 'De angivna uppgifterna är ogiltiga',
        eng_message: 'The given data was invalid',
        error: { club_to_sync: ['Välj vilken klubb data ska synkas till'] },
        setting: { group: 'api', field: 'club_to_sync' },
      },
    };
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/dashboard/golfrelated/git?tab=creditedInvoices');
    await screen.findByRole('table', { name: 'Krediterade fakturor' });
    await user.click(screen.getByRole('button', { name: 'Rapportera alla berättigade' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rapportera krediteringar till GIT?' });
    await user.click(within(dialog).getByRole('button', { name: 'Rapportera till GIT' }));

    // The refusal stays in the dialog, in words (not the field's key), with the way to the setting.
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Rapporteringen kunde inte startas');
    expect(alert.textContent).toContain('Välj vilken klubb data ska synkas till');
    expect(alert.textContent).not.toContain('club_to_sync');
    const link = within(alert).getByRole('link', { name: 'Ställ in ”Klubb att synka till” i API-konfiguration' });
    expect(link.getAttribute('href')).toBe('/dashboard/settings?tab=api&field=club_to_sync');
    // Shown once, where the user is: no toast repeats it behind the dialog.
    expect(screen.getAllByText('Välj vilken klubb data ska synkas till')).toHaveLength(1);

    await user.click(link);
    await screen.findByRole('heading', { name: 'Inställningarna' });
    expect(router.state.location.search).toBe('?tab=api&field=club_to_sync');
  });

  it('leads from the settings tab to the API configuration, for users who may read it', async () => {
    renderRoutes(routes, '/dashboard/golfrelated/git?tab=settings');
    const link = await screen.findByRole('link', { name: 'Öppna API-konfigurationen' });
    expect(link.getAttribute('href')).toBe('/dashboard/settings?tab=api');
  });

  it.each([
    ['sv', 0, 'Det finns inga uppdateringar'],
    ['en', 0, 'There are no updates'],
    ['en', 2, "The portal's copy of GIT is up to date"],
  ] as const)('says how a refresh from GIT went (%s, %i changed)', async (lang, changed, said) => {
    await setLanguage(lang);
    const user = userEvent.setup();
    const refreshRun = {
      id: uuid(71),
      kind: 'refresh',
      trigger: 'manual',
      created: 0,
      updated: changed,
      counts: changed ? { members: { created: 0, updated: changed } } : {},
      total: 0,
      processed: 0,
      failed: 0,
      failures: [],
      targetClubAccountId: null,
      error: null,
      startedAt: '2026-11-22T02:00:00.000Z',
      createdAt: '2026-11-22T02:00:00.000Z',
    };
    mockApi({
      'GET git/connection': () => ({
        status: 'connected',
        clubId: '42',
        clubName: 'Alfa GK',
        environment: 'simulator',
        connectedAt: '2026-11-01T10:00:00.000Z',
        revokedAt: null,
        lastError: null,
      }),
      'GET git/transactions': ({ query }) => list([], query),
      'POST git/refresh': noting(writes, () => ok({ ...refreshRun, status: 'queued', finishedAt: null }, { status: 202 })),
      [`GET git/transactions/${uuid(71)}`]: () => ({
        ...refreshRun,
        status: 'succeeded',
        finishedAt: '2026-11-22T02:00:04.000Z',
      }),
    });
    renderRoutes(routes, '/dashboard/golfrelated/git?tab=settings');
    await user.click(await screen.findByRole('button', { name: lang === 'sv' ? 'Uppdatera från GIT' : 'Refresh from GIT' }));
    expect(await screen.findByText(said)).toBeInTheDocument();
    expect(writes.map((w) => `${w.method} ${w.path}`)).toEqual(['POST /api/v1/git/refresh']);
  });

  it('offers no way to the API configuration to a role without company.read', async () => {
    me = { ...demoUser, scopes: demoUser.scopes.filter((s) => s !== 'company.read') };
    renderRoutes(routes, '/dashboard/golfrelated/git?tab=settings');
    await screen.findByRole('heading', { name: 'Anslutning till GIT' });
    expect(screen.queryByRole('link', { name: 'Öppna API-konfigurationen' })).toBeNull();
  });

  it('shows any other refusal of the report in the dialog too, in English as well', async () => {
    await setLanguage('en');
    reportRefusal = {
      status: 409,
      body: { message: 'GIT är inte anslutet', eng_message: 'GIT is not connected' },
    };
    const user = userEvent.setup();
    renderRoutes(routes, '/dashboard/golfrelated/git?tab=creditedInvoices');
    await screen.findByRole('table', { name: 'Credited invoices' });
    await user.click(screen.getByRole('button', { name: 'Report all eligible' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Report to GIT' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('The report could not be started');
    expect(alert.textContent).toContain('GIT is not connected');
    expect(within(alert).queryByRole('link')).toBeNull();
  });
});
