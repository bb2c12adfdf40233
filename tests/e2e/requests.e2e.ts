import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, countRequests, launch, networkQuiet, readRequestBodies, sandboxUrl } from './support/browser';
import { apiToken, signedInPage } from './support/session';

/*
 * What a list screen asks the services for its first page (the figures of `npm run
 * bench`): the estimates list reads its advertisers' and opportunities' names with one request each,
 * not one per row (three requests in all), and
 * asks nothing twice; the systems list asks for its page alone; the media monitor's list loads its
 * detections. The first page is: rows in
 * the DOM, then the network quiet (nothing in flight, nothing new for a while), bounded.
 */

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const QUIET_MS = 1500;
const QUIET_LIMIT_MS = 30_000;

/** Opens `path`, waits for its rows and for `ready` (what the first page must show), then for a quiet network. */
async function firstPage(page: Page, path: string, ready: (page: Page) => Promise<void> = async () => {}): Promise<string[]> {
  const sandbox = sandboxUrl();
  const seen: string[] = [];
  // A blank page first: no call of the screen the page showed before is counted as this one's.
  await page.goto('about:blank');
  // Two calls to one address with different bodies are two requests, not one asked twice.
  await readRequestBodies(page);
  countRequests(page);
  page.on('request', (r) => {
    if (r.url().startsWith(sandbox) && r.method() !== 'OPTIONS') seen.push(`${r.method()} ${r.url()} ${r.postData() ?? ''}`);
  });
  await page.goto(appUrl(path));
  await page.waitForFunction(() => document.querySelectorAll('table tbody tr').length > 1, null, { timeout: 60_000 });
  await ready(page);
  // Reaching the bound is no failure: a screen may hold a request open (the media monitor does),
  // and what was asked so far is the first page's.
  await networkQuiet(page, { quietMs: QUIET_MS, timeoutMs: QUIET_LIMIT_MS, atLimit: 'resolve' });
  return seen;
}

async function signedIn(username: string): Promise<Page> {
  const { page } = await signedInPage(browser, username);
  await page.waitForLoadState('networkidle');
  return page;
}

describe('requests for a list screen’s first page', () => {
  it('the estimates list names its advertisers and its opportunities with one request each, and asks nothing twice', async () => {
    // The advertiser of the first row (the list is sorted by name, 25 a page), from the services.
    const auth = { Authorization: `Bearer ${await apiToken('sales')}` };
    const list = (await (await fetch(sandboxUrl('/estimate/estimate/all/page/0/perPage/25/sort/ASC/?sortValue=name'), { headers: auth })).json()) as {
      content: Array<{ advertiserId?: number; opportunityId?: number | null }>;
    };
    const opportunities = (await (await fetch(sandboxUrl('/opportunity/v1/opportunity/getAllDto'), { headers: auth })).json()) as Array<{ id: number; name: string }>;
    const withOpportunity = list.content.findIndex((e) => e.opportunityId);
    const opportunity = opportunities.find((o) => o.id === list.content[withOpportunity]?.opportunityId)?.name;
    expect(opportunity).toBeTruthy();
    const names = (await (await fetch(sandboxUrl('/advertiser/v1/getAdvertiserName'), { headers: auth })).json()) as Array<{ id: number; name: string }>;
    const expected = names.find((a) => a.id === list.content[0].advertiserId)?.name;
    expect(expected).toBeTruthy();
    expect(new Set(list.content.map((e) => e.advertiserId)).size).toBeGreaterThan(1);

    const page = await signedIn('sales');
    const seen = await firstPage(page, '/estimates/manage', async (p) => {
      await p.locator('table tbody tr').first().getByText(expected!).waitFor({ timeout: 30_000 });
      await p.locator('table tbody tr').nth(withOpportunity).getByText(opportunity!, { exact: true }).waitFor({ timeout: 30_000 });
    });
    expect(seen.filter((s) => s.includes('/advertiser/'))).toHaveLength(1);
    // The opportunities' names in one call (getAllDto), not one per row: the page is three requests.
    expect(seen.filter((s) => s.includes('/opportunity/')).map((s) => new URL(s.split(' ')[1]).pathname)).toEqual(['/opportunity/v1/opportunity/getAllDto']);
    expect(seen.filter((s) => /\/(estimate|advertiser|opportunity)\//.test(s)).length).toBeLessThanOrEqual(3);
    expect(seen.length - new Set(seen).size).toBe(0);
    await page.context().close();
  });

  it('the systems list asks the systems service for its page only: the lookups wait for the filters or a bulk change', async () => {
    const page = await signedIn('assetmanager');
    const seen = await firstPage(page, '/systems-manage/manage');
    expect(seen.filter((s) => s.includes('/systems/')).map((s) => new URL(s.split(' ')[1]).pathname)).toEqual([
      '/systems/v1/system/all/page/0/perPage/10',
    ]);
    await page.context().close();
  });

  it('the media monitor’s list loads its detections, each asked once', async () => {
    const page = await signedIn('mediamonitor');
    const seen = await firstPage(page, '/media/monitor');
    expect(seen.filter((s) => s.includes('/audit/')).length).toBeGreaterThan(0);
    expect(seen.length - new Set(seen).size).toBe(0);
    await page.context().close();
  });
});
