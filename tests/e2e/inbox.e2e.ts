import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, launch, newContext, sandboxUrl, SERVICES } from './support/browser';
import { seriousViolations } from './support/a11y';
import { api, signedInPage } from './support/session';

/*
 * The inbox of what is due: a client's acceptance on the shared offer page reaches the seller's bell
 * and /inbox, whose notice opens the estimate; a work order past its date reaches the asset manager.
 * Dates are relative to today: the sandbox clock is never moved.
 */

const SCREENSHOTS = process.env.SCREENSHOTS_DIR ?? path.resolve('.e2e', 'screenshots');
const STAMP = Date.now();
const company = (JSON.parse(readFileSync(path.resolve('public/config.json'), 'utf8')) as { company: unknown }).company;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

interface Estimate {
  id: number;
  name: string;
  opportunityId: number;
  advertiserId: number;
  lines: Array<{ productId: number; catalogId: number; description: string; quantity: number; periodStart: string; periodEnd: string; unitPrice: number; discountPercent: number }>;
}

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
  mkdirSync(SCREENSHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

/** A new offer of `sales` (the lines of a seeded estimate), sent, and its shared link's path. */
async function sentOffer(name: string): Promise<{ id: number; viewPath: string }> {
  const sellers = await api<Array<{ id: number; username: string }>>('/estimate/estimate/sales/all');
  const salesId = sellers.find((s) => s.username === 'sales')!.id;
  let template: Estimate | undefined;
  for (const { id } of await api<Array<{ id: number }>>('/estimate/estimate/getAllDto')) {
    const e = await api<Estimate>(`/estimate/estimate/${id}`);
    if (e.lines.length) {
      template = e;
      break;
    }
  }
  if (!template) throw new Error('no seeded estimate with lines');
  const q = new URLSearchParams({ opportunityId: String(template.opportunityId), advertiserId: String(template.advertiserId), salesId: String(salesId) });
  const lines = template.lines.map(({ productId, catalogId, description, quantity, periodStart, periodEnd, unitPrice, discountPercent }) => ({
    productId,
    catalogId,
    description,
    quantity,
    periodStart,
    periodEnd,
    unitPrice,
    discountPercent,
  }));
  const estimate = await api<Estimate>(`/estimate/estimate/save?${q.toString()}`, { method: 'POST', as: 'sales', body: { name, validUntil: day(30), lines } });
  await api(`/estimate/estimate/changeStatus?estimateId=${estimate.id}&status=sent`, { method: 'PUT', as: 'sales' });
  const share = await api<{ viewPath: string }>('/share/v1/share/create', { method: 'POST', as: 'sales', body: { resourceType: 'estimate', resourceId: estimate.id } });
  return { id: estimate.id, viewPath: share.viewPath };
}

/** The client accepts on the shared page, in a browser of their own (its config.json names the seller). */
async function clientAccepts(viewPath: string) {
  const context = await newContext(browser);
  const hosts = Object.fromEntries(SERVICES.map((s) => [s, sandboxUrl(`/${s}`)]));
  await context.route('**/config.json', (route) =>
    route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({ environment: 'dev', hosts: { dev: hosts }, companyPrefix: 'company', opportunityFallbackHost: sandboxUrl('/opportunity'), tileUrl: '', company }),
    }),
  );
  const page = await context.newPage();
  await page.goto(appUrl(viewPath));
  await page.getByTestId('estimate-total').waitFor({ timeout: 60_000 });
  await page.getByRole('button', { name: "Accetta l'offerta" }).click();
  await page.getByLabel('Nome e cognome').fill('Mario Bianchi');
  await page.getByLabel('Ruolo in azienda').fill('Direttore marketing');
  await page.getByLabel(/Dichiaro di aver letto/).check();
  await page.getByRole('button', { name: "Accetto l'offerta" }).click();
  await page.getByTestId('offer-accepted').waitFor({ timeout: 30_000 });
  await context.close();
}

/** The unread count the bell of the app bar shows. */
async function bellCount(page: Page): Promise<number> {
  const bell = page.getByRole('button', { name: /^Avvisi: \d+ da leggere$/ });
  await bell.waitFor({ timeout: 30_000 });
  return Number(await bell.getAttribute('data-unread'));
}

