import type { RecipientsPreview, Sendout, SendoutDetail } from '@fairway/shared';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../app/query-client';
import { currentUserQueryKey } from '../../../lib/current-user';
import { setLanguage } from '../../../lib/i18n';
import { setItem } from '../../../lib/storage';
import { mockApi, ok, page, refuse, reply } from '../../../test/api';
import { demoUser } from '../../../test/render';
import { SendoutsPage } from './sendouts-page';

const user = userEvent.setup({ delay: null });
vi.setConfig({ testTimeout: 60_000 });

/** Puts text in an input the way a paste does (typing key by key is slow on a loaded machine). */
async function fill(input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}

afterEach(async () => {
  await setLanguage('sv');
});

const ID = '00000000-0000-4000-8000-0000000000a1';
const MEMBER = '00000000-0000-4000-8000-0000000000b1';

const counts = (over: Partial<Sendout['counts']> = {}): Sendout['counts'] => ({
  total: 0,
  queued: 0,
  sent: 0,
  delivered: 0,
  failed: 0,
  bounced: 0,
  review: 0,
  cancelled: 0,
  ...over,
});

const sendout = (over: Partial<Sendout> = {}): Sendout => ({
  id: ID,
  title: 'Banan öppnar',
  channel: 'email',
  status: 'draft',
  templateId: '00000000-0000-4000-8000-0000000000c1',
  subject: '',
  sender: '',
  message: '',
  segments: 0,
  selection: { juniorsReachPayer: false },
  sendAt: null,
  startedAt: null,
  finishedAt: null,
  error: null,
  counts: counts(),
  createdAt: '2026-05-01T08:00:00.000Z',
  updatedAt: '2026-05-01T08:00:00.000Z',
  ...over,
});

const detail = (over: Partial<SendoutDetail> = {}): SendoutDetail => ({
  ...sendout(over),
  recipients: [],
  recipientsPagination: { page: 1, pageSize: 25, total: 0 },
  ...over,
});

const preview = (over: Partial<RecipientsPreview> = {}): RecipientsPreview => ({
  channel: 'email',
  count: 312,
  viaPayer: 0,
  excludedCount: 0,
  excludedByReason: { no_email: 0, no_mobile: 0, unsubscribed: 0, inactive: 0 },
  excluded: [],
  ...over,
});

