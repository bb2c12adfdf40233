import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, launch, pickOption, sandboxUrl } from './support/browser';
import { api, signedInPage } from './support/session';

/*
 * Authorizations and leases through the screens, at 1280×720: an asset manager records an
 * authorization ending in 20 days on a system; it puts an item in their inbox and the system's faces
 * show «a rischio» on /availability; the admin confirming a planning of such a face is asked for
 * a reason, and the override is recorded on the planning. Dates are relative to the sandbox's today.
 */

let browser: Browser;
const SHOTS = process.env.SCREENSHOTS_DIR ?? '.e2e/screenshots';
const STAMP = Date.now().toString(36);

interface Row {
  frameId: number;
  frameName: string;
  systemId: number;
  systemCode: string;
  atRisk?: boolean;
  cells: Array<{ state: string }>;
}

const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const itDate = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
const q = (params: Record<string, string>) => new URLSearchParams(params).toString();

async function sandboxToday(): Promise<string> {
  const answer = await fetch(sandboxUrl('/internal/clock?advanceSeconds=0'), { method: 'POST' });
  return ((await answer.json()) as { now: string }).now.slice(0, 10);
}

async function signedIn(username: string): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const { context, page, errors } = await signedInPage(browser, username);
  await page.setViewportSize({ width: 1280, height: 720 });
  return { page, errors, close: () => context.close() };
}

