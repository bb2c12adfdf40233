import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, launch, networkQuiet, newContext, sandboxUrl, signIn, visit } from './support/browser';
import { api, signedInPage } from './support/session';

/*
 * The routes and the role matrix, written out role by role (independently of src/auth/permissions.ts): where each
 * demo user lands, which menu groups and all-roles links its app bar shows, one route it may open
 * and one it may not.
 */
const ALL_GROUPS = ['PATRIMONIO', 'PUBBLICAZIONE', 'INVENTARIO', 'MEDIA MONITOR', 'ANALYTICS'];
const STAFF: Array<{ user: string; home: string; groups: string[]; links: string[]; allowed: string; forbidden?: string }> = [
  { user: 'admin', home: '/', groups: ALL_GROUPS, links: [], allowed: '/settings/users' },
  { user: 'manager', home: '/orders', groups: [], links: ['Ordini', 'Opportunità', 'Disponibilità'], allowed: '/opportunities', forbidden: '/settings/users' },
  { user: 'assetmanager', home: '/systems-manage/manage', groups: ['PATRIMONIO'], links: ['Ordini', 'Opportunità', 'Disponibilità'], allowed: '/circuit-manage/manage', forbidden: '/campaigns' },
  { user: 'sales', home: '/orders', groups: ['PUBBLICAZIONE', 'INVENTARIO'], links: [], allowed: '/advertisers', forbidden: '/systems-manage/manage' },
  { user: 'salesleader', home: '/orders', groups: ['PUBBLICAZIONE', 'INVENTARIO'], links: [], allowed: '/estimates/manage', forbidden: '/media/monitor' },
  { user: 'mediamonitor', home: '/media/monitor', groups: ['MEDIA MONITOR', 'ANALYTICS'], links: ['Ordini', 'Opportunità'], allowed: '/dashboard/analytics', forbidden: '/advertisers' },
  { user: 'planner', home: '/orders', groups: [], links: ['Ordini', 'Opportunità'], allowed: '/profile', forbidden: '/plannings' },
  { user: 'supervisor', home: '/orders', groups: [], links: ['Ordini', 'Opportunità'], allowed: '/orders/orderVisualizer', forbidden: '/media/monitor' },
  { user: 'designer', home: '/orders', groups: [], links: ['Ordini', 'Opportunità'], allowed: '/opportunities', forbidden: '/test' },
];

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function signedIn(user: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser);
  const page = await context.newPage();
  await signIn(page, user);
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: 30_000 });
  // The back office is a lazy chunk after sign-in: its app bar says it has rendered, so
  // a reading of the page (e.g. the theme's background) is the back office's, not the front door's.
  await nav(page).waitFor({ timeout: 60_000 });
  return { context, page };
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Navigazione principale' });

