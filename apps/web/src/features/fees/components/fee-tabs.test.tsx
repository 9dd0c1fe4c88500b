import type { Fee, FeeRule } from '@fairway/shared';
import { priceFeeRule } from '@fairway/shared';
import type { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../app/query-client';
import { currentUserQueryKey } from '../../../lib/current-user';
import { setItem } from '../../../lib/storage';
import { type Handler, mockApi, ok, page, refuse } from '../../../test/api';
import { demoUser } from '../../../test/render';
import FeesPage from '../pages/fees-page';
import { FeeRulesTab, FeeTypesTab } from './fee-tabs';

const user = userEvent.setup({ delay: null });
vi.setConfig({ testTimeout: 30_000 });

const stamps = { createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };
const fee = (id: string, name: string, amountOre: number, vatRate: number): Fee => ({
  id,
  name,
  feeTypeId: '00000000-0000-4000-8000-0000000000aa',
  feeTypeName: 'Årsavgift',
  amountOre,
  vatRate,
  articleNumber: '',
  memberCategory: '',
  periodType: 'year',
  periodYear: 2026,
  validFrom: null,
  validTo: null,
  active: true,
  ruleCount: 0,
  ...stamps,
});
const annual = fee('00000000-0000-4000-8000-000000000001', 'Fullvärdig', 650_000, 0);
const locker = fee('00000000-0000-4000-8000-000000000002', 'Skåp', 50_000, 25);

/** The fees server: the given routes, and an empty page for anything else. Returns the calls made. */
function stubServer(routes: Record<string, Handler> = {}) {
  const calls = mockApi({ ...routes, 'ALL *': () => page([]) });
  // The setup's matchMedia matches nothing, not even the empty query, which hides every
  // mantine-datatable column without a media query; a browser matches it.
  const matchMedia = window.matchMedia;
  vi.stubGlobal('matchMedia', (query: string) => ({ ...matchMedia(query), matches: query === '' }));
  return calls;
}

function renderTab(element: ReactNode, scopes = demoUser.scopes, at = '/') {
  setItem('accessToken', 'test-token');
  const client: QueryClient = createQueryClient();
  client.setQueryData(currentUserQueryKey, { ...demoUser, scopes });
  const router = createMemoryRouter([{ path: '/', element }], { initialEntries: [at] });
  render(
    <AppProviders queryClient={client}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('fee rules tab', () => {
  it('prices the chosen fees with the discount while typing, and sends the rule', async () => {
    let rules: FeeRule[] = [];
    const calls = stubServer({
      'GET fees': () => page([annual, locker], 100),
      'GET fee_rules': () => page(rules),
      'POST fee_rules': ({ body }) => {
        const b = body as { name: string; feeIds: string[]; discountType: 'percentage'; discountValue: number };
        const chosen = [annual, locker].filter((f) => b.feeIds.includes(f.id));
        const rule: FeeRule = {
          id: '00000000-0000-4000-8000-0000000000r1',
          name: b.name,
          description: '',
          fees: chosen.map(({ id, name, feeTypeName, amountOre, vatRate, active }) => ({
            id,
            name,
            feeTypeName,
            amountOre,
            vatRate,
            active,
          })),
          discountType: b.discountType,
          discountValue: b.discountValue,
          price: priceFeeRule({ fees: chosen, discountType: b.discountType, discountValue: b.discountValue }),
          ...stamps,
        };
        rules = [rule];
        return ok(rule, { status: 201 });
      },
    });
    renderTab(<FeeRulesTab />);
    expect(await screen.findByText('Inga avgiftsregler ännu')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Ny avgiftsregel' })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Ny avgiftsregel' });
    await user.type(within(dialog).getByRole('textbox', { name: /Namn/ }), 'Familj');
    await user.click(within(dialog).getByRole('textbox', { name: /Avgifter/ }));
    await user.click(await screen.findByRole('option', { name: /Fullvärdig/, hidden: true }));
    await user.click(await screen.findByRole('option', { name: /Skåp/, hidden: true }));
    await user.click(within(dialog).getByRole('radio', { name: 'Procent' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Rabatt i procent/ }), '10');

    // 6 500 + 500 kr less 10 % = 6 300 kr; VAT only in the locker (25 %: 450 kr holds 90 kr).
    await waitFor(() => expect(within(dialog).getByTestId('fee-rule-total').textContent?.replace(/\s/g, ' ')).toBe('6 300 kr'));
    expect(within(dialog).getByText(/25 % moms: 450\s*kr, varav moms 90\s*kr/)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Spara' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Familj',
      description: '',
      feeIds: [annual.id, locker.id],
      discountType: 'percentage',
      discountValue: 10,
    });
    const row = (await screen.findByText('Fullvärdig, Skåp')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('10 %');
    expect(within(row).getByTestId('fee-rule-row-total').textContent?.replace(/\s/g, ' ')).toBe('6 300 kr');
  });

  it('shows the field message of a refused save on its input', async () => {
    stubServer({
      'GET fees': () => page([locker], 100),
      'POST *': () =>
        refuse(400, 'Valideringsfel', 'Validation error', {
          error: { discountValue: ['Rabatten får vara högst avgifternas summa, 500 kr'] },
        }),
    });
    renderTab(<FeeRulesTab />);
    await user.click((await screen.findAllByRole('button', { name: 'Ny avgiftsregel' }))[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Ny avgiftsregel' });
    await user.type(within(dialog).getByRole('textbox', { name: /Namn/ }), 'Skåp');
    await user.click(within(dialog).getByRole('textbox', { name: /Avgifter/ }));
    await user.click(await screen.findByRole('option', { name: /Skåp/, hidden: true }));
    await user.click(within(dialog).getByRole('radio', { name: 'Belopp' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Rabattbelopp/ }), '100');
    await user.click(within(dialog).getByRole('button', { name: 'Spara' }));
    expect(await within(dialog).findByText('Rabatten får vara högst avgifternas summa, 500 kr')).toBeInTheDocument();
  });
});

describe('fee types tab', () => {
  it('deletes only after confirmation, and hides writing without fees.write', async () => {
    const type = { id: '00000000-0000-4000-8000-0000000000aa', name: 'Årsavgift', description: '', feeCount: 0, ...stamps };
    let types = [type];
    const calls = stubServer({
      'DELETE *': () => {
        types = [];
        return { id: type.id };
      },
      'GET fee_types': () => page(types),
    });
    renderTab(<FeeTypesTab />);
    await user.click(await screen.findByRole('button', { name: 'Ta bort: Årsavgift' }));
    const confirm = await screen.findByRole('dialog', { name: 'Ta bort avgiftstyp' });
    await user.click(within(confirm).getByRole('button', { name: 'Ta bort' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url.pathname)).toEqual([`/api/v1/fee_types/${type.id}`]),
    );
    expect(await screen.findByText('Inga avgiftstyper ännu')).toBeInTheDocument();
  });

  it('shows a reader neither new, edit nor delete', async () => {
    const type = { id: '00000000-0000-4000-8000-0000000000aa', name: 'Årsavgift', description: 'Per år', feeCount: 2, ...stamps };
    stubServer({ 'GET fee_types': () => page([type]) });
    renderTab(<FeeTypesTab />, ['fees.read']);
    expect(await screen.findByText('Årsavgift')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Ta bort/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Redigera/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Ny avgiftstyp' })).toBeNull();
  });
});

describe('fees page', () => {
  it("opens the tab of the address, and starts the next tab without the last one's search", async () => {
    const calls = stubServer();
    renderTab(<FeesPage />, demoUser.scopes, '/?tab=fees&search=skåp');
    expect(await screen.findByRole('tab', { name: 'Avgifter', selected: true })).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/v1/fees')).toBe(true));
    expect(calls.find((c) => c.url.pathname === '/api/v1/fees')?.url.searchParams.get('search')).toBe('skåp');

    await user.click(screen.getByRole('tab', { name: 'Avgiftsregler' }));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/v1/fee_rules')).toBe(true));
    expect(calls.find((c) => c.url.pathname === '/api/v1/fee_rules')?.url.searchParams.has('search')).toBe(false);
    expect(await screen.findByText('Inga avgiftsregler ännu')).toBeInTheDocument();
  });

  it('shows the access-denied screen without fees.read', async () => {
    stubServer();
    renderTab(<FeesPage />, ['members.read']);
    expect(await screen.findByRole('heading', { name: 'Avgifter', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Avgifter' })).toBeNull();
  });
});
