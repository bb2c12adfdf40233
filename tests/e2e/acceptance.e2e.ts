import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, launch, newContext, sandboxUrl, SERVICES } from './support/browser';
import { seriousViolations } from './support/a11y';
import { api, signedInPage } from './support/session';

/*
 * From an offer to its acceptance, in order: the client accepts a shared offer on a 390×844 phone,
 * the seller sees it (opened, accepted, by whom and when) on the estimate at 1280×720, an offer past
 * its validity cannot be accepted, and a revised offer's old link shows the newest version.
 */

const SCREENSHOTS = process.env.SCREENSHOTS_DIR ?? path.resolve('.e2e', 'screenshots');
const PHONE = { width: 390, height: 844 };
const company = (JSON.parse(readFileSync(path.resolve('public/config.json'), 'utf8')) as { company: unknown }).company;

interface Estimate {
  id: number;
  name: string;
  opportunityId: number;
  advertiserId: number;
  salesId: number;
  version?: number;
  lines: Array<{ productId: number; catalogId: number; description: string; quantity: number; periodStart: string; periodEnd: string; unitPrice: number; discountPercent: number }>;
}
interface Share {
  id: number;
  token: string;
  viewPath: string;
}

let browser: Browser;
let template: Estimate;
let accepted: { estimate: Estimate; share: Share };

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** A new estimate of `sales` (the lines of a seeded one), valid until `validUntil`, sent, and its link. */
async function sentOffer(name: string, validUntil: string): Promise<{ estimate: Estimate; share: Share }> {
  const q = new URLSearchParams({ opportunityId: String(template.opportunityId), advertiserId: String(template.advertiserId), salesId: String(template.salesId) });
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
  const estimate = await api<Estimate>(`/estimate/estimate/save?${q.toString()}`, { method: 'POST', as: 'sales', body: { name, validUntil, lines } });
  await api(`/estimate/estimate/changeStatus?estimateId=${estimate.id}&status=sent`, { method: 'PUT', as: 'sales' });
  const share = await api<Share>('/share/v1/share/create', { method: 'POST', as: 'sales', body: { resourceType: 'estimate', resourceId: estimate.id } });
  return { estimate, share };
}

beforeAll(async () => {
  browser = await launch();
  mkdirSync(SCREENSHOTS, { recursive: true });
  const dtos = await api<Array<{ id: number }>>('/estimate/estimate/getAllDto');
  for (const { id } of dtos) {
    const e = await api<Estimate>(`/estimate/estimate/${id}`);
    if (e.lines.length) {
      template = e;
      break;
    }
  }
});
afterAll(async () => {
  await browser?.close();
});

/** A client's phone browser; its config.json carries the seller, as a deployed one does. */
async function clientPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, { viewport: PHONE, isMobile: true, hasTouch: true });
  const hosts = Object.fromEntries(SERVICES.map((s) => [s, sandboxUrl(`/${s}`)]));
  await context.route('**/config.json', (route) =>
    route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({ environment: 'dev', hosts: { dev: hosts }, companyPrefix: 'company', opportunityFallbackHost: sandboxUrl('/opportunity'), tileUrl: '', company }),
    }),
  );
  return { context, page: await context.newPage() };
}

const scrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

