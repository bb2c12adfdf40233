import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, visit } from './support/browser';
import { api, signedInPage } from './support/session';

/* DOOH players attached to and detached from a system, from the system detail. */

let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];

beforeAll(async () => {
  browser = await launch();
  ({ context, page, errors } = await signedInPage(browser, 'admin'));
  page.setDefaultNavigationTimeout(120_000);
  page.setDefaultTimeout(45_000);
  await page.setViewportSize({ width: 1280, height: 720 });
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

interface Device {
  id: number;
  systemId?: number;
  serial: string;
}

const devices = (filter: Record<string, unknown>, range = '[0,0]') =>
  api<Device[]>(`/device/v1/devices?filter=${encodeURIComponent(JSON.stringify(filter))}&range=${range}`);

describe('a system’s players', () => {
  it('attaches a player in stock to a DOOH system, detaches it after a confirmation, and lists it in stock', async () => {
    const serial = `SN-E2E-MAG-${String(Date.now() % 1000000).padStart(6, '0')}`;
    const device = await api<Device>('/device/v1/devices', {
      method: 'POST',
      body: { serial, model: 'E2E Magazzino', resolution: '1920x1080' },
    });
    expect(device.systemId).toBeUndefined();
    // A seeded DOOH system: the one of an installed player.
    const [{ systemId, serial: installed }] = await devices({ installed: true });

    await visit(page, `/systems-manage/${systemId}`);
    const section = page.getByTestId('system-devices');
    await section.getByRole('table').waitFor({ timeout: 120_000 });
    expect(await section.textContent()).not.toContain(serial);

    // Attach: the dialog offers the players in stock, picked by serial.
    await section.getByRole('button', { name: 'Collega un player' }).click();
    const dialog = page.getByRole('dialog', { name: /^Collega un player a / });
    const picker = dialog.getByRole('combobox', { name: /^Player in magazzino/ });
    // A player installed on a system is not offered.
    await picker.fill(installed);
    await page.getByText('Nessun player in magazzino corrisponde alla ricerca').waitFor();
    await picker.fill(serial);
    const option = page.getByRole('option', { name: `${serial} · E2E Magazzino` });
    await expect.poll(() => page.getByRole('option').allTextContents(), { timeout: 30_000 }).toEqual([`${serial} · E2E Magazzino`]);
    await page.screenshot({ path: '.e2e/screenshots/system-detail-attach-device.png', animations: 'disabled' });
    await option.click();
    await dialog.getByRole('button', { name: 'Collega', exact: true }).click();
    await page.getByText(new RegExp(`^Player ${serial} collegato a `)).waitFor();
    await dialog.waitFor({ state: 'detached' });
    const row = section.getByRole('row').filter({ hasText: serial });
    await row.waitFor();
    expect((await api<Device>(`/device/v1/devices/${device.id}`)).systemId).toBe(systemId);

    // Detach, after a confirmation naming the serial.
    await row.getByRole('button', { name: `Scollega il player ${serial}` }).click();
    const confirm = page.getByRole('dialog', { name: `Scollegare il player ${serial}?` });
    await confirm.waitFor();
    await page.screenshot({ path: '.e2e/screenshots/system-detail-detach-device.png', animations: 'disabled' });
    await confirm.getByRole('button', { name: 'Conferma' }).click();
    await page.getByText(`Player ${serial} scollegato: ora è in magazzino`).waitFor();
    // The section reads the system's players again after the change: it ends without this one.
    await expect.poll(() => section.textContent(), { timeout: 30_000 }).not.toContain(serial);
    expect((await devices({ installed: false }, '[0,999]')).map((d) => d.id)).toContain(device.id);

    // The players page names no system for it: it is in stock.
    await visit(page, '/dooh/players');
    await page.getByRole('heading', { name: 'Player', level: 1 }).waitFor();
    await page.getByRole('combobox', { name: 'Installazione' }).click();
    await page.getByRole('option', { name: 'In magazzino' }).click();
    await page.getByRole('textbox', { name: 'Cerca' }).fill(serial);
    const listed = page.getByRole('row').filter({ hasText: serial });
    await listed.getByText('In magazzino', { exact: true }).waitFor();
    await page.screenshot({ path: '.e2e/screenshots/dooh-players-in-stock.png', animations: 'disabled' });

    await api(`/device/v1/devices/${device.id}`, { method: 'DELETE' });
    expect(errors).toEqual([]);
  });
});
