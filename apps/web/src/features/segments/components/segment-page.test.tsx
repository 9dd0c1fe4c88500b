import type { ArticleSegment, CustomerSegment, SegmentKind } from '@fairway/shared';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../app/query-client';
import { currentUserQueryKey } from '../../../lib/current-user';
import { setItem } from '../../../lib/storage';
import { mockApi, ok, reply } from '../../../test/api';
import { demoUser } from '../../../test/render';
import { SegmentPage } from './segment-page';

const user = userEvent.setup({ delay: null });
vi.setConfig({ testTimeout: 30_000 });

const ID = '00000000-0000-4000-8000-000000000007';

const customerSegment: CustomerSegment = {
  id: ID,
  name: 'Juniorer',
  description: 'Medlemmar under 21 år',
  notes: '',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  recurringBilling: true,
  pricesIncludeVat: false,
  interestBilling: false,
  discountPercent: 12.5,
  adminFeeOre: 2500,
  freightOre: null,
  customerNumbers: ['K1', 'K2'],
  customerCount: 2,
};

/** The segment pages of one kind in a router, opened at `path`, for a user with `scopes`. */
function openPage(kind: SegmentKind, path: string, scopes = demoUser.scopes) {
  setItem('accessToken', 'test-token');
  const client = createQueryClient();
  client.setQueryData(currentUserQueryKey, { ...demoUser, scopes });
  const base = kind === 'customer' ? '/dashboard/acounting/customers' : '/dashboard/acounting/article';
  const router = createMemoryRouter(
    [
      { path: `${base}/segment/create`, element: <SegmentPage kind={kind} /> },
      { path: `${base}/segment/edit/:id`, element: <SegmentPage kind={kind} /> },
      { path: base, element: <h1>Lista</h1> },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders queryClient={client}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

describe('segment pages', () => {
  it('creates an article segment with its defaults and opens it for editing', async () => {
    let stored: ArticleSegment | null = null;
    const calls = mockApi({
      'POST segments/articles': ({ body }) => {
        stored = {
          ...(body as ArticleSegment),
          id: ID,
          createdAt: '2026-02-01T00:00:00.000Z',
          updatedAt: '2026-02-01T00:00:00.000Z',
        };
        return ok(stored, { status: 201 });
      },
      'GET segments/articles/:id': () => stored,
    });
    const router = openPage('article', '/dashboard/acounting/article/segment/create');
    expect(await screen.findByRole('heading', { level: 1, name: 'Nytt artikelsegment' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Standardvärden för segmentets artiklar' })).toBeInTheDocument();
    // The customer terms belong to the other kind.
    expect(screen.queryByRole('switch', { name: 'Räntefakturering' })).toBeNull();

    await user.type(screen.getByRole('textbox', { name: /^Namn/ }), 'Greenfee');
    await user.type(screen.getByRole('textbox', { name: 'Försäljningskonto' }), '3001');
    await user.type(screen.getByRole('textbox', { name: 'Projekt' }), 'GOLF');
    await user.type(screen.getByRole('textbox', { name: 'Artiklar' }), 'GF18, GF9,');
    await user.click(screen.getByRole('button', { name: 'Spara' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/dashboard/acounting/article/segment/edit/${ID}`));
    expect(await screen.findByText('Artikelsegmentet Greenfee har skapats')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.path).toBe('segments/articles');
    expect(post?.body).toMatchObject({
      name: 'Greenfee',
      vatRate: null,
      salesAccount: '3001',
      project: 'GOLF',
      articleNumbers: ['GF18', 'GF9'],
    });
  });

  it('edits a customer segment and puts the server’s refusal of one customer number on the list', async () => {
    const calls = mockApi({
      'GET segments/customers/:id': () => customerSegment,
      'PUT segments/customers/:id': () =>
        reply(400, {
          message: 'Ogiltiga uppgifter',
          eng_message: 'Invalid input',
          error: { 'customerNumbers.1': ['Kunden finns redan i segmentet Företag'] },
        }),
    });
    openPage('customer', `/dashboard/acounting/customers/segment/edit/${ID}`);
    const name = await screen.findByRole('textbox', { name: /^Namn/ });
    expect(name).toHaveValue('Juniorer');
    expect(screen.getByRole('switch', { name: 'Återkommande fakturering' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Rabatt' })).toHaveValue('12,5 %');

    await user.clear(name);
    await user.type(name, 'Juniorer 2026');
    await user.click(screen.getByRole('button', { name: 'Spara' }));

    // A refused number lands on the list of customers, where the user can find and remove it.
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Kunder' })).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText('Kunden finns redan i segmentet Företag')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.path).toBe(`segments/customers/${ID}`);
    expect(put?.body).toMatchObject({
      name: 'Juniorer 2026',
      recurringBilling: true,
      discountPercent: 12.5,
      customerNumbers: ['K1', 'K2'],
    });
  });

  it('shows a segment read-only to a role that may only read it', async () => {
    mockApi({ 'GET segments/customers/:id': () => customerSegment });
    openPage('customer', `/dashboard/acounting/customers/segment/edit/${ID}`, ['customers.read']);
    expect(await screen.findByText(/Du kan se segmentet men inte ändra det/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Namn/ })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Spara' })).toBeNull();
  });
});
