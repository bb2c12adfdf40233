import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appUrl,
  countRequests,
  launch,
  networkQuiet,
  readRequestBodies,
  sandboxUrl,
  visit,
} from './support/browser';
import { api, apiToken, signedInPage } from './support/session';

/*
 * What a list screen asks the services for its first page (the figures of `npm run
 * bench`), the app bar's unread count included: at most three. The estimates list reads its
 * advertisers' and opportunities' names from one request (the opportunities' short forms carry both),
 * not one per row, and asks nothing twice; the systems list, the advertisers list and the media
 * monitor's list ask for their page alone, their filters' values waiting for a filter to open. The
 * first page is: rows in
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
async function firstPage(
  page: Page,
  path: string,
  ready: (page: Page) => Promise<void> = async () => {},
): Promise<string[]> {
  const sandbox = sandboxUrl();
  const seen: string[] = [];
  // A blank page first: no call of the screen the page showed before is counted as this one's.
  await page.goto('about:blank');
  // Two calls to one address with different bodies are two requests, not one asked twice.
  await readRequestBodies(page);
  countRequests(page);
  page.on('request', (r) => {
    if (r.url().startsWith(sandbox) && r.method() !== 'OPTIONS')
      seen.push(`${r.method()} ${r.url()} ${r.postData() ?? ''}`);
  });
  await page.goto(appUrl(path));
  await page.waitForFunction(() => document.querySelectorAll('table tbody tr').length > 1, null, {
    timeout: 60_000,
  });
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
  it('the estimates list names its advertisers and its opportunities from one request, and asks nothing twice: three requests with the app bar’s', async () => {
    // The advertiser of the first row (the list is sorted by name, 25 a page), from the services.
    const auth = { Authorization: `Bearer ${await apiToken('sales')}` };
    const list = (await (
      await fetch(sandboxUrl('/estimate/estimate/all/page/0/perPage/25/sort/ASC/?sortValue=name'), {
        headers: auth,
      })
    ).json()) as {
      content: Array<{ advertiserId?: number; opportunityId?: number | null }>;
    };
    const opportunities = (await (
      await fetch(sandboxUrl('/opportunity/v1/opportunity/getAllDto'), { headers: auth })
    ).json()) as Array<{ id: number; name: string }>;
    const withOpportunity = list.content.findIndex((e) => e.opportunityId);
    const opportunity = opportunities.find(
      (o) => o.id === list.content[withOpportunity]?.opportunityId,
    )?.name;
    expect(opportunity).toBeTruthy();
    const names = (await (
      await fetch(sandboxUrl('/advertiser/v1/getAdvertiserName'), { headers: auth })
    ).json()) as Array<{ id: number; name: string }>;
    const expected = names.find((a) => a.id === list.content[0].advertiserId)?.name;
    expect(expected).toBeTruthy();
    expect(new Set(list.content.map((e) => e.advertiserId)).size).toBeGreaterThan(1);

    const page = await signedIn('sales');
    const seen = await firstPage(page, '/estimates/manage', async (p) => {
      await p.locator('table tbody tr').first().getByText(expected!).waitFor({ timeout: 30_000 });
      await p
        .locator('table tbody tr')
        .nth(withOpportunity)
        .getByText(opportunity!, { exact: true })
        .waitFor({ timeout: 30_000 });
    });
    // The opportunities' short forms (getAllDto) carry their advertisers' names: every advertiser of
    // the page has an opportunity, so the advertiser service is not asked.
    expect(seen.filter((s) => s.includes('/advertiser/'))).toEqual([]);
    expect(
      seen.filter((s) => s.includes('/opportunity/')).map((s) => new URL(s.split(' ')[1]).pathname),
    ).toEqual(['/opportunity/v1/opportunity/getAllDto']);
    // The page, the names, the app bar's unread count.
    expect(seen.length).toBeLessThanOrEqual(3);
    expect(seen.length - new Set(seen).size).toBe(0);
    await page.context().close();
  });

  it('an estimate whose advertiser has no opportunity shows the advertiser by name: only that advertiser is read from its service', async () => {
    const stamp = Date.now();
    const advertiser = await api<{ id: number; name: string }>('/advertiser/v1/create', {
      method: 'POST',
      body: {
        name: `Inserzionista senza opportunità ${stamp}`,
        vatNumber: String(70000000000 + (stamp % 1_000_000_000)).slice(0, 11),
        email: `senza${stamp}@example.it`,
        businessArea: 'Alimentare',
      },
    });
    const opportunities = await api<Array<{ id: number; advertiserId: number; advertiserName: string }>>(
      '/opportunity/v1/opportunity/getAllDto',
      {
        as: 'sales',
      },
    );
    expect(opportunities.some((o) => o.advertiserId === advertiser.id)).toBe(false);
    const template = (
      await api<Array<{ opportunityId: number; advertiserId: number; salesId: number }>>(
        '/estimate/estimate/getAllDto',
        { as: 'sales' },
      )
    )[0];
    const named = opportunities.find((o) => o.id === template.opportunityId)!;
    // Two estimates found by one search: one of the opportunity's advertiser, one of the new advertiser.
    const save = (advertiserId: number, name: string) =>
      api(
        `/estimate/estimate/save?${new URLSearchParams({ opportunityId: String(template.opportunityId), advertiserId: String(advertiserId), salesId: String(template.salesId) }).toString()}`,
        {
          method: 'POST',
          as: 'sales',
          body: { name, validUntil: '2099-12-31', lines: [] },
        },
      );
    const search = `Zz ${stamp}`;
    await save(named.advertiserId, `${search} con opportunità`);
    await save(advertiser.id, `${search} senza opportunità`);

    const page = await signedIn('sales');
    const seen = await firstPage(
      page,
      `/estimates/manage?${new URLSearchParams({ filter: JSON.stringify({ q: search }) }).toString()}`,
      async (p) => {
        await p
          .locator('table tbody tr')
          .filter({ hasText: 'senza opportunità' })
          .getByText(advertiser.name, { exact: true })
          .waitFor({ timeout: 30_000 });
        await p
          .locator('table tbody tr')
          .filter({ hasText: 'con opportunità' })
          .getByText(named.advertiserName, { exact: true })
          .waitFor({ timeout: 30_000 });
      },
    );
    // The advertiser with an opportunity is named by the opportunities' short forms; only the other is read.
    expect(
      seen.filter((s) => s.includes('/advertiser/')).map((s) => s.split(' ')[1].replace(sandboxUrl(), '')),
    ).toEqual([`/advertiser/v1/getById?id=${advertiser.id}`]);
    await page.context().close();
  });

  it('the systems list asks the systems service for its page only: the lookups wait for the filters or a bulk change', async () => {
    const page = await signedIn('assetmanager');
    const seen = await firstPage(page, '/systems-manage/manage');
    expect(seen.filter((s) => s.includes('/systems/')).map((s) => new URL(s.split(' ')[1]).pathname)).toEqual(
      ['/systems/v1/system/all/page/0/perPage/10'],
    );
    await page.context().close();
  });

  it('the plannings list asks for its page and its campaigns’ names; the configurator’s lookups wait for it to open', async () => {
    const page = await signedIn('admin');
    const seen = await firstPage(page, '/plannings');
    // The app bar's unread count is the layout's, not the list's.
    const own = seen.filter((s) => !s.includes('/planner/v1/notifications'));
    expect(own.filter((s) => s.includes('/circuits/'))).toEqual([]);
    expect(own.length).toBeLessThanOrEqual(3);
    expect(seen.length - new Set(seen).size).toBe(0);
    // Opened, the configurator reads the campaigns and both kinds of circuits.
    const circuits = page.waitForRequest((r) => r.url().includes('/circuits/v1/circuit/byType?type=DOOH'));
    await page.getByRole('button', { name: 'Configura una pianificazione' }).click();
    await circuits;
    await page
      .getByRole('region', { name: 'Nuova pianificazione' })
      .getByRole('combobox', { name: /^Campagna/ })
      .waitFor();
    await page.context().close();
  });

  it('the availability screen asks for its page once, though it is asked for before the screen renders', async () => {
    const page = await signedIn('sales');
    const seen = await firstPage(page, '/availability');
    expect(seen.filter((s) => s.includes('/planner/v1/availability'))).toHaveLength(1);
    // The circuit picker reads the circuits when it is opened, not for the first page.
    expect(seen.filter((s) => s.includes('/circuits/'))).toEqual([]);
    const dooh = page.waitForRequest((r) => r.url().includes('/circuits/v1/circuit/byType?type=DOOH'));
    await page.getByRole('combobox', { name: 'Circuito' }).click();
    await dooh;
    await page.getByRole('listbox').getByRole('option').first().waitFor({ timeout: 30_000 });
    await page.context().close();
  });

  it('with preloadScreens on, the menu’s screens load while the browser is idle: a later move loads no script and asks for its rows once', async () => {
    const { context, page } = await signedInPage(browser, 'assetmanager', '/profile');
    // This stack turns the preload off (support/stack.ts); here the configuration says it as a
    // deployment does by default.
    await context.route('**/config.json', async (route) => {
      const response = await route.fetch();
      await route.fulfill({
        response,
        json: { ...((await response.json()) as object), preloadScreens: true },
      });
    });
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto(appUrl('/profile'));
    // The availability screen is the menu's last link: its code arriving means the others did.
    await expect
      .poll(() => scripts.some((s) => /\/AvailabilityPage-[^/]+\.js$/.test(s)), { timeout: 60_000 })
      .toBe(true);
    await networkQuiet(page, { quietMs: QUIET_MS, timeoutMs: QUIET_LIMIT_MS });
    scripts.length = 0;
    const availability: string[] = [];
    page.on('request', (r) => {
      if (r.url().startsWith(sandboxUrl('/planner/v1/availability'))) availability.push(r.url());
    });
    // A move with no pointer on the way (no preload on intent): the router's own.
    await visit(page, '/availability');
    await page
      .getByRole('table', { name: 'Disponibilità delle facce per periodo' })
      .locator('tbody tr')
      .first()
      .waitFor({ timeout: 60_000 });
    await networkQuiet(page, { quietMs: QUIET_MS, timeoutMs: QUIET_LIMIT_MS, atLimit: 'resolve' });
    expect(scripts).toEqual([]);
    expect(availability).toHaveLength(1);
    await context.close();
  });

  it('the media monitor’s list loads its detections, each asked once: the filters’ values wait for a filter to open', async () => {
    const page = await signedIn('mediamonitor');
    const seen = await firstPage(page, '/media/monitor');
    expect(seen.filter((s) => s.includes('/audit/')).length).toBeGreaterThan(0);
    expect(seen.filter((s) => s.includes('/distinct/'))).toEqual([]);
    // The detections and the app bar's unread count.
    expect(seen.length).toBeLessThanOrEqual(3);
    expect(seen.length - new Set(seen).size).toBe(0);
    // Opened, the brand filter reads the brands and lists them; one picked filters the list.
    const [first] = await api<string[]>('/audit/v1/detection/distinct/brandName', { as: 'mediamonitor' });
    expect(first).toBeTruthy();
    const read = page.waitForRequest((r) => r.url().includes('/audit/v1/detection/distinct/brandName'));
    await page.getByRole('combobox', { name: 'Brand' }).click();
    await read;
    await page.getByRole('listbox').getByRole('option', { name: first, exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('filter') ?? '').toContain(first);
    await page.context().close();
  });

  it('the advertisers list asks for its page alone: the business areas wait for the filter to open, and a filtered address shows its area', async () => {
    const page = await signedIn('sales');
    const seen = await firstPage(page, '/advertisers');
    expect(
      seen.filter((s) => s.includes('/advertiser/')).map((s) => new URL(s.split(' ')[1]).pathname),
    ).toEqual(['/advertiser/v1/allPaginated/page/0/perPage/10']);
    // The page and the app bar's unread count.
    expect(seen.length).toBeLessThanOrEqual(3);
    // Opened, the filter reads the business areas; one picked filters the list.
    const read = page.waitForRequest((r) => r.url().includes('/advertiser/v1/businessArea/all'));
    await page.getByRole('combobox', { name: 'Settore' }).click();
    await read;
    await page.getByRole('listbox').getByRole('option', { name: 'Bevande', exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('filter') ?? '').toContain('Bevande');

    // An address with the filter: the area shows, and its rows, with no read of the areas.
    const filtered = await firstPage(
      page,
      `/advertisers?${new URLSearchParams({ filter: JSON.stringify({ businessArea: 'Bevande' }) }).toString()}`,
    );
    expect(filtered.filter((s) => s.includes('/businessArea/'))).toEqual([]);
    await expect.poll(() => page.getByRole('combobox', { name: 'Settore' }).innerText()).toContain('Bevande');
    const areas = await page.locator('table tbody tr td:nth-child(2)').allInnerTexts();
    expect(new Set(areas.map((t) => t.trim()))).toEqual(new Set(['Bevande']));
    await page.context().close();
  });
});
