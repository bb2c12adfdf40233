import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, launch, pickOption, visit } from './support/browser';
import { api, signedInPage } from './support/session';

/*
 * One screen shape: the campaigns example screen shows names, validates before sending,
 * puts a 400 under its field and exports every row with formula cells neutralised. That every
 * private route fits a 1280×720 laptop with no sideways page scroll is checked by a11y.e2e.ts's
 * walk, in the same visit as its axe check.
 */

let browser: Browser;
let context: BrowserContext;
let page: Page;

interface Campaign {
  id: number;
  name: string;
  advertiserId: number;
}

beforeAll(async () => {
  browser = await launch();
  ({ context, page } = await signedInPage(browser, 'admin'));
  await page.setViewportSize({ width: 1280, height: 720 });
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('campaigns, the example screen', () => {
  const HYPERLINK = '=HYPERLINK("x")';
  let advertiser: { id: number; name: string };

  beforeAll(async () => {
    const advertisers = await api<Array<{ id: number; name: string }>>('/advertiser/v1/getAll');
    advertiser = advertisers[advertisers.length - 1];
    // More than a page (10 rows) of campaigns, one of them named like a spreadsheet formula.
    for (let i = 0; i < 11; i += 1)
      await api('/campaign/v1/campaigns', {
        method: 'POST',
        body: {
          name: i === 0 ? HYPERLINK : `Forma ${i}`,
          advertiserId: advertiser.id,
          periodStart: '2030-01-01',
          periodEnd: '2030-01-31',
          status: 'planned',
          budget: 1000 + i,
        },
      });
  });

  it('shows the advertiser by name in the list and the detail', async () => {
    await page.goto(appUrl('/campaigns?filter=' + encodeURIComponent(JSON.stringify({ q: 'Forma 1' }))));
    const row = page.getByRole('row').filter({ hasText: 'Forma 1' }).first();
    await row.getByText(advertiser.name).waitFor();
    await row.click();
    await page.waitForURL(/\/campaigns\/\d+$/);
    await page.getByRole('heading', { level: 1, name: /Forma 1/ }).waitFor();
    await page.getByText(advertiser.name).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
  });

  it('refuses a negative budget and a too-long name under their fields before sending', async () => {
    const sent: string[] = [];
    const watch = (r: { method(): string; url(): string }) => {
      if (r.method() === 'POST' && r.url().includes('/campaigns')) sent.push(r.url());
    };
    page.on('request', watch);
    await visit(page, '/campaigns/create');
    await page.getByLabel('Nome').fill('x'.repeat(201));
    await page.getByLabel('Budget').fill('-5');
    await page.getByRole('button', { name: 'Salva' }).click();
    await page.locator('.ra-input-name').getByText('Deve contenere al massimo 200 caratteri').waitFor();
    await page.locator('.ra-input-budget').getByText('Deve essere almeno 0').waitFor();
    page.off('request', watch);
    expect(sent).toEqual([]);
  });

  it('puts a 400 that comes back anyway under its field, and the form saves once corrected', async () => {
    await page.route('**/campaign/v1/campaigns', async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      await route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({
          message: 'Richiesta non valida',
          status: 400,
          errors: [{ path: '/body/budget', message: 'deve essere maggiore o uguale a 0' }],
        }),
      });
    });
    await visit(page, '/campaigns/create');
    await page.getByLabel('Nome').fill('Rifiutata dal server');
    await pickOption(page, page.getByLabel('Inserzionista'), advertiser.name);
    await page.getByLabel('Inizio').fill('2030-02-01');
    await page.getByLabel('Fine').fill('2030-02-28');
    await page.getByLabel('Budget').fill('10');
    await page.getByRole('button', { name: 'Salva' }).click();
    await page.locator('.ra-input-budget').getByText('deve essere maggiore o uguale a 0').waitFor();
    await page.unroute('**/campaign/v1/campaigns');
    await page.getByLabel('Budget').fill('20');
    await page.getByRole('button', { name: 'Salva' }).click();
    await page.waitForURL(/\/campaigns\/\d+$/);
    await page.getByRole('heading', { level: 1, name: 'Rifiutata dal server' }).waitFor();
  });

  it('exports every row, with the formula-like name neutralised', async () => {
    const before = (await api<Campaign[]>('/campaign/v1/campaigns')).length;
    expect(before).toBeGreaterThan(10);
    // An empty filter: react-admin remembers the previous test's search, and the export follows it.
    await visit(page, '/campaigns?filter=%7B%7D');
    await page.getByRole('table').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Esporta', exact: true }).click(),
    ]);
    const file = await download.path();
    const lines = readFileSync(file, 'utf8')
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    // Every campaign, counted before and after: a file running beside this one may add one meanwhile.
    const after = (await api<Campaign[]>('/campaign/v1/campaigns')).length;
    expect(lines.length - 1).toBeGreaterThanOrEqual(Math.min(before, after));
    expect(lines.length - 1).toBeLessThanOrEqual(Math.max(before, after));
    const formula = lines.find((l) => l.includes('HYPERLINK'));
    expect(formula?.startsWith(`"'=HYPERLINK(""x"")"`)).toBe(true);
    // The advertiser by name, never by id.
    const column = lines[0].split(';').indexOf('Inserzionista');
    expect(column).toBeGreaterThanOrEqual(0);
    expect(formula?.split(';')[column]).toBe(advertiser.name);
    expect(lines.slice(1).filter((l) => /^\d+$/.test(l.split(';')[column] ?? ''))).toEqual([]);
  });
});
