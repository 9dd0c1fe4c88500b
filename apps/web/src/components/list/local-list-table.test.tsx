import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers';
import { createQueryClient } from '../../app/query-client';
import { useLocalListState } from './local-list';
import { LocalListTable, RowAction } from './local-list-table';

vi.setConfig({ testTimeout: 30_000 });

interface Person {
  id: string;
  name: string;
  age: number;
}

const people: Person[] = [
  { id: '1', name: 'Berit', age: 70 },
  { id: '2', name: 'Anna', age: 30 },
  { id: '3', name: 'Cecilia', age: 50 },
];

/** The table over three people, sorted here as the server would sort them. */
function Host({ onDelete }: { onDelete: (person: Person) => void }) {
  const state = useLocalListState<'name' | 'age'>('name', { firstOrder: (column) => (column === 'name' ? 'asc' : 'desc') });
  const direction = state.order === 'asc' ? 1 : -1;
  const rows = [...people].sort((a, b) =>
    state.sort === 'name' ? a.name.localeCompare(b.name) * direction : (a.age - b.age) * direction,
  );
  return (
    <LocalListTable
      label="Personer"
      minWidth={400}
      busy={false}
      rows={rows}
      sorting={state}
      sortLabel={(label) => `Sortera på ${label}`}
      actionsLabel="Åtgärder"
      columns={[
        { id: 'name', label: 'Namn', sort: 'name', render: (person) => person.name },
        { id: 'age', label: 'Ålder', sort: 'age', align: 'right', render: (person) => String(person.age) },
        { id: 'note', label: 'Anteckning', render: () => '–' },
      ]}
      actions={(person) => (
        <>
          <RowAction label="Redigera" name={person.name} to={`/people/${person.id}`} icon="✎" />
          <RowAction label="Ta bort" name={person.name} color="red" onClick={() => onDelete(person)} icon="×" />
        </>
      )}
    />
  );
}

function renderHost(onDelete: (person: Person) => void) {
  const router = createMemoryRouter([{ path: '/', element: <Host onDelete={onDelete} /> }]);
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

const names = () =>
  within(screen.getByRole('table', { name: 'Personer' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

describe('local list table', () => {
  it('sorts by a heading: the rows change order and the heading says so with aria-sort', async () => {
    renderHost(() => undefined);
    const [name, age, note] = screen.getAllByRole('columnheader');
    expect(names()).toEqual(['Anna', 'Berit', 'Cecilia']);
    expect(name).toHaveAttribute('aria-sort', 'ascending');
    expect(age).toHaveAttribute('aria-sort', 'none');
    expect(note).not.toHaveAttribute('aria-sort');
    expect(within(note as HTMLElement).queryByRole('button')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Sortera på Ålder' }));
    expect(names()).toEqual(['Berit', 'Cecilia', 'Anna']);
    expect(age).toHaveAttribute('aria-sort', 'descending');
    expect(name).toHaveAttribute('aria-sort', 'none');

    await userEvent.click(screen.getByRole('button', { name: 'Sortera på Namn' }));
    await userEvent.click(screen.getByRole('button', { name: 'Sortera på Namn' }));
    expect(names()).toEqual(['Cecilia', 'Berit', 'Anna']);
    expect(name).toHaveAttribute('aria-sort', 'descending');
  });

  it('names each row’s actions after the row, behind a heading only screen readers see', async () => {
    const onDelete = vi.fn();
    renderHost(onDelete);
    expect(screen.getByRole('columnheader', { name: 'Åtgärder' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Redigera: Berit' })).toHaveAttribute('href', '/people/1');

    await userEvent.click(screen.getByRole('button', { name: 'Ta bort: Cecilia' }));
    expect(onDelete).toHaveBeenCalledTimes(1);
    expect(onDelete).toHaveBeenCalledWith(people[2]);
  });
});
