import type { CurrentUser, Package, Subscription } from '@fairway/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { setTokens } from '../../lib/storage';
import { mockApi, page, refuse, reply } from '../../test/api';
import { demoUser, renderRoutes } from '../../test/render';
import { queryClient } from '../query-client';
import SettingsAndSubscriptionPage from './settings-and-subscription-page';

const routes = [{ path: '/dashboard/configuration/settings', element: <SettingsAndSubscriptionPage /> }];

const PACKAGES: Package[] = [
  { id: 'free', name: 'Free', invoicesPerMonth: 25, maxUsers: 1, maxClubAccounts: 1, monthlyPriceOre: 0, sortOrder: 1 },
  { id: 'small', name: 'Small', invoicesPerMonth: 200, maxUsers: 3, maxClubAccounts: 1, monthlyPriceOre: 49_500, sortOrder: 2 },
  { id: 'plus', name: 'Plus', invoicesPerMonth: 1500, maxUsers: 10, maxClubAccounts: 3, monthlyPriceOre: 149_500, sortOrder: 4 },
];
const plus = PACKAGES[2] as Package;

const uuid = (n: number) => `00000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`;
const people = [
  { id: demoUser.id, name: 'Karin Sjöberg' },
  { id: uuid(1), name: 'Olle Ek' },
  { id: uuid(2), name: 'Per Al' },
  { id: uuid(3), name: 'Sara Lind' },
];
const accounts = [
  { id: uuid(11), name: 'Plus GK', organisationNumber: null },
  { id: uuid(12), name: 'Plus GK Drift AB', organisationNumber: null },
];

let me: CurrentUser;
let subscription: Subscription;
const puts: { path: string; body: unknown }[] = [];
/** The answer of every PUT, when a test wants a refusal. */
let putRefusal: { status: number; body: unknown } | null = null;

beforeEach(async () => {
  await setLanguage('sv');
  me = demoUser;
  puts.length = 0;
  putRefusal = null;
  subscription = {
    id: uuid(50),
    status: 'active',
    package: plus,
    tier: null,
    paymentPlan: 'annually',
    smsPlan: null,
    startDate: '2026-01-01',
    endDate: '2026-12-31',
    nextBillingDate: '2027-01-01',
    usage: {
      invoicesThisMonth: 12,
      smsThisMonth: 0,
      users: 4,
      clubAccounts: 2,
      duplicateDocumentsThisMonth: 0,
      connectedCompanies: 0,
    },
    pendingRequests: [],
    canManage: true,
  };
  mockApi({
    // Every change of the subscription is kept and answered with a pending downgrade request.
    'PUT *': ({ url, body }) => {
      puts.push({ path: url.pathname.replace('/api/v1/', '').replace(/\/$/, ''), body });
      if (putRefusal) return reply(putRefusal.status, putRefusal.body);
      return {
        id: uuid(60),
        type: 'downgrade',
        status: 'pending',
        targetPackageId: 'small',
        targetTierId: null,
        paymentPlan: null,
        reason: null,
        comment: null,
        effectiveOn: '2027-01-01',
        requestedByName: 'Karin Sjöberg',
        createdAt: '2026-05-01T10:00:00.000Z',
      };
    },
    'GET users/me': () => me,
    'GET subscriptions': () => subscription,
    'GET packages': () => PACKAGES,
    'GET payment_plans': () => [
      { id: 'annually', months: 12, surchargeOrePerMonth: 0 },
      { id: 'quarterly', months: 3, surchargeOrePerMonth: 8000 },
      { id: 'monthly', months: 1, surchargeOrePerMonth: 0 },
    ],
    'GET modules': () => [],
    'GET subscription/my_modules': () => [],
    'GET users': () =>
      page(
        people.map((p) => ({ ...p, email: `${p.id}@example.se`, role: 'Staff', roleName: 'Staff', status: 'active' })),
        100,
      ),
    'GET company': () => ({ clubAccounts: accounts }),
    'ALL *': () => refuse(404, 'Finns inte', 'Not found'),
  });
  setTokens({ accessToken: 'access', refreshToken: 'refresh-123' });
});

afterEach(() => {
  queryClient.clear();
});

