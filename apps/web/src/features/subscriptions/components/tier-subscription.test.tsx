import { DUPLICATE_TIERS, type DuplicateTier, type Package, type Subscription } from '@fairway/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import SettingsAndSubscriptionPage from '../../../app/pages/settings-and-subscription-page';
import { queryClient } from '../../../app/query-client';
import { setLanguage } from '../../../lib/i18n';
import { setTokens } from '../../../lib/storage';
import { mockApi, refuse } from '../../../test/api';
import { demoUser, renderRoutes } from '../../../test/render';

const routes = [{ path: '/dashboard/configuration/settings', element: <SettingsAndSubscriptionPage /> }];
const FREE: Package = {
  id: 'free',
  name: 'Free',
  invoicesPerMonth: 25,
  maxUsers: 1,
  maxClubAccounts: 1,
  monthlyPriceOre: 0,
  sortOrder: 1,
};
const tier = (id: string) => DUPLICATE_TIERS.find((t) => t.id === id) as DuplicateTier;
const SUB_ID = '00000000-0000-4000-8000-000000000050';

let subscription: Subscription;
const puts: { path: string; body: unknown }[] = [];

beforeEach(() => {
  puts.length = 0;
  subscription = {
    id: SUB_ID,
    status: 'active',
    package: FREE,
    tier: tier('business'),
    paymentPlan: 'annually',
    smsPlan: null,
    startDate: '2026-01-01',
    endDate: '2026-12-31',
    nextBillingDate: '2027-01-01',
    usage: {
      invoicesThisMonth: 0,
      smsThisMonth: 0,
      users: 3,
      clubAccounts: 1,
      duplicateDocumentsThisMonth: 1200,
      connectedCompanies: 1,
    },
    pendingRequests: [],
    canManage: true,
  };
  mockApi({
    'PUT *': ({ url, body }) => {
      puts.push({ path: url.pathname.replace('/api/v1/', '').replace(/\/$/, ''), body });
      const tierId = (body as { tierId: string }).tierId;
      const upgrade = tierId === 'pro';
      return {
        id: '00000000-0000-4000-8000-000000000060',
        type: upgrade ? 'upgrade' : 'downgrade',
        status: 'pending',
        targetPackageId: null,
        targetTierId: tierId,
        paymentPlan: null,
        reason: null,
        comment: null,
        effectiveOn: upgrade ? '2026-05-02' : '2027-01-01',
        requestedByName: 'Karin Sjöberg',
        createdAt: '2026-05-01T10:00:00.000Z',
      };
    },
    'GET users/me': () => demoUser,
    'GET subscriptions': () => subscription,
    'GET packages': () => [FREE],
    'GET tiers': () => DUPLICATE_TIERS,
    'GET payment_plans': () => [
      { id: 'annually', months: 12, surchargeOrePerMonth: 0 },
      { id: 'quarterly', months: 3, surchargeOrePerMonth: 8000 },
      { id: 'monthly', months: 1, surchargeOrePerMonth: 0 },
    ],
    'GET subscription/my_modules': () => [],
    'GET modules': () => [],
    'ALL *': () => refuse(404, 'Finns inte', 'Not found'),
  });
  setTokens({ accessToken: 'access', refreshToken: 'refresh-123' });
});

afterEach(() => {
  queryClient.clear();
});

const texts = {
  sv: {
    usage: '1200 av 3000',
    downgrade: 'Nedgradera',
    upgrade: 'Uppgradera',
    downgradeTitle: 'Nedgradera till Start?',
    upgradeTitle: 'Uppgradera till Pro?',
    lost: 'Jämför inte längre order, verifikationer',
    documents: 'Kontrollerade dokument/månad: 3 000 → 500',
    users: 'Användare: 5 → 2',
    when: 'Gäller från 2027-01-01.',
    requested: 'Begäran om Start är skickad och väntar.',
    proDocuments: 'Kontrollerade dokument/månad: 3 000 → 15 000',
  },
  en: {
    usage: '1200 of 3000',
    downgrade: 'Downgrade',
    upgrade: 'Upgrade',
    downgradeTitle: 'Downgrade to Start?',
    upgradeTitle: 'Upgrade to Pro?',
    lost: 'No longer compares orders, vouchers',
    documents: 'Checked documents/month: 3,000 → 500',
    users: 'Users: 5 → 2',
    when: 'Applies from',
    requested: 'The request for Start is sent and pending.',
    proDocuments: 'Checked documents/month: 3,000 → 15,000',
  },
} as const;

