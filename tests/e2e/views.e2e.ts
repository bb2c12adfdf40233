import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, launch, newContext, networkQuiet, signIn } from './support/browser';
import { signedInPage } from './support/session';
import { ROOT } from './support/stack';

/*
 * Lists people shape: the column chooser (kept after a reload), saved views that follow the user
 * to a new browser, a period filter checked on its field, and the detections table at laptop size.
 */

const SCREENSHOTS = process.env.SCREENSHOTS_DIR ?? path.join(ROOT, '.e2e', 'screenshots');
const LAPTOP = { width: 1280, height: 720 };

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
});

const nav = (page: Page) => page.getByRole('navigation', { name: 'Navigazione principale' });
const columnHead = (page: Page, name: string) => page.locator('thead th').filter({ hasText: new RegExp(`^${name}$`) });

/** A new browser (no storage at all) signed in through the form. */
async function freshBrowserSignedIn(username: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, { viewport: LAPTOP });
  const page = await context.newPage();
  await signIn(page, username);
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: 60_000 });
  await nav(page).waitFor({ timeout: 60_000 });
  return { context, page };
}

async function screenshot(page: Page, name: string) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  // An open popover is shown once its grow transition has ended.
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLElement>('.MuiPopover-paper')]
      .filter((paper) => getComputedStyle(paper.closest('.MuiPopover-root') ?? paper).visibility !== 'hidden')
      .every((paper) => getComputedStyle(paper).opacity === '1'),
  );
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });
}

async function openSystems(page: Page, query = '') {
  await page.goto(appUrl(`/systems-manage/manage${query}`));
  await page.locator('tbody tr').first().waitFor({ timeout: 60_000 });
}

describe('the column chooser', () => {
  it('hides a column of the systems list, and the column stays hidden after a reload', async () => {
    const { context, page } = await signedInPage(browser, 'assetmanager');
    await page.setViewportSize(LAPTOP);
    await openSystems(page);
    await expect.poll(() => columnHead(page, 'Provincia').count()).toBe(1);

    await page.getByRole('button', { name: 'Colonne' }).click();
    const toggle = page.getByRole('option', { name: 'Provincia' }).getByRole('switch');
    await toggle.waitFor();
    await screenshot(page, 'views-columns-chooser');
    await toggle.click();
    await page.keyboard.press('Escape');
    await expect.poll(() => columnHead(page, 'Provincia').count()).toBe(0);

    await page.reload();
    await page.locator('tbody tr').first().waitFor({ timeout: 60_000 });
    expect(await columnHead(page, 'Nome').count()).toBe(1);
    expect(await columnHead(page, 'Provincia').count()).toBe(0);

    // Shown again for the other tests.
    await page.getByRole('button', { name: 'Colonne' }).click();
    await page.getByRole('option', { name: 'Provincia' }).getByRole('switch').click();
    await page.keyboard.press('Escape');
    await expect.poll(() => columnHead(page, 'Provincia').count()).toBe(1);
    await context.close();
  });
});

describe('saved views', () => {
  it('a view saved in one browser comes back after signing out and in again in a new browser', async () => {
    const name = `Impianti DOOH per nome ${Date.now()}`;
    const first = await freshBrowserSignedIn('assetmanager');
    const page = first.page;
    // DOOH systems, sorted by name downwards, without the area column.
    await openSystems(page, `?filter=${encodeURIComponent(JSON.stringify({ type: 'DOOH' }))}&sort=name&order=DESC`);
    await page.getByRole('button', { name: 'Colonne' }).click();
    await page.getByRole('option', { name: 'Area' }).getByRole('switch').click();
    await page.keyboard.press('Escape');
    await expect.poll(() => columnHead(page, 'Area').count()).toBe(0);

    await page.getByRole('button', { name: 'Viste' }).click();
    await page.getByRole('button', { name: 'Salva vista corrente…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Salva la vista corrente' });
    await dialog.getByLabel('Nome della vista').fill(name);
    await dialog.getByRole('button', { name: 'Salva' }).click();
    await page.getByText(`Vista «${name}» salvata`).waitFor();
    // The same name again is refused under the field, and nothing else is saved.
    await page.getByRole('button', { name: 'Viste' }).click();
    await page.getByRole('button', { name: 'Salva vista corrente…' }).click();
    await dialog.getByLabel('Nome della vista').fill(name.toUpperCase());
    await dialog.getByRole('button', { name: 'Salva' }).click();
    await dialog.getByText(`Esiste già una vista «${name.toUpperCase()}» per questo elenco`).waitFor();
    await dialog.getByRole('button', { name: 'Annulla' }).click();

    await page.getByRole('button', { name: 'Menu utente' }).click();
    await page.getByRole('menuitem', { name: 'Esci' }).click();
    // /logout ends the session on the server and shows the sign-in form.
    await page.waitForURL((url) => url.pathname === '/logout' || url.pathname === '/login', { timeout: 30_000 });
    await page.getByRole('button', { name: /accedi/i }).waitFor({ timeout: 30_000 });
    await first.context.close();

    const second = await freshBrowserSignedIn('assetmanager');
    const again = second.page;
    await openSystems(again);
    // A new browser starts from the list's defaults: every column, no filter.
    expect(await columnHead(again, 'Area').count()).toBe(1);
    await again.getByRole('button', { name: 'Viste' }).click();
    const menu = again.getByRole('dialog', { name: 'Viste salvate' });
    await menu.getByRole('button', { name, exact: true }).waitFor();
    await screenshot(again, 'views-saved-menu');
    await menu.getByRole('button', { name, exact: true }).click();

    await expect.poll(() => columnHead(again, 'Area').count()).toBe(0);
    await expect.poll(() => new URL(again.url()).searchParams.get('filter')).toBe(JSON.stringify({ type: 'DOOH' }));
    expect(new URL(again.url()).searchParams.get('sort')).toBe('name');
    expect(new URL(again.url()).searchParams.get('order')).toBe('DESC');
    // The rows of the view's filter replace the list's first rows.
    await expect.poll(async () => [...new Set(await again.locator('tbody tr td:nth-child(4)').allInnerTexts())], { timeout: 30_000 }).toEqual(['DOOH']);

    // Deleted from the menu: gone from it.
    await again.getByRole('button', { name: 'Viste' }).click();
    await menu.getByRole('button', { name: `Elimina la vista «${name}»` }).click();
    await again.getByText(`Vista «${name}» eliminata`).waitFor();
    await expect.poll(() => menu.getByRole('button', { name, exact: true }).count()).toBe(0);
    await again.keyboard.press('Escape');
    // The column shown again, so the store of this browser is as it found it.
    await again.getByRole('button', { name: 'Colonne' }).click();
    await again.getByRole('option', { name: 'Area' }).getByRole('switch').click();
    await second.context.close();
  });
});

