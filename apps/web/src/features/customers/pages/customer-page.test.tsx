import type { Customer } from '@fairway/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../app/query-client';
import { setLanguage } from '../../../lib/i18n';
import { setTokens } from '../../../lib/storage';
import { mockApi, noting, refuse, reply, type Write } from '../../../test/api';
import { demoUser, fill, renderRoutes } from '../../../test/render';
import CustomerPage from './customer-page';

const routes = [
  { path: '/dashboard/acounting/customers', element: <p>Kundlistan</p> },
  { path: '/dashboard/acounting/customers/create', element: <CustomerPage /> },
  { path: '/dashboard/acounting/customers/edit/:id', element: <CustomerPage /> },
  { path: '/error-404', element: <p>Sidan finns inte</p> },
];

const ID = '3f2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';

const stored: Customer = {
  id: ID,
  number: '1042',
  name: 'Ekbackens Golfshop AB',
  type: 'company',
  organisationNumber: '556677-8899',
  active: true,
  address: { address1: 'Storgatan 1', address2: null, zipCode: '11122', city: 'Stockholm', countryCode: 'SE' },
  deliveryAddress: { address1: null, address2: null, zipCode: null, city: null, countryCode: 'SE' },
  phone1: '08-123 456',
  phone2: null,
  email: 'info@ekbacken.se',
  emailInvoice: null,
  www: null,
  fax: null,
  yourReference: null,
  ourReference: null,
  notes: null,
  termsOfPayment: 'K30',
  termsOfDelivery: null,
  currency: 'SEK',
  priceList: 'A',
  invoiceDiscountBasisPoints: 1250,
  invoiceAdministrationFeeOre: 4900,
  invoiceFreightOre: null,
  vatType: 'SEVAT',
  salesAccount: '3001',
  costCenter: null,
  project: null,
  defaultDelivery: 'email',
  invoiceTemplate: null,
  sni: null,
  cfar: null,
  shopId: null,
  syncedAt: '2026-03-01T10:00:00.000Z',
};

const codeLists = {
  units: [],
  priceLists: [{ code: 'A', name: 'Standard', days: null, active: true }],
  costCenters: [],
  projects: [],
  // K30 is no longer in the program's list: the form keeps it anyway.
  termsOfPayment: [{ code: '10', name: '10 dagar', days: 10, active: true }],
  termsOfDelivery: [],
};

let me = demoUser;
let answerWrite: (body: unknown) => Response;
const writes: Write[] = [];
const reads: string[] = [];

beforeEach(async () => {
  await setLanguage('sv');
  me = demoUser;
  writes.length = 0;
  reads.length = 0;
  // The program gives the next number when none is asked for.
  answerWrite = (body) =>
    reply(201, {
      data: { ...stored, ...(body as object), number: (body as { number?: string }).number || '1042', id: ID },
    });
  mockApi({
    'GET users/me': () => me,
    'GET customizations': () => codeLists,
    'GET *': ({ url }) => {
      reads.push(url.pathname);
      if (url.pathname === `/api/v1/customers/${ID}`) return stored;
      if (url.pathname.startsWith('/api/v1/customers/')) return refuse(404, 'Kunden finns inte', 'The customer does not exist');
      return refuse(404, 'Finns inte', 'Not found');
    },
    // Every write is kept and answered by `answerWrite`.
    'ALL *': noting(writes, ({ body }) => answerWrite(body ?? null)),
  });
  setTokens({ accessToken: 'access', refreshToken: 'refresh-123' });
});

afterEach(() => {
  queryClient.clear();
});

