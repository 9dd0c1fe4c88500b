import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../app/query-client';
import { setLanguage } from '../../../lib/i18n';
import { mockApi, refuse, reply } from '../../../test/api';
import { renderRoutes } from '../../../test/render';
import { ContactForm } from './contact-form';

const routes = [{ path: '/contact-us', element: <ContactForm /> }];
const sent: unknown[] = [];
let answer: () => Response;

beforeEach(async () => {
  await setLanguage('sv');
  sent.length = 0;
  answer = () => reply(201, { data: { id: '5f2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', replyWithinHours: 48 } });
  mockApi({
    'POST landing_page/contact_form': ({ body }) => {
      sent.push(body);
      return answer();
    },
    'ALL *': () => refuse(404, 'Finns inte', 'Not found'),
  });
});

afterEach(() => {
  queryClient.clear();
});

async function fillGood(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: /^Namn/ }), 'Karin Holm');
  await user.type(screen.getByRole('textbox', { name: /^E-post/ }), 'karin@example.se');
  await user.type(screen.getByRole('textbox', { name: /^Telefon/ }), '070-174 06 45');
  await user.type(screen.getByRole('textbox', { name: /^Ämne/ }), 'Demo');
  await user.type(screen.getByRole('textbox', { name: /^Meddelande/ }), 'Vi vill gärna se en demo av portalen.');
  await user.click(screen.getByRole('checkbox', { name: /Jag godkänner/ }));
}

describe('contact form', { timeout: 60_000 }, () => {
  it('puts every refusal on its field and sends nothing', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/contact-us');
    await user.type(await screen.findByRole('textbox', { name: /^E-post/ }), 'karin@');
    await user.type(screen.getByRole('textbox', { name: /^Telefon/ }), '12');
    await user.click(screen.getByRole('button', { name: 'Skicka meddelandet' }));
    expect(await screen.findByText('Fältet e-post måste vara en giltig e-postadress')).toBeInTheDocument();
    expect(screen.getByText('Ogiltigt telefonnummer')).toBeInTheDocument();
    expect(screen.getByText('Du behöver godkänna att vi kontaktar dig om ditt ärende')).toBeInTheDocument();
    // Name, subject and message are empty: each says so.
    expect(screen.getAllByText('Detta fält är obligatoriskt')).toHaveLength(3);
    expect(screen.getByRole('textbox', { name: /^Namn/ })).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);
  });

  it('sends the phone as typed and then says what happens next', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/contact-us');
    await screen.findByRole('textbox', { name: /^Namn/ });
    await fillGood(user);
    await user.click(screen.getByRole('button', { name: 'Skicka meddelandet' }));
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Tack, vi har fått ditt meddelande');
    expect(status).toHaveTextContent('En bekräftelse är på väg till karin@example.se. Vi svarar dig inom 48 timmar.');
    // The shared schema already wrote the phone in E.164.
    expect(sent).toEqual([
      {
        name: 'Karin Holm',
        email: 'karin@example.se',
        phone: '+46701740645',
        club: '',
        subject: 'Demo',
        message: 'Vi vill gärna se en demo av portalen.',
        consent: true,
      },
    ]);
  });

  it('shows the server’s text when the address has sent too many', async () => {
    answer = () =>
      reply(429, {
        message: 'Du har skickat många meddelanden på kort tid. Försök igen om 12 minuter.',
        eng_message: 'You have sent many messages in a short time. Please try again in 12 minutes.',
        error: 'Du har skickat många meddelanden på kort tid. Försök igen om 12 minuter.',
      });
    const user = userEvent.setup();
    renderRoutes(routes, '/contact-us');
    await screen.findByRole('textbox', { name: /^Namn/ });
    await fillGood(user);
    await user.click(screen.getByRole('button', { name: 'Skicka meddelandet' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Du har skickat många meddelanden på kort tid. Försök igen om 12 minuter.',
      ),
    );
    expect(screen.queryByRole('status')).toBeNull();
  });
});
