import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, launch, newContext, sandboxUrl, signIn } from './support/browser';

/*
 * What a list screen asks the services for its first page (issue 9, the figures of `npm run
 * bench`): the estimates list reads its advertisers' names with one request, not one per row, and
 * asks nothing twice; the media monitor's list loads its detections. The first page is: rows in
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

/** Opens `path`, waits for its rows and for `ready` (what the first page must show), then for a quiet network. */
async function firstPage(page: Page, path: string, ready: (page: Page) => Promise<void> = async () => {}): Promise<string[]> {
  const sandbox = sandboxUrl();
  const seen: string[] = [];
  let inFlight = 0;
  let last = Date.now();
  page.on('request', (r) => {
    inFlight += 1;
    last = Date.now();
    if (r.url().startsWith(sandbox) && r.method() !== 'OPTIONS') seen.push(`${r.method()} ${r.url()} ${r.postData() ?? ''}`);
  });
  const done = () => {
    inFlight -= 1;
    last = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  await page.goto(appUrl(path));
  await page.waitForFunction(() => document.querySelectorAll('table tbody tr').length > 1, null, { timeout: 60_000 });
  await ready(page);
  for (let i = 0; i < 300 && (inFlight > 0 || Date.now() - last < QUIET_MS); i++) await page.waitForTimeout(100);
  return seen;
}

async function signedIn(username: string): Promise<Page> {
  const context = await newContext(browser);
  const page = await context.newPage();
  await signIn(page, username);
  await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  return page;
}

async function token(username: string): Promise<string> {
  const response = await fetch(sandboxUrl('/user/oauth/token'), {
    method: 'POST',
    headers: { Authorization: `Basic ${Buffer.from('backoffice:backoffice-secret').toString('base64')}`, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username, password: 'demo' }),
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

describe('requests for a list screen’s first page', () => {
  it('the estimates list names its advertisers with one request, and asks nothing twice', async () => {
    // The advertiser of the first row (the list is sorted by name, 25 a page), from the services.
    const auth = { Authorization: `Bearer ${await token('sales')}` };
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

  it('the media monitor’s list loads its detections, each asked once', async () => {
    const page = await signedIn('mediamonitor');
    const seen = await firstPage(page, '/media/monitor');
    expect(seen.filter((s) => s.includes('/audit/')).length).toBeGreaterThan(0);
    expect(seen.length - new Set(seen).size).toBe(0);
    await page.context().close();
  });
});
