import type { MessageKey } from '../../../lib/i18n';
import { AccountingError } from '../../accounting/errors';
import type { ListQuery, Page } from '../../accounting/provider';
import type { RequestRecord } from '../../accounting/request-journal';
import { PROVIDER_NAME, type VismaPage } from '../client';

/** Small helpers every resource module of the Visma eEkonomi provider uses (../provider.ts assembles them). */

const MAX_PAGE_SIZE = 1000;
/** A document Visma made from a lost ask is stamped after the ask; allow for clocks that differ this much. */
const CLOCK_SKEW_MS = 5 * 60_000;

export function notSupported(feature: MessageKey, kind: 'validation' | 'conflict' = 'validation'): AccountingError {
  return new AccountingError(kind, 'accounting.visma.notSupported', { feature }, { provider: 'visma_eekonomi' });
}

export function refused(
  kind: 'validation' | 'conflict',
  key: MessageKey,
  params: Record<string, string | number> = {},
): AccountingError {
  return new AccountingError(kind, key, { provider: PROVIDER_NAME, ...params }, { provider: 'visma_eekonomi' });
}

export const quote = (value: string) => `'${value.replace(/'/g, "''")}'`;

export function pageQuery(query: ListQuery | undefined, modifiedField: string): Record<string, string | number | undefined> {
  return {
    $page: Math.max(1, query?.page ?? 1),
    $pagesize: Math.min(MAX_PAGE_SIZE, Math.max(1, query?.pageSize ?? 100)),
    $filter: query?.modifiedSince ? `${modifiedField} gt ${new Date(query.modifiedSince).toISOString()}` : undefined,
  };
}

export function toPage<V, T>(page: VismaPage<V>, items: T[]): Page<T> {
  return { items, page: page.Meta.CurrentPage, totalPages: page.Meta.TotalNumberOfPages, total: page.Meta.TotalNumberOfResults };
}

/** Lets an unanswered create be looked up and, only if Visma has nothing, made again. */
export async function createOnce<T>(lookup: () => Promise<T | null>, create: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const existing = await lookup();
    if (existing !== null) return existing;
    try {
      return await create();
    } catch (error) {
      if (!(error instanceof AccountingError) || !error.transient || attempt >= attempts) throw error;
    }
  }
}

/** A promise made on first use and kept; a failure is forgotten, so the next call asks again. */
export function cachedOnce<T>(make: () => Promise<T>): () => Promise<T> {
  let promise: Promise<T> | null = null;
  return () => {
    promise ??= make().catch((error) => {
      promise = null;
      throw error;
    });
    return promise;
  };
}

/** Whether a document can have come from the ask of `entry` (made after it, give or take the clocks). */
export const madeAfter = (doc: { CreatedUtc?: string | null; ModifiedUtc?: string | null }, entry: RequestRecord) => {
  const stamp = doc.CreatedUtc ?? doc.ModifiedUtc;
  if (!stamp) return true;
  const at = Date.parse(/[zZ]|[+-]\d{2}:\d{2}$/.test(stamp) ? stamp : `${stamp}Z`);
  return !Number.isFinite(at) || at >= entry.askedAt.getTime() - CLOCK_SKEW_MS;
};
