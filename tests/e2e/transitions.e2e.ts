import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, visit } from './support/browser';
import { api, signedInPage } from './support/session';

/*
 * Status moves from the screens, at 1280×720: an order is confirmed from its screen with a note
 * (kept in its status history), the close and cancel offers follow the rules (a final move asks
 * first), and the estimate picker offers only the allowed moves; a move refused by the service (the
 * estimate moved elsewhere meanwhile) shows its Italian message.
 */

let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[] = [];
const STAMP = Date.now() % 100000;
const NOTE = `Firmato dal cliente (e2e ${STAMP})`;
let order: { id: number; code: string };
let estimateId = 0;

interface Estimate {
  id: number;
  opportunityId: number;
  advertiserId: number;
  salesId: number;
  lines: Array<Record<string, unknown>>;
}

/** A new draft estimate of the run, copied from a seeded one (its opportunity, advertiser, lines). */
async function newEstimate(): Promise<number> {
  const [first] = await api<Array<{ id: number }>>('/estimate/estimate/getAllDto');
  const model = await api<Estimate>(`/estimate/estimate/${first.id}`);
  const query = new URLSearchParams({ opportunityId: String(model.opportunityId), advertiserId: String(model.advertiserId), salesId: String(model.salesId) });
  const lines = model.lines.map(({ productId, catalogId, description, quantity, periodStart, periodEnd, unitPrice, discountPercent }) => ({
    productId,
    catalogId,
    description,
    quantity,
    periodStart,
    periodEnd,
    unitPrice,
    discountPercent,
  }));
  const made = await api<{ id: number }>(`/estimate/estimate/save?${query.toString()}`, { method: 'POST', body: { name: `E2E Preventivo stati ${STAMP}`, lines } });
  return made.id;
}

const moveButtons = (p: Page) => p.getByTestId('order-visualizer').getByRole('button', { name: /ordine$/ });

