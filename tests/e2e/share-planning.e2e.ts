import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, launch, newContext, sandboxUrl, SERVICES } from './support/browser';
import { seriousViolations } from './support/a11y';
import { api, apiToken, signedInPage } from './support/session';

/*
 * A shared planning's client page: the booked faces on a map and as a list, with their format,
 * address and period, the totals stated VAT excluded and included, the sender by name; on a
 * 390×844 phone no raw data (no JSON, no ISO date, no field key) and no sideways scrolling. A
 * revoked or expired planning link shows the client's "link no longer valid" page.
 */

const SCREENSHOTS = process.env.SCREENSHOTS_DIR ?? path.resolve('.e2e', 'screenshots');
const PHONE = { width: 390, height: 844 };
const STAMP = Date.now() % 1_000_000;
const company = (JSON.parse(readFileSync(path.resolve('public/config.json'), 'utf8')) as { company: unknown }).company;

interface Share {
  id: number;
  token: string;
  viewPath: string;
}

let browser: Browser;
let planningId = 0;
const PRICES = [1450, 980.5, 2200];

beforeAll(async () => {
  browser = await launch();
  mkdirSync(SCREENSHOTS, { recursive: true });
  const [campaign] = await api<Array<{ id: number; advertiserId: number }>>('/campaign/v1/campaigns');
  const planning = await api<{ id: number }>('/planner/v1/plannings', {
    method: 'POST',
    body: { name: `Milano centro cliente ${STAMP}`, campaignId: campaign.id, periodStart: '2032-03-01', periodEnd: '2032-03-28' },
  });
  planningId = planning.id;
  const found = await api<{ content: Array<{ id: number }> }>('/systems/v1/system/search/params?page=0&size=60&type=ALL', { method: 'POST', body: { type: 'ALL' } });
  const availability = await api<Array<{ systemId: number; free: boolean }>>(
    `/planner/v1/plannings/${planningId}/availability?${found.content.map((s) => `systemIds=${s.id}`).join('&')}`,
  );
  const free = availability.filter((a) => a.free).map((a) => a.systemId);
  // The first face has a photo: the client reads it with the link's guest token.
  const form = new FormData();
  form.append('systemId', String(free[0]));
  form.append('file', new Blob([readFileSync(path.resolve('public/brand/logo.png'))], { type: 'image/png' }), 'foto.png');
  const uploaded = await fetch(sandboxUrl('/systems/v1/system/image/upload'), { method: 'POST', headers: { Authorization: `Bearer ${await apiToken()}` }, body: form });
  expect(uploaded.status).toBe(201);
  for (const [i, price] of PRICES.entries()) {
    // A planning sells faces: the first face of each system.
    const [face] = await api<Array<{ id: number }>>(`/frame/v1/frames?filter=${encodeURIComponent(JSON.stringify({ systemId: free[i] }))}&sort=${encodeURIComponent('["position","ASC"]')}`);
    await api('/planner/v1/planningItems', {
      method: 'POST',
      body: { planningId, frameId: face.id, periodStart: '2032-03-01', periodEnd: i === 2 ? '2032-03-14' : '2032-03-28', price },
    });
  }
});
afterAll(async () => {
  await browser?.close();
});

const share = (expiresAt?: string) =>
  api<Share>('/share/v1/share/create', { method: 'POST', body: { resourceType: 'planning', resourceId: planningId, ...(expiresAt ? { expiresAt } : {}) } });

/** A client's browser: its config.json carries the seller, as a deployed one does. */
async function clientPage(viewport = PHONE): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, { viewport, isMobile: viewport.width < 600, hasTouch: viewport.width < 600 });
  const hosts = Object.fromEntries(SERVICES.map((s) => [s, sandboxUrl(`/${s}`)]));
  await context.route('**/config.json', (route) =>
    route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({ environment: 'dev', hosts: { dev: hosts }, companyPrefix: 'company', opportunityFallbackHost: sandboxUrl('/opportunity'), tileUrl: '', company }),
    }),
  );
  return { context, page: await context.newPage() };
}

/** Field keys of the records behind the page: none may show as text. */
const FIELD_KEYS = /\b(campaignId|systemId|planningId|periodStart|periodEnd|resourceType|totals|criteria|imageId|latitude|longitude|typeLabel|statusLabel|undefined|null|NaN)\b/;

