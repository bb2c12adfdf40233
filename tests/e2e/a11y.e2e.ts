import { mkdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, launch, networkQuiet, newContext, signIn, visit, watchErrors } from './support/browser';
import { seriousViolations, type A11yViolation } from './support/a11y';
import { api } from './support/session';
import { ROOT } from './support/stack';

/*
 * Axe-core on every screen of src/routes.tsx (as the admin), with 0 serious or critical
 * violations, plus an open dialog, the open app-bar menus and the dark theme. The same visit of each
 * private screen checks the laptop fit: at 1280×720 no page scrolls sideways (one walk for
 * both, so that each screen is loaded once per run). Every main action
 * usable with the keyboard alone, with a visible focus ring; and the README screenshots of the main
 * screens (viewport only, 1366×900), written to .e2e/screenshots/ by a test run, so that it leaves
 * the working tree clean, and to docs/screenshots/ by `npm run screenshots`.
 */

let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[] = [];

const SCREENSHOTS = process.env.SCREENSHOTS_DIR ?? path.join(ROOT, '.e2e', 'screenshots');
/** The README screenshots' size, and the laptop every private screen must fit. */
const SCREENSHOT_VIEWPORT = { width: 1366, height: 900 };
const LAPTOP = { width: 1280, height: 720 };
const MAX_SCREENSHOT_BYTES = 300 * 1024;

/** The route table's paths, read from src/routes.tsx (PRIVATE_ROUTES, then PUBLIC_ROUTES). */
function routeTable(): { private: string[]; public: string[] } {
  const source = readFileSync(path.join(ROOT, 'src', 'routes.tsx'), 'utf8');
  const section = (name: string) => {
    const start = source.indexOf(`export const ${name}`);
    const end = source.indexOf('\n];', start);
    expect(start, `${name} in src/routes.tsx`).toBeGreaterThan(-1);
    return [...source.slice(start, end).matchAll(/path: '([^']+)'/g)].map((m) => m[1]);
  };
  return { private: section('PRIVATE_ROUTES'), public: section('PUBLIC_ROUTES') };
}

/** Real ids from the sandbox, and a share of an estimate for the shared-resource viewer. */
interface Ids {
  system: number;
  campaign: number;
  planning: number;
  advertiser: number;
  order: number;
  detection: number;
  shareView: string;
  /** A provider team's link for its installers. */
  fieldView?: string;
}

async function realIds(): Promise<Ids> {
  const [systems, campaigns, plannings, advertisers, orders, detections, estimates] = await Promise.all([
    api<{ content: Array<{ id: number }> }>('/systems/v1/system/all/page/0/perPage/1'),
    api<Array<{ id: number }>>('/campaign/v1/campaigns'),
    api<Array<{ id: number }>>('/planner/v1/plannings'),
    api<Array<{ id: number }>>('/advertiser/v1/getAll'),
    api<Array<{ id: number }>>('/order/orders'),
    api<Array<{ auditId: number }>>('/audit/v1/detection/all'),
    api<Array<{ id: number }>>('/estimate/estimate/getAllDto'),
  ]);
  const share = await api<{ viewPath: string }>('/share/v1/share/create', {
    method: 'POST',
    body: { resourceId: estimates[0].id, resourceType: 'estimate' },
  });
  const [team] = await api<Array<{ id: number }>>('/systems/v1/team/getAll');
  const teamLink = await api<{ token: string }>('/frame/v1/teamLinks', { method: 'POST', body: { teamId: team.id } });
  return {
    fieldView: `/field/${teamLink.token}`,
    system: systems.content[0].id,
    campaign: campaigns[0].id,
    planning: plannings[0].id,
    advertiser: advertisers[0].id,
    order: orders[0].id,
    detection: detections[0].auditId,
    shareView: share.viewPath,
  };
}

interface Screen {
  /** The path of the route table this case covers. */
  route: string;
  /** The address to open. */
  url: (ids: Ids) => string;
  /** What must be on screen once it has settled (besides no progress bar). */
  ready: (page: Page) => Locator;
  /** docs/screenshots/<screenshot>.png */
  screenshot?: string;
}

