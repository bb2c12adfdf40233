#!/usr/bin/env node
/*
 * Scale figures of the systems screens, against a large-seed sandbox (20,000
 * systems) and the app's dev server, both started here on their own ports, driven by Debian's
 * chromium through playwright-core. Prints figures only (no pass/fail on timings):
 *   - marker elements on /systems-manage/map (clustered with supercluster),
 *   - rows in the DOM for the size-9999 filtered search (virtualized table),
 *   - requests made to show the first page of /systems-manage/manage (and any duplicates).
 * Usage: node scripts/bench-systems.mjs [--sandbox-port 8831] [--app-port 5231] [--seed large|small] [--json]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { SERVICES } from './services.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const SANDBOX_PORT = Number(arg('sandbox-port', process.env.BENCH_SYSTEMS_SANDBOX_PORT ?? 8831));
const APP_PORT = Number(arg('app-port', process.env.BENCH_SYSTEMS_APP_PORT ?? 5231));
const SEED = arg('seed', 'large');

const bin = (name) => path.join(ROOT, 'node_modules', '.bin', name);
const sandboxUrl = `http://127.0.0.1:${SANDBOX_PORT}`;
const appUrl = `http://127.0.0.1:${APP_PORT}`;
const log = (...a) => console.error('[bench-systems]', ...a);

async function waitFor(url, ms, child) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (child.exitCode !== null) throw new Error(`${url}: the process ended (${child.exitCode})`);
    try {
      const r = await fetch(url);
      if (r.ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`${url} did not answer within ${ms / 1000} s`);
}

function stop(child) {
  return new Promise((resolve) => {
    if (!child || child.exitCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
    setTimeout(() => child.exitCode === null && child.kill('SIGKILL'), 5000);
  });
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-systems-'));
const children = [];
const started = Date.now();
const sandbox = spawn(bin('tsx'), ['sandbox/main.ts', '--data-dir', dataDir, '--port', String(SANDBOX_PORT), '--seed', SEED], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
children.push(sandbox);
const app = spawn(bin('vite'), ['--host', '127.0.0.1', '--port', String(APP_PORT), '--strictPort'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
children.push(app);

let browser;
try {
  log(`starting the sandbox (seed ${SEED}) on ${SANDBOX_PORT} and the app on ${APP_PORT}…`);
  await Promise.all([waitFor(`${sandboxUrl}/health`, 1_200_000, sandbox), waitFor(`${appUrl}/config.json`, 180_000, app)]);
  log(`stack ready in ${Math.round((Date.now() - started) / 1000)} s`);

  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'] });
  const context = await browser.newContext({ locale: 'it-IT', viewport: { width: 1366, height: 900 } });
  const hosts = Object.fromEntries(SERVICES.map((s) => [s, `${sandboxUrl}/${s}`]));
  await context.route('**/config.json', (route) =>
    route.fulfill({ contentType: 'application/json', body: JSON.stringify({ environment: 'dev', hosts: { dev: hosts }, companyPrefix: 'company', opportunityFallbackHost: `${sandboxUrl}/opportunity`, tileUrl: '' }) }),
  );
  const page = await context.newPage();
  await page.goto(`${appUrl}/login`);
  await page.getByLabel(/nome utente/i).fill('admin');
  await page.getByLabel(/password/i).first().fill('demo');
  await page.getByRole('button', { name: /accedi/i }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 60_000 });

  // 1. Requests to show the first list page.
  const requests = [];
  const onRequest = (r) => {
    if (r.url().startsWith(sandboxUrl) && r.method() !== 'OPTIONS') requests.push(`${r.method()} ${r.url().slice(sandboxUrl.length)}`);
  };
  await page.goto(`${appUrl}/test`).catch(() => {});
  page.on('request', onRequest);
  await page.goto(`${appUrl}/systems-manage/manage`);
  // The dev server compiles the screen on its first visit: slow on a busy machine.
  await page.locator('table tbody tr.RaDataTable-row').first().waitFor({ timeout: 180_000 });
  await page.waitForTimeout(1500);
  page.off('request', onRequest);
  const systemRequests = requests.filter((r) => r.includes('/systems/'));
  const duplicates = systemRequests.filter((r, i) => systemRequests.indexOf(r) !== i);
  const total = await page.locator('.MuiTablePagination-displayedRows').textContent().catch(() => '');

  // 2. The size-9999 filtered search: rows in the DOM.
  await page.getByRole('button', { name: 'Filtri' }).click();
  await page.getByRole('combobox', { name: 'Stato' }).click();
  // The search by status (the panel's other filters are empty): its answer, then its rows.
  const filtered = page.waitForResponse((r) => r.url().includes('/system/search/params') && /active/.test(r.request().postData() ?? ''), { timeout: 120_000 });
  await page.getByRole('option', { name: 'Attivo', exact: true }).click();
  await page.keyboard.press('Escape');
  const { totalElements } = await (await filtered).json();
  await page.getByTestId('systems-count').filter({ hasText: String(totalElements) }).waitFor({ timeout: 120_000 });
  await page.getByTestId('systems-virtual').locator('tbody tr:not([aria-hidden])').first().waitFor({ timeout: 120_000 });
  const found = await page.getByTestId('systems-count').textContent();
  const rowsInDom = await page.getByTestId('systems-virtual').locator('tbody tr:not([aria-hidden])').count();
  await page.getByTestId('systems-virtual').evaluate((el) => el.scrollTo(0, el.scrollHeight / 2));
  await page.waitForTimeout(300);
  const rowsAfterScroll = await page.getByTestId('systems-virtual').locator('tbody tr:not([aria-hidden])').count();

  // 3. The map: marker elements after the first viewport load (Italy).
  const answer = page.waitForResponse((r) => r.url().includes('/system/inAreaList'), { timeout: 120_000 });
  await page.goto(`${appUrl}/systems-manage/map`);
  const markersLoaded = ((await (await answer).json()) ?? []).length;
  await page.locator('.system-cluster, .system-marker').first().waitFor({ timeout: 60_000 });
  await page.waitForTimeout(1000);
  const markerElements = await page.locator('.leaflet-marker-icon').count();
  // Zoom in twice on the centre (a closer look at one area).
  await page.getByRole('button', { name: 'Ingrandisci' }).click();
  await page.getByRole('button', { name: 'Ingrandisci' }).click();
  await page.waitForResponse((r) => r.url().includes('/system/inAreaList'), { timeout: 30_000 }).catch(() => {});
  await page.waitForTimeout(1000);
  const markerElementsZoomed = await page.locator('.leaflet-marker-icon').count();

  const figures = {
    seed: SEED,
    listFirstPage: { requestsToSystems: systemRequests.length, requests: systemRequests, duplicates, allSandboxRequests: requests.length, pagination: total },
    filteredSearch: { found, rowsInDom, rowsInDomAfterScroll: rowsAfterScroll },
    map: { markersLoadedForViewport: markersLoaded, markerElements, markerElementsAfterZoomingIn: markerElementsZoomed },
  };
  if (process.argv.includes('--json')) console.log(JSON.stringify(figures, null, 2));
  else {
    console.log(`systems bench (seed ${SEED})`);
    console.log(`  list first page: ${systemRequests.length} request(s) to the systems service${duplicates.length ? `, duplicates: ${duplicates.join(', ')}` : ', no duplicates'} (${requests.length} to the sandbox in all)`);
    for (const r of systemRequests) console.log(`    ${r}`);
    console.log(`  filtered search (size 9999): ${found}; ${rowsInDom} rows in the DOM (${rowsAfterScroll} after scrolling to the middle)`);
    console.log(`  map: ${markersLoaded} markers in the viewport → ${markerElements} marker elements (${markerElementsZoomed} after zooming in twice)`);
  }
} catch (error) {
  log(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  await browser?.close();
  await Promise.all(children.map(stop));
  rmSync(dataDir, { recursive: true, force: true });
}
