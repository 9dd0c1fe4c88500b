import type { HandlingPlan } from '@fairway/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { mockApi, refuse } from '../../../test/api';
import { details, GROUP_ID, group, renderDuplicates } from '../test/fixtures';

const user = userEvent.setup({ delay: null });
vi.setConfig({ testTimeout: 60_000 });

afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('sv');
});

const integrations = {
  integrations: [{ system: 'accounting', provider: 'fortnox', status: 'connected', target: 'live', accounting: null }],
};

const DETAIL = `/dashboard/duplicates/detail/${GROUP_ID}`;

/** The outcome shown in a field's row for the duplicate's column. */
async function outcomeOf(field: string) {
  const table = await screen.findByTestId('duplicate-comparison');
  const row = within(table)
    .getByRole('rowheader', { name: new RegExp(`^${field}`) })
    .closest('tr') as HTMLElement;
  return within(row).getAllByRole('cell').at(-1) as HTMLElement;
}

const run = (over: Partial<NonNullable<HandlingPlan['run']>> = {}): NonNullable<HandlingPlan['run']> => ({
  status: 'running',
  error: null,
  handled: [],
  startedAt: '2026-11-02T09:00:00.000Z',
  finishedAt: null,
  ...over,
});

describe("a group's detail", () => {
  it('shows the original and its duplicate side by side, each field marked in words', async () => {
    mockApi({ 'GET integrations': () => integrations, 'GET duplicates/:id/details': () => details() });
    renderDuplicates(DETAIL);
    expect(await screen.findByRole('heading', { level: 1, name: 'Dubblettgrupp INV-1' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Original: Faktura 1042/ })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Faktura 1043.*Dubblett.*96 % säker/ })).toBeInTheDocument();
    expect(await outcomeOf('Referens')).toHaveTextContent('INV-lNästan lika');
    expect(await outcomeOf('Motpart')).toHaveTextContent('Lika');
    expect(await outcomeOf('Förfallodatum')).toHaveTextContent('Olika');
    expect(await outcomeOf('OCR')).toHaveTextContent('Jämförs inte');
    expect(screen.getByText('Säkerhet 97 %')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Kundfakturor' })).toHaveAttribute('href', '/dashboard/duplicates/invoice');
  });

  it('reads the outcomes in English too', async () => {
    await setLanguage('en');
    mockApi({ 'GET integrations': () => integrations, 'GET duplicates/:id/details': () => details() });
    renderDuplicates(DETAIL);
    expect(await outcomeOf('Reference')).toHaveTextContent('Nearly matched');
    expect(await outcomeOf('Due date')).toHaveTextContent('Differed');
    expect(await outcomeOf('OCR')).toHaveTextContent('Not compared');
    expect(screen.getByText(/^Invoice 1042 has 1 duplicate, 1\s250\s*kr at stake\.$/)).toBeInTheDocument();
  });

  it('says so when the group is not there', async () => {
    mockApi({
      'GET integrations': () => integrations,
      'GET duplicates/:id/details': () => refuse(404, 'Hittades inte', 'Not found'),
    });
    renderDuplicates(DETAIL);
    expect(await screen.findByRole('heading', { name: 'Gruppen hittades inte' })).toBeInTheDocument();
  });

  it('marks a duplicate as not a duplicate and the group resolved', async () => {
    const calls = mockApi({
      'GET integrations': () => integrations,
      'GET duplicates/:id/details': () => details(),
      'PUT duplicates/:id/not_duplicate/:x': () => ({}),
      'PUT duplicates/:id': () => group({ resolved: true }),
    });
    renderDuplicates(DETAIL);
    await user.click(await screen.findByRole('button', { name: 'Faktura 1043 är inte en dubblett' }));
    const dialog = await screen.findByRole('dialog', { name: 'Inte en dubblett?' });
    await user.click(within(dialog).getByRole('button', { name: 'Inte en dubblett' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'PUT' && c.path === `duplicates/${GROUP_ID}/not_duplicate/1043`)).toBe(true),
    );
    await user.click(screen.getByRole('button', { name: 'Markera som löst' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT' && c.path === `duplicates/${GROUP_ID}`)?.body).toEqual({ resolved: true }),
    );
  });
});

describe('handling in the accounting program', () => {
  it('offers handling only while the group is unresolved', async () => {
    mockApi({
      'GET integrations': () => integrations,
      'GET duplicates/:id/details': () => details({ group: group({ resolved: true, resolvedAt: '2026-11-02T09:00:00.000Z' }) }),
    });
    renderDuplicates(DETAIL);
    expect(await screen.findByRole('button', { name: 'Markera som olöst' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Hantera gruppen i Fortnox' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Hantera Faktura 1043/ })).toBeNull();
    // The golf portal's trail: overview › accounting data › duplicates.
    const trail = screen.getByRole('navigation', { name: 'Brödsmulor' });
    expect(trail).toHaveTextContent(/^Översikt.*Bokföringsdata.*Dubbletter/);
  });

  it('shows the plan, then waits for the job, then says what was handled', async () => {
    let state: 'plan' | 'running' | 'done' = 'plan';
    const calls = mockApi({
      'GET integrations': () => integrations,
      'GET duplicates/:id/details': () => details(),
      'GET duplicates/:id/handle_group': (): HandlingPlan => ({
        steps: [
          { number: '1043', action: 'credit', manualKey: null },
          { number: '1044', action: 'manual', manualKey: 'duplicates.handling.manual.invoiceCredit' },
        ],
        run:
          state === 'plan'
            ? null
            : state === 'running'
              ? run()
              : run({ status: 'succeeded', handled: ['1043'], finishedAt: '2026-11-02T09:00:05.000Z' }),
      }),
      'PUT duplicates/:id/handle_group': () => {
        state = 'running';
        return { started: true };
      },
    });
    renderDuplicates(DETAIL);
    await user.click(await screen.findByRole('button', { name: 'Hantera gruppen i Fortnox' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hantera dubbletterna' });
    const plan = await within(dialog).findByTestId('handling-plan');
    expect(plan).toHaveTextContent('Faktura 1043 krediteras i Fortnox.');
    expect(plan).toHaveTextContent('Faktura 1044 måste hanteras för hand');
    expect(plan).toHaveTextContent('Fakturan är bokförd: skapa en kreditfaktura för den i bokföringsprogrammet.');

    await user.click(within(dialog).getByRole('button', { name: 'Hantera i Fortnox' }));
    expect(await within(dialog).findByText(/Hanterar i Fortnox…/)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT' && c.path === `duplicates/${GROUP_ID}/handle_group`)?.body).toEqual({
      confirm: true,
    });

    state = 'done';
    expect(await within(dialog).findByText('Hanterat i Fortnox: 1043.', {}, { timeout: 10_000 })).toBeInTheDocument();
  });

  it("shows the program's refusal when the job failed, in English", async () => {
    await setLanguage('en');
    let state: 'plan' | 'done' = 'plan';
    mockApi({
      'GET integrations': () => integrations,
      'GET duplicates/:id/details': () => details(),
      'GET duplicates/:id/handle_group': (): HandlingPlan => ({
        steps: [{ number: '1043', action: 'cancel', manualKey: null }],
        run:
          state === 'plan'
            ? null
            : run({ status: 'failed', error: 'Invoice 1043 is already booked', finishedAt: '2026-11-02T09:00:05.000Z' }),
      }),
      'PUT duplicates/:id/handle_single/:x': () => {
        state = 'done';
        return {};
      },
    });
    renderDuplicates(DETAIL);
    await user.click(await screen.findByRole('button', { name: 'Handle Invoice 1043 in Fortnox' }));
    const dialog = await screen.findByRole('dialog', { name: 'Handle Invoice 1043' });
    expect(await within(dialog).findByTestId('handling-plan')).toHaveTextContent('Invoice 1043 will be cancelled in Fortnox.');
    await user.click(within(dialog).getByRole('button', { name: 'Handle in Fortnox' }));
    const alert = await within(dialog).findByRole('alert', {}, { timeout: 10_000 });
    expect(alert).toHaveTextContent('Fortnox refused');
    expect(alert).toHaveTextContent('Fortnox answered: Invoice 1043 is already booked');
  });

  it('shows a refusal to start in the dialog and changes nothing', async () => {
    mockApi({
      'GET integrations': () => integrations,
      'GET duplicates/:id/details': () => details(),
      'GET duplicates/:id/handle_group': (): HandlingPlan => ({
        steps: [{ number: '1043', action: 'credit', manualKey: null }],
        run: null,
      }),
      'PUT duplicates/:id/handle_group': () => refuse(409, 'Gruppen hanteras redan', 'The group is already being handled'),
    });
    renderDuplicates(DETAIL);
    await user.click(await screen.findByRole('button', { name: 'Hantera gruppen i Fortnox' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hantera dubbletterna' });
    await within(dialog).findByTestId('handling-plan');
    await user.click(within(dialog).getByRole('button', { name: 'Hantera i Fortnox' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Gruppen hanteras redan');
    expect(within(dialog).getByRole('button', { name: 'Hantera i Fortnox' })).toBeInTheDocument();
  });
});
