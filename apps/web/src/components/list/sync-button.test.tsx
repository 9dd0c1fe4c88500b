import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { mockApi } from '../../test/api';
import { renderRoutes } from '../../test/render';
import { SyncButton } from './sync-button';

const RUN = '3d6f0c1e-2b4a-4c5d-9e8f-7a6b5c4d3e2f';
const SCHEDULED = '8e1d2c3b-4a5f-4e6d-8c7b-6a5f4e3d2c1b';

const runOf = (id: string, status: string, trigger = 'manual') => ({
  id,
  trigger,
  status,
  counts: {},
  currentResource: null,
  error: null,
  startedAt: null,
  finishedAt: null,
});

beforeEach(async () => {
  await setLanguage('sv');
});

describe('SyncButton', () => {
  it('follows the run it started by id, even when a scheduled run queued meanwhile is the latest', async () => {
    let polls = 0;
    const calls = mockApi({
      'POST synchronize': () => ({ runId: RUN }),
      'GET synchronize': ({ query }) => {
        // Without ?run= the server answers the latest run: the scheduled one that never ends here.
        if (query.get('run') !== RUN) return runOf(SCHEDULED, 'queued', 'scheduled');
        polls += 1;
        return {
          ...runOf(RUN, polls < 2 ? 'running' : 'succeeded'),
          counts: { codeLists: { fetched: 6, upserted: 6 }, customers: { fetched: 2, upserted: 2 } },
        };
      },
    });
    renderRoutes([{ path: '/', element: <SyncButton invalidate={[]} /> }], '/');
    await userEvent.click(screen.getByRole('button', { name: 'Hämta från bokföringsprogrammet' }));
    expect(await screen.findByText('Listan är uppdaterad från bokföringsprogrammet.')).toBeInTheDocument();
    expect(screen.queryByText('Det finns inga uppdateringar')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'GET').every((c) => c.query.get('run') === RUN)).toBe(true);
    expect(screen.getByRole('button', { name: 'Hämta från bokföringsprogrammet' })).toBeEnabled();
  });

  it("says 'There are no updates' when the run wrote nothing but code lists, in Swedish and English", async () => {
    const counts = { codeLists: { fetched: 6, upserted: 6 }, customers: { fetched: 0, upserted: 0 } };
    mockApi({ 'POST synchronize': () => ({ runId: RUN }), 'GET synchronize': () => ({ ...runOf(RUN, 'succeeded'), counts }) });
    const view = renderRoutes([{ path: '/', element: <SyncButton invalidate={[]} /> }], '/');
    await userEvent.click(screen.getByRole('button', { name: 'Hämta från bokföringsprogrammet' }));
    expect(await screen.findByText('Det finns inga uppdateringar')).toBeInTheDocument();
    view.unmount();

    await setLanguage('en');
    mockApi({ 'POST synchronize': () => ({ runId: RUN }), 'GET synchronize': () => ({ ...runOf(RUN, 'succeeded'), counts }) });
    renderRoutes([{ path: '/', element: <SyncButton invalidate={[]} /> }], '/');
    await userEvent.click(screen.getByRole('button', { name: 'Refresh from the accounting program' }));
    expect(await screen.findByText('There are no updates')).toBeInTheDocument();
  });

  it('says so when its run failed, in English too', async () => {
    await setLanguage('en');
    mockApi({ 'POST synchronize': () => ({ runId: RUN }), 'GET synchronize': () => runOf(RUN, 'failed') });
    renderRoutes([{ path: '/', element: <SyncButton invalidate={[]} /> }], '/');
    await userEvent.click(screen.getByRole('button', { name: 'Refresh from the accounting program' }));
    expect(await screen.findByText(/The refresh from the accounting program failed/)).toBeInTheDocument();
  });
});
