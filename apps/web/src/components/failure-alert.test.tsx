import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../lib/i18n';
import { renderRoutes } from '../test/render';
import { FailureAlert } from './failure-alert';

const missingClub = {
  status: 400,
  message: 'Välj vilken klubb data ska synkas till',
  setting: { group: 'api', field: 'club_to_sync' },
} as const;

beforeEach(async () => {
  await setLanguage('sv');
});

describe('FailureAlert', () => {
  it('shows nothing without a message', () => {
    renderRoutes([{ path: '/', element: <FailureAlert failure={{ status: 403, message: null }} /> }], '/');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('names the missing setting and its group, and links to the field on the configurations page', () => {
    renderRoutes([{ path: '/', element: <FailureAlert failure={missingClub} title="Misslyckat" /> }], '/');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Misslyckat');
    expect(alert.textContent).toContain('Välj vilken klubb data ska synkas till');
    const link = within(alert).getByRole('link', { name: 'Ställ in ”Klubb att synka till” i API-konfiguration' });
    expect(link.getAttribute('href')).toBe('/dashboard/settings?tab=api&field=club_to_sync');
  });

  it('speaks English too', async () => {
    await setLanguage('en');
    renderRoutes([{ path: '/', element: <FailureAlert failure={missingClub} /> }], '/');
    expect(screen.getByRole('link', { name: 'Set “Club to sync to” in API configuration' })).toBeTruthy();
  });
});
