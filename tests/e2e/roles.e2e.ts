import { readFileSync } from 'node:fs';
import path from 'node:path';
import { matchPath } from 'react-router-dom';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canAccessResource, canOpen, menuFor, STAFF_ROLES, type Role } from '@/auth/permissions';
import { countRequests, launch, networkQuiet, pickOption, sandboxUrl, visit } from './support/browser';
import { api, signedInPage } from './support/session';
import { ROOT } from './support/stack';

/*
 * Each role's jobs, walked in the browser. For every demo user, every screen the permission table
 * (src/auth/permissions.ts) lets its role open is reached the way a user reaches it, by clicking:
 * its app bar entry, its user menu entry, the notices' bell, or a link (or a row) of a screen the
 * walk opened before.
 * On each screen every action of the table below is offered exactly to the roles the permission
 * table gives it to (the path or resource the action needs), and the cheap ones are done. While a
 * role walks, no answer of the sandbox may be a 4xx or a 5xx: a picker the role may not read, an
 * action offered that its service refuses.
 *
 * Who may open a screen and who has an action are the permission table's answers, never restated
 * here; every route of src/routes.tsx must have a screen here (the first test), so a new screen
 * can't be left out of the walk.
 */

interface Ids {
  /** An order on the first page of /orders (newest first), not in a final status, with a campaign. */
  orderCode: string;
}

/** How a screen is reached: an app bar entry (its target), a user menu entry, or a link of an earlier screen. */
type Reach =
  | { menu: string }
  | { userMenu: string }
  /** The notices' bell of the app bar, then «Tutti gli avvisi (Da fare)» in its popover. */
  | { bell: true }
  | { from: string; link: (page: Page, ids: Ids) => Locator | Promise<Locator> }
  | { home: true };

interface Action {
  name: string;
  /** Whether the role may do it: the permission table's answer for what it needs. */
  may: (role: Role) => boolean;
  /** The control that offers it: on screen exactly for the roles that may. */
  control: (page: Page) => Locator;
  /** Does it (or opens it and backs out, for what would change shared records), once finished. */
  run?: (page: Page, control: Locator, role: Role) => Promise<void>;
}

interface Screen {
  /** The route of src/routes.tsx it covers. */
  route: string;
  /** A path of the route, to ask the permission table (`:id` as 1). */
  sample: string;
  /** The ways in, the first usable one taken. */
  reach: Reach[];
  /** What is on screen once it has loaded. */
  ready: (page: Page) => Locator;
  actions?: Action[];
  /** Answers ≥ 400 this screen asks for on purpose (the services test page probes each service's base). */
  expected?: RegExp;
}

const content = (page: Page) => page.locator('#main-content');
const h1 = (page: Page) => page.getByRole('heading', { level: 1 }).first();
// Rows with text: react-admin's DataTable shows rows of blank placeholders while a page loads past
// a second (a loaded machine), and a click on one of those opens nothing.
const rows = (page: Page) => content(page).locator('table tbody tr').filter({ hasText: /\S/ });
const firstRow = (page: Page) => rows(page).first().locator('td').nth(1);
const button = (name: string | RegExp) => (page: Page) =>
  content(page)
    .getByRole('button', { name, exact: typeof name === 'string' })
    .first();
const href = (value: string) => (page: Page) => content(page).locator(`a[href="${value}"]`).first();
const hrefEnd = (value: string) => (page: Page) => content(page).locator(`a[href$="${value}"]`).first();
const opens = (pathname: string) => (role: Role) => canOpen(role, pathname);
const everyone = () => true;

/** Resolves once the page has had no request in flight for 100 ms. */
const quiet = (page: Page) => networkQuiet(page, { quietMs: 100 });

/** Opens the dialog of `control`, waits for what shows it has loaded, and closes it with Escape. */
async function throughDialog(
  page: Page,
  control: Locator,
  loaded?: (dialog: Locator) => Locator,
): Promise<void> {
  await control.click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  if (loaded) await loaded(dialog).first().waitFor();
  await quiet(page);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
}

const MARK = 'data-roles-before';

/** Does `go` (a click that moves to another screen) and returns once the old screen's content is gone. */
async function move(page: Page, go: () => Promise<void>): Promise<void> {
  await page.evaluate((mark) => {
    for (const el of document.querySelectorAll('#main-content *')) el.setAttribute(mark, '');
  }, MARK);
  await go();
  await page.waitForFunction((mark) => !document.querySelector(`#main-content [${mark}]`), MARK, {
    timeout: 45_000,
  });
}

