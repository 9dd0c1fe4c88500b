import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../app/query-client';
import { setLanguage } from '../../../lib/i18n';
import { mockApi, refuse } from '../../../test/api';
import { renderRoutes } from '../../../test/render';
import FaqPage from './faq-page';

// The category Select's code arrives only when the gate opens, as on a slow connection.
const gate = vi.hoisted(() => {
  let open = () => {};
  const arrived = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { arrived, open: () => open() };
});
vi.mock('../components/category-select', async (importOriginal) => {
  await gate.arrived;
  return importOriginal();
});

const CATEGORIES = [
  { id: '3f2c1d0e-9b8a-4c7d-8e6f-5a4b3c2d1e0f', slug: 'fakturor', name: 'Fakturor', entryCount: 1 },
  { id: '4f2c1d0e-9b8a-4c7d-8e6f-5a4b3c2d1e0f', slug: 'git', name: 'GIT', entryCount: 1 },
];
const ENTRIES = CATEGORIES.map((category, i) => ({
  id: `5f2c1d0e-9b8a-4c7d-8e6f-5a4b3c2d1e0${i}`,
  category: { id: category.id, slug: category.slug, name: category.name },
  question: `Fråga om ${category.name}?`,
  answer: 'Svar.',
}));

beforeEach(async () => {
  await setLanguage('sv');
  mockApi({
    'GET faq_categories': () => CATEGORIES,
    'GET faq': () => ENTRIES,
    'ALL *': () => refuse(404, 'Finns inte', 'Not found'),
  });
});

afterEach(() => {
  queryClient.clear();
});

describe('the FAQ page', () => {
  it('opens the category list that was clicked while its code was still loading, and filters by the choice', async () => {
    const user = userEvent.setup();
    renderRoutes([{ path: '/faq', element: <FaqPage /> }], '/faq');
    expect(await screen.findByRole('heading', { level: 2, name: 'GIT' })).toBeInTheDocument();
    const field = screen.getByRole('textbox', { name: 'Kategori' });
    expect(field).toHaveValue('Alla kategorier');
    await user.click(field);
    expect(field).toHaveAttribute('aria-busy', 'true');

    gate.open();
    await user.click(await screen.findByRole('option', { name: 'GIT', hidden: true }));
    await waitFor(() => expect(screen.queryByRole('heading', { level: 2, name: 'Fakturor' })).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { level: 2, name: 'GIT' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Kategori' })).toHaveFocus();
  });
});
