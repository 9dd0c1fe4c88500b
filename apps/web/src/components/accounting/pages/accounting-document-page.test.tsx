import type { Contract } from '@fairway/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../app/query-client';
import { api } from '../../../lib/api-client';
import { setLanguage } from '../../../lib/i18n';
import { setTokens } from '../../../lib/storage';
import { mockApi, ok, reply } from '../../../test/api';
import { demoUser, renderRoutes } from '../../../test/render';
import { AccountingDocumentPage } from './accounting-document-page';
import { useAccountingDocument } from './use-accounting-document';

/**
 * Stand-ins for a feature's query of one document and its save, on the contracts' API: shared code
 * imports no feature (apps/web/.dependency-cruiser.cjs), and the page is what is tested here.
 */
function useDocument(id: string | undefined) {
  return useQuery({
    queryKey: ['contracts', 'one', id],
    queryFn: ({ signal }) => api.get<Contract>(`contracts/${id}`, { silent: true, signal }),
    enabled: id !== undefined,
    retry: false,
    staleTime: 0,
  });
}

function useSave() {
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: unknown }) =>
      id ? api.put<Contract>(`contracts/${id}`, body, { silent: true }) : api.post<Contract>('contracts', body, { silent: true }),
  });
}

/** The shared page around a stand-in form, on the contracts' API and texts. */
function Page() {
  const page = useAccountingDocument({
    resource: 'contracts',
    listPath: '/avtal',
    useDocument,
    useSave,
    savedMessage: (saved, editing) => (editing ? `Sparat ${saved.number}` : `Skapat ${saved.number}`),
    titleLabel: (contract) => `${contract.number} ${contract.customerName}`,
    crumbLabel: (contract) => `Avtal ${contract.number}`,
    editable: (contract) => contract.actions.includes('update'),
  });
  return (
    <AccountingDocumentPage
      page={page}
      createForm={
        <button type="button" onClick={() => void page.submit({} as never)}>
          Skapa
        </button>
      }
      description={(contract) => `Avtal ${contract.number} med ${contract.customerName}.`}
      staleText={(contract) => contract.notice}
    >
      {(contract) => (
        <p>
          Formulär för {contract.number}, {page.mayEdit ? 'ändringsbart' : 'skrivskyddat'}
        </p>
      )}
    </AccountingDocumentPage>
  );
}

const routes = [
  { path: '/avtal/create', element: <Page /> },
  { path: '/avtal/edit/:id', element: <Page /> },
  { path: '/error-404', element: <p>Sidan finns inte</p> },
];

const ID = '7c2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const contract = {
  id: ID,
  number: '20',
  customerName: 'Sven Nilsson',
  actions: ['update', 'terminate'],
  syncedAt: '2026-03-01T10:00:00.000Z',
  stale: false,
  notice: null,
} as unknown as Contract;

let me = demoUser;
let answer: () => Response;
const reads: string[] = [];

beforeEach(async () => {
  await setLanguage('sv');
  me = demoUser;
  answer = () => reply(200, { data: contract });
  reads.length = 0;
  mockApi({
    'ALL users/me': () => me,
    'POST *': () => ok({ ...contract, number: '21' }, { status: 201 }),
    // Every other read is kept and answered by `answer`.
    'ALL *': ({ url }) => {
      reads.push(url.pathname);
      return answer();
    },
  });
  setTokens({ accessToken: 'access', refreshToken: 'refresh-123' });
});

afterEach(() => {
  queryClient.clear();
});