describe('the subscription tab of a Dubbelkoll subscription', () => {
  for (const lang of ['sv', 'en'] as const) {
    const x = texts[lang];

    it(`shows the tier and its usage instead of golf packages (${lang})`, async () => {
      await setLanguage(lang);
      renderRoutes(routes, '/dashboard/configuration/settings?tab=subscription');
      const current = await screen.findByTestId('current-tier');
      expect(within(current).getByRole('heading', { name: 'Business' })).toBeInTheDocument();
      expect(screen.getByTestId('usage-documents')).toHaveTextContent(x.usage);
      expect(screen.getByTestId('usage-companies')).toHaveTextContent(lang === 'sv' ? '1 av 2' : '1 of 2');
      expect(screen.queryByTestId('current-package')).not.toBeInTheDocument();
      expect(screen.queryByTestId('package-free')).not.toBeInTheDocument();
      expect(within(screen.getByTestId('tier-business')).queryByRole('button')).not.toBeInTheDocument();
      expect(within(screen.getByTestId('tier-pro')).getByRole('button', { name: x.upgrade })).toBeEnabled();
    });

    it(`a downgrade says what changes before it is sent (${lang})`, async () => {
      await setLanguage(lang);
      const user = userEvent.setup();
      renderRoutes(routes, '/dashboard/configuration/settings?tab=subscription');
      await user.click(within(await screen.findByTestId('tier-start')).getByRole('button', { name: x.downgrade }));
      const dialog = await screen.findByRole('dialog', { name: x.downgradeTitle });
      const changes = within(dialog).getByTestId('tier-changes');
      expect(changes).toHaveTextContent(x.documents);
      expect(changes).toHaveTextContent(x.users);
      expect(changes).toHaveTextContent(x.lost);
      expect(dialog).toHaveTextContent(x.when);
      expect(puts).toEqual([]);
      await user.click(within(dialog).getByTestId('confirm-tier-change'));
      await waitFor(() => expect(puts).toEqual([{ path: `subscriptions/update_tier/${SUB_ID}`, body: { tierId: 'start' } }]));
      expect(await screen.findByText(x.requested)).toBeInTheDocument();
    });

    it(`an upgrade says what it gives (${lang})`, async () => {
      await setLanguage(lang);
      const user = userEvent.setup();
      renderRoutes(routes, '/dashboard/configuration/settings?tab=subscription');
      await user.click(within(await screen.findByTestId('tier-pro')).getByRole('button', { name: x.upgrade }));
      const dialog = await screen.findByRole('dialog', { name: x.upgradeTitle });
      expect(within(dialog).getByTestId('tier-changes')).toHaveTextContent(x.proDocuments);
    });
  }

  it('a pending tier change is named and its card waits', async () => {
    await setLanguage('sv');
    subscription = {
      ...subscription,
      pendingRequests: [
        {
          id: '00000000-0000-4000-8000-000000000061',
          type: 'upgrade',
          status: 'pending',
          targetPackageId: null,
          targetTierId: 'pro',
          paymentPlan: null,
          reason: null,
          comment: null,
          effectiveOn: '2026-05-02',
          requestedByName: 'Karin Sjöberg',
          createdAt: '2026-05-01T10:00:00.000Z',
        },
      ],
    };
    renderRoutes(routes, '/dashboard/configuration/settings?tab=subscription');
    expect(await screen.findByTestId('pending-requests')).toHaveTextContent('Uppgradering till Pro');
    expect(within(await screen.findByTestId('tier-pro')).getByRole('button', { name: 'Begäran väntar' })).toBeDisabled();
  });
});
