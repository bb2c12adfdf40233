import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/a11y';
import { launch, visit } from './support/browser';
import { api, signedInPage } from './support/session';
import { ROOT } from './support/stack';

/*
 * /systems-manage/map with no tile server (the e2e stack's tileUrl is ''), as the asset manager:
 * the base map shipped with the app under the markers, the municipality search that recentres the
 * map, and the list of the systems in view beside it.
 */

const SCREENSHOTS = process.env.SCREENSHOTS_DIR ?? path.join(ROOT, '.e2e', 'screenshots');

interface Marker {
  id: number;
  code: string;
  municipality: string;
  latitude: number;
  longitude: number;
}

let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[] = [];
let dark = false;

const map = () => page.getByTestId('systems-map');
const panel = () => page.getByTestId('systems-in-view');
const search = () => page.getByRole('combobox', { name: 'Cerca un comune' });
/** How far (degrees) the map's centre is from a point. */
async function offCentre(p: { latitude: number; longitude: number }): Promise<number> {
  const [lat, lng] = ((await map().getAttribute('data-center')) ?? '').split(',').map(Number);
  return Math.hypot(lat - p.latitude, lng - p.longitude);
}
const listedCodes = () => panel().locator('li[data-code]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-code')));

async function markersAround(lat: number, lng: number, d: number): Promise<Marker[]> {
  return api<Marker[]>('/systems/v1/system/inAreaList?type=ALL', {
    method: 'POST',
    body: { north: lat + d, south: lat - d, east: lng + d, west: lng - d },
    as: 'assetmanager',
  });
}

async function geocode(name: string): Promise<{ latitude: number; longitude: number }> {
  const [found] = await api<{ latitude: number; longitude: number }[]>(`/systems/v1/geocode/getGeocodeLocations?address=${encodeURIComponent(name)}`, {
    as: 'assetmanager',
  });
  return found;
}

/** Types a municipality's name in the search and takes the first suggestion with Enter. */
async function goTo(name: string) {
  await search().fill(name);
  await page.getByRole('option', { name: new RegExp(`^${name}`) }).first().waitFor();
  await search().press('Enter');
}

/**
 * Zooms out one step at a time down to `zoom`. Leaflet drops a zoom click that lands while it is
 * still settling the last move (seen on a loaded machine), so a step whose zoom did not change is
 * clicked again, at most three times.
 */
async function zoomOutTo(zoom: number) {
  const current = async () => Number(await map().getAttribute('data-zoom'));
  for (let z = await current(); z > zoom; z--) {
    for (let attempt = 1; ; attempt++) {
      await map().getByRole('button', { name: 'Riduci' }).click();
      try {
        await expect.poll(current, { timeout: 5_000 }).toBe(z - 1);
        break;
      } catch (error) {
        if (attempt === 3 || (await current()) !== z) throw error;
      }
    }
  }
}

async function shot(name: string) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });
}

async function setTheme(name: 'Scuro' | 'Classico') {
  await page.getByRole('button', { name: 'Menu utente' }).click();
  await page.getByRole('menuitemradio', { name }).click();
  // The menu closes as it fades: an axe check of a half-faded menu would read its contrast wrong.
  // MUI marks the closing menu aria-hidden as the fade starts, so the wait counts hidden elements.
  await page.getByRole('menu', { includeHidden: true }).waitFor({ state: 'detached' });
  await page.getByText('Tema salvato').waitFor();
  dark = name === 'Scuro';
}

beforeAll(async () => {
  browser = await launch();
  ({ context, page, errors } = await signedInPage(browser, 'assetmanager'));
  await page.setViewportSize({ width: 1280, height: 720 });
});

afterAll(async () => {
  if (dark && page) await setTheme('Classico').catch(() => undefined);
  await context?.close();
  await browser?.close();
});