const h1 = (page: Page) => page.getByRole('heading', { level: 1 }).first();
const table = (page: Page) => page.getByRole('table').first();
const chart = (page: Page) => page.getByRole('img').first();

/** Every public route (visited before signing in; the shared viewer signs a guest in by itself). */
const PUBLIC: Screen[] = [
  { route: '/login', url: () => '/login', ready: h1, screenshot: 'login' },
  { route: '/user/confirm/:confirmationToken', url: () => '/user/confirm/token-non-valido', ready: h1 },
  { route: '/forgot-password', url: () => '/forgot-password', ready: h1 },
  { route: '/change-password', url: () => '/change-password', ready: h1 },
  { route: '/signup', url: () => '/signup', ready: h1 },
  { route: '/new-password', url: () => '/new-password', ready: h1 },
  { route: '/403', url: () => '/403', ready: h1 },
  { route: '/404', url: () => '/404', ready: h1 },
  { route: '/resource/:resourceType/:resourceId/token/:token/view', url: (ids) => ids.shareView, ready: h1 },
  { route: '/field/:token', url: (ids) => ids.fieldView ?? '/field/token-non-valido-0000', ready: (p) => p.getByRole('heading', { level: 1 }).or(p.getByText(/Nessun lavoro|non è valido/)).first() },
  // Last: it ends the (guest) session and shows the sign-in form.
  { route: '/logout', url: () => '/logout', ready: (p) => p.getByRole('button', { name: /accedi/i }) },
];

