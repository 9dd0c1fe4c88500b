import { ALL_SCOPES, type Article } from '@fairway/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../app/query-client';
import { setLanguage } from '../../../lib/i18n';
import { setTokens } from '../../../lib/storage';
import { mockApi, noting, refuse, reply, type Write } from '../../../test/api';
import { demoUser, fill, renderRoutes } from '../../../test/render';
import ArticlePage from './article-page';

const routes = [
  { path: '/dashboard/acounting/article', element: <p>Artikellistan</p> },
  { path: '/dashboard/acounting/article/create', element: <ArticlePage /> },
  { path: '/dashboard/acounting/article/edit/:id', element: <ArticlePage /> },
  { path: '/error-404', element: <p>Sidan finns inte</p> },
];

const ID = '7c2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const GONE = '8c2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';

const stored: Article = {
  id: ID,
  number: '140',
  description: 'Golfbollar Pro V1, 12-pack',
  type: 'STOCK',
  unit: 'st',
  active: true,
  discontinued: false,
  ean: '7310865004703',
  manufacturer: 'Titleist',
  manufacturerArticleNumber: null,
  supplierNumber: null,
  stockItem: true,
  stockPlace: 'Shop',
  stockQuantityHundredths: 4200,
  disposableQuantityHundredths: 4000,
  orderPointHundredths: 1000,
  stockValueOre: 1_198_000,
  salesAccountSe: '3001',
  salesAccountEu: null,
  salesAccountExport: null,
  purchaseAccount: '4010',
  vatPercent: 25,
  salesPriceOre: 51_920,
  purchasePriceOre: 28_556,
  marginBasisPoints: 4500,
  widthMm: null,
  heightMm: null,
  depthMm: null,
  weightGrams: 550,
  notes: null,
  syncedAt: '2026-03-01T10:00:00.000Z',
  stale: false,
};

const codeLists = {
  units: [
    { code: 'st', name: 'Styck', days: null, active: true },
    { code: 'rnd', name: 'Runda', days: null, active: true },
  ],
  priceLists: [],
  costCenters: [],
  projects: [],
  termsOfPayment: [],
  termsOfDelivery: [],
};

let me = demoUser;
let article: Article = stored;
let answerWrite: (body: unknown) => Response;
const writes: Write[] = [];

beforeEach(async () => {
  await setLanguage('sv');
  me = demoUser;
  article = stored;
  writes.length = 0;
  answerWrite = (body) =>
    reply(201, {
      data: { ...stored, ...(body as object), number: (body as { number?: string }).number || '170', id: ID },
    });
  mockApi({
    'GET users/me': () => me,
    'GET customizations': () => codeLists,
    [`GET articles/${ID}`]: () => article,
    [`GET articles/${GONE}`]: () =>
      refuse(404, 'Artikeln finns inte i bokföringsprogrammet.', 'The article does not exist in the accounting program.', {
        code: 'accounting.not_found',
      }),
    'GET *': () => refuse(404, 'Artikeln finns inte.', 'The article does not exist.'),
    // Every write is kept and answered by `answerWrite`.
    'ALL *': noting(writes, ({ body }) => answerWrite(body ?? null)),
  });
  setTokens({ accessToken: 'access', refreshToken: 'refresh-123' });
});

afterEach(() => {
  queryClient.clear();
});

