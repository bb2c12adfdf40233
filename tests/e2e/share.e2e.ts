import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, launch, newContext, sandboxUrl, SERVICES } from './support/browser';
import { seriousViolations } from './support/a11y';
import { api, signedInPage } from './support/session';
import { pdfPages } from '../support/pdfText';

/*
 * The client's side of a shared link: the viewer shows the seller and downloads
 * the offer's PDF, and reads on a 390×844 phone without sideways scrolling; a revoked or expired
 * link shows a page that speaks to the client (no staff home button); staff set a link's expiry
 * in the share panel, and an expiry in the past is refused under the field.
 */

const SCREENSHOTS = process.env.SCREENSHOTS_DIR ?? path.resolve('.e2e', 'screenshots');
const PHONE = { width: 390, height: 844 };
const company = (JSON.parse(readFileSync(path.resolve('public/config.json'), 'utf8')) as { company: { name: string; vatNumber: string } }).company;

interface Share {
  id: number;
  token: string;
  viewPath: string;
  expiresAt: string | null;
}

let browser: Browser;
let estimateId = 0;

beforeAll(async () => {
  browser = await launch();
  mkdirSync(SCREENSHOTS, { recursive: true });
  estimateId = (await api<Array<{ id: number }>>('/estimate/estimate/getAllDto'))[0].id;
});
afterAll(async () => {
  await browser?.close();
});

const share = (expiresAt?: string) =>
  api<Share>('/share/v1/share/create', { method: 'POST', as: 'sales', body: { resourceType: 'estimate', resourceId: estimateId, ...(expiresAt ? { expiresAt } : {}) } });

/**
 * A client's browser on a phone. Its config.json carries the seller (`company`), as a deployed
 * one does; the shared test helper answers the hosts only.
 */
async function clientPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, { viewport: PHONE, isMobile: true, hasTouch: true });
  const hosts = Object.fromEntries(SERVICES.map((s) => [s, sandboxUrl(`/${s}`)]));
  // Registered after newContext's own route, so it answers first.
  await context.route('**/config.json', (route) =>
    route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({ environment: 'dev', hosts: { dev: hosts }, companyPrefix: 'company', opportunityFallbackHost: sandboxUrl('/opportunity'), tileUrl: '', company }),
    }),
  );
  return { context, page: await context.newPage() };
}

/** Whether the page scrolls sideways (its content wider than the screen). */
const scrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

async function expectClientPage(page: Page) {
  await page.getByRole('heading', { name: 'Questo link non è più valido' }).waitFor({ timeout: 60_000 });
  expect(await page.getByText(/Contatti chi glielo ha inviato/).count()).toBe(1);
  expect(await page.getByRole('region', { name: 'Venditore' }).textContent()).toContain(company.name);
  // Nothing leads a client into the back office.
  expect(await page.getByRole('link', { name: 'Torna alla Home' }).count()).toBe(0);
  expect(await page.getByRole('button').count()).toBe(0);
  expect(await scrollsSideways(page)).toBe(false);
  expect(await seriousViolations(page)).toEqual([]);
}

