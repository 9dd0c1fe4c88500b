import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers';
import { createQueryClient } from '../../app/query-client';
import { ApiError } from '../../lib/api-client';
import { setLanguage } from '../../lib/i18n';
import { EditPageFrame, type EditPageFrameProps, isMissingRecord, useMissingRedirect } from './edit-page-frame';

vi.setConfig({ testTimeout: 30_000 });

beforeEach(async () => {
  await setLanguage('sv');
});

const crumbs = [{ label: 'Start', to: '/dashboard' }, { label: 'Mallar', to: '/templates' }, { label: 'Redigera mall' }];

type Shown = Pick<EditPageFrameProps, 'denied' | 'missing' | 'failed' | 'children'>;

/** The frame at /edit, with the 404 page and the list it links back to beside it. */
function renderFrame(props: Shown) {
  function Page() {
    useMissingRedirect(props.missing);
    return (
      <EditPageFrame
        title="Redigera mall"
        breadcrumbs={crumbs}
        retryLabel="Försök igen"
        loadingText="Hämtar mallen…"
        {...props}
      />
    );
  }
  const router = createMemoryRouter(
    [
      { path: '/edit', element: <Page /> },
      { path: '/templates', element: <p>Mallarna</p> },
      { path: '/error-404', element: <p>Sidan finns inte</p> },
    ],
    { initialEntries: ['/edit'] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

describe('edit page frame', () => {
  it('shows the title and a way back while the record loads, then the content', async () => {
    renderFrame({ denied: false, missing: false, failed: null, children: null });
    expect(screen.getByRole('heading', { name: 'Redigera mall' })).toBeInTheDocument();
    expect(screen.getByText('Hämtar mallen…')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Mallar' }));
    expect(await screen.findByText('Mallarna')).toBeInTheDocument();
  });

  it('draws the loaded content in place of the loader', () => {
    renderFrame({ denied: false, missing: false, failed: null, children: <p>Formuläret</p> });
    expect(screen.getByText('Formuläret')).toBeInTheDocument();
    expect(screen.queryByText('Hämtar mallen…')).toBeNull();
  });

  it('says a failed load at once, with why, and retries on request', async () => {
    const onRetry = vi.fn();
    const error = new ApiError(503, { message: 'Tjänsten svarar inte', eng_message: 'Down' });
    renderFrame({ denied: false, missing: false, failed: { title: 'Mallen kunde inte hämtas', error, onRetry }, children: null });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Mallen kunde inte hämtas');
    expect(alert).toHaveTextContent('Tjänsten svarar inte');
    await userEvent.click(screen.getByRole('button', { name: 'Försök igen' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('shows no content to a viewer without access', () => {
    renderFrame({ denied: true, missing: false, failed: null, children: <p>Formuläret</p> });
    expect(screen.queryByText('Formuläret')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Åtkomst nekad' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Redigera mall' })).toBeInTheDocument();
  });

  it('goes to the 404 page for a record that is not there', async () => {
    const router = renderFrame({ denied: false, missing: true, failed: null, children: null });
    expect(await screen.findByText('Sidan finns inte')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/error-404');
  });

  it('counts a 404 and a malformed id as missing, and nothing else', () => {
    expect(isMissingRecord(new ApiError(404, {}))).toBe(true);
    expect(isMissingRecord(new ApiError(400, {}))).toBe(true);
    expect(isMissingRecord(new ApiError(500, {}))).toBe(false);
    expect(isMissingRecord(new Error('offline'))).toBe(false);
    expect(isMissingRecord(null)).toBe(false);
  });
});
