import type { FxFinancialYear, FxVoucher } from '../fortnox-types';
import type { SimAuth, SimAuthState } from './auth';
import { type DocKind, type FortnoxSimStore, financialYear, type SimTenant, voucherKey } from './store';

/**
 * The Fortnox simulator's saved state (the `state` of its state file): every company with its
 * document registers, code lists and number series, and the OAuth consents and tokens. Maps and
 * sets become arrays; everything else is the JSON the simulator already holds.
 */

export interface FortnoxSavedState {
  tenants: SavedTenant[];
  auth: SimAuthState;
}

type SavedTenant = Omit<SimTenant, 'accounts' | DocKind> & { accounts: number[] } & Record<DocKind, [string, unknown][]>;

const DOC_KINDS: readonly DocKind[] = [
  'customers',
  'articles',
  'invoices',
  'invoicepayments',
  'contracts',
  'vouchers',
  'orders',
  'suppliers',
  'supplierinvoices',
];
/** Registers and number series added later: a file saved before them has none (empty, from 1). */
const LATER_DOC_KINDS: readonly DocKind[] = ['suppliers', 'supplierinvoices'];
const LATER_COUNTERS = ['supplier', 'supplierInvoice'] as const;
const CODE_LISTS = ['units', 'priceLists', 'costCenters', 'projects', 'termsOfPayments', 'termsOfDeliveries'] as const;
/** Voucher numbers are no counters: the next is the series' highest in its financial year plus one (store.ts). */
const COUNTERS = ['customer', 'invoice', 'payment', 'contract', 'order'] as const;

export function snapshotFortnox(store: FortnoxSimStore, auth: SimAuth): FortnoxSavedState {
  return {
    tenants: [...store.tenants.values()].map((tenant) => {
      const saved = { ...tenant, accounts: [...tenant.accounts] } as unknown as SavedTenant;
      for (const kind of DOC_KINDS) saved[kind] = [...tenant[kind].entries()];
      return saved;
    }),
    auth: auth.exportState(),
  };
}

class StateShapeError extends Error {}

function fail(what: string): never {
  throw new StateShapeError(`${what} is not what the simulator saves`);
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function object(value: unknown, what: string): Record<string, unknown> {
  if (!isObject(value)) fail(what);
  return value;
}

function array(value: unknown, what: string): unknown[] {
  if (!Array.isArray(value)) fail(what);
  return value;
}

function string(value: unknown, what: string): string {
  if (typeof value !== 'string') fail(what);
  return value;
}

function number(value: unknown, what: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) fail(what);
  return value;
}

function boolean(value: unknown, what: string): boolean {
  if (typeof value !== 'boolean') fail(what);
  return value;
}

/** Entries `[key, value]` with string keys and object values. */
function entries(value: unknown, what: string): [string, Record<string, unknown>][] {
  return array(value, what).map((entry) => {
    const [key, item] = array(entry, what);
    return [string(key, what), object(item, what)];
  });
}

function restoreTenant(value: unknown): SimTenant {
  const raw = object(value, 'a company');
  const tenantId = string(raw.tenantId, 'tenantId');
  const next = object(raw.next, 'the number series');
  const tenant = {
    ...raw,
    tenantId,
    company: object(raw.company, 'the company information'),
    apiLicence: boolean(raw.apiLicence, 'apiLicence'),
    ocrLengthDigit: boolean(raw.ocrLengthDigit, 'ocrLengthDigit'),
    roundOff: boolean(raw.roundOff, 'roundOff'),
    accounts: new Set(array(raw.accounts, 'the chart of accounts').map((a) => number(a, 'an account'))),
    next: Object.fromEntries([
      ...COUNTERS.map((c) => [c, number(next[c], `the ${c} series`)]),
      ...LATER_COUNTERS.map((c) => [c, next[c] === undefined ? 1 : number(next[c], `the ${c} series`)]),
    ]),
  } as unknown as SimTenant;
  for (const list of CODE_LISTS) {
    (tenant as unknown as Record<string, unknown>)[list] = array(raw[list], list).map((item) => object(item, list));
  }
  // Files saved before the simulator kept /3/prices have none.
  tenant.prices = array(raw.prices ?? [], 'prices').map((item) => object(item, 'prices')) as unknown as SimTenant['prices'];
  for (const kind of DOC_KINDS) {
    const stored = new Map<string, { doc: object; modifiedAt: number }>();
    const saved = raw[kind] === undefined && LATER_DOC_KINDS.includes(kind) ? [] : raw[kind];
    for (const [key, item] of entries(saved, kind)) {
      stored.set(key, {
        ...item,
        doc: object(item.doc, `a document of ${kind}`),
        modifiedAt: number(item.modifiedAt, 'modifiedAt'),
      });
    }
    (tenant as unknown as Record<string, unknown>)[kind] = stored;
  }
  if (raw.financialYears === undefined) yearsOfOldFile(tenant);
  else
    tenant.financialYears = array(raw.financialYears, 'the financial years').map((item) => {
      const y = object(item, 'a financial year');
      const method = y.AccountingMethod === 'CASH' ? 'CASH' : 'ACCRUAL';
      return financialYear(
        number(y.Id, 'a financial year'),
        string(y.FromDate, 'a financial year'),
        string(y.ToDate, 'a financial year'),
        method,
      );
    });
  return tenant;
}