describe("the client's side of a shared link", () => {
  it('the viewer on a 390×844 phone: the seller, the lines readable, no sideways scroll', async () => {
    const { viewPath } = await share();
    const { context, page } = await clientPage();
    await page.goto(appUrl(viewPath));
    await page.getByTestId('estimate-total').waitFor({ timeout: 60_000 });
    const seller = await page.getByRole('region', { name: 'Venditore' }).textContent();
    expect(seller).toContain(company.name);
    expect(seller).toContain(`P.IVA ${company.vatNumber}`);
    // On a phone the lines are blocks, one figure per row, not a six-column table.
    expect(await page.getByRole('table').count()).toBe(0);
    expect(await page.getByRole('list', { name: 'Righe' }).getByRole('listitem').count()).toBeGreaterThan(0);
    expect(await scrollsSideways(page)).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'share-viewer-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.getByRole('table').waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'share-viewer-1280.png') });
    await context.close();
  });

  it('"Scarica PDF" downloads the offer, whose text holds the estimate number and the seller', async () => {
    const { viewPath } = await share();
    const { context, page } = await clientPage();
    await page.goto(appUrl(viewPath));
    await page.getByTestId('estimate-total').waitFor({ timeout: 60_000 });
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Scarica PDF' }).click()]);
    expect(download.suggestedFilename()).toBe(`preventivo-${estimateId}.pdf`);
    const pages = await pdfPages(readFileSync((await download.path())!));
    expect(pages[0]).toContain(`Preventivo n. ${estimateId}`);
    expect(pages[0]).toContain(company.name);
    await context.close();
  });

  it('a revoked link shows the client page (a refused share call still goes to /404), with no staff button', async () => {
    const revoked = await share();
    await api(`/share/v1/share/delete?id=${revoked.id}`, { method: 'DELETE', as: 'sales' });
    const { context, page } = await clientPage();
    await page.goto(appUrl(revoked.viewPath));
    await page.waitForURL((url) => url.pathname === '/404', { timeout: 60_000 });
    await expectClientPage(page);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'share-link-gone-390.png'), fullPage: true });
    await context.close();
  });

  it('an expired link shows the client page, with the service’s message', async () => {
    // A link that expires in two seconds: the test waits until the service refuses it.
    const expiring = await share(new Date(Date.now() + 2000).toISOString());
    const auth = () =>
      fetch(sandboxUrl(`/share/v1/token/auth?resourceType=estimate&resourceId=${estimateId}&token=${expiring.token}`), { method: 'POST' }).then((r) => r.status);
    await expect.poll(auth, { timeout: 20_000, interval: 500 }).toBe(422);
    const { context, page } = await clientPage();
    await page.goto(appUrl(expiring.viewPath));
    await expectClientPage(page);
    expect(await page.getByText('Il link di condivisione è scaduto').count()).toBe(1);
    await context.close();
  });

  it('staff set an expiry in the share panel and the list shows it; a past day is refused under the field', async () => {
    const mine = await share();
    const { context, page } = await signedInPage(browser, 'sales', `/estimates/manage?id=${estimateId}`);
    await page.setViewportSize({ width: 1280, height: 720 });
    const row = page.getByRole('listitem').filter({ has: page.locator(`a[href$="/token/${mine.token}/view"]`) });
    await row.waitFor({ timeout: 60_000 });
    const field = row.getByLabel('Scadenza del link');
    const day = (offset: number) => {
      const d = new Date();
      d.setDate(d.getDate() + offset);
      return { iso: `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`, it: d.toLocaleDateString('it-IT', { day: '2-digit', month: '2-digit', year: 'numeric' }) };
    };

    await field.fill(day(10).iso);
    await row.getByRole('button', { name: 'Salva scadenza' }).click();
    await row.getByText(new RegExp(`scade il ${day(10).it.replace(/\//g, '\\/')}`)).waitFor({ timeout: 15_000 });
    await page.screenshot({ path: path.join(SCREENSHOTS, 'share-panel-expiry-1280.png') });

    await field.fill(day(-1).iso);
    await row.getByRole('button', { name: 'Salva scadenza' }).click();
    await row.getByText('La data di scadenza deve essere futura').waitFor({ timeout: 15_000 });
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    // Refused: the link keeps the expiry it had.
    await row.getByText(new RegExp(`scade il ${day(10).it.replace(/\//g, '\\/')}`)).waitFor();

    await row.getByRole('button', { name: 'Nessuna scadenza' }).click();
    await row.getByRole('button', { name: 'Salva scadenza' }).click();
    await row.getByText(/scade il/).waitFor({ state: 'detached', timeout: 15_000 });
    await context.close();
  });

  it('staff who open a link from the share panel stay signed in: the viewer is a guest in its own tab', async () => {
    const mine = await share();
    const { context, page } = await signedInPage(browser, 'sales', `/estimates/manage?id=${estimateId}`);
    const link = page.locator(`a[href$="/token/${mine.token}/view"]`);
    await link.waitFor({ timeout: 60_000 });
    const staffToken = await page.evaluate(() => localStorage.getItem('auth'));
    expect(staffToken).toBeTruthy();

    const [viewer] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await viewer.getByTestId('estimate-total').waitFor({ timeout: 60_000 });
    expect(await viewer.evaluate(() => [sessionStorage.getItem('guest'), sessionStorage.getItem('type')])).toEqual(['true', 'ROLE_GUEST']);
    // The browser's staff session is untouched, and the staff tab still works after a reload.
    expect(await page.evaluate(() => [localStorage.getItem('auth'), localStorage.getItem('type'), localStorage.getItem('guest')])).toEqual([
      staffToken,
      'ROLE_SALES',
      null,
    ]);
    await page.reload();
    await page.getByRole('navigation', { name: 'Navigazione principale' }).waitFor({ timeout: 60_000 });
    expect(new URL(page.url()).pathname).toBe('/estimates/manage');
    await link.waitFor({ timeout: 60_000 });
    await context.close();
  });
});
