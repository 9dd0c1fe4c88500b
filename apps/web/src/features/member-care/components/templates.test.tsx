import type { EmailTemplate, EmailTemplateListItem, ReadyTemplate } from '@fairway/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../app/query-client';
import { currentUserQueryKey } from '../../../lib/current-user';
import { setLanguage } from '../../../lib/i18n';
import { setItem } from '../../../lib/storage';
import { mockApi, ok, reply } from '../../../test/api';
import { demoUser } from '../../../test/render';
import EmailTemplateEditorPage from '../pages/email-template-editor-page';
import EmailTemplatesPage from '../pages/email-templates-page';

const user = userEvent.setup({ delay: null });
vi.setConfig({ testTimeout: 30_000 });

const ID = '00000000-0000-4000-8000-000000000019';

const row: EmailTemplateListItem = {
  id: ID,
  title: 'Vårbrev',
  subject: 'Hej {{firstname}}',
  lang: 'sv',
  createdAt: '2026-03-01T09:00:00.000Z',
  updatedAt: '2026-03-02T09:00:00.000Z',
};

const stored: EmailTemplate = {
  ...row,
  design: {
    version: 1,
    settings: {
      preheader: '',
      backgroundColour: '#f1f3f2',
      contentColour: '#ffffff',
      textColour: '#1f2a24',
      accentColour: '#1d6b43',
      font: 'arial',
    },
    blocks: [
      { type: 'heading', id: 'h1', text: 'Banan öppnar', level: 1, align: 'left' },
      { type: 'divider', id: 'd1', colour: null, thickness: 1 },
      { type: 'button', id: 'b1', label: 'Boka tid', href: 'https://mingolf.golf.se/', colour: null, align: 'center' },
    ],
  },
  html: '<p>x</p>',
  text: 'x',
};

