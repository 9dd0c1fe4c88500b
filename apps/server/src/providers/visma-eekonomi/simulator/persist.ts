import { DEFAULT_SCOPE, type IdentityState } from './identity';
import { defaultBankAccounts, type VismaStore } from './store';

/**
 * The Visma eEkonomi simulator's saved state (the `state` of its state file): the company, its
 * code lists, documents with their GUIDs, the voucher series, and the identity server's issued
 * tokens and revocation. Authorization codes (five minutes), temporary PDF links and the request
 * log are not kept.
 */

const REGISTERS = ['customers', 'articles', 'drafts', 'invoices', 'vouchers', 'orders', 'suppliers', 'supplierInvoices'] as const;
/** Registers added later: a file saved before them has them empty. */
const LATER_REGISTERS: readonly string[] = ['suppliers', 'supplierInvoices'];
const LISTS = [
  'units',
  'termsOfPayment',
  'deliveryTerms',
  'costCenters',
  'projects',
  'articleLabels',
  'codings',
  'bankAccounts',
] as const;

type Register = (typeof REGISTERS)[number];
type List = (typeof LISTS)[number];

export interface VismaSavedState {
  store: { company: VismaStore['company']; nextVoucherNumber: Record<string, number> } & Pick<VismaStore, List> &
    Record<Register, unknown[]>;
  identity: {
    accessTokens: [string, { expiresAt: number; scope: string }][];
    refreshTokens: [string, { used: boolean; scope: string }][];
    revoked: boolean;
  };
}

export function snapshotVisma(store: VismaStore, identity: IdentityState): VismaSavedState {
  const saved = { company: store.company, nextVoucherNumber: store.nextVoucherNumber } as VismaSavedState['store'];
  for (const list of LISTS) (saved as Record<string, unknown>)[list] = store[list];
  // Documents are keyed by their own Id, so the values are enough.
  for (const register of REGISTERS) saved[register] = [...store[register].values()];
  return {
    store: saved,
    identity: {
      accessTokens: [...identity.accessTokens],
      refreshTokens: [...identity.refreshTokens],
      revoked: identity.revoked,
    },
  };
}

function fail(what: string): never {
  throw new Error(`${what} is not what the simulator saves`);
}

function object(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(what);
  return value as Record<string, unknown>;
}

function array(value: unknown, what: string): unknown[] {
  if (!Array.isArray(value)) fail(what);
  return value;
}

function number(value: unknown, what: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) fail(what);
  return value;
}

function tokenEntries<T>(value: unknown, what: string, record: (r: Record<string, unknown>) => T): [string, T][] {
  return array(value, what).map((entry) => {
    const [token, item] = array(entry, what);
    if (typeof token !== 'string') fail(what);
    return [token, record(object(item, what))];
  });
}

export interface RestoredVisma {
  /** The store's data fields; the simulator adds its clock and an empty request log. */
  store: Omit<VismaStore, 'requestLog' | 'now'>;
  identity: Pick<IdentityState, 'accessTokens' | 'refreshTokens' | 'revoked'>;
}

/** Checks and rebuilds a saved state; throws when the file holds something else. */
export function restoreVisma(value: unknown): RestoredVisma {
  const raw = object(value, 'the state');
  const savedStore = object(raw.store, 'the company data');
  const company = object(savedStore.company, 'the company settings');
  if (typeof company.Name !== 'string' || typeof company.NextCustomerInvoiceNumber !== 'number') fail('the company settings');
  const series = object(savedStore.nextVoucherNumber, 'the voucher series');
  const store = {
    company,
    nextVoucherNumber: Object.fromEntries(Object.entries(series).map(([k, v]) => [k, number(v, 'a voucher series')])),
  } as unknown as RestoredVisma['store'];
  for (const list of LISTS) {
    // Files saved before the simulator had bank accounts get the one a new company has.
    const saved = list === 'bankAccounts' && savedStore[list] === undefined ? defaultBankAccounts() : savedStore[list];
    (store as unknown as Record<string, unknown>)[list] = array(saved, list).map((item) => object(item, list));
  }
  for (const register of REGISTERS) {
    const documents = new Map<string, Record<string, unknown>>();
    const saved = savedStore[register] === undefined && LATER_REGISTERS.includes(register) ? [] : savedStore[register];
    for (const item of array(saved, register)) {
      const doc = object(item, `a document of ${register}`);
      if (typeof doc.Id !== 'string') fail(`a document of ${register}`);
      documents.set(doc.Id, doc);
    }
    (store as unknown as Record<string, unknown>)[register] = documents;
  }
  // Invoices saved before payments were kept on them have none listed.
  for (const invoice of (store as unknown as { invoices: Map<string, Record<string, unknown>> }).invoices.values())
    invoice.Payments ??= [];
  const savedIdentity = object(raw.identity, 'the identity state');
  if (typeof savedIdentity.revoked !== 'boolean') fail('the identity state');
  return {
    store,
    identity: {
      accessTokens: new Map(
        tokenEntries(savedIdentity.accessTokens, 'the access tokens', (r) => ({
          expiresAt: number(r.expiresAt, 'a token'),
          // Tokens saved before scopes were kept had the demo consent's.
          scope: typeof r.scope === 'string' ? r.scope : DEFAULT_SCOPE,
        })),
      ),
      refreshTokens: new Map(
        tokenEntries(savedIdentity.refreshTokens, 'the refresh tokens', (r) => {
          if (typeof r.used !== 'boolean' || typeof r.scope !== 'string') fail('a refresh token');
          return { used: r.used, scope: r.scope };
        }),
      ),
      revoked: savedIdentity.revoked,
    },
  };
}
