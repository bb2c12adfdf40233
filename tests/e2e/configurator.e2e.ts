import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, pickOption, visit } from './support/browser';
import { api, signedInPage } from './support/session';

/*
 * The planning configurator honours the circuit picked, at 1280×720: a planning configured on
 * /plannings with one circuit lists, on its search page, only that circuit's systems (the systems
 * search filtered by the circuit) and only that circuit's faces, and adds every free face at once.
 */

interface Row {
  frameId: number;
  systemId: number;
  cells: Array<{ state: string }>;
}

const SHOTS = '.e2e/screenshots';
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[] = [];
// A period of its own far ahead, so that no other file's options or bookings meet it.
const YEAR = 2030 + (Date.now() % 7);
const START = `${YEAR}-05-06`;
const END = `${YEAR}-05-19`;
const TAG = `${Date.now()}`;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launch();
  ({ context, page, errors } = await signedInPage(browser, 'admin'));
  await page.setViewportSize({ width: 1280, height: 720 });
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('the planning configurator honours the circuit picked', () => {
  it('a planning configured with a circuit lists only its systems and its faces, and adds every free face', async () => {
    // A circuit of two poster systems whose faces are free in the period, and a campaign over it.
    const free = await api<{ rows: Row[] }>(`/planner/v1/availability?periodStart=${START}&periodEnd=${END}&systemType=poster&range=[30,59]`);
    const systems = [...new Set(free.rows.filter((r) => r.cells.every((c) => c.state === 'free')).map((r) => r.systemId))].slice(0, 2);
    expect(systems).toHaveLength(2);
    const circuitName = `E2E Circuito configuratore ${TAG}`;
    const circuit = await api<{ id: number }>(`/circuits/v1/circuit/create?name=${encodeURIComponent(circuitName)}&type=OOH`, {
      method: 'POST',
      body: { assets: systems },
      as: 'assetmanager',
    });
    const inCircuit = await api<{ rows: Row[] }>(`/planner/v1/availability?periodStart=${START}&periodEnd=${END}&circuitId=${circuit.id}&systemType=poster&range=[0,99]`);
    expect(new Set(inCircuit.rows.map((r) => r.systemId))).toEqual(new Set(systems));
    const campaignName = `E2E Campagna configuratore ${TAG}`;
    const campaign = await api<{ id: number; advertiserId: number }>('/campaign/v1/campaigns', {
      method: 'POST',
      body: { name: campaignName, advertiserId: (await api<Array<{ id: number }>>('/advertiser/v1/getAll'))[0].id, periodStart: START, periodEnd: END, budget: 1000 },
    });
    expect(campaign.id).toBeGreaterThan(0);

    // The configurator: the campaign (its period follows), the circuit and the poster type.
    await visit(page, '/plannings');
    const form = page.getByRole('region', { name: 'Nuova pianificazione' });
    // The form opens on demand: the list's first page does not wait for its campaigns and circuits.
    await form.getByRole('button', { name: 'Configura una pianificazione' }).click();
    const picker = form.getByRole('combobox', { name: /^Campagna/ });
    await picker.click();
    await pickOption(page, picker, campaignName);
    await form.getByRole('checkbox', { name: `${circuitName} (OOH)` }).check();
    await form.getByRole('checkbox', { name: 'Poster', exact: true }).check();
    await form.getByRole('button', { name: 'Crea e cerca gli impianti' }).click();
    await page.waitForURL(/\/plannings\/\d+\/search$/, { timeout: 60_000 });
    const planningId = Number(/\/plannings\/(\d+)\/search$/.exec(page.url())![1]);

    // The systems listed are the circuit's only, as the page says.
    await expect.poll(() => page.getByTestId('search-circuits').textContent(), { timeout: 60_000 }).toBe(`Solo gli impianti dei circuiti della pianificazione: ${circuitName}`);
    const listed = page.locator('[data-testid^="system-"]');
    await expect
      .poll(async () => (await listed.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-testid')!.slice('system-'.length))))).sort(), { timeout: 60_000 })
      .toEqual([...systems].sort());

    // The circuit's faces, each added at once.
    await expect.poll(() => page.getByTestId('circuit-face').count(), { timeout: 60_000 }).toBe(inCircuit.rows.length);
    await page.screenshot({ path: `${SHOTS}/configurator-circuit.png` });
    await page.getByRole('button', { name: 'Aggiungi le facce libere' }).click();
    await expect.poll(() => page.getByTestId('circuit-face').getByText('In questa pianificazione').count(), { timeout: 60_000 }).toBe(inCircuit.rows.length);
    // The page's totals count the faces sold, and the systems they are on.
    await expect.poll(() => page.getByTestId('planning-totals').textContent(), { timeout: 30_000 }).toMatch(new RegExp(`^${inCircuit.rows.length} facce su 2 impianti · `));
    const items = await api<Array<{ frameId: number }>>(`/planner/v1/planningItems?filter=${encodeURIComponent(JSON.stringify({ planningId }))}`);
    expect(items.map((i) => i.frameId).sort()).toEqual(inCircuit.rows.map((r) => r.frameId).sort());
    expect(errors).toEqual([]);
  });
});