/**
 * Does `click` (an entry of the app bar, of the user menu or of the notices' popover) until the URL
 * leaves where it was, at most three times, 15 s each: loaded runs clicked an entry of a group's
 * menu, and the notices' «Tutti gli avvisi», and the URL stayed put for 45 s with the menu still
 * open (the screens they left, /plannings/:id/search and /profile, have no guard that could have
 * held them). `click` opens the menu again when it has closed.
 */
async function clickUntilMoved(page: Page, click: () => Promise<void>): Promise<void> {
  const from = page.url();
  for (let attempt = 1; ; attempt += 1) {
    await click();
    try {
      await page.waitForURL((url) => url.href !== from, { timeout: 15_000 });
      return;
    } catch {
      if (attempt === 3) throw new Error(`clicked the menu entry three times and the URL stayed at ${from}`);
    }
  }
}

/** PATRIMONIO (and the admin's home). */
const ASSETS: Screen[] = [
  { route: '/', sample: '/', reach: [{ home: true }], ready: rows },
  {
    route: '/systems-manage/manage',
    sample: '/systems-manage/manage',
    reach: [{ menu: '/systems-manage/manage' }],
    ready: rows,
    actions: [
      { name: 'export', may: everyone, control: button('Esporta') },
      {
        name: 'select a system',
        may: everyone,
        control: (p) => rows(p).first().getByRole('checkbox'),
        run: async (_page, control) => control.check(),
      },
      {
        name: 'add the selection to a circuit',
        may: opens('/circuit-manage/manage'),
        control: button('Aggiungi a circuito'),
        run: async (page, control) => throughDialog(page, control, (d) => d.getByRole('combobox')),
      },
      {
        name: 'add the selection to a planning',
        may: opens('/plannings'),
        control: button(/^Aggiungi a (una )?pianificazione$/),
      },
    ],
  },
  {
    route: '/systems-manage/map',
    sample: '/systems-manage/map',
    reach: [{ from: '/systems-manage/manage', link: href('/systems-manage/map') }],
    ready: (p) => p.getByText(/impianti nell’area/),
  },
  {
    route: '/systems-manage/manage/import',
    sample: '/systems-manage/manage/import',
    reach: [{ from: '/systems-manage/manage', link: href('/systems-manage/manage/import') }],
    ready: h1,
  },
  {
    route: '/systems-manage/manage/new',
    sample: '/systems-manage/manage/new',
    reach: [{ from: '/systems-manage/manage', link: href('/systems-manage/manage/new') }],
    ready: button('Salva'),
  },
  {
    route: '/systems-manage/:id',
    sample: '/systems-manage/1',
    reach: [{ from: '/systems-manage/manage', link: firstRow }],
    ready: (p) => p.getByTestId('system-detail'),
    actions: [
      {
        name: 'add to a circuit',
        may: opens('/circuit-manage/manage'),
        control: button('Aggiungi a un circuito'),
        run: async (page, control) => throughDialog(page, control, (d) => d.getByRole('combobox')),
      },
      {
        name: 'link a team',
        may: opens('/providers/manage'),
        control: button('Collega una squadra a questo impianto'),
        run: async (page, control) => throughDialog(page, control, (d) => d.getByRole('combobox')),
      },
    ],
  },
  {
    route: '/systems-manage/:id/edit',
    sample: '/systems-manage/1/edit',
    reach: [{ from: '/systems-manage/:id', link: hrefEnd('/edit') }],
    ready: button('Salva'),
  },
  {
    route: '/circuit-manage/manage',
    sample: '/circuit-manage/manage',
    reach: [{ menu: '/circuit-manage/manage' }],
    ready: h1,
    actions: [
      {
        name: 'new circuit',
        may: everyone,
        control: button('Nuovo circuito'),
        run: async (page, control) =>
          throughDialog(page, control, (d) => d.getByRole('button', { name: 'Salva' })),
      },
    ],
  },
  {
    route: '/providers/manage',
    sample: '/providers/manage',
    reach: [{ menu: '/providers/manage' }],
    ready: h1,
    actions: [
      {
        name: 'new team',
        may: everyone,
        control: button('Nuova squadra'),
        run: async (page, control) =>
          throughDialog(page, control, (d) => d.getByRole('button', { name: 'Salva' })),
      },
    ],
  },
  {
    route: '/authorizations',
    sample: '/authorizations',
    reach: [{ menu: '/authorizations' }],
    ready: rows,
    actions: [{ name: 'export', may: everyone, control: button('Esporta') }],
  },
  {
    route: '/authorizations/create',
    sample: '/authorizations/create',
    reach: [{ from: '/authorizations', link: href('/authorizations/create') }],
    ready: button('Salva'),
  },
  {
    route: '/authorizations/:id',
    sample: '/authorizations/1',
    reach: [{ from: '/authorizations', link: firstRow }],
    ready: button('Salva'),
  },
  {
    route: '/leases',
    sample: '/leases',
    reach: [{ menu: '/leases' }],
    ready: rows,
    actions: [{ name: 'export', may: everyone, control: button('Esporta') }],
  },
  {
    route: '/leases/create',
    sample: '/leases/create',
    reach: [{ from: '/leases', link: href('/leases/create') }],
    ready: button('Salva'),
  },
  {
    route: '/leases/:id',
    sample: '/leases/1',
    reach: [{ from: '/leases', link: firstRow }],
    ready: button('Salva'),
  },
  {
    route: '/providers/workOrders',
    sample: '/providers/workOrders',
    reach: [{ menu: '/providers/workOrders' }],
    ready: h1,
    actions: [
      {
        name: 'link for a team',
        may: everyone,
        control: button('Link per la squadra'),
        run: async (page, control) =>
          throughDialog(page, control, (d) => d.getByRole('button', { name: 'Crea link' })),
      },
      {
        name: 'new work order',
        may: everyone,
        control: button('Nuovo ordine di lavoro'),
        run: async (page, control) =>
          throughDialog(page, control, (d) => d.getByRole('button', { name: 'Salva' })),
      },
    ],
  },
  {
    route: '/canone-unico',
    sample: '/canone-unico',
    // The manager does not see PATRIMONIO: the entry stands on its own in its app bar.
    reach: [{ menu: '/canone-unico' }],
    ready: h1,
    actions: [{ name: 'export', may: everyone, control: button('Esporta Excel') }],
  },
  {
    route: '/dooh-manage/manage',
    sample: '/dooh-manage/manage',
    reach: [{ menu: '/dooh-manage/manage' }],
    ready: rows,
  },
  { route: '/dooh/players', sample: '/dooh/players', reach: [{ menu: '/dooh/players' }], ready: rows },
  {
    route: '/shows-manage/manage',
    sample: '/shows-manage/manage',
    reach: [{ menu: '/shows-manage/manage' }],
    ready: rows,
  },
  { route: '/playerDOOH', sample: '/playerDOOH', reach: [{ menu: '/playerDOOH' }], ready: h1 },
];

