import { CONFIGURATION_DEFAULTS, type Configurations, type CurrentUser, isoToday } from '@fairway/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { USER_MENU_CONFIGURATION } from '../../../app/layouts/user-menu';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../app/query-client';
import { setLanguage } from '../../../lib/i18n';
import { setStoredUser, setTokens } from '../../../lib/storage';
import { answerRoutes, type CannedAnswer } from '../../../test/api';
import { demoUser } from '../../../test/render';
import ConfigurationsPage, { CONFIGURATION_TABS } from './configurations-page';

const user = userEvent.setup({ delay: null });
vi.setConfig({ testTimeout: 20_000 });

const clubAccountId = demoUser.currentAccount?.id ?? '';
const configurations = (): Configurations => ({
  clubAccountId,
  groups: {
    invoice: { id: null, group: 'invoice', values: CONFIGURATION_DEFAULTS.invoice, updatedAt: null },
    contract: { id: null, group: 'contract', values: CONFIGURATION_DEFAULTS.contract, updatedAt: null },
    member: { id: null, group: 'member', values: CONFIGURATION_DEFAULTS.member, updatedAt: null },
    article: { id: null, group: 'article', values: CONFIGURATION_DEFAULTS.article, updatedAt: null },
    email: { id: null, group: 'email', values: CONFIGURATION_DEFAULTS.email, updatedAt: null },
    api: { id: null, group: 'api', values: CONFIGURATION_DEFAULTS.api, updatedAt: null },
  },
});

/** The page's server: answers by "METHOD path", anything else 404. Returns the calls made. */
const stubApi = (answers: Record<string, (body: unknown) => CannedAnswer>) => answerRoutes(answers);

