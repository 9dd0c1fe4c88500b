import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../lib/i18n';
import { renderRoutes } from '../test/render';
import { RunProgress, type RunProgressState } from './run-progress';

const show = (run: RunProgressState, label = 'Utskick av kvitton') =>
  renderRoutes([{ path: '/', element: <RunProgress run={run} label={label} /> }], '/');

beforeEach(async () => {
  await setLanguage('sv');
});

describe('RunProgress', () => {
  it('is a progress bar named by its label, counting items ("n av m"), and says nothing aloud while it works', () => {
    show({ status: 'running', done: 3, total: 10, failed: 0 });
    const bar = screen.getByRole('progressbar', { name: 'Utskick av kvitton' });
    expect(bar).toHaveAttribute('aria-valuenow', '3');
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '10');
    expect(bar).toHaveAttribute('aria-valuetext', '3 av 10');
    expect(screen.getByText('3 av 10 klara')).toBeInTheDocument();
    expect(screen.getByText('Pågår')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('announces the end once, politely, with the failed items', () => {
    show({ status: 'succeeded', done: 10, total: 10, failed: 2 });
    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status).toHaveTextContent('Utskick av kvitton: klart, 10 av 10 (2 misslyckades).');
    expect(screen.getByText('10 av 10 klara, 2 misslyckades')).toBeInTheDocument();
    expect(screen.getByTestId('run-progress').dataset.status).toBe('succeeded');
  });

  it("shows the run's failure reason, and a run that does not count items has no value", () => {
    show({ status: 'failed', done: 0, total: 0, error: 'Exporten kunde inte skapas. Försök igen.' }, 'Export');
    const bar = screen.getByRole('progressbar', { name: 'Export' });
    expect(bar).not.toHaveAttribute('aria-valuenow');
    expect(screen.getByText('Fel: Exporten kunde inte skapas. Försök igen.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Export: misslyckades.');
  });

  it('speaks English too', async () => {
    await setLanguage('en');
    show({ status: 'queued', done: 0, total: 4 }, 'Receipt send-out');
    expect(screen.getByRole('progressbar', { name: 'Receipt send-out' })).toHaveAttribute('aria-valuetext', '0 of 4');
    expect(screen.getByText('0 of 4 done')).toBeInTheDocument();
    expect(screen.getByText('Queued')).toBeInTheDocument();
  });
});