function openAt(path: string, scopes = demoUser.scopes) {
  setItem('accessToken', 'test-token');
  const client = createQueryClient();
  client.setQueryData(currentUserQueryKey, { ...demoUser, scopes });
  const router = createMemoryRouter(
    [
      { path: '/dashboard/membercare/email-templates', element: <EmailTemplatesPage /> },
      { path: '/dashboard/membercare/create-email-template', element: <EmailTemplateEditorPage /> },
      { path: '/dashboard/membercare/edit-email-template/:uuid', element: <EmailTemplateEditorPage /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders queryClient={client}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

afterEach(async () => {
  await setLanguage('sv');
});

describe('e-mail templates list', () => {
  it('lists, searches, sorts and deletes with a confirmation that names the template', async () => {
    let rows = [row, { ...row, id: '00000000-0000-4000-8000-000000000020', title: 'Välkomstbrev', subject: '' }];
    const calls = mockApi({
      'GET member_care/templates': ({ query }) => {
        const search = query.get('search') ?? '';
        const found = rows.filter((r) => r.title.includes(search) || r.subject.includes(search));
        return ok(found, { pagination: { page: 1, pageSize: 25, total: found.length } });
      },
      'DELETE member_care/templates/:id': ({ params }) => {
        rows = rows.filter((r) => r.id !== params.id);
        return { id: params.id };
      },
    });
    openAt('/dashboard/membercare/email-templates');
    const table = await screen.findByRole('table', { name: 'E-postmallar' });
    expect(within(table).getByRole('link', { name: 'Vårbrev' })).toBeInTheDocument();
    expect(calls[0]?.query.get('sort')).toBe('updatedAt');
    expect(calls[0]?.query.get('order')).toBe('desc');

    await user.click(screen.getByRole('button', { name: 'Sortera på Titel' }));
    await waitFor(() => expect(calls.at(-1)?.query.get('sort')).toBe('title'));
    expect(calls.at(-1)?.query.get('order')).toBe('asc');

    await user.type(screen.getByRole('textbox', { name: 'Sök mallar' }), 'Välkomst');
    await waitFor(() => expect(calls.at(-1)?.query.get('search')).toBe('Välkomst'));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Vårbrev' })).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Ta bort: Välkomstbrev' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ta bort e-postmall' });
    expect(dialog).toHaveTextContent('Ta bort mallen Välkomstbrev?');
    await user.click(within(dialog).getByRole('button', { name: 'Ta bort mallen' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path.endsWith('000000000020'))).toBe(true));
  });

  it('offers the ready templates when there are none, and opens the copy in the editor (English)', async () => {
    await setLanguage('en');
    const ready = [{ key: 'welcome-en', kind: 'welcome', lang: 'en', title: 'Welcome letter' }] as unknown as ReadyTemplate[];
    const calls = mockApi({
      'GET member_care/templates': () => ok([], { pagination: { page: 1, pageSize: 25, total: 0 } }),
      'GET member_care/templates/ready': () => ready,
      'POST member_care/templates/ready/:key/copy': () => ok({ ...stored, title: 'Welcome letter' }, { status: 201 }),
    });
    const router = openAt('/dashboard/membercare/email-templates');
    expect(await screen.findByRole('heading', { name: 'No templates yet' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Use template: Welcome letter' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/dashboard/membercare/edit-email-template/${ID}`));
    expect(calls.find((c) => c.path === 'member_care/templates/ready')?.query.get('lang')).toBe('en');
    expect(calls.some((c) => c.method === 'POST' && c.path === 'member_care/templates/ready/welcome-en/copy')).toBe(true);
  });
});

describe('e-mail template editor', () => {
  // Many steps in jsdom: a loaded machine needs more than the usual time, never a wait of its own.
  it('builds a template from blocks, reorders by keyboard and saves it', { timeout: 120_000 }, async () => {
    let saved: unknown;
    const calls = mockApi({
      'POST member_care/templates': ({ body }) => {
        saved = body;
        return ok({ ...stored, ...(body as object), id: ID }, { status: 201 });
      },
      'GET member_care/templates/:id': () => ({ ...stored, ...(saved as object) }),
      'POST member_care/templates/preview': () => ({ subject: 'Hej Anna', html: '<p>Hej Anna</p>', text: 'Hej Anna' }),
    });
    const router = openAt('/dashboard/membercare/create-email-template');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ny e-postmall' })).toBeInTheDocument();
    await user.click(screen.getByRole('textbox', { name: /^Titel/ }));
    await user.paste('Höstbrev');

    await user.click(screen.getByRole('button', { name: 'Lägg till block: Rubrik' }));
    expect(screen.getByRole('textbox', { name: /^Rubrik/ })).toHaveValue('Hej {{firstname}}!');
    await user.click(screen.getByRole('tab', { name: 'Lägg till' }));
    await user.click(screen.getByRole('button', { name: 'Lägg till block: Knapp' }));
    const href = screen.getByRole('textbox', { name: /^Länk/ });
    await user.clear(href);
    await user.paste('https://mingolf.golf.se/');
    await user.click(screen.getByRole('tab', { name: 'Lägg till' }));
    await user.click(screen.getByRole('button', { name: 'Lägg till block: Text' }));
    expect(await screen.findByRole('textbox', { name: 'Text' })).toBeInTheDocument();

    // The text block (third) moves up above the button with its move button.
    await user.click(screen.getByRole('button', { name: 'Flytta upp: Text 3' }));
    const blocks = within(screen.getByRole('list', { name: 'Innehåll' })).getAllByRole('listitem');
    expect(blocks.map((b) => b.textContent)).toEqual([
      expect.stringContaining('Hej {{firstname}}!'),
      expect.stringContaining('Skriv er text här.'),
      expect.stringContaining('Läs mer'),
    ]);
    // By keyboard: Tab to the heading's move-down button and press Enter (dragging with Space and
    // the arrows needs a real layout: e2e/tests/member-care/email-templates.spec.ts).
    screen.getByRole('button', { name: 'Flytta ned: Rubrik 1' }).focus();
    await user.keyboard('{Enter}');
    expect(within(screen.getByRole('list', { name: 'Innehåll' })).getAllByRole('listitem')[0]).toHaveTextContent(
      'Skriv er text här.',
    );

    await user.click(screen.getByRole('tab', { name: 'Förhandsvisning' }));
    expect(await screen.findByTitle('Förhandsvisning av e-posten, 600 pixlar bred')).toHaveAttribute('sandbox', '');
    await user.click(screen.getByRole('radio', { name: 'Mobil' }));
    expect(screen.getByTitle('Förhandsvisning av e-posten, 375 pixlar bred')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Spara mallen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/dashboard/membercare/edit-email-template/${ID}`));
    const body = saved as { title: string; design: { blocks: { type: string }[] } };
    expect(body.title).toBe('Höstbrev');
    expect(body.design.blocks.map((b) => b.type)).toEqual(['text', 'heading', 'button']);
    expect(calls.some((c) => c.path === 'member_care/templates/preview')).toBe(true);
  });

  it('shows the field errors of the check and of the server at their fields, in English too', async () => {
    await setLanguage('en');
    mockApi({
      'GET member_care/templates/:id': () => stored,
      'PUT member_care/templates/:id': () =>
        reply(400, { message: 'Invalid', eng_message: 'Invalid', error: { 'design.blocks.2.href': ['The server says no'] } }),
    });
    openAt(`/dashboard/membercare/edit-email-template/${ID}`);
    const title = await screen.findByRole('textbox', { name: /^Title/ });
    await user.clear(title);
    await user.click(screen.getByRole('button', { name: 'Save template' }));
    expect(await screen.findByText('This field is required')).toBeInTheDocument();

    await user.type(title, 'Spring letter');
    await user.click(screen.getByRole('button', { name: 'Save template' }));
    // The button's link is refused by the server: its block opens with the message at the field.
    expect(await screen.findByText('The server says no')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Link/ })).toHaveValue('https://mingolf.golf.se/');
    // The form's summary (a toast may be on screen too, depending on timing).
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.some((alert) => alert.textContent?.includes('Some fields need fixing'))).toBe(true);
  });
});
