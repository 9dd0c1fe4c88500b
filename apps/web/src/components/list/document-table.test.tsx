import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/render';
import { activeColumn, DocumentTable, NotSet, nameColumn, typeColumn } from './document-table';

vi.setConfig({ testTimeout: 30_000 });

interface Row {
  id: string;
  number: string;
  name: string;
  city: string | null;
}

const ROWS: Row[] = [
  { id: 'a', number: '1001', name: 'Anna Berg', city: 'Visby' },
  { id: 'b', number: '1002', name: 'Bo Ek', city: null },
];

function show(onSort = vi.fn()) {
  const table = (
    <DocumentTable<Row, 'number' | 'name'>
      rows={ROWS}
      sort="name"
      order="asc"
      onSort={onSort}
      fetching={false}
      numberTitle="Nummer"
      pathOf={(row) => `/rows/${row.id}`}
      openLabel={(row) => `Öppna ${row.number}, ${row.name}`}
      columns={[
        { accessor: 'name', title: 'Namn', sort: 'name' },
        { accessor: 'city', title: 'Ort', render: (row) => row.city ?? <NotSet>–</NotSet> },
      ]}
      label="Rader"
    />
  );
  const { router } = renderRoutes(
    [
      { path: '/rows', element: table },
      { path: '/rows/:id', element: <h1>Raden</h1> },
    ],
    '/rows',
  );
  return { router, onSort };
}

describe('DocumentTable', () => {
  // The setup's matchMedia matches nothing, not even the empty query, which hides every
  // mantine-datatable column without a media query; a browser matches it.
  beforeEach(() => {
    const matchMedia = window.matchMedia;
    vi.stubGlobal('matchMedia', (query: string) => ({ ...matchMedia(query), matches: query === '' }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('puts the number first as the link that opens the document, named for screen readers', async () => {
    show();
    const table = screen.getByRole('table', { name: 'Rader' });
    const link = within(table).getByRole('link', { name: 'Öppna 1001, Anna Berg' });
    expect(link).toHaveAttribute('href', '/rows/a');
    expect(table.querySelector('th')).toHaveTextContent('Nummer');
    // The sorted column says how it is sorted.
    expect(within(table).getByRole('button', { name: /Namn/ })).toHaveTextContent('Namn, sorterad stigande');
  });

  it('opens the document from a click anywhere on its row, and sorts by the number', async () => {
    const { router, onSort } = show();
    await userEvent.click(screen.getByRole('button', { name: /Nummer/ }));
    expect(onSort).toHaveBeenCalledWith('number', 'asc');
    await userEvent.click(screen.getByText('Bo Ek'));
    expect(router.state.location.pathname).toBe('/rows/b');
  });

  it('draws a register’s name, type and active columns: the name sortable, inactive rows said so', async () => {
    // A wide screen: every column shows.
    const narrow = window.matchMedia;
    vi.stubGlobal('matchMedia', (query: string) => ({ ...narrow(query), matches: true }));
    const onSort = vi.fn();
    const rows = [
      { id: 'a', number: '1001', name: 'Anna Berg', type: 'private', active: true },
      { id: 'b', number: '1002', name: 'Bo Ek AB', type: 'company', active: false },
    ];
    renderRoutes(
      [
        {
          path: '/rows',
          element: (
            <DocumentTable<(typeof rows)[number], 'number' | 'name' | 'type'>
              rows={rows}
              sort="number"
              order="asc"
              onSort={onSort}
              fetching={false}
              numberTitle="Nummer"
              pathOf={(row) => `/rows/${row.id}`}
              openLabel={(row) => `Öppna ${row.number}, ${row.name}`}
              columns={[
                nameColumn('name', 'Namn', 'name', (row) => row.name),
                typeColumn('Typ', 'type', (row) => (row.type === 'company' ? 'Företag' : 'Privat')),
                activeColumn('Status', { active: 'Aktiv', inactive: 'Inaktiv' }, 104),
              ]}
              label="Register"
            />
          ),
        },
      ],
      '/rows',
    );
    const table = screen.getByRole('table', { name: 'Register' });
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(first).toHaveTextContent('Anna Berg');
    expect(first).toHaveTextContent('Aktiv');
    expect(second).toHaveTextContent('Företag');
    expect(second).toHaveTextContent('Inaktiv');
    await userEvent.click(within(table).getByRole('button', { name: /Namn/ }));
    expect(onSort).toHaveBeenCalledWith('name', 'asc');
  });
});