describe('the inbox', () => {
  it('a client’s acceptance on the shared page counts in the seller’s bell, shows in /inbox and opens the estimate', async () => {
    const offer = await sentOffer(`Offerta e2e inbox ${STAMP}`);
    const { context, page, errors } = await signedInPage(browser, 'sales', '/');
    await page.setViewportSize({ width: 1280, height: 720 });
    await expect.poll(() => bellCount(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(0);
    const before = await bellCount(page);

    await clientAccepts(offer.viewPath);

    // The bell asks again on a new page load: one more unread, the acceptance among them.
    await page.reload();
    await expect.poll(() => bellCount(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(before + 1);
    await page.getByRole('button', { name: /^Avvisi: \d+ da leggere$/ }).click();
    const menu = page.getByRole('dialog', { name: 'Avvisi da leggere' });
    await menu.getByText(`Preventivo ${offer.id} - Offerta e2e inbox ${STAMP}`, { exact: false }).waitFor({ timeout: 30_000 });
    await page.keyboard.press('Escape');

    // /inbox: filtered to the acceptances and searched, the notice is there, unread.
    await page.goto(appUrl('/inbox'));
    await page.getByRole('heading', { name: 'Da fare' }).waitFor({ timeout: 60_000 });
    // The kind filter by its role: once the table is there, its «Tipo» column's sort button is
    // labelled «Ordina per tipo crescente», which a label search for «Tipo» also finds.
    await page.getByRole('combobox', { name: 'Tipo' }).click();
    await page.getByRole('option', { name: 'Offerta accettata' }).click();
    await page.getByRole('textbox', { name: 'Cerca' }).fill(`Offerta e2e inbox ${STAMP}`);
    const link = page.getByRole('link', { name: `Mario Bianchi (Direttore marketing) ha accettato l'offerta Preventivo ${offer.id} - Offerta e2e inbox ${STAMP}` });
    await link.waitFor({ timeout: 30_000 });
    // The filters applied: the acceptance is the one row under the header.
    await expect.poll(() => page.getByRole('row').count(), { timeout: 30_000 }).toBe(2);
    const row = page.getByRole('row').filter({ has: link });
    expect(await row.getByText('Offerta accettata').count()).toBe(1);
    expect(await row.getByRole('button', { name: /^Segna come letto/ }).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'inbox-1280.png') });

    // Keyboard: the link takes the focus and Enter opens the estimate.
    await link.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search, { timeout: 30_000 }).toBe(`/estimates/manage?id=${offer.id}`);
    await page.getByTestId('estimate-acceptance').waitFor({ timeout: 60_000 });
    // Opened, it is read.
    await expect
      .poll(async () => (await api<Array<{ link: string; readAt: string | null }>>(`/planner/v1/notifications?filter=${encodeURIComponent(JSON.stringify({ kind: 'offerAccepted', q: `Preventivo ${offer.id} -` }))}`, { as: 'sales' }))[0]?.readAt ?? null, {
        timeout: 30_000,
      })
      .not.toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a work order past its due date shows for the asset manager, opening the work orders screen on it; «Segna tutti come letti» empties the count', async () => {
    const rows = await api<{ rows: Array<{ frameId: number; digital: boolean }> }>(
      `/planner/v1/availability?periodStart=${day(1)}&periodEnd=${day(7)}&systemType=poster&range=${encodeURIComponent('[0,9]')}`,
    );
    const frameId = rows.rows.find((r) => !r.digital)!.frameId;
    const order = await api<{ id: number; code: string; frameName: string; systemCode: string }>('/frame/v1/workOrders', {
      method: 'POST',
      body: { frameId, type: 'removal', dueDate: day(-2), notes: `Rimozione e2e ${STAMP}` },
    });
    // A second late order: its notice stays unread for «Segna tutti come letti».
    await api('/frame/v1/workOrders', { method: 'POST', body: { frameId, type: 'maintenance', dueDate: day(-1), notes: `Manutenzione e2e ${STAMP}` } });
    const { context, page, errors } = await signedInPage(browser, 'assetmanager', '/inbox');
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.getByRole('heading', { name: 'Da fare' }).waitFor({ timeout: 60_000 });
    await page.getByRole('textbox', { name: 'Cerca' }).fill(order.code);
    const link = page.getByRole('link', { name: new RegExp(`^${order.code} \\(rimozione\\) in ritardo: ${order.frameName} di ${order.systemCode}`) });
    await link.waitFor({ timeout: 30_000 });
    // The search applied (only its rows shown), so the rows stand still under the click.
    await expect
      .poll(async () => (await page.locator('tbody tr').allInnerTexts()).every((text) => text.includes(order.code)))
      .toBe(true);
    expect(await page.getByRole('row').filter({ has: link }).getByText('Ordine di lavoro in ritardo').count()).toBe(1);
    await link.click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 30_000 }).toBe('/providers/workOrders');
    await page.getByRole('cell', { name: order.code, exact: true }).waitFor({ timeout: 30_000 });
    expect(await page.getByRole('row').count()).toBe(2);
    // The order's filter is shown: removed, the screen lists every order again.
    await page.getByRole('button', { name: 'Rimuovi questo filtro' }).last().click();
    await expect.poll(() => page.getByRole('row').count(), { timeout: 30_000 }).toBeGreaterThan(2);

    // Back in the inbox (the notice opened is read), every other is marked read at once: the bell shows none.
    await page.goto(appUrl('/inbox'));
    await page.getByRole('heading', { name: 'Da fare' }).waitFor({ timeout: 60_000 });
    const markAll = page.getByRole('button', { name: 'Segna tutti come letti' });
    await expect.poll(() => markAll.isEnabled(), { timeout: 30_000 }).toBe(true);
    await markAll.click();
    await expect.poll(() => bellCount(page), { timeout: 30_000 }).toBe(0);
    expect(await markAll.isDisabled()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