/** PUBBLICAZIONE and INVENTARIO. */
const SALES: Screen[] = [
  {
    route: '/opportunities',
    sample: '/opportunities',
    reach: [{ menu: '/opportunities' }],
    ready: rows,
    actions: [
      { name: 'export', may: everyone, control: button('Esporta') },
      {
        name: 'the detail of an opportunity',
        may: everyone,
        control: firstRow,
        run: async (page, control, role) => {
          const detail = page.getByRole('region', { name: 'Dettaglio opportunità' });
          // A click while the list is still settling its rows can be lost: click again until it opens.
          await quiet(page);
          for (let tries = 1; ; tries += 1) {
            if (!(await detail.count())) await control.click();
            try {
              await detail.getByRole('heading', { level: 2 }).waitFor({ timeout: 5_000 });
              break;
            } catch (error) {
              if (tries === 6) throw error;
            }
          }
          await quiet(page);
          const newEstimate = detail.getByRole('link', { name: 'Nuovo preventivo' });
          expect(await newEstimate.count(), `${role}: "Nuovo preventivo" in the opportunity's detail`).toBe(
            canAccessResource(role, 'estimates') ? 1 : 0,
          );
          await detail.getByRole('button', { name: 'Chiudi' }).click();
          await detail.waitFor({ state: 'detached' });
        },
      },
    ],
  },
  {
    route: '/estimates/manage',
    sample: '/estimates/manage',
    reach: [{ menu: '/estimates/manage' }],
    ready: rows,
    actions: [
      { name: 'new estimate', may: everyone, control: href('/estimates/manage?create') },
      {
        name: 'open an estimate: PDF, share, status, new version',
        may: everyone,
        control: firstRow,
        run: async (page, control) => {
          await move(page, () => control.click());
          await page.getByTestId('estimate-status').waitFor();
          for (const name of ['Scarica PDF', 'Nuova versione', 'Crea link'])
            await content(page).getByRole('button', { name }).first().waitFor();
        },
      },
    ],
  },
  {
    route: '/orders',
    sample: '/orders',
    reach: [{ menu: '/orders' }],
    ready: rows,
    actions: [
      { name: 'export', may: everyone, control: button('Esporta') },
      {
        name: 'order from an accepted estimate',
        may: opens('/orders/1/documents'),
        control: button('Crea da preventivo'),
        run: async (page, control) => throughDialog(page, control, (d) => d.getByRole('combobox')),
      },
      { name: 'documents of an order', may: opens('/orders/1/documents'), control: hrefEnd('/documents') },
      { name: 'campaigns of an order', may: opens('/orders/1/campaigns'), control: hrefEnd('/campaigns') },
    ],
  },
  {
    route: '/orders/orderVisualizer',
    sample: '/orders/orderVisualizer',
    reach: [
      {
        from: '/orders',
        link: (page, ids) => rows(page).filter({ hasText: ids.orderCode }).first().locator('td').nth(1),
      },
    ],
    ready: (p) => p.getByTestId('order-visualizer'),
    actions: [
      {
        name: 'move the order (asked, then called off)',
        may: opens('/orders/1/documents'),
        control: button(/^(Conferma|Chiudi|Annulla) ordine$/),
        run: async (page, control) => throughDialog(page, control, (d) => d.getByRole('button').first()),
      },
      {
        name: 'download a document',
        may: everyone,
        control: button(/^Scarica /),
        run: async (page, control) => {
          const download = page.waitForEvent('download');
          await control.click();
          await (await download).cancel();
        },
      },
      {
        name: 'open a campaign',
        may: opens('/campaigns/1'),
        control: (p) => content(p).locator('a[href^="/campaigns/"]:not([href$="/creatives"])').first(),
      },
      {
        name: 'open a campaign’s creatives',
        may: (r) => !canOpen(r, '/campaigns/1') && canOpen(r, '/campaigns/1/creatives'),
        control: hrefEnd('/creatives'),
      },
    ],
  },
  {
    route: '/orders/:id/documents',
    sample: '/orders/1/documents',
    reach: [{ from: '/orders', link: hrefEnd('/documents') }],
    ready: h1,
    actions: [{ name: 'upload a document', may: everyone, control: button('Carica documento') }],
  },
  {
    route: '/orders/:id/campaigns',
    sample: '/orders/1/campaigns',
    reach: [{ from: '/orders', link: hrefEnd('/campaigns') }],
    ready: h1,
    actions: [
      { name: 'connect a campaign', may: everyone, control: button('Collega') },
      { name: 'create a campaign', may: everyone, control: button('Crea campagna') },
    ],
  },
  {
    route: '/campaigns',
    sample: '/campaigns',
    reach: [{ menu: '/campaigns' }],
    ready: rows,
    actions: [{ name: 'export', may: everyone, control: button('Esporta') }],
  },
  {
    route: '/campaigns/create',
    sample: '/campaigns/create',
    reach: [{ from: '/campaigns', link: href('/campaigns/create') }],
    ready: button('Salva'),
  },
  {
    route: '/campaigns/:id',
    sample: '/campaigns/1',
    reach: [{ from: '/campaigns', link: firstRow }],
    ready: h1,
    actions: [
      {
        name: 'add a member',
        may: everyone,
        control: (p) => p.getByRole('tab', { name: 'Membri' }),
        run: async (page, control, role) => {
          await control.click();
          // Each role adds a user of its own, so that a walk never meets another's member.
          const who =
            { ROLE_ADMIN: 'manager', ROLE_SALES: 'planner', ROLE_SALESLEADER: 'supervisor' }[
              role as string
            ] ?? 'designer';
          const picker = page.getByLabel(/^Utente/);
          await pickOption(page, picker, who, `(${who})`);
          await content(page).getByRole('button', { name: 'Aggiungi membro' }).click();
          await page
            .getByText(/aggiunto|aggiunta/i)
            .first()
            .waitFor();
        },
      },
      {
        name: 'history',
        may: everyone,
        control: (p) => p.getByRole('tab', { name: 'Storico' }),
        run: async (page, control) => {
          await control.click();
          await page.getByTestId('campaign-history').or(page.getByText('Nessuna modifica')).first().waitFor();
        },
      },
      {
        name: 'attachments',
        may: everyone,
        control: (p) => p.getByRole('tab', { name: 'Allegati' }),
        run: async (page, control) => {
          await control.click();
          await quiet(page);
          // Back to the overview, as the walk found the screen.
          await page.getByRole('tab', { name: 'Panoramica' }).click();
        },
      },
    ],
  },
  {
    route: '/campaigns/:id/edit',
    sample: '/campaigns/1/edit',
    reach: [{ from: '/campaigns/:id', link: hrefEnd('/edit') }],
    ready: button('Salva'),
  },
  {
    route: '/creatives',
    sample: '/creatives',
    reach: [{ menu: '/creatives' }],
    ready: rows,
  },
  {
    route: '/campaigns/:id/creatives',
    sample: '/campaigns/1/creatives',
    reach: [{ from: '/creatives', link: firstRow }],
    ready: h1,
    actions: [
      { name: 'upload a creative', may: everyone, control: button('Carica creatività') },
      {
        name: 'back to the campaign',
        may: opens('/campaigns/1'),
        control: (p) => content(p).getByRole('link', { name: 'Torna alla campagna' }),
      },
    ],
  },
  {
    route: '/plannings',
    sample: '/plannings',
    reach: [{ menu: '/plannings' }],
    ready: rows,
  },
  {
    route: '/plannings/:id',
    sample: '/plannings/1',
    reach: [{ from: '/plannings', link: firstRow }],
    ready: h1,
  },
  {
    route: '/plannings/:id/search',
    sample: '/plannings/1/search',
    reach: [{ from: '/plannings/:id', link: hrefEnd('/search') }],
    ready: rows,
  },
  {
    route: '/advertisers',
    sample: '/advertisers',
    reach: [{ menu: '/advertisers' }],
    ready: rows,
    actions: [
      {
        name: 'new advertiser',
        may: everyone,
        control: button('Nuovo inserzionista'),
        run: async (page, control) =>
          throughDialog(page, control, (d) => d.getByRole('button', { name: 'Salva' })),
      },
    ],
  },
  {
    route: '/advertisers/:id',
    sample: '/advertisers/1',
    reach: [{ from: '/advertisers', link: firstRow }],
    ready: h1,
  },
  {
    route: '/availability',
    sample: '/availability',
    reach: [{ menu: '/availability' }],
    ready: rows,
    actions: [
      {
        name: 'put a face under option (asked, then called off)',
        may: (r) => canAccessResource(r, 'reservations', 'create'),
        control: button('Metti in opzione'),
        run: async (page, control) => {
          await rows(page).first().getByRole('checkbox').check();
          await throughDialog(page, control, (d) => d.getByRole('heading'));
        },
      },
      {
        name: 'put faces on an estimate (asked, then called off)',
        may: (r) => canAccessResource(r, 'estimates', 'edit'),
        control: button('Aggiungi a un preventivo'),
        run: async (page, control) => {
          await rows(page).first().getByRole('checkbox').check();
          await throughDialog(page, control, (d) => d.getByRole('combobox', { name: /^Preventivo in bozza/ }));
          await rows(page).first().getByRole('checkbox').uncheck();
        },
      },
      {
        name: 'pick a circuit to filter by',
        may: (r) => canAccessResource(r, 'circuits', 'list'),
        control: (page) => content(page).getByRole('combobox', { name: 'Circuito' }).and(page.locator(':enabled')),
        run: async (page, control) => {
          await control.click();
          // The circuits of both kinds, read by every role that may pick one.
          await page.getByRole('listbox').getByRole('option', { name: /\((OOH|DOOH)\)$/ }).first().waitFor({ timeout: 15_000 });
          await page.keyboard.press('Escape');
        },
      },
    ],
  },
  {
    route: '/estimates/products',
    sample: '/estimates/products',
    reach: [{ menu: '/estimates/products' }],
    ready: rows,
    actions: [
      {
        name: 'new product',
        may: everyone,
        control: button('Nuovo prodotto'),
        run: async (page, control) =>
          throughDialog(page, control, (d) => d.getByRole('button', { name: 'Salva' })),
      },
    ],
  },
];

