import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, launch, newContext, sandboxUrl, signIn } from './support/browser';

/*
 * The light front door: /login and the shared-resource viewer load without the back
 * office (react-admin, the data providers, the domain screens), and the spec's behaviour of these
 * pages stays: sign-in reaches the home, the guest viewer signs in with the link's token, the
 * wrong-user path signs out to the login with its notice, and sign-in goes back to the
 * remembered location.
 */

/** A script of the back office: its chunk (build) or module (dev), or react-admin's own code. */
const BACK_OFFICE_URL = /\/BackOffice[-.]|react-admin|ra-core|ra-ui-materialui|\/dataProviders\/|\/resources\//;
/** Text only react-admin's code carries (its components' class prefixes; the theme names others). */
const REACT_ADMIN_CODE = /\bRaLayout\b|\bRaDatagrid\b/;

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

interface Scripts {
  urls: string[];
  /** Scripts whose code is react-admin's. */
  reactAdmin: string[];
}

/** Every script the page requests from now on, and which of them hold react-admin's code. */
function watchScripts(page: Page): () => Promise<Scripts> {
  const urls: string[] = [];
  const checks: Promise<string | null>[] = [];
  page.on('requestfinished', (request: Request) => {
    if (request.resourceType() !== 'script') return;
    urls.push(request.url());
    checks.push(
      request
        .response()
        .then((response) => response?.text())
        .then((text) => (text && REACT_ADMIN_CODE.test(text) ? request.url() : null))
        .catch(() => null),
    );
  });
  return async () => ({ urls: [...urls], reactAdmin: (await Promise.all(checks)).filter((u): u is string => u !== null) });
}

