import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, launch, newContext, signIn, watchErrors } from './support/browser';
import { api } from './support/session';

/*
 * True counts, whole exports and whole selections, with the filtered search's per-request limit
 * lowered to 25 through the runtime config (config.json's `searchPageLimit`): the file's own 60
 * systems then take the code paths of more than one request that the large seed takes at 9,999.
 * The filters are the file's own systems: a file running alongside changes others' systems, and an
 * export read page by page while a row of its filter changes is no measure of the export.
 */

const LIMIT = 25;
const TAG = `Conta${Date.now() % 1000000}`;
const OWN = 60;

let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[] = [];
const ownIds: number[] = [];
let circuitId = 0;

type SearchPage = { content: { id: number; code: string; status: string }[]; totalElements: number };
const search = (filter: Record<string, unknown>) =>
  api<SearchPage>('/systems/v1/system/search/params?page=0&size=9999&type=ALL', { method: 'POST', body: filter, as: 'assetmanager' });
const listUrl = (filter: Record<string, unknown>) => appUrl(`/systems-manage/manage?filter=${encodeURIComponent(JSON.stringify(filter))}`);
const OWN_FILTER = { searchTerm: TAG, systemTypes: ['poster'] };

beforeAll(async () => {
  browser = await launch();
  context = await newContext(browser, { viewport: { width: 1280, height: 720 } });
  // The served config.json, with the lowered limit.
  await context.route('**/config.json', async (route) => {
    const response = await route.fetch();
    const config = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: { ...config, searchPageLimit: LIMIT } });
  });
  page = await context.newPage();
  errors = watchErrors(page);
  await signIn(page, 'assetmanager');
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 60_000 });
  // Systems of this file's own, more than a page of the lowered limit.
  for (let n = 1; n <= OWN; n += 1) {
    const created = await api<{ id: number }>('/systems/v1/system/create?type=OOH', {
      method: 'POST',
      as: 'assetmanager',
      body: {
        name: `${TAG} ${n}`,
        type: 'OOH',
        systemType: 'poster',
        status: 'active',
        address: `Via Conte ${n}`,
        municipalityId: '015146',
        latitude: 45.46 + n / 10000,
        longitude: 9.18,
        sizes: [{ sizeId: 1 }],
      },
    });
    ownIds.push(created.id);
  }
}, 300_000);

afterAll(async () => {
  if (circuitId) await api(`/circuits/v1/circuit/delete?id=${circuitId}`, { method: 'DELETE', as: 'assetmanager' }).catch(() => undefined);
  for (const id of ownIds) await api(`/systems/v1/system/delete?id=${id}`, { method: 'DELETE', as: 'assetmanager' }).catch(() => undefined);
  await context?.close();
  await browser?.close();
});

describe('counts, exports and selections past one request of the search', () => {
  it('the filtered list tells the whole count and its limit; the export holds every row of the filter once', async () => {
    const filter = { ...OWN_FILTER, statuses: ['active'] };
    const expected = await search(filter);
    expect(expected.totalElements).toBe(OWN);
    expect(expected.totalElements).toBeGreaterThan(LIMIT * 2);
    await page.goto(listUrl(filter));
    await expect.poll(() => page.getByTestId('systems-count').textContent(), { timeout: 60_000 }).toBe(`${OWN} impianti trovati`);
    const limit = page.getByTestId('systems-limit');
    await limit.waitFor();
    expect(await limit.textContent()).toBe(
      `Al massimo ${LIMIT} impianti per pagina: gli altri dei ${expected.totalElements} del filtro sono nelle pagine seguenti. L’esportazione e «Seleziona tutti» li comprendono tutti.`,
    );
    await page.screenshot({ path: '.e2e/screenshots/counts-list.png' });
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 120_000 }), page.getByRole('button', { name: 'Esporta', exact: true }).click()]);
    const lines = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    const codes = lines.slice(1).map((l) => l.split(';')[0]);
    expect(codes).toHaveLength(expected.totalElements);
    expect(new Set(codes).size).toBe(expected.totalElements);
    expect(new Set(codes)).toEqual(new Set(expected.content.map((s) => s.code)));
  });

  it('"select all" takes the whole filter, and the status change runs by filter after naming the count', async () => {
    await page.goto(listUrl(OWN_FILTER));
    await expect.poll(() => page.getByTestId('systems-count').textContent(), { timeout: 60_000 }).toBe(`${OWN} impianti trovati`);
    await page.getByRole('checkbox', { name: 'Seleziona tutto' }).click();
    await page.getByText(`${LIMIT} elementi selezionati`).waitFor();
    await page.getByRole('button', { name: `Seleziona tutti i ${OWN} del filtro` }).click();
    await page.getByText(`${OWN} elementi selezionati`).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Modifica selezionati' }).click();
    const dialog = page.getByRole('dialog', { name: `Modifica ${OWN} impianti` });
    await dialog.getByRole('radio', { name: 'Stato' }).check();
    await dialog.getByRole('combobox', { name: /^Stato/ }).click();
    await page.getByRole('option', { name: 'In manutenzione' }).click();
    await dialog.getByRole('button', { name: 'Conferma' }).click();
    const confirm = page.getByRole('dialog', { name: `Modificare ${OWN} impianti?` });
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain(`Stato diventa «In manutenzione» su tutti i ${OWN} impianti del filtro`);
    await page.screenshot({ path: '.e2e/screenshots/counts-select-all-confirm.png' });
    const byFilter = page.waitForRequest((r) => r.url().includes('/system/bulk/status/params'));
    await confirm.getByRole('button', { name: 'Conferma' }).click();
    await byFilter;
    await expect.poll(() => page.getByTestId('bulk-result').textContent(), { timeout: 60_000 }).toContain(`${OWN} impianti modificati`);
    await page.getByRole('button', { name: 'Chiudi' }).click();
    const after = await search(OWN_FILTER);
    expect(after.totalElements).toBe(OWN);
    expect(after.content.every((s) => s.status === 'maintenance')).toBe(true);
  });

  it('a 25-member circuit shows all its members', async () => {
    const name = `Circuito ${TAG}`;
    const members = ownIds.slice(0, 25);
    const circuit = await api<{ id: number }>(`/circuits/v1/circuit/create?name=${encodeURIComponent(name)}&type=OOH`, {
      method: 'POST',
      as: 'assetmanager',
      body: { assets: members },
    });
    circuitId = circuit.id;
    const codes = new Set((await search(OWN_FILTER)).content.filter((s) => members.includes(s.id)).map((s) => s.code));
    expect(codes.size).toBe(25);
    await page.goto(appUrl(`/circuit-manage/manage?filter=${encodeURIComponent(JSON.stringify({ type: 'OOH', q: TAG }))}`));
    await page.getByRole('cell', { name, exact: true }).click({ timeout: 120_000 });
    const count = page.getByTestId('circuit-members-count');
    await expect.poll(() => count.textContent(), { timeout: 30_000 }).toBe('25 impianti nel circuito');
    const seen = new Set<string>();
    const read = async () => {
      await page.locator('td.column-code').first().waitFor();
      for (const c of await page.locator('td.column-code').allTextContents()) if (c.startsWith('MI-')) seen.add(c.trim());
    };
    await read();
    for (let i = 0; i < 5 && seen.size < 25; i += 1) {
      await page.getByRole('button', { name: 'Pagina successiva' }).last().click();
      await expect.poll(async () => (await page.locator('td.column-code').allTextContents()).some((c) => !seen.has(c.trim())), { timeout: 30_000 }).toBe(true);
      await read();
    }
    expect(seen).toEqual(codes);
    expect(errors).toEqual([]);
  });
});