/** MEDIA MONITOR and ANALYTICS. */
const MEDIA: Screen[] = [
  {
    route: '/media/monitor/*',
    sample: '/media/monitor',
    reach: [{ menu: '/media/monitor' }],
    ready: rows,
    actions: [{ name: 'export to Excel', may: everyone, control: button('Esporta Excel') }],
  },
  {
    route: '/media/monitor/*',
    sample: '/media/monitor/create',
    reach: [{ from: '/media/monitor', link: href('/media/monitor/create') }],
    ready: button('Salva'),
  },
  {
    route: '/media/monitor/*',
    sample: '/media/monitor/import',
    reach: [{ from: '/media/monitor', link: button('Importa') }],
    ready: h1,
  },
  {
    route: '/media/monitor/*',
    sample: '/media/monitor/crm-sync',
    reach: [{ from: '/media/monitor', link: button('Sincronizza CRM') }],
    ready: h1,
  },
  {
    route: '/media/monitor/*',
    sample: '/media/monitor/1',
    reach: [
      {
        from: '/media/monitor',
        link: (p) => content(p).locator('a[href^="/media/monitor/"]:not([href$="create"])').first(),
      },
    ],
    ready: button('Salva'),
  },
  {
    route: '/media/monitor/*',
    sample: '/media/monitor/agent-mail',
    reach: [
      {
        from: '/media/monitor',
        // The sends menu of the detections' toolbar.
        link: async (p) => {
          await button('Invia…')(p).click();
          return p.getByRole('menuitem', { name: 'Invia all’agente', exact: true });
        },
      },
    ],
    ready: h1,
  },
  {
    route: '/media/monitor/*',
    sample: '/media/monitor/supplier-mail',
    reach: [{ menu: '/media/monitor/supplier-mail' }],
    ready: h1,
  },
  {
    route: '/media/monitor/*',
    sample: '/media/monitor/secretariat-mail',
    reach: [{ menu: '/media/monitor/secretariat-mail' }],
    ready: h1,
  },
  { route: '/media/manage', sample: '/media/manage', reach: [{ menu: '/media/manage' }], ready: h1 },
  { route: '/media/scheduled', sample: '/media/scheduled', reach: [{ menu: '/media/scheduled' }], ready: h1 },
  {
    route: '/media/analytics',
    sample: '/media/analytics',
    reach: [{ menu: '/media/analytics' }],
    ready: (p) => content(p).getByRole('img').first(),
  },
  {
    route: '/dashboard/analytics',
    sample: '/dashboard/analytics',
    reach: [{ menu: '/dashboard/analytics' }],
    ready: (p) => content(p).getByRole('img').first(),
  },
  {
    route: '/DOOH/analytics',
    sample: '/DOOH/analytics',
    reach: [{ menu: '/DOOH/analytics' }],
    ready: (p) => content(p).getByRole('img').first(),
  },
];

