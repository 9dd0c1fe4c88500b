import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { render, screen } from '@testing-library/react';
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
