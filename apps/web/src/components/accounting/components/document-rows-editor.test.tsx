import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm, useWatch } from 'react-hook-form';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../app/query-client';
import { setLanguage } from '../../../lib/i18n';
import { formatOre } from '../../../lib/money';
import { mockApi, refuse } from '../../../test/api';
import { type DocumentRowsFormValues, emptyDocumentRow } from '../lib/document-rows';
import { DocumentRowsEditor } from './document-rows-editor';

vi.setConfig({ testTimeout: 60_000 });

const CODE_LISTS = {
  units: [
    { code: 'st', name: 'Styck', days: null, active: true },
    { code: 'h', name: 'Timme', days: null, active: true },
  ],
  priceLists: [],
  costCenters: [{ code: 'BANA', name: 'Banan', days: null, active: true }],
  projects: [],
  termsOfPayment: [],
  termsOfDelivery: [],
};

const GREENFEE = {
  id: '00000000-0000-4000-8000-000000000021',
  number: 'GF18',
  description: 'Greenfee 18 hål',
  unit: 'st',
  salesPriceOre: 45_000,
  vatPercent: 6,
};

beforeEach(async () => {
  await setLanguage('sv');
  mockApi({
    'GET customizations': () => CODE_LISTS,
    'GET articles/search': ({ query }) => {
      const q = (query.get('q') ?? '').toLowerCase();
      return q && GREENFEE.description.toLowerCase().includes(q) ? [GREENFEE] : [];
    },
    'ALL *': () => refuse(404, 'Saknas', 'Missing'),
  });
});

/** What the host form holds, shown so a test can read it. */
function Values({ form }: { form: ReturnType<typeof useForm<DocumentRowsFormValues>> }) {
  const rows = useWatch({ control: form.control, name: 'rows' });
  return <output data-testid="values">{JSON.stringify(rows)}</output>;
}

function Host({ vatIncluded, roundToKrona }: { vatIncluded?: boolean; roundToKrona: boolean }) {
  const form = useForm<DocumentRowsFormValues>({ defaultValues: { rows: [emptyDocumentRow()] } });
  return (
    <form>
      <DocumentRowsEditor
        control={form.control}
        setValue={form.setValue}
        readOnly={false}
        maxRows={3}
        label="Rader"
        testIdPrefix="doc"
        totalLabel="Att betala"
        roundToKrona={roundToKrona}
        vatIncluded={vatIncluded}
      />
      <Values form={form} />
    </form>
  );
}

function renderEditor(props: { vatIncluded?: boolean; roundToKrona: boolean } = { roundToKrona: true }) {
  render(
    <AppProviders queryClient={createQueryClient()}>
      <Host {...props} />
    </AppProviders>,
  );
}

const rowsHeld = () => JSON.parse(screen.getByTestId('values').textContent ?? '[]') as DocumentRowsFormValues['rows'];
const text = (el: HTMLElement | null) => el?.textContent?.replace(/\s/g, ' ');
const kr = (ore: number) => formatOre(ore, 'sv').replace(/\s/g, ' ');

async function fill(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, value: string) {
  await user.clear(input);
  await user.type(input, value);
}

/** Picks an option from the list the given select input opened (each row has its own). */
async function pick(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, option: string | RegExp) {
  await user.click(input);
  const list = await waitFor(() => {
    const found = document.getElementById(input.getAttribute('aria-controls') ?? '');
    if (!found) throw new Error('no list yet');
    return found;
  });
  await user.click(await within(list).findByRole('option', { name: option, hidden: true }));
}