describe('authorizations and leases, through the screens', () => {
  let today: string;
  let face: Row;
  let authorizationId: number | undefined;
  let planningId: number | undefined;
  const name = `Autorizzazione E2E ${STAMP}`;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    browser = await launch();
    today = await sandboxToday();
    // A poster face not at risk and free from day 10 to day 40, from the end of the list (clear of the other files' first rows).
    const page = await api<{ rows: Row[] }>(
      `/planner/v1/availability?${q({ periodStart: addDays(today, 10), periodEnd: addDays(today, 40), step: 'week', systemType: 'poster', range: '[0,499]' })}`,
    );
    const found = [...page.rows].reverse().find((r) => !r.atRisk && r.cells.every((c) => c.state === 'free'));
    if (!found) throw new Error('nessun poster libero e non a rischio nel seed');
    face = found;
  }, 180_000);

  afterAll(async () => {
    if (planningId) await api(`/planner/v1/plannings/${planningId}`, { method: 'DELETE' }).catch(() => undefined);
    if (authorizationId) await api(`/systems/v1/authorizations/${authorizationId}`, { method: 'DELETE' }).catch(() => undefined);
    await browser?.close();
  });

  it('(1) an asset manager records an authorization ending in 20 days: the inbox tells them, the faces are «a rischio»', async () => {
    const { page, errors, close } = await signedIn('assetmanager');
    try {
      // The menu leads to the list; «Crea» to the form.
      await page.getByRole('button', { name: 'PATRIMONIO', exact: true }).click();
      await page.getByRole('menuitem', { name: 'Autorizzazioni' }).click();
      await page.getByRole('heading', { level: 1, name: 'Autorizzazioni' }).waitFor();
      await page.locator('table tbody tr').first().waitFor();
      await page.screenshot({ path: path.join(SHOTS, 'permits-list.png') });
      await page.locator('a[href="/authorizations/create"]').first().click();
      await page.getByRole('heading', { level: 1, name: 'Nuova autorizzazione' }).waitFor();

      await page.getByLabel('Nome', { exact: true }).fill(name);
      await page.getByLabel('Ente').fill('Comune di Prova');
      await page.getByLabel('Numero').fill(`E2E/${STAMP}`);
      // The end before the start is refused under the end date.
      await page.getByLabel('Inizio').fill(addDays(today, 5));
      await page.getByLabel('Scadenza').fill(addDays(today, 1));
      await page.getByRole('button', { name: 'Salva' }).click();
      await page.getByText('La data di fine non può precedere quella di inizio').first().waitFor();

      await page.getByLabel('Inizio').fill(addDays(today, -300));
      await page.getByLabel('Scadenza').fill(addDays(today, 20));
      const systems = page.getByRole('combobox', { name: 'Impianti' });
      await systems.click();
      await pickOption(page, systems, face.systemCode, new RegExp(`^${face.systemCode}\\b`));
      await page.screenshot({ path: path.join(SHOTS, 'permits-create.png') });
      await page.getByRole('button', { name: 'Salva' }).click();
      await page.waitForURL((url) => /^\/authorizations\/\d+$/.test(url.pathname));
      authorizationId = Number(new URL(page.url()).pathname.split('/').pop());
      await page.getByRole('heading', { level: 1, name: `Autorizzazione ${name}` }).waitFor();
      await page.getByText('Tra 20 giorni').first().waitFor();
      await page.screenshot({ path: path.join(SHOTS, 'permits-edit.png') });
      const saved = await api<{ endDate: string; systems: Array<{ id: number }> }>(`/systems/v1/authorizations/${authorizationId}`);
      expect(saved.endDate).toBe(addDays(today, 20));
      expect(saved.systems.map((s) => s.id)).toEqual([face.systemId]);

      // The system's page lists it with its end date.
      await page.goto(appUrl(`/systems-manage/${face.systemId}`));
      const permits = page.getByTestId('system-permits');
      const listed = permits.getByRole('row').filter({ hasText: name });
      await listed.waitFor();
      expect(await listed.textContent()).toContain(`${itDate(addDays(today, 20))}Tra 20 giorni`);
      await permits.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SHOTS, 'permits-system.png') });

      // The inbox: the alert of 30 days names it, its system and the date, and leads to it.
      await page.goto(appUrl('/inbox'));
      const message = `L'autorizzazione «${name}» (${face.systemCode}) scade tra 20 giorni, il ${itDate(addDays(today, 20))}`;
      const row = page.getByRole('row').filter({ hasText: message });
      await row.waitFor({ timeout: 20_000 });
      await page.screenshot({ path: path.join(SHOTS, 'permits-inbox.png') });
      const bell = page.getByRole('button', { name: /^Avvisi: \d+ da leggere$/ });
      // While the notice is unread the bell counts it. (inbox.e2e, beside, may mark every notice of
      // the asset managers read with «Segna tutti come letti».)
      await expect
        .poll(async () => {
          const [notice] = await api<Array<{ readAt: string | null }>>(
            `/planner/v1/notifications?filter=${encodeURIComponent(JSON.stringify({ q: name }))}`,
            { as: 'assetmanager' },
          );
          const unread = Number(await bell.getAttribute('data-unread'));
          return notice?.readAt === null ? unread > 0 : notice !== undefined;
        })
        .toBe(true);

      // Availability: the system's faces are «a rischio», with the reason.
      await page.goto(appUrl(`/availability?${q({ periodStart: addDays(today, 10), periodEnd: addDays(today, 40), step: 'week', q: face.systemCode })}`));
      await page.getByRole('table', { name: 'Disponibilità delle facce per periodo' }).waitFor();
      const risk = page.locator(`tr[data-frame-id="${face.frameId}"] [data-at-risk]`);
      await risk.waitFor();
      expect(await risk.textContent()).toBe(`a rischio: ${name} scade il ${itDate(addDays(today, 20))}`);
      await page.screenshot({ path: path.join(SHOTS, 'permits-availability.png') });
      // A period that ends before the authorization does is not at risk.
      await page.goto(appUrl(`/availability?${q({ periodStart: addDays(today, 1), periodEnd: addDays(today, 14), step: 'week', q: face.systemCode })}`));
      await page.locator(`tr[data-frame-id="${face.frameId}"]`).waitFor();
      expect(await page.locator(`tr[data-frame-id="${face.frameId}"] [data-at-risk]`).count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  }, 240_000);

  it('(2) confirming a planning with that face asks for a reason; the override is recorded and shown', async () => {
    expect(authorizationId).toBeDefined();
    const campaign = await api<{ id: number }>('/campaign/v1/campaigns', {
      method: 'POST',
      body: { name: `E2E Campagna a rischio ${STAMP}`, advertiserId: 3, periodStart: addDays(today, 10), periodEnd: addDays(today, 40), budget: 1000 },
    });
    const planning = await api<{ id: number }>('/planner/v1/plannings', {
      method: 'POST',
      body: { name: `E2E Pianificazione a rischio ${STAMP}`, campaignId: campaign.id, periodStart: addDays(today, 10), periodEnd: addDays(today, 40) },
    });
    planningId = planning.id;
    await api('/planner/v1/planningItems', { method: 'POST', body: { planningId: planning.id, frameId: face.frameId, price: 500 } });

    const { page, errors, close } = await signedIn('admin');
    try {
      await page.goto(appUrl(`/plannings/${planning.id}`));
      const status = page.getByTestId('planning-status');
      await expect.poll(() => status.textContent(), { timeout: 15_000 }).toBe('Bozza');
      await page.getByRole('button', { name: 'Passa a «Confermata»' }).click();
      const dialog = page.getByRole('dialog', { name: 'Confermare con facce a rischio?' });
      await dialog.waitFor();
      expect(await dialog.getByTestId('risk-faces').textContent()).toContain(`${face.systemCode} · ${face.frameName}: ${name} scade il ${itDate(addDays(today, 20))}`);
      // The reason is required.
      await dialog.getByRole('button', { name: 'Conferma comunque' }).click();
      await dialog.getByText('Campo obbligatorio').waitFor();
      expect(await status.textContent()).toBe('Bozza');
      await dialog.getByLabel(/Motivo della conferma/).fill('Rinnovo già richiesto al Comune');
      await page.screenshot({ path: path.join(SHOTS, 'permits-override.png') });
      await dialog.getByRole('button', { name: 'Conferma comunque' }).click();
      await expect.poll(() => status.textContent(), { timeout: 15_000 }).toBe('Confermata');
      const note = page.getByTestId('risk-override');
      await note.waitFor();
      expect(await note.textContent()).toContain('«Rinnovo già richiesto al Comune»');
      await page.screenshot({ path: path.join(SHOTS, 'permits-planning.png') });
      const saved = await api<{ status: string; riskOverride: { reason: string; by: string; faces: Array<{ frameId: number }> } | null }>(`/planner/v1/plannings/${planning.id}`);
      expect(saved.status).toBe('confirmed');
      expect(saved.riskOverride).toMatchObject({ reason: 'Rinnovo già richiesto al Comune', by: 'admin', faces: [{ frameId: face.frameId }] });
      expect(errors.filter((e) => !e.includes('409'))).toEqual([]);
    } finally {
      await close();
    }
  }, 240_000);
});
