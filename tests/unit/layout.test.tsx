import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route } from 'react-router-dom';
import { useTheme } from 'react-admin';
import { getUser, storeSession } from '@/auth/session';
import { CHUNK_LOAD_TIMEOUT_MS, LAZY_PAGE_MIN_DELAY_MS } from '@/config/constants';
import { setRuntimeConfig } from '@/config/environment';
import { AppBar, StageMarker } from '@/layout/AppBar';
import { Layout } from '@/layout/Layout';
import { LoadingAnimation } from '@/layout/LoadingAnimation';
import { ChunkLoadError, lazyPage, loadPage } from '@/layout/lazyPage';
import { MenuBar } from '@/layout/MenuBar';
import { IDLE_PRELOAD_DELAY_MS, preloadScreen, preloadScreensWhenIdle, PRIVATE_ROUTES } from '@/routes';
import { classicTheme, darkTheme, themeNameOf } from '@/theme';
import { useProfileTheme } from '@/theme/useThemePreference';
import { renderWithAdmin, signInAs } from './pages.helpers';

const USER = 'http://user.test';
const preferences: unknown[] = [];
const server = setupServer(
  http.put(`${USER}/user/preference`, async ({ request }) => {
    const body = await request.json();
    preferences.push(body);
    return HttpResponse.json(body);
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  preferences.length = 0;
  setRuntimeConfig({ environment: 'dev', hosts: { dev: { user: USER } } });
});

const Page = () => <h1>Pagina caricata</h1>;

describe('lazy pages', () => {
  afterEach(() => vi.useRealTimers());

  it('wait at least the 100 ms minimum delay', async () => {
    vi.useFakeTimers();
    let loaded = false;
    void loadPage(() => Promise.resolve({ default: Page })).then(() => (loaded = true));
    await vi.advanceTimersByTimeAsync(LAZY_PAGE_MIN_DELAY_MS - 1);
    expect(loaded).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(loaded).toBe(true);
  });

  it('fail with a timeout ChunkLoadError after 120 s without the code', async () => {
    vi.useFakeTimers();
    const outcome = loadPage(() => new Promise(() => {})).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as ChunkLoadError).reason).toBe('timeout');
  });

  it('turn a failed import into a ChunkLoadError', async () => {
    await expect(
      loadPage(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')), {
        minDelayMs: 0,
      }),
    ).rejects.toMatchObject({
      name: 'ChunkLoadError',
      reason: 'failed',
    });
  });

  it('start loading on preload, once; a page whose code has arrived shows at once, with no animation and no wait', async () => {
    let loads = 0;
    const Lazy = lazyPage(() => {
      loads += 1;
      return Promise.resolve({ default: Page });
    });
    Lazy.preload();
    Lazy.preload();
    expect(loads).toBe(1);
    // The minimum delay runs from the preload: past it, the page is ready before it renders.
    await act(() => new Promise((resolve) => setTimeout(resolve, LAZY_PAGE_MIN_DELAY_MS + 20)));
    renderWithAdmin(<Route path="/" element={<Lazy />} />);
    expect(screen.getByRole('heading', { name: 'Pagina caricata' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(loads).toBe(1);
  });

  it('preload the screen of a path only for a role that may open it', () => {
    signInAs('ROLE_SALES');
    const pageOf = (path: string) => PRIVATE_ROUTES.find((r) => r.path === path)!.page;
    const availability = vi.spyOn(pageOf('/availability'), 'preload').mockResolvedValue(undefined);
    const systems = vi.spyOn(pageOf('/systems-manage/manage'), 'preload').mockResolvedValue(undefined);
    const advertiser = vi.spyOn(pageOf('/advertisers/:id'), 'preload').mockResolvedValue(undefined);
    const planning = vi.spyOn(pageOf('/plannings/:id'), 'preload').mockResolvedValue(undefined);
    preloadScreen('/availability?periodStart=2026-03-02');
    preloadScreen('/systems-manage/manage');
    preloadScreen('/advertisers/12');
    preloadScreen('/plannings/12');
    expect(availability).toHaveBeenCalledTimes(1);
    expect(systems).not.toHaveBeenCalled();
    expect(advertiser).toHaveBeenCalledTimes(1);
    expect(planning).not.toHaveBeenCalled();
  });

  it('load the menu’s screens one after the other once the browser is idle, and stop when asked', async () => {
    vi.useFakeTimers();
    signInAs('ROLE_SALES');
    const pageOf = (path: string) => PRIVATE_ROUTES.find((r) => r.path === path)!.page;
    const order: string[] = [];
    let arrive: () => void = () => undefined;
    for (const path of ['/orders', '/availability', '/campaigns']) {
      vi.spyOn(pageOf(path), 'preload').mockImplementation(() => {
        order.push(path);
        return new Promise<void>((resolve) => (arrive = resolve));
      });
    }
    const stop = preloadScreensWhenIdle(['/orders', '/availability', '/campaigns']);
    await vi.advanceTimersByTimeAsync(IDLE_PRELOAD_DELAY_MS - 1);
    expect(order).toEqual([]);
    await vi.advanceTimersByTimeAsync(10);
    // One at a time: the next waits for the code of the one before.
    expect(order).toEqual(['/orders']);
    await vi.advanceTimersByTimeAsync(100);
    expect(order).toEqual(['/orders']);
    arrive();
    await vi.advanceTimersByTimeAsync(10);
    expect(order).toEqual(['/orders', '/availability']);
    stop();
    arrive();
    await vi.advanceTimersByTimeAsync(5000);
    expect(order).toEqual(['/orders', '/availability']);
  });

  it('show the loading animation, then the page', async () => {
    const Lazy = lazyPage(() => Promise.resolve({ default: Page }));
    renderWithAdmin(<Route path="/" element={<Lazy />} />);
    expect(screen.getByRole('progressbar', { name: 'Caricamento in corso' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Pagina caricata' })).toBeInTheDocument();
  });

  it('a page that does not arrive in time shows an Italian error; Riprova loads it again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let attempts = 0;
    const Lazy = lazyPage(
      () => {
        attempts += 1;
        return attempts === 1 ? new Promise(() => {}) : Promise.resolve({ default: Page });
      },
      { minDelayMs: 0, timeoutMs: 30 },
    );
    renderWithAdmin(<Route path="/" element={<Lazy />} />);
    expect(await screen.findByText(/La pagina non si è caricata entro 120 secondi/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Riprova' }));
    expect(await screen.findByRole('heading', { name: 'Pagina caricata' })).toBeInTheDocument();
    expect(attempts).toBe(2);
  });

  it('the loading animation is 200 px wide full-screen and 150 px wide simple', () => {
    const { unmount } = render(<LoadingAnimation variant="fullScreen" />);
    expect(getComputedStyle(screen.getByRole('progressbar')).width).toBe('200px');
    unmount();
    render(<LoadingAnimation variant="simple" />);
    expect(getComputedStyle(screen.getByRole('progressbar')).width).toBe('150px');
  });
});

describe('layout', () => {
  function Broken(): never {
    throw new Error('rotto');
  }

  it('frames a page with the skip link and the app bar, and never reads the page width as it renders', async () => {
    signInAs('ROLE_ADMIN');
    // react-admin's <Layout> rendered its preferences inspector, which read document.body.clientWidth
    // as it rendered: the browser laid the whole page out in the middle of every render.
    const width = vi.spyOn(document.body, 'clientWidth', 'get');
    renderWithAdmin(
      <Route
        path="/"
        element={
          <Layout>
            <Page />
          </Layout>
        }
      />,
    );
    expect(await screen.findByRole('heading', { name: 'Pagina caricata' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Navigazione principale' })).toBeInTheDocument();
    expect(screen.getByText('Vai al contenuto')).toBeInTheDocument();
    expect(document.getElementById('main-content')).toContainElement(
      screen.getByRole('heading', { name: 'Pagina caricata' }),
    );
    expect(width).not.toHaveBeenCalled();
    width.mockRestore();
  });

  it('a page that fails shows react-admin’s error page inside the frame, the app bar still there', async () => {
    signInAs('ROLE_ADMIN');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithAdmin(
      <Route
        path="/"
        element={
          <Layout>
            <Broken />
          </Layout>
        }
      />,
    );
    expect(await screen.findByText('Qualcosa è andato storto')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Navigazione principale' })).toBeInTheDocument();
    vi.mocked(console.error).mockRestore();
  });
});

describe('themes', () => {
  it('classic is light with primary #0a3f8a; dark is dark', () => {
    expect(classicTheme.palette?.mode).toBe('light');
    expect((classicTheme.palette?.primary as { main: string }).main).toBe('#0a3f8a');
    expect(darkTheme.palette?.mode).toBe('dark');
  });

  it('the preference is classic or dark; anything else falls back to classic', () => {
    expect(themeNameOf('dark')).toBe('dark');
    expect(themeNameOf('classic')).toBe('classic');
    expect(themeNameOf('neon')).toBe('classic');
    expect(themeNameOf(undefined)).toBe('classic');
    expect(themeNameOf(42)).toBe('classic');
  });

  function ThemeProbe() {
    useProfileTheme();
    const [mode] = useTheme();
    return <output data-testid="mode">{mode}</output>;
  }

  it("entering the app applies the profile's theme", async () => {
    storeSession({ auth: 't', user: { username: 'u', theme: 'dark' }, type: 'ROLE_ADMIN', group: 'g' });
    renderWithAdmin(<Route path="/" element={<ThemeProbe />} />);
    await waitFor(() => expect(screen.getByTestId('mode')).toHaveTextContent('dark'));
  });

  it('an unknown profile theme gives the classic (light) theme', async () => {
    storeSession({ auth: 't', user: { username: 'u', theme: 'fluo' }, type: 'ROLE_ADMIN', group: 'g' });
    renderWithAdmin(<Route path="/" element={<ThemeProbe />} />);
    await waitFor(() => expect(screen.getByTestId('mode')).toHaveTextContent('light'));
  });
});

describe('app bar', () => {
  it('shows a sales user PUBBLICAZIONE and INVENTARIO only, with the entries it may open', async () => {
    signInAs('ROLE_SALES');
    renderWithAdmin(<Route path="/" element={<MenuBar />} />);
    const nav = screen.getByRole('navigation', { name: 'Navigazione principale' });
    expect(
      within(nav)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['PUBBLICAZIONE', 'INVENTARIO']);
    await userEvent.click(within(nav).getByRole('button', { name: 'PUBBLICAZIONE' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => [i.textContent, i.getAttribute('href')]),
    ).toEqual([
      ['Opportunità', '/opportunities'],
      ['Preventivi', '/estimates/manage'],
      ['Ordini', '/orders'],
      ['Campagne', '/campaigns'],
      ['Creatività', '/creatives'],
      ['Inserzionisti', '/advertisers'],
      ['Disponibilità', '/availability'],
    ]);
  });

  it('a menu starts loading the screens of its entries when the pointer reaches it, or when it opens', async () => {
    signInAs('ROLE_SALES');
    const pageOf = (path: string) => PRIVATE_ROUTES.find((r) => r.path === path)!.page;
    const availability = vi.spyOn(pageOf('/availability'), 'preload').mockResolvedValue(undefined);
    const orders = vi.spyOn(pageOf('/orders'), 'preload').mockResolvedValue(undefined);
    renderWithAdmin(<Route path="/" element={<MenuBar />} />);
    expect(availability).not.toHaveBeenCalled();
    await userEvent.hover(screen.getByRole('button', { name: 'PUBBLICAZIONE' }));
    expect(availability).toHaveBeenCalledTimes(1);
    expect(orders).toHaveBeenCalledTimes(1);
    // Opening it (the focus, then the click) asks again: the load itself starts once (lazyPage).
    await userEvent.click(screen.getByRole('button', { name: 'PUBBLICAZIONE' }));
    expect(availability.mock.calls.length).toBeGreaterThan(1);
  });

  it('loads the screens of the menu once idle, unless the configuration says preloadScreens: false', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signInAs('ROLE_SALES');
    const preloads = PRIVATE_ROUTES.map((r) => vi.spyOn(r.page, 'preload').mockResolvedValue(undefined));
    const called = () => preloads.filter((spy) => spy.mock.calls.length > 0).length;
    setRuntimeConfig({ environment: 'dev', hosts: { dev: { user: USER } }, preloadScreens: false });
    const first = renderWithAdmin(<Route path="/" element={<MenuBar />} />);
    await act(() => vi.advanceTimersByTimeAsync(IDLE_PRELOAD_DELAY_MS + 3000));
    expect(called()).toBe(0);
    first.unmount();
    setRuntimeConfig({ environment: 'dev', hosts: { dev: { user: USER } } });
    renderWithAdmin(<Route path="/" element={<MenuBar />} />);
    await act(() => vi.advanceTimersByTimeAsync(IDLE_PRELOAD_DELAY_MS + 3000));
    // Every screen of the seller's menu (its groups' entries and its links), each once.
    expect(called()).toBeGreaterThan(5);
    expect(PRIVATE_ROUTES.find((r) => r.path === '/orders')!.page.preload).toHaveBeenCalledTimes(1);
  });

  it('menus are keyboard-usable: Enter opens, arrows move, Escape closes', async () => {
    signInAs('ROLE_MEDIAMONITOR');
    const user = userEvent.setup();
    renderWithAdmin(<Route path="/" element={<MenuBar />} />);
    const button = screen.getByRole('button', { name: 'ANALYTICS' });
    button.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() =>
      expect(within(menu).getByRole('menuitem', { name: 'Dashboard Funnel' })).toHaveFocus(),
    );
    await user.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'Programmatic DOOH' })).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });

  it('roles without the PUBBLICAZIONE group get Ordini and Opportunità as links, and the designer its Creatività', () => {
    signInAs('ROLE_DESIGNER');
    renderWithAdmin(<Route path="/" element={<MenuBar />} />);
    const nav = screen.getByRole('navigation', { name: 'Navigazione principale' });
    expect(within(nav).queryAllByRole('button')).toHaveLength(0);
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => [l.textContent, l.getAttribute('href')]),
    ).toEqual([
      ['Ordini', '/orders'],
      ['Opportunità', '/opportunities'],
      ['Creatività', '/creatives'],
    ]);
  });

  it("shows the 'stage' marker only in the stage environment", () => {
    setRuntimeConfig({ environment: 'stage', hosts: {} });
    const { unmount } = renderWithAdmin(<Route path="/" element={<StageMarker />} />);
    expect(screen.getByText('stage')).toBeInTheDocument();
    unmount();
    setRuntimeConfig({ environment: 'prod', hosts: {} });
    renderWithAdmin(<Route path="/" element={<StageMarker />} />);
    expect(screen.queryByText('stage')).toBeNull();
  });

  it('the user menu offers profile, theme, language and logout; admin pages only to the admin', async () => {
    signInAs('ROLE_SALES');
    renderWithAdmin(<Route path="/" element={<AppBar />} />);
    await userEvent.click(screen.getByRole('button', { name: /menu utente/i }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Profilo' })).toHaveAttribute('href', '/profile');
    expect(within(menu).queryByRole('menuitem', { name: 'Gestione utenti' })).toBeNull();
    expect(within(menu).getByRole('menuitemradio', { name: 'Classico' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(within(menu).getByRole('menuitemradio', { name: 'Scuro' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    expect(within(menu).getByRole('menuitemradio', { name: 'Italiano' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(within(menu).getByRole('menuitemradio', { name: 'Inglese' })).toBeInTheDocument();
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Esci' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/logout'));
  });

  it('the admin also finds Gestione utenti and Test dei servizi', async () => {
    signInAs('ROLE_ADMIN');
    renderWithAdmin(<Route path="/" element={<AppBar />} />);
    await userEvent.click(screen.getByRole('button', { name: /menu utente/i }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Gestione utenti' })).toHaveAttribute(
      'href',
      '/settings/users',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Test dei servizi' })).toHaveAttribute('href', '/test');
  });

  it('switching the theme applies it, keeps it locally and saves it through the user service', async () => {
    signInAs('ROLE_SALES');
    renderWithAdmin(<Route path="/" element={<AppBar />} />);
    await userEvent.click(screen.getByRole('button', { name: /menu utente/i }));
    await userEvent.click(await screen.findByRole('menuitemradio', { name: 'Scuro' }));
    await waitFor(() => expect(preferences).toEqual([{ theme: 'dark' }]));
    expect(getUser()?.theme).toBe('dark');
    await userEvent.click(screen.getByRole('button', { name: /menu utente/i }));
    expect(await screen.findByRole('menuitemradio', { name: 'Scuro' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
  });

  it('switching the language to English translates the app bar', async () => {
    signInAs('ROLE_SALES');
    renderWithAdmin(<Route path="/" element={<AppBar />} />);
    await userEvent.click(screen.getByRole('button', { name: /menu utente/i }));
    await userEvent.click(await screen.findByRole('menuitemradio', { name: 'Inglese' }));
    expect(await screen.findByRole('button', { name: /user menu/i })).toBeInTheDocument();
    await act(async () => {});
  });
});
