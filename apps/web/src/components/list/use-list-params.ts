import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@fairway/shared';
import { useDebouncedValue } from '@mantine/hooks';
import { useCallback, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigation, useSearchParams } from 'react-router';

export type SortOrder = 'asc' | 'desc';

/** A filter: its allowed values, the first being the default (e.g. `['all', 'active', 'inactive']`). */
export type FilterDefs = Record<string, readonly [string, ...string[]]>;

/** The current value of every filter, typed by its definition. */
export type FilterValues<F extends FilterDefs> = { [K in keyof F]: F[K][number] };

export interface ListParamsConfig<S extends string, F extends FilterDefs> {
  /** Columns the server can sort by. */
  sorts: readonly S[];
  /** Sort when the address names none; without it the server's own order applies. */
  defaultSort?: S;
  defaultOrder?: SortOrder;
  filters: F;
  /** Wait after the last keystroke before searching (ms). */
  debounceMs?: number;
  /** Longest search the server takes. */
  searchMax?: number;
}

/** What a list asks its API for: paging, sorting, search and the filters, ready for the query string. */
export type ListQuery<S extends string, F extends FilterDefs> = {
  page: number;
  pageSize: number;
  sort: S | undefined;
  order: SortOrder;
  search: string | undefined;
} & FilterValues<F>;

/** The reserved names; a feature's filters must not use them. */
const RESERVED = new Set(['page', 'pageSize', 'sort', 'order', 'search', 'tab']);

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | undefined =>
  value !== null && (list as readonly string[]).includes(value) ? (value as T) : undefined;

/**
 * The state of a server-side list (page, page size, sort, order, search and typed filters) kept
 * in the address, so a filtered view survives a reload, the back button and a shared link. Values
 * that are not allowed (an old link, a hand-edited address) fall back to the defaults; defaults
 * are left out of the address so it stays short. Typing in the search box updates `searchInput`
 * at once and the address (and so the query) after `debounceMs`; every change but paging goes
 * back to page 1. Other parameters (such as `?tab=`) are kept.
 *
 * Define the config once at module level: its filters are the identity the callbacks depend on.
 */
export function useListParams<S extends string, F extends FilterDefs>(config: ListParamsConfig<S, F>) {
  const { sorts, defaultSort, defaultOrder = 'asc', filters: defs, debounceMs = 300, searchMax = 100 } = config;
  const [searchParams, setSearchParams] = useSearchParams();

  const page = Math.max(1, Math.min(100_000, Number.parseInt(searchParams.get('page') ?? '1', 10) || 1));
  const requestedSize = Number.parseInt(searchParams.get('pageSize') ?? '', 10);
  const pageSize = (PAGE_SIZES as readonly number[]).includes(requestedSize) ? requestedSize : DEFAULT_PAGE_SIZE;
  const sort = oneOf(sorts, searchParams.get('sort')) ?? defaultSort;
  const order = oneOf(['asc', 'desc'] as const, searchParams.get('order')) ?? defaultOrder;
  const search = (searchParams.get('search') ?? '').trim().slice(0, searchMax);

  // react-router makes a new searchParams only when the address's query text changes, so the
  // object (and the query key built from it) changes only with it.
  const filters = useMemo(() => {
    const values: Record<string, string> = {};
    for (const [name, allowed] of Object.entries(defs)) {
      if (RESERVED.has(name)) throw new Error(`useListParams: "${name}" is reserved and cannot be a filter`);
      values[name] = oneOf(allowed, searchParams.get(name)) ?? allowed[0];
    }
    return values as FilterValues<F>;
  }, [defs, searchParams]);

  const update = useCallback(
    (changes: Record<string, string | number | undefined>, resetPage = true) =>
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            const isDefault =
              value === undefined ||
              value === '' ||
              (key === 'page' && value === 1) ||
              (key === 'pageSize' && value === DEFAULT_PAGE_SIZE) ||
              (key === 'sort' && value === defaultSort) ||
              (key === 'order' && value === defaultOrder) ||
              (key in defs && value === defs[key][0]);
            if (isDefault) next.delete(key);
            else next.set(key, String(value));
          }
          if (resetPage && !('page' in changes)) next.delete('page');
          return next;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setSearchParams, defs, defaultSort, defaultOrder],
  );

  // The box shows what is typed; the address follows once typing pauses.
  const [searchInput, setSearchInput] = useState(search);
  const [debounced] = useDebouncedValue(searchInput, debounceMs);
  const lastWritten = useRef(search);
  // A move to another page is under way (its module or the session check still loading). Writing
  // the address now would be a navigation of its own and cancel that move: the old page would
  // stay. The search is written once the move is over, if it left the list where it was.
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const leaving = navigation.state !== 'idle' && navigation.location.pathname !== pathname;
  const writeSearch = useEffectEvent((typed: string) => {
    const value = typed.trim().slice(0, searchMax);
    if (value === lastWritten.current) return;
    lastWritten.current = value;
    update({ search: value });
  });
  // Runs when the typed value settles, not whenever the address changes: with `update` among its
  // dependencies, "clear filters" re-ran it with the old search still in `debounced`, wrote that
  // back and cleared it again 300 ms later, cancelling any link clicked in between.
  useEffect(() => {
    if (!leaving) writeSearch(debounced);
  }, [debounced, leaving]);
  // The address changed by other means (back button, "clear filters"): the box follows it.
  useEffect(() => {
    if (search !== lastWritten.current) {
      lastWritten.current = search;
      setSearchInput(search);
    }
  }, [search]);

  const isFiltered = search !== '' || Object.entries(filters).some(([name, value]) => value !== defs[name][0]);

  const query = useMemo(
    () => ({ page, pageSize, sort, order, search: search || undefined, ...filters }) as ListQuery<S, F>,
    [page, pageSize, sort, order, search, filters],
  );

  return {
    page,
    pageSize,
    sort,
    order,
    /** The search the list was asked for (debounced, trimmed). */
    search,
    /** What the search box shows right now. */
    searchInput,
    setSearchInput,
    filters,
    /** True when search or any filter narrows the list (the "nothing matches" state). */
    isFiltered,
    /** Everything above in one object, for the query key and the request. */
    query,
    setPage: (next: number) => update({ page: Math.max(1, next) }, false),
    setPageSize: (next: number) => update({ pageSize: next }),
    setFilter: <K extends keyof F & string>(name: K, value: F[K][number]) => update({ [name]: value }),
    /** Sort by `column` in `direction`; without a direction a second click on the same column reverses it. */
    setSort: (column: S, direction?: SortOrder) =>
      update({ sort: column, order: direction ?? (column === sort && order === 'asc' ? 'desc' : 'asc') }),
    /** Back to the unfiltered list (search and every filter), keeping sort and page size. */
    clearFilters: () => {
      lastWritten.current = '';
      setSearchInput('');
      update({ search: '', ...Object.fromEntries(Object.keys(defs).map((name) => [name, undefined])) });
    },
  };
}

export type ListParams<S extends string, F extends FilterDefs> = ReturnType<typeof useListParams<S, F>>;
