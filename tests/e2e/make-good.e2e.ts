import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfPages } from '../support/pdfText';
import { launch, pickOption } from './support/browser';
import { api, signedInPage } from './support/session';

/*
 * Problems and make-goods through the screens: a problem reported from the field on a booked face
 * shows on the campaign's «Consegnato / contrattato» tab as a day lost with its maintenance order;
 * the sales leader gives a make-good (one more day on the face) from the «Recupero» dialog and the
 * booking goes on; the proof of posting downloads as a PDF naming the face without proof.
 */

const SCREENSHOTS = process.env.SCREENSHOTS_DIR ?? path.resolve('.e2e', 'screenshots');
const STAMP = Date.now() % 1_000_000;
const DAY = 86_400_000;
const iso = (d: Date) => d.toISOString().slice(0, 10);
const itDate = (day: string) => day.split('-').reverse().join('/');

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
  mkdirSync(SCREENSHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

/** A static face free from `start` to `until`, and a team linked to its system for posting. */
async function postableFace(start: string, until: string, except = 0) {
  const page = await api<{ rows: Array<{ frameId: number; frameName: string; systemId: number; systemCode: string; digital: boolean; cells: Array<{ state: string }> }> }>(
    `/planner/v1/availability?periodStart=${start}&periodEnd=${until}&systemType=poster&range=${encodeURIComponent('[0,99]')}`,
  );
  const free = page.rows.filter((r) => !r.digital && r.cells.every((c) => c.state === 'free'));
  for (const face of free.filter((f) => f.frameId !== except)) {
    const links = await api<Array<{ teamId: number; duties: string[] }>>(`/systems/v1/team/systemProvider/getBySystemId?systemId=${face.systemId}`);
    const posting = links.find((l) => l.duties.includes('affissione') || l.duties.includes('installazione'));
    if (posting) return { ...face, teamId: posting.teamId };
  }
  throw new Error('no free poster face with a posting team in the period');
}

describe('problems and make-goods', () => {
  it('a problem reported on a face shows on the campaign’s delivered/contracted view, and a make-good is given from the screen', async () => {
    const today = new Date();
    const start = iso(today);
    const end = iso(new Date(today.getTime() + 13 * DAY));
    const face = await postableFace(start, iso(new Date(today.getTime() + 20 * DAY)));
    const [advertiser] = await api<Array<{ id: number }>>('/advertiser/v1/getAll');
    const name = `Recuperi ${STAMP}`;
    const campaign = await api<{ id: number }>('/campaign/v1/campaigns', { method: 'POST', body: { name, advertiserId: advertiser.id, periodStart: start, periodEnd: end, budget: 1000 } });
    const planning = await api<{ id: number }>('/planner/v1/plannings', { method: 'POST', body: { name: `Pianificazione ${name}`, campaignId: campaign.id, periodStart: start, periodEnd: end } });
    const item = await api<{ id: number }>('/planner/v1/planningItems', { method: 'POST', body: { planningId: planning.id, frameId: face.frameId, price: 900 } });
    await api(`/planner/v1/plannings/${planning.id}`, { method: 'PUT', body: { name: `Pianificazione ${name}`, campaignId: campaign.id, periodStart: start, periodEnd: end, status: 'confirmed' } });
    const orders = await api<Array<{ id: number; type: string; teamId: number }>>(`/frame/v1/workOrders?filter=${encodeURIComponent(JSON.stringify({ planningId: planning.id, type: 'posting' }))}`);
    expect(orders).toHaveLength(1);

    // The installer finds the poster torn and reports it from the field: a maintenance order opens.
    const link = await api<{ token: string }>('/frame/v1/teamLinks', { method: 'POST', body: { teamId: orders[0].teamId } });
    const reported = await api<{ maintenance: { code: string } }>(`/frame/v1/field/${link.token}/workOrders/${orders[0].id}/problem`, {
      method: 'POST',
      body: { kind: 'torn', note: 'Strappato dal vento' },
    });

    const { context, page, errors } = await signedInPage(browser, 'salesleader', `/campaigns/${campaign.id}`);
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.getByRole('heading', { name, level: 1 }).waitFor({ timeout: 60_000 });
    await page.getByRole('tab', { name: 'Consegnato / contrattato' }).click();
    const view = page.getByRole('region', { name: 'Consegnato / contrattato' });
    const row = view.getByRole('row').filter({ hasText: `${face.frameName} · ${face.systemCode}` });
    await row.waitFor({ timeout: 60_000 });
    await row.getByText('Problema aperto').waitFor();
    await row.getByText(new RegExp(`Strappato segnalato il ${itDate(start)}.*Strappato dal vento.*manutenzione ${reported.maintenance.code} aperta.*1 giorno perso`)).waitFor();
    // Contracted 14 days, none posted, one lost, none made good yet.
    expect(await row.getByRole('cell').allInnerTexts()).toEqual(expect.arrayContaining(['14', '0', '1']));
    await view.getByText('Nessun recupero dato.').waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'make-good-delivery.png') });

    // «Recupero»: one more day on the same face.
    await row.getByRole('button', { name: /^Recupero/ }).click();
    const dialog = page.getByRole('dialog', { name: `Recupero per ${face.frameName} · ${face.systemCode}` });
    await dialog.waitFor();
    expect(await dialog.getByRole('radio', { name: 'Giorni in più sulla stessa faccia' }).isChecked()).toBe(true);
    expect(await dialog.getByRole('spinbutton', { name: 'Giorni' }).inputValue()).toBe('1');
    await dialog.getByLabel('Motivo').fill('Manifesto strappato il primo giorno');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'make-good-dialog.png') });
    await dialog.getByRole('button', { name: 'Dai il recupero' }).click();
    await dialog.waitFor({ state: 'hidden', timeout: 30_000 });
    await view
      .getByText(new RegExp(`1 giorno su ${face.frameName} · ${face.systemCode} dal ${itDate(iso(new Date(today.getTime() + 14 * DAY)))} al .* dato da .*: Manifesto strappato il primo giorno`))
      .waitFor({ timeout: 30_000 });
    // Period, contracted, posted, lost, made good.
    expect((await row.getByRole('cell').allInnerTexts()).slice(1, 5)).toEqual(['14', '0', '1', '1']);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'make-good-given.png') });
    // The booking goes on one day.
    expect(await api<{ periodEnd: string; reservationStatus: string }>(`/planner/v1/planningItems/${item.id}`)).toMatchObject({ periodEnd: iso(new Date(today.getTime() + 14 * DAY)), reservationStatus: 'booked' });

    // «Recupero» again: two days on another face, found by its system's code, booked from tomorrow.
    const tomorrow = iso(new Date(today.getTime() + DAY));
    const other = await postableFace(tomorrow, iso(new Date(today.getTime() + 2 * DAY)), face.frameId);
    await row.getByRole('button', { name: /^Recupero/ }).click();
    await dialog.waitFor();
    await dialog.getByRole('radio', { name: 'Un’altra faccia' }).check();
    await dialog.getByRole('spinbutton', { name: 'Giorni' }).fill('2');
    const picker = dialog.getByRole('combobox', { name: 'Faccia su cui dare i giorni' });
    await pickOption(page, picker, other.systemCode, new RegExp(`^${other.systemCode} · ${other.frameName}`));
    await dialog.getByLabel('Motivo').fill('Due giorni su un impianto vicino');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'make-good-other-face.png') });
    await dialog.getByRole('button', { name: 'Dai il recupero' }).click();
    await dialog.waitFor({ state: 'hidden', timeout: 30_000 });
    await view.getByText(new RegExp(`2 giorni su ${other.frameName} · ${other.systemCode} dal ${itDate(tomorrow)} al ${itDate(iso(new Date(today.getTime() + 2 * DAY)))}`)).waitFor({ timeout: 30_000 });
    // The face given is booked in the planning at no price, with its posting order for tomorrow.
    const items = await api<Array<{ frameId: number; price: number; reservationStatus: string }>>(`/planner/v1/planningItems?filter=${encodeURIComponent(JSON.stringify({ planningId: planning.id }))}`);
    expect(items.find((i) => i.frameId === other.frameId)).toMatchObject({ price: 0, reservationStatus: 'booked' });
    const given = await api<Array<{ type: string; dueDate: string }>>(`/frame/v1/workOrders?filter=${encodeURIComponent(JSON.stringify({ frameId: other.frameId, planningId: planning.id }))}`);
    expect(given.map((o) => [o.type, o.dueDate]).sort()).toEqual([
      ['posting', tomorrow],
      ['removal', iso(new Date(today.getTime() + 3 * DAY))],
    ]);

    // The proof of posting as a PDF from the campaign's tab: the face is named as missing its proof.
    await page.getByRole('tab', { name: 'Prova di affissione' }).click();
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByRole('button', { name: 'Scarica PDF' }).click()]);
    expect(download.suggestedFilename()).toBe(`prova-affissione-${campaign.id}.pdf`);
    const text = (await pdfPages(readFileSync((await download.path())!))).join(' ');
    expect(text).toContain(name);
    expect(text).toContain(`${face.frameName} di ${face.systemCode}: affissione non ancora fatta (problema)`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
