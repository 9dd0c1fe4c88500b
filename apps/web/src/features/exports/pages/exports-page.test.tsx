import type { ExportLogEntry } from '@fairway/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../app/query-client';
import { setLanguage } from '../../../lib/i18n';
import { setTokens } from '../../../lib/storage';
import { mockApi, ok, page, refuse } from '../../../test/api';
import { demoUser, renderRoutes } from '../../../test/render';
import { presetPeriod } from '../lib/period';
import ExportsPage from './exports-page';

const routes = [{ path: '/dashboard/golfrelated/exports', element: <ExportsPage /> }];
const EXPORT_ID = '3f2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c55';

const entry = (over: Partial<ExportLogEntry> = {}): ExportLogEntry => ({
  id: EXPORT_ID,
  kind: 'members',
  format: 'csv',
  startDate: '2026-10-01',
  endDate: '2026-10-31',
  status: 'succeeded',
  rowCount: 1234,
  fileSize: 20_480,
  fileName: 'medlemmar-2026-10-01-2026-10-31.csv',
  fileAvailable: true,
  expiresAt: '2026-12-06T10:00:00.000Z',
  error: null,
  createdBy: 'Karin',
  createdAt: '2026-11-22T10:00:00.000Z',
  finishedAt: '2026-11-22T10:00:01.000Z',
  ...over,
});

let log: ExportLogEntry[] = [];
let scopes = demoUser.scopes;
/** When set, POST answers a queued export, and GET exports/{id} walks it through these statuses. */
let queuedSteps: ExportLogEntry[] | null = null;
const posts: unknown[] = [];
const downloads: string[] = [];
const saved: string[] = [];

beforeEach(async () => {
  await setLanguage('sv');
  log = [];
  scopes = demoUser.scopes;
  queuedSteps = null;
  posts.length = 0;
  downloads.length = 0;
  saved.length = 0;
  mockApi({
    'GET users/me': () => ({ ...demoUser, scopes }),
    'POST exports': ({ body }) => {
      posts.push(body);
      if (queuedSteps) {
        const queued = entry({ status: 'queued', rowCount: null, fileSize: null, fileName: null, fileAvailable: false });
        log = [queued];
        return ok(queued, { status: 202 });
      }
      const { startDate, endDate, format } = body as ExportLogEntry;
      const made = entry({ startDate, endDate, format });
      log = [made];
      return ok(made, { status: 201 });
    },
    'GET exports/log': () => page(log, 10),
    [`GET exports/${EXPORT_ID}/file`]: ({ url }) => {
      downloads.push(url.pathname);
      return new Response('\uFEFFGolf-ID;Förnamn\r\n', { status: 200, headers: { 'Content-Type': 'text/csv' } });
    },
    // A queued export is followed until its job has made the file.
    [`GET exports/${EXPORT_ID}`]: () => {
      if (!queuedSteps) return refuse(404, 'Finns inte', 'Not found');
      const next = queuedSteps.length > 1 ? (queuedSteps.shift() as ExportLogEntry) : (queuedSteps[0] as ExportLogEntry);
      log = [next];
      return next;
    },
    'ALL *': () => refuse(404, 'Finns inte', 'Not found'),
  });
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:export', revokeObjectURL: () => undefined }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  setTokens({ accessToken: 'access', refreshToken: 'refresh-123' });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  queryClient.clear();
});

describe('exports page', { timeout: 60_000 }, () => {
  it("asks for both dates with the spec's message, then exports a period, downloads it and lists it in the log", async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/dashboard/golfrelated/exports');
    expect(await screen.findByRole('heading', { level: 1, name: 'Exporter' })).toBeInTheDocument();
    expect(await screen.findByText('Inga exporter ännu')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Exportera' }));
    expect(await screen.findAllByText('Start- och slutdatum måste anges')).toHaveLength(2);
    expect(posts).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Förra månaden' }));
    await user.click(screen.getByRole('radio', { name: /Excel/ }));
    await user.click(screen.getByRole('button', { name: 'Exportera' }));
    const period = presetPeriod('lastMonth');
    await waitFor(() => expect(posts).toEqual([{ kind: 'members', format: 'xlsx', ...period }]));
    await waitFor(() => expect(saved).toEqual(['medlemmar-2026-10-01-2026-10-31.csv']));
    expect(downloads).toEqual([`/api/v1/exports/${EXPORT_ID}/file`]);
    expect(screen.queryByText('Start- och slutdatum måste anges')).not.toBeInTheDocument();

    const table = await screen.findByRole('table', { name: 'Exportlogg' });
    expect(within(table).getByText('Medlemmar')).toBeInTheDocument();
    expect(within(table).getByText('Klar')).toBeInTheDocument();
    expect(within(table).getByText('1 234')).toBeInTheDocument();
    expect(within(table).getByText('Karin')).toBeInTheDocument();

    // Download again from the log.
    await user.click(within(table).getByRole('button', { name: 'Ladda ner medlemmar-2026-10-01-2026-10-31.csv' }));
    await waitFor(() => expect(downloads).toHaveLength(2));
  });

  it('offers only the kinds the role may read, in English', async () => {
    await setLanguage('en');
    scopes = demoUser.scopes.filter((s) => s !== 'git.read');
    renderRoutes(routes, '/dashboard/golfrelated/exports');
    expect(await screen.findByRole('heading', { level: 1, name: 'Exports' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('radio', { name: /GIT invoice bases/ })).toBeDisabled());
    expect(screen.getByRole('radio', { name: /^Members/ })).toBeEnabled();
    expect(screen.getByRole('radio', { name: /^Members/ })).toBeChecked();
  });

  it('follows a large export made by a job until its file is there, then downloads it once', async () => {
    const user = userEvent.setup();
    queuedSteps = [
      entry({ status: 'running', rowCount: null, fileSize: null, fileName: null, fileAvailable: false }),
      entry({ rowCount: 48_000, fileName: 'medlemmar-2026-10-01-2026-10-31.xlsx', format: 'xlsx' }),
    ];
    renderRoutes(routes, '/dashboard/golfrelated/exports');
    await screen.findByRole('heading', { level: 1, name: 'Exporter' });
    await user.click(await screen.findByRole('button', { name: 'Förra månaden' }));
    await user.click(screen.getByRole('button', { name: 'Exportera' }));
    expect(await screen.findByText('Exporten skapas')).toBeInTheDocument();
    // The shared run view: a progress bar named by the export, without a count (a file is one piece of work).
    expect(screen.getByRole('progressbar', { name: /^Export: Medlemmar, / })).not.toHaveAttribute('aria-valuenow');
    expect(saved).toEqual([]);
    expect(await screen.findByText('Exporten är klar', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText(/^48\s000 rader\./)).toBeInTheDocument();
    await waitFor(() => expect(saved).toEqual(['medlemmar-2026-10-01-2026-10-31.xlsx']));
    // Polling has stopped and the file was saved once, not on every answer.
    await new Promise((r) => setTimeout(r, 2500));
    expect(saved).toHaveLength(1);
  });
});
