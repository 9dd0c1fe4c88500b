import type {
  AvailableResources,
  DuplicateDetails,
  DuplicateDocumentView,
  DuplicateGroup,
  DuplicatesSummary,
  FieldMapper,
} from '@fairway/shared';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../app/query-client';
import { currentUserQueryKey } from '../../../lib/current-user';
import { setItem } from '../../../lib/storage';
import { demoUser, wideScreen } from '../../../test/render';
import DuplicateDetailPage from '../pages/duplicate-detail-page';
import DuplicatesHomePage from '../pages/duplicates-home-page';
import DuplicatesResourcePage from '../pages/duplicates-resource-page';

export const GROUP_ID = '00000000-0000-4000-8000-0000000000d1';

export const doc = (over: Partial<DuplicateDocumentView> = {}): DuplicateDocumentView => ({
  number: '1042',
  counterpartyNumber: '501',
  counterpartyName: 'Greenkeeping AB',
  reference: 'INV-1',
  ocr: null,
  bankAccount: null,
  amountOre: 125_000,
  vatOre: 25_000,
  currency: 'SEK',
  date: '2026-10-01',
  dueDate: '2026-10-31',
  text: 'Gräsklippning',
  booked: false,
  cancelled: false,
  ...over,
});

export const group = (over: Partial<DuplicateGroup> = {}): DuplicateGroup => ({
  id: GROUP_ID,
  resource: 'invoice',
  transactionId: 'INV-1',
  original: doc(),
  duplicateCount: 1,
  amountAtStakeOre: 125_000,
  confidence: 0.97,
  resolved: false,
  resolvedAt: null,
  matchedFields: ['counterparty', 'amount'],
  differedFields: [],
  notComparedFields: ['ocr'],
  handling: false,
  foundAt: '2026-10-02T08:00:00.000Z',
  ...over,
});

export const details = (over: Partial<DuplicateDetails> = {}): DuplicateDetails => ({
  group: group(),
  duplicates: [
    {
      document: doc({ number: '1043', reference: 'INV-l', date: '2026-10-03' }),
      confidence: 0.96,
      state: 'open',
      fields: {
        counterparty: 'matched',
        reference: 'near',
        ocr: 'not_compared',
        bankAccount: 'not_compared',
        amount: 'matched',
        currency: 'matched',
        date: 'near',
        dueDate: 'differed',
        text: 'matched',
        rows: 'not_compared',
      },
    },
  ],
  compared: ['counterparty', 'reference', 'amount', 'currency', 'date', 'dueDate', 'text'],
  transactionIdField: 'reference',
  ...over,
});

export const summary = (over: Partial<DuplicatesSummary> = {}): DuplicatesSummary => ({
  scan: {
    status: 'succeeded',
    kind: 'full',
    done: 1234,
    total: 1234,
    startedAt: '2026-11-01T07:00:00.000Z',
    finishedAt: '2026-11-01T07:05:00.000Z',
    error: null,
  },
  perResource: [
    { resource: 'invoice', documents: 900, unresolved: 3, resolved: 2, atStakeOre: 450_000, savedOre: 200_000 },
    { resource: 'supplier_invoice', documents: 334, unresolved: 1, resolved: 0, atStakeOre: 50_000, savedOre: 0 },
  ],
  months: Array.from({ length: 12 }, (_, i) => ({
    month: `2026-${String(i + 1).padStart(2, '0')}`,
    found: i % 3,
    resolved: i % 2,
  })),
  usage: { documentsThisMonth: 1234, documentsPerMonth: 5000 },
  ...over,
});

const mapping = (transactionIdField: 'reference' | 'ocr', compared: FieldMapper['invoice']['mapping']['compared']) => ({
  transactionIdField,
  compared,
});

export const fieldMapper = (): FieldMapper => {
  const invoiceDefault = mapping('reference', [
    'counterparty',
    'reference',
    'amount',
    'currency',
    'date',
    'dueDate',
    'text',
    'rows',
  ]);
  const entry = (m: ReturnType<typeof mapping>) => ({ mapping: m, isDefault: true, defaults: m });
  return {
    invoice: entry(invoiceDefault),
    supplier_invoice: entry(mapping('reference', ['counterparty', 'reference', 'ocr', 'bankAccount', 'amount'])),
    order: entry(mapping('reference', ['counterparty', 'reference', 'amount'])),
    voucher: entry(mapping('reference', ['reference', 'amount', 'date'])),
  };
};

export const available: AvailableResources = [
  { resource: 'invoice', available: true, refused: false, documents: 900 },
  { resource: 'supplier_invoice', available: false, refused: false, documents: 0 },
  { resource: 'order', available: false, refused: false, documents: 0 },
  { resource: 'voucher', available: false, refused: false, documents: 0 },
];

/** The three pages at their routes, inside the app's providers, signed in as `user`. */
export function renderDuplicates(path: string, user = demoUser) {
  wideScreen();
  setItem('accessToken', 'test-token');
  const client = createQueryClient();
  client.setQueryData(currentUserQueryKey, user);
  const router = createMemoryRouter(
    [
      { path: '/dashboard/duplicates', element: <DuplicatesHomePage /> },
      { path: '/dashboard/duplicates/:resource', element: <DuplicatesResourcePage /> },
      { path: '/dashboard/duplicates/detail/:id', element: <DuplicateDetailPage /> },
      { path: '/error-404', element: <p>404</p> },
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
