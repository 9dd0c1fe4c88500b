import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { mockApi, ok } from '../../../test/api';
import { details, GROUP_ID, renderDuplicates } from '../test/fixtures';

// This file's app is Dubbelkoll's (BRAND=dubbelkoll): brand.ts answers the served brand at load.
vi.mock('../../../app/brand', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../app/brand')>();
  return { ...actual, brand: actual.resolveBrand('dubbelkoll') };
});

vi.setConfig({ testTimeout: 60_000 });

afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('sv');
});

const integrations = {
  integrations: [{ system: 'accounting', provider: 'fortnox', status: 'connected', target: 'live', accounting: null }],
};

describe("Dubbelkoll's breadcrumbs", () => {
  it("start at Dubbelkoll's home, the duplicates page, without the golf portal's group", async () => {
    mockApi({ 'GET integrations': () => integrations, 'GET duplicates/:id/details': () => details() });
    renderDuplicates(`/dashboard/duplicates/detail/${GROUP_ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Dubblettgrupp INV-1' });
    const trail = screen.getByRole('navigation', { name: 'Brödsmulor' });
    expect(trail).not.toHaveTextContent('Bokföringsdata');
    expect(trail).not.toHaveTextContent('Översikt');
    expect(within(trail).getByRole('link', { name: 'Dubbletter' })).toHaveAttribute('href', '/dashboard/duplicates');
    expect(within(trail).getByRole('link', { name: 'Kundfakturor' })).toHaveAttribute('href', '/dashboard/duplicates/invoice');
  });

  it('in English too', async () => {
    await setLanguage('en');
    mockApi({
      'GET integrations': () => integrations,
      'GET duplicates': () => ok([], { pagination: { page: 1, pageSize: 25, total: 0 } }),
    });
    renderDuplicates('/dashboard/duplicates/supplier_invoice');
    await screen.findByRole('heading', { level: 1, name: 'Supplier invoices' });
    const trail = screen.getByRole('navigation', { name: 'Breadcrumbs' });
    expect(trail).not.toHaveTextContent('Accounting data');
    expect(within(trail).getByRole('link', { name: 'Duplicates' })).toHaveAttribute('href', '/dashboard/duplicates');
  });
});