/**
 * A file saved before the simulator kept financial years numbered vouchers per calendar year and
 * keyed them `<series><number>`: each calendar year from the first voucher's to the last's becomes
 * a financial year, and the vouchers carry its Id and are keyed by it (store.ts voucherKey).
 */
function yearsOfOldFile(tenant: SimTenant) {
  const vouchers = [...tenant.vouchers.values()] as { doc: FxVoucher; modifiedAt: number }[];
  const calendarYears = vouchers.map((s) => Number(String(s.doc.TransactionDate).slice(0, 4)));
  const years: FxFinancialYear[] = [];
  if (calendarYears.length > 0)
    for (let y = Math.min(...calendarYears); y <= Math.max(...calendarYears); y++)
      years.push(financialYear(years.length + 1, `${y}-01-01`, `${y}-12-31`));
  tenant.financialYears = years;
  tenant.vouchers = new Map(
    vouchers.map((stored) => {
      const year = years.find((y) => y.FromDate <= stored.doc.TransactionDate && stored.doc.TransactionDate <= y.ToDate);
      if (!year) fail('a voucher');
      const { VoucherSeries: series, VoucherNumber: n } = stored.doc;
      const doc = {
        ...stored.doc,
        Year: year.Id,
        '@url': `https://api.fortnox.se/3/vouchers/${series}/${n}?financialyear=${year.Id}`,
      };
      return [voucherKey(year.Id, series, n), { ...stored, doc }];
    }),
  );
}

function restoreAuth(value: unknown): SimAuthState {
  const raw = object(value, 'the OAuth state');
  const signingKey = string(raw.signingKey, 'the signing key');
  if (Buffer.from(signingKey, 'base64').length < 32) fail('the signing key');
  const accessRecord = (r: Record<string, unknown>) => ({
    tenantId: string(r.tenantId, 'a token'),
    clientId: string(r.clientId, 'a token'),
    scope: string(r.scope, 'a token'),
    expiresAt: number(r.expiresAt, 'a token'),
  });
  return {
    signingKey,
    consents: array(raw.consents, 'the consents').map((item) => {
      const c = object(item, 'a consent');
      return {
        clientId: string(c.clientId, 'a consent'),
        tenantId: string(c.tenantId, 'a consent'),
        scope: string(c.scope, 'a consent'),
        service: boolean(c.service, 'a consent'),
        revoked: boolean(c.revoked, 'a consent'),
      };
    }),
    accessTokens: entries(raw.accessTokens, 'the access tokens').map(([token, r]) => [token, accessRecord(r)]),
    refreshTokens: entries(raw.refreshTokens, 'the refresh tokens').map(([token, r]) => [
      token,
      { ...accessRecord(r), used: boolean(r.used, 'a refresh token') },
    ]),
  };
}

/** Checks and rebuilds a saved state; throws when the file holds something else. */
export function restoreFortnox(value: unknown): { tenants: SimTenant[]; auth: SimAuthState } {
  const raw = object(value, 'the state');
  const tenants = array(raw.tenants, 'the companies').map(restoreTenant);
  if (tenants.length === 0) fail('a state without companies');
  return { tenants, auth: restoreAuth(raw.auth) };
}
