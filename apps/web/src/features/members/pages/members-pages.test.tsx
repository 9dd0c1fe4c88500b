import type { MemberDetail, MemberListRow } from '@fairway/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../app/query-client';
import { setLanguage } from '../../../lib/i18n';
import { setTokens } from '../../../lib/storage';
import { mockApi, noting, ok, page, refuse, reply, type Write } from '../../../test/api';
import { demoUser, fill, renderRoutes, wideScreen } from '../../../test/render';
import CreateMemberPage from './create-member-page';
import MemberDetailPage from './member-detail-page';
import MembersPage from './members-page';

const routes = [
  { path: '/dashboard/golfrelated/members', element: <MembersPage /> },
  { path: '/dashboard/golfrelated/create-member', element: <CreateMemberPage /> },
  { path: '/dashboard/golfrelated/members/detail/:uuid', element: <MemberDetailPage /> },
  { path: '/error-404', element: <p>Sidan finns inte</p> },
];

const ID = '3f2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const OTHER = '4f2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const CATEGORY = '5f2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';

const row: MemberListRow = {
  id: ID,
  firstname: 'Anna',
  lastname: 'Ek',
  email: 'anna@example.se',
  golfId: '850312-001',
  memberNumber: '1042',
  birthDate: '1985-03-12',
  age: 41,
  sex: 'female',
  active: true,
  status: 'active',
  hcp: 18.4,
  phoneMobile: '+46701234567',
  city: 'Uppsala',
  memberCategoryId: CATEGORY,
  memberCategoryName: 'Senior',
  playerCategoryId: null,
  playerCategoryName: null,
  feeRuleId: null,
  memberSince: '2010-01-01',
  invoiceBalanceOre: 125000,
  inFamily: true,
  guardianId: null,
};

const member: MemberDetail = {
  id: ID,
  firstname: 'Anna',
  lastname: 'Ek',
  email: 'anna@example.se',
  birthDate: '1985-03-12',
  age: 41,
  active: true,
  sex: 'female',
  memberNumber: '1042',
  homeClub: null,
  golfId: '850312-001',
  personalNumber: null,
  country: 'SE',
  hcp: 18.4,
  homeAddress: null,
  postalAddress: null,
  zipCode: null,
  city: 'Uppsala',
  phoneMobile: '+46701234567',
  phoneHome: null,
  phoneWork: null,
  memberCategory: { id: CATEGORY, name: 'Senior', code: 'S', junior: false },
  feeRuleId: null,
  playerCategory: null,
  customerNumber: null,
  memberSince: '2010-01-01',
  invoiceBalanceOre: 125000,
  status: 'active',
  accountingNumberActive: false,
  billingName: null,
  billingReference: null,
  billingMethod: null,
  billingCycle: null,
  receiptsEmail: null,
  guardianId: null,
  source: 'portal',
  gitCreatedAt: null,
  gitUpdatedAt: null,
  createdAt: '2026-01-10T10:00:00.000Z',
  updatedAt: '2026-01-10T10:00:00.000Z',
  guardian: null,
  wards: [],
  family: {
    id: '6f2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
    name: 'Ek',
    role: 'payer',
    members: [
      { id: ID, firstname: 'Anna', lastname: 'Ek', golfId: '850312-001', age: 41, role: 'payer' },
      { id: OTHER, firstname: 'Olle', lastname: 'Ek', golfId: null, age: 9, role: 'child' },
    ],
  },
  notes: [
    {
      id: '7f2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
      text: 'Ringer om fakturan',
      authorId: null,
      authorName: 'Karin',
      createdAt: '2026-02-01T09:00:00.000Z',
    },
  ],
};

/** Another member, found only by a search for her name or golf ID (the guardian picker's search). */
const guardianRow: MemberListRow = { ...row, id: OTHER, firstname: 'Karin', lastname: 'Ek', golfId: '600101-002', age: 66 };

let me = demoUser;
let answerWrite: (path: string, body: unknown) => Response;
const writes: Write[] = [];
const lists: URLSearchParams[] = [];