describe('the client accepts an offer online', () => {
  it('1. on a 390×844 phone: name, company role, agreement to the conditions shown', async () => {
    accepted = await sentOffer(`Offerta e2e accettazione ${Date.now()}`, day(30));
    const { context, page } = await clientPage();
    await page.goto(appUrl(accepted.share.viewPath));
    await page.getByTestId('estimate-total').waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: "Accetta l'offerta" }).click();
    await page.getByLabel('Nome e cognome').fill('Mario Bianchi');
    await page.getByLabel('Ruolo in azienda').fill('Direttore marketing');
    // The conditions the client agrees to are shown with the checkbox (the PDF's).
    expect(await page.getByRole('region', { name: "Condizioni dell'offerta" }).getByRole('listitem').count()).toBeGreaterThan(0);
    const send = page.getByRole('button', { name: "Accetto l'offerta" });
    expect(await send.isDisabled()).toBe(true);
    await page.getByLabel(/Dichiaro di aver letto/).check();
    expect(await scrollsSideways(page)).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'acceptance-form-390.png'), fullPage: true });
    await send.click();
    const done = page.getByTestId('offer-accepted');
    await done.waitFor({ timeout: 30_000 });
    expect(await done.textContent()).toMatch(/Offerta accettata da Mario Bianchi \(Direttore marketing\) il \d{2}\/\d{2}\/\d{2,4}/);
    expect(await scrollsSideways(page)).toBe(false);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'acceptance-done-390.png'), fullPage: true });
    await context.close();
    const estimate = await api<{ status: string; acceptance?: { name: string } }>(`/estimate/estimate/${accepted.estimate.id}`);
    expect(estimate.status).toBe('accepted');
    expect(estimate.acceptance?.name).toBe('Mario Bianchi');
  });

  it('2. the seller sees on the estimate, at 1280×720, that the link was opened and the offer accepted, by whom and when', async () => {
    const { context, page } = await signedInPage(browser, 'sales', `/estimates/manage?id=${accepted.estimate.id}`);
    await page.setViewportSize({ width: 1280, height: 720 });
    const acceptance = page.getByTestId('estimate-acceptance');
    await acceptance.waitFor({ timeout: 60_000 });
    expect(await acceptance.textContent()).toMatch(/Accettato da Mario Bianchi \(Direttore marketing\) il \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    const opened = page.getByTestId('estimate-link-opened');
    await opened.waitFor({ timeout: 30_000 });
    expect(await opened.textContent()).toMatch(/Link aperto la prima volta il \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    expect(await page.getByTestId('estimate-status').textContent()).toBe('Accettato');
    await page.getByTestId('estimate-client-activity').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'acceptance-seller-1280.png') });
    await context.close();
  });

  it('3. an offer past its validity cannot be accepted: the page says to contact the seller, the service refuses', async () => {
    const expired = await sentOffer(`Offerta e2e scaduta ${Date.now()}`, day(-2));
    const { context, page } = await clientPage();
    await page.goto(appUrl(expired.share.viewPath));
    const notice = page.getByTestId('offer-expired');
    await notice.waitFor({ timeout: 60_000 });
    expect(await notice.textContent()).toMatch(/scaduta il .*Contatti il venditore/);
    expect(await page.getByRole('button', { name: "Accetta l'offerta" }).count()).toBe(0);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'acceptance-expired-390.png'), fullPage: true });
    await context.close();
    const auth = await fetch(sandboxUrl(`/share/v1/token/auth?resourceType=estimate&resourceId=${expired.estimate.id}&token=${expired.share.token}`), { method: 'POST' });
    const guest = ((await auth.json()) as { access_token: string }).access_token;
    const refused = await fetch(sandboxUrl(`/share/v1/token/accept?resourceType=estimate&resourceId=${expired.estimate.id}`), {
      method: 'POST',
      headers: { Authorization: `Bearer ${guest}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Mario Bianchi', role: 'Titolare', agreed: true }),
    });
    expect(refused.status).toBe(422);
    expect((await api<{ status: string }>(`/estimate/estimate/${expired.estimate.id}`)).status).toBe('sent');
  });

  it("4. a revision: the seller makes a new version, and the old version's link shows it, saying it replaced an earlier one", async () => {
    const original = await sentOffer(`Offerta e2e revisione ${Date.now()}`, day(30));
    const { context: staff, page } = await signedInPage(browser, 'sales', `/estimates/manage?id=${original.estimate.id}`);
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.getByRole('button', { name: 'Nuova versione' }).click();
    await page.waitForURL((url) => url.searchParams.get('id') !== String(original.estimate.id), { timeout: 30_000 });
    const newId = Number(new URL(page.url()).searchParams.get('id'));
    expect(newId).toBeGreaterThan(original.estimate.id);
    // The new version's own screen (the old one may still be drawn while the route changes).
    const version = page.getByTestId('estimate-version').filter({ hasText: `Sostituisce il preventivo n. ${original.estimate.id}` });
    await version.waitFor({ timeout: 30_000 });
    expect(await version.textContent()).toContain('Versione 2');
    expect(await version.textContent()).toContain(`Sostituisce il preventivo n. ${original.estimate.id}`);
    await staff.close();
    const { context, page: client } = await clientPage();
    await client.goto(appUrl(original.share.viewPath));
    const replaced = client.getByTestId('offer-replaced');
    await replaced.waitFor({ timeout: 60_000 });
    expect(await replaced.textContent()).toContain(`ha sostituito una versione precedente (preventivo n. ${original.estimate.id})`);
    expect(await client.getByRole('heading', { level: 1 }).textContent()).toContain(`Preventivo ${newId}`);
    await context.close();
  });
});
