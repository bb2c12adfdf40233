import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, launch, networkQuiet, newContext, signIn, watchErrors } from '../support/browser';
import { api, signedInPage } from '../support/session';

/*
 * Lists at the large seed's size (20,000 systems) and the real per-request limit of the filtered
 * search (9,999, no lowered config): a filter of more than one request's rows is exported whole and
 * once, "select all" takes the whole filter and the bulk action by filter names its count, a
 * 25-member circuit shows every member, a stale save is refused with the typed values kept, and a
 * saved view comes back after signing out and in again.
 */

const LIMIT = 9999;
const TAG = `Grande${Date.now() % 1000000}`;
const LAPTOP = { width: 1280, height: 720 };

let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[] = [];
let circuitId = 0;
let systemId = 0;

type Row = { id: number; code: string; status: string };
type SearchPage = { content: Row[]; totalElements: number };
const searchPage = (filter: Record<string, unknown>, n: number, type = 'ALL') =>
  api<SearchPage>(`/systems/v1/system/search/params?page=${n}&size=${LIMIT}&type=${type}`, {
    method: 'POST',
    body: filter,
    as: 'assetmanager',
  });
/** Every row of a filter, read through the service's pages of the limit. */
async function searchAll(filter: Record<string, unknown>): Promise<{ total: number; codes: string[] }> {
  const first = await searchPage(filter, 0);
  const rows = [...first.content];
  for (let n = 1; rows.length < first.totalElements; n += 1)
    rows.push(...(await searchPage(filter, n)).content);
  return { total: first.totalElements, codes: rows.map((r) => r.code) };
}
const listUrl = (filter: Record<string, unknown>) =>
  appUrl(`/systems-manage/manage?filter=${encodeURIComponent(JSON.stringify(filter))}`);
const ACTIVE = { statuses: ['active'] };
const columnHead = (p: Page, name: string) =>
  p.locator('thead th').filter({ hasText: new RegExp(`^${name}$`) });
const nav = (p: Page) => p.getByRole('navigation', { name: 'Navigazione principale' });

beforeAll(async () => {
  browser = await launch();
  context = await newContext(browser, { viewport: LAPTOP });
  page = await context.newPage();
  errors = watchErrors(page);
  await signIn(page, 'assetmanager');
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 60_000 });
}, 300_000);

afterAll(async () => {
  if (circuitId)
    await api(`/circuits/v1/circuit/delete?id=${circuitId}`, { method: 'DELETE', as: 'assetmanager' }).catch(
      () => undefined,
    );
  if (systemId)
    await api(`/systems/v1/system/delete?id=${systemId}`, { method: 'DELETE', as: 'assetmanager' }).catch(
      () => undefined,
    );
  await context?.close();
  await browser?.close();
});

