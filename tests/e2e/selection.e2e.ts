import { mkdirSync } from 'node:fs';
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, pickOption, readRequestBodies, visit } from './support/browser';
import { api, planSystem, signedInPage } from './support/session';

/*
 * As the admin (who may write circuits and plannings): an area drawn on the
 * systems map becomes a selection of every system inside it; the selection fills a circuit (seen
 * listed and on the circuit's map) and a planning (a system booked elsewhere refused by its code).
 */

interface Marker {
  id: number;
  code: string;
  type: 'OOH' | 'DOOH';
  latitude: number;
  longitude: number;
}
interface Bounds {
  north: number;
  south: number;
  east: number;
  west: number;
}
type Px = { x: number; y: number };

const STAMP = Date.now() % 1_000_000;
const CIRCUIT = `E2E area ${STAMP}`;
const BLOCKER = `E2E prenotata ${STAMP}`;
const TARGET = `E2E da area ${STAMP}`;
const SHOTS = '.e2e/screenshots';
/** No system may lie closer than this to an edge of a drawn shape: a pixel of rounding never changes the answer. */
const MARGIN_PX = 4;

let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[] = [];
let markers: Marker[] = [];
let centre: Marker;
let selection: Marker[] = [];

const mercator = (lat: number) => Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360));
const fromMercator = (y: number) => (360 / Math.PI) * Math.atan(Math.exp(y)) - 90;

/** The map's box on the page and the view it shows (read from the viewport request the map sent last). */
interface View {
  box: { x: number; y: number; width: number; height: number };
  bounds: Bounds;
}
const toPx = (v: View, lat: number, lng: number): Px => ({
  x: v.box.x + ((lng - v.bounds.west) / (v.bounds.east - v.bounds.west)) * v.box.width,
  y: v.box.y + ((mercator(v.bounds.north) - mercator(lat)) / (mercator(v.bounds.north) - mercator(v.bounds.south))) * v.box.height,
});
const toLatLng = (v: View, p: Px): [number, number] => [
  fromMercator(mercator(v.bounds.north) - ((p.y - v.box.y) / v.box.height) * (mercator(v.bounds.north) - mercator(v.bounds.south))),
  v.bounds.west + ((p.x - v.box.x) / v.box.width) * (v.bounds.east - v.bounds.west),
];

const viewportRequest = () =>
  page.waitForRequest((r) => r.url().includes('/system/inAreaList') && r.method() === 'POST', { timeout: 30_000 });

/** Opens the systems map and zooms in on `centre` with the wheel, until the view is a few km wide. */
async function mapAround(target: Marker): Promise<View> {
  const first = viewportRequest();
  await visit(page, '/systems-manage/map');
  const map = page.getByTestId('systems-map').locator('.leaflet-container');
  await map.waitFor();
  const bounds = (await first).postDataJSON() as Bounds;
  let view: View = { box: (await map.boundingBox())!, bounds };
  while (view.bounds.east - view.bounds.west > 0.25) {
    const at = toPx(view, target.latitude, target.longitude);
    const { box } = view;
    expect(at.x).toBeGreaterThan(box.x);
    expect(at.x).toBeLessThan(box.x + box.width);
    expect(at.y).toBeGreaterThan(box.y);
    expect(at.y).toBeLessThan(box.y + box.height);
    const next = viewportRequest();
    await page.mouse.move(at.x, at.y);
    await page.mouse.wheel(0, -100);
    const bounds = (await next).postDataJSON() as Bounds;
    view = { box: (await map.boundingBox())!, bounds };
  }
  // The count above the map settles once the view's markers have arrived (the page above the map stops moving).
  await expect.poll(() => page.getByLabel('Caricamento').count().catch(() => 0)).toBe(0);
  return { ...view, box: (await map.boundingBox())! };
}

/** Distance from p to the segment a–b, in pixels. */
function distance(p: Px, a: Px, b: Px): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const t = Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

/** The systems inside a polygon of page pixels (computed on their coordinates), and whether one lies near its edge. */
function inside(view: View, ring: Px[]) {
  const polygon = {
    type: 'Feature' as const,
    properties: {},
    geometry: {
      type: 'Polygon' as const,
      coordinates: [[...ring, ring[0]].map((p) => toLatLng(view, p)).map(([lat, lng]) => [lng, lat])],
    },
  };
  const near = markers.some((m) => {
    const p = toPx(view, m.latitude, m.longitude);
    return ring.some((a, i) => distance(p, a, ring[(i + 1) % ring.length]) < MARGIN_PX);
  });
  const within = markers.filter((m) => booleanPointInPolygon([m.longitude, m.latitude], polygon));
  return { within, near };
}