describe('the systems map without a tile server', () => {
  it('draws the base map shipped with the app under the markers: coast, regions, their names', async () => {
    await visit(page, '/systems-manage/map');
    await map().locator('path.basemap-coast').first().waitFor({ timeout: 30_000 });
    expect(await map().locator('path.basemap-region').count()).toBeGreaterThan(0);
    expect(await map().locator('path.basemap-italy').count()).toBe(1);
    expect(await map().locator('path.basemap-country').count()).toBeGreaterThan(5);
    // Drawn only: no shape of the base map catches a click or a pointer.
    expect(await map().locator('path.leaflet-interactive').count()).toBe(0);
    await expect.poll(() => map().getByText('Lombardia', { exact: true }).isVisible()).toBe(true);
    // Names are no markers: the markers counted on the map are the systems' only.
    expect(await map().locator('.leaflet-marker-icon.basemap-label').count()).toBe(0);
    expect(await map().getByText('Sicilia', { exact: true }).isVisible()).toBe(true);
    // The provinces' borders wait for a closer zoom.
    expect(await map().locator('path.basemap-province').first().isVisible()).toBe(false);
    await expect.poll(() => page.locator('.system-cluster, .system-marker').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    // Markers sit above the base map's panes.
    const z = (selector: string) => map().locator(selector).first().evaluate((el) => Number(getComputedStyle(el).zIndex));
    expect(await z('.leaflet-marker-pane')).toBeGreaterThan(await z('.leaflet-basemapLabels-pane'));
    expect(await z('.leaflet-basemapLabels-pane')).toBeGreaterThan(await z('.leaflet-basemapShapes-pane'));
    await expect.poll(() => map().getByText('Natural Earth').isVisible()).toBe(true);
    // The whole country holds more systems than the list draws: it says how many more, and to zoom in.
    await expect.poll(() => panel().getByTestId('systems-in-view-more').textContent(), { timeout: 30_000 }).toMatch(/^e altri \d+: avvicina la mappa/);
    expect(await panel().locator('li[data-code]').count()).toBe(200);
    expect(await page.getByText(/Mappa di base non configurata/).count()).toBe(0);
    await shot('map-italy');
  });

  it('recentres on a municipality picked by typing its name, and lists the systems in view beside the map', async () => {
    const place = await geocode('Bergamo');
    const there = await markersAround(place.latitude, place.longitude, 0.02);
    expect(there.length).toBeGreaterThan(0);
    await goTo('Bergamo');
    await expect.poll(() => offCentre(place), { timeout: 30_000 }).toBeLessThan(0.01);
    expect(Number(await map().getAttribute('data-zoom'))).toBe(12);
    // The systems next to the town centre are in view, and listed.
    await expect.poll(async () => (await listedCodes()).filter((c) => there.some((m) => m.code === c)).length, { timeout: 30_000 }).toBe(there.length);
    const listed = await listedCodes();
    await expect.poll(() => panel().getByTestId('systems-in-view-count').textContent()).toMatch(new RegExp(`^${listed.length} impiant[io] in vista$`));
    // Town names show at this zoom, and the provinces' borders.
    await expect.poll(() => map().getByText('Bergamo', { exact: true }).isVisible()).toBe(true);
    expect(await map().locator('path.basemap-province').first().isVisible()).toBe(true);

    // A row shows its marker's popup; its button opens the detail.
    const first = there[0];
    const row = panel().getByRole('button', { name: new RegExp(`^${first.code} · `) });
    expect(await row.getAttribute('title')).toBe(`Mostra ${first.code} sulla mappa`);
    await row.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('map-popup').textContent()).toContain(first.code);
    expect(await panel().getByRole('link', { name: `Apri la scheda di ${first.code}` }).getAttribute('href')).toBe(`/systems-manage/${first.id}`);

    // Elsewhere, they leave the list.
    const palermo = await geocode('Palermo');
    await goTo('Palermo');
    await expect.poll(() => offCentre(palermo), { timeout: 30_000 }).toBeLessThan(0.01);
    await expect.poll(async () => (await listedCodes()).filter((c) => there.some((m) => m.code === c)).length, { timeout: 30_000 }).toBe(0);
    await expect.poll(async () => (await listedCodes()).some((c) => c?.startsWith('PA-')), { timeout: 30_000 }).toBe(true);
  });

  it('says in Italian when the municipality is not found', async () => {
    await search().fill('Xyzzyville');
    await search().press('Enter');
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Nessun comune trovato' }).textContent()).toContain('«Xyzzyville»');
  });

  it('passes axe, in the classic theme and the dark one (screenshots at a province’s zoom)', async () => {
    await goTo('Bergamo');
    await expect.poll(async () => Number(await map().getAttribute('data-zoom'))).toBe(12);
    await zoomOutTo(9);
    await expect.poll(() => map().getByText('Brescia', { exact: true }).isVisible()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await shot('map-province');

    await setTheme('Scuro');
    await expect.poll(() => map().locator('.leaflet-container').getAttribute('data-basemap')).toBe('dark');
    expect(await seriousViolations(page)).toEqual([]);
    await shot('map-province-dark');
    await zoomOutTo(6);
    await shot('map-italy-dark');
    await setTheme('Classico');
    await expect.poll(() => map().locator('.leaflet-container').getAttribute('data-basemap')).toBe('light');
    expect(errors).toEqual([]);
  });
});
