import { Drawer, Modal } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from './providers';

// Toasts and the modal manager are mounted lazily (lazy-overlays); nothing asked for before
// they arrive may be lost. Both run before the first render in this file, on purpose.
describe('lazily mounted overlays', () => {
  it('show a dialog and a toast asked for before they were mounted', async () => {
    modals.open({ title: 'Early dialog', children: 'Asked for before the modal manager arrived' });
    notifications.show({ title: 'Early toast', message: 'Shown before the toasts arrived' });

    render(
      <AppProviders>
        <p>page</p>
      </AppProviders>,
    );

    expect(await screen.findByText('Asked for before the modal manager arrived')).toBeInTheDocument();
    expect(await screen.findByText('Shown before the toasts arrived')).toBeInTheDocument();
    expect(screen.getByText('page')).toBeInTheDocument();
  });
});

// An icon-only close button has no name; axe counts that as critical (a send-out's dialog still
// closing when the page was checked showed it). The theme names every dialog's and drawer's.
describe('dialogs and drawers', () => {
  it("name their close button in the reader's language", async () => {
    render(
      <AppProviders>
        <Modal opened onClose={() => undefined} title="A dialog">
          body
        </Modal>
        <Drawer opened onClose={() => undefined} title="A drawer">
          body
        </Drawer>
      </AppProviders>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'A dialog' });
    expect(within(dialog).getByRole('button', { name: /^(Stäng|Close)$/ })).toBeInTheDocument();
    const drawer = await screen.findByRole('dialog', { name: 'A drawer' });
    expect(within(drawer).getByRole('button', { name: /^(Stäng|Close)$/ })).toBeInTheDocument();
  });
});
