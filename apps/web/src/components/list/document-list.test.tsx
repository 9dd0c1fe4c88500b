import { IconBox } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../app/query-client';
import type { ApiPage } from '../../lib/api-client';
import { renderRoutes } from '../../test/render';
import { DocumentList, FilterSelect, NewButton } from './document-list';
import { useListParams } from './use-list-params';

vi.setConfig({ testTimeout: 30_000 });

interface Row {
  id: string;
  name: string;
}

const CONFIG = {
  sorts: ['name'] as const,
  defaultSort: 'name' as const,
  filters: { status: ['all', 'active', 'inactive'] } as const,
  debounceMs: 0,
};

/** Answers like a server with `count` rows, 25 a page, and none for a filter or a search. */
function page(count: number, query: { page: number; pageSize: number; status: string; search?: string }): ApiPage<Row> {
  const total = query.status === 'all' && !query.search ? count : 0;
  const from = (query.page - 1) * query.pageSize;
  const data = Array.from({ length: Math.max(0, Math.min(query.pageSize, total - from)) }, (_, i) => ({
    id: String(from + i + 1),
    name: `Rad ${from + i + 1}`,
  }));
  return { data, pagination: { page: query.page, pageSize: query.pageSize, total } };
}

function List({ count }: { count: number }) {
  const params = useListParams(CONFIG);
  const query = useQuery({
    queryKey: ['document-list-test', count, params.query],
    queryFn: async () => page(count, params.query),
    placeholderData: keepPreviousData,
  });
  return (
    <DocumentList
      params={params}
      query={query}
      searchLabel="Sök på namn"
      filters={<FilterSelect ns="articles" defs={CONFIG.filters} name="status" params={params} />}
      actions={<NewButton to="/new">Ny rad</NewButton>}
      isFiltered={params.isFiltered}
      onClearFilters={params.clearFilters}
      empty={{ icon: IconBox, title: 'Inga rader än', text: 'Rader visas här.' }}
    >
      {(rows) => (
        <ul aria-label="Rader">
          {rows.map((row) => (
            <li key={row.id}>{row.name}</li>
          ))}
        </ul>
      )}
    </DocumentList>
  );
}

function show(count: number, path: string) {
  return renderRoutes([{ path: '/list', element: <List count={count} /> }], path).router;
}

afterEach(() => queryClient.clear());

describe('DocumentList', () => {
  it('shows the page, the range and the pages, and goes back to the last page from one beyond it', async () => {
    const router = show(30, '/list?page=4');
    await waitFor(() => expect(router.state.location.search).toContain('page=2'));
    expect(await screen.findByText('Rad 30')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Rader' })).getAllByRole('listitem')).toHaveLength(5);
    expect(screen.getByTestId('list-range')).toHaveTextContent('Visar 26–30 av 30');
    expect(screen.getByRole('link', { name: 'Ny rad' })).toHaveAttribute('href', '/new');
  });

  it('says when nothing is there yet, without a footer', async () => {
    show(0, '/list');
    expect(await screen.findByRole('heading', { name: 'Inga rader än' })).toBeInTheDocument();
    expect(screen.queryByTestId('list-range')).toBeNull();
  });

  it('filters through the filter select and clears back to all', async () => {
    const router = show(3, '/list');
    expect(await screen.findByText('Rad 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('textbox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Aktiva', hidden: true }));
    await waitFor(() => expect(router.state.location.search).toContain('status=active'));
    expect(await screen.findByRole('heading', { name: 'Inget matchar' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Rensa filter' }));
    expect(await screen.findByText('Rad 3')).toBeInTheDocument();
    expect(router.state.location.search).not.toContain('status');
  });
});