/** Every private route, as the admin. */
const PRIVATE: Screen[] = [
  { route: '/availability', url: () => '/availability', ready: (p) => p.locator('tr[data-frame-id]').first() },
  { route: '/inbox', url: () => '/inbox', ready: h1 },
  { route: '/', url: () => '/', ready: table },
  {
    route: '/systems-manage/map',
    url: () => '/systems-manage/map',
    ready: (p) => p.getByText(/impianti nell’area/),
    screenshot: 'systems-map',
  },
  {
    route: '/systems-manage/manage',
    url: () => '/systems-manage/manage',
    ready: table,
    screenshot: 'systems-list',
  },
  { route: '/systems-manage/manage/import', url: () => '/systems-manage/manage/import', ready: h1 },
  {
    route: '/systems-manage/manage/new',
    url: () => '/systems-manage/manage/new',
    ready: (p) => p.getByRole('button', { name: 'Salva' }),
  },
  {
    route: '/systems-manage/:id',
    url: (ids) => `/systems-manage/${ids.system}`,
    ready: (p) => p.getByTestId('system-detail'),
    screenshot: 'system-detail',
  },
  {
    route: '/systems-manage/:id/edit',
    url: (ids) => `/systems-manage/${ids.system}/edit`,
    ready: (p) => p.getByRole('button', { name: 'Salva' }),
  },
  { route: '/circuit-manage/manage', url: () => '/circuit-manage/manage', ready: h1, screenshot: 'circuits' },
  { route: '/providers/manage', url: () => '/providers/manage', ready: h1 },
  { route: '/providers/workOrders', url: () => '/providers/workOrders', ready: h1 },
  { route: '/authorizations', url: () => '/authorizations', ready: table },
  { route: '/authorizations/create', url: () => '/authorizations/create', ready: (p) => p.getByRole('button', { name: 'Salva' }) },
  { route: '/authorizations/:id', url: () => '/authorizations/1', ready: (p) => p.getByRole('button', { name: 'Salva' }) },
  { route: '/leases', url: () => '/leases', ready: table },
  { route: '/leases/create', url: () => '/leases/create', ready: (p) => p.getByRole('button', { name: 'Salva' }) },
  { route: '/leases/:id', url: () => '/leases/1', ready: (p) => p.getByRole('button', { name: 'Salva' }) },
  { route: '/canone-unico', url: () => '/canone-unico', ready: table, screenshot: 'canone-unico' },
  { route: '/dooh-manage/manage', url: () => '/dooh-manage/manage', ready: h1 },
  { route: '/dooh/players', url: () => '/dooh/players', ready: table, screenshot: 'dooh-players' },
  { route: '/shows-manage/manage', url: () => '/shows-manage/manage', ready: h1 },
  { route: '/playerDOOH', url: () => '/playerDOOH', ready: h1 },
  // The dashboards: each chart (role img) with its table behind a "show table" button.
  {
    route: '/dashboard/analytics',
    url: () => '/dashboard/analytics',
    ready: chart,
    screenshot: 'analytics-funnel',
  },
  { route: '/DOOH/analytics', url: () => '/DOOH/analytics', ready: chart },
  { route: '/media/analytics', url: () => '/media/analytics', ready: chart },
  { route: '/media/monitor/*', url: () => '/media/monitor', ready: table, screenshot: 'media-monitor' },
  {
    route: '/media/monitor/*',
    url: () => '/media/monitor/create',
    ready: (p) => p.getByRole('button', { name: 'Salva' }),
  },
  { route: '/media/monitor/*', url: () => '/media/monitor/import', ready: h1 },
  { route: '/media/monitor/*', url: () => '/media/monitor/agent-mail', ready: h1 },
  { route: '/media/monitor/*', url: () => '/media/monitor/crm-sync', ready: h1 },
  { route: '/media/monitor/*', url: () => '/media/monitor/supplier-mail', ready: h1 },
  { route: '/media/monitor/*', url: () => '/media/monitor/secretariat-mail', ready: h1 },
  {
    route: '/media/monitor/*',
    url: (ids) => `/media/monitor/${ids.detection}`,
    ready: (p) => p.getByRole('button', { name: 'Salva' }),
  },
  { route: '/media/manage', url: () => '/media/manage', ready: h1 },
  { route: '/media/scheduled', url: () => '/media/scheduled', ready: table },
  { route: '/campaigns', url: () => '/campaigns', ready: table, screenshot: 'campaigns' },
  { route: '/campaigns/:id', url: (ids) => `/campaigns/${ids.campaign}`, ready: h1 },
  { route: '/campaigns/:id/creatives', url: (ids) => `/campaigns/${ids.campaign}/creatives`, ready: h1 },
  { route: '/creatives', url: () => '/creatives', ready: table },
  { route: '/campaigns/create', url: () => '/campaigns/create', ready: h1 },
  { route: '/campaigns/:id/edit', url: (ids) => `/campaigns/${ids.campaign}/edit`, ready: h1 },
  { route: '/plannings', url: () => '/plannings', ready: table, screenshot: 'plannings' },
  { route: '/plannings/:id', url: (ids) => `/plannings/${ids.planning}`, ready: h1 },
  { route: '/plannings/:id/search', url: (ids) => `/plannings/${ids.planning}/search`, ready: table },
  { route: '/advertisers', url: () => '/advertisers', ready: table },
  { route: '/advertisers/:id', url: (ids) => `/advertisers/${ids.advertiser}`, ready: h1 },
  { route: '/estimates/products', url: () => '/estimates/products', ready: table },
  { route: '/estimates/manage', url: () => '/estimates/manage', ready: table, screenshot: 'estimates' },
  { route: '/orders', url: () => '/orders', ready: table, screenshot: 'orders' },
  { route: '/orders/orderVisualizer', url: (ids) => `/orders/orderVisualizer?id=${ids.order}`, ready: h1 },
  { route: '/orders/:id/documents', url: (ids) => `/orders/${ids.order}/documents`, ready: h1 },
  { route: '/orders/:id/campaigns', url: (ids) => `/orders/${ids.order}/campaigns`, ready: h1 },
  { route: '/opportunities', url: () => '/opportunities', ready: table },
  { route: '/settings/users/*', url: () => '/settings/users', ready: table },
  {
    route: '/settings/users/*',
    url: () => '/settings/users/create',
    ready: (p) => p.getByRole('button', { name: 'Salva' }),
  },
  { route: '/settings/outbox', url: () => '/settings/outbox', ready: table },
  { route: '/profile', url: () => '/profile', ready: h1 },
  { route: '/test', url: () => '/test', ready: table },
];

/** The screen has settled: its content is there, no progress bar is shown, no transition runs. */
async function settle(p: Page, ready: Locator): Promise<void> {
  // The dev server compiles a screen's modules on its first visit: allow for it.
  await ready.waitFor({ timeout: 60_000 });
  await networkQuiet(p);
  await p.waitForFunction(
    () =>
      ![...document.querySelectorAll('[role=progressbar]')].some((e) => e.checkVisibility()) &&
      // The services test page checks each service: wait for every answer.
      !document.body.textContent?.includes('verifica…') &&
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    null,
    { timeout: 30_000 },
  );
}