describe('the accounting document page', () => {
  it('loads the document: title, breadcrumbs, tab title, description with the copy’s time, and the form', async () => {
    renderRoutes(routes, `/avtal/edit/${ID}`);
    expect(screen.getByText('Hämtar avtalet…')).toBeTruthy();
    await screen.findByText('Formulär för 20, ändringsbart');
    expect(screen.getByRole('heading', { level: 1, name: 'Redigera avtal' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: /./ }).textContent).toContain('Avtal 20');
    expect(screen.getByText(/^Avtal 20 med Sven Nilsson\./).textContent).toMatch(
      /Hämtat från bokföringsprogrammet 2026-03-01 11:00/,
    );
    expect(document.title).toMatch(/^20 Sven Nilsson · Redigera avtal · /);
    expect(screen.queryByText('Bokföringsprogrammet svarar inte')).toBeNull();
  });

  it('shows a document that may no longer change, and one without the write scope, read-only', async () => {
    answer = () => reply(200, { data: { ...contract, actions: [] } });
    const first = renderRoutes(routes, `/avtal/edit/${ID}`);
    await screen.findByText('Formulär för 20, skrivskyddat');
    expect(screen.getByRole('heading', { level: 1, name: 'Avtal' })).toBeTruthy();
    first.unmount();
    queryClient.clear();

    answer = () => reply(200, { data: contract });
    me = { ...demoUser, scopes: demoUser.scopes.filter((scope) => scope !== 'contracts.write') };
    queryClient.setQueryData(['users', 'me'], me);
    renderRoutes(routes, `/avtal/edit/${ID}`);
    await screen.findByText('Formulär för 20, skrivskyddat');
  });

  it('warns about the portal’s copy when the program did not answer, and reads again on retry', async () => {
    answer = () => reply(200, { data: { ...contract, stale: true, notice: 'Fortnox svarar inte just nu.' } });
    renderRoutes(routes, `/avtal/edit/${ID}`);
    await screen.findByText('Bokföringsprogrammet svarar inte');
    expect(screen.getByText('Fortnox svarar inte just nu.')).toBeTruthy();

    answer = () => reply(200, { data: { ...contract, syncedAt: '2026-03-02T10:00:00.000Z' } });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Försök igen' }));
    await waitFor(() => expect(screen.queryByText('Bokföringsprogrammet svarar inte')).toBeNull());
    expect(screen.getByText(/Hämtat från bokföringsprogrammet 2026-03-02/)).toBeTruthy();
    expect(reads).toHaveLength(2);
  });

  it('says so when the document could not be read, and reads again on retry', async () => {
    answer = () => reply(503, { message: 'Tjänsten är inte tillgänglig.', eng_message: 'Unavailable.' });
    renderRoutes(routes, `/avtal/edit/${ID}`);
    await screen.findByText('Avtalet kunde inte hämtas');
    answer = () => reply(200, { data: contract });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Försök igen' }));
    await screen.findByText('Formulär för 20, ändringsbart');
  });

  it('goes to the 404 page for an unknown id, for one the server refuses, and for a malformed one without asking', async () => {
    answer = () => reply(404, { message: 'Avtalet finns inte.', eng_message: 'No such contract.' });
    const unknown = renderRoutes(routes, `/avtal/edit/${ID}`);
    await screen.findByText('Sidan finns inte');
    expect(unknown.router.state.location.pathname).toBe('/error-404');
    unknown.unmount();
    queryClient.clear();

    answer = () => reply(400, { message: 'Ogiltigt id.', eng_message: 'Invalid id.' });
    const refused = renderRoutes(routes, `/avtal/edit/${ID}`);
    await screen.findByText('Sidan finns inte');
    refused.unmount();
    queryClient.clear();

    reads.length = 0;
    renderRoutes(routes, '/avtal/edit/20');
    await screen.findByText('Sidan finns inte');
    expect(reads).toEqual([]);
  });

  it('creates with the write scope and confirms with a toast; without it, or without read, access is denied', async () => {
    const create = renderRoutes(routes, '/avtal/create');
    expect(screen.getByRole('heading', { level: 1, name: 'Nytt avtal' })).toBeTruthy();
    expect(screen.getByText(/^Avtalet skapas i klubbens bokföringsprogram/)).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Skapa' }));
    await screen.findByText('Skapat 21');
    create.unmount();

    me = { ...demoUser, scopes: demoUser.scopes.filter((scope) => scope !== 'contracts.write') };
    queryClient.setQueryData(['users', 'me'], me);
    const readOnly = renderRoutes(routes, '/avtal/create');
    expect(screen.getByText('Du har inte behörighet till sidan.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Skapa' })).toBeNull();
    readOnly.unmount();

    me = { ...demoUser, scopes: demoUser.scopes.filter((scope) => !scope.startsWith('contracts.')) };
    queryClient.setQueryData(['users', 'me'], me);
    reads.length = 0;
    renderRoutes(routes, `/avtal/edit/${ID}`);
    expect(screen.getByText('Du har inte behörighet till sidan.')).toBeTruthy();
    expect(screen.queryByText(/^Formulär/)).toBeNull();
  });
});
