import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, visit } from './support/browser';
import { api as sandboxApi, signedInPage } from './support/session';

/*
 * A media monitor user's day: filter the detections by brand and period, create one, export the
 * period, import a file with a bad row, mark a lead and sync it to the CRM, open each dashboard.
 * A sales user cannot open these routes.
 */

let browser: Browser;
/** A GET of the sandbox as `username` (the media monitor by default). */
const api = <T>(path: string, username = 'mediamonitor') => sandboxApi<T>(path, { as: username });

const PERIOD = { dateStart: '2026-09-01', dateEnd: '2026-10-31' };
const BRAND = 'Caffè Aurora';
const NEW_BRAND = `Gelateria E2E ${Date.now()}`;

async function signedIn(
  username: string,
): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const { context, page, errors } = await signedInPage(browser, username);
  return { page, errors, close: () => context.close() };
}

/** Progress of the long scenario, so a time-out says where it stopped. */
const step = (name: string) => console.error(`[media.e2e] ${new Date().toISOString()} ${name}`);

/** A text (or date) input by its label, with or without the required asterisk. */
const field = (page: Page, label: string) => {
  const name = new RegExp(`^${label}( \\*)?$`);
  // Inputs that suggest values (a datalist) are comboboxes.
  return page.getByRole('textbox', { name }).or(page.getByRole('combobox', { name }));
};

