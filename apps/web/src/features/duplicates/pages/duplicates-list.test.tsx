import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { mockApi, ok, refuse } from '../../../test/api';
import { demoUser } from '../../../test/render';
import { details, GROUP_ID, group, renderDuplicates, summary } from '../test/fixtures';

const user = userEvent.setup({ delay: null });
vi.setConfig({ testTimeout: 60_000 });

afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('sv');
});

const integrations = {
  integrations: [{ system: 'accounting', provider: 'fortnox', status: 'connected', target: 'live', accounting: null }],
};

/** The home's calls: summary, the list (60 groups, 25 a page) and the connection. */
function home(over: Record<string, Parameters<typeof mockApi>[0][string]> = {}) {
  return mockApi({
    'GET integrations': () => integrations,
    'GET duplicates/summary': () => summary(),
    'GET duplicates': ({ query }) =>
      ok([group(), group({ id: '00000000-0000-4000-8000-0000000000d2', transactionId: 'INV-2', duplicateCount: 2 })], {
        pagination: { page: Number(query.get('page') ?? 1), pageSize: 25, total: 60 },
      }),
    ...over,
  });
}

describe('the Dubbelkoll home', () => {
  it('shows the scan, the figures per resource, the allowance and the unresolved groups', async () => {
    const calls = home();
    renderDuplicates('/dashboard/duplicates');
    const table = await screen.findByRole('table', { name: 'Dubblettgrupper' });
    const row = (await within(table).findByRole('link', { name: 'Öppna dubblettgruppen INV-1' })).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('Faktura 1042');
    expect(row).toHaveTextContent('Greenkeeping AB');
    expect(row).toHaveTextContent('2026-10-01');
    expect(row).toHaveTextContent(/1\s250\s*kr/);
    expect(row).toHaveTextContent('97 % säker');
    expect(row).toHaveTextContent('Olöst');
    expect(screen.getByTestId('duplicates-usage')).toHaveTextContent(/1\s234 av 5\s000 dokument kontrollerade denna månad/);
    expect(screen.getByRole('progressbar', { name: 'Dokument denna månad' })).toHaveAttribute('aria-valuenow', '1234');
    expect(screen.getByTestId('stat-found')).toHaveTextContent('6');
    expect(screen.getByTestId('stat-resolved')).toHaveTextContent('2');
    expect(screen.getByTestId('stat-at-stake')).toHaveTextContent(/5\s000\s*kr/);
    expect(screen.getByTestId('stat-saved')).toHaveTextContent(/2\s000\s*kr/);
    expect(screen.getByRole('link', { name: 'Leverantörsfakturor' })).toHaveAttribute(
      'href',
      '/dashboard/duplicates/supplier_invoice',
    );
    expect(screen.getByTestId('scan-progress')).toHaveAttribute('data-status', 'succeeded');
    const first = calls.find((c) => c.path === 'duplicates');
    expect(first?.query.get('status')).toBe('unsolved');
    expect(first?.query.get('resource')).toBeNull();
    expect(first?.query.get('sort')).toBe('found');
    expect(first?.query.get('order')).toBe('desc');
  });

  it('filters by status and resource, searches, sorts and pages', async () => {
    const calls = home();
    renderDuplicates('/dashboard/duplicates');
    await screen.findByRole('table', { name: 'Dubblettgrupper' });
    const lastList = () => calls.filter((c) => c.path === 'duplicates').at(-1);

    await user.click(screen.getByRole('textbox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Alla', hidden: true }));
    await waitFor(() => expect(lastList()?.query.get('status')).toBe('all'));

    await user.click(screen.getByRole('textbox', { name: 'Dokumenttyp' }));
    await user.click(await screen.findByRole('option', { name: 'Leverantörsfakturor', hidden: true }));
    await waitFor(() => expect(lastList()?.query.get('resource')).toBe('supplier_invoice'));

    await user.click(screen.getByRole('searchbox', { name: 'Sök på transaktions-ID, dokumentnummer eller motpart' }));
    await user.paste('INV-2');
    await waitFor(() => expect(lastList()?.query.get('search')).toBe('INV-2'));

    await user.click(within(screen.getByRole('table', { name: 'Dubblettgrupper' })).getByText('Belopp på spel'));
    await waitFor(() => expect(lastList()?.query.get('sort')).toBe('amount'));

    await user.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(lastList()?.query.get('page')).toBe('2'));
    expect(lastList()?.query.get('status')).toBe('all');
  });

  it('marks a group resolved, and a single duplicate as not a duplicate, from the row', async () => {
    const calls = home({
      'PUT duplicates/:id': ({ body }) => group({ resolved: (body as { resolved: boolean }).resolved }),
      'GET duplicates/:id/details': () => details(),
      'PUT duplicates/:id/not_duplicate/:x': () => ({}),
    });
    renderDuplicates('/dashboard/duplicates');
    await user.click(await screen.findByRole('button', { name: 'Åtgärder för INV-1' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Markera som löst', hidden: true }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.path === `duplicates/${GROUP_ID}`)).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ resolved: true });

    await user.click(screen.getByRole('button', { name: 'Åtgärder för INV-1' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Inte en dubblett', hidden: true }));
    const dialog = await screen.findByRole('dialog', { name: 'Inte en dubblett?' });
    expect(dialog).toHaveTextContent('Faktura 1043 räknas inte längre som en dubblett av Faktura 1042');
    await user.click(within(dialog).getByRole('button', { name: 'Inte en dubblett' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'PUT' && c.path === `duplicates/${GROUP_ID}/not_duplicate/1043`)).toBe(true),
    );

    // A group with several duplicates is marked from its page, not from the row.
    await user.click(screen.getByRole('button', { name: 'Åtgärder för INV-2' }));
    const menu = await screen.findByRole('menu', { hidden: true });
    expect(within(menu).queryByRole('menuitem', { name: 'Inte en dubblett', hidden: true })).toBeNull();
  });

  it("offers handling in a row's menu only for an unresolved group", async () => {
    home({
      'GET duplicates': () =>
        ok([group({ resolved: true, resolvedAt: '2026-11-02T09:00:00.000Z' })], {
          pagination: { page: 1, pageSize: 25, total: 1 },
        }),
    });
    renderDuplicates('/dashboard/duplicates');
    await user.click(await screen.findByRole('button', { name: 'Åtgärder för INV-1' }));
    const menu = await screen.findByRole('menu', { hidden: true });
    expect(within(menu).getByRole('menuitem', { name: 'Markera som olöst', hidden: true })).toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: 'Hantera i bokföringsprogrammet', hidden: true })).toBeNull();
  });

  it('offers no changes to a reader without duplicates.write', async () => {
    home();
    renderDuplicates('/dashboard/duplicates', { ...demoUser, scopes: demoUser.scopes.filter((s) => s !== 'duplicates.write') });
    await user.click(await screen.findByRole('button', { name: 'Åtgärder för INV-1' }));
    expect(screen.queryByRole('button', { name: 'Kontrollera nu' })).toBeNull();
    const menu = await screen.findByRole('menu', { hidden: true });
    expect(
      within(menu)
        .getAllByRole('menuitem', { hidden: true })
        .map((i) => i.textContent),
    ).toEqual(['Öppna']);
  });

  it('shows the access-denied screen, and asks nothing, without duplicates.read', async () => {
    const calls = home();
    renderDuplicates('/dashboard/duplicates', {
      ...demoUser,
      scopes: demoUser.scopes.filter((s) => !s.startsWith('duplicates.')),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dubbletter' })).toBeInTheDocument();
    expect(await screen.findByText('Du har inte behörighet till sidan.')).toBeInTheDocument();
    expect(calls.filter((c) => c.path.startsWith('duplicates'))).toEqual([]);
  });

  it('says no check has been made yet, and checks now', async () => {
    const calls = home({
      'GET duplicates/summary': () =>
        summary({ scan: { ...summary().scan, status: null, kind: null, finishedAt: null, done: 0, total: 0 } }),
      'GET duplicates': () => ok([], { pagination: { page: 1, pageSize: 25, total: 0 } }),
      'POST duplicates/scan': () => ({ ...summary().scan, status: 'queued', done: 0, total: 0, finishedAt: null }),
    });
    renderDuplicates('/dashboard/duplicates');
    expect(await screen.findByRole('heading', { name: 'Ingen kontroll har gjorts än' })).toBeInTheDocument();
    const buttons = screen.getAllByRole('button', { name: 'Kontrollera nu' });
    await user.click(buttons[buttons.length - 1] as HTMLElement);
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === 'duplicates/scan')).toBe(true));
  });

  it('follows a running scan and asks for the list again once it has ended', async () => {
    let running = true;
    const calls = home({
      'GET duplicates/summary': () =>
        running
          ? summary({ scan: { ...summary().scan, status: 'running', done: 10, total: 40, finishedAt: null } })
          : summary({ scan: { ...summary().scan, finishedAt: '2026-11-02T07:05:00.000Z' } }),
    });
    renderDuplicates('/dashboard/duplicates');
    const bar = await screen.findByRole('progressbar', { name: 'Kontrollerar alla dokument' });
    expect(bar).toHaveAttribute('aria-valuenow', '10');
    expect(bar).toHaveAttribute('aria-valuemax', '40');
    expect(screen.getByRole('button', { name: 'Kontrollera nu' })).toBeDisabled();
    await screen.findByRole('table', { name: 'Dubblettgrupper' });
    const lists = () => calls.filter((c) => c.path === 'duplicates').length;
    const before = lists();

    running = false;
    await waitFor(() => expect(screen.getByTestId('scan-progress')).toHaveAttribute('data-status', 'succeeded'), {
      timeout: 10_000,
    });
    await waitFor(() => expect(lists()).toBeGreaterThan(before));
  });

  it('says none were found after a check, in English', async () => {
    await setLanguage('en');
    home({ 'GET duplicates': () => ok([], { pagination: { page: 1, pageSize: 25, total: 0 } }) });
    renderDuplicates('/dashboard/duplicates');
    expect(await screen.findByRole('heading', { name: 'No duplicates found' })).toBeInTheDocument();
    expect(screen.getByTestId('duplicates-usage')).toHaveTextContent(/1\s234 of 5\s000 documents checked this month/);
  });

  it("shows a failed list's message with a retry", async () => {
    home({ 'GET duplicates': () => refuse(503, 'Fortnox svarar inte just nu', 'Fortnox is not answering right now') });
    renderDuplicates('/dashboard/duplicates');
    const alert = await screen.findByText('Fortnox svarar inte just nu', {}, { timeout: 5000 });
    expect(alert.closest('[role="alert"]')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Försök igen' })).toBeInTheDocument();
  });
});

describe("a resource's list", () => {
  it('asks for that resource only and titles the page after it; an unknown resource is a 404', async () => {
    const calls = home();
    renderDuplicates('/dashboard/duplicates/voucher');
    expect(await screen.findByRole('heading', { level: 1, name: 'Verifikationer' })).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Dubblettgrupper' });
    expect(calls.find((c) => c.path === 'duplicates')?.query.get('resource')).toBe('voucher');
    expect(screen.queryByRole('textbox', { name: 'Dokumenttyp' })).toBeNull();
  });

  it('sends an unknown resource to the 404 page', async () => {
    home();
    const router = renderDuplicates('/dashboard/duplicates/receipts');
    await waitFor(() => expect(router.state.location.pathname).toBe('/error-404'));
  });
});