describe('settings and subscription page', () => {
  it('shows the package, its usage and the other packages to an Owner', async () => {
    renderRoutes(routes, '/dashboard/configuration/settings?tab=subscription');
    const current = await screen.findByTestId('current-package');
    expect(within(current).getByRole('heading', { name: 'Plus' })).toBeInTheDocument();
    expect(within(current).getByText('upp till 1500 fakturor/månad')).toBeInTheDocument();
    expect(screen.getByTestId('usage-invoices')).toHaveTextContent('12 av 1500');
    expect(screen.getByTestId('usage-users')).toHaveTextContent('4 av 10');
    expect(within(screen.getByTestId('package-small')).getByRole('button', { name: 'Nedgradera' })).toBeEnabled();
    expect(screen.queryByTestId('only-owner')).not.toBeInTheDocument();
  });

  it('a downgrade asks whom to keep, within the smaller package, and sends the lists', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/dashboard/configuration/settings');
    await user.click(within(await screen.findByTestId('package-small')).getByRole('button', { name: 'Nedgradera' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nedgradera till Small' });
    await within(dialog).findByText(/Sara Lind/);
    // Each user's role reads in Swedish.
    expect(within(dialog).getByRole('checkbox', { name: /Sara Lind · Personal/ })).toBeInTheDocument();
    // Preselected: the viewer and the first others up to three users, the first club account.
    expect(within(dialog).getByText('Användare att behålla (3 av högst 3)')).toBeInTheDocument();
    expect(within(dialog).getByText('1 användare och 1 klubbkonton tas bort.')).toBeInTheDocument();
    const confirm = within(dialog).getByRole('button', { name: 'Ta bort övriga och nedgradera' });

    await user.click(within(dialog).getByRole('checkbox', { name: /Sara Lind/ }));
    expect(within(dialog).getByText('Välj högst 3.')).toBeInTheDocument();
    expect(confirm).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: /Per Al/ }));
    expect(confirm).toBeEnabled();
    await user.click(confirm);

    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({
      path: `subscriptions/update_package/${uuid(50)}`,
      body: { packageId: 'small', keepUserIds: [demoUser.id, uuid(1), uuid(3)], keepClubAccountIds: [uuid(11)] },
    });
    expect(await screen.findByText('Begäran om Small är skickad och väntar.')).toBeInTheDocument();
  });

  it('a refused downgrade is said in its dialog, which stays open to adjust the choice', async () => {
    putRefusal = {
      status: 400,
      body: { message: 'Ogiltigt', eng_message: 'Invalid', error: { keepUserIds: ['Välj högst 3.'] } },
    };
    const user = userEvent.setup();
    renderRoutes(routes, '/dashboard/configuration/settings');
    await user.click(within(await screen.findByTestId('package-small')).getByRole('button', { name: 'Nedgradera' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nedgradera till Small' });
    await within(dialog).findByText(/Sara Lind/);
    await user.click(within(dialog).getByRole('button', { name: 'Ta bort övriga och nedgradera' }));
    // The dialog's warning is an alert too: the refusal is the one that says it.
    const alert = (await within(dialog).findAllByRole('alert')).find((a) => a.textContent?.includes('Välj högst 3.'));
    expect(alert).toBeDefined();
    expect(alert).not.toHaveTextContent('keepUserIds');
    expect(screen.getByRole('dialog', { name: 'Nedgradera till Small' })).toBeInTheDocument();
  });

  it('a refused cancellation is said in its dialog', async () => {
    putRefusal = {
      status: 406,
      body: { message: 'En uppsägning väntar redan', eng_message: 'Pending', error: 'En uppsägning väntar redan' },
    };
    const user = userEvent.setup();
    renderRoutes(routes, '/dashboard/configuration/settings');
    await user.click(await screen.findByRole('button', { name: 'Säg upp abonnemanget' }));
    const dialog = await screen.findByRole('dialog', { name: 'Säg upp abonnemanget' });
    await user.click(within(dialog).getByRole('radio', { name: 'För dyrt' }));
    await user.click(within(dialog).getByRole('button', { name: 'Säg upp' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('En uppsägning väntar redan');
    expect(puts).toHaveLength(1);
  });

  it('non-Owners see the spec message instead of the buttons, and no billing tabs without billing.read', async () => {
    me = { ...demoUser, role: 'Other', scopes: ['company.read'] };
    subscription = { ...subscription, canManage: false };
    renderRoutes(routes, '/dashboard/configuration/settings?tab=billing');
    expect(await screen.findByTestId('only-owner')).toHaveTextContent(
      'Endast användare med rollen Ägare kan uppgradera/nedgradera/avsluta ett abonnemang',
    );
    expect(within(screen.getByTestId('package-small')).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Säg upp abonnemanget' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('tab')).toHaveLength(1);
  });
});
