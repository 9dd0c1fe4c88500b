import { TextInput } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../lib/api-client';
import { renderRoutes } from '../../test/render';
import { useDocumentForm } from './use-document-form';

vi.setConfig({ testTimeout: 30_000 });

const schema = z.object({ name: z.string().min(1), city: z.string() });
type Values = z.infer<typeof schema>;

/** A two-field form on the hook, with the customers' field texts ("Namn", "Ort"). */
function Form({ onSubmit, onSaved }: { onSubmit: (body: never) => Promise<unknown>; onSaved: (saved: unknown) => void }) {
  const { form, field, submit, failure } = useDocumentForm<Values>({
    ns: 'customers',
    creating: true,
    createSchema: schema,
    updateSchema: schema,
    defaultValues: { name: '', city: '' },
    readOnly: false,
    serverFields: () => ['name', 'city'],
    onSubmit,
    onSaved,
  });
  return (
    <form onSubmit={submit} noValidate>
      <TextInput {...field('name')} {...form.register('name')} />
      <TextInput {...field('city')} {...form.register('city')} />
      {failure ? <p role="alert">{failure}</p> : null}
      <button type="submit">Spara</button>
    </form>
  );
}

function show(onSubmit: (body: never) => Promise<unknown>) {
  const onSaved = vi.fn();
  renderRoutes([{ path: '/', element: <Form onSubmit={onSubmit} onSaved={onSaved} /> }], '/');
  return onSaved;
}

describe('useDocumentForm', () => {
  it('checks the schema before sending, then sends the body with one request id and hands on the answer', async () => {
    const onSubmit = vi.fn(async () => ({ id: '42' }));
    const onSaved = show(onSubmit);
    await userEvent.click(screen.getByRole('button', { name: 'Spara' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Namn/ })).toHaveAttribute('aria-invalid', 'true'));
    expect(onSubmit).not.toHaveBeenCalled();

    await userEvent.type(screen.getByRole('textbox', { name: /^Namn/ }), 'Anna');
    await userEvent.click(screen.getByRole('button', { name: 'Spara' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith({ id: '42' }));
    const body = (onSubmit.mock.calls[0] as unknown as [{ name: string; requestId: string }])[0];
    expect(body).toMatchObject({ name: 'Anna', city: '' });
    expect(body.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("puts the server's field messages on their inputs and the program's 503 text in the alert", async () => {
    const answers = [
      new ApiError(400, { message: 'Valideringsfel', eng_message: 'Validation failed', error: { city: ['Orten är för lång'] } }),
      new ApiError(503, { message: 'Fortnox svarar inte just nu.', eng_message: 'Fortnox is down.' }),
    ];
    const onSaved = show(async () => {
      throw answers.shift();
    });
    await userEvent.type(screen.getByRole('textbox', { name: /^Namn/ }), 'Anna');
    await userEvent.click(screen.getByRole('button', { name: 'Spara' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Ort/ })).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText('Orten är för lång')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Spara' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Fortnox svarar inte just nu.');
    expect(onSaved).not.toHaveBeenCalled();
  });
});