describe('DocumentRowsEditor', () => {
  it('adds rows up to the limit and removes them, never the last one', async () => {
    const user = userEvent.setup();
    renderEditor();
    const remove1 = await screen.findByRole('button', { name: 'Ta bort rad 1' });
    expect(remove1).toBeDisabled();

    const add = screen.getByRole('button', { name: 'Lägg till rad' });
    await user.click(add);
    await user.click(add);
    expect(screen.getAllByTestId('doc-row')).toHaveLength(3);
    expect(add).toBeDisabled();
    expect(rowsHeld()).toEqual([emptyDocumentRow(), emptyDocumentRow(), emptyDocumentRow()]);

    // Removing the middle row keeps the others as typed, numbered again.
    await fill(user, screen.getByRole('textbox', { name: 'Benämning, rad 1' }), 'Första');
    await fill(user, screen.getByRole('textbox', { name: 'Benämning, rad 3' }), 'Tredje');
    await user.click(screen.getByRole('button', { name: 'Ta bort rad 2' }));
    expect(screen.getAllByTestId('doc-row')).toHaveLength(2);
    expect(screen.getByRole('textbox', { name: 'Benämning, rad 2' })).toHaveValue('Tredje');
    expect(rowsHeld().map((row) => row.description)).toEqual(['Första', 'Tredje']);
    expect(add).toBeEnabled();
  });

  it('fills a row from the article picked: description, unit, price and VAT, and the totals follow', async () => {
    const user = userEvent.setup();
    renderEditor();
    const article = await screen.findByRole('textbox', { name: 'Artikel, rad 1' });
    await user.click(article);
    await user.type(article, 'green');
    await pick(user, article, 'GF18 – Greenfee 18 hål');

    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Benämning, rad 1' })).toHaveValue('Greenfee 18 hål'));
    expect(screen.getByRole('textbox', { name: 'Moms, rad 1' })).toHaveValue('6 %');
    expect(screen.getByRole('textbox', { name: 'Enhet, rad 1' })).toHaveValue('st – Styck');
    expect(rowsHeld()[0]).toMatchObject({
      articleNumber: 'GF18',
      description: 'Greenfee 18 hål',
      unit: 'st',
      priceOre: 45_000,
      vatPercent: 6,
    });
    // 450 kr at 6 %: 27 kr VAT, 477 kr to pay.
    const totals = screen.getByTestId('doc-totals');
    expect(text(within(totals).getByTestId('vat-6'))).toBe(`Moms 6 % på ${kr(45_000)}${kr(2700)}`);
    expect(text(within(totals).getByTestId('doc-total'))).toBe(kr(47_700));
  });

  it('sums VAT once per rate and rounds the total to whole kronor, showing the rounding', async () => {
    const user = userEvent.setup();
    renderEditor();
    // Two rows of 33,33 kr at 25 %: per row 8,33 kr VAT each (16,66 kr); once on 66,66 kr it is 16,67 kr.
    await fill(user, await screen.findByRole('textbox', { name: 'À-pris exkl. moms, rad 1' }), '33,33');
    await user.click(screen.getByRole('button', { name: 'Lägg till rad' }));
    await fill(user, screen.getByRole('textbox', { name: 'À-pris exkl. moms, rad 2' }), '33,33');
    // A third row: 1,5 × 10,01 kr less 10 % at 12 % = 13,51 kr (13,5135 rounded), 1,62 kr VAT.
    await user.click(screen.getByRole('button', { name: 'Lägg till rad' }));
    const third = screen.getAllByTestId('doc-row')[2] as HTMLElement;
    await fill(user, within(third).getByRole('textbox', { name: 'À-pris exkl. moms, rad 3' }), '10,01');
    await fill(user, within(third).getByRole('textbox', { name: 'Antal, rad 3' }), '1,5');
    await fill(user, within(third).getByRole('textbox', { name: 'Rabatt, rad 3' }), '10');
    await pick(user, within(third).getByRole('textbox', { name: 'Moms, rad 3' }), '12 %');

    const totals = screen.getByTestId('doc-totals');
    await waitFor(() => expect(text(within(totals).getByTestId('vat-12'))?.endsWith(kr(162))).toBe(true));
    expect(text(within(third).getByTestId('row-total'))).toBe(kr(1351));
    expect(text(within(totals).getByTestId('vat-25'))).toBe(`Moms 25 % på ${kr(6666)}${kr(1667)}`);
    // 66,66 + 13,51 + 16,67 + 1,62 = 98,46 kr → 98 kr, −0,46 kr rounding.
    expect(within(totals).getByText('Öresavrundning').nextSibling?.textContent?.replace(/\s/g, ' ')).toBe(kr(-46));
    expect(text(within(totals).getByTestId('doc-total'))).toBe(kr(9800));
    expect(rowsHeld()[2]).toMatchObject({ priceOre: 1001, quantityHundredths: 150, discountBasisPoints: 1000, vatPercent: 12 });
  });

  it('takes the VAT out of prices that include it, without rounding to kronor', async () => {
    const user = userEvent.setup();
    renderEditor({ vatIncluded: true, roundToKrona: false });
    await fill(user, await screen.findByRole('textbox', { name: 'À-pris inkl. moms, rad 1' }), '125,33');
    const totals = screen.getByTestId('doc-totals');
    // 125,33 × 25 / 125 = 25,066 → 25,07 kr VAT on 100,26 kr.
    await waitFor(() => expect(text(within(totals).getByTestId('vat-25'))).toBe(`Moms 25 % på ${kr(10_026)}${kr(2507)}`));
    expect(text(within(totals).getByTestId('doc-total'))).toBe(kr(12_533));
    expect(within(totals).queryByText('Öresavrundning')).not.toBeInTheDocument();
  });
});
