import type { InvoiceListRow, ReceiptRow, ReceiptSendOut } from '@fairway/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../app/query-client';
import { setLanguage } from '../../../lib/i18n';
import { setTokens } from '../../../lib/storage';
import { mockApi, ok, page, refuse } from '../../../test/api';
import { demoUser, renderRoutes } from '../../../test/render';
import InvoicePaymentPage from './invoice-payment-page';
import ReceiptsPage from './receipts-page';

const routes = [
  { path: '/dashboard/golfrelated/receipts', element: <ReceiptsPage /> },
  { path: '/dashboard/golfrelated/invoice-payment', element: <InvoicePaymentPage /> },
];

const id = (n: number) => `3f2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c${String(n).padStart(2, '0')}`;
const receipt = (n: number, over: Partial<ReceiptRow> = {}): ReceiptRow => ({
  invoiceId: id(n),
  invoiceNumber: `50${n}`,
  customerNumber: `100${n}`,
  customerName: `Kund ${n}`,
  email: `kund${n}@example.se`,
  amountOre: 125_000,
  currency: 'SEK',
  ocr: null,
  paidDate: '2026-11-01',
  state: 'not_sent',
  sentAt: null,
  recipient: null,
  failure: null,
  error: null,
  attempts: 0,
  ...over,
});

let rows: ReceiptRow[] = [];
let sendOut: ReceiptSendOut;
let sendOutReads = 0;
const writes: { path: string; body: unknown }[] = [];

beforeEach(async () => {
  await setLanguage('sv');
  writes.length = 0;
  sendOutReads = 0;
  rows = [receipt(1), receipt(2, { email: null }), receipt(3, { state: 'sent', sentAt: '2026-11-02T10:00:00.000Z' })];
  const unpaid: InvoiceListRow = {
    id: id(7),
    number: '5107',
    customerNumber: '1007',
    customerName: 'Greta Golf',
    invoiceDate: '2026-10-01',
    dueDate: '2026-10-31',
    totalOre: 50_000,
    balanceOre: 50_000,
    currency: 'SEK',
    ocr: null,
    invoiceType: 'INVOICE',
    booked: true,
    cancelled: false,
    sent: true,
    deliveryMethod: 'email',
    isCredit: false,
    credited: false,
    overdue: true,
  };
  mockApi({
    'GET users/me': () => demoUser,
    'POST send_receipts': ({ url, body }) => {
      writes.push({ path: url.pathname, body });
      return ok({ sendOutId: id(99), queued: (body as { invoiceIds: string[] }).invoiceIds.length }, { status: 202 });
    },
    'POST invoices/:id/payments': ({ url, body }) => {
      writes.push({ path: url.pathname, body });
      return ok({}, { status: 201 });
    },
    // Any other write is recorded and refused.
    'POST *': ({ url, body }) => {
      writes.push({ path: url.pathname, body: body ?? null });
      return refuse(404, 'Finns inte', 'Not found');
    },
    [`GET send_receipts/${id(99)}`]: () => {
      sendOutReads++;
      // The first look finds it still sending; the next one done.
      return sendOutReads === 1
        ? { ...sendOut, status: 'running', queued: 2, sent: 0, failed: 0, done: false, failures: [] }
        : sendOut;
    },
    'GET receipts': ({ query }) => {
      const state = query.get('state');
      return page(state && state !== 'all' ? rows.filter((r) => r.state === state) : rows);
    },
    'GET invoices': ({ query }) => {
      expect(query.get('payment')).toBe('unpaid');
      return page([unpaid]);
    },
    'ALL *': () => refuse(404, 'Finns inte', 'Not found'),
  });
  // The setup's matchMedia matches nothing, not even the empty query, which hides every
  // mantine-datatable column without a media query; a browser matches it.
  const matchMedia = window.matchMedia;
  vi.stubGlobal('matchMedia', (query: string) => ({ ...matchMedia(query), matches: query === '' }));
  setTokens({ accessToken: 'access', refreshToken: 'refresh-123' });
});

afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe('receipts page', { timeout: 60_000 }, () => {
  it('lists receipts with their states, asks for a selection, and reports a send-out truthfully', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/dashboard/golfrelated/receipts');
    expect(await screen.findByRole('heading', { level: 1, name: 'Kvitton' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Kvitton' });
    expect(await within(table).findByText('Ingen e-postadress')).toBeInTheDocument();
    expect(within(table).getAllByText('Ej skickat')).toHaveLength(2);
    expect(within(table).getByText('Skickat')).toBeInTheDocument();

    // Nothing chosen: the selection message.
    await user.click(screen.getByRole('button', { name: /Skicka valda kvitton \(0\)/ }));
    expect(await screen.findByText('Välj en eller flera fakturor')).toBeInTheDocument();
    expect(writes).toEqual([]);

    sendOut = {
      id: id(99),
      status: 'succeeded',
      total: 2,
      error: null,
      queued: 0,
      sent: 1,
      failed: 1,
      done: true,
      failures: [{ invoiceNumber: '502', customerName: 'Kund 2', failure: 'no_email', error: null }],
    };
    await user.click(screen.getByRole('checkbox', { name: 'Välj faktura 501' }));
    await user.click(screen.getByRole('checkbox', { name: 'Välj faktura 502' }));
    await user.click(screen.getByRole('button', { name: /Skicka valda kvitton \(2\)/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Skicka kvitton' });
    expect(within(dialog).getByText(/1 kund saknar e-postadress/)).toBeInTheDocument();
    rows = [receipt(1, { state: 'queued' }), receipt(2, { email: null, state: 'queued' }), rows[2] as ReceiptRow];
    await user.click(within(dialog).getByRole('button', { name: 'Skicka' }));

    await waitFor(() => expect(writes).toEqual([{ path: '/api/v1/send_receipts/', body: { invoiceIds: [id(1), id(2)] } }]));
    const bar = await screen.findByRole('progressbar', { name: 'Utskick av kvitton' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '2');
    expect(bar).toHaveAttribute('aria-valuetext', '0 av 2');
    expect(screen.getByText('0 av 2 klara')).toBeInTheDocument();
    rows = [
      receipt(1, { state: 'sent', sentAt: '2026-11-20T10:00:00.000Z' }),
      receipt(2, { email: null, state: 'failed', failure: 'no_email' }),
      rows[2] as ReceiptRow,
    ];
    // Not "sent successfully": one receipt failed, and the toast says which way.
    expect(await screen.findByText('1 skickade, 1 misslyckades: ingen e-postadress', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText('Kvittot har skickats')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText('Kunde inte skickas').length).toBeGreaterThan(0));
  });

  it('registers a payment on an unpaid invoice with the invoices call', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/dashboard/golfrelated/invoice-payment');
    expect(await screen.findByRole('heading', { level: 1, name: 'Fakturabetalningar' })).toBeInTheDocument();
    expect(await screen.findByText('Greta Golf')).toBeInTheDocument();
    expect(screen.getByText('Förfallen')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Registrera betalning på faktura 5107' }));
    const dialog = await screen.findByRole('dialog', { name: 'Registrera betalning på faktura 5107' });
    await user.click(within(dialog).getByRole('button', { name: 'Registrera' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]?.path).toBe(`/api/v1/invoices/${id(7)}/payments`);
    expect(writes[0]?.body).toMatchObject({ amountOre: 50_000, paymentDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
  });
});
