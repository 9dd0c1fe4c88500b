import { toStockholmTime } from '../../../lib/stockholm-time';
import { isAccountingError } from '../../accounting/errors';
import type { ListQuery, Page } from '../../accounting/provider';
import { createMemoryRequestJournal, type RequestJournal } from '../../accounting/request-journal';
import { FortnoxClient, type FortnoxClientOptions, type FortnoxResource } from '../client';
import type { FxMeta } from '../fortnox-types';

export type FortnoxProviderOptions = FortnoxClientOptions & {
  /** Attempts of a create whose answer was lost (each looks up our reference first). Default 3. */
  createAttempts?: number;
  /** Our record of payments asked for (../../accounting/request-journal.ts); in memory by default. */
  journal?: RequestJournal;
  now?: () => Date;
};

/** Fortnox's largest page. */
export const FORTNOX_MAX_PAGE_SIZE = 500;
const DEFAULT_PAGE_SIZE = 100;

/**
 * A financial year of the company (financial-years.ts): its Id, dates, and the name the portal
 * gives it (`AccVoucher.year`).
 */
export interface FinancialYear {
  id: number;
  from: string;
  to: string;
  name: string;
}

/** How the vouchers of one read (its query, the page aside) spread over the years' pages (ledger.ts `listEveryYear`). */
export interface VoucherPages {
  key: string;
  years: { year: FinancialYear; pages: number; total: number }[];
}

/**
 * What every resource module of the Fortnox provider shares, made once per provider
 * (../provider.ts): the HTTP client (client.ts: token, retries, the rate budget), our record of
 * asks, the clock, and the price list an article's price lives in (read once).
 */
export interface FortnoxContext {
  client: FortnoxClient;
  journal: RequestJournal;
  now: () => Date;
  createAttempts: number;
  logger: FortnoxClientOptions['logger'];
  /** The preselected price list's code, once read (../resources/articles.ts). */
  preselectedPriceList: Promise<string> | null;
  /** The company's financial years, once read (../resources/financial-years.ts). */
  financialYears: Promise<FinancialYear[]> | null;
  /** How the vouchers of a read spread over the years' pages (../resources/ledger.ts `listEveryYear`). */
  voucherPages: VoucherPages | null;
}

export function createFortnoxContext(options: FortnoxProviderOptions): FortnoxContext {
  return {
    client: new FortnoxClient(options),
    journal: options.journal ?? createMemoryRequestJournal(),
    now: options.now ?? (() => new Date()),
    createAttempts: options.createAttempts ?? 3,
    logger: options.logger,
    preselectedPriceList: null,
    financialYears: null,
    voucherPages: null,
  };
}

export const enc = encodeURIComponent;

export const get = <T>(
  ctx: FortnoxContext,
  path: string,
  resource: FortnoxResource,
  query?: Record<string, string | number | undefined>,
) => ctx.client.request<T>({ method: 'GET', path, query, safe: true, resource });

export const send = <T>(
  ctx: FortnoxContext,
  method: 'POST' | 'PUT',
  path: string,
  body: unknown,
  resource: FortnoxResource,
  safe: boolean,
  query?: Record<string, string | number | undefined>,
) => ctx.client.request<T>({ method, path, body, query, safe, resource });

export const isTransient = (error: unknown) =>
  isAccountingError(error) && (error.kind === 'timeout' || error.kind === 'unavailable');

/** A read whose document is gone answers null. */
export async function missingAsNull<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if (isAccountingError(error) && error.kind === 'not_found') return null;
    throw error;
  }
}

/** One page of a list answer, its items mapped. */
export async function list<F, T>(
  ctx: FortnoxContext,
  path: string,
  wrapper: string,
  query: ListQuery | undefined,
  map: (fx: F) => T,
  extra?: Record<string, string>,
): Promise<Page<T>> {
  const page = Math.max(1, Math.floor(query?.page ?? 1));
  const pageSize = Math.min(FORTNOX_MAX_PAGE_SIZE, Math.max(1, Math.floor(query?.pageSize ?? DEFAULT_PAGE_SIZE)));
  const answer = await get<{ MetaInformation?: FxMeta } & Record<string, unknown>>(ctx, path, 'document', {
    limit: pageSize,
    page,
    lastmodified: query?.modifiedSince ? toStockholmTime(new Date(query.modifiedSince)) : undefined,
    ...extra,
  });
  const items = (answer[wrapper] as F[] | undefined) ?? [];
  const meta = answer.MetaInformation;
  return {
    items: items.map(map),
    page: meta?.['@CurrentPage'] ?? page,
    totalPages: meta?.['@TotalPages'] ?? 1,
    total: meta?.['@TotalResources'] ?? items.length,
  };
}

/** Every item of a filtered list (used by reference look-ups, which match few documents). */
export async function all<F>(ctx: FortnoxContext, path: string, wrapper: string, filter: Record<string, string>): Promise<F[]> {
  const out: F[] = [];
  for (let page = 1; ; page++) {
    const result = await list<F, F>(ctx, path, wrapper, { page, pageSize: FORTNOX_MAX_PAGE_SIZE }, (x) => x, filter);
    out.push(...result.items);
    if (page >= result.totalPages) return out;
  }
}

/**
 * Look up, create, and after a lost answer look up again before creating again. `firstAttempt`
 * (the caller knows no earlier attempt was made) skips the first look-up: one request, not two.
 */
export async function idempotent<T>(
  ctx: FortnoxContext,
  lookup: () => Promise<T | null>,
  create: () => Promise<T>,
  firstAttempt = false,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const found = attempt === 1 && firstAttempt ? null : await lookup();
    if (found) return found;
    try {
      return await create();
    } catch (error) {
      if (!isTransient(error) || attempt >= ctx.createAttempts) throw error;
      ctx.logger?.warn({ attempt, error: (error as Error).message }, 'fortnox create answer lost; looking up before retrying');
    }
  }
}

/**
 * Actions that are not safe to send twice (bookkeep, cancel, credit, finish): after a lost
 * answer, read the document; if the action took effect, that is the answer.
 */
export async function action<T>(run: () => Promise<T>, check: () => Promise<T | null>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!isTransient(error)) throw error;
    const done = await check().catch(() => null);
    if (done) return done;
    throw error;
  }
}
