import { ALL_SCOPES, allowedInvoiceActions, type Invoice } from '@fairway/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../app/query-client';
import { setLanguage } from '../../../lib/i18n';
import { formatOre } from '../../../lib/money';
import { setTokens } from '../../../lib/storage';
import { mockApi, noting, refuse, reply, type Write } from '../../../test/api';
import { demoUser, fill, renderRoutes } from '../../../test/render';
import InvoicePage from './invoice-page';

const routes = [
  { path: '/dashboard/acounting/invoices', element: <p>Fakturalistan</p> },
  { path: '/dashboard/acounting/invoices/create', element: <InvoicePage /> },
  { path: '/dashboard/acounting/invoices/edit/:id', element: <InvoicePage /> },
  { path: '/dashboard/configuration/settings', element: <p>Abonnemang</p> },
  { path: '/error-404', element: <p>Sidan finns inte</p> },
];

const ID = '7c2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const NEW_ID = '9d2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';

const booked: Invoice = {
  id: ID,
  number: '1042',
  customerNumber: '1001',
  customerName: 'Greta Golfsson',
  invoiceDate: '2026-03-01',
  dueDate: '2026-03-31',
  totalOre: 125_000,
  balanceOre: 125_000,
  currency: 'SEK',
  ocr: '104257',
  invoiceType: 'INVOICE',
  booked: true,
  cancelled: false,
  sent: false,
  isCredit: false,
  credited: false,
  overdue: false,
  termsOfPayment: '30',
  yourReference: null,
  ourReference: 'Kansliet',
  remarks: null,
  costCenter: null,
  project: null,
  netOre: 100_000,
  vatOre: 25_000,
  rows: [
    {
      articleNumber: null,
      description: 'Medlemsavgift 2026',
      quantityHundredths: 100,
      unit: 'st',
      priceOre: 100_000,
      vatPercent: 25,
      discountBasisPoints: 0,
      totalOre: 100_000,
      costCenter: null,
      project: null,
    },
  ],
  payments: [],
  creditedInvoiceNumber: null,
  voucherNumbers: [],
  deliveryMethod: 'email',
  contractNumber: null,
  allowedActions: ['send', 'credit', 'payment'],
  stale: false,
  syncedAt: '2026-03-02T10:00:00.000Z',
};

const codeLists = {
  units: [{ code: 'st', name: 'Styck', days: null, active: true }],
  priceLists: [],
  costCenters: [],
  projects: [],
  termsOfPayment: [{ code: '30', name: '30 dagar', days: 30, active: true }],
  termsOfDelivery: [],
};

let me = demoUser;
let invoice: Invoice = booked;
let answerWrite: (path: string, body: unknown) => Response;
const writes: Write[] = [];

beforeEach(async () => {
  await setLanguage('sv');
  me = demoUser;
  invoice = booked;
  writes.length = 0;
  answerWrite = () => reply(201, { data: { ...booked, id: NEW_ID, number: '1050', booked: false } });
  mockApi({
    'ALL users/me': () => me,
    'ALL customizations': () => codeLists,
    'ALL customers/search': () => [{ id: '00000000-0000-4000-8000-000000000011', number: '1001', name: 'Greta Golfsson' }],
    'ALL articles/search': () => [],
    [`GET invoices/${ID}`]: () => invoice,
    'GET *': () => refuse(404, 'Fakturan finns inte.', 'The invoice does not exist.'),
    // Every write is kept and answered by `answerWrite`.
    'ALL *': noting(writes, ({ url, body }) => answerWrite(url.pathname, body ?? null)),
  });
  setTokens({ accessToken: 'access', refreshToken: 'refresh-123' });
});

afterEach(() => {
  queryClient.clear();
});

const text = (el: HTMLElement | null) => el?.textContent?.replace(/\s/g, ' ');
/** An amount as the page writes it in Swedish, spaces normalised. */
const kr = (ore: number) => formatOre(ore, 'sv').replace(/\s/g, ' ');