/** The user menu's pages and the notices' list. */
const USER_MENU: Screen[] = [
  { route: '/profile', sample: '/profile', reach: [{ userMenu: 'Profilo' }], ready: h1 },
  {
    route: '/settings/users/*',
    sample: '/settings/users',
    reach: [{ userMenu: 'Gestione utenti' }],
    ready: rows,
  },
  {
    route: '/settings/users/*',
    sample: '/settings/users/create',
    reach: [{ from: '/settings/users', link: href('/settings/users/create') }],
    ready: button('Salva'),
  },
  {
    route: '/settings/outbox',
    sample: '/settings/outbox',
    reach: [{ userMenu: 'Posta in uscita' }],
    ready: h1,
  },
  { route: '/inbox', sample: '/inbox', reach: [{ bell: true }], ready: h1 },
  // Last: its probes of each service's base may still be answering when the walk ends.
  {
    route: '/test',
    sample: '/test',
    reach: [{ userMenu: 'Test dei servizi' }],
    ready: rows,
    expected: /^4\d\d GET /,
  },
];

const SECTIONS = {
  PATRIMONIO: ASSETS,
  PUBBLICAZIONE: SALES,
  'MEDIA MONITOR': MEDIA,
  'menu utente': USER_MENU,
};
const SCREENS: Screen[] = Object.values(SECTIONS).flat();

