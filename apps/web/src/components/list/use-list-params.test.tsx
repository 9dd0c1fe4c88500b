import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ListParams, useListParams } from './use-list-params';

const CONFIG = {
  sorts: ['number', 'name', 'city'] as const,
  defaultSort: 'number' as const,
  filters: {
    status: ['all', 'active', 'inactive'],
    type: ['all', 'company', 'private'],
  } as const,
  debounceMs: 300,
};

type Params = ListParams<(typeof CONFIG.sorts)[number], typeof CONFIG.filters>;

/**
 * The hook inside a real (memory) router, so the address is what is read and written. `/create`
 * is another page loaded on demand, as the app's pages are: the move to it stays pending until
 * `arrive()` lets its module "arrive".
 */
function setup(url: string) {
  const result: { current: Params } = { current: undefined as unknown as Params };
  function Probe() {
    result.current = useListParams(CONFIG);
    return null;
  }
  let arrive = () => {};
  const loaded = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  const router = createMemoryRouter(
    [
      { path: '/list', element: <Probe /> },
      { path: '/create', lazy: () => loaded.then(() => ({ Component: () => <h1>Create</h1> })) },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  const search = () => new URLSearchParams(router.state.location.search);
  // Every address the list had, in order (what a user would see flicker by).
  const history: string[] = [];
  router.subscribe((state) => {
    if (history[history.length - 1] !== state.location.search) history.push(state.location.search);
  });
  return { result, router, search, history, arrive: () => act(async () => arrive()) };
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useListParams', () => {
  it('reads page, page size, sort, order, search and typed filters from the address', () => {
    const { result } = setup('/list?page=3&pageSize=50&sort=name&order=desc&search=%20ek%20&status=inactive&type=company&tab=x');
    expect(result.current.query).toEqual({
      page: 3,
      pageSize: 50,
      sort: 'name',
      order: 'desc',
      search: 'ek',
      status: 'inactive',
      type: 'company',
    });
    expect(result.current.searchInput).toBe('ek');
    expect(result.current.isFiltered).toBe(true);
  });

  it('falls back to the defaults for missing or unknown values', () => {
    const { result } = setup('/list?page=-4&pageSize=33&sort=password&order=sideways&status=deleted&type=');
    expect(result.current.query).toEqual({
      page: 1,
      pageSize: 25,
      sort: 'number',
      order: 'asc',
      search: undefined,
      status: 'all',
      type: 'all',
    });
    expect(result.current.isFiltered).toBe(false);
  });

  it('writes changes to the address, leaves defaults out, keeps other parameters and goes back to page 1', () => {
    const { result, search } = setup('/list?tab=customers&page=4');
    act(() => result.current.setFilter('status', 'active'));
    expect(search().get('status')).toBe('active');
    expect(search().get('page')).toBeNull();
    expect(search().get('tab')).toBe('customers');

    act(() => result.current.setPage(2));
    expect(search().get('page')).toBe('2');
    expect(result.current.page).toBe(2);

    act(() => result.current.setPageSize(100));
    expect(search().get('pageSize')).toBe('100');
    expect(search().get('page')).toBeNull();

    act(() => result.current.setFilter('status', 'all'));
    expect(search().has('status')).toBe(false);
    expect(result.current.filters.status).toBe('all');
  });

  it('reverses the order on a second click of the same column and starts a new column ascending', () => {
    const { result, search } = setup('/list');
    act(() => result.current.setSort('name'));
    expect([result.current.sort, result.current.order]).toEqual(['name', 'asc']);
    act(() => result.current.setSort('name'));
    expect([result.current.sort, result.current.order]).toEqual(['name', 'desc']);
    expect(search().get('order')).toBe('desc');
    act(() => result.current.setSort('city'));
    expect([result.current.sort, result.current.order]).toEqual(['city', 'asc']);
    act(() => result.current.setSort('number', 'desc'));
    // The default sort is left out of the address; the direction is not the default, so it stays.
    expect(search().has('sort')).toBe(false);
    expect(search().get('order')).toBe('desc');
  });

  it('debounces the search: the box follows every key, the address only once typing pauses', async () => {
    const { result, search } = setup('/list?page=5');
    act(() => result.current.setSearchInput('Ek'));
    act(() => result.current.setSearchInput('Ekl'));
    expect(result.current.searchInput).toBe('Ekl');
    expect(result.current.search).toBe('');
    act(() => {
      vi.advanceTimersByTime(150);
    });
    expect(search().has('search')).toBe(false);
    await act(async () => {
      vi.advanceTimersByTime(400);
    });
    expect(search().get('search')).toBe('Ekl');
    expect(search().has('page')).toBe(false);
    expect(result.current.query.search).toBe('Ekl');
  });

  it('clears the search and every filter, keeping the sort', async () => {
    const { result, search } = setup('/list?search=golf&status=active&type=private&sort=city');
    expect(result.current.isFiltered).toBe(true);
    act(() => result.current.clearFilters());
    await act(async () => {
      vi.advanceTimersByTime(400);
    });
    expect(search().toString()).toBe('sort=city');
    expect(result.current.searchInput).toBe('');
    expect(result.current.isFiltered).toBe(false);
  });

  it('follows the address when it changes by navigation (back button, links)', async () => {
    const { result, router } = setup('/list?search=a');
    await act(async () => {
      await router.navigate('/list?search=berg&type=company');
    });
    expect(result.current.searchInput).toBe('berg');
    expect(result.current.filters.type).toBe('company');
    await act(async () => {
      vi.advanceTimersByTime(400);
    });
    // The debounced box does not write the old value back.
    expect(new URLSearchParams(router.state.location.search).get('search')).toBe('berg');
  });

  it('clears the search at once and never writes the old one back while the box catches up', async () => {
    const { result, history, search } = setup('/list?search=golf&type=private');
    act(() => result.current.clearFilters());
    await act(async () => {
      vi.advanceTimersByTime(400);
    });
    expect(search().toString()).toBe('');
    // One write: the cleared address, not cleared → golf again → cleared once the debounce lands.
    expect(history).toEqual(['']);
  });

  it('lets a move to another page started right after clearing the filters arrive', async () => {
    const { result, router, arrive } = setup('/list?search=golf&status=active');
    act(() => result.current.clearFilters());
    // "New customer" clicked at once: the page's module is still loading when the debounce ends.
    await act(async () => {
      void router.navigate('/create');
    });
    await act(async () => {
      vi.advanceTimersByTime(400);
    });
    await arrive();
    expect(router.state.location.pathname).toBe('/create');
    expect(router.state.navigation.state).toBe('idle');
  });

  it('does not write a search typed just before leaving over the move to another page', async () => {
    const { result, router, arrive } = setup('/list');
    act(() => result.current.setSearchInput('berg'));
    await act(async () => {
      void router.navigate('/create');
    });
    await act(async () => {
      vi.advanceTimersByTime(400);
    });
    await arrive();
    expect(router.state.location.pathname).toBe('/create');
  });
});