const countText = (n: number) => (n === 1 ? '1 impianto selezionato' : `${n} impianti selezionati`);
const addedText = (n: number) => (n === 1 ? '1 impianto aggiunto' : `${n} impianti aggiunti`);

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launch();
  ({ context, page, errors } = await signedInPage(browser, 'admin'));
  // The map's viewport requests are read for the bounds the app asked for.
  await readRequestBodies(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  // Every seeded system with its coordinates, straight from the sandbox.
  markers = await api<Marker[]>('/systems/v1/system/inAreaList?type=ALL&biasPercentage=0', {
    method: 'POST',
    body: { north: 47.2, south: 36.5, east: 18.6, west: 6.6 },
  });
  // A system with a few others around it (a municipality's systems lie within 0.02° of its centre).
  const near = (m: Marker) =>
    markers.filter((o) => Math.abs(o.latitude - m.latitude) < 0.006 && Math.abs(o.longitude - m.longitude) < 0.008).length;
  // Inside the map's first view (centred on 42.5, 12.5), away from its edges and its panels.
  centre = markers.find((m) => m.latitude > 41.5 && m.latitude < 43.5 && m.longitude > 11 && m.longitude < 14 && near(m) >= 3 && near(m) <= 10)!;
  expect(centre).toBeDefined();
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('selection on the systems map', () => {
  it('fills a circuit from a rectangle drawn on the map: the count shown is the systems inside it', async () => {
    const circuit = await api<{ id: number }>(`/circuits/v1/circuit/create?name=${encodeURIComponent(CIRCUIT)}&type=OOH`, {
      method: 'POST',
    });
    const view = await mapAround(centre);
    // A rectangle about 0.012° × 0.016° around the centre, widened until no system lies on its edges.
    const c = toPx(view, centre.latitude, centre.longitude);
    let half = { x: 0.008 * (view.box.width / (view.bounds.east - view.bounds.west)), y: 0 };
    half.y = half.x * 0.75;
    let ring: Px[] = [];
    let found = { within: [] as Marker[], near: true };
    for (let i = 0; i < 30; i++) {
      ring = [
        { x: c.x - half.x, y: c.y - half.y },
        { x: c.x + half.x, y: c.y - half.y },
        { x: c.x + half.x, y: c.y + half.y },
        { x: c.x - half.x, y: c.y + half.y },
      ];
      found = inside(view, ring);
      if (!found.near) break;
      half = { x: half.x + 3, y: half.y + 3 };
    }
    expect(found.near).toBe(false);
    selection = found.within;
    expect(selection.map((m) => m.id)).toContain(centre.id);

    await page.getByRole('button', { name: 'Rettangolo' }).click();
    await page.mouse.move(ring[0].x, ring[0].y);
    await page.mouse.down();
    await page.mouse.move(ring[2].x, ring[2].y, { steps: 8 });
    await page.screenshot({ path: `${SHOTS}/selection-drawing.png` });
    await page.mouse.up();
    const bar = page.getByTestId('map-selection');
    await expect
      .poll(() => bar.getByTestId('map-selection-count').textContent().catch(() => ''), { timeout: 30_000 })
      .toBe(countText(selection.length));
    await page.screenshot({ path: `${SHOTS}/selection-bar.png` });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);

    await bar.getByRole('button', { name: 'Aggiungi a circuito' }).click();
    const dialog = page.getByRole('dialog', { name: `Aggiungi ${selection.length} impianti a un circuito` });
    await dialog.getByRole('radio', { name: 'OOH', exact: true }).check();
    await pickOption(page, dialog.getByRole('combobox', { name: /^Circuito/ }), CIRCUIT);
    await dialog.getByRole('button', { name: 'Conferma' }).click();

    await page
      .getByRole('dialog', { name: `Aggiungere ${selection.length} impianti al circuito ${CIRCUIT}?` })
      .getByRole('button', { name: 'Conferma' })
      .click();
    const ooh = selection.filter((m) => m.type === 'OOH');
    const dooh = selection.filter((m) => m.type === 'DOOH');
    expect(ooh.length).toBeGreaterThan(0);
    const result = page.getByTestId('bulk-result');
    await expect.poll(() => result.textContent(), { timeout: 60_000 }).toContain(addedText(ooh.length));
    // Refused by code (the service answers with ids: the codes are looked up).
    await expect
      .poll(() => page.locator('[data-refused-code]').evaluateAll((els) => els.map((e) => e.getAttribute('data-refused-code')).sort()), { timeout: 30_000 })
      .toEqual(dooh.map((m) => m.code).sort());
    await page.screenshot({ path: `${SHOTS}/selection-circuit-result.png` });
    await page.getByRole('button', { name: 'Chiudi' }).click();
    // Once added, the selection is done with.
    await expect.poll(() => page.getByTestId('map-selection').count()).toBe(0);

    const members = await api<{ assets: number[] }>(`/circuits/v1/circuit/id?id=${circuit.id}&type=OOH`);
    expect(members.assets.sort()).toEqual(ooh.map((m) => m.id).sort());

    // The circuit's page: its systems listed, and on its map.
    await visit(page, '/circuit-manage/manage');
    await page.getByRole('cell', { name: CIRCUIT, exact: true }).click({ timeout: 120_000 });
    for (const m of ooh.slice(0, 10)) await page.getByRole('cell', { name: m.code, exact: true }).waitFor();
    await page.getByRole('button', { name: 'Mappa' }).click();
    const map = page.getByTestId('circuit-map');
    await expect.poll(() => map.locator('path.circuit-marker').count(), { timeout: 30_000 }).toBe(ooh.length);
    await map.scrollIntoViewIfNeeded();
    await map.locator(`path.circuit-marker-${ooh[0].id}`).click();
    const popup = page.getByTestId('circuit-map-popup');
    await popup.waitFor();
    // Its fade-in done, for the screenshot.
    await expect.poll(() => page.locator('.leaflet-popup').evaluate((e) => getComputedStyle(e).opacity)).toBe('1');
    expect(await popup.textContent()).toContain(`${ooh[0].code} · `);
    expect(await popup.getByRole('link', { name: 'Apri la scheda' }).getAttribute('href')).toBe(`/systems-manage/${ooh[0].id}`);
    await page.screenshot({ path: `${SHOTS}/selection-circuit-map.png` });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  });

  it('adds a lasso selection to a planning: the system booked in an overlapping planning is refused by its code, the others added', async () => {
    const [campaign] = await api<Array<{ id: number }>>('/campaign/v1/campaigns');
    const blocker = await api<{ id: number }>('/planner/v1/plannings', {
      method: 'POST',
      body: { name: BLOCKER, campaignId: campaign.id, periodStart: '2031-05-01', periodEnd: '2031-05-31' },
    });
    const target = await api<{ id: number }>('/planner/v1/plannings', {
      method: 'POST',
      body: { name: TARGET, campaignId: campaign.id, periodStart: '2031-05-20', periodEnd: '2031-06-20' },
    });
    // Every face of the centre, every slot of a screen: a system is taken when none of its faces has room.
    await planSystem(blocker.id, centre.id);

    const view = await mapAround(centre);
    // An octagon around the centre, widened until no system lies on its edges.
    const c = toPx(view, centre.latitude, centre.longitude);
    let radius = 0.009 * (view.box.width / (view.bounds.east - view.bounds.west));
    let ring: Px[] = [];
    let found = { within: [] as Marker[], near: true };
    for (let i = 0; i < 30; i++) {
      ring = Array.from({ length: 8 }, (_, k) => ({
        x: c.x + radius * Math.cos((k * Math.PI) / 4 + Math.PI / 8),
        y: c.y + radius * Math.sin((k * Math.PI) / 4 + Math.PI / 8),
      }));
      found = inside(view, ring);
      if (!found.near) break;
      radius += 3;
    }
    expect(found.near).toBe(false);
    const lasso = found.within;
    expect(lasso.map((m) => m.id)).toContain(centre.id);
    const availability = await api<Array<{ systemId: number; free: boolean }>>(
      `/planner/v1/plannings/${target.id}/availability?${lasso.map((m) => `systemIds=${m.id}`).join('&')}`,
    );
    expect(availability.filter((a) => !a.free).map((a) => a.systemId)).toEqual([centre.id]);

    await page.getByRole('button', { name: 'Lazo' }).click();
    await page.mouse.move(ring[0].x, ring[0].y);
    await page.mouse.down();
    for (const p of [...ring.slice(1), ring[0]]) await page.mouse.move(p.x, p.y, { steps: 6 });
    await page.mouse.up();
    const bar = page.getByTestId('map-selection');
    await expect
      .poll(() => bar.getByTestId('map-selection-count').textContent().catch(() => ''), { timeout: 30_000 })
      .toBe(countText(lasso.length));
    await page.screenshot({ path: `${SHOTS}/selection-lasso.png` });

    await bar.getByRole('button', { name: 'Aggiungi a pianificazione' }).click();
    const dialog = page.getByRole('dialog', { name: `Aggiungi ${lasso.length} impianti a una pianificazione` });
    await pickOption(page, dialog.getByRole('combobox', { name: /^Pianificazione/ }), TARGET, new RegExp(`^${TARGET} \\(`));
    await dialog.getByRole('button', { name: 'Conferma' }).click();
    const confirm = page.getByRole('dialog', { name: `Aggiungere ${lasso.length} impianti alla pianificazione ${TARGET}?` });
    expect(await confirm.textContent()).toContain('20/05/2031 – 20/06/2031');
    await confirm.getByRole('button', { name: 'Conferma' }).click();
    const result = page.getByTestId('bulk-result');
    await expect.poll(() => result.textContent(), { timeout: 60_000 }).toContain(addedText(lasso.length - 1));
    const refused = page.locator('[data-refused-code]');
    expect(await refused.count()).toBe(1);
    await expect.poll(() => refused.getAttribute('data-refused-code'), { timeout: 30_000 }).toBe(centre.code);
    expect(await refused.textContent()).toContain(`nella pianificazione «${BLOCKER}»`);
    await page.screenshot({ path: `${SHOTS}/selection-planning-result.png` });
    await page.getByRole('button', { name: 'Chiudi' }).click();

    // Every face of the systems added, one item each.
    const items = await api<Array<{ systemId: number; frameId: number }>>(
      `/planner/v1/planningItems?filter=${encodeURIComponent(JSON.stringify({ planningId: target.id }))}&range=[0,999]`,
    );
    const added = lasso.filter((m) => m.id !== centre.id).map((m) => m.id);
    expect([...new Set(items.map((i) => i.systemId))].sort((a, b) => a - b)).toEqual(added.sort((a, b) => a - b));
    const faces = await api<Array<{ id: number }>>(`/frame/v1/frames?filter=${encodeURIComponent(JSON.stringify({ systemId: added }))}`);
    expect(items.map((i) => i.frameId).sort((a, b) => a - b)).toEqual(faces.map((f) => f.id).sort((a, b) => a - b));
  });

  it('Escape leaves the drawing without a selection, and the map pans again', async () => {
    const first = viewportRequest();
    await visit(page, '/systems-manage/map');
    const map = page.getByTestId('systems-map').locator('.leaflet-container');
    await map.waitFor();
    const before = (await first).postDataJSON() as Bounds;
    const box = (await map.boundingBox())!;
    await page.getByRole('button', { name: 'Rettangolo' }).click();
    expect(await page.getByRole('button', { name: 'Rettangolo' }).getAttribute('aria-pressed')).toBe('true');
    await page.mouse.move(box.x + 200, box.y + 200);
    await page.mouse.down();
    await page.mouse.move(box.x + 300, box.y + 280, { steps: 4 });
    await page.keyboard.press('Escape');
    await page.mouse.up();
    expect(await page.getByRole('button', { name: 'Rettangolo' }).getAttribute('aria-pressed')).toBe('false');
    expect(await page.getByTestId('map-selection').count()).toBe(0);
    // A drag pans the map again.
    const moved = viewportRequest();
    await page.mouse.move(box.x + 400, box.y + 300);
    await page.mouse.down();
    await page.mouse.move(box.x + 250, box.y + 200, { steps: 6 });
    await page.mouse.up();
    const after = (await moved).postDataJSON() as Bounds;
    expect(after.west).toBeGreaterThan(before.west);
    expect(after.north).toBeLessThan(before.north);
    expect(errors.filter((e) => !e.includes('409'))).toEqual([]);
  });
});