/** The routes of src/routes.tsx (PRIVATE_ROUTES), read as text (the module imports every screen). */
function privateRoutes(): string[] {
  const source = readFileSync(path.join(ROOT, 'src', 'routes.tsx'), 'utf8');
  const start = source.indexOf('export const PRIVATE_ROUTES');
  return [...source.slice(start, source.indexOf('\n];', start)).matchAll(/path: '([^']+)'/g)].map(
    (m) => m[1],
  );
}

/** The route of src/routes.tsx a path is a screen of. */
const routeOf = (pathname: string) =>
  privateRoutes().find((route) => matchPath({ path: route, end: true }, pathname)) ??
  `(no route for ${pathname})`;

const user = (role: Role) => role.replace('ROLE_', '').toLowerCase();

let browser: Browser;
let ids: Ids;

beforeAll(async () => {
  type Order = { id: number; code: string; status: string };
  const [orders, campaigns, documents] = await Promise.all([
    api<Order[]>(
      `/order/orders?sort=${encodeURIComponent('["orderDate","DESC"]')}&range=${encodeURIComponent('[0,9]')}`,
    ),
    api<Array<{ orderId: number | null }>>('/campaign/v1/campaigns'),
    api<Array<{ orderId: number }>>('/order/orderDocuments'),
  ]);
  const withCampaign = new Set(campaigns.map((c) => c.orderId));
  const withDocument = new Set(documents.map((d) => d.orderId));
  const order = orders.find(
    (o) => withCampaign.has(o.id) && withDocument.has(o.id) && !['closed', 'cancelled'].includes(o.status),
  );
  if (!order)
    throw new Error('no order on the first page of /orders with a campaign, a document and a move left');
  ids = { orderCode: order.code };
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
});