function renderPage(channel: 'email' | 'sms', path: string) {
  setItem('accessToken', 'test-token');
  const client = createQueryClient();
  client.setQueryData(currentUserQueryKey, demoUser);
  const base = channel === 'email' ? '/dashboard/membercare/email-sendouts' : '/dashboard/membercare/sms-sendouts';
  const router = createMemoryRouter([{ path: base, element: <SendoutsPage channel={channel} /> }], {
    initialEntries: [`${base}${path}`],
  });
  render(
    <AppProviders queryClient={client}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

/** The form's inputs, the category and segment lists empty. */
const formOptions = {
  'GET membercategories': () => [],
  'GET playercategories': () => [],
  'GET segments/customers': () => page([]),
};

describe('send-out lists', () => {
  it('lists the scheduled ones with status, counts and a mark for failures, and asks for earlier ones in their tab', async () => {
    const calls = mockApi({
      'GET member_care/sendouts': ({ query }) =>
        query.get('view') === 'earlier'
          ? page([
              sendout({
                id: '00000000-0000-4000-8000-0000000000a2',
                title: 'Nyhetsbrev maj',
                status: 'sent',
                startedAt: '2026-05-02T08:00:00.000Z',
                counts: counts({ total: 10, sent: 7, failed: 2, bounced: 1 }),
              }),
            ])
          : page([sendout({ status: 'scheduled', sendAt: '2026-06-01T06:00:00.000Z' })]),
    });
    renderPage('email', '');
    const link = await screen.findByRole('link', { name: 'Banan öppnar' });
    const row = link.closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('Schemalagt');
    expect(row).toHaveTextContent('2026-06-01 08:00');
    expect(link).toHaveAttribute('href', `/dashboard/membercare/email-sendouts?sendout=${ID}`);
    expect(calls.find((c) => c.path === 'member_care/sendouts')?.query.get('channel')).toBe('email');

    await user.click(screen.getByRole('tab', { name: 'Tidigare' }));
    const earlier = (await screen.findByRole('link', { name: 'Nyhetsbrev maj' })).closest('tr') as HTMLElement;
    expect(earlier).toHaveTextContent('Skickat');
    expect(earlier).toHaveTextContent('7 av 10');
    expect(within(earlier).getByTestId('sendout-problems')).toHaveTextContent('3 nåddes inte');
    expect(calls.some((c) => c.query.get('view') === 'earlier')).toBe(true);
  });

  it("shows a failed list's localised message, never the server's body, in both languages", async () => {
    const failing = () => refuse(409, 'Klubbkontot används inte längre', 'The club account is no longer in use', { code: 'x.y' });
    // The list's own alert (a toast may say it too): the message and a retry.
    const listAlert = async (text: string) =>
      await waitFor(() => {
        const found = screen
          .getAllByRole('alert')
          .find((a) => a.textContent?.includes(text) && within(a).queryByRole('button', { name: /Försök igen|Try again/ }));
        expect(found).toBeDefined();
        return found as HTMLElement;
      });
    mockApi({ 'GET member_care/sendouts': failing });
    const first = renderPage('email', '');
    const sv = await listAlert('Klubbkontot används inte längre');
    expect(sv.textContent).not.toMatch(/[{}"]|eng_message/);
    first.dispose();

    await setLanguage('en');
    renderPage('sms', '');
    const en = await listAlert('The club account is no longer in use');
    expect(en.textContent).not.toMatch(/[{}"]|eng_message/);
  });

  it('says when there is nothing yet and offers a new send-out, in English too', async () => {
    await setLanguage('en');
    mockApi({ 'GET member_care/sendouts': () => page([]) });
    renderPage('sms', '');
    expect(await screen.findByText('No drafts or scheduled send-outs')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'New send-out' })[0]).toHaveAttribute(
      'href',
      '/dashboard/membercare/sms-sendouts?sendout=new',
    );
  });
});

describe('send-out form', () => {
  it('counts SMS segments as the text is typed, GSM or Unicode', async () => {
    mockApi({ ...formOptions, 'POST member_care/recipients/preview': () => preview({ channel: 'sms' }) });
    renderPage('sms', '?sendout=new');
    const text = await screen.findByRole('textbox', { name: /^Text/ });
    await fill(text, 'Hej på er');
    const counter = screen.getByTestId('sms-counter');
    expect(counter).toHaveTextContent('1 sms');
    expect(counter).toHaveTextContent('9 tecken');
    expect(counter).toHaveTextContent('GSM');
    await user.clear(text);
    await user.click(text);
    await user.paste('a'.repeat(161));
    expect(counter).toHaveTextContent('2 sms');
    await fill(text, '✓');
    expect(counter).toHaveTextContent('Unicode');
    expect(counter).toHaveTextContent('3 sms');
    expect(counter).toHaveTextContent('Dessa tecken gör att texten skickas som Unicode: ✓');
  });

  it("holds the sender to the spec's rules before anything is sent (English)", async () => {
    await setLanguage('en');
    const calls = mockApi({ ...formOptions, 'POST member_care/recipients/preview': () => preview({ channel: 'sms' }) });
    renderPage('sms', '?sendout=new');
    await fill(await screen.findByRole('textbox', { name: /^Title/ }), 'Banan');
    await fill(screen.getByRole('textbox', { name: /^Text/ }), 'Banan öppnar i morgon');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Sender Name is required')).toBeInTheDocument();
    await fill(screen.getByRole('textbox', { name: /^Sender/ }), 'Golfklubben12');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Sender Name max length must be 11 and min length 1')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path === 'member_care/sendouts')).toBe(false);
  });

  it('previews who the selection reaches, lists those left out with the reason, and saves the draft', async () => {
    const saved: unknown[] = [];
    const calls = mockApi({
      ...formOptions,
      'GET membercategories': () => [{ id: '00000000-0000-4000-8000-0000000000d1', name: 'Junior' }],
      'GET member_care/templates': () => page([{ id: '00000000-0000-4000-8000-0000000000c1', title: 'Nyhetsbrev' }]),
      'POST member_care/recipients/preview': ({ body }) => {
        const picked = (body as { selection: { memberCategoryIds?: string[] } }).selection.memberCategoryIds;
        return picked
          ? preview({
              count: 2,
              excludedCount: 2,
              excludedByReason: { no_email: 1, no_mobile: 0, unsubscribed: 1, inactive: 0 },
              excluded: [
                { memberId: MEMBER, name: 'Anna Ek', reason: 'no_email' },
                { memberId: '00000000-0000-4000-8000-0000000000b2', name: 'Bo Al', reason: 'unsubscribed' },
              ],
            })
          : preview();
      },
      'POST member_care/sendouts': ({ body }) => {
        saved.push(body);
        return ok(sendout({ title: 'Till juniorerna' }), { status: 201 });
      },
      'GET member_care/sendouts/:id': () => detail({ title: 'Till juniorerna' }),
    });
    const router = renderPage('email', '?sendout=new');
    expect(await screen.findByText('312 medlemmar får e-post')).toBeInTheDocument();

    await fill(screen.getByRole('textbox', { name: /^Titel/ }), 'Till juniorerna');
    await user.click(screen.getByRole('textbox', { name: /^E-postmall/ }));
    await user.click(await screen.findByRole('option', { name: 'Nyhetsbrev', hidden: true }));
    await user.click(screen.getByRole('textbox', { name: 'Medlemskategorier' }));
    await user.click(await screen.findByRole('option', { name: 'Junior', hidden: true }));

    expect(await screen.findByText('2 medlemmar får e-post')).toBeInTheDocument();
    const excluded = screen.getByTestId('recipients-excluded');
    expect(excluded).toHaveTextContent('2 medlemmar utelämnas');
    expect(within(excluded).getByRole('row', { name: /Anna Ek/ })).toHaveTextContent('Saknar e-postadress');
    expect(within(excluded).getByRole('row', { name: /Bo Al/ })).toHaveTextContent('Har avregistrerat sig');

    await user.click(screen.getByRole('button', { name: 'Spara utkast' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({
      channel: 'email',
      title: 'Till juniorerna',
      templateId: '00000000-0000-4000-8000-0000000000c1',
      subject: '',
      selection: { juniorsReachPayer: false, memberCategoryIds: ['00000000-0000-4000-8000-0000000000d1'] },
    });
    await waitFor(() => expect(router.state.location.search).toBe(`?sendout=${ID}`));
    // The saved draft opens, with its actions.
    expect(await screen.findByRole('button', { name: 'Skicka nu' })).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'GET' && c.path === `member_care/sendouts/${ID}`)).toBe(true);
  });

  it("shows a saved send-out's picked members by name, read in one call", async () => {
    const picked = [MEMBER, '00000000-0000-4000-8000-0000000000b2', '00000000-0000-4000-8000-0000000000b3'];
    const people: Record<string, [string, string]> = {
      [picked[0] as string]: ['Anna', 'Ek'],
      [picked[1] as string]: ['Bo', 'Al'],
      [picked[2] as string]: ['Cecilia', 'Strand'],
    };
    const calls = mockApi({
      ...formOptions,
      'POST member_care/recipients/preview': () => preview({ count: 3 }),
      'GET member_care/templates/:id': () => ({ id: '00000000-0000-4000-8000-0000000000c1', title: 'Nyhetsbrev' }),
      'GET member_care/sendouts/:id': () => detail({ selection: { juniorsReachPayer: false, memberIds: picked } }),
      'GET members': ({ query }) => {
        const ids = (query.get('ids') ?? '').split(',').filter((id) => people[id]);
        return page(
          ids.map((id) => ({ id, firstname: people[id]?.[0], lastname: people[id]?.[1], golfId: null, memberNumber: null })),
        );
      },
    });
    renderPage('email', `?sendout=${ID}&edit=1`);
    for (const name of ['Anna Ek', 'Bo Al', 'Cecilia Strand']) expect((await screen.findAllByText(name))[0]).toBeInTheDocument();
    const lookups = calls.filter((c) => c.method === 'GET' && c.path.startsWith('members'));
    expect(lookups).toHaveLength(1);
    expect(lookups[0]?.query.get('ids')?.split(',').sort()).toEqual([...picked].sort());
  });

  it("shows the server's field refusals at their fields", async () => {
    mockApi({
      ...formOptions,
      'POST member_care/recipients/preview': () => preview({ channel: 'sms' }),
      'POST member_care/sendouts': () =>
        reply(400, {
          message: 'Kontrollera fälten',
          eng_message: 'Check the fields',
          error: { sender: ['Avsändaren måste vara 3–11 bokstäver'], 'selection.ageTo': ['För hög ålder'] },
        }),
    });
    renderPage('sms', '?sendout=new');
    await fill(await screen.findByRole('textbox', { name: /^Titel/ }), 'Banan');
    await fill(screen.getByRole('textbox', { name: /^Avsändare/ }), 'Golfklubben');
    await fill(screen.getByRole('textbox', { name: /^Text/ }), 'Hej');
    await user.click(screen.getByRole('button', { name: 'Spara utkast' }));
    expect(await screen.findByText('Avsändaren måste vara 3–11 bokstäver')).toBeInTheDocument();
    expect(screen.getByText('För hög ålder')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Avsändare/ })).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('send-out detail', () => {
  it('follows the progress while it is sent and lists the recipients with their status and reason', async () => {
    let reads = 0;
    mockApi({
      'GET member_care/sendouts/:id': ({ query }) => {
        reads++;
        const running = reads < 2;
        const filtered = query.get('status') === 'failed';
        return detail({
          status: running ? 'sending' : 'sent',
          startedAt: '2026-05-02T08:00:00.000Z',
          counts: running ? counts({ total: 3, queued: 2, sent: 1 }) : counts({ total: 3, sent: 2, failed: 1 }),
          recipients: filtered
            ? [
                {
                  memberId: MEMBER,
                  name: 'Anna Ek',
                  address: 'anna@example.se',
                  viaPayer: false,
                  status: 'failed',
                  reason: 'E-postservern svarade: 550',
                  sentAt: null,
                  deliveredAt: null,
                },
              ]
            : [
                {
                  memberId: MEMBER,
                  name: 'Anna Ek',
                  address: 'anna@example.se',
                  viaPayer: false,
                  status: running ? 'queued' : 'failed',
                  reason: running ? null : 'E-postservern svarade: 550',
                  sentAt: null,
                  deliveredAt: null,
                },
                {
                  memberId: null,
                  name: 'Bo Al',
                  address: 'bo@example.se',
                  viaPayer: true,
                  status: 'sent',
                  reason: null,
                  sentAt: '2026-05-02T08:00:05.000Z',
                  deliveredAt: null,
                },
              ],
          recipientsPagination: { page: 1, pageSize: 25, total: filtered ? 1 : 3 },
        });
      },
    });
    renderPage('email', `?sendout=${ID}`);
    const bar = await screen.findByRole('progressbar', { name: 'Utskicket' });
    expect(bar).toHaveAttribute('aria-valuenow', '1');
    expect(bar).toHaveAttribute('aria-valuemax', '3');
    // Read again while it is sent, until it is done.
    await waitFor(() => expect(screen.getByRole('progressbar', { name: 'Utskicket' })).toHaveAttribute('aria-valuenow', '3'), {
      timeout: 10_000,
    });
    expect(screen.getByTestId('sendout-progress')).toHaveTextContent('1 misslyckades');
    const table = screen.getByTestId('sendout-recipients');
    expect(within(table).getByRole('row', { name: /Anna Ek/ })).toHaveTextContent('E-postservern svarade: 550');
    expect(within(table).getByRole('row', { name: /Bo Al/ })).toHaveTextContent('Via betalare eller vårdnadshavare');

    await user.click(screen.getByRole('textbox', { name: 'Visa' }));
    await user.click(await screen.findByRole('option', { name: 'Misslyckades (1)', hidden: true }));
    await waitFor(() => expect(within(screen.getByTestId('sendout-recipients')).queryByText('Bo Al')).toBeNull());
  });

  it("asks before sending, saying to how many and, for SMS, how much of the plan's remainder it uses; shows the plan's refusal", async () => {
    const sends: unknown[] = [];
    mockApi({
      'GET member_care/sendouts/:id': () => detail({ channel: 'sms', sender: 'Golfklubb', message: 'Hej', segments: 2 }),
      'POST member_care/recipients/preview': () => preview({ channel: 'sms', count: 312 }),
      'GET subscriptions': () => ({
        smsPlan: { id: 'sms-1000', name: '1000', smsPerMonth: 1000, priceOre: 0 },
        usage: { invoicesThisMonth: 0, smsThisMonth: 100, users: 1, clubAccounts: 1 },
      }),
      'POST member_care/sendouts/:id/send': () => {
        sends.push(1);
        return refuse(
          406,
          'Utskicket behöver 624 sms men SMS-planen har bara 600 kvar den här månaden.',
          'The send-out needs 624 SMS but the SMS plan has only 600 left this month.',
        );
      },
    });
    renderPage('sms', `?sendout=${ID}`);
    await screen.findByText('312 medlemmar');
    await user.click(screen.getByRole('button', { name: 'Skicka nu' }));
    const dialog = await screen.findByRole('dialog', { name: 'Skicka utskicket nu' });
    expect(dialog).toHaveTextContent('Skicka nu till 312 medlemmar?');
    await waitFor(() =>
      expect(within(dialog).getByTestId('sms-plan-use')).toHaveTextContent(
        'Det använder 624 sms av de 900 som är kvar i SMS-planen den här månaden.',
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Skicka nu' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('har bara 600 kvar');
    expect(sends).toHaveLength(1);
  });

  it('needs an address for a test and says so in both languages', async () => {
    const tests: unknown[] = [];
    mockApi({
      'GET member_care/sendouts/:id': () => detail(),
      'POST member_care/recipients/preview': () => preview(),
      'POST member_care/sendouts/:id/test': ({ body }) => {
        tests.push(body);
        return { to: 'kansliet@example.se' };
      },
    });
    renderPage('email', `?sendout=${ID}`);
    await user.click(await screen.findByRole('button', { name: 'Skicka test' }));
    let dialog = await screen.findByRole('dialog', { name: 'Skicka ett test' });
    await user.click(within(dialog).getByRole('button', { name: 'Skicka test' }));
    expect(await within(dialog).findByText('Ange en e-postadress att skicka testet till')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Avbryt' }));

    await act(async () => {
      await setLanguage('en');
    });
    await user.click(await screen.findByRole('button', { name: 'Send a test' }));
    dialog = await screen.findByRole('dialog', { name: 'Send a test' });
    await user.click(within(dialog).getByRole('button', { name: 'Send test' }));
    expect(await within(dialog).findByText('Test sending requires a test e-mail address')).toBeInTheDocument();
    await fill(within(dialog).getByRole('textbox', { name: /E-mail address/ }), 'kansliet@example.se');
    await user.click(within(dialog).getByRole('button', { name: 'Send test' }));
    await waitFor(() => expect(tests).toEqual([{ to: 'kansliet@example.se' }]));
  });

  it('schedules at a date and time in Swedish time and shows the refusal of a time too far back', async () => {
    mockApi({
      'GET member_care/sendouts/:id': () => detail(),
      'POST member_care/recipients/preview': () => preview(),
      'POST member_care/sendouts/:id/schedule': () =>
        reply(400, {
          message: 'Kontrollera fälten',
          eng_message: 'Check the fields',
          error: { sendAt: ['Högst 7 dagar bakåt i tiden'] },
        }),
    });
    const calls = mockApi({});
    renderPage('email', `?sendout=${ID}`);
    await user.click(await screen.findByRole('button', { name: 'Schemalägg' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schemalägg utskicket' });
    expect(dialog).toHaveTextContent('Högst 7 dagar bakåt i tiden');
    const date = within(dialog).getByRole('textbox', { name: /Datum/ });
    await user.clear(date);
    await user.type(date, '2026-01-01');
    const time = within(dialog).getByLabelText(/^Tid/);
    await user.clear(time);
    await user.type(time, '09:30');
    await user.click(within(dialog).getByRole('button', { name: 'Schemalägg' }));
    await waitFor(() => expect(calls.find((c) => c.path.endsWith('/schedule'))?.body).toEqual({ sendAt: '2026-01-01T09:30' }));
    expect(await within(dialog).findAllByText(/Högst 7 dagar bakåt i tiden/)).toHaveLength(2);
  });
});
