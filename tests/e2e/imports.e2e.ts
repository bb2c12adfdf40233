import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, visit } from './support/browser';
import { api, signedInPage } from './support/session';

/*
 * The imports take what the exports write: the systems list's CSV export, downloaded from the
 * screen, goes back in through the import screen; a file with mistakes gets every one listed.
 */

let browser: Browser;
let context: BrowserContext;
let page: Page;
let exported = '';

interface System {
  code: string;
  name: string;
  mediaOwners?: unknown[];
  area?: unknown;
  lease?: unknown;
}

const SCREENSHOTS = path.resolve('.e2e', 'screenshots');

beforeAll(async () => {
  browser = await launch();
  ({ context, page } = await signedInPage(browser, 'assetmanager'));
  await page.setViewportSize({ width: 1280, height: 720 });
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

/** The CSV's cells, `;`-separated as the exports write them (no cell of these rows is quoted). */
const csvLines = (text: string) => text.replace(/^\uFEFF/, '').trimEnd().split('\r\n').map((l) => l.split(';'));
const csvText = (lines: string[][]) => `\uFEFF${lines.map((l) => l.join(';')).join('\r\n')}\r\n`;

async function importFile(name: string, content: string | Buffer) {
  await visit(page, '/systems-manage/manage/import');
  await page.getByTestId('import-input').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(content) });
  await page.getByTestId('import-result').waitFor({ timeout: 60_000 });
}

describe('imports take what exports write', () => {
  it('exports a filtered part of the systems list from the screen and imports the downloaded file back', async () => {
    const { content } = await api<{ content: System[] }>('/systems/v1/system/all/page/0/perPage/100?type=ALL', { as: 'assetmanager' });
    const system = content.find((s) => s.mediaOwners?.length && s.area && s.lease && !/[;"]/.test(s.name))!;
    expect(system).toBeTruthy();
    await visit(page, '/systems-manage/manage');
    const search = page.getByRole('combobox', { name: /Cerca impianti/ });
    await search.fill(system.code);
    await search.press('Escape');
    await search.press('Enter');
    await expect.poll(() => page.getByRole('cell', { name: system.code, exact: true }).count(), { timeout: 30_000 }).toBe(1);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Esporta', exact: true }).click()]);
    exported = readFileSync(await download.path(), 'utf8');
    const lines = csvLines(exported);
    expect(lines[0]).toEqual(expect.arrayContaining(['Codice', 'Tipologia', 'Stato', 'Comune', 'Concessionarie', 'Area', 'Locazione']));
    expect(lines.slice(1).map((l) => l[0])).toContain(system.code);

    await importFile(download.suggestedFilename(), exported);
    await expect.poll(() => page.getByTestId('import-result').textContent(), { timeout: 30_000 }).toMatch(/Importazione completata: 0 creati, \d+ aggiornati/);
    expect(await page.getByTestId('import-mistakes').count()).toBe(0);
  });

  it('imports a file with mistakes and lists every one of them, row, column, value and problem', async () => {
    const lines = csvLines(exported);
    const col = (header: string) => lines[0].indexOf(header);
    const one = [...lines[1]];
    one[col('Stato')] = 'Rotto';
    one[col('Comune')] = 'Paese Inesistente';
    const two = [...lines[1]];
    two[col('Codice')] = '';
    two[col('Concessionarie')] = 'Concessionaria Che Non Esiste';
    await importFile('impianti_con_errori.csv', csvText([lines[0], one, two]));
    await expect.poll(() => page.getByTestId('import-result').textContent(), { timeout: 30_000 }).toContain('nessun impianto importato');
    const list = page.getByTestId('import-mistakes');
    expect(await list.getByRole('heading').textContent()).toBe('Errori da correggere: 2 righe');
    const mistakes = page.locator('[data-rejected-row]');
    expect(await mistakes.count()).toBe(3);
    const texts = await mistakes.allTextContents();
    expect(texts[0]).toMatch(/^2StatoRotto.*non è uno stato/);
    expect(texts[1]).toMatch(/^ComunePaese Inesistente.*non trovato/);
    expect(texts[2]).toMatch(/^3ConcessionarieConcessionaria Che Non Esiste.*non è tra le concessionarie/);
    // The list takes the focus, so the keyboard reaches and scrolls it at once.
    const region = list.getByRole('region');
    expect(await region.evaluate((el) => el === document.activeElement && el.tabIndex === 0)).toBe(true);
    // The corrected file can be uploaded at once.
    expect(await page.getByTestId('import-input').evaluate((el) => el.closest('label')?.classList.contains('Mui-disabled'))).toBe(false);
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SCREENSHOTS, 'imports-mistakes.png') });
  });
});