describe('the walk covers every screen', () => {
  it('has a screen for every route of src/routes.tsx, each reached some way', () => {
    const routes = privateRoutes();
    expect(routes.length).toBeGreaterThan(30);
    expect([...new Set(SCREENS.map((s) => s.route))].sort()).toEqual([...new Set(routes)].sort());
    for (const screen of SCREENS)
      expect(routeOf(screen.sample.split('?')[0]), screen.sample).toBe(screen.route);
  });
});

/**
 * Brings the app bar back, as a user does by scrolling up: it slides away while the page scrolls
 * down (a click on a control low on a long screen scrolls there).
 */
async function appBar(page: Page): Promise<void> {
  while ((await page.evaluate(() => window.scrollY)) > 0) await page.mouse.wheel(0, -1000);
}

/** Moves to a screen by the first of its ways in that the role has; fails naming the screen when none is. */
async function reach(page: Page, role: Role, screen: Screen, at: Map<string, string>): Promise<void> {
  const menu = menuFor(role);
  const nav = page.getByRole('navigation', { name: 'Navigazione principale' });
  for (const way of screen.reach) {
    if ('home' in way) {
      if (new URL(page.url()).pathname !== '/') await visit(page, '/');
      return;
    }
    if ('menu' in way) {
      const here = new URL(page.url());
      // The role's home: the app opened there, as its entry would.
      if (here.pathname + here.search === way.menu) return;
      await appBar(page);
      const link = menu.links.find((l) => l.to === way.menu);
      if (link) return move(page, () => clickUntilMoved(page, () => nav.getByRole('link', { name: link.label, exact: true }).click()));
      const group = menu.groups.find((g) => g.entries.some((e) => e.to === way.menu));
      if (!group) continue;
      const entry = group.entries.find((e) => e.to === way.menu)!;
      const opened = page.getByRole('menu');
      return move(page, () =>
        clickUntilMoved(page, async () => {
          if (!(await opened.isVisible())) await nav.getByRole('button', { name: group.label, exact: true }).click();
          await opened.getByRole('menuitem', { name: entry.label, exact: true }).click();
        }),
      );
    }
    if ('userMenu' in way) {
      await appBar(page);
      const opened = page.getByRole('menu');
      const openMenu = async () => {
        if (!(await opened.isVisible())) await page.getByRole('button', { name: /menu utente/i }).click();
      };
      await openMenu();
      const item = opened.getByRole('menuitem', { name: way.userMenu, exact: true });
      if (!(await item.count())) {
        await page.keyboard.press('Escape');
        continue;
      }
      return move(page, () =>
        clickUntilMoved(page, async () => {
          await openMenu();
          await item.click();
        }),
      );
    }
    if ('bell' in way) {
      await appBar(page);
      const popover = page.getByRole('dialog', { name: 'Avvisi da leggere' });
      return move(page, () =>
        clickUntilMoved(page, async () => {
          if (!(await popover.isVisible())) await page.getByRole('button', { name: /^Avvisi: / }).click();
          await popover.getByRole('link', { name: 'Tutti gli avvisi (Da fare)' }).click();
        }),
      );
    }
    const from = at.get(way.from);
    if (from === undefined) continue;
    const here = new URL(page.url());
    if (here.pathname + here.search !== from) {
      await visit(page, from);
      await SCREENS.find((s) => s.route === way.from || s.sample === way.from)!
        .ready(page)
        .first()
        .waitFor();
    }
    const link = await way.link(page, ids);
    await link.waitFor({ timeout: 15_000 }).catch(() => {
      throw new Error(`${user(role)}: no link to ${screen.sample} on ${from}`);
    });
    return move(page, () => link.click());
  }
  throw new Error(
    `${user(role)} may open ${screen.sample} but nothing leads there (no menu entry, no link from a screen it opens)`,
  );
}

