import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, visit } from './support/browser';
import { api, signedInPage } from './support/session';

/*
 * A face sold on an estimate is booked at the price sold, at 1280×720: the estimate's face line
 * shows its faces' availability and the list's price in the editor; «Metti in opzione» holds them;
 * accepted and ordered, «Crea pianificazione» on the order makes a planning whose total equals the
 * order's on screen; confirming the planning turns its options into bookings.
 */

interface Row {
  frameId: number;
  systemId: number;
  frameName: string;
  systemCode: string;
  cells: Array<{ state: string }>;
}
interface Estimate {
  id: number;
  opportunityId: number;
  advertiserId: number;
  salesId: number;
  total: number;
  lines: Array<{ quantity: number; unitPrice: number; total: number }>;
}
interface Reservation {
  id: number;
  frameId: number;
  status: string;
  planningId: number | null;
}

const SHOTS = '.e2e/screenshots';
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[] = [];
let faces: Row[] = [];
let estimate: Estimate;
let orderId = 0;
// A period of its own far ahead, so that no other file's options or bookings meet it.
const YEAR = 2030 + (Date.now() % 7);
const START = `${YEAR}-03-04`;
const END = `${YEAR}-03-17`;
const money = (n: number) => new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR', useGrouping: 'always' } as Intl.NumberFormatOptions).format(n);

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launch();
  ({ context, page, errors } = await signedInPage(browser, 'admin'));
  await page.setViewportSize({ width: 1280, height: 720 });
  // A poster product of the OOH list, and two faces of its type free in the period.
  const products = await api<Array<{ id: number; systemType?: string }>>('/product/v1/estimate/product/all');
  const catalogs = await api<Array<{ id: number; prices: Array<{ productId: number }> }>>('/catalogue/estimate/catalog/getAll');
  const catalog = catalogs.find((c) => c.id === 1)!;
  const product = products.find((p) => p.systemType === 'poster' && catalog.prices.some((x) => x.productId === p.id))!;
  const page0 = await api<{ rows: Row[] }>(`/planner/v1/availability?periodStart=${START}&periodEnd=${END}&systemType=poster&range=[0,29]`);
  faces = page0.rows.filter((r) => r.cells.every((c) => c.state === 'free')).slice(0, 2);
  expect(faces).toHaveLength(2);
  const template = (await api<Estimate[]>('/estimate/estimate/getAllDto'))[0];
  const q = new URLSearchParams({ opportunityId: String(template.opportunityId), advertiserId: String(template.advertiserId), salesId: String(template.salesId) });
  estimate = await api<Estimate>(`/estimate/estimate/save?${q.toString()}`, {
    method: 'POST',
    body: {
      name: `E2E Facce ${YEAR}`,
      validUntil: `${YEAR}-02-20`,
      lines: [{ productId: product.id, catalogId: 1, quantity: 1, unitPrice: 0, discountPercent: 10, periodStart: START, periodEnd: END, frameIds: faces.map((f) => f.frameId) }],
    },
  });
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('a face sold on an estimate, booked at the price sold', () => {
  it('the editor shows the line faces, their availability and the list price; «Metti in opzione» holds them', async () => {
    await visit(page, `/estimates/manage?id=${estimate.id}`);
    const line = page.getByTestId('line-face');
    await expect.poll(() => line.count(), { timeout: 60_000 }).toBe(2);
    await expect.poll(() => page.getByTestId('face-state').allTextContents(), { timeout: 30_000 }).toEqual(['Libera', 'Libera']);
    await expect.poll(() => page.getByTestId('line-quote').textContent(), { timeout: 30_000 }).toContain(`${money(estimate.lines[0].unitPrice)} a faccia`);
    await page.getByTestId('line-faces').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/estimate-face-line.png` });

    await page.getByRole('button', { name: 'Metti in opzione' }).click();
    await expect.poll(() => page.getByTestId('hold-results').textContent(), { timeout: 30_000 }).toContain('in opzione fino al');
    await expect.poll(() => page.getByTestId('estimate-option').count(), { timeout: 30_000 }).toBe(2);
    // The editor now shows each face under option, naming who holds it.
    await page.reload();
    await expect.poll(() => page.getByTestId('face-state').allTextContents(), { timeout: 60_000 }).toEqual(['In opzione', 'In opzione']);
    await expect.poll(() => page.getByTestId('line-face-table').textContent()).toContain('Alessandra Conti');
    await page.getByTestId('line-faces').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/estimate-face-line-options.png` });
  });

  it('accepted and ordered, «Crea pianificazione» makes a planning whose total equals the order total on screen', async () => {
    await api(`/estimate/estimate/changeStatus?estimateId=${estimate.id}&status=sent`, { method: 'PUT' });
    await api(`/estimate/estimate/changeStatus?estimateId=${estimate.id}&status=accepted`, { method: 'PUT' });
    const order = await api<{ id: number; total: number }>(`/order/orders/fromEstimate/${estimate.id}`, { method: 'POST', body: {} });
    orderId = order.id;
    expect(order.total).toBe(estimate.total);
    await api('/campaign/v1/campaigns', {
      method: 'POST',
      body: { name: `E2E Campagna facce ${YEAR}`, advertiserId: estimate.advertiserId, periodStart: START, periodEnd: END, budget: 1000, orderId },
    });
    await visit(page, `/orders/orderVisualizer?id=${orderId}`);
    await page.getByRole('button', { name: 'Crea pianificazione' }).click();
    await page.waitForURL(/\/plannings\/\d+$/, { timeout: 60_000 });
    const comparison = page.getByTestId('planning-order-comparison');
    await comparison.waitFor({ timeout: 60_000 });
    const total = money(order.total);
    expect(await comparison.textContent()).toContain(`Totale della pianificazione ${total} · totale dell’ordine ${total}`);
    expect(await page.getByTestId('planning-order-difference').textContent()).toBe("La pianificazione vale quanto l'ordine");
    expect(await page.getByTestId('planning-totals').textContent()).toBe(`2 facce su ${new Set(faces.map((f) => f.systemCode)).size === 1 ? 1 : 2} impianti · ${total}`);
    // Its faces, each at the price sold and under option while the planning is a draft.
    for (const face of faces) await page.getByRole('cell', { name: face.frameName }).first().waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByText(/^In opzione fino al /).count(), { timeout: 30_000 }).toBe(2);
    await page.screenshot({ path: `${SHOTS}/planning-totals.png` });
    await page.getByText(/^In opzione fino al /).first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/planning-faces.png` });
  });

  it('confirming the planning turns its options into bookings', async () => {
    const planningId = Number(/\/plannings\/(\d+)$/.exec(page.url())![1]);
    await page.getByRole('button', { name: 'Passa a «Confermata»' }).click();
    await expect.poll(() => page.getByText(/^Prenotata$/).count(), { timeout: 30_000 }).toBe(2);
    const reservations = await api<Reservation[]>(`/planner/v1/reservations?filter=${encodeURIComponent(JSON.stringify({ estimateId: estimate.id }))}`);
    expect(reservations.map((r) => [r.frameId, r.status, r.planningId]).sort()).toEqual(faces.map((f) => [f.frameId, 'booked', planningId]).sort());
    expect(errors).toEqual([]);
  });

  it('the configurator lists only the faces of the planning circuit and adds every free one', async () => {
    // A circuit of two other poster systems, and a planning configured with it.
    const page1 = await api<{ rows: Row[] }>(`/planner/v1/availability?periodStart=${START}&periodEnd=${END}&systemType=poster&range=[30,59]`);
    const systems = [...new Set(page1.rows.filter((r) => r.cells.every((c) => c.state === 'free')).map((r) => r.systemId))].slice(0, 2);
    const circuit = await api<{ id: number }>(`/circuits/v1/circuit/create?name=${encodeURIComponent(`E2E Circuito facce ${Date.now()}`)}&type=OOH`, { method: 'POST', body: { assets: systems } });
    const inCircuit = await api<{ rows: Row[] }>(`/planner/v1/availability?periodStart=${START}&periodEnd=${END}&circuitId=${circuit.id}&systemType=poster&range=[0,99]`);
    expect(new Set(inCircuit.rows.map((r) => r.systemId))).toEqual(new Set(systems));
    const campaign = await api<{ id: number }>('/campaign/v1/campaigns', {
      method: 'POST',
      body: { name: `E2E Campagna circuito ${YEAR}`, advertiserId: estimate.advertiserId, periodStart: START, periodEnd: END, budget: 1000 },
    });
    const planning = await api<{ id: number }>('/planner/v1/plannings', {
      method: 'POST',
      body: { name: `E2E Circuito ${YEAR}`, campaignId: campaign.id, periodStart: START, periodEnd: END, criteria: { circuitIds: [circuit.id], systemTypes: ['poster'], municipalityIds: [] } },
    });
    await visit(page, `/plannings/${planning.id}/search`);
    await expect.poll(() => page.getByTestId('circuit-face').count(), { timeout: 60_000 }).toBe(inCircuit.rows.length);
    await page.getByRole('button', { name: 'Aggiungi le facce libere' }).click();
    await expect.poll(() => page.getByTestId('circuit-face').getByText('In questa pianificazione').count(), { timeout: 60_000 }).toBe(inCircuit.rows.length);
    const items = await api<Array<{ frameId: number }>>(`/planner/v1/planningItems?filter=${encodeURIComponent(JSON.stringify({ planningId: planning.id }))}`);
    expect(items.map((i) => i.frameId).sort()).toEqual(inCircuit.rows.map((r) => r.frameId).sort());
  });
});