function renderPage(path: string, who: CurrentUser = demoUser) {
  setTokens({ accessToken: 'access', refreshToken: 'refresh' });
  setStoredUser(who);
  const router = createMemoryRouter([{ path: '/dashboard/settings', Component: ConfigurationsPage }], { initialEntries: [path] });
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

describe('configurations page', () => {
  it('has a tab for every configuration entry of the user dropdown', () => {
    for (const entry of USER_MENU_CONFIGURATION) {
      const [path, search] = entry.to.split('?');
      expect(path).toBe('/dashboard/settings');
      expect(CONFIGURATION_TABS).toContain(new URLSearchParams(search).get('tab'));
    }
  });

  it('saves changed invoice payment terms and confirms with a toast', async () => {
    const calls = stubApi({
      'GET configurations': () => ({ body: { data: configurations() } }),
      'PUT configurations/invoice': (body) => ({
        body: { data: { id: null, group: 'invoice', values: body, updatedAt: '2026-03-01T10:00:00.000Z' } },
      }),
    });
    renderPage('/dashboard/settings?tab=invoice');
    const terms = await screen.findByRole('textbox', { name: 'Betalningsvillkor' });
    expect(terms).toHaveValue('30 dagar');
    await user.click(terms);
    await user.click(await screen.findByRole('option', { name: '15 dagar', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Spara' }));

    expect(await screen.findByText('Fakturainställningar har sparats')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.path).toBe('configurations/invoice');
    expect(put?.body).toEqual({ ...CONFIGURATION_DEFAULTS.invoice, paymentTermsDays: 15 });
    expect(await screen.findByText(/Senast sparad/)).toBeInTheDocument();
  });

  it('the member settings say, switched on by default, that the payer GIT names gets family members’ invoices', async () => {
    stubApi({ 'GET configurations': () => ({ body: { data: configurations() } }) });
    renderPage('/dashboard/settings?tab=member');
    const family = await screen.findByRole('switch', { name: /Familjens betalare får familjemedlemmarnas fakturor/ });
    expect(family).toBeChecked();
    expect(screen.getByText(/Stäng av om varje medlem i stället ska få sin egen faktura/)).toBeInTheDocument();
  });

  it('books on create only when the invoice settings say so, and says what booking means', async () => {
    stubApi({ 'GET configurations': () => ({ body: { data: configurations() } }) });
    renderPage('/dashboard/settings?tab=invoice');
    const book = await screen.findByRole('switch', { name: /Bokför fakturor när de skapas/ });
    expect(book).not.toBeChecked();
    expect(screen.getByText(/betalningar kan registreras på den direkt/)).toBeInTheDocument();
  });

  it('asks for a club to sync to before sending the API configuration', async () => {
    const calls = stubApi({ 'GET configurations': () => ({ body: { data: configurations() } }) });
    renderPage('/dashboard/settings?tab=api');
    await user.click(await screen.findByRole('switch', { name: /Automatisk synkronisering/ }));
    await user.click(screen.getByRole('button', { name: 'Spara' }));
    expect(await screen.findByText('Välj vilken klubb data ska synkas till')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('opened from a refusal that names a setting (?field=), gives that field the focus', async () => {
    await setLanguage('sv');
    stubApi({ 'GET configurations': () => ({ body: { data: configurations() } }) });
    renderPage('/dashboard/settings?tab=api&field=club_to_sync');
    const select = await screen.findByRole('textbox', { name: 'Klubb att synka till' });
    await waitFor(() => expect(document.activeElement).toBe(select));
  });

  it("shows the API configuration's dates in the reader's language, in the portal's own date picker", async () => {
    const today = isoToday();
    const [y, m, d] = today.split('-');
    const api = { ...CONFIGURATION_DEFAULTS.api, sync_start_date: today };
    const answer = () => ({
      body: {
        data: {
          ...configurations(),
          groups: { ...configurations().groups, api: { id: null, group: 'api', values: api, updatedAt: null } },
        },
      },
    });
    stubApi({ 'GET configurations': answer });
    await setLanguage('en');
    try {
      const view = renderPage('/dashboard/settings?tab=api');
      const syncFrom = await screen.findByRole('textbox', { name: 'Sync from' });
      // Not the browser's own date input (mm/dd/yyyy from the browser's locale): the app's format.
      expect(syncFrom).not.toHaveAttribute('type', 'date');
      expect(syncFrom).toHaveValue(`${d}/${m}/${y}`);
      view.unmount();
    } finally {
      await setLanguage('sv');
    }
    renderPage('/dashboard/settings?tab=api');
    expect(await screen.findByRole('textbox', { name: 'Synka från och med' })).toHaveValue(today);
  });

  it("puts the server's field messages on their inputs", async () => {
    stubApi({
      'GET configurations': () => ({ body: { data: configurations() } }),
      'PUT configurations/contract': () => ({
        status: 400,
        body: {
          message: 'Valideringsfel',
          eng_message: 'Validation failed',
          error: { invoiceDaysBeforePeriod: ['Fältet måste vara 90 eller mindre'] },
        },
      }),
    });
    renderPage('/dashboard/settings?tab=contract');
    await screen.findByRole('textbox', { name: 'Faktureringsintervall' });
    await user.click(screen.getByRole('button', { name: 'Spara' }));
    const field = await screen.findByRole('textbox', { name: /Skapa fakturan/ });
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText('Fältet måste vara 90 eller mindre')).toBeInTheDocument();
  });

  it('shows the values read-only without settings.manage', async () => {
    stubApi({ 'GET configurations': () => ({ body: { data: configurations() } }) });
    renderPage('/dashboard/settings?tab=article', { ...demoUser, role: 'Other', scopes: ['company.read'] });
    const form = await screen.findByRole('form', { name: 'Artikelinställningar' });
    expect(within(form).getByText(/kan se inställningarna men inte ändra/)).toBeInTheDocument();
    expect(within(form).queryByRole('button', { name: 'Spara' })).not.toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: /Försäljningskonto/ })).toBeDisabled();
  });
});
