import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import { setLanguage } from '../lib/i18n';
import { mockApi, ok, refuse } from '../test/api';
import { HelpHint } from './help-hint';

vi.setConfig({ testTimeout: 30_000 });

const TEXTS = {
  sv: { 'receipts.list': 'Här visas fakturor som blivit helt betalda de senaste 90 dagarna.' },
  en: { 'receipts.list': 'Invoices fully paid in the last 90 days are shown here.' },
};

/** GET helptexts answers in the language the call asks for; returns the calls made. */
function answerWith(handler: (lang: string) => Response | Promise<Response>) {
  return mockApi({
    'GET helptexts': ({ request }) => handler((request.headers.get('Accept-Language') ?? 'sv').startsWith('en') ? 'en' : 'sv'),
    'ALL *': () => refuse(404, 'Finns inte', 'Not found'),
  });
}

function renderHint(helpKey = 'receipts.list') {
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <h1>Kvitton</h1>
      <HelpHint helpKey={helpKey} topic="Kvitton" />
      <button type="button">elsewhere</button>
    </AppProviders>,
  );
}

beforeEach(async () => {
  await setLanguage('sv');
});

describe('HelpHint', () => {
  it('opens the text from the API by keyboard and closes on Escape, focus back on the button', async () => {
    answerWith((lang) => ok(TEXTS[lang as 'sv' | 'en']));
    const user = userEvent.setup();
    renderHint();
    const button = await screen.findByRole('button', { name: 'Hjälp om Kvitton' });
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.tab();
    expect(button).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByText(TEXTS.sv['receipts.list'])).toBeInTheDocument();
    const dialog = screen.getByRole('dialog', { hidden: true });
    expect(button.getAttribute('aria-controls')).toBe(dialog.id);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(button).toHaveAttribute('aria-expanded', 'false'));
    await waitFor(() => expect(button).toHaveFocus());
  });

  it('reads the text in English when the language is English', async () => {
    await setLanguage('en');
    answerWith((lang) => ok(TEXTS[lang as 'sv' | 'en']));
    const user = userEvent.setup();
    renderHint();
    await user.click(await screen.findByRole('button', { name: 'Help on Kvitton' }));
    expect(await screen.findByText(TEXTS.en['receipts.list'])).toBeInTheDocument();
  });

  it('shows nothing while loading, for a key without text, or when the call fails', async () => {
    let release: (r: Response) => void = () => {};
    const calls = answerWith(() => new Promise<Response>((resolve) => (release = resolve)));
    const first = renderHint();
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByRole('button', { name: /Hjälp om/ })).toBeNull();
    release(ok({ 'other.key': 'Något annat' }));
    await waitFor(() => expect(calls.length).toBeGreaterThan(0));
    expect(screen.queryByRole('button', { name: /Hjälp om/ })).toBeNull();
    first.unmount();

    answerWith(() => refuse(500, 'Fel', 'Error'));
    renderHint();
    await waitFor(() => expect(calls).toHaveLength(2));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('button', { name: /Hjälp om/ })).toBeNull();
  });
});
