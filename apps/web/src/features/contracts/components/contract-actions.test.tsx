import type { Contract } from '@fairway/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../app/query-client';
import { mockApi, refuse } from '../../../test/api';
import { ContractActions } from './contract-actions';

const user = userEvent.setup({ delay: null });
// Generous: opening the menu, the dialog and picking a suggestion take long on a loaded machine.
vi.setConfig({ testTimeout: 60_000 });

const CONTRACT: Contract = {
  id: '00000000-0000-4000-8000-000000000031',
  number: '12',
  customerNumber: '1001',
  customerName: 'Greta Golfsson',
  contractDate: '2026-01-01',
  periodStart: '2026-01-01',
  periodEnd: null,
  continuous: true,
  contractLength: 12,
  invoiceInterval: 1,
  active: true,
  vatIncluded: false,
  termsOfPayment: '30',
  yourReference: null,
  ourReference: null,
  remarks: null,
  costCenter: null,
  project: null,
  rows: [],
  lastInvoiceDate: null,
  invoicesRemaining: null,
  totalOre: 0,
  status: 'active',
  category: null,
  tags: ['junior'],
  cancellationDate: null,
  terminatedAt: null,
  priceChanges: [],
  actions: ['tags'],
  syncedAt: '2026-11-29T08:00:00Z',
  stale: false,
  notice: null,
};

describe('the tags dialog', () => {
  it('suggests the tags other contracts carry and saves the one picked', async () => {
    const saved: unknown[] = [];
    mockApi({
      'GET contracts/tags': () => [
        { name: 'junior', contracts: 3 },
        { name: 'veteran', contracts: 2 },
        { name: 'vinter', contracts: 1 },
      ],
      'PUT contracts/:id/tags': ({ body }) => {
        saved.push(body);
        return { ...CONTRACT, tags: (body as { tags: string[] }).tags };
      },
      'ALL *': () => refuse(404, 'Saknas', 'Missing'),
    });
    render(
      <AppProviders queryClient={createQueryClient()}>
        <ContractActions contract={CONTRACT} onInvoiceCreated={vi.fn()} />
      </AppProviders>,
    );

    await user.click(screen.getByRole('button', { name: 'Åtgärder' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Taggar', hidden: true }));
    const dialog = await screen.findByRole('dialog', { name: 'Taggar för avtal 12', hidden: true });
    await user.type(within(dialog).getByRole('textbox', { name: 'Taggar', hidden: true }), 'vet');
    // Only the tags in use that match what was typed, and not the one the contract has already.
    const option = await screen.findByRole('option', { name: 'veteran', hidden: true });
    expect(screen.queryByRole('option', { name: 'vinter', hidden: true })).not.toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'junior', hidden: true })).not.toBeInTheDocument();
    await user.click(option);
    await user.click(within(dialog).getByRole('button', { name: 'Spara taggarna', hidden: true }));

    await waitFor(() => expect(saved).toEqual([{ tags: ['junior', 'veteran'] }]));
  });
});
