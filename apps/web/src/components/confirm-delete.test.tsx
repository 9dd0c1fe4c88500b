import { Button } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import { confirmDelete } from './confirm-delete';

vi.setConfig({ testTimeout: 30_000 });

function renderAsking(onConfirm: () => void) {
  render(
    <AppProviders queryClient={createQueryClient()}>
      <Button
        onClick={() =>
          confirmDelete({
            title: 'Ta bort mallen?',
            text: 'Mallen Välkommen tas bort för gott.',
            confirmLabel: 'Ta bort',
            cancelLabel: 'Avbryt',
            onConfirm,
          })
        }
      >
        Ta bort Välkommen
      </Button>
    </AppProviders>,
  );
}

describe('confirm delete', () => {
  it('names what goes, and deletes nothing when cancelled', async () => {
    const onConfirm = vi.fn();
    renderAsking(onConfirm);
    await userEvent.click(screen.getByRole('button', { name: 'Ta bort Välkommen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ta bort mallen?' });
    expect(dialog).toHaveTextContent('Mallen Välkommen tas bort för gott.');

    await userEvent.click(screen.getByRole('button', { name: 'Avbryt' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('deletes once on confirm', async () => {
    const onConfirm = vi.fn();
    renderAsking(onConfirm);
    await userEvent.click(screen.getByRole('button', { name: 'Ta bort Välkommen' }));
    await screen.findByRole('dialog', { name: 'Ta bort mallen?' });
    await userEvent.click(screen.getByRole('button', { name: 'Ta bort' }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