describe('each staff role: home page, menus and guarded routes', () => {
  for (const role of STAFF) {
    it(`${role.user} lands on ${role.home} and sees exactly its menus`, async () => {
      const { context, page } = await signedIn(role.user);
      await page.waitForURL((url) => url.pathname === role.home, { timeout: 30_000 });
      const bar = nav(page);
      await bar.waitFor();
      for (const group of ALL_GROUPS) {
        const button = bar.getByRole('button', { name: group, exact: true });
        expect(await button.count(), `${role.user}: group ${group}`).toBe(role.groups.includes(group) ? 1 : 0);
      }
      for (const link of ['Ordini', 'Opportunità', 'Disponibilità']) {
        const count = await bar.getByRole('link', { name: link, exact: true }).count();
        expect(count, `${role.user}: link ${link}`).toBe(role.links.includes(link) ? 1 : 0);
      }
      // Every staff role has the notices' bell, its unread count in its name.
      await page.getByRole('button', { name: /^Avvisi: \d+ da leggere$/ }).waitFor();

      await visit(page, role.allowed);
      await networkQuiet(page);
      expect(new URL(page.url()).pathname).toBe(role.allowed);
      expect(await page.getByText('403 - Ci dispiace, la pagina non esiste').count()).toBe(0);

      if (role.forbidden) {
        await visit(page, role.forbidden);
        await page.waitForURL((url) => url.pathname === '/403', { timeout: 30_000 });
        await page.getByText('403 - Ci dispiace, la pagina non esiste').waitFor();
        expect(await page.getByRole('button', { name: 'LOGOUT' }).count()).toBe(1);
      }
      await context.close();
    });
  }

  it('the admin menu groups open with the keyboard and list the spec entries', async () => {
    const { context, page } = await signedInPage(browser, 'admin');
    const button = nav(page).getByRole('button', { name: 'INVENTARIO', exact: true });
    await button.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await menu.waitFor();
    const items = await menu.getByRole('menuitem').allInnerTexts();
    expect(items.map((t) => t.trim())).toEqual(['Prodotti', 'Listini']);
    await page.keyboard.press('Escape');
    await context.close();
  });

  it('menus grow in with the animations on, and appear in place when the system asks for reduced motion', async () => {
    const { context, page } = await signedInPage(browser, 'admin');
    const paper = page.locator('.MuiMenu-paper');
    const durations = () => paper.evaluate((el) => getComputedStyle(el).transitionDuration);
    const still = /^0s(, 0s)*$/;
    const open = async () => {
      await nav(page).getByRole('button', { name: 'INVENTARIO', exact: true }).click();
      await paper.waitFor();
    };
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await open();
    expect(await durations()).not.toMatch(still);
    // With the animations on, the menu works from the keyboard: its first entry has the focus.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname + url.search === '/estimates/products?catalogs', { timeout: 30_000 });
    await paper.waitFor({ state: 'detached' });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await open();
    expect(await durations()).toMatch(still);
    await page.keyboard.press('Escape');
    await context.close();
  });

  it('at 1280×720 the admin’s app bar holds its five groups on one line; the user menu names the user', async () => {
    const { context, page } = await signedInPage(browser, 'admin');
    await page.setViewportSize({ width: 1280, height: 720 });
    // An open group is shown in bold, the widest the bar gets.
    await visit(page, '/plannings');
    const groups = nav(page).getByRole('button');
    await expect.poll(() => groups.count()).toBe(ALL_GROUPS.length);
    const tops = await groups.evaluateAll((buttons) => buttons.map((b) => Math.round(b.getBoundingClientRect().top)));
    expect(new Set(tops).size, `group tops ${tops.join(', ')}`).toBe(1);
    const bar = await page.locator('header').first().boundingBox();
    expect(bar!.height).toBeLessThanOrEqual(64);
    await page.getByRole('button', { name: 'Alessandra Conti – Menu utente' }).click();
    await page.getByRole('menu').getByText('Alessandra Conti').waitFor();
    await page.keyboard.press('Escape');
    await context.close();
  });

  it('a guest signed in on /login is told that guests only open shared links', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, 'guest');
    await page.getByRole('heading', { name: 'Accesso ospite' }).waitFor({ timeout: 30_000 });
    await page.getByText(/solo le risorse condivise tramite un link/i).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });
});

