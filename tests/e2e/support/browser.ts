import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { SERVICES } from '@/config/services';
import { CHROMIUM } from './stack';

export { SERVICES };

export function appUrl(pathname = '/'): string {
  return inject('appUrl') + pathname;
}

export function sandboxUrl(pathname = ''): string {
  return inject('sandboxUrl') + pathname;
}

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
}

/**
 * A fresh browser context whose app talks to this run's sandbox. It asks for reduced motion, which
 * the app honours (index.html): menus and popovers are where they will stay from their first frame.
 * With the animations on, a loaded machine let a click's press land on a menu entry still growing in
 * and its release elsewhere: the click was lost, with no error (Playwright checks the target of the
 * press only). shell.e2e walks a menu with the animations on as well. The stack's production build
 * serves a config.json naming that sandbox (support/stack.ts); the dev server (`E2E_APP=dev`)
 * serves public/config.json, so there `/config.json` is answered here with the sandbox hosts.
 * Only then: a route makes Playwright stop and resume every request of the context, a cost paid
 * by the browser and this process on each of the app's hundreds of calls.
 */
export async function newContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ locale: 'it-IT', viewport: { width: 1366, height: 900 }, reducedMotion: 'reduce', ...options });
  if (process.env.E2E_APP === 'dev') {
    const hosts = Object.fromEntries(SERVICES.map((s) => [s, sandboxUrl(`/${s}`)]));
    await context.route('**/config.json', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({ environment: 'dev', hosts: { dev: hosts }, companyPrefix: 'company', opportunityFallbackHost: sandboxUrl('/opportunity'), tileUrl: '', preloadScreens: false }),
      }),
    );
  }
  return context;
}

/** Console errors and failed requests of a page, to assert a screen stays clean. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  return errors;
}

export async function signIn(page: Page, username: string, password = 'demo'): Promise<void> {
  await page.goto(appUrl('/login'));
  await page.getByLabel(/nome utente/i).fill(username);
  await page.getByLabel(/password/i).first().fill(password);
  await page.getByRole('button', { name: /accedi/i }).click();
}

const MARK = 'data-e2e-before';
const inFlight = new WeakMap<Page, { count: number; last: number }>();

/**
 * Counts the page's requests in flight from now on (once per page): Playwright's 'networkidle' is
 * reached once per document load and says nothing after an in-app move. Call it before the page's
 * first request for `networkQuiet` to see every one.
 */
export function countRequests(page: Page): { count: number; last: number } {
  const known = inFlight.get(page);
  if (known) return known;
  const tally = { count: 0, last: Date.now() };
  const change = (by: number) => () => {
    tally.count = Math.max(0, tally.count + by);
    tally.last = Date.now();
  };
  page.on('request', change(1));
  page.on('requestfinished', change(-1));
  page.on('requestfailed', change(-1));
  inFlight.set(page, tally);
  return tally;
}

export interface QuietOptions {
  /** How long nothing may be in flight, and nothing new start (default 300 ms). */
  quietMs?: number;
  /** The bound of the wait (default 30 s). */
  timeoutMs?: number;
  /** At the bound: fail (default), or go on, for a screen that may hold a request open. */
  atLimit?: 'throw' | 'resolve';
}

/**
 * Resolves once the page has had no request in flight, and none started, for `quietMs`. On a page
 * not counted yet, Playwright's 'networkidle' first: requests sent before the count began would
 * never be seen to end.
 */
export async function networkQuiet(page: Page, { quietMs = 300, timeoutMs = 30_000, atLimit = 'throw' }: QuietOptions = {}): Promise<void> {
  const counted = inFlight.has(page);
  const tally = countRequests(page);
  if (!counted) await page.waitForLoadState('networkidle', { timeout: timeoutMs });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (tally.count === 0 && Date.now() - tally.last >= quietMs) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  if (atLimit === 'throw') throw new Error(`${page.url()}: requests still in flight after ${timeoutMs} ms`);
}

/**
 * Opens `pathname` as `page.goto(appUrl(pathname))` would, without loading the document again when
 * it can: in the app already loaded in `page`, a history entry in react-router's shape and the
 * popstate its router listens to, as a click on one of the app's links. On these machines a load
 * costs about a second of CPU, an in-app move a tenth of it.
 *
 * The page is loaded instead when it holds no signed-in app (no app bar) and when only the query
 * changes (the same screen would stay mounted). After an in-app move it returns once the router has
 * replaced every element the old screen had in the content column (they are marked before the
 * move), so that the caller's next wait can only meet the new screen, or the one the app sent it
 * to (a guarded route's /403). It fails, loudly, when the app refuses the move (a form with unsaved
 * changes puts the old address back and asks; the question, dismissed, races any load that
 * follows) and when a screen reuses the old one's elements: load such a screen with page.goto.
 */
