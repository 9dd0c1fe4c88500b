import type { GitInvoiceOccasionDetail, GitTransaction } from '@fairway/shared';
import { STORAGE_KEYS } from '@fairway/shared/constants';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../app/query-client';
import { setLanguage } from '../../../lib/i18n';
import { setTokens } from '../../../lib/storage';
import { mockApi, noting, ok, page, refuse, type Write } from '../../../test/api';
import { demoUser, renderRoutes, wideScreen } from '../../../test/render';
import type { GitBasisWithSync } from '../api/sync-types';
import GitOccasionPage from './git-occasion-page';

const OCCASION = '3f2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const RUN = '9f2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const basisId = (n: number) => `5f2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c${String(n).padStart(2, '0')}`;

const occasion: GitInvoiceOccasionDetail = {
  id: OCCASION,
  gitId: 'FO-2026-1',
  name: 'Årsavgift 2026',
  invoiceDate: '2026-01-15',
  dueDate: '2026-02-15',
  basisCount: 3,
  totalOre: 1_350_000,
  paidOre: 450_000,
  archived: false,
  createdAt: '2026-01-10T10:00:00.000Z',
  statusCounts: { unpaid: 2, partially_paid: 0, paid: 1, credited: 0 },
};

function basis(n: number, name: string, synced = false): GitBasisWithSync {
  return {
    id: basisId(n),
    gitId: `FU-${n}`,
    occasionGitId: 'FO-2026-1',
    number: 1000 + n,
    memberGolfId: `850312-00${n}`,
    memberName: name,
    payerKind: 'self',
    payerGolfId: `850312-00${n}`,
    payerName: name,
    familyId: null,
    rows: [{ articleCode: 'ARS', description: 'Årsavgift', quantity: 1, amountOre: 450_000, vatRate: 0 }],
    totalOre: 450_000,
    dueDate: '2026-02-15',
    status: 'unpaid',
    paidOre: 0,
    paidAt: null,
    creditedAt: null,
    creditReason: null,
    sync: synced
      ? { state: 'synced', invoiceNumber: `70${n}`, error: null }
      : { state: 'not_synced', invoiceNumber: null, error: null },
  };
}

function run(status: GitTransaction['status'], processed: number): GitTransaction {
  return {
    id: RUN,
    kind: 'sync_invoices',
    trigger: 'manual',
    status,
    created: processed,
    updated: 0,
    counts: processed > 0 ? { invoices: { created: processed, updated: 0 } } : {},
    total: 2,
    processed,
    failed: 0,
    failures: [],
    targetClubAccountId: demoUser.clubAccounts[1].id,
    error: null,
    startedAt: '2026-11-22T02:00:00.000Z',
    finishedAt: status === 'succeeded' ? '2026-11-22T02:00:03.000Z' : null,
    createdAt: '2026-11-22T02:00:00.000Z',
  };
}

const routes = [{ path: '/dashboard/golfrelated/git/invoice-occasions/:invoice_id', element: <GitOccasionPage /> }];
const writes: Write[] = [];
let synced = false;
let mapped = false;
let polls = 0;
let delivery = { book: false, sendMethod: 'email', ways: { email: 1, einvoice: 0, print: 1, external_print: 0 } };
let followUps = 0;