describe('the systems list at 20,000 systems, 9,999 per request', () => {
  it('the large seed is there: 20,000 systems, and a filter of more than one request', async () => {
    expect((await searchPage({}, 0)).totalElements).toBeGreaterThanOrEqual(20_000);
    expect((await searchPage(ACTIVE, 0)).totalElements).toBeGreaterThan(LIMIT);
  });

  it(
    'the filtered list tells the whole count and the limit; its export holds every row of the filter exactly once',
    { timeout: 300_000 },
    async () => {
      const expected = await searchAll(ACTIVE);
      expect(expected.total).toBeGreaterThan(LIMIT);
      expect(new Set(expected.codes).size).toBe(expected.total);
      await page.goto(listUrl(ACTIVE));
      await expect
        .poll(() => page.getByTestId('systems-count').textContent(), { timeout: 120_000 })
        .toBe(`${expected.total} impianti trovati`);
      const limit = page.getByTestId('systems-limit');
      await limit.waitFor({ timeout: 60_000 });
      expect(await limit.textContent()).toBe(
        `Al massimo ${LIMIT} impianti per pagina: gli altri dei ${expected.total} del filtro sono nelle pagine seguenti. L’esportazione e «Seleziona tutti» li comprendono tutti.`,
      );
      const [download] = await Promise.all([
        page.waitForEvent('download', { timeout: 240_000 }),
        page.getByRole('button', { name: 'Esporta', exact: true }).click(),
      ]);
      const lines = readFileSync((await download.path())!, 'utf8')
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n');
      expect(lines[0].split(';')[0]).toBe('Codice');
      const codes = lines.slice(1).map((l) => l.split(';')[0]);
      expect(codes).toHaveLength(expected.total);
      expect(new Set(codes).size).toBe(expected.total);
      expect(new Set(codes)).toEqual(new Set(expected.codes));
    },
  );

  it(
    '"select all" takes the whole filter, and the status change by filter names the count and runs on all of it',
    { timeout: 300_000 },
    async () => {
      const { totalElements: total } = await searchPage(ACTIVE, 0);
      await page.goto(listUrl(ACTIVE));
      await expect
        .poll(() => page.getByTestId('systems-count').textContent(), { timeout: 120_000 })
        .toBe(`${total} impianti trovati`);
      await page.getByRole('checkbox', { name: 'Seleziona tutto' }).click({ timeout: 60_000 });
      await page.getByText(`${LIMIT} elementi selezionati`).waitFor({ timeout: 60_000 });
      await page.getByRole('button', { name: `Seleziona tutti i ${total} del filtro` }).click();
      await page.getByText(`${total} elementi selezionati`).waitFor({ timeout: 60_000 });
      await page.getByRole('button', { name: 'Modifica selezionati' }).click();
      const dialog = page.getByRole('dialog', { name: `Modifica ${total} impianti` });
      await dialog.waitFor();
      await dialog.getByRole('radio', { name: 'Stato' }).check();
      await dialog.getByRole('combobox', { name: /^Stato/ }).click();
      // The filter's own status: the whole filter goes through the service, and none of its rows changes.
      await page.getByRole('option', { name: 'Attivo', exact: true }).click();
      await dialog.getByRole('button', { name: 'Conferma' }).click();
      const confirm = page.getByRole('dialog', { name: `Modificare ${total} impianti?` });
      await confirm.waitFor();
      expect(await confirm.textContent()).toContain(
        `Stato diventa «Attivo» su tutti i ${total} impianti del filtro`,
      );
      const byFilter = page.waitForResponse((r) => r.url().includes('/system/bulk/status/params'), {
        timeout: 120_000,
      });
      await confirm.getByRole('button', { name: 'Conferma' }).click();
      // One request for the whole filter, which the service matched whole.
      expect(await (await byFilter).json()).toEqual({ matched: total, changed: [] });
      await expect
        .poll(() => page.getByTestId('bulk-result').textContent(), { timeout: 120_000 })
        .toContain(`0 impianti modificati · ${total} impianti avevano già questo stato`);
      await page.getByRole('button', { name: 'Chiudi' }).click();
      expect((await searchPage(ACTIVE, 0)).totalElements).toBe(total);
    },
  );

  it('a 25-member circuit shows all its members', { timeout: 180_000 }, async () => {
    const name = `Circuito ${TAG}`;
    const members = (await searchPage(ACTIVE, 1, 'OOH')).content.slice(0, 25);
    expect(members).toHaveLength(25);
    const circuit = await api<{ id: number }>(
      `/circuits/v1/circuit/create?name=${encodeURIComponent(name)}&type=OOH`,
      {
        method: 'POST',
        as: 'assetmanager',
        body: { assets: members.map((m) => m.id) },
      },
    );
    circuitId = circuit.id;
    const codes = new Set(members.map((m) => m.code));
    await page.goto(
      appUrl(`/circuit-manage/manage?filter=${encodeURIComponent(JSON.stringify({ type: 'OOH', q: TAG }))}`),
    );
    await page.getByRole('cell', { name, exact: true }).click({ timeout: 120_000 });
    const count = page.getByTestId('circuit-members-count');
    await expect.poll(() => count.textContent(), { timeout: 60_000 }).toBe('25 impianti nel circuito');
    const seen = new Set<string>();
    const read = async () => {
      await page.locator('td.column-code').first().waitFor();
      for (const c of await page.locator('td.column-code').allTextContents()) seen.add(c.trim());
    };
    await read();
    for (let i = 0; i < 5 && seen.size < 25; i += 1) {
      await page.getByRole('button', { name: 'Pagina successiva' }).last().click();
      await expect
        .poll(
          async () =>
            (await page.locator('td.column-code').allTextContents()).some((c) => !seen.has(c.trim())),
          { timeout: 30_000 },
        )
        .toBe(true);
      await read();
    }
    expect(seen).toEqual(codes);
    expect(errors).toEqual([]);
  });
});

