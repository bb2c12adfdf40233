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

describe('the detections\' export goes back in through their import screen', () => {
  // A day of this file's own, so the rows imported twice meet no other file's counts.
  const DAY = '2012-02-14';
  const filter = encodeURIComponent(JSON.stringify({ dateStart: DAY, dateEnd: DAY }));
  const inDay = () => api<unknown[]>(`/audit/v1/detection/byRangeDate?dateStart=${DAY}&dateEnd=${DAY}`, { as: 'mediamonitor' });
  let monitor: { context: BrowserContext; page: Page };
  let file = '';

  beforeAll(async () => {
    const agents = await api<Array<{ id: number }>>('/audit/v1/detection/agent/allNameAndSurname', { as: 'mediamonitor' });
    if ((await inDay()).length === 0) {
      for (const [n, lead] of [[1, undefined], [2, 'contacted']] as const) {
        const created = await api<{ auditId: number }>('/audit/v1/detection/save', {
          method: 'POST',
          as: 'mediamonitor',
          body: { detectionDate: DAY, mediaOwner: 'Urban Media Italia', brandName: `Marca Import ${n}`, subject: 'Ritorno', municipality: 'Roma', format: '6x3', ...(n === 1 ? { agentId: agents[0].id } : {}) },
        });
        if (lead) await api(`/audit/v1/detection/updateDetectionNewLead/${created.auditId}`, { method: 'PUT', as: 'mediamonitor', body: { leadStatus: lead } });
      }
    }
    monitor = await signedInPage(browser, 'mediamonitor');
    await monitor.page.setViewportSize({ width: 1280, height: 720 });
  }, 180_000);

  afterAll(async () => {
    await monitor?.context.close();
  });

  async function importDetections(name: string, content: string) {
    await visit(monitor.page, '/media/monitor/import');
    await monitor.page.getByLabel('Scegli il file da importare').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(content) });
    await monitor.page.getByRole('button', { name: 'Importa', exact: true }).click();
  }

  it('exports a day\'s detections from the list and imports the downloaded file back, every row', async () => {
    const before = (await inDay()).length;
    expect(before).toBeGreaterThan(0);
    const { page: p } = monitor;
    await p.goto(`${new URL(p.url()).origin}/media/monitor?filter=${filter}`);
    await expect.poll(() => p.locator('tbody tr').count(), { timeout: 60_000 }).toBe(before);
    const [download] = await Promise.all([p.waitForEvent('download'), p.getByRole('button', { name: 'Esporta', exact: true }).click()]);
    file = readFileSync(await download.path(), 'utf8');
    const lines = csvLines(file);
    expect(lines[0]).toEqual(expect.arrayContaining(['Data', 'Agente', 'Stato lead']));
    expect(lines).toHaveLength(before + 1);
    // Italian dates in the file.
    expect(lines.slice(1).every((l) => l[lines[0].indexOf('Data')] === DAY.split('-').reverse().join('/'))).toBe(true);

    await importDetections(download.suggestedFilename(), file);
    await p.getByText(before === 1 ? 'Importata 1 rilevazione' : `Importate ${before} rilevazioni`).first().waitFor({ timeout: 60_000 });
    expect((await inDay()).length).toBe(before * 2);
  });

  it('a file with mistakes: every mistake of every row listed, the agent reference among them, nothing imported', async () => {
    const lines = csvLines(file);
    const col = (header: string) => lines[0].indexOf(header);
    const one = [...lines[1]];
    one[col('Data')] = '31/02/2012';
    one[col('Agente')] = 'Agente Che Non Esiste';
    const two = [...lines[1]];
    two[col('Stato lead')] = 'Forse';
    const before = (await inDay()).length;
    await importDetections('rilevazioni_con_errori.csv', csvText([lines[0], one, two]));
    const list = monitor.page.getByTestId('import-mistakes');
    await list.waitFor({ timeout: 60_000 });
    expect(await list.getByRole('heading').textContent()).toBe('Errori da correggere: 2 righe');
    const texts = await monitor.page.locator('[data-rejected-row]').allTextContents();
    expect(texts).toHaveLength(3);
    expect(texts[0]).toMatch(/^2Data31\/02\/2012.*non è una data/);
    expect(texts[1]).toMatch(/^AgenteAgente Che Non Esiste.*non è tra gli agenti/);
    expect(texts[2]).toMatch(/^3Stato leadForse.*non è uno stato del lead/);
    expect((await inDay()).length).toBe(before);
  });
});