beforeEach(async () => {
  await setLanguage('sv');
  writes.length = 0;
  synced = false;
  mapped = false;
  delivery = { book: false, sendMethod: 'email', ways: { email: 1, einvoice: 0, print: 1, external_print: 0 } };
  followUps = 0;
  polls = 0;
  localStorage.removeItem(STORAGE_KEYS.invoiceOccasion);
  mockApi({
    'ALL users/me': () => demoUser,
    [`GET git/invoice-occasions/${OCCASION}`]: () => occasion,
    [`GET git/invoice-occasions/${OCCASION}/invoice-bases`]: () =>
      page([basis(1, 'Anna Ek', synced), basis(2, 'Olle Berg', synced), basis(3, 'Karin Lind', true)]),
    'GET git/invoice-occasions/:id': () => refuse(404, 'Fakturaomgången finns inte', 'The invoice occasion does not exist'),
    'POST git/sync/preflight': noting(writes, ({ body }) => {
      // Nothing configured: the server plans for the club account in use and names it.
      const asked = (body as { targetClubAccountId?: string }).targetClubAccountId;
      const target = demoUser.clubAccounts.find((c) => c.id === asked) ?? demoUser.clubAccounts[0];
      return {
        target: { ...target, configured: false },
        bases: 2,
        followUps,
        total: 2 + followUps,
        alreadySynced: 0,
        paidInGit: 0,
        customersToCreate: 2,
        missingArticles: mapped ? [] : [{ code: 'ARS', name: 'Årsavgift', amountOre: 450_000, vatRate: 0, account: '3010' }],
        otherPayers: [
          {
            basisGitId: 'FU-2',
            memberGolfId: '850312-002',
            memberName: 'Olle Berg',
            payerKind: 'family',
            payerGolfId: '800101-001',
            payerName: 'Eva Berg',
          },
        ],
        delivery,
      };
    }),
    'PUT git/article-mappings': noting(writes, () => {
      mapped = true;
      return [];
    }),
    'POST git/sync': noting(writes, () => ok(run('queued', 0), { status: 202 })),
    [`GET git/transactions/${RUN}`]: () => {
      polls += 1;
      if (polls >= 2) synced = true;
      return polls >= 2 ? run('succeeded', 2) : run('running', 1);
    },
    'GET git/transactions': () => page([]),
    'GET articles': () => page([], 50),
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

describe('invoice occasion page', { timeout: 60_000 }, () => {
  it('shows the occasion, keeps it for the next visit, and refuses a sync of nothing selected', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, `/dashboard/golfrelated/git/invoice-occasions/${OCCASION}`);
    await screen.findByRole('heading', { level: 1, name: 'Årsavgift 2026' });
    const summary = screen.getByRole('region', { name: 'Sammanfattning av fakturaomgången' });
    const text = summary.textContent?.replace(/\s/g, ' ');
    expect(text).toContain('13 500 kr');
    expect(text).toContain('Obetald: 2');
    const table = await screen.findByRole('table', { name: 'Fakturaunderlag' });
    expect(await within(table).findByRole('link', { name: 'Faktura 703' })).toHaveAttribute(
      'href',
      '/dashboard/acounting/invoices?search=703',
    );
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.invoiceOccasion) ?? 'null')).toEqual({
        id: OCCASION,
        name: 'Årsavgift 2026',
      }),
    );

    await user.click(screen.getByRole('button', { name: 'Synka valda (0)' }));
    expect(await screen.findByText('Välj ett eller flera fakturaunderlag')).toBeTruthy();
    expect(writes).toEqual([]);
  });

  it('syncs the chosen bases: names the club account (changeable), maps the missing article, says what happens to each invoice, sends this run’s choice, then follows the run to the end', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, `/dashboard/golfrelated/git/invoice-occasions/${OCCASION}`);
    const table = await screen.findByRole('table', { name: 'Fakturaunderlag' });
    await user.click(await within(table).findByRole('checkbox', { name: 'Välj underlag 1001 (Anna Ek)' }));
    await user.click(within(table).getByRole('checkbox', { name: 'Välj underlag 1002 (Olle Berg)' }));
    expect(screen.getByTestId('selection-count').textContent).toBe('2 valda');
    await user.click(screen.getByRole('button', { name: 'Synka valda (2)' }));

    // No club to sync to configured: the club account in use, named, and no warning about choosing one.
    const dialog = await screen.findByRole('dialog', { name: 'Synka till bokföringen' });
    await within(dialog).findByTestId('sync-summary');
    expect(within(dialog).getByRole('textbox', { name: /Klubbkonto att synka till/ })).toHaveValue('Fairway Demo GK');
    expect(within(dialog).queryByText('Välj vilken klubb data ska synkas till')).toBeNull();
    await user.click(within(dialog).getByRole('textbox', { name: /Klubbkonto att synka till/ }));
    await user.click(await screen.findByRole('option', { name: 'Fairway Demo GK Drift AB', hidden: true }));
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: /Klubbkonto att synka till/ })).toHaveValue('Fairway Demo GK Drift AB'),
    );

    // Counts, and one GIT article without an accounting article: it must be mapped first.
    const summary = await within(dialog).findByTestId('sync-summary');
    expect(summary.textContent).toContain('Underlag att synka2');
    expect(summary.textContent).toContain('Kunder att skapa2');
    expect(within(dialog).queryByRole('button', { name: /^Synka 2/ })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Koppla artiklar' }));
    const articles = await screen.findByRole('dialog', { name: 'Koppla GIT-artiklar' });
    expect(within(articles).getByText('ARS · Årsavgift')).toBeTruthy();
    await user.click(within(articles).getByRole('radio', { name: 'Skapa i bokföringen' }));
    await user.click(within(articles).getByRole('button', { name: 'Spara och fortsätt' }));

    const ready = await screen.findByRole('dialog', { name: 'Synka till bokföringen' });
    // Before starting: what happens to each invoice (the configuration's way), and who gets an
    // invoice that is not the member's own.
    const plan = await within(ready).findByTestId('sync-delivery');
    expect(plan.textContent).toBe(
      '2 underlag blir fakturor som inte bokförs (Ej bokförd); bokför dem innan betalningar registreras.' +
        '1 skickas med e-post och 1 skrivs ut för att skickas med post.',
    );
    const payers = within(ready).getByTestId('sync-payers');
    expect(within(payers).getByText('En faktura går till någon annan än medlemmen')).toBeTruthy();
    expect(within(payers).getByText('Olle Berg: fakturan går till Eva Berg (familjens betalare)')).toBeTruthy();
    // This run: booked, not sent. The plan says so before the start.
    const book = within(ready).getByRole('switch', { name: /Bokför fakturorna direkt/ });
    const send = within(ready).getByRole('switch', { name: /Skicka fakturorna/ });
    expect(book).not.toBeChecked();
    expect(send).toBeChecked();
    await user.click(book);
    await user.click(send);
    expect(plan.textContent).toBe(
      '2 underlag blir fakturor som bokförs direkt.' +
        'Ingen faktura skickas: de ligger kvar i bokföringsprogrammet tills du skickar dem.',
    );
    await user.click(await within(ready).findByRole('button', { name: 'Synka 2 underlag' }));

    // The run is followed until it has ended; the bar reaches 100 % and the table shows the invoices.
    await waitFor(() => expect(screen.getByTestId('run-progress').dataset.status).toBe('succeeded'), { timeout: 8_000 });
    const bar = screen.getByRole('progressbar', { name: 'Synk till bokföringen' });
    expect(bar).toHaveAttribute('aria-valuenow', '2');
    expect(bar).toHaveAttribute('aria-valuetext', '2 av 2');
    expect(screen.getByText('2 fakturor skapade')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getAllByTestId('basis-invoice').map((a) => a.textContent)).toEqual([
        'Faktura 701',
        'Faktura 702',
        'Faktura 703',
      ]),
    );

    const target = demoUser.clubAccounts[1].id;
    const ids = [basisId(1), basisId(2)];
    expect(writes.map((w) => w.path)).toEqual([
      '/api/v1/git/sync/preflight',
      '/api/v1/git/sync/preflight',
      '/api/v1/git/article-mappings',
      '/api/v1/git/sync/preflight',
      '/api/v1/git/sync',
    ]);
    expect(writes[0].body).toEqual({ occasionId: OCCASION, basisIds: ids });
    expect(writes[1].body).toEqual({ occasionId: OCCASION, basisIds: ids, targetClubAccountId: target });
    expect(writes[2].body).toEqual({ targetClubAccountId: target, mappings: [{ gitArticleCode: 'ARS', create: true }] });
    // The club account planned for, and the choices shown, are what the run is asked to do.
    expect(writes[4].body).toEqual({ occasionId: OCCASION, basisIds: ids, targetClubAccountId: target, book: true, send: false });
  });

  it('in English, says before starting that each invoice is booked and printed, counts the follow-ups in the button, and names the family payer', async () => {
    await setLanguage('en');
    mapped = true;
    followUps = 1;
    // The two invoices made and the one made earlier but not sent yet.
    delivery = { book: true, sendMethod: 'print', ways: { email: 0, einvoice: 0, print: 3, external_print: 0 } };
    const user = userEvent.setup();
    renderRoutes(routes, `/dashboard/golfrelated/git/invoice-occasions/${OCCASION}`);
    const table = await screen.findByRole('table', { name: 'Invoice bases' });
    await user.click(await within(table).findByRole('checkbox', { name: 'Select basis 1002 (Olle Berg)' }));
    await user.click(screen.getByRole('button', { name: 'Sync selected (1)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sync to accounting' });
    expect((await within(dialog).findByTestId('sync-delivery')).textContent).toBe(
      '2 bases become invoices that are booked at once.' +
        'One invoice that already exists is followed up: sent if it has not been (when sending is on), and given changes and credits from GIT as the API configuration says.' +
        '3 are printed to be posted.',
    );
    expect(within(dialog).getByRole('switch', { name: /Book the invoices at once/ })).toBeChecked();
    // The run works on the two new invoices and the one followed up: the figure its progress counts to.
    expect(within(dialog).getByRole('button', { name: 'Sync 3 bases' })).toBeEnabled();
    const payers = within(dialog).getByTestId('sync-payers');
    expect(within(payers).getByText('One invoice goes to someone other than the member')).toBeTruthy();
    expect(within(payers).getByText('Olle Berg: the invoice goes to Eva Berg (family payer)')).toBeTruthy();
  });

  it('says so when the occasion does not exist', async () => {
    renderRoutes(routes, '/dashboard/golfrelated/git/invoice-occasions/4f2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d');
    expect(await screen.findByText('Fakturaomgången finns inte')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Till fakturaomgångarna' })).toHaveAttribute(
      'href',
      '/dashboard/golfrelated/git?tab=invoiceOccasions',
    );
  });
});