describe("a shared planning's client page", () => {
  it('on a 390×844 phone: faces as a list and on a map, formats, periods and totals in Italian, no raw data, no sideways scroll', async () => {
    const { viewPath } = await share();
    const { context, page } = await clientPage();
    await page.goto(appUrl(viewPath));
    const list = page.getByRole('list', { name: 'Elenco delle facce prenotate' });
    await list.waitFor({ timeout: 60_000 });
    expect(await list.getByRole('listitem').count()).toBe(PRICES.length);
    await page.getByTestId('client-planning-map').waitFor();
    // The photo of the first face, read with the guest token; the others say they have none.
    await list.getByRole('img', { name: /^Foto di / }).waitFor({ timeout: 15_000 });
    expect(await list.getByRole('img', { name: 'Foto non disponibile' }).count()).toBe(PRICES.length - 1);
    expect(await page.getByTestId('client-planning-map').locator('path.leaflet-interactive').count()).toBe(PRICES.length);

    const text = await page.locator('body').innerText();
    // Net 4.630,50 €, VAT 22% 1.018,71 €, due 5.649,21 €: said VAT excluded and included.
    expect(text).toContain('Imponibile (IVA esclusa)');
    expect(await page.getByTestId('planning-total-taxable').innerText()).toMatch(/^4\.630,50\s€$/);
    expect(await page.getByTestId('planning-total-vat').innerText()).toMatch(/^1\.018,71\s€$/);
    expect(await page.getByTestId('planning-total').innerText()).toMatch(/^5\.649,21\s€$/);
    expect(text).toContain('Totale (IVA inclusa)');
    expect(text).toContain('Prezzi in euro, IVA esclusa');
    expect(text).toContain('01/03/2032 – 14/03/2032');
    expect(text).toMatch(/\d+ × \d+ cm/);
    // The sender by name, never the username.
    expect(await page.getByTestId('shared-by').innerText()).toMatch(/^Condiviso da (?!admin\b)\S+ \S+/);
    // No raw data.
    expect(text).not.toMatch(/[{}[\]]/);
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(text).not.toMatch(FIELD_KEYS);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'share-planning-390.png'), fullPage: true });
    await context.close();

    const wide = await clientPage({ width: 1280, height: 720 });
    await wide.page.goto(appUrl(viewPath));
    await wide.page.getByRole('list', { name: 'Elenco delle facce prenotate' }).waitFor({ timeout: 60_000 });
    expect(await wide.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
    await wide.page.screenshot({ path: path.join(SCREENSHOTS, 'share-planning-1280.png'), fullPage: true });
    await wide.context.close();
  });

  it.each(['campaign', 'order', 'system'] as const)('a shared %s: labelled facts on a phone, no raw data, no sideways scroll', async (resourceType) => {
    const list = resourceType === 'campaign' ? '/campaign/v1/campaigns' : resourceType === 'order' ? '/order/orders' : null;
    const resourceId = list
      ? (await api<Array<{ id: number }>>(list))[0].id
      : (await api<{ content: Array<{ id: number }> }>('/systems/v1/system/search/params?page=0&size=1&type=ALL', { method: 'POST', body: { type: 'ALL' } })).content[0].id;
    const { viewPath } = await api<Share>('/share/v1/share/create', { method: 'POST', body: { resourceType, resourceId } });
    const { context, page } = await clientPage();
    await page.goto(appUrl(viewPath));
    await page.getByTestId('shared-by').waitFor({ timeout: 60_000 });
    const text = await page.locator('main, body').first().innerText();
    expect(text).not.toMatch(/[{}[\]]/);
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(text).not.toMatch(FIELD_KEYS);
    expect(text).not.toMatch(/\b(advertiserId|orderId|salesId|estimateId|opportunityId|systemType|municipality)\b/);
    if (resourceType === 'order') {
      expect(text).toContain('Imponibile (IVA esclusa)');
      expect(text).toContain('Totale (IVA inclusa)');
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: path.join(SCREENSHOTS, `share-${resourceType}-390.png`), fullPage: true });
    await context.close();
  });

  it('an expired planning link shows the client page that says so (the sandbox clock moved past its expiry)', async () => {
    const expiring = await share(new Date(Date.now() + 60_000).toISOString());
    const moved = await fetch(sandboxUrl('/internal/clock?advanceSeconds=120'), { method: 'POST' });
    expect(moved.status).toBe(200);
    try {
      const { context, page } = await clientPage();
      await page.goto(appUrl(expiring.viewPath));
      await page.getByRole('heading', { name: 'Questo link non è più valido' }).waitFor({ timeout: 60_000 });
      expect(await page.getByText('Il link di condivisione è scaduto').count()).toBe(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.screenshot({ path: path.join(SCREENSHOTS, 'share-planning-expired-390.png'), fullPage: true });
      await context.close();
    } finally {
      await fetch(sandboxUrl('/internal/clock?advanceSeconds=-120'), { method: 'POST' });
    }
  });

  it('staff create a planning link on its page, give it an expiry and revoke it', async () => {
    const { context, page } = await signedInPage(browser, 'admin', `/plannings/${planningId}`);
    await page.setViewportSize({ width: 1280, height: 720 });
    const panel = page.getByRole('region', { name: 'Link condivisi' });
    await panel.waitFor({ timeout: 60_000 });
    const before = (await api<Share[]>(`/share/v1/share/byResource?resourceType=planning&resourceId=${planningId}`)).length;
    await expect.poll(() => panel.getByTestId('share-link').count(), { timeout: 15_000 }).toBe(before);
    await panel.getByRole('button', { name: 'Crea link' }).click();
    await expect.poll(() => panel.getByTestId('share-link').count(), { timeout: 15_000 }).toBe(before + 1);
    const row = panel.getByRole('listitem').first();
    const d = new Date();
    d.setDate(d.getDate() + 10);
    const iso = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    await row.getByLabel('Scadenza del link').fill(iso);
    await row.getByRole('button', { name: 'Salva scadenza' }).click();
    await row.getByText(/scade il/).waitFor({ timeout: 15_000 });
    await page.screenshot({ path: path.join(SCREENSHOTS, 'share-planning-panel-1280.png'), fullPage: true });
    await row.getByRole('button', { name: 'Elimina link' }).click();
    await page.getByRole('dialog').getByRole('button', { name: /Conferma|Elimina/ }).first().click();
    await expect.poll(() => panel.getByTestId('share-link').count(), { timeout: 15_000 }).toBe(before);
    await context.close();
  });

  it('a revoked planning link shows the client page, not an error', async () => {
    const revoked = await share();
    await api(`/share/v1/share/delete?id=${revoked.id}`, { method: 'DELETE' });
    const { context, page } = await clientPage();
    await page.goto(appUrl(revoked.viewPath));
    await page.getByRole('heading', { name: 'Questo link non è più valido' }).waitFor({ timeout: 60_000 });
    expect(await page.locator('body').innerText()).not.toMatch(/[{}]|statusCode|404/);
    await context.close();
  });
});
