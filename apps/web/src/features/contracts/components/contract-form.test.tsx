import type { CreateContractInput, UpdateContractInput } from '@fairway/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../app/query-client';
import { mockApi, refuse, reply } from '../../../test/api';
import { createContract } from '../api/save-contract';
import { ContractForm } from './contract-form';

const user = userEvent.setup({ delay: null });
// Generous: the article pick and two failed saves take long on a loaded machine.
vi.setConfig({ testTimeout: 90_000 });

const CODE_LISTS = {
  units: [{ code: 'st', name: 'Styck', days: null, active: true }],
  priceLists: [],
  costCenters: [{ code: 'GOLF', name: 'Golfverksamhet', days: null, active: true }],
  projects: [],
  termsOfPayment: [{ code: '30', name: '30 dagar', days: 30, active: true }],
  termsOfDelivery: [],
};

const MEMBERSHIP = {
  id: '00000000-0000-4000-8000-000000000021',
  number: 'FM1',
  description: 'Företagsmedlemskap',
  unit: 'st',
  salesPriceOre: 450_000,
  vatPercent: 25,
};

/** The API as the form sees it: code lists, the customer search, and a POST answered by `onPost`. */
function stubApi(onPost: (body: unknown) => Response) {
  const posts: unknown[] = [];
  mockApi({
    'GET customizations': () => CODE_LISTS,
    'GET customers/search': () => [{ id: '00000000-0000-4000-8000-000000000011', number: '1001', name: 'Greta Golfsson' }],
    'GET articles/search': ({ query }) => ((query.get('q') ?? '').toLowerCase().startsWith('före') ? [MEMBERSHIP] : []),
    'POST contracts': ({ body }) => {
      posts.push(body);
      return onPost(body);
    },
    'ALL *': () => refuse(404, 'Saknas', 'Missing'),
  });
  return posts;
}

function renderForm(onSubmitted = vi.fn()) {
  // What the create page does: the contracts API's create call, whose refusal the form shows.
  const onSubmit = vi.fn(async (body: CreateContractInput | UpdateContractInput) => {
    await createContract(body as CreateContractInput);
    onSubmitted(body);
  });
  const onSaved = vi.fn();
  const router = createMemoryRouter([
    { path: '/', element: <ContractForm readOnly={false} onSubmit={onSubmit} onSaved={onSaved} /> },
  ]);
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { onSubmit, onSaved };
}

describe('contract form', () => {
  it('shows the shared rules on the fields and sends nothing while they fail', async () => {
    const posts = stubApi(() => reply(201, { data: {} }));
    const { onSubmit } = renderForm();

    const length = await screen.findByRole('textbox', { name: /^Avtalslängd/ });
    await user.clear(length);
    await user.type(length, '5');
    await user.click(screen.getByRole('button', { name: 'Skapa avtal' }));

    // No customer, a length that is not whole yearly periods, a row without a price.
    expect(await screen.findByText('Kundnummer krävs')).toBeInTheDocument();
    expect(screen.getByText('Avtalslängden måste vara en multipel av faktureringsintervallet')).toBeInTheDocument();
    const row = screen.getAllByTestId('contract-row')[0] as HTMLElement;
    const price = within(row).getByRole('textbox', { name: 'À-pris, rad 1' });
    expect(price).toHaveAttribute('aria-invalid', 'true');
    expect(within(row).getByText('Detta fält är obligatoriskt')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    // With a price the row still needs an article: Fortnox has no text rows on contracts.
    await user.type(within(row).getByRole('textbox', { name: 'Benämning, rad 1' }), 'Skylt');
    await user.type(price, '100');
    await user.click(screen.getByRole('button', { name: 'Skapa avtal' }));
    await waitFor(() =>
      expect(within(row).getByRole('textbox', { name: 'Artikel, rad 1' })).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(within(row).getByText('Avtalets rader måste ha en artikel')).toBeInTheDocument();
    expect(price).not.toHaveAttribute('aria-invalid', 'true');
    expect(posts).toHaveLength(0);

    // The period cannot end before it starts.
    const start = screen.getByLabelText(/^Periodens start/) as HTMLInputElement;
    const end = screen.getByLabelText(/^Periodens slut/) as HTMLInputElement;
    await user.clear(start);
    await user.type(start, '2026-03-01');
    await user.type(end, '2026-02-01');
    await user.click(screen.getByRole('button', { name: 'Skapa avtal' }));
    expect(await screen.findByText('Periodens slut kan inte vara före dess start')).toBeInTheDocument();
  });

  it('works out the totals while rows are typed', async () => {
    stubApi(() => reply(201, { data: {} }));
    renderForm();
    const row = (await screen.findAllByTestId('contract-row'))[0] as HTMLElement;
    await user.type(within(row).getByRole('textbox', { name: 'À-pris, rad 1' }), '1000');
    const quantity = within(row).getByRole('textbox', { name: 'Antal, rad 1' });
    await user.clear(quantity);
    await user.type(quantity, '2');
    const totals = screen.getByTestId('contract-totals');
    await waitFor(() => expect(within(totals).getByTestId('contract-total').textContent?.replace(/\s/g, ' ')).toBe('2 500 kr'));
    // 25 % VAT on 2 000 kr.
    expect(within(totals).getByText(/^500\skr$/)).toBeInTheDocument();
    expect(within(totals).getByText(/^2\s000\skr$/)).toBeInTheDocument();
  });

  it("puts the server's field messages on the inputs, rows included", async () => {
    const posts = stubApi(() =>
      reply(400, {
        message: 'Valideringsfel',
        eng_message: 'Validation failed',
        data: { customerNumber: ['Kunden finns inte i bokföringsprogrammet'], 'rows.0.priceOre': ['För högt pris'] },
      }),
    );
    const { onSaved } = renderForm();

    const customer = await screen.findByRole('textbox', { name: /^Kund/ });
    await user.click(customer);
    await user.click(await screen.findByRole('option', { name: '1001 – Greta Golfsson', hidden: true }));
    const row = screen.getAllByTestId('contract-row')[0] as HTMLElement;
    // Picking the article fills in its description, unit, price and VAT.
    const article = within(row).getByRole('textbox', { name: 'Artikel, rad 1' });
    await user.click(article);
    await user.type(article, 'före');
    await user.click(await screen.findByRole('option', { name: 'FM1 – Företagsmedlemskap', hidden: true }));
    await waitFor(() => expect(within(row).getByRole('textbox', { name: 'Benämning, rad 1' })).toHaveValue('Företagsmedlemskap'));
    await user.click(screen.getByRole('button', { name: 'Skapa avtal' }));

    expect(await screen.findByText('Kunden finns inte i bokföringsprogrammet')).toBeInTheDocument();
    expect(screen.getByText('För högt pris')).toBeInTheDocument();
    expect(within(row).getByRole('textbox', { name: 'À-pris, rad 1' })).toHaveAttribute('aria-invalid', 'true');
    expect(posts).toEqual([
      expect.objectContaining({
        customerNumber: '1001',
        contractLength: 12,
        invoiceInterval: 12,
        rows: [
          expect.objectContaining({
            articleNumber: 'FM1',
            description: 'Företagsmedlemskap',
            priceOre: 450_000,
            quantityHundredths: 100,
            vatPercent: 25,
          }),
        ],
      }),
    ]);
    expect(onSaved).not.toHaveBeenCalled();
  });
});
