import { STATISTICS_TABS } from '@fairway/shared';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { renderRoutes } from '../../../test/render';
import type { StatisticsByTab } from '../api/get-statistics';
import { STATISTICS_FIXTURES } from '../test/fixtures';
import { StatisticsTabView } from './statistics-tabs';

function show<K extends keyof StatisticsByTab>(tab: K, data: StatisticsByTab[K] | undefined) {
  return renderRoutes([{ path: '/', element: <StatisticsTabView tab={tab} data={data} /> }], '/');
}

/** The key-figure card whose label is `label`: its value and the line under it. */
function card(label: string) {
  const box = screen
    .getAllByText(label)
    .map((element) => element.closest('.mantine-Card-root'))
    .find(Boolean) as HTMLElement;
  return { value: box.querySelector('[data-value]')?.textContent, text: box.textContent };
}

const section = (title: string) => screen.getByRole('heading', { level: 3, name: title }).closest('section') as HTMLElement;

beforeEach(async () => {
  await setLanguage('sv');
});

describe('statistics tabs', () => {
  it('general: billed, paid and unpaid with the year before, the coverage note and the month chart', () => {
    show('general', STATISTICS_FIXTURES.general);
    expect(card('Fakturerat inkl. moms').value).toMatch(/^123\s456\skr$/);
    expect(card('Fakturerat inkl. moms').text).toMatch(/\+23\s%/);
    // Nothing paid the year before: only the figure, no percentage.
    expect(card('Inbetalt').text).not.toMatch(/%/);
    expect(card('Obetalt just nu').text).toMatch(/varav förfallet 2\s500\skr/);
    expect(card('Aktiva kunder').value).toMatch(/^812$/);
    expect(screen.getByTestId('coverage-note').textContent).toMatch(/100 av 120/);
    expect(within(section('Fakturerat och inbetalt per månad (SEK)')).getByRole('figure')).toBeTruthy();
  });

  it('invoices: no coverage note when every invoice is read in full, "—" without paid invoices, the status donut', () => {
    show('invoices', STATISTICS_FIXTURES.invoices);
    expect(screen.queryByTestId('coverage-note')).toBeNull();
    expect(card('Snittid till betalning').value).toBe('—');
    const statuses = within(section('Fakturor efter status'));
    expect(statuses.getByRole('figure', { name: 'Fakturor efter status' })).toBeTruthy();
    expect(statuses.getByRole('row', { name: /Förfallna\s*3/ })).toBeTruthy();
  });

  it('customers: the top list links customers the portal has', () => {
    show('customers', STATISTICS_FIXTURES.customers);
    const top = screen.getByTestId('top-customers');
    expect(
      within(top)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Kund', 'Fakturor', 'Fakturerat inkl. moms']);
    const link = within(top).getByRole('link', { name: 'Upplands Bygg AB' });
    expect(link.getAttribute('href')).toBe('/dashboard/acounting/customers/edit/6f1c2d3e-4b5a-4c6d-8e7f-901234567890');
    expect(within(top).getByRole('row', { name: /Anna Berg 1001\s*2\s*9\s000\skr/ })).toBeTruthy();
    expect(within(top).queryByRole('link', { name: 'Anna Berg' })).toBeNull();
  });

  it('contracts: the monthly value explained, and "nothing in the period" for an empty table', () => {
    show('contracts', STATISTICS_FIXTURES.contracts);
    expect(card('Avtalsvärde per månad').text).toMatch(/Aktiva avtal, inkl. moms/);
    expect(
      within(section('Aktiva och kommande avtal efter faktureringsintervall')).getByText('Inget under perioden.'),
    ).toBeTruthy();
  });

  it('products: the rows coverage, quantities with decimals and an invoice row without article', () => {
    show('products', STATISTICS_FIXTURES.products);
    expect(screen.getByTestId('products-coverage').textContent).toMatch(/90 av 120/);
    const rows = within(screen.getByTestId('top-products')).getAllByRole('row');
    expect(rows[1]?.textContent).toMatch(/Golfbollar Pro V1\s*140\s*12,5\s*15\s000\skr\s*7\s000\skr/);
    expect(rows[2]?.textContent).toMatch(/Rader utan artikel/);
  });

  it('shows every tab loading with skeletons and its section titles, and says nothing is empty yet', () => {
    for (const tab of STATISTICS_TABS) {
      const view = show(tab, undefined);
      expect(screen.getAllByRole('heading', { level: 3 }).length).toBeGreaterThan(0);
      expect(view.container.querySelectorAll('[data-value]')).toHaveLength(0);
      expect(screen.queryByText('Inget under perioden.')).toBeNull();
      view.unmount();
    }
  });
});