describe('article form', { timeout: 60_000 }, () => {
  it('works the margin out while the prices are typed, and refuses bad input before sending', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/dashboard/acounting/article/create');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ny artikel' })).toBeInTheDocument();
    expect(screen.getByText('Ange försäljnings- och inköpspris')).toBeInTheDocument();

    await fill(user, screen.getByRole('textbox', { name: /^Försäljningspris/ }), '200');
    await fill(user, screen.getByRole('textbox', { name: /^Inköpspris/ }), '140');
    expect(await screen.findByText(/^30\s%$/)).toBeInTheDocument();
    expect(screen.getByText(/^60\skr$/)).toBeInTheDocument();
    expect(screen.getByText(/^250\skr$/)).toBeInTheDocument();

    const ean = screen.getByRole('textbox', { name: /^EAN/ });
    await fill(user, ean, '7310865004704');
    await fill(user, screen.getByRole('textbox', { name: /^Inköpskonto/ }), '40');
    await user.click(screen.getByRole('button', { name: 'Skapa artikel' }));
    const description = screen.getByRole('textbox', { name: /^Benämning/ });
    await waitFor(() => expect(description).toHaveAttribute('aria-invalid', 'true'));
    expect(ean).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(/Ogiltig EAN-kod/)).toBeInTheDocument();
    expect(screen.getByText(/exakt 4 siffror/)).toBeInTheDocument();
    expect(writes).toEqual([]);
  });

  it('creates with öre and hundredths, and shows the program refusing a number in use', async () => {
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/dashboard/acounting/article/create');
    await screen.findByRole('heading', { level: 1, name: 'Ny artikel' });
    await fill(user, screen.getByRole('textbox', { name: /^Artikelnummer/ }), '140');
    await fill(user, screen.getByRole('textbox', { name: /^Benämning/ }), 'Golfparaply');
    await fill(user, screen.getByRole('textbox', { name: /^Försäljningspris/ }), '399,20');
    await fill(user, screen.getByRole('textbox', { name: /^I lager/ }), '12,5');
    await fill(user, screen.getByRole('textbox', { name: /^Vikt/ }), '650');

    answerWrite = () =>
      reply(409, { message: 'Artikelnumret används redan.', eng_message: 'The article number is already in use.' });
    await user.click(screen.getByRole('button', { name: 'Skapa artikel' }));
    expect(await screen.findByText('Artikelnumret används redan.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/acounting/article/create');
    expect(writes[0]?.body).toMatchObject({
      number: '140',
      description: 'Golfparaply',
      type: 'STOCK',
      vatPercent: 25,
      salesPriceOre: 39_920,
      purchasePriceOre: null,
      stockQuantityHundredths: 1250,
      weightGrams: 650,
      ean: null,
    });

    answerWrite = (body) => reply(201, { data: { ...stored, ...(body as object), number: '170', id: ID } });
    await fill(user, screen.getByRole('textbox', { name: /^Artikelnummer/ }), '');
    await user.click(screen.getByRole('button', { name: 'Skapa artikel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/acounting/article'));
    expect(writes[1]).toMatchObject({ method: 'POST', path: '/api/v1/articles', body: { number: '' } });
  });

  it('edits with PUT and no number; shows the stock the program reports', async () => {
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, `/dashboard/acounting/article/edit/${ID}`);
    const description = await screen.findByRole('textbox', { name: /^Benämning/ });
    await waitFor(() => expect(description).toHaveValue('Golfbollar Pro V1, 12-pack'));
    expect(screen.queryByRole('textbox', { name: /^Artikelnummer/ })).not.toBeInTheDocument();
    expect(screen.getByText(/^45\s%$/)).toBeInTheDocument();
    expect(screen.getByText(/^40$/)).toBeInTheDocument();
    expect(screen.getByText(/^11\s980\skr$/)).toBeInTheDocument();

    await fill(user, description, 'Golfbollar Pro V1x, 12-pack');
    await user.click(screen.getByRole('button', { name: 'Spara' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/acounting/article'));
    expect(writes[0]).toMatchObject({
      method: 'PUT',
      path: `/api/v1/articles/${ID}`,
      body: { description: 'Golfbollar Pro V1x, 12-pack', salesPriceOre: 51_920, stockQuantityHundredths: 4200 },
    });
    expect(writes[0]?.body).not.toHaveProperty('number');
  });

  it('without articles.write shows the article read-only, with a notice when it is the stored copy', async () => {
    me = { ...demoUser, scopes: ALL_SCOPES.filter((s) => s !== 'articles.write') };
    article = { ...stored, stale: true };
    renderRoutes(routes, `/dashboard/acounting/article/edit/${ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Artikel' })).toBeInTheDocument();
    expect(await screen.findByText('Bokföringsprogrammet svarar inte just nu')).toBeInTheDocument();
    expect(screen.getByText(/det kräver behörighet att redigera artiklar/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Benämning/ })).toBeDisabled());
    expect(screen.queryByRole('button', { name: 'Spara' })).not.toBeInTheDocument();
  });

  it('sends unknown and malformed ids to the 404 page, and explains one the program no longer has', async () => {
    const first = renderRoutes(routes, '/dashboard/acounting/article/edit/00000000-0000-4000-8000-000000000000');
    expect(await screen.findByText('Sidan finns inte')).toBeInTheDocument();
    first.unmount();
    const second = renderRoutes(routes, '/dashboard/acounting/article/edit/not-an-id');
    expect(await screen.findByText('Sidan finns inte')).toBeInTheDocument();
    second.unmount();
    renderRoutes(routes, `/dashboard/acounting/article/edit/${GONE}`);
    expect(await screen.findByText('Artikeln finns inte i bokföringsprogrammet.')).toBeInTheDocument();
  });
});