async function apiToken(username: string): Promise<string> {
  const response = await fetch(sandboxUrl('/user/oauth/token'), {
    method: 'POST',
    headers: { Authorization: `Basic ${Buffer.from('backoffice:backoffice-secret').toString('base64')}`, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username, password: 'demo' }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** A share link of the first estimate, made by the admin through the share service. */
async function sharedEstimate(): Promise<{ viewPath: string; estimateId: number }> {
  const headers = { Authorization: `Bearer ${await apiToken('admin')}`, 'Content-Type': 'application/json' };
  const estimates = (await (await fetch(sandboxUrl('/estimate/estimate/getAllDto'), { headers })).json()) as Array<{ id: number }>;
  const response = await fetch(sandboxUrl('/share/v1/share/create'), {
    method: 'POST',
    headers,
    body: JSON.stringify({ resourceId: estimates[0].id, resourceType: 'estimate' }),
  });
  expect(response.ok).toBe(true);
  return { viewPath: ((await response.json()) as { viewPath: string }).viewPath, estimateId: estimates[0].id };
}

describe('the front door', () => {
  it('/login loads no back-office script; typing the password fetches it; sign-in reaches the home', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const scripts = watchScripts(page);
    await page.goto(appUrl('/login'), { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Accedi al back office' }).waitFor();
    const before = await scripts();
    expect(before.urls.length).toBeGreaterThan(0);
    expect(before.urls.filter((u) => BACK_OFFICE_URL.test(u)), before.urls.join(' ')).toEqual([]);
    expect(before.reactAdmin).toEqual([]);

    // The prefetch: the back office's chunk is asked for while the password is typed.
    const backOffice = page.waitForRequest((r) => BACK_OFFICE_URL.test(r.url()));
    await page.getByLabel(/nome utente/i).fill('admin');
    await page.getByLabel(/password/i).first().fill('demo');
    await backOffice;
    expect(new URL(page.url()).pathname).toBe('/login');

    await page.getByRole('button', { name: /accedi/i }).click();
    await page.getByRole('navigation', { name: 'Navigazione principale' }).waitFor({ timeout: 60_000 });
    expect(new URL(page.url()).pathname).toBe('/');
    expect((await scripts()).reactAdmin.length).toBeGreaterThan(0);
    await context.close();
  });

  it('the guest viewer signs in with the link token and shows the shared estimate, without the back office', async () => {
    const { viewPath } = await sharedEstimate();
    const context = await newContext(browser);
    const page = await context.newPage();
    const scripts = watchScripts(page);
    await page.goto(appUrl(viewPath));
    await page.getByTestId('estimate-total').waitFor({ timeout: 60_000 });
    await page.getByRole('table').waitFor();
    // The guest session is the tab's own (sessionStorage); the browser's storage holds no session.
    expect(await page.evaluate(() => [sessionStorage.getItem('guest'), sessionStorage.getItem('type'), localStorage.getItem('auth')])).toEqual(['true', 'ROLE_GUEST', null]);
    await page.waitForLoadState('networkidle');
    const loaded = await scripts();
    expect(loaded.urls.filter((u) => BACK_OFFICE_URL.test(u))).toEqual([]);
    expect(loaded.reactAdmin).toEqual([]);
    await context.close();
  });

  it('an unknown link token goes to the 404 page, which speaks to the client who opened the link', async () => {
    const { viewPath } = await sharedEstimate();
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(appUrl(viewPath.replace(/\/token\/[^/]+\/view$/, '/token/not-a-token/view')));
    await page.waitForURL((url) => url.pathname === '/404', { timeout: 60_000 });
    await page.getByRole('heading', { name: 'Questo link non è più valido' }).waitFor();
    expect(await page.getByRole('link', { name: 'Torna alla Home' }).count()).toBe(0);
    // Staff meeting /404 in their own tab keep the spec's page.
    const staff = await context.newPage();
    await staff.goto(appUrl('/404'));
    await staff.getByRole('heading', { name: /^404/ }).waitFor();
    await staff.getByRole('link', { name: 'Torna alla Home' }).waitFor();
    await context.close();
  });

  it('a private page opened signed out goes to /login and, after sign-in, back to where it was', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(appUrl('/campaigns?page=1'));
    await page.waitForURL((url) => url.pathname === '/login', { timeout: 60_000 });
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/campaigns?page=1');
    await page.getByLabel(/nome utente/i).fill('admin');
    await page.getByLabel(/password/i).first().fill('demo');
    await page.getByRole('button', { name: /accedi/i }).click();
    await page.waitForURL((url) => url.pathname === '/campaigns', { timeout: 60_000 });
    expect(new URL(page.url()).search).toBe('?page=1');
    await context.close();
  });

  it('incomplete stored credentials: the next call signs out to the login with the wrong-user notice', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, 'admin');
    await page.getByRole('navigation', { name: 'Navigazione principale' }).waitFor({ timeout: 60_000 });
    // On /new-password (a front-door page: no call of the back office runs meanwhile), the check
    // flag goes missing: the session is no longer complete for the auth header. The password
    // change is the call that must not leave.
    await page.goto(appUrl('/new-password'));
    await page.getByLabel(/^Password attuale/).waitFor();
    await page.evaluate(() => localStorage.removeItem('check'));
    await page.getByLabel(/^Password attuale/).fill('demo');
    await page.getByLabel(/^Nuova password/).fill('Zefiro-Lampone-2026!');
    await page.getByLabel(/^Conferma nuova password/).fill('Zefiro-Lampone-2026!');
    await page.getByRole('button', { name: 'Cambia password' }).click();
    await page.getByRole('alert').filter({ hasText: 'Sessione non valida' }).waitFor({ timeout: 60_000 });
    expect(new URL(page.url()).pathname).toBe('/logout');
    expect(new URL(page.url()).searchParams.get('error')).toBe('wronguser');
    await page.getByRole('button', { name: /accedi/i }).waitFor();
    expect(await page.evaluate(() => [localStorage.getItem('auth'), localStorage.getItem('user')])).toEqual([null, null]);
    await context.close();
  });
});
