import { type CurrentUser, DEFAULT_ROLE_SCOPES, ROLES, type RoleDefinition } from '@fairway/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../app/query-client';
import { setLanguage } from '../../../lib/i18n';
import { mockApi, reply } from '../../../test/api';
import { demoUser } from '../../../test/render';
import { InviteUserModal } from './invite-user-modal';

const user = userEvent.setup({ delay: null });
vi.setConfig({ testTimeout: 20_000 });

const NO_RULES = { onlyTeamDocuments: false, onlyTeamContracts: false, onlyTeamOffers: false, onlyTeamCustomers: false };
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const ROLE_LIST: RoleDefinition[] = [
  ...ROLES.map((name, i) => ({
    id: id(i + 1),
    name,
    system: true,
    scopes: [...DEFAULT_ROLE_SCOPES[name]],
    rules: NO_RULES,
    userCount: 1,
  })),
  { id: id(10), name: 'Kassör', system: false, scopes: ['invoices.read', 'members.read'], rules: NO_RULES, userCount: 0 },
  { id: id(11), name: 'Rolladmin', system: false, scopes: ['roles.manage', 'users.read'], rules: NO_RULES, userCount: 0 },
];

const SEATS_LEFT = { packageName: 'Standard', maxUsers: 5, used: 3 };

/** `answer` for the invitation; GET users/seats answers `seats` and is not recorded. */
function stubFetch(answer: { status: number; body: unknown }, seats: unknown = SEATS_LEFT) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  mockApi({
    'GET users/seats': () => seats,
    'ALL *': ({ request, url, body }) => {
      calls.push({ method: request.method, path: url.pathname, body });
      return reply(answer.status, answer.body);
    },
  });
  return calls;
}

function renderModal(viewer: CurrentUser, onClose = vi.fn()) {
  const router = createMemoryRouter(
    [
      {
        path: '/dashboard/configuration/users',
        element: (
          <InviteUserModal opened onClose={onClose} viewer={viewer} roles={ROLE_LIST} clubAccounts={viewer.clubAccounts} />
        ),
      },
      { path: '/dashboard/configuration/settings', element: <h1>Settings</h1> },
    ],
    { initialEntries: ['/dashboard/configuration/users'] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, onClose };
}

async function roleChoices(): Promise<string[]> {
  const input = await screen.findByRole('textbox', { name: /^(Roll|Role)/ });
  await user.click(input);
  const listbox = await waitFor(() => {
    const found = document.getElementById(input.getAttribute('aria-controls') ?? '');
    if (!found) throw new Error('the role list did not open');
    return found;
  });
  // Mantine keeps the dropdown in a transition jsdom never finishes, so the options count as hidden.
  return within(listbox)
    .getAllByRole('option', { hidden: true })
    .map((o) => o.textContent ?? '');
}

const manager: CurrentUser = { ...demoUser, role: 'Manager', scopes: [...DEFAULT_ROLE_SCOPES.Manager] };

afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('sv');
});

describe('invite user modal: role choices', () => {
  it('offers an Owner every role, default and own', async () => {
    stubFetch({ status: 200, body: {} });
    renderModal(demoUser);
    expect(await roleChoices()).toEqual(['Ägare', 'Chef', 'Redovisningsansvarig', 'Personal', 'Övrig', 'Kassör', 'Rolladmin']);
    expect(screen.getByText('Som ägare kan du ge alla roller.')).toBeInTheDocument();
  });

  it('offers others Staff, Accountant, Other and own roles within their scopes, never Owner', async () => {
    stubFetch({ status: 200, body: {} });
    renderModal(manager);
    // Manager lacks roles.manage, so "Rolladmin" would be a way round the rules.
    expect(await roleChoices()).toEqual(['Redovisningsansvarig', 'Personal', 'Övrig', 'Kassör']);
  });

  it('offers a Staff-like custom viewer only the roles that grant nothing they lack', async () => {
    stubFetch({ status: 200, body: {} });
    renderModal({ ...demoUser, role: 'Other', scopes: ['users.manage', 'users.read', 'invoices.read'] });
    await setLanguage('en');
    expect(await roleChoices()).toEqual(['Accountant', 'Staff', 'Other']);
  });
});

describe('invite user modal: form', () => {
  it('asks for name, e-mail and role with the spec’s messages, and a valid e-mail', async () => {
    const calls = stubFetch({ status: 200, body: {} });
    renderModal(demoUser);
    await user.click(await screen.findByRole('button', { name: 'Skicka inbjudan' }));
    expect(await screen.findAllByText('Detta fält är obligatoriskt')).toHaveLength(2);
    await user.type(screen.getByRole('textbox', { name: /^Namn/ }), 'Kim Kassör');
    await user.type(screen.getByRole('textbox', { name: /^E-postadress/ }), 'kim@');
    await user.click(screen.getByRole('button', { name: 'Skicka inbjudan' }));
    expect(await screen.findByText('Fältet e-postadress måste vara en giltig e-postadress')).toBeInTheDocument();
    expect(await screen.findByText('Välj en roll')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('sends the chosen role by id with the club accounts, and closes', async () => {
    const calls = stubFetch({
      status: 201,
      body: { data: { id: id(50), name: 'Kim Kassör', email: 'kim@example.se', roleId: id(10) } },
    });
    const { onClose } = renderModal(demoUser);
    await user.type(await screen.findByRole('textbox', { name: /^Namn/ }), 'Kim Kassör');
    await user.type(screen.getByRole('textbox', { name: /^E-postadress/ }), 'kim@example.se');
    await roleChoices();
    await user.click(screen.getByRole('option', { name: 'Kassör', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Skicka inbjudan' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/api/v1/users/invite',
        body: { name: 'Kim Kassör', email: 'kim@example.se', roleId: id(10), clubAccountIds: [demoUser.currentAccount?.id] },
      },
    ]);
  });

  it('turns the package’s user limit into an upgrade prompt linking to the subscription settings', async () => {
    await setLanguage('en');
    const text = 'The Small package includes at most 3 users. Upgrade your subscription to invite more users.';
    stubFetch({ status: 406, body: { message: 'Paketet Small…', eng_message: text, error: text } });
    const { router } = renderModal(demoUser);
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'One Too Many');
    await user.type(screen.getByRole('textbox', { name: /^E-mail address/ }), 'one@example.se');
    await roleChoices();
    await user.click(screen.getByRole('option', { name: 'Staff', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The user limit is reached')).toBeInTheDocument();
    expect(within(alert).getByText(text)).toBeInTheDocument();
    await user.click(within(alert).getByRole('link', { name: /Upgrade the subscription/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/configuration/settings'));
  });

  it('says how many of the package’s users are taken as soon as it opens', async () => {
    stubFetch({ status: 200, body: {} });
    renderModal(demoUser);
    expect(await screen.findByText('3 av 5 användare i paketet Standard används.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Skicka inbjudan' })).toBeEnabled();
  });

  it('offers the upgrade before anything is filled in when every seat is taken', async () => {
    const calls = stubFetch({ status: 200, body: {} }, { packageName: 'Small', maxUsers: 3, used: 3 });
    const { router } = renderModal(demoUser);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Användargränsen är nådd')).toBeInTheDocument();
    expect(
      within(alert).getByText(
        'Paketet Small omfattar högst 3 användare och alla platser används. Uppgradera abonnemanget för att bjuda in fler.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Skicka inbjudan' })).toBeDisabled();
    await user.click(within(alert).getByRole('link', { name: /Uppgradera abonnemanget/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/configuration/settings'));
    expect(calls).toEqual([]);
  });
});
