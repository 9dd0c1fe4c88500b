import type { MemberCategory } from '@fairway/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../app/query-client';
import { setLanguage } from '../../../lib/i18n';
import { setTokens } from '../../../lib/storage';
import { mockApi, noting, ok, refuse, type Write } from '../../../test/api';
import { demoUser, renderRoutes } from '../../../test/render';
import MemberCategoriesPage from './member-categories-page';

const routes = [{ path: '/dashboard/golfrelated/member-categories', element: <MemberCategoriesPage /> }];
const senior: MemberCategory = {
  id: '5f2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  name: 'Senior',
  code: 'S',
  description: null,
  junior: false,
  defaultFeeRuleId: null,
  memberCount: 12,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

let me = demoUser;
let answerWrite: (body: unknown) => Response;
const writes: Write[] = [];

beforeEach(async () => {
  await setLanguage('sv');
  me = demoUser;
  writes.length = 0;
  answerWrite = (body) => ok({ ...senior, ...(body as object), id: senior.id }, { status: 201 });
  mockApi({
    'GET users/me': () => me,
    'GET membercategories': () => [senior],
    'GET playercategories': () => [],
    'GET *': () => refuse(404, 'Finns inte', 'Not found'),
    // Every write is kept and answered by `answerWrite`.
    'ALL *': noting(writes, ({ body }) => answerWrite(body)),
  });
  setTokens({ accessToken: 'access', refreshToken: 'refresh-123' });
});

afterEach(() => {
  queryClient.clear();
});

describe('member categories page', { timeout: 60_000 }, () => {
  it('lists the categories, refuses a bad code, and creates one in the modal', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/dashboard/golfrelated/member-categories');
    const table = await screen.findByRole('table', { name: 'Medlemskategorier' });
    expect(await within(table).findByText('Senior')).toBeInTheDocument();
    expect(within(table).getByText('12')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Ny medlemskategori' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ny medlemskategori' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Namn/ }), 'Junior');
    await user.type(within(dialog).getByRole('textbox', { name: 'Kod' }), 'J R');
    await user.click(within(dialog).getByRole('button', { name: 'Spara' }));
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Kod' })).toHaveAttribute('aria-invalid', 'true'));
    expect(writes).toEqual([]);

    await user.clear(within(dialog).getByRole('textbox', { name: 'Kod' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Kod' }), 'J');
    await user.click(within(dialog).getByRole('switch', { name: /^Junior/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Spara' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toEqual({
      method: 'POST',
      path: '/api/v1/membercategories',
      body: { name: 'Junior', code: 'J', description: null, junior: true, defaultFeeRuleId: null },
    });
  });

  it('asks before deleting, naming how many members lose the category', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/dashboard/golfrelated/member-categories');
    await user.click(await screen.findByRole('button', { name: 'Ta bort Senior' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ta bort kategori' });
    expect(within(dialog).getByText(/12 medlemmar blir utan kategori/)).toBeInTheDocument();
    answerWrite = () => ok({ id: senior.id });
    await user.click(within(dialog).getByRole('button', { name: 'Ta bort' }));
    await waitFor(() =>
      expect(writes).toEqual([{ method: 'DELETE', path: `/api/v1/membercategories/${senior.id}`, body: null }]),
    );
  });

  it('shows the list without buttons to a reader without members.write', async () => {
    me = { ...demoUser, scopes: demoUser.scopes.filter((s) => s !== 'members.write') };
    renderRoutes(routes, '/dashboard/golfrelated/member-categories?tab=player');
    expect(await screen.findByText('Inga spelarkategorier')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ny spelarkategori' })).not.toBeInTheDocument();
  });
});