/** Walks side by side: two at a time (the machine's two cores), each waiting here for its turn. */
const LANES = 2;
let running = 0;
const waiting: Array<() => void> = [];
async function turn<T>(job: () => Promise<T>): Promise<T> {
  if (running >= LANES) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await job();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

/** One role's walk over `screens`, in one context of its own. */
async function walk(role: Role, screens: Screen[]): Promise<void> {
  const { context, page } = await signedInPage(browser, user(role));
  countRequests(page);
  const refused: string[] = [];
  let expected: RegExp | undefined;
  let where = '(home)';
  page.on('response', (r) => {
    if (!r.url().startsWith(sandboxUrl()) || r.status() < 400) return;
    const call = `${r.status()} ${r.request().method()} ${r.url().slice(sandboxUrl().length)}`;
    if (!expected?.test(call)) refused.push(`${where}: ${call}`);
  });
  const at = new Map<string, string>();
  try {
    for (const screen of screens) {
      if (!canOpen(role, screen.sample)) continue;
      try {
        where = screen.sample;
        // The screen's own expected answers may come while it is being reached (its calls start as it renders).
        expected = screen.expected;
        await reach(page, role, screen, at);
        const url = new URL(page.url());
        expect(routeOf(url.pathname), `${user(role)} went for ${screen.sample}`).toBe(screen.route);
        await screen.ready(page).first().waitFor({ timeout: 30_000 });
        at.set(
          screen.route === '/media/monitor/*' || screen.route === '/settings/users/*'
            ? screen.sample
            : screen.route,
          url.pathname + url.search,
        );
        for (const action of screen.actions ?? []) {
          where = `${screen.sample}: ${action.name}`;
          const control = action.control(page);
          if (action.may(role)) {
            await control.waitFor({ timeout: 15_000 }).catch(() => {
              throw new Error(`${user(role)} may ${action.name} on ${screen.sample}, but nothing offers it`);
            });
            if (action.run) await action.run(page, control, role);
          } else {
            await quiet(page);
            expect(
              await control.count(),
              `${user(role)} may not ${action.name} on ${screen.sample}, yet it is offered`,
            ).toBe(0);
          }
        }
      } catch (error) {
        // What the screen showed, for the failure's reader (.e2e/ is not part of the tree).
        await page
          .screenshot({ path: path.join(ROOT, '.e2e', 'screenshots', `roles-${user(role)}-${screens[0]?.route.replace(/\W+/g, '_')}.png`) })
          .catch(() => undefined);
        throw new Error(
          `${user(role)} at ${where} (${page.url()}): ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
          { cause: error },
        );
      }
    }
    // The last screen's calls answered too (a call is named with the screen or action it was made on).
    await quiet(page);
    expect(refused, `${user(role)}: answers refused while walking`).toEqual([]);
  } finally {
    await context.close();
  }
}

describe.concurrent('each role reaches every screen it may open, and every action there works for it', () => {
  for (const role of STAFF_ROLES) {
    // The admin may open every screen: its walk goes in one part per section, side by side.
    const parts: Array<[string, Screen[]]> =
      role === 'ROLE_ADMIN' ? Object.entries(SECTIONS) : [['', SCREENS]];
    for (const [section, screens] of parts) {
      it(`${user(role)}${section ? ` (${section})` : ''}`, { timeout: 600_000 }, () =>
        turn(() => walk(role, screens)),
      );
    }
  }
});