function describeViolations(where: string, violations: A11yViolation[]): string {
  return `${where}: ${violations.length} serious/critical axe violations\n${violations
    .map((v) => `  - ${v.id} (${v.impact}): ${v.help}\n      ${v.targets.join('\n      ')}`)
    .join('\n')}`;
}

async function expectAccessible(where: string): Promise<void> {
  const violations = await seriousViolations(page);
  expect(violations, describeViolations(where, violations)).toEqual([]);
}

async function screenshot(name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const file = path.join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  const size = statSync(file).size;
  expect(size, `${file} is ${size} bytes`).toBeLessThan(MAX_SCREENSHOT_BYTES);
  expect(size).toBeGreaterThan(5_000);
}

/** The settled page is exactly the laptop's width, so nothing scrolls sideways. */
async function expectNoSidewaysScroll(where: string): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(clientWidth, where).toBe(LAPTOP.width);
  expect(scrollWidth, `${where} scrolls sideways at ${LAPTOP.width}×${LAPTOP.height}`).toBeLessThanOrEqual(clientWidth);
}

let ids: Ids;

beforeAll(async () => {
  ids = await realIds();
  browser = await launch();
  context = await newContext(browser);
  page = await context.newPage();
  errors = watchErrors(page);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('axe-core: 0 serious or critical violations on every screen', () => {
  it('has a case for every path of PRIVATE_ROUTES and PUBLIC_ROUTES', () => {
    const table = routeTable();
    expect(table.private.length).toBeGreaterThan(30);
    expect([...new Set(PRIVATE.map((s) => s.route))].sort()).toEqual([...table.private].sort());
    expect([...new Set(PUBLIC.map((s) => s.route))].sort()).toEqual([...table.public].sort());
  });

  for (const screen of PUBLIC) {
    it(`public ${screen.route} (${screen.url({ shareView: '/resource/estimate/…/view' } as Ids)})`, async () => {
      await page.goto(appUrl(screen.url(ids)));
      await settle(page, screen.ready(page));
      if (screen.screenshot) await screenshot(screen.screenshot);
      await expectAccessible(screen.url(ids));
    });
  }

  it('signs in as the admin', async () => {
    await signIn(page, 'admin');
    await page.waitForURL((url) => url.pathname !== '/login', { timeout: 30_000 });
    await page.setViewportSize(LAPTOP);
  });

  for (const screen of PRIVATE) {
    const shown = screen
      .url({ system: 1, campaign: 1, planning: 1, advertiser: 1, order: 1, detection: 1, shareView: '' })
      .replace(/([/=])1(?=\/|$)/, '$1:id');
    it(`private ${shown}: axe, and no sideways scroll at 1280×720`, async () => {
      await visit(page, screen.url(ids));
      await settle(page, screen.ready(page));
      await expectNoSidewaysScroll(screen.url(ids));
      // axe and the README pictures at the size they have always had (1366×900).
      await page.setViewportSize(SCREENSHOT_VIEWPORT);
      try {
        await settle(page, screen.ready(page));
        await expectAccessible(screen.url(ids));
        if (screen.screenshot) await screenshot(screen.screenshot);
      } finally {
        await page.setViewportSize(LAPTOP);
      }
    });
  }

  it('an open create dialog (new advertiser)', async () => {
    await page.setViewportSize(SCREENSHOT_VIEWPORT);
    await visit(page, '/advertisers');
    await settle(page, table(page));
    await page.getByRole('button', { name: 'Nuovo inserzionista' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await settle(page, dialog.getByRole('button', { name: 'Salva' }));
    await expectAccessible('dialog Nuovo inserzionista');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('the open app-bar menus (each group and the user menu)', async () => {
    const bar = page.getByRole('navigation', { name: 'Navigazione principale' });
    for (const group of ['PATRIMONIO', 'PUBBLICAZIONE', 'INVENTARIO', 'MEDIA MONITOR', 'ANALYTICS']) {
      await bar.getByRole('button', { name: group, exact: true }).click();
      await settle(page, page.getByRole('menu'));
      await expectAccessible(`menu ${group}`);
      await page.keyboard.press('Escape');
      await page.getByRole('menu').waitFor({ state: 'detached' });
    }
    await page.getByRole('button', { name: /menu utente/i }).click();
    await settle(page, page.getByRole('menu'));
    await expectAccessible('user menu');
    await page.keyboard.press('Escape');
  });

  it('the dark theme (systems list, system detail, media monitor)', async () => {
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await visit(page, '/systems-manage/manage');
    await settle(page, table(page));
    const light = await background();
    await page.getByRole('button', { name: /menu utente/i }).click();
    await page.getByRole('menuitemradio', { name: 'Scuro' }).click();
    await page.waitForFunction((before) => getComputedStyle(document.body).backgroundColor !== before, light);
    try {
      await settle(page, table(page));
      await expectAccessible('dark /systems-manage/manage');
      await visit(page, `/systems-manage/${ids.system}`);
      await settle(page, page.getByTestId('system-detail'));
      await expectAccessible(`dark /systems-manage/${ids.system}`);
      await visit(page, '/media/monitor');
      await settle(page, table(page));
      await expectAccessible('dark /media/monitor');
    } finally {
      await page.getByRole('button', { name: /menu utente/i }).click();
      await page.getByRole('menuitemradio', { name: 'Classico' }).click();
      await page.waitForFunction(
        (expected) => getComputedStyle(document.body).backgroundColor === expected,
        light,
      );
    }
  });

  it('left no page errors on the way', () => {
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
  });
});

/** Presses Tab until `target` has the focus (at most `max` times). */
async function tabTo(p: Page, target: Locator, max = 60): Promise<void> {
  for (let i = 0; i < max; i += 1) {
    await p.keyboard.press('Tab');
    if (
      await target
        .evaluate((el) => el === document.activeElement || el.contains(document.activeElement))
        .catch(() => false)
    )
      return;
  }
  throw new Error(`not reached with ${max} presses of Tab`);
}

/** The focus ring: outline and box-shadow of an element. */
const ring = (target: Locator) =>
  target.evaluate((el) => {
    const s = getComputedStyle(el);
    return `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor} | ${s.boxShadow}`;
  });

/**
 * Picks an option with the keyboard: an autocomplete (an input) by typing and arrowing to the
 * option, a select by opening it with Arrow down and arrowing to the option.
 */
async function choose(p: Page, combobox: Locator, text: string, option: string): Promise<void> {
  await tabTo(p, combobox);
  const optionLocator = p.getByRole('option', { name: option, exact: true }).first();
  if (await combobox.evaluate((el) => el.tagName === 'INPUT')) {
    await p.keyboard.type(text);
    await optionLocator.waitFor();
    for (let i = 0; i < 20; i += 1) {
      await p.keyboard.press('ArrowDown');
      const active = await combobox.getAttribute('aria-activedescendant');
      if (active && (await p.locator(`[id="${active}"]`).textContent())?.trim() === option) break;
    }
    await p.keyboard.press('Enter');
    await expect.poll(() => combobox.inputValue()).toBe(option);
  } else {
    await p.keyboard.press('ArrowDown');
    await optionLocator.waitFor();
    const focused = () => p.evaluate(() => document.activeElement?.textContent?.trim());
    for (let i = 0; i < 40 && (await focused()) !== option; i += 1) await p.keyboard.press('ArrowDown');
    expect(await focused()).toBe(option);
    await p.keyboard.press('Enter');
    await expect.poll(async () => (await combobox.textContent())?.trim()).toBe(option);
  }
}

describe('keyboard only', () => {
  let kb: Page;
  let kbContext: BrowserContext;
  const NAME = `E2E Tastiera ${Date.now() % 100000}`;

  beforeAll(async () => {
    kbContext = await newContext(browser);
    kb = await kbContext.newPage();
  });
  afterAll(async () => {
    await kbContext?.close();
  });

  it('signs in from the login page with Tab, typing and Enter; the focused button shows a ring', async () => {
    await kb.goto(appUrl('/login'));
    const username = kb.getByLabel(/nome utente/i);
    await username.waitFor();
    await tabTo(kb, username);
    await kb.keyboard.type('admin');
    await tabTo(kb, kb.getByLabel(/password/i).first());
    await kb.keyboard.type('demo');
    const submit = kb.getByRole('button', { name: /accedi/i });
    const unfocused = await ring(submit);
    await tabTo(kb, submit);
    expect(await ring(submit), 'focus indicator on the sign-in button').not.toBe(unfocused);
    await kb.keyboard.press('Enter');
    await kb.waitForURL((url) => url.pathname !== '/login', { timeout: 30_000 });
  });

  it('opens an app-bar menu with the keyboard (with a focus ring) and reaches a screen', async () => {
    const group = kb
      .getByRole('navigation', { name: 'Navigazione principale' })
      .getByRole('button', { name: 'PATRIMONIO', exact: true });
    await group.waitFor();
    const unfocused = await ring(group);
    await kb.locator('body').focus();
    await tabTo(kb, group);
    expect(await ring(group), 'focus indicator on an app-bar menu button').not.toBe(unfocused);
    await kb.keyboard.press('Enter');
    const menu = kb.getByRole('menu');
    await menu.waitFor();
    // The first entry has the focus; Arrow down to "Circuiti", Enter opens it.
    await expect.poll(() => kb.evaluate(() => document.activeElement?.textContent)).toBe('Impianti');
    await kb.keyboard.press('ArrowDown');
    await expect.poll(() => kb.evaluate(() => document.activeElement?.textContent)).toBe('Circuiti');
    await kb.keyboard.press('Enter');
    await kb.waitForURL((url) => url.pathname === '/circuit-manage/manage');
    await kb.getByRole('heading', { level: 1, name: 'Circuiti' }).waitFor();
  });

  it('on the systems list reaches "Nuovo impianto", fills the form and saves, all with the keyboard', async () => {
    await kb.goto(appUrl('/systems-manage/manage'));
    const create = kb
      .getByRole('link', { name: 'Nuovo impianto' })
      .or(kb.getByRole('button', { name: 'Nuovo impianto' }));
    await settle(kb, kb.getByRole('table').first());
    await tabTo(kb, create);
    await kb.keyboard.press('Enter');
    await kb.waitForURL((url) => url.pathname === '/systems-manage/manage/new');
    await kb.getByRole('button', { name: 'Salva' }).waitFor();
    await choose(kb, kb.getByRole('combobox', { name: /^Tipologia/ }), '', 'Poster');
    await tabTo(kb, kb.getByLabel(/^Nome/));
    await kb.keyboard.type(NAME);
    await choose(kb, kb.getByRole('combobox', { name: /^Regione/ }), '', 'Lombardia');
    await choose(kb, kb.getByRole('combobox', { name: /^Provincia/ }), '', 'Milano');
    await choose(kb, kb.getByRole('combobox', { name: /^Comune/ }), 'Milano', 'Milano');
    await tabTo(kb, kb.getByLabel(/^Indirizzo/));
    await kb.keyboard.type('Via Dante 7');
    await tabTo(kb, kb.getByRole('button', { name: /Geolocalizza/ }));
    await kb.keyboard.press('Enter');
    await expect.poll(() => kb.getByLabel(/^Latitudine/).inputValue(), { timeout: 30_000 }).toMatch(/^45\./);
    await tabTo(kb, kb.getByRole('button', { name: 'Salva' }), 120);
    await kb.keyboard.press('Enter');
    await kb.waitForURL(/\/systems-manage\/\d+$/, { timeout: 90_000 });
    await kb.getByRole('heading', { level: 1, name: new RegExp(NAME) }).waitFor({ timeout: 30_000 });
  });

  it('opens a dialog with Enter and closes it with Escape, the focus back on its button', async () => {
    await kb.goto(appUrl('/advertisers'));
    await settle(kb, kb.getByRole('table').first());
    const opener = kb.getByRole('button', { name: 'Nuovo inserzionista' });
    await tabTo(kb, opener);
    await kb.keyboard.press('Enter');
    const dialog = kb.getByRole('dialog');
    await dialog.waitFor();
    await expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await kb.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => opener.evaluate((el) => el === document.activeElement)).toBe(true);
  });
});
