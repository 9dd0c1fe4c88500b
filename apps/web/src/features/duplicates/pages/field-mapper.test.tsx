import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { mockApi, noting, reply, type Write } from '../../../test/api';
import { available, fieldMapper, renderDuplicates } from '../test/fixtures';

const user = userEvent.setup({ delay: null });
vi.setConfig({ testTimeout: 60_000 });

afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('sv');
});

function settings(
  writes: Write[],
  put: Parameters<typeof noting>[1] = () => fieldMapper(),
  get = fieldMapper,
  offered: typeof available = available,
) {
  return mockApi({
    'GET integrations': () => ({ integrations: [] }),
    'GET field_mapper': () => get(),
    'GET transaction-id-fields': () => ({
      invoice: { field: 'reference', choices: ['reference', 'ocr'] },
      supplier_invoice: { field: 'reference', choices: ['reference', 'ocr'] },
      order: { field: 'reference', choices: ['reference'] },
      voucher: { field: 'reference', choices: ['reference'] },
    }),
    'GET available-resources': () => offered,
    'PUT field_mapper': noting(writes, put),
  });
}

describe('the field mapper', () => {
  it('says which document types the program refuses, and where to connect it again, in both languages', async () => {
    const refusing: typeof available = available.map((r) => (r.resource === 'supplier_invoice' ? { ...r, refused: true } : r));
    settings([], undefined, undefined, refusing);
    renderDuplicates('/dashboard/duplicates?tab=settings');
    expect(await screen.findByTestId('offered-supplier_invoice')).toHaveTextContent('Ingen åtkomst');
    expect(screen.getByTestId('offered-order')).toHaveTextContent('Erbjuds inte');
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Bokföringsprogrammet nekar vissa dokumenttyper');
    expect(alert).toHaveTextContent('läsa leverantörsfakturor');
    expect(within(alert).getByRole('link', { name: 'Gå till integrationer och koppla på nytt' })).toHaveAttribute(
      'href',
      '/dashboard/configuration/integrations',
    );

    await setLanguage('en');
    expect(await screen.findByText('The accounting program refuses some document types')).toBeInTheDocument();
    expect(screen.getByTestId('offered-supplier_invoice')).toHaveTextContent('No access');
  });

  it('shows no refusal when the program refuses nothing', async () => {
    settings([]);
    renderDuplicates('/dashboard/duplicates?tab=settings');
    await screen.findByTestId('mapper-invoice');
    expect(screen.queryByText('Bokföringsprogrammet nekar vissa dokumenttyper')).toBeNull();
  });

  it('offers only the resources the program has, saves a mapping and restores the default', async () => {
    const writes: Write[] = [];
    // The server keeps what was saved.
    let current = fieldMapper();
    settings(
      writes,
      ({ body }) => {
        const { mapping } = body as { mapping: ReturnType<typeof fieldMapper>['invoice']['mapping'] | null };
        const defaults = fieldMapper();
        current = { ...defaults, invoice: mapping ? { ...defaults.invoice, mapping, isDefault: false } : defaults.invoice };
        return current;
      },
      () => current,
    );
    renderDuplicates('/dashboard/duplicates?tab=settings');
    const form = await screen.findByTestId('mapper-invoice');
    expect(screen.queryByTestId('mapper-order')).toBeNull();
    expect(screen.getByTestId('offered-order')).toHaveTextContent('Erbjuds inte');
    expect(screen.getByTestId('offered-invoice')).toHaveTextContent('900 dokument');

    await user.click(within(form).getByRole('checkbox', { name: 'Text' }));
    await user.click(within(form).getByRole('button', { name: 'Spara' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]?.body).toEqual({
      resource: 'invoice',
      mapping: {
        transactionIdField: 'reference',
        compared: ['counterparty', 'reference', 'amount', 'currency', 'date', 'dueDate', 'rows'],
      },
    });
    expect(await within(form).findByText('Ändrad')).toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Återställ standard' }));
    await waitFor(() => expect(writes).toHaveLength(2));
    expect(writes[1]?.body).toEqual({ resource: 'invoice', mapping: null });
    expect(await within(form).findByText('Standard')).toBeInTheDocument();
  });

  it('asks for at least one compared field before saving, in English', async () => {
    await setLanguage('en');
    const writes: Write[] = [];
    settings(writes);
    renderDuplicates('/dashboard/duplicates?tab=settings');
    const form = await screen.findByTestId('mapper-invoice');
    for (const box of within(form).getAllByRole('checkbox')) {
      if ((box as HTMLInputElement).checked) await user.click(box);
    }
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Choose at least one field to compare.')).toBeInTheDocument();
    expect(writes).toEqual([]);
  });

  it("shows the server's refusal in the form", async () => {
    const writes: Write[] = [];
    settings(writes, () => reply(422, { message: 'Fältet kan inte jämföras', eng_message: 'The field cannot be compared' }));
    renderDuplicates('/dashboard/duplicates?tab=settings');
    const form = await screen.findByTestId('mapper-invoice');
    await user.click(within(form).getByRole('button', { name: 'Spara' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Fältet kan inte jämföras');
  });
});
