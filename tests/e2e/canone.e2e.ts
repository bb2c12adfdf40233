import { mkdirSync, readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, visit } from './support/browser';
import { api, signedInPage } from './support/session';

/*
 * «Canone unico» at 1280×720: last year's summary (picked on screen) shows each municipality with its amount, as the
 * service computes it; the CSV export holds the same rows; a municipality opens its faces; the
 * admin edits a municipality's rates from the rates tab.
 */

interface Row {
  municipalityIstat: string;
  municipality: string;
  province: string;
  faces: number;
  litFaces: number;
  totalSurface: number;
  litSurface: number;
  exposureDays: number;
  amount: number;
  ratesMissing: boolean;
}

const SHOTS = '.e2e/screenshots';
// Last year, picked on screen: other files book faces from today on, never in the past.
const YEAR = new Date().getFullYear() - 1;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[] = [];
let summary: {
  rows: Row[];
  totals: Omit<Row, 'municipalityIstat' | 'municipality' | 'province' | 'ratesMissing'>;
};
const money = (n: number) =>
  new Intl.NumberFormat('it-IT', {
    style: 'currency',
    currency: 'EUR',
    useGrouping: 'always',
    maximumFractionDigits: 2,
  } as Intl.NumberFormatOptions).format(n);
const main = () => page.locator('#main-content');

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launch();
  ({ context, page, errors } = await signedInPage(browser, 'admin'));
  await page.setViewportSize({ width: 1280, height: 720 });
  summary = await api(`/frame/v1/canoneUnico/summary?year=${YEAR}`);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('canone unico', () => {
  it('shows each municipality of the year with its amount, and the total', async () => {
    const due = summary.rows.find((r) => !r.ratesMissing && r.amount > 0);
    expect(due, 'the seed owes a canone somewhere this year').toBeDefined();
    await visit(page, '/canone-unico');
    await page.getByRole('heading', { level: 1, name: 'Canone unico' }).waitFor();
    await main().getByRole('combobox', { name: 'Anno' }).click();
    await page.getByRole('option', { name: String(YEAR), exact: true }).click();
    const table = main().getByRole('table', { name: `Canone unico ${YEAR} per comune` });
    await table.waitFor();
    const row = table.locator(`tr[data-municipality="${due!.municipality}"]`);
    await expect.poll(() => row.locator('td').last().textContent()).toBe(money(due!.amount));
    expect(await table.locator('tbody tr').count()).toBe(summary.rows.length);
    await expect
      .poll(() => table.locator('tfoot td').last().textContent())
      .toBe(money(summary.totals.amount));
    await page.screenshot({ path: `${SHOTS}/canone-unico.png` });
    expect(errors).toEqual([]);
  });

  it('exports the same rows as CSV', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      main().getByRole('button', { name: 'Esporta CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`canone_unico_${YEAR}.csv`);
    const lines = readFileSync(await download.path(), 'utf8')
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Comune;Provincia;Facce;Facce luminose;Superficie (m²);Superficie luminosa (m²);Giorni di esposizione;Importo',
    );
    const number = (n: number) => String(n).replace('.', ',');
    const sorted = [...summary.rows].sort((a, b) => a.municipality.localeCompare(b.municipality, 'it'));
    expect(lines.slice(1)).toEqual(
      sorted.map((r) =>
        [
          r.municipality,
          r.province,
          r.faces,
          r.litFaces,
          r.totalSurface,
          r.litSurface,
          r.exposureDays,
          r.amount,
        ]
          .map((c) => (typeof c === 'number' ? number(c) : c))
          .join(';'),
      ),
    );
  });

  it('opens a municipality’s faces, names never ids', async () => {
    const due = summary.rows.find((r) => !r.ratesMissing && r.amount > 0)!;
    await main()
      .getByRole('button', { name: `Mostra le facce di ${due.municipality}` })
      .click();
    const faces = page
      .getByRole('dialog')
      .getByRole('table', { name: `Facce di ${due.municipality} nel ${YEAR}` });
    await faces.waitFor();
    await expect.poll(() => faces.locator('tbody tr').count()).toBe(due.faces);
    const first = await faces.locator('tbody tr').first().locator('td').first().textContent();
    expect(first).toMatch(/^[A-Z]{2}-\d{4,} /);
    await page.screenshot({ path: `${SHOTS}/canone-unico-faces.png` });
    await page.getByRole('dialog').getByRole('button', { name: 'Chiudi' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  });

  it('the admin edits a municipality’s rates, and the amount follows', async () => {
    const due = summary.rows.find((r) => !r.ratesMissing && r.amount > 0)!;
    const rates = await api<
      Array<{ municipalityIstat: string; annualRate: number; dailyRate: number; litMultiplier: number }>
    >('/frame/v1/canoneUnico/rates');
    const before = rates.find((r) => r.municipalityIstat === due.municipalityIstat)!;
    await main().getByRole('tab', { name: 'Tariffe dei comuni' }).click();
    await main()
      .getByRole('button', { name: `Modifica le tariffe di ${due.municipality}` })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await page.screenshot({ path: `${SHOTS}/canone-unico-rates.png` });
    const multiplier = dialog.getByLabel('Moltiplicatore luminose');
    await multiplier.fill('0.5');
    await dialog.getByRole('button', { name: 'Salva' }).click();
    // Under 1 is refused under the field, nothing sent.
    await dialog.getByText('Deve essere almeno 1').waitFor();
    await multiplier.fill(String(before.litMultiplier));
    const annual = dialog.getByLabel('Tariffa annua (€/m²)');
    await annual.fill(String(before.annualRate + 1));
    await dialog.getByRole('button', { name: 'Salva' }).click();
    await dialog.waitFor({ state: 'detached' });
    const after = await api<Array<{ municipalityIstat: string; annualRate: number }>>(
      '/frame/v1/canoneUnico/rates',
    );
    expect(after.find((r) => r.municipalityIstat === due.municipalityIstat)!.annualRate).toBe(
      before.annualRate + 1,
    );
    // The summary, opened again, shows the amount at the new rate.
    const now = (await api<{ rows: Row[] }>(`/frame/v1/canoneUnico/summary?year=${YEAR}`)).rows.find(
      (r) => r.municipalityIstat === due.municipalityIstat,
    )!;
    expect(now.amount).not.toBe(due.amount);
    await main().getByRole('tab', { name: 'Riepilogo per comune' }).click();
    // The year picked stays picked.
    await expect.poll(() => main().getByRole('combobox', { name: 'Anno' }).textContent()).toBe(String(YEAR));
    const row = main().locator(`tr[data-municipality="${due.municipality}"]`);
    await expect.poll(() => row.locator('td').last().textContent()).toBe(money(now.amount));
    // Put the rates back for the other files.
    await api(`/frame/v1/canoneUnico/rates/${due.municipalityIstat}`, {
      method: 'PUT',
      body: {
        annualRate: before.annualRate,
        dailyRate: before.dailyRate,
        litMultiplier: before.litMultiplier,
      },
    });
    expect(errors).toEqual([]);
  });
});
