import { readFileSync } from 'node:fs';
import { PDFDocument } from 'pdf-lib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, chooseOption, launch, newContext, signIn, visit, watchErrors } from './support/browser';
import { signedInPage } from './support/session';
import { pdfPages } from '../support/pdfText';

/*
 * VENDITE as a sales user: an advertiser (a duplicate refused with the message) with its logo, an
 * estimate started from an opportunity with a product of a price list, its commission, its PDF
 * (a formal offer: seller, client, validity, the line, page numbers), a status change, a share whose link opens in a fresh browser without
 * signing in; an asset manager cannot open these routes.
 */

let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[] = [];
const STAMP = Date.now() % 1000000;
const NAME = `E2E Pasticceria Lombarda ${STAMP} S.r.l.`;
const VAT = String(90000000000 + STAMP).slice(0, 11);
let estimateUrl = '';
let shareLink = '';

// A 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

async function pick(label: RegExp, option: RegExp | string) {
  await chooseOption(page, page.getByRole('combobox', { name: label }).last(), option);
}

beforeAll(async () => {
  browser = await launch();
  ({ context, page, errors } = await signedInPage(browser, 'sales'));
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('sales: advertiser, estimate, PDF, status, share', () => {
  it('refuses a duplicate advertiser as the user types, then creates a new one', async () => {
    await visit(page, '/advertisers');
    await page.getByRole('button', { name: 'Nuovo inserzionista' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/Ragione sociale/).fill('Torrefazione Milanese S.r.l.');
    await expect(dialog.getByText('Esiste già un inserzionista con questa ragione sociale').waitFor({ timeout: 10000 })).resolves.toBeUndefined();
    await dialog.getByLabel(/Ragione sociale/).fill(NAME);
    await dialog.getByText('Esiste già un inserzionista con questa ragione sociale').waitFor({ state: 'detached', timeout: 10000 });
    await pick(/Settore/, 'Alimentare');
    await dialog.getByLabel(/Partita IVA/).fill(VAT);
    await dialog.getByLabel(/^E-mail/).first().fill(`info${STAMP}@pasticcerialombarda.it`);
    await dialog.getByRole('button', { name: 'Salva' }).click();
    await page.waitForURL(/\/advertisers\/\d+$/, { timeout: 15000 });
    await page.getByRole('heading', { name: NAME }).waitFor();
  });

  it('uploads the logo', async () => {
    await page.getByTestId('advertiser-logo-input').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await page.getByTestId('advertiser-logo').waitFor({ timeout: 15000 });
  });

  it('starts an estimate from an opportunity, adds a product of a price list and sees the commission', async () => {
    await visit(page, '/opportunities?id=21');
    await page.getByRole('link', { name: 'Nuovo preventivo' }).click();
    await page.waitForURL(/\/estimates\/manage\?create&opportunityId=21/);
    try {
      await expect.poll(() => page.locator('input[name="name"]').inputValue(), { timeout: 20000 }).toContain('Preventivo');
      await page.getByRole('button', { name: 'Aggiungi' }).first().click();
      await pick(/^Listino/, 'Listino OOH 2026');
      await pick(/^Prodotto/, 'Poster 6x3 Milano centro');
      await expect.poll(() => page.locator('input[name="lines.0.unitPrice"]').inputValue()).not.toBe('');
      await page.locator('input[name="lines.0.quantity"]').fill('10');
      await page.locator('input[name="lines.0.discountPercent"]').fill('15');
      await page.getByRole('button', { name: 'Salva' }).click();
    } catch (error) {
      await page.screenshot({ path: '.e2e/screenshots/sales-estimate-create.png', fullPage: true });
      console.log('page errors:', errors.join('\n'));
      throw error;
    }
    await page.waitForURL(/\/estimates\/manage\?id=\d+/, { timeout: 15000 });
    estimateUrl = page.url();
    await page.getByTestId('commission-amount').waitFor({ timeout: 10000 });
    expect(await page.getByTestId('commission-rule').textContent()).toMatch(/provvigione 8%/);
  });

  it('downloads the PDF, a formal offer holding the seller, the client, the validity, the line and the page numbers', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Scarica PDF' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^preventivo-\d+\.pdf$/);
    const bytes = readFileSync((await download.path())!);
    const pdf = await PDFDocument.load(bytes);
    const pages = await pdfPages(bytes);
    expect(pages).toHaveLength(pdf.getPageCount());
    const seller = (JSON.parse(readFileSync('public/config.json', 'utf8')) as { company: { name: string; vatNumber: string } }).company;
    expect(pages[0]).toContain(seller.name);
    expect(pages[0]).toContain(`P.IVA ${seller.vatNumber}`);
    // The client block is the opportunity's advertiser, with its VAT number.
    expect(pages[0]).toMatch(/SPETT\.LE CLIENTE \S.* P\.IVA \d{11}/);
    expect(pages[0]).toMatch(/Valida fino al: \d{2}\/\d{2}\/\d{4}/);
    const text = pages.join(' ');
    expect(text).toContain('Poster 6x3 Milano centro');
    expect(text).toContain('Totale offerta (IVA inclusa)');
    pages.forEach((p, i) => expect(p).toContain(`Pagina ${i + 1} di ${pages.length}`));
  });

  it('offers only the allowed moves, changes the status, and asks before a final status', async () => {
    await page.getByTestId('estimate-status').waitFor();
    expect(await page.getByText(/Stati consentiti: Inviato/).count()).toBe(1);
    // A draft goes to Inviato and nowhere else: no other status is offered.
    await page.getByRole('combobox', { name: /Nuovo stato/ }).last().click();
    await page.getByRole('option').first().waitFor();
    expect(await page.getByRole('option').allTextContents()).toEqual(['Inviato']);
    await page.getByRole('option', { name: /^Inviato$/ }).click();
    await page.getByRole('button', { name: 'Cambia stato' }).click();
    await expect.poll(() => page.getByTestId('estimate-status').textContent(), { timeout: 10000 }).toBe('Inviato');
    // Accettato is final: nothing is sent before the user confirms; dismissing keeps Inviato.
    await pick(/Nuovo stato/, /Accettato/);
    await page.getByRole('button', { name: 'Cambia stato' }).click();
    const confirm = page.getByRole('dialog', { name: 'Passare il preventivo allo stato Accettato?' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Annulla' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await page.getByTestId('estimate-status').textContent()).toBe('Inviato');
  });

  it('shares the estimate; the link opens in a fresh browser without signing in, with no menus', async () => {
    await page.getByRole('button', { name: 'Crea link' }).click();
    const link = page.getByTestId('share-link').first();
    await link.waitFor({ timeout: 10000 });
    shareLink = (await link.getAttribute('href')) ?? '';
    expect(shareLink).toMatch(/\/resource\/estimate\/\d+\/token\/[^/]+\/view$/);
    const fresh = await newContext(browser);
    const visitor = await fresh.newPage();
    const visitorErrors = watchErrors(visitor);
    await visitor.goto(shareLink);
    await visitor.getByText('Poster 6x3 Milano centro').waitFor({ timeout: 15000 });
    expect(new URL(visitor.url()).pathname).toBe(new URL(shareLink).pathname);
    expect(await visitor.getByRole('link', { name: 'Opportunità' }).count()).toBe(0);
    await visitor.goto(shareLink.replace(/token\/[^/]+\/view$/, 'token/nonvalido123/view'));
    await visitor.waitForURL(/\/404$/, { timeout: 15000 });
    await fresh.close();
    expect(visitorErrors.filter((e) => !/404|401|Failed to load resource/.test(e))).toEqual([]);
  });

  // Skipped, unfinished: in the last run its totals-never-negative checks passed, then the locator
  // of the line's helper text ([id="lines.0.discountPercent-helper-text"]) found nothing; the id
  // react-admin gives an array item's helper text is still to be checked.
  it('refuses an estimate with a bad line under that line, its totals never negative, the editor fitting 1280 px', async () => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await visit(page, '/estimates/manage?create&opportunityId=21');
    await expect.poll(() => page.locator('input[name="name"]').inputValue(), { timeout: 20000 }).toContain('Preventivo');
    await page.getByRole('button', { name: 'Aggiungi' }).first().click();
    await pick(/^Listino/, 'Listino OOH 2026');
    await pick(/^Prodotto/, 'Poster 6x3 Milano centro');
    await expect.poll(() => page.locator('input[name="lines.0.unitPrice"]').inputValue()).not.toBe('');
    await page.locator('input[name="lines.0.discountPercent"]').fill('150');
    // A 150 % discount reads at its limit while typing: the total is never below zero.
    expect(await page.getByTestId('line-total').textContent()).toMatch(/^0,00\s€$/);
    expect(await page.getByTestId('estimate-form-total').textContent()).not.toContain('-');
    await page.getByRole('button', { name: 'Salva' }).click();
    // react-admin gives each input a React useId() id (not its source), so a line field's helper
    // text is found through the text field that holds the input of that name.
    const helper = (field: string) =>
      page.locator('.MuiTextField-root', { has: page.locator(`input[name="lines.0.${field}"]`) }).locator('.MuiFormHelperText-root');
    await expect.poll(() => helper('discountPercent').textContent()).toBe('Deve essere al massimo 100');
    await page.locator('input[name="lines.0.discountPercent"]').fill('10');
    await page.locator('input[name="lines.0.periodStart"]').fill('2026-06-10');
    await page.locator('input[name="lines.0.periodEnd"]').fill('2026-06-01');
    await page.getByRole('button', { name: 'Salva' }).click();
    await expect.poll(() => helper('periodEnd').textContent()).toBe('La data di fine non può precedere quella di inizio');
    expect(new URL(page.url()).search).toMatch(/^\?create/);
    // Every field of the line keeps a readable width, the page does not scroll sideways, and the
    // error text sits in its own cell, not over the line total.
    for (const field of ['quantity', 'unitPrice', 'discountPercent', 'periodStart', 'periodEnd']) {
      const box = await page.locator(`input[name="lines.0.${field}"]`).boundingBox();
      expect(box!.width, field).toBeGreaterThan(90);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    const error = (await helper('periodEnd').boundingBox())!;
    const total = (await page.getByTestId('line-total').boundingBox())!;
    expect(error.x + error.width <= total.x || total.x + total.width <= error.x || error.y >= total.y + total.height || total.y >= error.y + error.height).toBe(true);
    await page.screenshot({ path: '.e2e/screenshots/estimate-bad-line.png' });
    await page.locator('input[name="lines.0.periodEnd"]').fill('2026-06-30');
    await expect.poll(() => helper('periodEnd').textContent()).not.toBe('La data di fine non può precedere quella di inizio');
  });

  it('leaves no page errors on the way', () => {
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
    expect(estimateUrl).not.toBe('');
  });
});

describe('an asset manager', () => {
  it('gets /403 on the sales routes', async () => {
    const ctx = await newContext(browser);
    const p = await ctx.newPage();
    await signIn(p, 'assetmanager');
    await p.waitForURL((u) => !u.pathname.startsWith('/login'));
    for (const path of ['/advertisers', '/estimates/manage', '/estimates/products']) {
      await p.goto(appUrl(path));
      await p.waitForURL(/\/403/, { timeout: 10000 });
    }
    await ctx.close();
  });
});

describe('advertiser form: names and validation before the server', () => {
  it('refuses a 600-character city under the field, without sending', async () => {
    const sent: string[] = [];
    const onRequest = (r: { method(): string; url(): string }) => {
      if (r.method() !== 'GET' && /\/advertiser\/v1\/create/.test(r.url())) sent.push(r.url());
    };
    page.on('request', onRequest);
    // A load, not an in-app move: the estimate editor the sales walk left open has unsaved changes,
    // so it refuses an in-app move (visit says so); the load's leave prompt is accepted.
    await page.goto(appUrl('/advertisers'));
    await page.getByRole('button', { name: 'Nuovo inserzionista' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/Ragione sociale/).fill(`E2E Città lunga ${STAMP} S.r.l.`);
    await pick(/Settore/, 'Alimentare');
    await dialog.getByLabel(/Partita IVA/).fill(String(80000000000 + STAMP).slice(0, 11));
    await dialog.getByLabel(/^E-mail/).first().fill(`citta${STAMP}@esempio.it`);
    await dialog.getByLabel(/^Città/).fill('x'.repeat(600));
    await dialog.getByRole('button', { name: 'Salva' }).click();
    // The document's maxLength of city (100), in Italian, under the city field, and nothing sent.
    await dialog.getByText('Deve contenere al massimo 100 caratteri').waitFor({ timeout: 10000 });
    expect(await dialog.getByLabel(/^Città/).getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);
    page.off('request', onRequest);
    await page.keyboard.press('Escape');
  });
});
