import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, launch, readRequestBodies, sandboxUrl } from './support/browser';
import { apiToken, signedInPage } from './support/session';

/*
 * What a list screen asks the services for its first page (issue 9, the figures of `npm run
 * bench`): the estimates list reads its advertisers' names with one request, not one per row, and
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
  let inFlight = 0;
  // Settles once nothing is in flight and nothing new started for QUIET_MS: every request event
  // puts the moment off again. QUIET_LIMIT_MS bounds the wait, and reaching it is no failure: a
  // screen may hold a request open (the media monitor does), and what was asked so far is the
  // first page's.
  let quietTimer: ReturnType<typeof setTimeout> | undefined;
  let settleQuiet = () => {};
  const quiet = new Promise<void>((resolve) => (settleQuiet = resolve));
  const rearm = () => {
    clearTimeout(quietTimer);
    if (inFlight === 0) quietTimer = setTimeout(settleQuiet, QUIET_MS);
  };
  page.on('request', (r) => {
    inFlight += 1;
    rearm();
    if (r.url().startsWith(sandbox) && r.method() !== 'OPTIONS') seen.push(`${r.method()} ${r.url()} ${r.postData() ?? ''}`);
  });
  const done = () => {
    inFlight -= 1;
    rearm();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  await page.goto(appUrl(path));
  await page.waitForFunction(() => document.querySelectorAll('table tbody tr').length > 1, null, { timeout: 60_000 });
  await ready(page);
  rearm();
  let limit: ReturnType<typeof setTimeout> | undefined;
  const bound = new Promise<void>((resolve) => (limit = setTimeout(resolve, QUIET_LIMIT_MS)));
  await Promise.race([quiet, bound]);
  clearTimeout(limit);
  clearTimeout(quietTimer);
  return seen;
}

async function signedIn(username: string): Promise<Page> {
  const { page } = await signedInPage(browser, username);
  await page.waitForLoadState('networkidle');
  return page;
}

describe('requests for a list screen’s first page', () => {
  it('the estimates list names its advertisers with one request, and asks nothing twice', async () => {
    // The advertiser of the first row (the list is sorted by name, 25 a page), from the services.
    const auth = { Authorization: `Bearer ${await apiToken('sales')}` };
    const list = (await (await fetch(sandboxUrl('/estimate/estimate/all/page/0/perPage/25/sort/ASC/?sortValue=name'), { headers: auth })).json()) as {
      content: Array<{ advertiserId?: number }>;
    };
    const names = (await (await fetch(sandboxUrl('/advertiser/v1/getAdvertiserName'), { headers: auth })).json()) as Array<{ id: number; name: string }>;
    const expected = names.find((a) => a.id === list.content[0].advertiserId)?.name;
    expect(expected).toBeTruthy();
    expect(new Set(list.content.map((e) => e.advertiserId)).size).toBeGreaterThan(1);

    const page = await signedIn('sales');
    const seen = await firstPage(page, '/estimates/manage', async (p) => {
      await p.locator('table tbody tr').first().getByText(expected!).waitFor({ timeout: 30_000 });
    });
    expect(seen.filter((s) => s.includes('/advertiser/'))).toHaveLength(1);
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