beforeEach(async () => {
  await setLanguage('sv');
  me = demoUser;
  writes.length = 0;
  lists.length = 0;
  answerWrite = (path, body) => {
    if (path === '/api/v1/members/bulk') return ok({ action: (body as { action: string }).action, affected: 1 });
    return ok({ ...member, ...(body as object), id: ID }, { status: 201 });
  };
  mockApi({
    'ALL users/me': () => me,
    // The member list, and the guardian picker's search through it.
    'GET members': ({ query }) => {
      lists.push(query);
      const search = query.get('search')?.toLowerCase();
      let data = search && !'anna ek'.includes(search) ? [] : [row];
      if (search && ('karin ek'.includes(search) || guardianRow.golfId?.startsWith(search))) data = [guardianRow];
      return page(data);
    },
    [`GET members/${ID}`]: () => member,
    'GET members/*': () => refuse(404, 'Medlemmen finns inte', 'The member does not exist'),
    'GET membercategories': () => [
      {
        id: CATEGORY,
        name: 'Senior',
        code: 'S',
        description: null,
        junior: false,
        defaultFeeRuleId: null,
        memberCount: 1,
        createdAt: '',
        updatedAt: '',
      },
    ],
    'GET playercategories': () => [],
    'GET fee_rules': () => page([], 100),
    'GET *': () => refuse(404, 'Finns inte', 'Not found'),
    // Every write is kept and answered by `answerWrite`.
    'ALL *': noting(writes, ({ url, body }) => answerWrite(url.pathname, body)),
  });
  setTokens({ accessToken: 'access', refreshToken: 'refresh-123' });
  wideScreen();
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe('members list', { timeout: 60_000 }, () => {
  it('shows the members, searches and filters through the address, and links to the member', async () => {
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/dashboard/golfrelated/members?active=true');
    const table = await screen.findByRole('table', { name: 'Medlemmar' });
    expect(await within(table).findByRole('link', { name: 'Ek, Anna' })).toHaveAttribute(
      'href',
      `/dashboard/golfrelated/members/detail/${ID}`,
    );
    expect(within(table).getByText('850312-001')).toBeInTheDocument();
    // The stored +46701234567, as a Swede writes it.
    expect(within(table).getByText('070-123 45 67')).toBeInTheDocument();
    expect(within(table).getByText(/^1\s250/)).toBeInTheDocument();
    expect(lists.at(-1)?.get('active')).toBe('true');

    await user.type(screen.getByRole('searchbox', { name: 'Sök medlem' }), 'zzz');
    expect(await screen.findByText('Inget matchar')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toContain('search=zzz'));
    expect(lists.at(-1)?.get('search')).toBe('zzz');
  });

  it("says 'select one or more members' with nothing selected", async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/dashboard/golfrelated/members');
    await screen.findByRole('link', { name: 'Ek, Anna' });
    await user.click(screen.getByRole('button', { name: 'Åtgärder (0)' }));
    // `hidden`: in jsdom the menu's dropdown keeps its hidden style (no transition ends there), as in
    // the duplicates list's tests.
    await user.click(await screen.findByRole('menuitem', { name: 'Aktivera', hidden: true }));
    expect(await screen.findByText('Välj en eller flera medlemmar')).toBeInTheDocument();
    expect(writes).toEqual([]);
  });

  it('deletes the selected members after asking', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/dashboard/golfrelated/members');
    await screen.findByRole('link', { name: 'Ek, Anna' });
    await user.click(screen.getByRole('checkbox', { name: 'Välj Anna Ek' }));
    expect(screen.getByText('1 medlem vald')).toBeInTheDocument();
    const actions = screen.getByRole('button', { name: 'Åtgärder (1)' });
    await user.click(actions);
    await user.click(await screen.findByRole('menuitem', { name: 'Ta bort', hidden: true }));
    const dialog = await screen.findByRole('dialog', { name: 'Ta bort' });
    await user.click(within(dialog).getByRole('button', { name: 'Ta bort 1 medlem' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toEqual({ method: 'POST', path: '/api/v1/members/bulk', body: { action: 'delete', ids: [ID] } });
    expect(await screen.findByText('1 medlem har tagits bort')).toBeInTheDocument();
  });

  it('shows a refused bulk action in its dialog, which stays open', async () => {
    answerWrite = () => reply(400, { message: 'Ogiltigt', eng_message: 'Invalid', error: { ids: ['Medlemmen finns inte'] } });
    const user = userEvent.setup();
    renderRoutes(routes, '/dashboard/golfrelated/members');
    await screen.findByRole('link', { name: 'Ek, Anna' });
    await user.click(screen.getByRole('checkbox', { name: 'Välj Anna Ek' }));
    await user.click(screen.getByRole('button', { name: 'Åtgärder (1)' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Ta bort', hidden: true }));
    const dialog = await screen.findByRole('dialog', { name: 'Ta bort' });
    await user.click(within(dialog).getByRole('button', { name: 'Ta bort 1 medlem' }));
    // In words, without the field's key, only once, and the selection is kept.
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Medlemmen finns inte');
    expect(alert).not.toHaveTextContent('ids');
    expect(screen.getAllByText('Medlemmen finns inte')).toHaveLength(1);
    expect(screen.getByText('1 medlem vald')).toBeInTheDocument();
  });

  it('shows a refused bulk action without a dialog (activate) as a toast', async () => {
    answerWrite = () => reply(400, { message: 'Ogiltigt', eng_message: 'Invalid', error: { ids: ['Medlemmen finns inte'] } });
    const user = userEvent.setup();
    renderRoutes(routes, '/dashboard/golfrelated/members');
    await screen.findByRole('link', { name: 'Ek, Anna' });
    await user.click(screen.getByRole('checkbox', { name: 'Välj Anna Ek' }));
    await user.click(screen.getByRole('button', { name: 'Åtgärder (1)' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Aktivera', hidden: true }));
    const toast = (await screen.findByText('Medlemmen finns inte')).closest('[role="alert"]');
    expect(toast).toHaveTextContent('Misslyckat');
  });

  it('hides the create button and the selection from a reader without members.write', async () => {
    me = { ...demoUser, scopes: demoUser.scopes.filter((s) => s !== 'members.write') };
    renderRoutes(routes, '/dashboard/golfrelated/members');
    await screen.findByRole('link', { name: 'Ek, Anna' });
    expect(screen.queryByRole('link', { name: 'Ny medlem' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });
});

describe('create member', { timeout: 60_000 }, () => {
  it('checks golf ID and phone with the shared rules, shows the server field error, then opens the new member', async () => {
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/dashboard/golfrelated/create-member');
    await fill(user, await screen.findByRole('textbox', { name: /^Förnamn/ }), 'Anna');
    await fill(user, screen.getByRole('textbox', { name: /^Efternamn/ }), 'Ek');
    const golfId = screen.getByRole('textbox', { name: 'Golf-ID' });
    await fill(user, golfId, '850230-001');
    await fill(user, screen.getByRole('textbox', { name: 'Mobiltelefon' }), '12');
    await user.click(screen.getByRole('button', { name: 'Skapa medlem' }));
    await waitFor(() => expect(golfId).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText('Ogiltigt golf-ID, ange i följande format: ÅÅMMDD-NNN')).toBeInTheDocument();
    expect(screen.getByText('Ogiltigt telefonnummer')).toBeInTheDocument();
    expect(writes).toEqual([]);

    await fill(user, golfId, '850312001');
    await fill(user, screen.getByRole('textbox', { name: 'Mobiltelefon' }), '070-123 45 67');
    answerWrite = () =>
      reply(400, {
        message: 'Valideringsfel',
        eng_message: 'Validation failed',
        error: { golfId: ['Golf-ID 850312-001 används redan av en annan medlem'] },
      });
    await user.click(screen.getByRole('button', { name: 'Skapa medlem' }));
    expect(await screen.findByText('Golf-ID 850312-001 används redan av en annan medlem')).toBeInTheDocument();
    expect(writes[0].body).toMatchObject({
      firstname: 'Anna',
      golfId: '850312-001',
      phoneMobile: '+46701234567',
      status: 'active',
    });

    answerWrite = (_path, body) => ok({ ...member, ...(body as object), id: ID }, { status: 201 });
    await user.click(screen.getByRole('button', { name: 'Skapa medlem' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/dashboard/golfrelated/members/detail/${ID}`));
  });
});

describe('member detail', { timeout: 60_000 }, () => {
  it('edits the profile and sends only its fields', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, `/dashboard/golfrelated/members/detail/${ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Anna Ek' })).toBeInTheDocument();
    const phone = screen.getByRole('textbox', { name: 'Mobiltelefon' });
    expect(phone).toHaveValue('070-123 45 67');
    // The birth date is a date field in the reader's language, not the browser's mm/dd/yyyy.
    const birth = screen.getByRole('textbox', { name: 'Födelsedatum' });
    expect(birth).toHaveValue('1985-03-12');
    expect(birth).not.toHaveAttribute('type', 'date');
    await fill(user, phone, '070-765 43 21');
    answerWrite = (_path, body) => ok({ ...member, ...(body as object), updatedAt: '2026-03-01T00:00:00.000Z' });
    await user.click(screen.getByRole('button', { name: 'Spara' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toMatchObject({ method: 'PUT', path: `/api/v1/members/${ID}`, body: { phoneMobile: '+46707654321' } });
    expect(writes[0].body).not.toHaveProperty('memberCategoryId');
    expect(await screen.findByRole('textbox', { name: 'Mobiltelefon' })).toHaveValue('070-765 43 21');
  });

  it('picks a guardian by golf ID and a member-since date, and sends them with the membership', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, `/dashboard/golfrelated/members/detail/${ID}?tab=membership`);
    const since = await screen.findByRole('textbox', { name: 'Medlem sedan' });
    expect(since).toHaveValue('2010-01-01');
    await fill(user, since, '2012-05-01');
    await user.tab();

    const guardian = screen.getByRole('textbox', { name: /^Målsman/ });
    await user.click(guardian);
    await user.type(guardian, '600101');
    const option = await screen.findByRole('option', { name: 'Karin Ek (600101-002)', hidden: true });
    // Searched on the server with the member list's search, not filtered from one page.
    expect(lists.some((q) => q.get('search') === '600101' && q.get('pageSize') === '20')).toBe(true);
    await user.click(option);
    expect(guardian).toHaveValue('Karin Ek (600101-002)');

    answerWrite = (_path, body) => ok({ ...member, ...(body as object), updatedAt: '2026-03-01T00:00:00.000Z' });
    await user.click(screen.getByRole('button', { name: 'Spara' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toMatchObject({
      method: 'PUT',
      path: `/api/v1/members/${ID}`,
      body: { guardianId: OTHER, memberSince: '2012-05-01' },
    });
  });

  it('never offers the member as their own guardian', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, `/dashboard/golfrelated/members/detail/${ID}?tab=membership`);
    const guardian = await screen.findByRole('textbox', { name: /^Målsman/ });
    await user.click(guardian);
    await user.type(guardian, 'anna');
    // The server answers with Anna herself; the picker leaves her out.
    await waitFor(() => expect(lists.some((q) => q.get('search') === 'anna')).toBe(true));
    expect(await screen.findByText('Ingen medlem matchar')).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /Anna Ek/, hidden: true })).not.toBeInTheDocument();
  });

  it('shows the family tree and says the member is missing when member or role is not given', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, `/dashboard/golfrelated/members/detail/${ID}?tab=family`);
    const table = await screen.findByRole('table', { name: 'Familjens medlemmar' });
    expect(within(table).getByText('Betalare')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Olle Ek' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Lägg till i familjen' }));
    expect(await screen.findByText('Medlemmen saknas i familjeträdet: ange både medlem och roll')).toBeInTheDocument();
    expect(writes).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Ta bort Olle Ek ur familjen' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toMatchObject({ method: 'DELETE', path: `/api/v1/family/${member.family?.id}/members/${OTHER}` });
  });

  it('lists the notes and adds one', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, `/dashboard/golfrelated/members/detail/${ID}?tab=notes`);
    expect(await screen.findByText('Ringer om fakturan')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Lägg till anteckning' }));
    expect(await screen.findByText('Detta fält är obligatoriskt')).toBeInTheDocument();
    await fill(user, screen.getByRole('textbox', { name: 'Ny anteckning' }), 'Vill byta kategori');
    await user.click(screen.getByRole('button', { name: 'Lägg till anteckning' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toMatchObject({
      method: 'POST',
      path: `/api/v1/members/${ID}/notes`,
      body: { text: 'Vill byta kategori' },
    });
  });

  it('goes to the 404 page for an unknown or malformed id', async () => {
    const first = renderRoutes(routes, `/dashboard/golfrelated/members/detail/${OTHER}`);
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/error-404'));
    first.unmount();
    const second = renderRoutes(routes, '/dashboard/golfrelated/members/detail/not-an-id');
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/error-404'));
  });
});