describe('a period filter checked on its field', () => {
  it('an end before the start shows the message under the field and sends no request', async () => {
    const { context, page } = await signedInPage(browser, 'mediamonitor', '/media/monitor');
    await page.setViewportSize(LAPTOP);
    const end = page.getByLabel('Al', { exact: true });
    await end.waitFor({ timeout: 60_000 });
    await networkQuiet(page);
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/audit/')) sent.push(request.url());
    });
    await end.fill('2020-01-01');
    const field = page.locator('.MuiFormControl-root').filter({ has: end });
    await field.getByText('La data di fine non può precedere la data di inizio').waitFor();
    await screenshot(page, 'views-period-inverted');
    await networkQuiet(page, { quietMs: 1500 });
    expect(sent.filter((url) => url.includes('2020-01-01'))).toEqual([]);
    // No error banner nor toast: the list stays as it was.
    expect(await page.getByRole('alert').filter({ hasText: /errore|non valid/i }).count()).toBe(0);
    expect(await page.locator('tbody tr').count()).toBeGreaterThan(0);
    await context.close();
  });
});

describe('the outbox\'s sent period, checked on its field', () => {
  it('an "until" before the "from" shows the message under the field and sends no request', async () => {
    const { context, page } = await signedInPage(browser, 'admin', '/settings/outbox');
    await page.setViewportSize(LAPTOP);
    await page.getByRole('table', { name: 'Posta in uscita' }).waitFor({ timeout: 60_000 });
    for (const filter of ['Inviate dal', 'Inviate fino al']) {
      await page.getByRole('button', { name: 'Aggiungi filtro' }).click();
      await page.getByRole('menuitemcheckbox', { name: filter }).click();
    }
    await page.getByLabel('Inviate dal').fill('2026-03-10T10:00');
    await networkQuiet(page, { quietMs: 800 });
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/mail/')) sent.push(decodeURIComponent(request.url()));
    });
    const until = page.getByLabel('Inviate fino al');
    await until.fill('2026-03-01T10:00');
    const field = page.locator('.MuiFormControl-root').filter({ has: until });
    await field.getByText('La data di fine non può precedere la data di inizio').waitFor();
    await networkQuiet(page, { quietMs: 1500 });
    expect(sent.filter((url) => url.includes('sentAt_lte'))).toEqual([]);
    await context.close();
  });
});

describe('the detections table at laptop size', () => {
  it('fits 1280×720: neither the page nor the table scrolls sideways', async () => {
    const { context, page } = await signedInPage(browser, 'mediamonitor', '/media/monitor');
    await page.setViewportSize(LAPTOP);
    await page.locator('tbody tr').first().waitFor({ timeout: 60_000 });
    await networkQuiet(page);
    await screenshot(page, 'views-detections-1280');
    const sizes = await page.evaluate(() => {
      const wrapper = document.querySelector('.RaDataTable-tableWrapper') as HTMLElement;
      return {
        page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        table: wrapper.scrollWidth - wrapper.clientWidth,
      };
    });
    expect(sizes).toEqual({ page: 0, table: 0 });
    await context.close();
  });
});