describe('no silent overwrites at 20,000 systems', () => {
  it(
    'the second of two saves of one system is refused naming who, and every typed value stays',
    { timeout: 240_000 },
    async () => {
      const created = await api<{ id: number }>('/systems/v1/system/create?type=OOH', {
        method: 'POST',
        as: 'assetmanager',
        body: {
          name: TAG,
          type: 'OOH',
          systemType: 'poster',
          status: 'active',
          address: 'Via Grande 1',
          municipalityId: '015146',
          latitude: 45.47,
          longitude: 9.19,
          sizes: [{ sizeId: 1 }],
        },
      });
      systemId = created.id;
      const giulia = await signedInPage(browser, 'assetmanager', `/systems-manage/${systemId}/edit`);
      const alessandra = await signedInPage(browser, 'admin', `/systems-manage/${systemId}/edit`);
      try {
        for (const p of [giulia.page, alessandra.page]) {
          await expect.poll(() => p.getByLabel(/^Nome/).inputValue(), { timeout: 60_000 }).toBe(TAG);
          await networkQuiet(p);
        }
        await giulia.page.getByLabel(/^Nome/).fill(`${TAG} Giulia`);
        await giulia.page.getByRole('button', { name: 'Salva' }).click();
        await giulia.page.waitForURL(new RegExp(`/systems-manage/${systemId}$`), { timeout: 60_000 });

        const p = alessandra.page;
        await p.getByLabel(/^Nome/).fill(`${TAG} Alessandra`);
        await p.getByLabel(/^Indirizzo/).fill('Via Alessandra 2');
        await p.getByRole('button', { name: 'Salva' }).click();
        const refusal = p.getByRole('alert', { name: 'Salvataggio non riuscito: il record è cambiato' });
        await refusal.waitFor({ timeout: 30_000 });
        await expect
          .poll(() => refusal.textContent())
          .toMatch(
            /Questo impianto è stato modificato da Giulia Romano il \d\d\/\d\d\/\d{4} alle \d\d:\d\d dopo che l'hai aperto/,
          );
        expect(p.url()).toMatch(new RegExp(`/systems-manage/${systemId}/edit$`));
        expect(await p.getByLabel(/^Nome/).inputValue()).toBe(`${TAG} Alessandra`);
        expect(await p.getByLabel(/^Indirizzo/).inputValue()).toBe('Via Alessandra 2');
        const saved = await api<{ name: string; address: string }>(`/systems/v1/system/id/${systemId}`);
        expect(saved).toMatchObject({ name: `${TAG} Giulia`, address: 'Via Grande 1' });
      } finally {
        await giulia.context.close();
        await alessandra.context.close();
      }
    },
  );
});

