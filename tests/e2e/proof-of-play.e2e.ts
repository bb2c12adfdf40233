import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch } from './support/browser';
import { api, signedInPage } from './support/session';

/*
 * A DOOH campaign's proof of play through its page: the seed's campaign booked on a screen, with
 * its play logs, shows per screen and day the plays contracted and delivered, the days short of
 * the contract marked, the totals; the CSV export holds the same figures. A campaign booking no
 * screen says why there is nothing to show.
 */

const SCREENSHOTS = process.env.SCREENSHOTS_DIR ?? path.resolve('.e2e', 'screenshots');

interface Day {
  day: string;
  slots: number;
  contracted: number;
  delivered: number;
  missing: number;
  deliveredPercent: number | null;
  audience: number;
}
interface Proof {
  campaignId: number;
  campaignName: string;
  through: string | null;
  reason: string | null;
  screens: Array<{ frameName: string; systemCode: string; systemName: string; days: Day[]; totals: Omit<Day, 'day' | 'slots'> & { daysShort: number } }>;
  totals: Omit<Day, 'day' | 'slots'> & { daysShort: number };
}

const NUMBER = new Intl.NumberFormat('it-IT', { useGrouping: 'always', maximumFractionDigits: 2 } as Intl.NumberFormatOptions);
const PERCENT = new Intl.NumberFormat('it-IT', { useGrouping: 'always', maximumFractionDigits: 1 } as Intl.NumberFormatOptions);
const n = (v: number) => NUMBER.format(v);
const pct = (v: number | null) => (v === null ? '—' : `${PERCENT.format(v)} %`);
const itDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
/** A CSV number: the decimal comma, no grouping. */
const csvNumber = (v: number | null) => (v === null ? '' : String(v).replace('.', ','));

let browser: Browser;
let shown: Proof;
let empty: Proof;

beforeAll(async () => {
  browser = await launch();
  mkdirSync(SCREENSHOTS, { recursive: true });
  // The seed's campaign booked on a screen with its plays, some days short; and one booking no screen.
  const campaigns = await api<Array<{ id: number }>>('/campaign/v1/campaigns');
  for (const c of campaigns) {
    const proof = await api<Proof>(`/device/v1/proofOfPlay/${c.id}`);
    if (!shown && proof.through && proof.totals.daysShort > 0 && proof.totals.delivered > 0) shown = proof;
    if (!empty && proof.screens.length === 0 && proof.reason) empty = proof;
    if (shown && empty) break;
  }
  if (!shown || !empty) throw new Error('the seed has no campaign booked on a screen with plays short of the contract, or none without screens');
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

describe('proof of play', () => {
  it("shows a DOOH campaign's plays delivered against contracted per screen and day, and exports the same figures", async () => {
    const { context, page, errors } = await signedInPage(browser, 'sales', `/campaigns/${shown.campaignId}`);
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.getByRole('tab', { name: 'Prova di trasmissione' }).click();
    const table = page.getByRole('table', { name: 'Prova di trasmissione' });
    await table.waitFor({ timeout: 30_000 });

    const screen = shown.screens.find((s) => s.days.length)!;
    // The screen by its system's code and name, never an id.
    await expect.poll(() => table.getByRole('rowheader').first().innerText()).toContain(`${screen.frameName} di ${screen.systemCode} · ${screen.systemName}`);
    for (const d of screen.days) {
      const row = table.getByRole('row').filter({ has: page.getByRole('cell', { name: itDate(d.day), exact: true }) });
      await expect.poll(() => row.getByRole('cell').allInnerTexts()).toEqual([itDate(d.day), String(d.slots), n(d.contracted), n(d.delivered), pct(d.deliveredPercent), n(d.missing), n(d.audience)]);
      // A day short of the contract is marked, with its shortfall named (not by colour alone).
      expect(await row.getAttribute('data-shortfall')).toBe(d.missing > 0 ? 'true' : null);
      expect(await row.getByRole('img', { name: 'Sotto il contratto' }).count()).toBe(d.missing > 0 ? 1 : 0);
    }
    const t = shown.totals;
    expect(await page.getByTestId('proof-of-play-total').getByRole('cell').allInnerTexts()).toEqual(['Totale campagna', '', n(t.contracted), n(t.delivered), pct(t.deliveredPercent), n(t.missing), n(t.audience)]);
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Giorni sotto il contratto' }).innerText()).toContain(`Giorni sotto il contratto: ${t.daysShort}, riproduzioni mancanti: ${n(t.missing)}.`);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'proof-of-play.png') });

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Esporta CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^prova_di_trasmissione_.+\.csv$/);
    const lines = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0]).toBe('Impianto;Nome impianto;Indirizzo;Comune;Schermo;Giorno;Slot;Contrattate;Erogate;% erogata;Mancanti;Audience');
    const dayLines = lines.slice(1, -1).map((l) => l.split(';'));
    expect(dayLines).toHaveLength(shown.screens.reduce((s, x) => s + x.days.length, 0));
    for (const d of screen.days) {
      const line = dayLines.find((cells) => cells[0] === screen.systemCode && cells[5] === itDate(d.day));
      expect(line?.slice(6)).toEqual([d.slots, d.contracted, d.delivered, d.deliveredPercent, d.missing, d.audience].map(csvNumber));
    }
    expect(lines.at(-1)!.split(';')).toEqual(['Totale campagna', '', '', '', '', '', '', ...[t.contracted, t.delivered, t.deliveredPercent, t.missing, t.audience].map(csvNumber)]);
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  it('says why a campaign booking no screen has no proof of play', async () => {
    const { context, page } = await signedInPage(browser, 'sales', `/campaigns/${empty.campaignId}`);
    await page.getByRole('tab', { name: 'Prova di trasmissione' }).click();
    await page.getByText(empty.reason!).waitFor({ timeout: 30_000 });
    expect(await page.getByRole('table', { name: 'Prova di trasmissione' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Esporta CSV' }).isDisabled()).toBe(true);
    await context.close();
  }, 180_000);

});
