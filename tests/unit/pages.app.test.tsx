import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '@/App';
import { browser } from '@/api/http';
import { setRuntimeConfig } from '@/config/environment';
import { signInAs } from './pages.helpers';

const FORBIDDEN = '403 - Ci dispiace, la pagina non esiste';
const NOT_FOUND = '404 - Ci dispiace, non sei autorizzato a visualizzare questa pagina';

function openApp(path: string) {
  window.history.pushState({}, '', path);
  return render(<App />);
}

beforeEach(() => {
  // No host: no call leaves the test (the private pages here are placeholders).
  setRuntimeConfig({ environment: 'dev', hosts: { dev: {} } });
  vi.spyOn(browser, 'reload').mockImplementation(() => {});
});
afterEach(() => cleanup());

describe('error pages (texts exactly as given)', () => {
  it('/403 shows its text and a LOGOUT button that signs out', async () => {
    signInAs('ROLE_SALES');
    openApp('/403');
    expect(await screen.findByRole('heading', { name: FORBIDDEN })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'LOGOUT' }));
    await waitFor(() => expect(window.location.pathname).toBe('/logout'));
    await waitFor(() => expect(localStorage.getItem('auth')).toBeNull());
    expect(browser.reload).toHaveBeenCalled();
  });

  it('/404 shows its text and a "Torna alla Home" link to the home', async () => {
    openApp('/404');
    expect(await screen.findByRole('heading', { name: NOT_FOUND })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Torna alla Home' })).toHaveAttribute('href', '/');
  });

  it('any unknown path shows the 404 page', async () => {
    signInAs('ROLE_ADMIN');
    openApp('/questa/pagina/non/esiste');
    expect(await screen.findByRole('heading', { name: NOT_FOUND })).toBeInTheDocument();
  });

  it('an unknown path shows the 404 page to a visitor too', async () => {
    openApp('/nowhere');
    expect(await screen.findByRole('heading', { name: NOT_FOUND })).toBeInTheDocument();
  });
});

describe('routing of the whole app', () => {
  it('a private path without a session shows the login page, remembering the origin', async () => {
    openApp('/orders/orderVisualizer');
    expect(await screen.findByRole('heading', { name: 'Accedi al back office' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');
    expect(new URLSearchParams(window.location.search).get('redirect')).toBe('/orders/orderVisualizer');
  });

  it('a role not allowed on a path gets the 403 page', async () => {
    signInAs('ROLE_PLANNER');
    openApp('/settings/users');
    expect(await screen.findByRole('heading', { name: FORBIDDEN })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/403');
  });

  it('/logout?error=wronguser explains the incomplete credentials above the login form', async () => {
    openApp('/logout?error=wronguser');
    expect(
      await screen.findByText(/Le credenziali salvate su questo browser erano incomplete/),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Accedi' })).toBeInTheDocument();
  });

  it('/logout with a session clears it and reloads', async () => {
    signInAs('ROLE_ADMIN');
    openApp('/logout');
    await waitFor(() => expect(browser.reload).toHaveBeenCalled());
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('the admin home (/) opens inside the layout with the five menu groups', async () => {
    signInAs('ROLE_ADMIN');
    openApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Navigazione principale' });
    for (const group of ['PATRIMONIO', 'PUBBLICAZIONE', 'INVENTARIO', 'MEDIA MONITOR', 'ANALYTICS']) {
      expect(within(nav).getByRole('button', { name: group })).toBeInTheDocument();
    }
    expect(window.location.pathname).toBe('/');
  });

  it('a sales user opening / lands on /orders', async () => {
    signInAs('ROLE_SALES');
    openApp('/');
    await waitFor(() => expect(window.location.pathname).toBe('/orders'));
    expect(await screen.findByRole('navigation', { name: 'Navigazione principale' })).toBeInTheDocument();
  });

  it('the public pages are served without the layout: signup, forgot and change password', async () => {
    const cases: [string, string][] = [
      ['/signup', 'Registrazione'],
      ['/forgot-password', 'Password dimenticata'],
      ['/change-password', 'Imposta una nuova password'],
    ];
    for (const [path, heading] of cases) {
      const view = openApp(path);
      expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
      view.unmount();
    }
  });
});