beforeAll(async () => {
  order = await api<{ id: number; code: string }>('/order/orders', {
    method: 'POST',
    body: { advertiserId: 3, salesId: 5, total: 1200, orderDate: '2026-02-12', periodStart: '2026-04-01', periodEnd: '2026-04-15', notes: `E2E ordine stati ${STAMP}` },
  });
  estimateId = await newEstimate();
  await api(`/estimate/estimate/changeStatus?estimateId=${estimateId}&status=sent`, { method: 'PUT' });
  browser = await launch();
  ({ context, page, errors } = await signedInPage(browser, 'admin', `/orders/orderVisualizer?id=${order.id}`));
  await page.setViewportSize({ width: 1280, height: 720 });
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('status moves from the screens', () => {
  it('confirms a draft order from its screen with a note, kept in its status history', async () => {
    await page.getByTestId('order-visualizer').waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('order-status').textContent()).toBe('Bozza');
    // A draft is confirmed or cancelled; it cannot be closed.
    expect(await moveButtons(page).allTextContents()).toEqual(['Conferma ordine', 'Annulla ordine']);
    await page.getByRole('button', { name: 'Conferma ordine' }).click();
    const dialog = page.getByRole('dialog', { name: `Passare l’ordine ${order.code} allo stato Confermato?` });
    await dialog.waitFor();
    await dialog.getByRole('textbox', { name: 'Nota (facoltativa)' }).fill(NOTE);
    await dialog.getByRole('button', { name: 'Conferma ordine' }).click();
    await expect.poll(() => page.getByTestId('order-status').textContent(), { timeout: 10_000 }).toBe('Confermato');
    const history = page.getByRole('table', { name: 'Storico degli stati' });
    await history.getByRole('row', { name: new RegExp(`Bozza → Confermato.*Alessandra Conti.*${NOTE.replace(/[()]/g, '\\$&')}`) }).waitFor();
    const kept = await api<Array<{ from: string; to: string; note: string | null; username: string }>>(`/order/orders/${order.id}/transitions`);
    expect(kept.map(({ from, to, note, username }) => ({ from, to, note, username }))).toEqual([{ from: 'draft', to: 'confirmed', note: NOTE, username: 'admin' }]);
  });

  it('offers close and cancel to a confirmed order, each asked for as final; dismissing keeps it confirmed', async () => {
    expect(await moveButtons(page).allTextContents()).toEqual(['Chiudi ordine', 'Annulla ordine']);
    mkdirSync('.e2e/screenshots', { recursive: true });
    await page.screenshot({ path: '.e2e/screenshots/order-status-moves.png' });
    await page.getByRole('button', { name: 'Chiudi ordine' }).click();
    const dialog = page.getByRole('dialog', { name: `Passare l’ordine ${order.code} allo stato Chiuso?` });
    await dialog.getByText('Lo stato Chiuso è finale: l’ordine non potrà più cambiare stato.').waitFor();
    await page.screenshot({ path: '.e2e/screenshots/order-status-close-dialog.png', animations: 'disabled' });
    await dialog.getByRole('button', { name: 'Annulla' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.getByTestId('order-status').textContent()).toBe('Confermato');
    expect((await api<{ status: string }>(`/order/orders/${order.id}`)).status).toBe('confirmed');
    // No horizontal scroll at 1280×720.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });

  it('closes the order: a final status offers no move', async () => {
    await page.getByRole('button', { name: 'Chiudi ordine' }).click();
    const dialog = page.getByRole('dialog', { name: `Passare l’ordine ${order.code} allo stato Chiuso?` });
    await dialog.getByRole('button', { name: 'Chiudi ordine' }).click();
    await expect.poll(() => page.getByTestId('order-status').textContent(), { timeout: 10_000 }).toBe('Chiuso');
    expect(await moveButtons(page).count()).toBe(0);
    await page.getByText('Stato finale: nessun cambio consentito').waitFor();
  });

  it('a campaign offers only its allowed moves, a final one confirmed first; its form offers the same', async () => {
    const campaign = await api<{ id: number; name: string }>('/campaign/v1/campaigns', {
      method: 'POST',
      body: { name: `E2E Campagna stati ${STAMP}`, advertiserId: 3, periodStart: '2026-04-01', periodEnd: '2026-04-15', budget: 1000 },
    });
    await visit(page, `/campaigns/${campaign.id}`);
    const status = page.getByTestId('campaign-status');
    await expect.poll(() => status.textContent(), { timeout: 15_000 }).toBe('Pianificata');
    const moves = page.getByRole('button', { name: /^Passa a/ });
    expect(await moves.allTextContents()).toEqual(['Passa a «In corso»', 'Passa a «Annullata»']);
    await page.getByRole('button', { name: 'Passa a «In corso»' }).click();
    await expect.poll(() => status.textContent(), { timeout: 10_000 }).toBe('In corso');
    expect(await moves.allTextContents()).toEqual(['Passa a «In pausa»', 'Passa a «Conclusa»', 'Passa a «Annullata»']);
    await page.getByRole('button', { name: 'Passa a «Conclusa»' }).click();
    const dialog = page.getByRole('dialog', { name: 'Passare allo stato Conclusa?' });
    await dialog.getByRole('button', { name: 'Cambia stato' }).click();
    await expect.poll(() => status.textContent(), { timeout: 10_000 }).toBe('Conclusa');
    expect(await moves.count()).toBe(0);
    expect((await api<{ status: string }>(`/campaign/v1/campaigns/${campaign.id}`)).status).toBe('completed');
    // The edit form offers the saved status and nothing else (a completed campaign is final).
    await visit(page, `/campaigns/${campaign.id}/edit`);
    await page.getByRole('combobox', { name: 'Stato' }).click();
    await page.getByRole('option').first().waitFor();
    expect(await page.getByRole('option').allTextContents()).toEqual(['Conclusa']);
    await page.keyboard.press('Escape');
  });

  it('a planning offers only its allowed moves', async () => {
    const campaign = await api<{ id: number }>('/campaign/v1/campaigns', {
      method: 'POST',
      body: { name: `E2E Campagna pianificazione ${STAMP}`, advertiserId: 3, periodStart: '2026-04-01', periodEnd: '2026-04-15', budget: 1000 },
    });
    const planning = await api<{ id: number }>('/planner/v1/plannings', {
      method: 'POST',
      body: { name: `E2E Pianificazione stati ${STAMP}`, campaignId: campaign.id, periodStart: '2026-04-01', periodEnd: '2026-04-15' },
    });
    await visit(page, `/plannings/${planning.id}`);
    const status = page.getByTestId('planning-status');
    await expect.poll(() => status.textContent(), { timeout: 15_000 }).toBe('Bozza');
    const moves = page.getByRole('button', { name: /^Passa a/ });
    expect(await moves.allTextContents()).toEqual(['Passa a «Confermata»', 'Passa a «Annullata»']);
    await page.getByRole('button', { name: 'Passa a «Confermata»' }).click();
    await expect.poll(() => status.textContent(), { timeout: 10_000 }).toBe('Confermata');
    expect(await moves.allTextContents()).toEqual(['Passa a «Bozza»', 'Passa a «Chiusa»', 'Passa a «Annullata»']);
    expect((await api<{ status: string }>(`/planner/v1/plannings/${planning.id}`)).status).toBe('confirmed');
  });

  it('the estimate picker offers only the allowed moves; a move refused meanwhile shows the Italian message', async () => {
    await visit(page, `/estimates/manage?id=${estimateId}`);
    await expect.poll(() => page.getByTestId('estimate-status').textContent(), { timeout: 15_000 }).toBe('Inviato');
    await page.getByRole('combobox', { name: /Nuovo stato/ }).last().click();
    const options = page.getByRole('option');
    await options.first().waitFor();
    expect(await options.allTextContents()).toEqual(['Accettato', 'Rifiutato', 'Scaduto']);
    // Meanwhile someone else rejects the estimate: the expiry the screen still offers is refused.
    await api(`/estimate/estimate/changeStatus?estimateId=${estimateId}&status=rejected`, { method: 'PUT' });
    await page.getByRole('option', { name: 'Scaduto' }).click();
    await page.getByRole('button', { name: 'Cambia stato' }).click();
    await page.getByText('Passaggio di stato non consentito: da «Rifiutato» a «Scaduto»').waitFor({ timeout: 10_000 });
    // The screen then shows the estimate as it is, with its own moves.
    await expect.poll(() => page.getByTestId('estimate-status').textContent(), { timeout: 10_000 }).toBe('Rifiutato');
    await page.getByRole('combobox', { name: /Nuovo stato/ }).last().click();
    await options.first().waitFor();
    expect(await options.allTextContents()).toEqual(['Bozza']);
    await page.keyboard.press('Escape');
    expect(errors.filter((e) => !/409|Conflict/i.test(e))).toEqual([]);
  });
});
