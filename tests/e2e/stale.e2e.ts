import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, networkQuiet, visit } from './support/browser';
import { api, signedInPage, type SignedIn } from './support/session';
import { ROOT } from './support/stack';

/*
 * No silent overwrites: two people open the same system's edit form; the first saves; the
 * second's save is refused naming the first and when, every value the second typed stays in the
 * form, and «Ricarica e confronta» shows the saved values beside the second's. The same for a
 * frame of the system, edited in its dialog on the system's page.
 */

let browser: Browser;
let giulia: SignedIn;
let alessandra: SignedIn;
let systemId = 0;
const TAG = `E2E stale ${Date.now() % 100000}`;
const SHOTS = path.join(ROOT, '.e2e', 'reports');

async function openForm(page: Page) {
  // The form is filled once the record and the geo cascade's choices have loaded: typing before
  // that is typing into a form about to be reset.
  await expect.poll(() => page.getByLabel(/^Nome/).inputValue(), { timeout: 60_000 }).toBe(TAG);
  await networkQuiet(page);
}

beforeAll(async () => {
  browser = await launch();
  const created = await api<{ id: number }>('/systems/v1/system/create?type=OOH', {
    method: 'POST',
    as: 'assetmanager',
    body: { name: TAG, type: 'OOH', systemType: 'poster', status: 'active', address: 'Via Stale 1', municipalityId: '015146', latitude: 45.47, longitude: 9.19, sizes: [{ sizeId: 1 }] },
  });
  systemId = created.id;
  giulia = await signedInPage(browser, 'assetmanager', `/systems-manage/${systemId}/edit`);
  alessandra = await signedInPage(browser, 'admin', `/systems-manage/${systemId}/edit`);
}, 300_000);

afterAll(async () => {
  await giulia?.context.close();
  await alessandra?.context.close();
  await browser?.close();
  if (systemId) await api(`/systems/v1/system/delete?id=${systemId}`, { method: 'DELETE', as: 'assetmanager' }).catch(() => undefined);
});

describe('two people edit the same system', () => {
  it('the second save is refused with who and when, the typed values kept, and reload-and-compare shows both', async () => {
    await Promise.all([openForm(giulia.page), openForm(alessandra.page)]);

    await giulia.page.getByLabel(/^Nome/).fill(`${TAG} Giulia`);
    await giulia.page.getByRole('button', { name: 'Salva' }).click();
    await giulia.page.waitForURL(new RegExp(`/systems-manage/${systemId}$`), { timeout: 60_000 });

    const page = alessandra.page;
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.getByLabel(/^Nome/).fill(`${TAG} Alessandra`);
    await page.getByLabel(/^Indirizzo/).fill('Via Alessandra 2');
    await page.getByRole('button', { name: 'Salva' }).click();

    const refusal = page.getByRole('alert', { name: 'Salvataggio non riuscito: il record è cambiato' });
    await refusal.waitFor({ timeout: 30_000 });
    await expect
      .poll(() => refusal.textContent())
      .toMatch(/Questo impianto è stato modificato da Giulia Romano il \d\d\/\d\d\/\d{4} alle \d\d:\d\d dopo che l'hai aperto/);
    // The form stays, with everything typed.
    expect(page.url()).toMatch(new RegExp(`/systems-manage/${systemId}/edit$`));
    expect(await page.getByLabel(/^Nome/).inputValue()).toBe(`${TAG} Alessandra`);
    expect(await page.getByLabel(/^Indirizzo/).inputValue()).toBe('Via Alessandra 2');
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, 'stale-refusal.png') });

    await refusal.getByRole('button', { name: 'Ricarica e confronta' }).click();
    const table = refusal.getByRole('table', { name: 'Ricarica e confronta' });
    await table.waitFor({ timeout: 30_000 });
    const rows = await table.getByRole('row').allTextContents();
    expect(rows[0]).toContain('Valore salvato (Giulia Romano)');
    expect(rows).toContainEqual(expect.stringMatching(new RegExp(`^Nome${TAG} Giulia${TAG} Alessandra`)));
    expect(rows).toContainEqual(expect.stringMatching(/^IndirizzoVia Stale 1Via Alessandra 2/));
    // Only the fields someone changed: the name (both) and the address (the second person).
    expect(rows).toHaveLength(3);
    expect(await page.getByLabel(/^Nome/).inputValue()).toBe(`${TAG} Alessandra`);
    await page.screenshot({ path: path.join(SHOTS, 'stale-compare.png') });

    // Seen the saved version, saving again keeps the second person's values, knowingly.
    await page.getByRole('button', { name: 'Salva', exact: true }).click();
    await page.waitForURL(new RegExp(`/systems-manage/${systemId}$`), { timeout: 60_000 });
    const saved = await api<{ name: string; address: string }>(`/systems/v1/system/id/${systemId}`);
    expect(saved).toMatchObject({ name: `${TAG} Alessandra`, address: 'Via Alessandra 2' });
    // The refused save is logged (the 409, and react-admin's note of the failed mutation); nothing else.
    expect(alessandra.errors.filter((e) => !e.includes('409') && !e.includes("dopo che l'hai aperto"))).toEqual([]);
  });
});