describe('customer form', { timeout: 60_000 }, () => {
  it('shows the shared rules on the inputs before anything is sent, with the label following the type', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/dashboard/acounting/customers/create');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ny kund' })).toBeInTheDocument();
    expect(screen.getByText(/nästa lediga nummer/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Skapa kund' }));
    const name = screen.getByRole('textbox', { name: /^Namn/ });
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText('Detta fält är obligatoriskt')).toBeInTheDocument();

    // A private customer's number is a personal identity number; a company's an organisation number.
    expect(screen.getByRole('textbox', { name: 'Personnummer' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Företag' }));
    const orgNumber = screen.getByRole('textbox', { name: 'Organisationsnummer' });
    await fill(user, name, 'Ekbackens Golfshop AB');
    await fill(user, orgNumber, '556677-8890');
    await fill(user, screen.getByRole('textbox', { name: 'E-post' }), 'inte-en-adress');
    await fill(user, screen.getByRole('textbox', { name: 'Försäljningskonto' }), '30');
    await user.click(screen.getByRole('button', { name: 'Skapa kund' }));

    await waitFor(() => expect(orgNumber).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText(/Ogiltigt organisationsnummer/)).toBeInTheDocument();
    expect(screen.getByText('Fältet e-post måste vara en giltig e-postadress')).toBeInTheDocument();
    expect(screen.getByText(/exakt innehålla 4 siffror|exakt 4 siffror/)).toBeInTheDocument();
    expect(writes).toEqual([]);
  });

  it('creates the customer with öre and basis points, then goes back to the list', async () => {
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/dashboard/acounting/customers/create');
    await fill(user, await screen.findByRole('textbox', { name: /^Namn/ }), 'Anna Svensson');
    await fill(user, screen.getByRole('textbox', { name: 'Administrationsavgift' }), '49,50');
    await fill(user, screen.getByRole('textbox', { name: 'Fakturarabatt' }), '12,5');
    await user.click(screen.getByRole('button', { name: 'Skapa kund' }));

    // The toast (3 s) appears as the page goes back to the list.
    expect(await screen.findByText(/Kunden Anna Svensson \(1042\) har skapats/)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/acounting/customers'));
    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatchObject({
      method: 'POST',
      path: '/api/v1/customers',
      body: {
        number: '',
        name: 'Anna Svensson',
        type: 'private',
        organisationNumber: null,
        invoiceAdministrationFeeOre: 4950,
        invoiceDiscountBasisPoints: 1250,
        currency: 'SEK',
        address: { countryCode: 'SE', city: null },
      },
    });
  });

  it("puts the server's field messages on the inputs and the accounting program's refusal in the alert", async () => {
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/dashboard/acounting/customers/create');
    await fill(user, await screen.findByRole('textbox', { name: /^Namn/ }), 'Anna Svensson');
    await fill(user, screen.getByRole('textbox', { name: 'Kundnummer' }), '1001');

    answerWrite = () =>
      reply(400, {
        message: 'Valideringsfel',
        eng_message: 'Validation failed',
        error: { 'address.city': ['Orten är för lång'] },
      });
    await user.click(screen.getByRole('button', { name: 'Skapa kund' }));
    const city = screen.getAllByRole('textbox', { name: 'Ort' })[0];
    await waitFor(() => expect(city).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText('Orten är för lång')).toBeInTheDocument();

    answerWrite = () =>
      reply(409, {
        message: 'Kundnumret 1001 används redan i Fortnox.',
        eng_message: 'Customer number 1001 is already in use in Fortnox.',
        error: 'Kundnumret 1001 används redan i Fortnox.',
      });
    await user.click(screen.getByRole('button', { name: 'Skapa kund' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Kunden sparades inte');
    expect(alert).toHaveTextContent('Kundnumret 1001 används redan i Fortnox.');

    // The program not answering (503) is said in its own words, not as a generic failure.
    answerWrite = () =>
      reply(503, { message: 'Fortnox svarar inte just nu. Försök igen om en stund.', eng_message: 'Fortnox is down.' });
    await user.click(screen.getByRole('button', { name: 'Skapa kund' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Fortnox svarar inte just nu'));
    expect(router.state.location.pathname).toBe('/dashboard/acounting/customers/create');
    expect(writes).toHaveLength(3);
    // Every send of this form carries its one request id, so a retry never makes a second customer.
    const ids = new Set(writes.map((w) => (w.body as { requestId?: string }).requestId));
    expect(ids.size).toBe(1);
    expect([...ids][0]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('loads the customer on arrival, keeps a code missing from the list, and saves the changes with PUT', async () => {
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, `/dashboard/acounting/customers/edit/${ID}`);
    const name = await screen.findByRole('textbox', { name: /^Namn/ });
    expect(name).toHaveValue('Ekbackens Golfshop AB');
    expect(screen.getByRole('heading', { level: 1, name: 'Redigera kund' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Kundnummer' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Organisationsnummer' })).toHaveValue('556677-8899');
    expect(screen.getByRole('textbox', { name: 'Betalningsvillkor' })).toHaveValue('K30 (finns inte i listan)');
    expect(screen.getByRole('textbox', { name: 'Administrationsavgift' })).toHaveValue('49 kr');
    expect(screen.getByRole('textbox', { name: 'Fakturarabatt' })).toHaveValue('12,5 %');

    await user.clear(name);
    await fill(user, name, 'Ekbackens Golf AB');
    answerWrite = (body) => reply(200, { data: { ...stored, ...(body as object), id: ID } });
    await user.click(screen.getByRole('button', { name: 'Spara' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/acounting/customers'));
    expect(writes[0].method).toBe('PUT');
    expect(writes[0].path).toBe(`/api/v1/customers/${ID}`);
    expect(writes[0].body).not.toHaveProperty('number');
    expect(writes[0].body).not.toHaveProperty('requestId');
    expect(writes[0].body).toMatchObject({ name: 'Ekbackens Golf AB', termsOfPayment: 'K30', invoiceAdministrationFeeOre: 4900 });
  });

  it('starts the form from the fresh read, not from a copy cached by a save, so nothing typed is reset', async () => {
    // The list's save left an older copy in the cache; the program now holds another city.
    queryClient.setQueryData(['customers', 'one', ID], {
      ...stored,
      address: { ...stored.address, city: 'Uppsala' },
      syncedAt: '2026-02-01T10:00:00.000Z',
    });
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    mockApi({
      'GET users/me': () => me,
      'GET customizations': () => codeLists,
      [`GET customers/${ID}`]: async () => {
        await answered;
        return stored;
      },
    });
    renderRoutes(routes, `/dashboard/acounting/customers/edit/${ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Redigera kund' });
    // While the program is asked, no form to type into (it would start again when the answer lands).
    expect(screen.queryByRole('textbox', { name: /^Namn/ })).not.toBeInTheDocument();
    release();
    await screen.findByRole('textbox', { name: /^Namn/ });
    expect(screen.getAllByRole('textbox', { name: 'Ort' })[0]).toHaveValue('Stockholm');
  });

  it('asks before leaving with unsaved changes', async () => {
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, `/dashboard/acounting/customers/edit/${ID}`);
    const name = await screen.findByRole('textbox', { name: /^Namn/ });
    await fill(user, name, ' 2');
    await user.click(screen.getByRole('link', { name: 'Tillbaka till kunderna' }));
    const dialog = await screen.findByRole('dialog', { name: 'Osparade ändringar' });
    await user.click(within(dialog).getByRole('button', { name: 'Stanna kvar' }));
    expect(router.state.location.pathname).toBe(`/dashboard/acounting/customers/edit/${ID}`);
    await user.click(screen.getByRole('link', { name: 'Tillbaka till kunderna' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Osparade ändringar' })).getByRole('button', { name: 'Lämna sidan' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/acounting/customers'));
  });

  it('goes to the 404 page for an unknown id, and for a malformed one without asking the server', async () => {
    const first = renderRoutes(routes, '/dashboard/acounting/customers/edit/00000000-0000-4000-8000-000000000000');
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/error-404'));
    first.unmount();
    reads.length = 0;
    const second = renderRoutes(routes, '/dashboard/acounting/customers/edit/not-an-id');
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/error-404'));
    expect(reads.filter((p) => p.startsWith('/api/v1/customers/'))).toEqual([]);
  });

  it('shows the customer read-only to a user without customers.write', async () => {
    me = { ...demoUser, role: 'Staff', scopes: demoUser.scopes.filter((s) => s !== 'customers.write') };
    renderRoutes(routes, `/dashboard/acounting/customers/edit/${ID}`);
    const name = await screen.findByRole('textbox', { name: /^Namn/ });
    expect(screen.getByRole('heading', { level: 1, name: 'Kund' })).toBeInTheDocument();
    expect(screen.getByText(/kan se kunden men inte ändra/)).toBeInTheDocument();
    expect(name).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Spara' })).not.toBeInTheDocument();
  });
});
