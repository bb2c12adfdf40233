import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jpegWithExif } from '../support/exifJpeg';
import { pdfImageCounts } from '../support/pdfText';
import { appUrl, launch, newContext, watchErrors } from './support/browser';
import { api, signedInPage } from './support/session';

/*
 * Field operations through the screens: confirming a planning makes the posting and removal orders
 * of its faces per team; the team's installer opens the link on a 390×844 phone, takes the two
 * photos of the posting (one with an EXIF position far from the face, which is flagged, not
 * refused) and marks it done; the client's page of the shared campaign shows the proof.
 */

const SCREENSHOTS = process.env.SCREENSHOTS_DIR ?? path.resolve('.e2e', 'screenshots');
const PHONE = { width: 390, height: 844 };
const STAMP = Date.now() % 1_000_000;
const iso = (d: Date) => d.toISOString().slice(0, 10);

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
  mkdirSync(SCREENSHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

/** A static face free in the period, and a team linked to its system for posting. */
async function postableFace(start: string, end: string) {
  const page = await api<{ rows: Array<{ frameId: number; systemId: number; digital: boolean; cells: Array<{ state: string }> }> }>(
    `/planner/v1/availability?periodStart=${start}&periodEnd=${end}&systemType=poster&range=${encodeURIComponent('[0,49]')}`,
  );
  const free = page.rows.find((r) => !r.digital && r.cells.every((c) => c.state === 'free'));
  if (!free) throw new Error('no free poster face in the period');
  const [team] = await api<Array<{ id: number }>>('/systems/v1/team/getAll');
  const links = await api<Array<{ teamId: number; duties: string[] }>>(`/systems/v1/team/systemProvider/getBySystemId?systemId=${free.systemId}`);
  const posting = links.find((l) => l.duties.includes('affissione') || l.duties.includes('installazione'));
  if (posting) return { frameId: free.frameId, systemId: free.systemId, teamId: posting.teamId };
  const other = links.find((l) => l.teamId === team.id);
  if (!other) await api('/systems/v1/team/systemProvider/create', { method: 'POST', body: { systemId: free.systemId, teamId: team.id, duties: ['affissione'] } });
  else throw new Error('the team is linked to the system without a posting duty');
  return { frameId: free.frameId, systemId: free.systemId, teamId: team.id };
}

describe('field operations', () => {
  it('confirming a planning makes the orders per team; the installer proves the posting with two photos on a phone; the client sees it', async () => {
    const today = new Date();
    const start = iso(new Date(today.getTime() + 86_400_000));
    const end = iso(new Date(today.getTime() + 14 * 86_400_000));
    const face = await postableFace(start, end);
    const [advertiser] = await api<Array<{ id: number }>>('/advertiser/v1/getAll');
    const campaign = await api<{ id: number }>('/campaign/v1/campaigns', {
      method: 'POST',
      body: { name: `Affissione ${STAMP}`, advertiserId: advertiser.id, periodStart: start, periodEnd: end, budget: 1000 },
    });
    const planning = await api<{ id: number }>('/planner/v1/plannings', {
      method: 'POST',
      body: { name: `Pianificazione affissione ${STAMP}`, campaignId: campaign.id, periodStart: start, periodEnd: end },
    });
    await api('/planner/v1/planningItems', { method: 'POST', body: { planningId: planning.id, frameId: face.frameId, price: 800 } });

    // 1. The admin confirms the planning on its screen: the orders are made per team.
    const admin = await signedInPage(browser, 'admin', `/plannings/${planning.id}`);
    await admin.page.getByRole('button', { name: 'Passa a «Confermata»' }).click();
    await expect
      .poll(async () => (await api<Array<{ type: string }>>(`/frame/v1/workOrders?filter=${encodeURIComponent(JSON.stringify({ planningId: planning.id }))}`)).map((o) => o.type).sort(), {
        timeout: 30_000,
      })
      .toEqual(['posting', 'removal']);
    // The team that posts on the face's system has the posting order.
    const orders = await api<Array<{ type: string; teamId: number | null }>>(`/frame/v1/workOrders?filter=${encodeURIComponent(JSON.stringify({ planningId: planning.id }))}`);
    const teamId = orders.find((o) => o.type === 'posting')?.teamId;
    expect(teamId).toEqual(expect.any(Number));
    await admin.page.goto(appUrl('/providers/workOrders'));
    await admin.page.getByRole('heading', { name: 'Ordini di lavoro' }).waitFor();
    // The team's link, made on the work orders screen.
    await admin.page.getByRole('button', { name: 'Link per la squadra' }).click();
    const dialog = admin.page.getByRole('dialog');
    const teamSelect = dialog.getByLabel('Squadra');
    await teamSelect.selectOption(String(teamId));
    await dialog.getByRole('button', { name: 'Crea link' }).click();
    const linkField = dialog.getByLabel('Link');
    await linkField.waitFor();
    const link = await linkField.inputValue();
    expect(link).toMatch(/\/field\/[0-9a-f]{32}$/);
    await admin.context.close();

    // 2. The installer, on a phone, with no account.
    const context = await newContext(browser, { viewport: PHONE, isMobile: true, hasTouch: true });
    const phone = await context.newPage();
    const errors = watchErrors(phone);
    await phone.goto(link);
    const posting = phone.getByRole('article').filter({ hasText: 'Affissione' }).first();
    await posting.waitFor({ timeout: 60_000 });
    const done = posting.getByRole('button', { name: 'Segna come fatto' });
    expect(await done.isDisabled()).toBe(true);
    const box = await done.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);

    const system = await api<{ latitude: number; longitude: number }>(`/systems/v1/system/id/${face.systemId}`);
    const shot = `${start}T08:30:00`;
    await posting.locator('input[data-kind="wide"]').setInputFiles({
      name: 'insieme.jpg',
      mimeType: 'image/jpeg',
      buffer: jpegWithExif({ takenAt: shot, latitude: system.latitude + 0.0002, longitude: system.longitude }),
    });
    await posting.getByText(/Foto d’insieme: scattata/).waitFor({ timeout: 30_000 });
    await posting.locator('input[data-kind="close"]').setInputFiles({
      name: 'vicino.jpg',
      mimeType: 'image/jpeg',
      buffer: jpegWithExif({ takenAt: shot, latitude: system.latitude + 0.3, longitude: system.longitude }),
    });
    await posting.getByText(/Lontana dalla faccia/).waitFor({ timeout: 30_000 });
    await done.click();
    await phone.getByText(/segnato come fatto/).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await phone.screenshot({ path: path.join(SCREENSHOTS, 'field-installer-phone.png'), fullPage: true });
    expect(errors).toEqual([]);
    await context.close();

    // 3. The client's page of the shared campaign shows the proof.
    const share = await api<{ viewPath?: string; token: string }>('/share/v1/share/create', {
      method: 'POST',
      body: { resourceType: 'campaign', resourceId: campaign.id, expiresAt: new Date(today.getTime() + 30 * 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z') },
    });
    const client = await newContext(browser, { viewport: PHONE, isMobile: true });
    const clientPage = await client.newPage();
    await clientPage.goto(appUrl(share.viewPath ?? `/resource/campaign/${campaign.id}/token/${share.token}/view`));
    const proof = clientPage.getByRole('region', { name: 'Prova di affissione' });
    await proof.waitFor({ timeout: 60_000 });
    await proof.getByText('Facce affisse con le due foto: 1 su 1.').waitFor();
    await proof.getByRole('img', { name: 'Foto ravvicinata' }).waitFor();
    await proof.getByText(/Lontana dalla faccia/).waitFor();
    await clientPage.screenshot({ path: path.join(SCREENSHOTS, 'field-proof-client.png'), fullPage: true });
    // The client downloads it as a PDF too, with the two photos in it (and the letterhead's logo).
    const [download] = await Promise.all([clientPage.waitForEvent('download', { timeout: 60_000 }), proof.getByRole('button', { name: 'Scarica PDF' }).click()]);
    expect(download.suggestedFilename()).toBe(`prova-affissione-${campaign.id}.pdf`);
    const images = await pdfImageCounts(readFileSync((await download.path())!));
    expect(images.reduce((a, b) => a + b, 0)).toBe(images.length + 2);
    await client.close();
  });
});
