import { TextInput } from '@mantine/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { renderRoutes } from '../../test/render';
import { DocumentFormFrame, type DocumentFormFrameProps } from './document-form-frame';

vi.setConfig({ testTimeout: 30_000 });

beforeEach(async () => {
  await setLanguage('sv');
});

function show(props: Partial<DocumentFormFrameProps>) {
  const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
  const { router } = renderRoutes(
    [
      {
        path: '/customers/create',
        element: (
          <DocumentFormFrame
            ns="customers"
            label="Ny kund"
            creating
            onSubmit={onSubmit}
            readOnly={false}
            failure={null}
            submitting={false}
            backTo="/customers"
            {...props}
          >
            <TextInput label="Namn" />
          </DocumentFormFrame>
        ),
      },
      { path: '/customers', element: <h1>Kunderna</h1> },
    ],
    '/customers/create',
  );
  return { router, onSubmit };
}

describe('DocumentFormFrame', () => {
  it('names the form, says create for a new document and saves on submit; back goes to the list', async () => {
    const { router, onSubmit } = show({});
    expect(screen.getByRole('form', { name: 'Ny kund' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Skapa kund' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('link', { name: 'Tillbaka till kunderna' }));
    expect(router.state.location.pathname).toBe('/customers');
  });

  it('says save for an existing document, and announces a refusal under the feature’s title', () => {
    show({ creating: false, failure: 'Numret används redan' });
    expect(screen.getByRole('button', { name: 'Spara' })).toBeInTheDocument();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Kunden sparades inte');
    expect(alert).toHaveTextContent('Numret används redan');
  });

  it('keeps a whole alert as given, and tells a reader why nothing can be changed', () => {
    show({
      readOnly: true,
      readOnlyText: 'Fakturan är bokförd',
      failure: { title: 'Gränsen är nådd', color: 'orange', content: 'Uppgradera paketet' },
    });
    expect(screen.getByText('Fakturan är bokförd')).toBeInTheDocument();
    expect(screen.getAllByRole('alert').some((alert) => alert.textContent?.includes('Gränsen är nådd'))).toBe(true);
    expect(screen.getByRole('textbox', { name: 'Namn' })).toBeDisabled();
  });

  it('uses the feature’s own read-only notice when none is given', () => {
    show({ readOnly: true });
    expect(screen.getByText(/Du kan se kunden men inte ändra den/)).toBeInTheDocument();
  });
});
