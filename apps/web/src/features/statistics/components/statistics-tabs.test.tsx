import { STATISTICS_TABS } from '@fairway/shared';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { renderRoutes } from '../../../test/render';
import type { StatisticsByTab } from '../api/get-statistics';
import { refreshing, STATISTICS_FIXTURES } from '../test/fixtures';
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
  it('general: billed, paid and unpaid with the year before, the sum ex VAT said to be updating, and the month chart', () => {
    show('general', STATISTICS_FIXTURES.general);
    expect(card('Fakturerat inkl. moms').value).toMatch(/^123\s456\skr$/);
    expect(card('Fakturerat inkl. moms').text).toMatch(/\+23\s%/);
    // Nothing paid the year before: only the figure, no percentage.
    expect(card('Inbetalt').text).not.toMatch(/%/);
    expect(card('Obetalt just nu').text).toMatch(/varav förfallet 2\s500\skr/);
    expect(card('Aktiva kunder').value).toMatch(/^812$/);
    // Not every invoice is read whole yet: no sum of part of them, but when it will be there.
    expect(card('Fakturerat exkl. moms').value).toBe('—');
    expect(card('Fakturerat exkl. moms').text).toMatch(/Uppdateras – 20 fakturor kvar att läsa in, klart om ca 2 min/);
    expect(within(section('Fakturerat och inbetalt per månad (SEK)')).getByRole('figure')).toBeTruthy();
  });

  it('invoices: net and VAT once every invoice is read, "—" without paid invoices, the status donut', () => {
    show('invoices', STATISTICS_FIXTURES.invoices);
    expect(card('Snittid till betalning').value).toBe('—');
    expect(card('Snittid till betalning').text).toMatch(/Exkl. moms 98\s765\skr, moms 24\s691\skr/);
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

  it('products: quantities with decimals and an invoice row without article', () => {
    show('products', STATISTICS_FIXTURES.products);
    expect(card('Intäkt exkl. moms').value).toMatch(/^20\s000\skr$/);
    const rows = within(screen.getByTestId('top-products')).getAllByRole('row');
    expect(rows[1]?.textContent).toMatch(/Golfbollar Pro V1\s*140\s*12,5\s*15\s000\skr\s*7\s000\skr/);
    expect(rows[2]?.textContent).toMatch(/Rader utan artikel/);
  });

  it('products while invoices are read whole: no revenue, ranking or chart from part of them, in both languages', async () => {
    const pending = {
      ...STATISTICS_FIXTURES.products,
      completion: refreshing(),
      totals: { netOre: null, previousNetOre: null, articles: null },
      months: [],
      articles: [],
    };
    const view = show('products', pending);
    expect(card('Intäkt exkl. moms').value).toBe('—');
    expect(card('Intäkt exkl. moms').text).toMatch(/Uppdateras – 20 fakturor kvar att läsa in, klart om ca 2 min/);
    expect(card('Sålda artiklar').value).toBe('—');
    expect(screen.queryByTestId('top-products')).toBeNull();
    expect(screen.queryByText('Inget under perioden.')).toBeNull();
    expect(screen.queryByRole('heading', { level: 3, name: 'Artiklar med störst intäkt' })).toBeNull();
    view.unmount();

    await setLanguage('en');
    show('products', pending);
    expect(card('Revenue excl. VAT').text).toMatch(/Updating – 20 invoices left to read, ready in about 2 min/);
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
