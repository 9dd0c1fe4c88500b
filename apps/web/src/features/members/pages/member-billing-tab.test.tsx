import type { InvoiceListRow, MemberDetail, MemberInvoices } from '@fairway/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../app/query-client';
import { setLanguage } from '../../../lib/i18n';
import { setTokens } from '../../../lib/storage';
import { mockApi, page, refuse, reply } from '../../../test/api';
import { demoUser, renderRoutes } from '../../../test/render';
import MemberDetailPage from './member-detail-page';

const routes = [{ path: '/dashboard/golfrelated/members/detail/:uuid', element: <MemberDetailPage /> }];
const ID = '3f2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';

const hans: MemberDetail = {
  id: ID,
  firstname: 'Hans',
  lastname: 'Berggren',
  email: 'hans.berggren@example.se',
  birthDate: '1975-02-26',
  age: 51,
  active: true,
  sex: 'male',
  memberNumber: '1042',
  homeClub: 'Fairway Demo GK',
  golfId: '750226-726',
  personalNumber: null,
  country: 'SE',
  hcp: 18.4,
  homeAddress: 'Storgatan 1',
  postalAddress: null,
  zipCode: '753 10',
  city: 'Uppsala',
  phoneMobile: '+46701234567',
  phoneHome: null,
  phoneWork: null,
  memberCategory: null,
  feeRuleId: null,
  playerCategory: null,
  customerNumber: '2001',
  memberSince: '2010-01-01',
  invoiceBalanceOre: 720_000,
  status: 'active',
  accountingNumberActive: true,
  billingName: null,
  billingReference: null,
  billingMethod: 'email',
  billingCycle: 'yearly',
  receiptsEmail: null,
  guardianId: null,
  source: 'git',
  gitCreatedAt: null,
  gitUpdatedAt: '2026-01-10T10:00:00.000Z',
  createdAt: '2026-01-10T10:00:00.000Z',
  updatedAt: '2026-01-10T10:00:00.000Z',
  guardian: null,
  wards: [],
  family: null,
  notes: [],
};

const invoice = (n: number, fields: Partial<InvoiceListRow>): InvoiceListRow => ({
  id: `${n}f2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d`.slice(-36).replace(/^./, 'a'),
  number: String(26000 + n),
  customerNumber: '2001',
  customerName: 'Hans Berggren',
  invoiceDate: '2026-01-02',
  dueDate: '2026-03-31',
  totalOre: 200_000,
  balanceOre: 200_000,
  currency: 'SEK',
  ocr: null,
  invoiceType: 'INVOICE',
  booked: true,
  cancelled: false,
  sent: true,
  deliveryMethod: 'email',
  isCredit: false,
  credited: false,
  overdue: false,
  ...fields,
});

// Twelve open invoices making 7 200 kr: ten on the first page, two on the second.
const ALL: InvoiceListRow[] = [
  invoice(1, { dueDate: '2025-02-28', totalOre: 240_000, balanceOre: 240_000, overdue: true }),
  invoice(2, { totalOre: 300_000, balanceOre: 150_000 }),
  ...Array.from({ length: 9 }, (_, i) => invoice(3 + i, { totalOre: 40_000, balanceOre: 40_000 })),
  invoice(12, { totalOre: -30_000, balanceOre: -30_000, isCredit: true }),
];
const BALANCE = ALL.reduce((sum, r) => sum + r.balanceOre, 0);

let member = hans;
const asked: URLSearchParams[] = [];

beforeEach(async () => {
  await setLanguage('sv');
  member = hans;
  asked.length = 0;
  mockApi({
    'GET users/me': () => demoUser,
    [`GET members/${ID}`]: () => member,
    [`GET member_billing/${ID}/invoices`]: ({ query }) => {
      asked.push(query);
      const asks = Number(query.get('page'));
      const pageSize = Number(query.get('pageSize'));
      const rows = member.customerNumber ? ALL : [];
      const body: MemberInvoices = {
        data: rows.slice((asks - 1) * pageSize, asks * pageSize),
        pagination: { page: asks, pageSize, total: rows.length },
        balanceOre: member.customerNumber ? BALANCE : 0,
        customerNumber: member.customerNumber,
      };
      return reply(200, body);
    },
    'GET membercategories': () => [],
    'GET playercategories': () => [],
    'GET fee_rules': () => page([], 100),
    'ALL *': () => refuse(404, 'Finns inte', 'Not found'),
  });
  setTokens({ accessToken: 'access', refreshToken: 'refresh-123' });
});

afterEach(() => {
  queryClient.clear();
});

/** "−300 kr" (Intl writes a true minus sign) as kronor. */
const kronor = (text: string | null) =>
  Number(
    (text ?? '')
      .replace(/\u2212/g, '-')
      .replace(/[^\d,-]/g, '')
      .replace(',', '.'),
  );

describe('the billing tab', { timeout: 60_000 }, () => {
  it('lists the invoices behind the balance, which add up to the figure shown, page by page', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, `/dashboard/golfrelated/members/detail/${ID}?tab=billing`);
    const table = await screen.findByRole('table', { name: 'Fakturor bakom saldot' });
    expect(screen.getByTestId('member-invoice-balance')).toHaveTextContent(/^7\s200\skr$/);

    const rows = () => within(table).getAllByRole('row').slice(1);
    expect(rows()).toHaveLength(10);
    const first = within(rows()[0] as HTMLElement);
    expect(first.getByRole('link', { name: 'Öppna faktura 26001' })).toHaveAttribute(
      'href',
      `/dashboard/acounting/invoices/edit/${ALL[0]?.id}`,
    );
    expect(first.getByText('2025-02-28')).toBeInTheDocument();
    expect(first.getByText('Förfallen')).toBeInTheDocument();
    expect(within(rows()[1] as HTMLElement).getByText('Delbetald')).toBeInTheDocument();
    expect(screen.getByText('12 obetalda fakturor')).toBeInTheDocument();

    // The balance column over both pages is the figure shown.
    const balances = (r: HTMLElement[]) => r.map((row) => kronor(row.querySelectorAll('td')[4]?.textContent ?? ''));
    const seen = balances(rows());
    await user.click(screen.getByRole('button', { name: 'Sida 2' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(asked.at(-1)?.get('page')).toBe('2');
    expect(within(rows()[1] as HTMLElement).getByText('Kreditfaktura')).toBeInTheDocument();
    seen.push(...balances(rows()));
    expect(Math.round(seen.reduce((a, b) => a + b, 0) * 100)).toBe(BALANCE);
  });

  it('says so when the member has no customer yet, in English too', async () => {
    member = { ...hans, customerNumber: null, invoiceBalanceOre: 0 };
    await setLanguage('en');
    renderRoutes(routes, `/dashboard/golfrelated/members/detail/${ID}?tab=billing`);
    expect(await screen.findByText('No unpaid invoices')).toBeInTheDocument();
    expect(screen.getByText(/The member has no customer number yet/)).toBeInTheDocument();
    expect(screen.getByTestId('member-invoice-balance')).toHaveTextContent(/SEK|kr/);
  });

  it('shows what GIT owns as GIT’s, read-only, and leaves the portal’s fields editable', async () => {
    renderRoutes(routes, `/dashboard/golfrelated/members/detail/${ID}?tab=profile`);
    const lastname = await screen.findByRole('textbox', { name: /^Efternamn/ });
    expect(lastname).toHaveAttribute('readonly');
    expect(lastname).toHaveAccessibleDescription('Från GIT');
    expect(screen.getByText(/kommer från GIT och ändras i GIT/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Medlemsnummer' })).not.toHaveAttribute('readonly');
  });
});
