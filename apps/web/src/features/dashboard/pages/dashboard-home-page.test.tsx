import type { DashboardStats } from '@fairway/shared';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../app/query-client';
import { setLanguage } from '../../../lib/i18n';
import { setStoredUser, setTokens } from '../../../lib/storage';
import { mockApi, refuse } from '../../../test/api';
import { demoUser } from '../../../test/render';
import DashboardHomePage from './dashboard-home-page';

vi.setConfig({ testTimeout: 20_000 });

const stats = (newMembersThisMonth: number | null): DashboardStats => ({
  today: '2025-10-15',
  month: '2025-10',
  syncedAt: '2025-10-15T08:00:00.000Z',
  completion: { complete: true, pendingInvoices: 0, refreshing: false, expectedAt: null },
  billedThisMonth: { totalOre: 100_000, netOre: 80_000, count: 2 },
  unpaid: { count: 1, balanceOre: 102_900, overdueCount: 1, overdueBalanceOre: 102_900 },
  newMembersThisMonth,
  revenueThisYear: { netOre: 80_000, previousYearToDateNetOre: 0, netCoverage: { invoices: 2, withNet: 2 } },
  chart: [],
  unpaidInvoices: [
    {
      id: '00000000-0000-4000-8000-000000000001',
      number: '1002',
      customerNumber: '1021',
      customerName: 'Per Lindström',
      totalOre: 102_900,
      balanceOre: 102_900,
      currency: 'SEK',
      invoiceDate: '2025-09-30',
      dueDate: '2025-10-20',
      overdue: true,
    },
  ],
});

let answer: DashboardStats;

beforeEach(() => {
  mockApi({
    'GET dashboard/stats': () => answer,
    'ALL *': () => refuse(404, 'Finns inte', 'Not found'),
  });
  setTokens({ accessToken: 'access', refreshToken: 'refresh' });
  setStoredUser(demoUser);
});

afterEach(async () => {
  await setLanguage('sv');
});

function renderPage() {
  const router = createMemoryRouter([{ path: '/dashboard', Component: DashboardHomePage }], { initialEntries: ['/dashboard'] });
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

describe('dashboard home', () => {
  it('writes dates as the lists and date fields do, in the reader’s language', async () => {
    answer = stats(3);
    const view = renderPage();
    const unpaid = await screen.findByTestId('unpaid-invoices');
    expect(await within(unpaid).findByText('2025-09-30')).toBeInTheDocument();
    expect(within(unpaid).getByText('2025-10-20')).toBeInTheDocument();
    view.unmount();
    await setLanguage('en');
    renderPage();
    const english = await screen.findByTestId('unpaid-invoices');
    expect(await within(english).findByText('30/09/2025')).toBeInTheDocument();
  });

  it('shows the new members of the month with a hint that says what they are', async () => {
    answer = stats(3);
    renderPage();
    const card = await screen.findByTestId('stat-newMembersThisMonth');
    expect(await within(card).findByText('3')).toBeInTheDocument();
    expect(within(card).getByText('Medlemskap i medlemsregistret som började denna månad')).toBeInTheDocument();
    expect(within(card).queryByText(/när GIT är kopplat/)).not.toBeInTheDocument();
  });

  it('shows this year’s revenue ex VAT once every invoice is read, compared with last year', async () => {
    answer = { ...stats(3), revenueThisYear: { ...stats(3).revenueThisYear, previousYearToDateNetOre: 40_000 } };
    renderPage();
    const card = await screen.findByTestId('stat-revenueThisYear');
    expect((await within(card).findByText(/kr$/)).textContent).toMatch(/^800\skr$/);
    expect(within(card).getByText(/\+100 % mot samma period i fjol/)).toBeInTheDocument();
    expect(screen.queryByTestId('completion-note')).toBeNull();
  });

  it('while the invoices are read whole: no partial revenue, but how many are left and when it is ready, in both languages', async () => {
    const expectedAt = new Date(Date.now() + 100_000).toISOString();
    answer = {
      ...stats(3),
      completion: { complete: false, pendingInvoices: 136, refreshing: true, expectedAt },
      billedThisMonth: { ...stats(3).billedThisMonth, netOre: null },
      revenueThisYear: { netOre: null, previousYearToDateNetOre: null, netCoverage: { invoices: 236, withNet: 100 } },
    };
    const view = renderPage();
    const card = await screen.findByTestId('stat-revenueThisYear');
    await within(card).findByText('Uppdateras – 136 fakturor kvar att läsa in, klart om ca 2 min');
    // "—" read out as "Uppdateras", never a sum of the invoices read so far.
    expect(card.querySelector('[data-value]')?.textContent).toBe('—');
    expect(within(card).getByLabelText('Uppdateras')).toBeInTheDocument();
    const note = screen.getByTestId('completion-note');
    expect(note).toHaveAttribute('role', 'status');
    expect(note.textContent).toMatch(/Siffrorna är inte kompletta ännu/);
    view.unmount();

    await setLanguage('en');
    renderPage();
    const english = await screen.findByTestId('stat-revenueThisYear');
    await within(english).findByText('Updating – 136 invoices left to read, ready in about 2 min');
    expect(within(english).getByLabelText('Updating')).toBeInTheDocument();
  });

  it('says when the missing invoices will be read when no refresh is under way', async () => {
    answer = {
      ...stats(3),
      completion: { complete: false, pendingInvoices: 1, refreshing: false, expectedAt: null },
      revenueThisYear: { netOre: null, previousYearToDateNetOre: 0, netCoverage: { invoices: 2, withNet: 1 } },
    };
    renderPage();
    const card = await screen.findByTestId('stat-revenueThisYear');
    await within(card).findByText(
      'Inte komplett – 1 faktura kvar att läsa in, läses in vid nästa uppdatering från bokföringsprogrammet',
    );
  });

  it('says why there is no figure for a user who may not see members', async () => {
    answer = stats(null);
    renderPage();
    const card = await screen.findByTestId('stat-newMembersThisMonth');
    expect(await within(card).findByText('Visas för den som har behörighet att se medlemmar')).toBeInTheDocument();
  });
});
