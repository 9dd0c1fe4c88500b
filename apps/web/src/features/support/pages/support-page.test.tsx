import type { SupportHoursPurchase, SupportTicket } from '@fairway/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../app/query-client';
import { setLanguage } from '../../../lib/i18n';
import { setTokens } from '../../../lib/storage';
import { mockApi, ok, page, refuse } from '../../../test/api';
import { demoUser, renderRoutes } from '../../../test/render';
import SupportPage from './support-page';

const routes = [{ path: '/dashboard/help/support', element: <SupportPage /> }];
const ticket: SupportTicket = {
  id: '5f2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  number: 1042,
  subject: 'Fel saldo',
  message: 'Evas saldo stämmer inte.',
  member: { id: '7f2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', name: 'Eva Ek', memberNumber: '77' },
  openedBy: 'Karin Sjöberg',
  clubAccountName: 'Fairway Demo GK',
  createdAt: '2026-11-20T09:30:00.000Z',
};

let me = demoUser;
let tickets: SupportTicket[] = [];
let bought: SupportHoursPurchase[] = [];
const writes: { path: string; body: unknown }[] = [];

beforeEach(async () => {
  await setLanguage('sv');
  me = demoUser;
  tickets = [];
  bought = [];
  writes.length = 0;
  mockApi({
    'GET users/me': () => me,
    'GET support/tickets': () => page(tickets, 10),
    'GET support/support_hours': () => bought,
    'POST support/buy_support_hours': ({ url, body: sent }) => {
      const body = sent as { hours: number };
      writes.push({ path: url.pathname, body });
      const purchase = {
        id: '9f2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
        hours: body.hours,
        unitPriceOre: 150_000,
        exVatOre: 225_000,
        vatOre: 56_250,
        totalOre: 281_250,
        createdAt: '2026-11-26T10:00:00.000Z',
        billingNumber: null,
      };
      bought = [purchase];
      return ok(purchase, { status: 201 });
    },
    'ALL *': () => refuse(404, 'Finns inte', 'Not found'),
  });
  setTokens({ accessToken: 'access', refreshToken: 'refresh-123' });
});

afterEach(() => {
  queryClient.clear();
});

const amount = (text: string) => new RegExp(text.replace(/ /g, '\\s'));

describe('support page', { timeout: 60_000 }, () => {
  it('says plainly when the club has no tickets, and lists them when it has', async () => {
    renderRoutes(routes, '/dashboard/help/support');
    expect(await screen.findByRole('heading', { name: 'Inga supportärenden ännu' })).toBeInTheDocument();

    queryClient.clear();
    tickets = [ticket];
    renderRoutes(routes, '/dashboard/help/support');
    const item = await screen.findByRole('article', { name: 'Ärende 1042: Fel saldo' });
    expect(item).toHaveTextContent('Medlem: Eva Ek (77)');
    expect(item).toHaveTextContent('Skickat av Karin Sjöberg för Fairway Demo GK');
  });

  it('prices decimal hours as they are typed, confirms, and then links to the billing', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/dashboard/help/support');
    const hours = await screen.findByRole('textbox', { name: /^Antal timmar/ });
    // The whole value at once: react-number-format's caret handling is a browser's, not jsdom's.
    fireEvent.change(hours, { target: { value: '1,5' } });
    await waitFor(() => expect(screen.getByTestId('support-hours-ex-vat')).toHaveTextContent(amount('2 250 kr')));

    await user.click(screen.getByRole('button', { name: 'Köp supporttimmar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bekräfta köpet' });
    expect(dialog).toHaveTextContent('Du köper 1,5 timmar personlig support.');
    expect(dialog).toHaveTextContent(amount('2 812,50 kr'));
    expect(writes).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Bekräfta köpet' }));

    await waitFor(() => expect(writes).toEqual([{ path: '/api/v1/support/buy_support_hours', body: { hours: 1.5 } }]));
    const done = (await screen.findByText('Tack för ditt köp')).closest('[role="status"]');
    expect(done).toHaveTextContent(amount('1,5 timmar för 2 250 kr exkl. moms'));
    expect(screen.getByRole('link', { name: 'Visa fakturor' })).toHaveAttribute(
      'href',
      '/dashboard/configuration/settings?tab=billing',
    );
  });

  it('refuses more hours than one purchase allows on the field, without asking the server', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/dashboard/help/support');
    const hours = await screen.findByRole('textbox', { name: /^Antal timmar/ });
    await user.clear(hours);
    await user.type(hours, '41');
    await user.click(screen.getByRole('button', { name: 'Köp supporttimmar' }));
    expect(await screen.findByText('Du kan köpa högst 40 timmar åt gången')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(writes).toEqual([]);
  });

  it('tells those who may not buy hours who can, and keeps the ticket form', async () => {
    me = { ...demoUser, role: 'Staff', scopes: demoUser.scopes.filter((s) => s !== 'subscription.manage') };
    renderRoutes(routes, '/dashboard/help/support');
    expect(await screen.findByText('Bara organisationens ägare kan köpa supporttimmar')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /^Antal timmar/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Skicka ärendet' })).toBeInTheDocument();
  });
});
