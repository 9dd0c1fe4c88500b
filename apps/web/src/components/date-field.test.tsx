import { Modal } from '@mantine/core';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import { parseTypedDate } from '../lib/dates';
import { setLanguage } from '../lib/i18n';
import { DateField } from './date-field';

vi.setConfig({ testTimeout: 30_000 });

/** A form's date as it holds it (ISO), shown beside the input so a test can read it. */
function Host({ initial, onChange }: { initial: string; onChange?: (value: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateField
        label="Fakturadatum"
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange?.(next);
        }}
      />
      <output data-testid="held">{value}</output>
      <button type="button">elsewhere</button>
    </>
  );
}

function renderField(initial: string, onChange?: (value: string) => void) {
  render(
    <AppProviders queryClient={createQueryClient()}>
      <Host initial={initial} onChange={onChange} />
    </AppProviders>,
  );
  return screen.getByRole('textbox', { name: 'Fakturadatum' });
}

afterEach(async () => {
  await act(() => setLanguage('sv'));
});

describe('DateField', () => {
  it('shows a Swedish date the Swedish way, with a Swedish calendar from Monday, and keeps ISO', async () => {
    await setLanguage('sv');
    const user = userEvent.setup();
    const onChange = vi.fn();
    const input = renderField('2026-01-31', onChange);
    expect(input).toHaveValue('2026-01-31');

    await user.click(input);
    // The calendar of the value's month, named and laid out in Swedish.
    expect(await screen.findByRole('button', { name: /^januari 2026$/, hidden: true })).toBeInTheDocument();
    const weekdays = [...document.querySelectorAll('[data-dates-dropdown] thead th')].map((th) => th.textContent);
    expect(weekdays[0]).toMatch(/^må/i);

    await user.click(screen.getByRole('button', { name: '14 januari 2026', hidden: true }));
    expect(onChange).toHaveBeenLastCalledWith('2026-01-14');
    expect(screen.getByTestId('held')).toHaveTextContent('2026-01-14');
    expect(input).toHaveValue('2026-01-14');
    // Picked, the calendar closes.
    await waitFor(() => expect(screen.queryByRole('button', { name: /^januari 2026$/, hidden: true })).not.toBeInTheDocument());
  });

  it('closes the calendar once a whole date is typed, so it does not cover what is under the input', async () => {
    await setLanguage('sv');
    const user = userEvent.setup();
    const input = renderField('');
    expect(input).toHaveValue('');
    await user.click(input);
    expect(await screen.findByRole('button', { name: /^\p{L}+ \d{4}$/u, hidden: true })).toBeInTheDocument();
    await user.type(input, '2026-05-0');
    // Not a whole date yet ("2026-05-0" is no day): still open, nothing handed on.
    expect(screen.getByRole('button', { name: /^\p{L}+ \d{4}$/u, hidden: true })).toBeInTheDocument();
    expect(screen.getByTestId('held')).toHaveTextContent('');
    await user.type(input, '7');
    expect(screen.getByTestId('held')).toHaveTextContent('2026-05-07');
    await waitFor(() => expect(screen.queryByRole('button', { name: /^maj 2026$/, hidden: true })).not.toBeInTheDocument());
    expect(input).toHaveFocus();
  });

  it('shows an English date day first, reads ISO typed in either language, and hands on ISO', async () => {
    await setLanguage('en');
    const user = userEvent.setup();
    const input = renderField('2026-01-31');
    expect(input).toHaveValue('31/01/2026');

    await user.clear(input);
    expect(screen.getByTestId('held')).toHaveTextContent('');
    await user.type(input, '2026-03-02');
    expect(screen.getByTestId('held')).toHaveTextContent('2026-03-02');
    await user.click(screen.getByRole('button', { name: 'elsewhere' }));
    await waitFor(() => expect(input).toHaveValue('02/03/2026'));

    // The language's own way is read too.
    await user.clear(input);
    await user.type(input, '5/4/2026');
    expect(screen.getByTestId('held')).toHaveTextContent('2026-04-05');
  });

  it('follows a change of language', async () => {
    await setLanguage('sv');
    const input = renderField('2026-12-24');
    expect(input).toHaveValue('2026-12-24');
    await act(() => setLanguage('en'));
    await waitFor(() => expect(input).toHaveValue('24/12/2026'));
  });
});

/** The field in a dialog, as the send-out's schedule dialog has it. */
function InDialog() {
  const [opened, setOpened] = useState(true);
  const [value, setValue] = useState('2026-06-01');
  return (
    <>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Schemalägg">
        <DateField label="Datum" value={value} onChange={setValue} />
      </Modal>
      <output data-testid="dialog">{opened ? 'open' : 'closed'}</output>
    </>
  );
}

describe('DateField in a dialog', () => {
  it('closes only its calendar on Escape, and the dialog on the next Escape', async () => {
    await setLanguage('sv');
    const user = userEvent.setup();
    render(
      <AppProviders queryClient={createQueryClient()}>
        <InDialog />
      </AppProviders>,
    );
    const input = await screen.findByRole('textbox', { name: 'Datum' });
    await user.click(input);
    expect(await screen.findByRole('button', { name: /^juni 2026$/, hidden: true })).toBeInTheDocument();
    // The month buttons have names a screen reader can say.
    expect(screen.getByRole('button', { name: 'Föregående månad', hidden: true })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nästa månad', hidden: true })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(document.querySelector('[data-dates-dropdown]')).toBeNull());
    expect(screen.getByTestId('dialog')).toHaveTextContent('open');
    expect(input).toHaveValue('2026-06-01');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByTestId('dialog')).toHaveTextContent('closed'));
  });
});

describe('parseTypedDate', () => {
  it('reads whole dates only, so a half-typed one is never taken for another', () => {
    expect(parseTypedDate('2026-01-31', 'sv')).toBe('2026-01-31');
    expect(parseTypedDate('2026-1-5', 'sv')).toBe('2026-01-05');
    expect(parseTypedDate('20260131', 'sv')).toBe('2026-01-31');
    expect(parseTypedDate('2026-01-3', 'sv')).toBe('2026-01-03');
    expect(parseTypedDate('2026-01-', 'sv')).toBeNull();
    expect(parseTypedDate('202', 'sv')).toBeNull();
    expect(parseTypedDate('31/01/2026', 'en')).toBe('2026-01-31');
    expect(parseTypedDate('31/01/202', 'en')).toBeNull();
    // Day first is English only: in Swedish 01/02/2026 is no date the app writes.
    expect(parseTypedDate('01/02/2026', 'sv')).toBeNull();
  });

  it('refuses days the calendar does not have', () => {
    expect(parseTypedDate('2026-02-29', 'sv')).toBeNull();
    expect(parseTypedDate('2028-02-29', 'sv')).toBe('2028-02-29');
    expect(parseTypedDate('31/04/2026', 'en')).toBeNull();
    expect(parseTypedDate('2026-13-01', 'sv')).toBeNull();
  });
});