describe('invoice form', { timeout: 60_000 }, () => {
  it('edits rows with live totals per VAT rate, rounded like the server', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/dashboard/acounting/invoices/create');
    await screen.findByRole('heading', { level: 1, name: 'Ny faktura' });
    const first = (await screen.findAllByTestId('invoice-row'))[0] as HTMLElement;
    await fill(user, within(first).getByRole('textbox', { name: 'À-pris exkl. moms, rad 1' }), '33,33');
    await fill(user, within(first).getByRole('textbox', { name: 'Antal, rad 1' }), '3');

    await user.click(screen.getByRole('button', { name: 'Lägg till rad' }));
    const second = screen.getAllByTestId('invoice-row')[1] as HTMLElement;
    await fill(user, within(second).getByRole('textbox', { name: 'À-pris exkl. moms, rad 2' }), '10,01');
    await fill(user, within(second).getByRole('textbox', { name: 'Antal, rad 2' }), '1,5');
    await fill(user, within(second).getByRole('textbox', { name: 'Rabatt, rad 2' }), '10');
    const vat = within(second).getByRole('textbox', { name: 'Moms, rad 2' });
    await user.click(vat);
    // Each row's select has its own list of rates: pick from the one this input opened.
    const rates = await waitFor(() => document.getElementById(vat.getAttribute('aria-controls') ?? '') as HTMLElement);
    await user.click(within(rates).getByRole('option', { name: '12 %', hidden: true }));

    const totals = screen.getByTestId('invoice-totals');
    // 99,99 kr at 25 % → 25,00 kr VAT once for the rate; 1,5 × 10,01 less 10 % = 13,51 kr at 12 % → 1,62 kr.
    await waitFor(() => expect(text(within(totals).getByTestId('vat-12'))?.endsWith(kr(162))).toBe(true));
    expect(text(within(totals).getByTestId('vat-25'))?.endsWith(kr(2500))).toBe(true);
    expect(text(within(second).getByTestId('row-total'))).toBe(kr(1351));
    expect(text(within(totals).getByTestId('invoice-total'))).toBe(kr(14_000));
    expect(within(totals).getByText('Öresavrundning')).toBeInTheDocument();

    // Removing a row takes it out of the totals.
    await user.click(screen.getByRole('button', { name: 'Ta bort rad 2' }));
    await waitFor(() => expect(within(totals).queryByTestId('vat-12')).not.toBeInTheDocument());
    expect(text(within(totals).getByTestId('invoice-total'))).toBe(kr(12_500));
  });

  it('refuses a missing customer before sending, then creates once per form with öre and hundredths', async () => {
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/dashboard/acounting/invoices/create');
    await screen.findByRole('heading', { level: 1, name: 'Ny faktura' });
    const row = (await screen.findAllByTestId('invoice-row'))[0] as HTMLElement;
    await fill(user, within(row).getByRole('textbox', { name: 'Benämning, rad 1' }), 'Greenfee');
    await fill(user, within(row).getByRole('textbox', { name: 'À-pris exkl. moms, rad 1' }), '450');
    await fill(user, within(row).getByRole('textbox', { name: 'Antal, rad 1' }), '2,5');
    await user.click(screen.getByRole('button', { name: 'Skapa faktura' }));
    expect(await screen.findByText('Kundnummer krävs')).toBeInTheDocument();
    expect(writes).toEqual([]);

    await user.click(screen.getByRole('textbox', { name: /^Kund/ }));
    await user.click(await screen.findByRole('option', { name: '1001 – Greta Golfsson', hidden: true }));
    // Terms with days set the due date from the invoice date.
    await fill(user, screen.getByLabelText(/^Fakturadatum/), '2026-01-31');
    await user.click(screen.getByRole('textbox', { name: /^Betalningsvillkor/ }));
    await user.click(await screen.findByRole('option', { name: '30 – 30 dagar', hidden: true }));
    await waitFor(() => expect(screen.getByLabelText(/^Förfallodatum/)).toHaveValue('2026-03-02'));

    // The program does not answer: the refusal shows and nothing is left half-done.
    answerWrite = () => reply(503, { message: 'Fortnox svarar inte.', eng_message: 'Fortnox does not answer.' });
    await user.click(screen.getByRole('button', { name: 'Skapa faktura' }));
    expect(await screen.findByText('Fortnox svarar inte.')).toBeInTheDocument();

    answerWrite = () => reply(201, { data: { ...booked, id: NEW_ID, number: '1050', booked: false } });
    await user.click(screen.getByRole('button', { name: 'Skapa faktura' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/dashboard/acounting/invoices/edit/${NEW_ID}`));
    expect(writes).toHaveLength(2);
    const [lost, sent] = writes.map((w) => w.body as { requestId: string });
    expect(writes[1]).toMatchObject({
      method: 'POST',
      path: '/api/v1/invoices',
      body: {
        customerNumber: '1001',
        invoiceDate: '2026-01-31',
        dueDate: '2026-03-02',
        termsOfPayment: '30',
        invoiceType: 'INVOICE',
        remarks: null,
        rows: [{ description: 'Greenfee', priceOre: 45_000, quantityHundredths: 250, vatPercent: 25, discountBasisPoints: 0 }],
      },
    });
    // The retry carries the same request id, so the server makes one invoice however often it is sent.
    expect(sent?.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent?.requestId).toBe(lost?.requestId);
  });

  it("shows the package's invoice quota with the way to upgrade", async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/dashboard/acounting/invoices/create');
    await screen.findByRole('heading', { level: 1, name: 'Ny faktura' });
    await user.click(screen.getByRole('textbox', { name: /^Kund/ }));
    await user.click(await screen.findByRole('option', { name: '1001 – Greta Golfsson', hidden: true }));
    const row = (await screen.findAllByTestId('invoice-row'))[0] as HTMLElement;
    await fill(user, within(row).getByRole('textbox', { name: 'Benämning, rad 1' }), 'Greenfee');
    await fill(user, within(row).getByRole('textbox', { name: 'À-pris exkl. moms, rad 1' }), '450');
    answerWrite = () =>
      reply(406, {
        message: 'Paketet Free innehåller upp till 25 fakturor/månad. Uppgradera abonnemanget.',
        eng_message: 'The Free package includes up to 25 invoices/month.',
      });
    await user.click(screen.getByRole('button', { name: 'Skapa faktura' }));
    expect(await screen.findByText('Månadens fakturor är slut')).toBeInTheDocument();
    expect(screen.getByText(/upp till 25 fakturor\/månad/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Uppgradera abonnemanget' })).toHaveAttribute(
      'href',
      '/dashboard/configuration/settings?tab=subscription',
    );
  });

  it('shows a booked invoice read-only with only its allowed actions, and refuses a payment above the balance', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, `/dashboard/acounting/invoices/edit/${ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Faktura' })).toBeInTheDocument();
    expect(await screen.findByText(/Fakturan är bokförd och kan inte ändras/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Benämning, rad 1' })).toBeDisabled());
    expect(screen.queryByRole('button', { name: 'Spara' })).not.toBeInTheDocument();
    const actions = screen.getByRole('group', { name: 'Fakturaåtgärder' });
    expect(within(actions).queryByRole('button', { name: 'Bokför' })).not.toBeInTheDocument();
    expect(within(actions).queryByRole('button', { name: 'Makulera' })).not.toBeInTheDocument();
    expect(within(actions).getByRole('button', { name: 'Kreditera' })).toBeInTheDocument();

    await user.click(within(actions).getByRole('button', { name: 'Registrera betalning' }));
    const dialog = await screen.findByRole('dialog', { name: 'Betalning av faktura 1042' });
    const amount = within(dialog).getByRole('textbox', { name: /^Belopp/ });
    await fill(user, amount, '1300');
    await user.click(within(dialog).getByRole('button', { name: 'Registrera' }));
    expect(await within(dialog).findByText(`Beloppet får vara högst ${kr(125_000)}`)).toBeInTheDocument();
    expect(writes).toEqual([]);

    const paid = { ...booked, balanceOre: 75_000, payments: [{ number: '7', paymentDate: '2026-03-10', amountOre: 50_000 }] };
    // The first answer is lost: the same payment is sent again, with the same request id.
    answerWrite = () => reply(503, { message: 'Fortnox svarar inte.', eng_message: 'Fortnox does not answer.' });
    await fill(user, amount, '500');
    await fill(user, within(dialog).getByLabelText(/^Betaldatum/), '2026-03-10');
    await user.click(within(dialog).getByRole('button', { name: 'Registrera' }));
    expect(await within(dialog).findByText('Fortnox svarar inte.')).toBeInTheDocument();
    answerWrite = () => reply(201, { data: { ...paid, allowedActions: allowedInvoiceActions(paid) } });
    await user.click(within(dialog).getByRole('button', { name: 'Registrera' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Betalning av faktura 1042' })).not.toBeInTheDocument());
    expect(writes).toHaveLength(2);
    expect(writes[1]).toMatchObject({
      method: 'POST',
      path: `/api/v1/invoices/${ID}/payments`,
      body: { paymentDate: '2026-03-10', amountOre: 50_000 },
    });
    const [lost, sent] = writes.map((w) => (w.body as { requestId: string }).requestId);
    expect(sent).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent).toBe(lost);
    await waitFor(() => expect(text(screen.getByTestId('invoice-balance'))).toBe(`Saldo ${kr(75_000)}`));
    expect(within(screen.getByTestId('invoice-payments')).getByText('2026-03-10')).toBeInTheDocument();
  });

  it('books an unbooked invoice after confirming, and shows a stale copy read-only without actions', async () => {
    const user = userEvent.setup();
    const draft = { ...booked, booked: false, allowedActions: allowedInvoiceActions({ ...booked, booked: false }) };
    invoice = draft;
    const view = renderRoutes(routes, `/dashboard/acounting/invoices/edit/${ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Redigera faktura' })).toBeInTheDocument();
    const actions = screen.getByRole('group', { name: 'Fakturaåtgärder' });
    expect(within(actions).queryByRole('button', { name: 'Registrera betalning' })).not.toBeInTheDocument();
    answerWrite = () => reply(200, { data: { ...booked, syncedAt: '2026-03-02T11:00:00.000Z' } });
    await user.click(within(actions).getByRole('button', { name: 'Bokför' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bokför faktura 1042' });
    expect(writes).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Bokför' }));
    await waitFor(() => expect(writes[0]).toMatchObject({ method: 'PUT', path: `/api/v1/invoices/${ID}/bookkeep` }));
    expect(await screen.findByText(/Fakturan är bokförd och kan inte ändras/)).toBeInTheDocument();
    view.unmount();
    queryClient.clear();

    me = { ...demoUser, scopes: [...ALL_SCOPES] };
    invoice = { ...draft, stale: true };
    renderRoutes(routes, `/dashboard/acounting/invoices/edit/${ID}`);
    expect(await screen.findByText('Bokföringsprogrammet svarar inte')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Benämning, rad 1' })).toBeDisabled());
    const staleActions = screen.getByRole('group', { name: 'Fakturaåtgärder' });
    expect(within(staleActions).queryByRole('button', { name: 'Bokför' })).not.toBeInTheDocument();
    expect(within(staleActions).getByRole('button', { name: 'Ladda ner PDF' })).toBeInTheDocument();
  });

  it('shows that an invoice is sent, and how, once the program confirms it', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, `/dashboard/acounting/invoices/edit/${ID}`);
    const summary = await screen.findByRole('group', { name: 'Fakturans status' });
    expect(within(summary).queryByText(/^Skickad/)).not.toBeInTheDocument();
    answerWrite = () => reply(200, { data: { ...booked, sent: true, deliveryMethod: 'email' } });
    await user.click(within(screen.getByRole('group', { name: 'Fakturaåtgärder' })).getByRole('button', { name: 'Skicka' }));
    const dialog = await screen.findByRole('dialog', { name: 'Skicka faktura 1042' });
    await user.click(within(dialog).getByRole('button', { name: 'Skicka' }));
    await waitFor(() => expect(writes[0]).toMatchObject({ method: 'PUT', path: `/api/v1/invoices/${ID}/send` }));
    expect(await within(summary).findByText('Skickad (E-post)')).toBeInTheDocument();
  });

  it('sends unknown and malformed ids to the 404 page', async () => {
    const first = renderRoutes(routes, '/dashboard/acounting/invoices/edit/00000000-0000-4000-8000-000000000000');
    expect(await screen.findByText('Sidan finns inte')).toBeInTheDocument();
    first.unmount();
    renderRoutes(routes, '/dashboard/acounting/invoices/edit/not-an-id');
    expect(await screen.findByText('Sidan finns inte')).toBeInTheDocument();
  });
});
