import type { CustomerSegmentListItem } from '@fairway/shared';
import type { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../app/query-client';
import { currentUserQueryKey } from '../../../lib/current-user';
import { setItem } from '../../../lib/storage';
import { mockApi, page } from '../../../test/api';
import { demoUser } from '../../../test/render';
import { CustomerSegmentsList } from './customer-segments-list';

const user = userEvent.setup({ delay: null });
vi.setConfig({ testTimeout: 20_000 });

const segment = (over: Partial<CustomerSegmentListItem>): CustomerSegmentListItem => ({
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Juniorer',
  description: 'Medlemmar under 21 år',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  recurringBilling: true,
  pricesIncludeVat: false,
  interestBilling: false,
  discountPercent: 12.5,
  adminFeeOre: 2500,
  freightOre: null,
  customerCount: 3,
  ...over,
});

/** A server holding `rows`; DELETE removes one. Returns every call the list makes. */
function stubServer(initial: CustomerSegmentListItem[]) {
  let rows = [...initial];
  return mockApi({
    'GET segments/customers': () => page(rows),
    'DELETE segments/customers/:id': ({ params }) => {
      rows = rows.filter((r) => r.id !== params.id);
      return { id: params.id };
    },
  });
}

function renderList(scopes = demoUser.scopes) {
  setItem('accessToken', 'test-token');
  const client: QueryClient = createQueryClient();
  client.setQueryData(currentUserQueryKey, { ...demoUser, scopes });
  const router = createMemoryRouter([{ path: '/', element: <CustomerSegmentsList /> }]);
  render(
    <AppProviders queryClient={client}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

describe('customer segments list', () => {
  it('shows each segment with its customers and terms, and asks the server to sort', async () => {
    const calls = stubServer([
      segment({}),
      segment({ id: '00000000-0000-4000-8000-000000000002', name: 'Företag', customerCount: 40 }),
    ]);
    renderList();
    const row = (await screen.findByRole('link', { name: 'Juniorer' })).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('Återkommande');
    expect(row).toHaveTextContent('12,5 %');
    expect(row).toHaveTextContent(/Adm\. 25\s*kr/);
    expect(within(row).getByRole('link', { name: 'Juniorer' })).toHaveAttribute(
      'href',
      '/dashboard/acounting/customers/segment/edit/00000000-0000-4000-8000-000000000001',
    );

    await user.click(screen.getByRole('button', { name: 'Sortera efter Kunder' }));
    await waitFor(() => {
      const last = calls.at(-1);
      expect(last?.query.get('sort')).toBe('members');
      expect(last?.query.get('order')).toBe('desc');
    });
  });

  it('deletes a segment only after confirmation', async () => {
    const calls = stubServer([segment({})]);
    renderList();
    await user.click(await screen.findByRole('button', { name: 'Ta bort: Juniorer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ta bort kundsegment' });
    await user.click(within(dialog).getByRole('button', { name: 'Avbryt' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Ta bort: Juniorer' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Ta bort kundsegment' })).getByRole('button', { name: 'Ta bort' }),
    );
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
        'segments/customers/00000000-0000-4000-8000-000000000001',
      ]),
    );
    expect(await screen.findByText('Inga kundsegment ännu')).toBeInTheDocument();
  });

  it('offers neither creating nor deleting to a role that may only read', async () => {
    stubServer([segment({})]);
    renderList(['customers.read']);
    await screen.findByRole('link', { name: 'Juniorer' });
    expect(screen.queryByRole('button', { name: /Ta bort/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Nytt kundsegment' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Visa: Juniorer' })).toBeInTheDocument();
  });

  it('says what a segment is for when there is none, with the way to make one', async () => {
    stubServer([]);
    renderList();
    expect(await screen.findByText('Inga kundsegment ännu')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Nytt kundsegment' })[0]).toHaveAttribute(
      'href',
      '/dashboard/acounting/customers/segment/create',
    );
  });
});