describe('two people edit the same frame of a system', () => {
  it('the second save of the frame dialog is refused naming who, every typed value kept; after comparing, it saves', async () => {
    const NAME = `${TAG} F`;
    const frame = await api<{ id: number }>('/frame/v1/frames', {
      method: 'POST',
      as: 'assetmanager',
      body: { systemId, name: NAME, position: 9, width: 600, height: 300 },
    });
    /** The system's page with the frame's edit dialog open, its values loaded. */
    const openFrame = async (page: Page) => {
      await visit(page, `/systems-manage/${systemId}`);
      await page.getByRole('button', { name: `Modifica il frame ${NAME}` }).click({ timeout: 60_000 });
      const dialog = page.getByRole('dialog');
      await expect.poll(() => dialog.getByLabel(/^Nome/).inputValue(), { timeout: 30_000 }).toBe(NAME);
      await networkQuiet(page);
      return dialog;
    };
    const [first, second] = await Promise.all([openFrame(giulia.page), openFrame(alessandra.page)]);

    await first.getByLabel(/^Nome/).fill(`${NAME} Giulia`);
    await first.getByRole('button', { name: 'Salva' }).click();
    await first.waitFor({ state: 'detached', timeout: 30_000 });

    const page = alessandra.page;
    await page.setViewportSize({ width: 1280, height: 720 });
    await second.getByLabel(/^Nome/).fill(`${NAME} Alessandra`);
    await second.getByLabel(/^Larghezza/).fill('450');
    await second.getByRole('button', { name: 'Salva' }).click();

    const refusal = second.getByRole('alert', { name: 'Salvataggio non riuscito: il record è cambiato' });
    await refusal.waitFor({ timeout: 30_000 });
    await expect
      .poll(() => refusal.textContent())
      .toMatch(/Questo frame è stato modificato da Giulia Romano il \d\d\/\d\d\/\d{4} alle \d\d:\d\d dopo che l'hai aperto/);
    // The dialog stays open, with everything typed; the frame is as the first person saved it.
    expect(await second.getByLabel(/^Nome/).inputValue()).toBe(`${NAME} Alessandra`);
    expect(await second.getByLabel(/^Larghezza/).inputValue()).toBe('450');
    expect(await api<{ name: string; width: number }>(`/frame/v1/frames/${frame.id}`)).toMatchObject({ name: `${NAME} Giulia`, width: 600 });
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, 'stale-frame-refusal.png') });

    await refusal.getByRole('button', { name: 'Ricarica e confronta' }).click();
    const table = refusal.getByRole('table', { name: 'Ricarica e confronta' });
    await table.waitFor({ timeout: 30_000 });
    const rows = await table.getByRole('row').allTextContents();
    expect(rows[0]).toContain('Valore salvato (Giulia Romano)');
    expect(rows).toContainEqual(expect.stringMatching(new RegExp(`^Nome${NAME} Giulia${NAME} Alessandra`)));
    expect(rows).toContainEqual(expect.stringMatching(/^Larghezza600450/));
    expect(rows).toHaveLength(3);

    // Seen the saved version, saving again keeps the second person's values, knowingly.
    await second.getByRole('button', { name: 'Salva', exact: true }).click();
    await second.waitFor({ state: 'detached', timeout: 30_000 });
    expect(await api<{ name: string; width: number }>(`/frame/v1/frames/${frame.id}`)).toMatchObject({ name: `${NAME} Alessandra`, width: 450 });
    await api(`/frame/v1/frames/${frame.id}`, { method: 'DELETE', as: 'assetmanager' });
  });
});
