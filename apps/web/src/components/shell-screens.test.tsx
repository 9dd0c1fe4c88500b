import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../lib/i18n';
import { ChunkLoadError, lazyPage, withTimeout } from '../lib/lazy-route';
import { setStoredUser } from '../lib/storage';
import { demoUser, renderApp, renderRoutes } from '../test/render';
import { AccessDeniedScreen } from './access-denied-screen';
import { MaintenanceBanner } from './maintenance-banner';
import { RouteErrorScreen } from './route-error-screen';
import { TokenExpiredNotice } from './token-expired-notice';
import { VerificationTokenMissing } from './verification-token-missing';

afterEach(async () => {
  await setLanguage('sv');
});

function page(element: React.ReactNode, path = '/') {
  return renderRoutes([{ path: '*', element }], path);
}

describe('TokenExpiredNotice', () => {
  it('tells the user in Swedish why they were logged out', () => {
    page(<TokenExpiredNotice />);
    expect(screen.getByText('Du har blivit utloggad')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(/för länge .* någon annan har loggat in/);
  });

  it('and in English', async () => {
    await setLanguage('en');
    page(<TokenExpiredNotice />);
    expect(screen.getByText('You have been logged out')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(/logged in for too long .* someone else logged into the account/);
  });
});

describe('VerificationTokenMissing', () => {
  it('explains the missing token and offers a new reset link', async () => {
    await setLanguage('en');
    page(<VerificationTokenMissing />);
    expect(screen.getByRole('heading', { name: 'Verification Token Missing' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgot-password');
  });

  it('sends an invited user back to the invitation instead', () => {
    page(<VerificationTokenMissing kind="invitation" />);
    expect(screen.getByRole('heading', { name: 'Verifieringstoken saknas' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Begär en ny länk' })).not.toBeInTheDocument();
    expect(screen.getByText(/inbjudan/)).toBeInTheDocument();
  });
});

describe('the 404 page', () => {
  it("says 'Oops!' / 'This page can not be found' and links home", async () => {
    await setLanguage('en');
    renderApp('/somewhere/else');
    expect(await screen.findByRole('heading', { level: 1, name: 'Oops!' })).toBeInTheDocument();
    expect(screen.getByText('This page can not be found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });
});

describe('AccessDeniedScreen', () => {
  it('refuses and prepares a request to the owner', async () => {
    setStoredUser(demoUser);
    const user = userEvent.setup();
    page(<AccessDeniedScreen page="https://portal.example/dashboard/configuration/users" />);
    expect(screen.getByText('Du har inte behörighet till sidan.')).toBeInTheDocument();
    const request = screen.getByRole('button', { name: 'Begär åtkomst' });
    expect(request).toHaveAttribute('aria-expanded', 'false');
    await user.click(request);
    expect(request).toHaveAttribute('aria-expanded', 'true');
    const message = screen.getByLabelText('Meddelande till ägaren') as HTMLTextAreaElement;
    expect(message.value).toContain('Karin Sjöberg');
    expect(message.value).toContain('https://portal.example/dashboard/configuration/users');
    expect(message.value).toContain('Fairway Demo GK');
    const mail = await screen.findByRole('link', { name: 'Öppna i e-postprogrammet' });
    expect(mail.getAttribute('href')).toMatch(/^mailto:\?subject=.+&body=.+Karin/);
  });
});

describe('MaintenanceBanner', () => {
  it('stays hidden once dismissed', () => {
    localStorage.setItem('maintenanceDismissed', 'true');
    page(<MaintenanceBanner />);
    expect(screen.queryByText('Underhåll pågår')).not.toBeInTheDocument();
  });

  it('can be switched off for a build', () => {
    page(<MaintenanceBanner enabled={false} />);
    expect(screen.queryByText('Underhåll pågår')).not.toBeInTheDocument();
  });
});

describe('chunk loading', () => {
  it('gives up after the timeout with a ChunkLoadError', async () => {
    vi.useFakeTimers();
    const pending = withTimeout(new Promise(() => {}), 120_000);
    const assertion = expect(pending).rejects.toBeInstanceOf(ChunkLoadError);
    vi.advanceTimersByTime(120_000);
    await assertion;
    vi.useRealTimers();
  });

  it('shows the reload screen when a route chunk does not arrive', async () => {
    renderRoutes(
      [
        {
          element: <Outlet />,
          errorElement: <RouteErrorScreen />,
          children: [{ index: true, lazy: lazyPage(() => new Promise(() => {}), 30) }],
        },
      ],
      '/',
    );
    expect(await screen.findByRole('heading', { name: 'Sidan kunde inte laddas' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ladda om sidan' })).toBeInTheDocument();
  });

  it('treats a failed dynamic import as a chunk error too', async () => {
    renderRoutes(
      [
        {
          element: <Outlet />,
          errorElement: <RouteErrorScreen />,
          children: [
            {
              index: true,
              lazy: lazyPage(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))),
            },
          ],
        },
      ],
      '/',
    );
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Sidan kunde inte laddas' })).toBeInTheDocument());
  });
});