describe('saved views at 20,000 systems', () => {
  /** A new browser (no storage at all) signed in through the form. */
  async function freshBrowserSignedIn(username: string) {
    const fresh = await newContext(browser, { viewport: LAPTOP });
    const p = await fresh.newPage();
    await signIn(p, username);
    await p.waitForURL((url) => url.pathname !== '/login', { timeout: 60_000 });
    await nav(p).waitFor({ timeout: 60_000 });
    return { context: fresh, page: p };
  }

  it(
    'a view saved in one browser comes back after signing out and in again in a new browser, with the whole count of its filter',
    { timeout: 300_000 },
    async () => {
      const name = `Vista ${TAG}`;
      const filter = { type: 'DOOH', statuses: ['active'] };
      const { totalElements: total } = await searchPage({ statuses: ['active'] }, 0, 'DOOH');
      expect(total).toBeGreaterThan(0);
      const first = await freshBrowserSignedIn('assetmanager');
      await first.page.goto(
        appUrl(
          `/systems-manage/manage?filter=${encodeURIComponent(JSON.stringify(filter))}&sort=name&order=DESC`,
        ),
      );
      await first.page.locator('tbody tr:not([aria-hidden="true"])').first().waitFor({ timeout: 120_000 });
      await first.page.getByRole('button', { name: 'Colonne' }).click();
      await first.page.getByRole('option', { name: 'Area' }).getByRole('switch').click();
      await first.page.keyboard.press('Escape');
      await expect.poll(() => columnHead(first.page, 'Area').count()).toBe(0);
      await first.page.getByRole('button', { name: 'Viste' }).click();
      // The menu's views loaded first: they push the save button down as they come.
      const menu = first.page.getByRole('dialog', { name: 'Viste salvate' });
      await menu.getByText('Nessuna vista salvata').or(menu.getByRole('list')).waitFor({ timeout: 30_000 });
      await menu.getByRole('button', { name: 'Salva vista corrente…' }).click();
      const dialog = first.page.getByRole('dialog', { name: 'Salva la vista corrente' });
      await dialog.getByLabel('Nome della vista').fill(name);
      await dialog.getByRole('button', { name: 'Salva' }).click();
      await first.page.getByText(`Vista «${name}» salvata`).waitFor();
      await first.page.getByRole('button', { name: 'Menu utente' }).click();
      await first.page.getByRole('menuitem', { name: 'Esci' }).click();
      await first.page.waitForURL((url) => url.pathname === '/logout' || url.pathname === '/login', {
        timeout: 30_000,
      });
      await first.page.getByRole('button', { name: /accedi/i }).waitFor({ timeout: 30_000 });
      await first.context.close();

      const second = await freshBrowserSignedIn('assetmanager');
      const again = second.page;
      try {
        await again.goto(appUrl('/systems-manage/manage'));
        await again.locator('tbody tr:not([aria-hidden="true"])').first().waitFor({ timeout: 120_000 });
        // A new browser starts from the list's defaults: every column, no filter.
        await expect.poll(() => columnHead(again, 'Area').count()).toBe(1);
        // Unfiltered: the paged list, without the filter's count.
        expect(await again.getByTestId('systems-count').count()).toBe(0);
        await again.getByRole('button', { name: 'Viste' }).click();
        const menu = again.getByRole('dialog', { name: 'Viste salvate' });
        await menu.getByRole('button', { name, exact: true }).click({ timeout: 30_000 });
        await expect.poll(() => columnHead(again, 'Area').count()).toBe(0);
        await expect
          .poll(() => JSON.parse(new URL(again.url()).searchParams.get('filter') ?? '{}'))
          .toEqual(filter);
        expect(new URL(again.url()).searchParams.get('sort')).toBe('name');
        expect(new URL(again.url()).searchParams.get('order')).toBe('DESC');
        await expect
          .poll(() => again.getByTestId('systems-count').textContent(), { timeout: 120_000 })
          .toBe(`${total} impianti trovati`);
        // Deleted again, and the column shown again, so the user's preferences are as they were.
        await again.getByRole('button', { name: 'Viste' }).click();
        await menu.getByRole('button', { name: `Elimina la vista «${name}»` }).click();
        await again.getByText(`Vista «${name}» eliminata`).waitFor();
        await expect.poll(() => menu.getByRole('button', { name, exact: true }).count()).toBe(0);
        // The menu closed (Escape reaches it once the deletion has settled), the list's buttons back.
        await expect
          .poll(
            async () => {
              if (await menu.isVisible()) await again.keyboard.press('Escape');
              return menu.isVisible();
            },
            { timeout: 30_000 },
          )
          .toBe(false);
        await again.getByRole('button', { name: 'Colonne' }).click();
        await again.getByRole('option', { name: 'Area' }).getByRole('switch').click();
      } finally {
        await second.context.close();
      }
    },
  );
});
