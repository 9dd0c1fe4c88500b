import { Table } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers';
import { createQueryClient } from '../../app/query-client';
import { LocalListFrame, SortHeader, useLocalListState } from './local-list';

vi.setConfig({ testTimeout: 30_000 });

/** A list's state in its frame (search above, pages below) with two sortable headings, over 120 rows. */
function Host() {
  const state = useLocalListState<'name' | 'age'>('name', {
    firstOrder: (column) => (column === 'name' ? 'asc' : 'desc'),
    sortResetsPage: true,
  });
  const heading = (column: 'name' | 'age', label: string) => (
    <SortHeader
      label={label}
      sortLabel={`Sortera på ${label}`}
      active={state.sort === column}
      order={state.order}
      onSort={() => state.onSort(column)}
    />
  );
  return (
    <>
      <LocalListFrame
        state={state}
        total={120}
        texts={{ searchLabel: 'Sök', searchPlaceholder: 'Sök namn', total: '120 rader', pageSize: 'Rader per sida' }}
        controlLabel={(control) => `sida ${control}`}
      >
        <Table>
          <Table.Thead>
            <Table.Tr>
              {heading('name', 'Namn')}
              {heading('age', 'Ålder')}
            </Table.Tr>
          </Table.Thead>
        </Table>
      </LocalListFrame>
      <output data-testid="params">{JSON.stringify(state.params)}</output>
    </>
  );
}

const params = () => JSON.parse(screen.getByTestId('params').textContent ?? '{}');

describe('local list', () => {
  it('sorts with aria-sort, first in the column’s own direction, then reversed, and back to page 1', async () => {
    render(
      <AppProviders queryClient={createQueryClient()}>
        <Host />
      </AppProviders>,
    );
    const [name, age] = screen.getAllByRole('columnheader');
    expect(name).toHaveAttribute('aria-sort', 'ascending');
    expect(age).toHaveAttribute('aria-sort', 'none');

    await userEvent.click(screen.getByRole('button', { name: 'sida next' }));
    expect(params().page).toBe(2);
    await userEvent.click(screen.getByRole('button', { name: 'Sortera på Ålder' }));
    expect(params()).toMatchObject({ sort: 'age', order: 'desc', page: 1 });
    expect(age).toHaveAttribute('aria-sort', 'descending');
    await userEvent.click(screen.getByRole('button', { name: 'Sortera på Ålder' }));
    expect(params()).toMatchObject({ sort: 'age', order: 'asc' });

    await userEvent.click(screen.getByRole('button', { name: 'sida next' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Sök' }), 'Ek');
    expect(params().page).toBe(1);
    expect(screen.getByText('120 rader')).toBeInTheDocument();
  });
});