describe('guarded routes, session and preferences', () => {
  it('a private route without a session goes to /login and back there after sign-in', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(appUrl('/opportunities'));
    await page.waitForURL((url) => url.pathname === '/login', { timeout: 30_000 });
    await page.getByLabel(/nome utente/i).fill('planner');
    await page.getByLabel(/password/i).first().fill('demo');
    await page.getByRole('button', { name: /accedi/i }).click();
    await page.waitForURL((url) => url.pathname === '/opportunities', { timeout: 30_000 });
    await context.close();
  });

  it('any unknown path shows the 404 page', async () => {
    const { context, page } = await signedInPage(browser, 'admin');
    await page.goto(appUrl('/questa/pagina/non-esiste'));
    await page.getByText('404 - Ci dispiace, non sei autorizzato a visualizzare questa pagina').waitFor({ timeout: 30_000 });
    expect(await page.getByRole('link', { name: 'Torna alla Home' }).count()).toBe(1);
    await context.close();
  });

  it('a token revoked on the server sends the user back to /login', async () => {
    // A supervisor of its own: disabling an account revokes every session of that user, and a demo
    // user's sessions are in use by the files running beside this one.
    const username = `e2e-revoca-${Date.now() % 1_000_000}`;
    const password = 'Zefiro-Lampone-2026!';
    const user = await api<{ id: number }>('/user/user/createUser', {
      method: 'POST',
      body: { username, password, name: 'Revoca', surname: 'Prova', email: `${username}@ooh-demo.it`, role: 'ROLE_SUPERVISOR' },
    });
    const context = await newContext(browser);
    const page = await context.newPage();
    try {
      await signIn(page, username, password);
      await page.waitForURL((url) => url.pathname === '/orders', { timeout: 30_000 });
      await nav(page).waitFor({ timeout: 60_000 });
      // Disabling the account on the server (admin) revokes every session of the user.
      await api(`/user/user/updateUser?id=${user.id}`, { method: 'POST', body: { enabled: false } });
      // The app may meet the revocation first (a call of the open screen answered 401) and send the
      // page to /login itself, which aborts this navigation: either way the user must land on /login.
      await page.goto(appUrl('/opportunities')).catch((error: unknown) => {
        if (!String(error).includes('net::ERR_ABORTED')) throw error;
      });
      await page.waitForURL((url) => url.pathname === '/login', { timeout: 30_000 });
      // The 401 clears the session and reloads the page: wait for the reloaded login form.
      await page.getByRole('button', { name: /accedi/i }).waitFor({ timeout: 30_000 });
      await page.waitForLoadState('load');
      expect(await page.evaluate(() => window.localStorage.getItem('auth'))).toBeNull();
    } finally {
      await context.close();
      await api(`/user/user/deleteUser?userId=${user.id}`, { method: 'DELETE' });
    }
    // Four calls to the services, a sign-in and three page loads against one sandbox that two files
    // share: a loaded run once took this case past 180 s, no single wait reaching its own bound.
  }, 300_000);

  it('logout ends the session on the server and clears it in the browser', async () => {
    // A session of its own (not the saved one other files reuse): the sign-out revokes it.
    const { context, page } = await signedIn('manager');
    const stored = await page.evaluate(() => ({ auth: localStorage.getItem('auth'), refresh: localStorage.getItem('refresh_token') }));
    expect(stored.auth && stored.refresh).toBeTruthy();
    await page.getByRole('button', { name: 'Menu utente' }).click();
    await page.getByRole('menuitem', { name: 'Esci' }).click();
    // /logout revokes the refresh token, clears the session, reloads once and shows the sign-in form.
    await page.waitForURL((url) => url.pathname === '/logout' || url.pathname === '/login', { timeout: 30_000 });
    await page.getByRole('button', { name: /accedi/i }).waitFor({ timeout: 30_000 });
    await page.waitForLoadState('load');
    expect(await page.evaluate(() => window.localStorage.getItem('auth'))).toBeNull();
    // The tokens the browser held no longer work: the access token answers 401, the refresh is refused.
    const profile = await fetch(sandboxUrl('/user/user/profile'), { headers: { Authorization: `Bearer ${stored.auth}` } });
    expect(profile.status).toBe(401);
    const refresh = await fetch(sandboxUrl('/user/oauth/token'), {
      method: 'POST',
      headers: { Authorization: `Basic ${Buffer.from('backoffice:backoffice-secret').toString('base64')}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: stored.refresh! }).toString(),
    });
    expect(refresh.status).toBe(400);
    await page.goto(appUrl('/orders'));
    await page.waitForURL((url) => url.pathname === '/login', { timeout: 30_000 });
    await context.close();
  });

  it('the theme switch is saved in the profile and survives a new sign-in', async () => {
    const { context, page } = await signedIn('planner');
    const background = (p: Page) => p.evaluate(() => getComputedStyle(document.body).backgroundColor);
    /*
     * Picks a theme in the user menu until the page's background changes, at most three times,
     * 10 s each: on a loaded CI run a click on the menu's entry, landing as the menu opened, left
     * the theme as it was.
     */
    const chooseTheme = async (p: Page, name: string) => {
      const before = await background(p);
      for (let attempt = 1; ; attempt += 1) {
        if (!(await p.getByRole('menu').isVisible())) await p.getByRole('button', { name: 'Menu utente' }).click();
        await p.getByRole('menuitemradio', { name }).click();
        try {
          await p.waitForFunction((was) => getComputedStyle(document.body).backgroundColor !== was, before, { timeout: 10_000 });
          return;
        } catch (error) {
          if (attempt === 3) throw error;
        }
      }
    };
    const light = await background(page);
    await chooseTheme(page, 'Scuro');
    // The theme applies at once; the profile is saved by a request that closing the context would
    // abort on a loaded machine: the confirmation says it reached the service.
    await page.getByText('Tema salvato').waitFor();
    const dark = await background(page);
    const brightness = (rgb: string) => (rgb.match(/\d+/g) ?? []).slice(0, 3).reduce((sum, c) => sum + Number(c), 0);
    expect(brightness(dark)).toBeLessThan(brightness(light));
    await context.close();

    const again = await signedIn('planner');
    await again.page.waitForFunction((expected) => getComputedStyle(document.body).backgroundColor === expected, dark, { timeout: 30_000 });
    // Put it back for the other tests.
    await chooseTheme(again.page, 'Classico');
    await again.page.getByText('Tema salvato').waitFor();
    await again.context.close();
  });

  it('English, loaded when it is chosen, names the menus; Italian comes back', async () => {
    const { context, page } = await signedIn('planner');
    const english: string[] = [];
    page.on('request', (r) => {
      if (/\/assets\/en-[^/]*\.js$/.test(new URL(r.url()).pathname)) english.push(r.url());
    });
    await page.getByRole('button', { name: 'Menu utente' }).click();
    await page.getByRole('menuitemradio', { name: 'Inglese' }).click();
    await page.getByRole('button', { name: 'User menu' }).click();
    expect(await page.getByRole('menuitemradio', { name: 'English' }).getAttribute('aria-checked')).toBe('true');
    // The English messages came with the choice, not with the back office.
    expect(english.length).toBe(1);
    await page.getByRole('menuitemradio', { name: 'Italian' }).click();
    await page.getByRole('button', { name: 'Menu utente' }).waitFor();
    await context.close();
  });
});

describe('/profile reads and writes through the users data provider', () => {
  // A 1×1 PNG: the avatar the service stores and serves back as a blob.
  const PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
    'base64',
  );

  it('shows the identity, refuses a guessable or wrong password, and uploads a new avatar', async () => {
    const { context, page } = await signedIn('planner');
    await page.setViewportSize({ width: 1280, height: 720 });
    await visit(page, '/profile');
    await page.getByRole('heading', { name: 'Profilo', level: 1 }).waitFor();
    const identity = page.getByRole('region', { name: 'Dati personali' });
    await identity.getByText('planner', { exact: true }).waitFor();

    const current = page.getByLabel(/Password attuale/);
    const fresh = page.getByLabel(/^Nuova password/);
    const confirm = page.getByLabel(/Conferma nuova password/);
    await current.fill('non-è-la-mia-password');
    await fresh.fill('juventus1');
    await confirm.fill('juventus1');
    await page.getByRole('button', { name: 'Cambia password' }).click();
    await page.getByText('La password è troppo facile da indovinare: usa una frase o più parole non ovvie').waitFor();

    await fresh.fill('Tramonto-Milano-42');
    await confirm.fill('Tramonto-Milano-42');
    await page.getByRole('button', { name: 'Cambia password' }).click();
    // The service refuses the wrong current password (400), so the demo password stays as it is.
    await page.getByRole('alert').filter({ hasText: 'La password attuale non è corretta.' }).waitFor();

    await page.locator('input[type="file"]').setInputFiles({ name: 'io.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('status').filter({ hasText: 'Immagine del profilo aggiornata' }).waitFor();
    await page.getByRole('img', { name: /^Immagine del profilo di / }).waitFor();
    await page.screenshot({ path: '.e2e/screenshots/profile-1280.png', fullPage: false });
    await context.close();
  });
});