export async function visit(page: Page, pathname: string): Promise<void> {
  countRequests(page);
  const from = await page.evaluate(
    ({ to, mark }) => {
      const content = document.getElementById('main-content');
      if (!content || !document.querySelector('nav[aria-label="Navigazione principale"]')) return null;
      const here = window.location.pathname + window.location.search;
      if (window.location.pathname === new URL(to, window.location.href).pathname) return null;
      for (const el of content.querySelectorAll('*')) el.setAttribute(mark, '');
      const state = window.history.state as { idx?: number } | null;
      const idx = (state?.idx ?? 0) + 1;
      window.history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx }, '', to);
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
      return here;
    },
    { to: pathname, mark: MARK },
  );
  if (from === null) {
    await page.goto(appUrl(pathname));
    return;
  }
  let outcome: unknown;
  try {
    // Done when the old screen is gone, or when the router has put the old address back.
    const settled = await page.waitForFunction(
      ({ old, mark }) => {
        if (!document.querySelector(`#main-content [${mark}]`)) return 'moved';
        return window.location.pathname + window.location.search === old ? 'refused' : false;
      },
      { old: from, mark: MARK },
      { timeout: 15_000 },
    );
    outcome = await settled.jsonValue();
  } catch (error) {
    throw new Error(`visit(${pathname}): the previous screen's elements are still there; load this screen with page.goto`, { cause: error });
  }
  if (outcome === 'refused') {
    throw new Error(`visit(${pathname}): the app stayed on ${from} (unsaved changes?); save or undo them first, or load this screen with page.goto`);
  }
}

/**
 * Makes the bodies of the app's calls to the sandbox readable (`request.postData()`): Chromium
 * reports the body of a fetch only to a request Playwright has stopped, so every sandbox call of
 * `page` is stopped and sent on unchanged. It costs a round trip through this process per call:
 * only for tests that read what the app sent.
 */
export async function readRequestBodies(page: Page): Promise<void> {
  await page.route(`${sandboxUrl()}/**`, (route) => route.fallback());
}

/**
 * Types `typed` into an autocomplete and picks the option named `option` (default: the typed text)
 * once the options are those of the search (each holding the typed text): an option clicked before
 * the search's own answer is replaced under the pointer, or its choice undone when that answer comes.
 * The text is typed again once if the options are not the search's after 15 s (a typing whose
 * search never went out); a failure names the options last seen.
 */
export async function pickOption(
  page: Page,
  box: Locator,
  typed: string,
  option: string | RegExp = typed,
  { exact = false }: { exact?: boolean } = {},
): Promise<void> {
  const wanted = typed.toLowerCase();
  let seen: string[] = [];
  const searched = async () => {
    seen = await page.getByRole('option').allInnerTexts();
    return seen.length > 0 && seen.every((text) => text.toLowerCase().includes(wanted));
  };
  for (let attempt = 1; ; attempt += 1) {
    await box.fill(typed);
    try {
      await expect.poll(searched, { timeout: 15_000 }).toBe(true);
      break;
    } catch {
      if (attempt === 2) throw new Error(`The options never were the search's for «${typed}»; last seen: ${JSON.stringify(seen)}`);
      await box.fill('');
    }
  }
  await page.getByRole('option', { name: option, exact }).first().click();
}

/**
 * Opens a select (or an autocomplete without typing) and picks the option named `option`, until the
 * menu closes on the choice: a click that lands while the menu is still opening is lost (the menu
 * stays open on its first line), and is made again, at most three times.
 */
export async function chooseOption(page: Page, box: Locator, option: string | RegExp, { exact = false }: { exact?: boolean } = {}): Promise<void> {
  const listbox = page.getByRole('listbox');
  for (let attempt = 1; ; attempt += 1) {
    if (!(await listbox.isVisible())) await box.click();
    await page.getByRole('option', { name: option, exact }).first().click();
    try {
      await listbox.waitFor({ state: 'hidden', timeout: 5_000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

/**
 * Clicks `button` until `dialog` shows, at most three times, 10 s each: a loaded run's click on a
 * section's button, landing while the section re-rendered, left the dialog closed and the next step
 * waiting for its field (systems.e2e, the team link on the system's page).
 */
export async function openDialog(button: Locator, dialog: Locator): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    if (!(await dialog.isVisible())) await button.click();
    try {
      await dialog.waitFor({ state: 'visible', timeout: 10_000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}