/** Chooses an option of a react-admin SelectInput (an MUI select) by its label. */
async function choose(page: Page, label: string | RegExp, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The agent mail screen's default period (the last 30 days up to today, local time, as the app counts): its detections, and the agents. */
async function agentMailDefaults() {
  const today = new Date();
  const start = new Date(today);
  start.setDate(start.getDate() - 29);
  const day = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  const period = await api<Array<{ auditId: number; agentId: number | null }>>(
    `/audit/v1/detection/byRangeDate?dateStart=${day(start)}&dateEnd=${day(today)}`,
  );
  const agents = await api<Array<{ id: number; fullName: string }>>('/audit/v1/detection/agent/allNameAndSurname');
  return { period, agents };
}

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('media monitor', () => {
  it('filters by brand and period, creates a detection, exports the period, imports, marks a lead and syncs it', async () => {
    const { page, errors, close } = await signedIn('mediamonitor');
    await visit(page, '/media/monitor');
    await page.getByRole('heading', { name: 'Rilevazioni', level: 1 }).waitFor();

    step('filtro');
    await field(page, 'Dal')
      .waitFor({ timeout: 90_000 })
      .catch(async (error: unknown) => {
        step(`pagina: ${(await page.locator('body').innerText()).slice(0, 600)}`);
        throw error;
      });
    // Filter: period and brand.
    await field(page, 'Dal').fill(PERIOD.dateStart);
    await field(page, 'Al').fill(PERIOD.dateEnd);
    await choose(page, 'Brand', BRAND);
    const expected = await api<Array<{ brandName: string }>>(
      `/audit/v1/detection/byRangeDate?dateStart=${PERIOD.dateStart}&dateEnd=${PERIOD.dateEnd}&brandName=${encodeURIComponent(BRAND)}`,
    );
    expect(expected.length).toBeGreaterThan(0);
    await page
      .waitForFunction(
        (n) =>
          document.body.innerText.includes(`di ${n}`) ||
          document.body.innerText.includes(`/ ${n}`) ||
          document.body.innerText.includes(`of ${n}`),
        expected.length,
        { timeout: 15_000 },
      )
      .catch(() => undefined);
    await page.getByRole('cell', { name: BRAND }).first().waitFor();
    const brands = await page
      .locator('tbody tr td')
      .filter({
        hasText:
          /^(Caffè|Pasta|Birra|Mobilità|TeleItalia|Moda|Banca|SuperMercati|Gelateria|Viaggi|Acqua|Assicurazioni)/,
      })
      .allInnerTexts();
    // Brand cells (subjects read "<brand> – <subject>"): only the chosen brand is listed.
    const brandCells = brands.filter((t) => !t.includes('–'));
    expect(brandCells.length).toBe(Math.min(25, expected.length));
    expect(new Set(brandCells)).toEqual(new Set([BRAND]));

    step('creazione');
    // Create one in the period.
    await page.getByRole('link', { name: 'Nuova rilevazione' }).click();
    await field(page, 'Data').fill('2026-10-15');
    await field(page, 'Media owner').fill('Urban Media Italia');
    await field(page, 'Brand').fill(NEW_BRAND);
    await field(page, 'Soggetto').fill(`${NEW_BRAND} – Estate`);
    await field(page, 'Comune').fill('Milano');
    await field(page, 'Indirizzo').fill('Corso Buenos Aires 33');
    await page.getByRole('button', { name: 'Salva' }).click();
    await page
      .waitForURL((url) => url.pathname === '/media/monitor')
      .catch(async (error: unknown) => {
        step(`pagina: ${(await page.locator('main').innerText()).slice(0, 1500)}`);
        await page.screenshot({ path: '.e2e/media-create-failure.png' });
        throw error;
      });
    const created = (
      await api<Array<{ auditId: number; brandName: string }>>(
        `/audit/v1/detection/byRangeDate?dateStart=2026-10-15&dateEnd=2026-10-15`,
      )
    ).find((d) => d.brandName === NEW_BRAND);
    expect(created).toBeDefined();

    step('esportazione');
    // Export the period: the file opens and holds its rows.
    await field(page, 'Dal').fill(PERIOD.dateStart);
    await field(page, 'Al').fill(PERIOD.dateEnd);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Esporta Excel' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`export_${PERIOD.dateStart}_${PERIOD.dateEnd}.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await download.path())!);
    const sheet = workbook.getWorksheet('Rilevazioni')!;
    const all = await api<unknown[]>(
      `/audit/v1/detection/byRangeDate?dateStart=${PERIOD.dateStart}&dateEnd=${PERIOD.dateEnd}`,
    );
    expect(sheet.rowCount - 1).toBe(all.length);
    const brandsInFile = new Set<string>();
    sheet.eachRow((row, n) => n > 1 && brandsInFile.add(String(row.getCell(3).value)));
    expect(brandsInFile.has(NEW_BRAND)).toBe(true);

    step('importazione');
    // Import a file with a bad row: nothing imported, the row named.
    const bad = new ExcelJS.Workbook();
    const rows = bad.addWorksheet('Rilevazioni');
    rows.addRow([
      'Data',
      'Media owner',
      'Brand',
      'Soggetto',
      'Agente',
      'Indirizzo',
      'Comune',
      'Latitudine',
      'Longitudine',
      'Formato',
      'Tipo media',
      'Stato lead',
      'Note',
    ]);
    rows.addRow([
      '2019-06-01',
      'Urban Media Italia',
      'Import E2E',
      'Import E2E – A',
      '',
      '',
      'Roma',
      '',
      '',
      '',
      '',
      'none',
      '',
    ]);
    rows.addRow([
      '2019-06-02',
      'Urban Media Italia',
      'Import E2E',
      '',
      '',
      '',
      'Roma',
      '',
      '',
      '',
      '',
      'none',
      '',
    ]);
    const buffer = Buffer.from(await bad.xlsx.writeBuffer());
    await visit(page, '/media/monitor/import');
    await page.locator('#detections-file').setInputFiles({
      name: 'rilevazioni.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer,
    });
    await page.getByRole('button', { name: 'Importa', exact: true }).click();
    await page.getByText('Nessuna rilevazione importata').waitFor();
    // Every mistake on a line of its own: the row, the column, the value, what is wrong.
    const rejected = page.getByRole('table', { name: 'Errori del file, riga per riga' });
    await expect(rejected.getByRole('rowheader', { name: '3', exact: true }).isVisible()).resolves.toBe(true);
    await expect(rejected.locator('[data-rejected-row="3"][data-column="Soggetto"]').textContent()).resolves.toContain('obbligatorio, manca');
    expect(
      await api<unknown[]>('/audit/v1/detection/byRangeDate?dateStart=2019-06-01&dateEnd=2019-06-30'),
    ).toEqual([]);

    step('lead e CRM');
    // Mark the new detection as a lead (the status shows), then sync the leads to the CRM.
    await visit(page, `/media/monitor/${created!.auditId}`);
    await page
      .getByRole('button', { name: `Lead ${created!.auditId}`, exact: true })
      .first()
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Salva' }).click();
    await page.getByText('Stato del lead aggiornato: Nuovo lead').waitFor();
    await visit(page, '/media/monitor/crm-sync');
    await page.getByTestId('new-leads').waitFor();
    await page.getByRole('button', { name: 'Sincronizza con il CRM' }).click();
    await page.getByText(/Opportunità create: \d+/).waitFor();
    // The result names the detection (brand – date) and the opportunity, never their ids.
    const createdTable = page.getByRole('table', { name: /^Create/ });
    const row = createdTable.getByRole('row').filter({ hasText: NEW_BRAND });
    await row.getByRole('cell').nth(1).filter({ hasText: /\S/ }).waitFor();
    const opportunityName = (await row.getByRole('cell').nth(1).innerText()).trim();
    expect(opportunityName).not.toMatch(/^#?\d+$/);
    const named = (await api<Array<{ id: number; name: string }>>('/opportunity/v1/opportunity/getAllDto', 'sales')).filter(
      (o) => o.name === opportunityName,
    );
    expect(named.length).toBeGreaterThan(0);
    const opportunityId = Math.max(...named.map((o) => o.id));

    step('opportunità');
    // The opportunity is there for a sales user.
    const opportunity = await api<{ id: number; detectionId?: number; source: string }>(
      `/opportunity/v1/opportunity/getOpportunityById/${opportunityId}`,
      'sales',
    );
    expect(opportunity).toMatchObject({
      id: opportunityId,
      detectionId: created!.auditId,
      source: 'mediamonitor',
    });

    expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
    await close();
  }, 300_000);

  it('agent mail lists only the chosen agent’s detections, and sends only those', async () => {
    const { page, errors, close } = await signedIn('mediamonitor');
    const { period, agents } = await agentMailDefaults();
    const counts = agents
      .map((a) => ({ agent: a, count: period.filter((d) => d.agentId === a.id).length }))
      .filter((c) => c.count > 0 && c.count <= 300)
      .sort((a, b) => a.count - b.count);
    expect(counts.length, 'two agents with detections in the last 30 days').toBeGreaterThanOrEqual(2);
    expect(counts[0].count).toBeLessThan(period.length);

    // The list's toolbar keeps the three sends behind one menu.
    await visit(page, '/media/monitor');
    await page.getByRole('button', { name: 'Invia…' }).click();
    await page.getByRole('menuitem', { name: 'Invia all’agente' }).click();
    await page.getByRole('heading', { name: 'Invio rilevazioni all’agente', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/media/monitor/agent-mail');
    const rows = page.locator('table tbody tr');
    for (const { agent, count } of [counts[0], counts[counts.length - 1]]) {
      await page.getByRole('combobox', { name: /agente/i }).click();
      await page.getByRole('option', { name: agent.fullName, exact: true }).click();
      await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(count);
    }

    // Select every row shown, then go back to the first agent: the other agent's picks don't count.
    await page.getByRole('checkbox', { name: /seleziona tutto|select all/i }).check();
    await page.getByText(`${counts[counts.length - 1].count} rilevazioni selezionate`).waitFor();
    await page.getByRole('combobox', { name: /agente/i }).click();
    await page.getByRole('option', { name: counts[0].agent.fullName, exact: true }).click();
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(counts[0].count);
    expect(await page.getByRole('button', { name: 'Invia per mail' }).isDisabled()).toBe(true);
    expect(errors).toEqual([]);
    await close();
  });

  it('agent mail exports the chosen agent’s detections and mails the rows picked', async () => {
    const { page, errors, close } = await signedIn('mediamonitor');
    const { period, agents } = await agentMailDefaults();
    const [{ agent, ids }] = agents
      .map((a) => ({ agent: a, ids: period.filter((d) => d.agentId === a.id).map((d) => d.auditId) }))
      .filter((c) => c.ids.length >= 2)
      .sort((a, b) => a.ids.length - b.ids.length);

    await visit(page, '/media/monitor/agent-mail');
    await page.getByRole('combobox', { name: /agente/i }).click();
    await page.getByRole('option', { name: agent.fullName, exact: true }).click();
    const rows = page.locator('table tbody tr');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(ids.length);

    // The export: every detection of the agent in the period, with the list's Italian headers.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Esporta', exact: true }).click(),
    ]);
    const lines = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    const header = lines[0].split(';');
    expect(header.slice(0, 2)).toEqual(['N.', 'Data']);
    const agentColumn = header.indexOf('Agente');
    expect(lines.slice(1).map((l) => Number(l.split(';')[0])).sort()).toEqual([...ids].sort());
    expect(new Set(lines.slice(1).map((l) => l.split(';')[agentColumn]))).toEqual(new Set([agent.fullName]));

    // Two rows picked (a click on a row selects it): one mail with those two.
    await rows.nth(0).getByRole('cell').nth(2).click();
    await rows.nth(1).getByRole('cell').nth(2).click();
    await page.getByText('2 rilevazioni selezionate').waitFor();
    await page.getByRole('button', { name: 'Invia per mail' }).click();
    await page.getByText(/^Mail n\. \d+ inviata a \S+ con 2 rilevazioni/).waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it('opens each dashboard and the fields management', async () => {
    const { page, errors, close } = await signedIn('mediamonitor');
    await visit(page, '/media/analytics');
    await page.getByTestId('detections-total').waitFor();
    await expect(page.getByRole('region', { name: 'Rilevazioni per brand' }).isVisible()).resolves.toBe(true);
    await page
      .getByRole('region', { name: 'Rilevazioni per brand' })
      .getByRole('button', { name: 'Mostra tabella' })
      .click();
    await expect(page.getByRole('table', { name: /Rilevazioni per brand/ }).isVisible()).resolves.toBe(true);

    await visit(page, '/dashboard/analytics');
    await page.getByRole('heading', { name: 'Dashboard Funnel', level: 1 }).waitFor();
    await page.getByTestId('funnel-summary').waitFor();
    await page.getByRole('region', { name: /Funnel: opportunità/ }).waitFor();

    await visit(page, '/DOOH/analytics');
    await page.getByRole('heading', { name: 'Programmatic DOOH', level: 1 }).waitFor();
    await page
      .getByText(/Passaggi: [\d.]+|dati non disponibili/)
      .first()
      .waitFor();

    await visit(page, '/media/manage');
    await page.getByRole('heading', { name: 'Gestione Campi', level: 1 }).waitFor();
    await page.getByRole('tab', { name: 'Tipo media' }).click();
    await page
      .getByRole('table', { name: 'Tipo media' })
      .getByRole('cell', { name: 'Affissione', exact: true })
      .waitFor();
    await page.getByRole('tab', { name: 'Agenti' }).click();
    await page.getByRole('cell', { name: 'Mario Rossi' }).waitFor();

    expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
    await close();
  });

  it('Gestione Campi: searches and sorts a type, adds (refusing a too-long or taken name), renames, exports and deletes a value', async () => {
    const { page, errors, close } = await signedIn('mediamonitor');
    type Value = { id: number; name: string; description: string | null };
    const values = () => api<Value[]>('/audit/v1/detection/location/all');
    const seeded = await values();
    expect(seeded.length).toBeGreaterThan(2);
    const NAME = `Porto E2E ${Date.now()}`;
    const RENAMED = `${NAME} rinominato`;

    await visit(page, '/media/manage');
    await page.getByRole('heading', { name: 'Gestione Campi', level: 1 }).waitFor();
    await page.getByRole('tab', { name: 'Tipo di luogo' }).click();
    const table = page.getByRole('table', { name: 'Tipo di luogo' });
    const rows = table.locator('tbody tr');
    const firstName = () => rows.first().getByRole('cell').nth(1).innerText();
    const byName = [...seeded].sort((a, b) => a.name.localeCompare(b.name, 'it'));
    await expect.poll(firstName, { timeout: 30_000 }).toBe(byName[0].name);

    step('campi: ricerca e ordinamento');
    // The search reads names and descriptions; the type's other values go.
    const sought = byName[byName.length - 1];
    await page.getByRole('textbox', { name: 'Cerca' }).fill(sought.name.toUpperCase());
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(1);
    expect(await firstName()).toBe(sought.name);
    await page.getByRole('textbox', { name: 'Cerca' }).fill('');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(seeded.length);
    // The name column sorts the other way round on a click.
    await table.getByRole('button', { name: 'Nome' }).click();
    await expect.poll(firstName, { timeout: 15_000 }).toBe(sought.name);

    step('campi: aggiunta');
    let saves = 0;
    await page.route('**/detection/location/save', (route) => {
      saves += 1;
      return route.continue();
    });
    await page.getByRole('button', { name: 'Aggiungi a Tipo di luogo' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^Nome/).fill('x'.repeat(101));
    await dialog.getByRole('button', { name: 'Salva' }).click();
    await dialog.locator('.ra-input-name').getByText('Deve contenere al massimo 100 caratteri').waitFor();
    expect(saves).toBe(0);
    // A name the type already has: the service's refusal under the name, what was typed kept.
    await dialog.getByLabel(/^Nome/).fill(seeded[0].name);
    await dialog.getByRole('button', { name: 'Salva' }).click();
    await dialog.locator('.ra-input-name').getByText(`Esiste già un valore «${seeded[0].name}»`, { exact: false }).waitFor();
    expect(saves).toBe(1);
    await dialog.getByLabel(/^Nome/).fill(NAME);
    await dialog.getByLabel(/^Descrizione/).fill('Banchina del porto');
    await dialog.getByRole('button', { name: 'Salva' }).click();
    await dialog.waitFor({ state: 'detached' });
    await table.getByRole('cell', { name: NAME, exact: true }).waitFor();
    const added = (await values()).find((v) => v.name === NAME);
    expect(added?.description).toBe('Banchina del porto');

    step('campi: modifica');
    await page.getByRole('button', { name: `Modifica ${NAME}`, exact: true }).click();
    await dialog.getByLabel(/^Nome/).fill(RENAMED);
    await dialog.getByRole('button', { name: 'Salva' }).click();
    await dialog.waitFor({ state: 'detached' });
    await table.getByRole('cell', { name: RENAMED, exact: true }).waitFor();
    expect((await values()).find((v) => v.id === added!.id)?.name).toBe(RENAMED);

    step('campi: esportazione');
    // Every value of the type, Italian headers, whatever the page shows.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Esporta', exact: true }).click(),
    ]);
    const lines = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0]).toBe('N.;Nome;Descrizione');
    const all = await values();
    expect(lines.length).toBe(all.length + 1);
    expect(lines.slice(1).map((l) => l.split(';')[1]).sort()).toEqual(all.map((v) => v.name).sort());
    expect(lines).toContain(`${added!.id};${RENAMED};Banchina del porto`);

    step('campi: eliminazione');
    await page.getByRole('button', { name: `Elimina ${RENAMED}`, exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Conferma' }).click();
    await page.getByText(`Valore «${RENAMED}» eliminato`).waitFor({ timeout: 30_000 });
    await table.getByRole('cell', { name: RENAMED, exact: true }).waitFor({ state: 'detached' });
    // The service no longer has it (read until it says so: the row may leave the table while the
    // list reloads, before the answer to the delete).
    await expect.poll(async () => (await values()).some((v) => v.id === added!.id), { timeout: 30_000 }).toBe(false);

    // react-admin logs a refused call: the taken name above was refused on purpose.
    expect(errors.filter((e) => !/Failed to load resource|Esiste già un valore/.test(e))).toEqual([]);
    await close();
  });

  it('reads dd/mm/yyyy dates on the detections table and names, never ids, in the funnel', async () => {
    const { page, errors, close } = await signedIn('mediamonitor');
    await visit(page, '/media/monitor');
    await page.getByRole('heading', { name: 'Rilevazioni', level: 1 }).waitFor();
    await field(page, 'Dal').fill(PERIOD.dateStart);
    await field(page, 'Al').fill(PERIOD.dateEnd);
    await page.getByRole('cell', { name: BRAND }).first().waitFor();
    const cells = (await page.locator('tbody tr td').allInnerTexts()).map((t) => t.trim());
    expect(cells.filter((t) => /^\d{2}\/\d{2}\/\d{4}$/.test(t)).length).toBeGreaterThan(0);
    expect(cells.filter((t) => /^\d{4}-\d{2}-\d{2}$/.test(t))).toEqual([]);

    // The campaigns (the last source, after the orders) held back: the cards stand where they will
    // stay, so a click on a card's button as the last source arrives lands on that button.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/campaigns(\?|$)/, async (route) => {
      await held;
      await route.continue();
    });
    await visit(page, '/dashboard/analytics');
    await page.getByRole('heading', { name: 'Dashboard Funnel', level: 1 }).waitFor();
    const bySales = page.getByRole('region', { name: 'Valore degli ordini per commerciale' });
    const loading = page.getByRole('progressbar', { name: 'Caricamento', exact: true });
    await loading.waitFor();
    const whilePending = (await bySales.boundingBox())!.y;
    release();
    await loading.waitFor({ state: 'detached' });
    expect((await bySales.boundingBox())!.y).toBe(whilePending);
    await page.unroute(/\/campaigns(\?|$)/);
    await bySales.getByRole('button', { name: 'Mostra tabella' }).click();
    const table = bySales.getByRole('table');
    await table.locator('tbody tr').first().waitFor();
    const people = await table.locator('tbody tr td:first-child').allInnerTexts();
    expect(people.length).toBeGreaterThan(0);
    // Every sales person by name: no "#1", no bare number, no placeholder for a known user.
    for (const name of people) {
      expect(name).not.toMatch(/^#?\d+$/);
      expect(name).not.toBe('Commerciale non più presente');
    }
    expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
    await close();
  });

  it('the DOOH dashboard reads plays, devices and campaigns through the data provider and names them', async () => {
    const { page, errors, close } = await signedIn('mediamonitor');
    await page.setViewportSize({ width: 1280, height: 720 });
    await visit(page, '/DOOH/analytics');
    await page.getByRole('heading', { name: 'Programmatic DOOH', level: 1 }).waitFor();
    const totals = page.getByTestId('dooh-totals');
    await totals.waitFor();
    // The seeded plays run up to today, so the last 30 days are never empty.
    expect(Number((await totals.innerText()).match(/Passaggi: ([\d.]+)/)![1].replace(/\./g, ''))).toBeGreaterThan(0);
    for (const [region, fallback] of [['Passaggi per dispositivo', /^Dispositivo \d+$/], ['Passaggi per campagna', /^Campagna \d+$/]] as const) {
      const card = page.getByRole('region', { name: region });
      await card.getByRole('button', { name: 'Mostra tabella' }).click();
      await card.getByRole('table').locator('tbody tr').first().waitFor();
      const names = await card.getByRole('table').locator('tbody tr td:first-child').allInnerTexts();
      expect(names.length).toBeGreaterThan(0);
      for (const name of names) expect(name.trim()).not.toMatch(fallback);
    }
    expect(await page.getByText(/dati non disponibili/).count()).toBe(0);
    await page.screenshot({ path: '.e2e/screenshots/dooh-analytics-1280.png' });
    expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
    await close();
  });

  it('a bar of a dashboard chart tells its name and its Italian-formatted value on hover and on keyboard focus', async () => {
    const { page, errors, close } = await signedIn('mediamonitor');
    await page.setViewportSize({ width: 1280, height: 720 });
    await visit(page, '/dashboard/analytics');
    const card = page.getByRole('region', { name: 'Valore degli ordini per commerciale' });
    const chart = card.getByRole('img', { name: 'Valore degli ordini per commerciale' });
    await chart.waitFor();
    // The first bar is the first row of the chart's own table (both largest first).
    await card.getByRole('button', { name: 'Mostra tabella' }).click();
    const first = card.getByRole('table').locator('tbody tr').first();
    const [name, value] = (await first.locator('td').allInnerTexts()).filter((_, i, all) => i === 0 || i === all.length - 1);
    const euros = Math.round(Number(value.replace(/\./g, '').replace(',', '.')));
    expect(euros).toBeGreaterThan(1000);
    const tooltip = async () => (await page.getByRole('tooltip').innerText()).replace(/\s+/g, ' ');
    // "105.234 €": thousands grouped with a dot, no decimals, the euro after the figure.
    const expected = `${euros.toLocaleString('it-IT', { useGrouping: 'always' } as Intl.NumberFormatOptions)} €`;

    await chart.locator('.MuiBarElement-root').first().hover();
    await expect.poll(tooltip, { timeout: 10_000 }).toContain(name.trim());
    expect(await tooltip()).toContain(expected);
    expect(await tooltip()).toMatch(/\d{1,3}(\.\d{3})+ €/);

    // Keyboard: the chart is in the tab order and the arrow keys walk its bars, the tooltip following.
    await page.mouse.move(0, 0);
    await expect.poll(() => page.getByRole('tooltip').count()).toBe(0);
    expect(await chart.getAttribute('tabindex')).toBe('0');
    await chart.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(tooltip, { timeout: 10_000 }).toContain(name.trim());
    expect(await tooltip()).toContain(`Valore ordini (€) ${expected}`);
    expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
    await close();
  });

  it('a dashboard chart has Italian axis labels and ticks, and a legend where it has series', async () => {
    const { page, errors, close } = await signedIn('mediamonitor');
    await page.setViewportSize({ width: 1280, height: 720 });
    await visit(page, '/media/analytics');
    const overTime = page.getByRole('img', { name: 'Rilevazioni nel tempo' });
    await overTime.waitFor();
    // SVG text has no innerText: read its text content.
    const labels = (chart: typeof overTime) => chart.locator('.MuiChartsAxis-label').allTextContents();
    expect((await labels(overTime)).sort()).toEqual(['Periodo', 'Rilevazioni']);
    // The default period is a year: its buckets are months, named in Italian ("nov 25").
    const ticks = (await overTime.locator('.MuiChartsAxis-directionX .MuiChartsAxis-tickLabel').allTextContents()).filter(Boolean);
    expect(ticks.length).toBeGreaterThan(3);
    for (const tick of ticks) expect(tick).toMatch(/^(gen|feb|mar|apr|mag|giu|lug|ago|set|ott|nov|dic) \d{2}$/);
    expect((await labels(page.getByRole('img', { name: 'Rilevazioni per brand' }))).sort()).toEqual(['Brand', 'Rilevazioni']);

    await visit(page, '/dashboard/analytics');
    const stages = page.getByRole('img', { name: 'Fasi del funnel per commerciale' });
    await stages.waitFor();
    expect((await labels(stages)).sort()).toEqual(['Commerciale', 'Numero']);
    const legend = page.getByRole('region', { name: 'Fasi del funnel per commerciale' }).locator('.MuiChartsLegend-root');
    await expect.poll(() => legend.innerText()).toMatch(/Opportunità\s+Preventivi\s+Ordini\s+Campagne/);
    // One series: its name is the value axis' label, no legend.
    expect(await page.getByRole('region', { name: 'Valore degli ordini per commerciale' }).locator('.MuiChartsLegend-root').count()).toBe(0);
    expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
    await close();
  });

  it('names the DOOH system types in Italian on /dooh-manage, never their codes', async () => {
    const { page, errors, close } = await signedIn('admin');
    await visit(page, '/dooh-manage/manage');
    const table = page.getByRole('table');
    await table.locator('tbody tr').first().waitFor();
    const types = await table.locator('tbody tr td:nth-child(3)').allInnerTexts();
    expect(types.length).toBeGreaterThan(0);
    for (const type of types) expect(type).not.toMatch(/^(alux|customdooh|posterdooh|totem)$/);
    expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
    await close();
  });

  it('a sales user gets /403 on the media monitor and analytics routes', async () => {
    const { page, close } = await signedIn('sales');
    for (const path of [
      '/media/monitor',
      '/media/monitor/import',
      '/media/manage',
      '/media/analytics',
      '/dashboard/analytics',
      '/DOOH/analytics',
    ]) {
      await visit(page, path);
      await page.waitForURL((url) => url.pathname === '/403', { timeout: 15_000 });
    }
    await close();
  });
});
