import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, chooseOption, launch, networkQuiet, newContext, openDialog, pickOption, signIn, visit } from './support/browser';
import { api, signedInPage } from './support/session';

/* PATRIMONIO systems, as an asset manager: form with the geo cascade, list, search, map, images, import, delete. */

let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[] = [];
let systemId = 0;
let code = '';
const NAME = `E2E Poster Via Dante ${Date.now() % 100000}`;

const HEADERS = ['Codice', 'Nome', 'Tipo', 'Tipologia', 'Stato', 'Indirizzo', 'Codice ISTAT comune', 'CAP', 'Latitudine', 'Longitudine'];

async function workbook(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Impianti');
  sheet.addRow(HEADERS);
  rows.forEach((r) => sheet.addRow(r));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function pick(label: RegExp, option: string | RegExp) {
  await chooseOption(page, page.getByRole('combobox', { name: label }), option, { exact: typeof option === 'string' });
}

beforeAll(async () => {
  browser = await launch();
  ({ context, page, errors } = await signedInPage(browser, 'assetmanager'));
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('systems as an asset manager', () => {
  it('creates a system through the form with the geo cascade and the geocoded pin', async () => {
    await visit(page, '/systems-manage/manage/new');
    await pick(/^Tipologia/, 'Poster');
    await page.getByLabel(/^Nome/).fill(NAME);
    await pick(/^Regione/, 'Lombardia');
    await pick(/^Provincia/, 'Milano');
    await pickOption(page, page.getByRole('combobox', { name: /^Comune/ }), 'Milano', 'Milano', { exact: true });
    await expect.poll(() => page.getByRole('combobox', { name: /^CAP/ }).textContent(), { timeout: 30_000 }).toMatch(/\d{5}/);
    await page.getByLabel(/^Indirizzo/).fill('Via Dante 7');
    await page.getByRole('button', { name: /Geolocalizza/ }).click();
    await expect.poll(() => page.getByLabel(/^Latitudine/).inputValue(), { timeout: 30_000 }).toMatch(/^45\./);
    expect(await page.locator('[data-testid=system-form-map] .system-pin').count()).toBe(1);
    await page.getByRole('button', { name: 'Salva' }).click();
    await page.waitForURL(/\/systems-manage\/\d+$/, { timeout: 90_000 });
    systemId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByTestId('system-detail').waitFor({ timeout: 30_000 });
    const heading = await page.getByRole('heading', { level: 1 }).textContent();
    code = heading!.split(' · ')[0].trim();
    expect(code).toMatch(/^MI-\d{4,}$/);
    expect(await page.getByTestId('system-detail').textContent()).toContain('Milano');
  });

  it('finds it in the list search with suggestions and in the filtered list', async () => {
    await visit(page, '/systems-manage/manage');
    // The pagination speaks Italian: the range, and the page buttons' names.
    await expect.poll(() => page.getByText(/^1-10 di \d+$/).count(), { timeout: 30_000 }).toBe(1);
    expect(await page.getByRole('button', { name: 'Pagina successiva' }).count()).toBe(1);
    const search = page.getByRole('combobox', { name: /Cerca impianti/ });
    await search.fill(code);
    await expect.poll(() => page.getByRole('option').first().textContent(), { timeout: 30_000 }).toContain(code);
    await search.press('Escape');
    await search.press('Enter');
    await expect.poll(() => page.getByRole('cell', { name: code, exact: true }).count(), { timeout: 30_000 }).toBe(1);
  });

  it('the whole filtered search scrolls steadily under its column heads, however its rows wrap, down to the last row', async () => {
    await page.setViewportSize({ width: 1280, height: 720 });
    const filter = { statuses: ['initialized', 'active', 'maintenance'] };
    await page.goto(appUrl(`/systems-manage/manage?filter=${encodeURIComponent(JSON.stringify(filter))}`));
    const box = page.getByTestId('systems-virtual');
    await box.locator('tbody td.column-code').first().waitFor({ timeout: 60_000 });
    const total = Number((await page.getByTestId('systems-count').textContent())!.match(/\d+/)![0]);
    expect(total).toBeGreaterThan(200);
    // At 1280 px names and addresses wrap: the rows are not all one height.
    const heights = await box.locator('tbody tr:has(td.column-code)').evaluateAll((rows) => new Set(rows.map((r) => Math.round(r.getBoundingClientRect().height))).size);
    expect(heights).toBeGreaterThan(1);
    // The first row fully below the column heads: its code and its distance from the box's top.
    const probe = () =>
      box.evaluate((el) => {
        const top = el.getBoundingClientRect().top;
        const head = el.querySelector('thead')!.getBoundingClientRect().height;
        const row = [...el.querySelectorAll<HTMLElement>('tbody tr:has(td.column-code)')].find((tr) => tr.getBoundingClientRect().top >= top + head);
        // None while the rows of the new place are still being drawn.
        return row ? { code: row.querySelector('td.column-code')!.textContent!, y: row.getBoundingClientRect().top - top } : null;
      });
    const offsetOf = (code: string) =>
      box.evaluate((el, c) => {
        const row = [...el.querySelectorAll<HTMLElement>('tbody tr:has(td.column-code)')].find((tr) => tr.querySelector('td.column-code')?.textContent === c);
        return row ? row.getBoundingClientRect().top - el.getBoundingClientRect().top : null;
      }, code);
    const scrollTo = (y: number) => box.evaluate((el, to) => void (el.scrollTop = to), y);
    // Steady once the rows in view are drawn and measured: the same row at the same place in two
    // looks at least 100 ms apart (expect.poll's interval), so a redraw after a scroll is seen.
    const settled = async () => {
      let last = await probe();
      await expect
        .poll(async () => {
          const now = await probe();
          const same = now !== null && now.code === last?.code && now.y === last.y;
          last = now;
          return same;
        }, { timeout: 10_000 })
        .toBe(true);
      return last!;
    };
    for (const at of [0, 3_000, 30_000]) {
      await scrollTo(at);
      const { code, y } = await settled();
      await scrollTo((await box.evaluate((el) => el.scrollTop)) + 300);
      await settled();
      // A row moves up by what the box scrolled, no more, no less (within a pixel's rounding).
      expect(Math.abs(((await offsetOf(code)) ?? Infinity) - (y - 300))).toBeLessThanOrEqual(1);
      // The column heads stay at the top of the box.
      expect(await box.evaluate((el) => Math.round(el.querySelector('thead th.column-code')!.getBoundingClientRect().top - el.getBoundingClientRect().top))).toBe(0);
    }
    // The bottom of the box holds the filter's last row.
    await expect
      .poll(async () => {
        await box.evaluate((el) => void (el.scrollTop = el.scrollHeight));
        return box.locator('tbody tr[data-index]').last().getAttribute('data-index');
      }, { timeout: 10_000 })
      .toBe(String(total - 1));
    await page.screenshot({ path: '.e2e/screenshots/systems-filtered-search-scrolled.png' });
    await page.setViewportSize({ width: 1366, height: 900 });
  });

  /** The export of the list as it stands: its lines (header first). */
  async function exportLines(): Promise<string[]> {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Esporta', exact: true }).click()]);
    return readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '').trimEnd().split('\r\n');
  }

  it('exports every row of the list with no filter, codes as Italian labels', async () => {
    const answer = page.waitForResponse((r) => r.url().includes('/system/all/page/'));
    await visit(page, '/systems-manage/manage?filter=%7B%7D');
    const list = new URL((await answer).url());
    const { totalElements } = (await (await answer).json()) as { totalElements: number };
    expect(totalElements).toBeGreaterThan(10);
    await page.getByRole('table').waitFor();
    // The list's whole query in one page, from the service. The files running beside this one add
    // and delete systems meanwhile: the file holds every system there before and after it, and none
    // that was in neither.
    const codes = async () => {
      const whole = `${list.pathname.replace(/\/page\/\d+\/perPage\/\d+/, '/page/0/perPage/9999')}${list.search}`;
      return new Set((await api<{ content: Array<{ code: string }> }>(whole)).content.map((s) => s.code));
    };
    const before = await codes();
    const lines = await exportLines();
    const after = await codes();
    const exported = lines.slice(1).map((l) => l.split(';')[0]);
    expect(new Set(exported).size).toBe(exported.length);
    const inFile = new Set(exported);
    expect([...before].filter((c) => after.has(c) && !inFile.has(c))).toEqual([]);
    expect(exported.filter((c) => !before.has(c) && !after.has(c))).toEqual([]);
    expect(lines[0].split(';').slice(0, 5)).toEqual(['Codice', 'Nome', 'Tipo', 'Tipologia', 'Stato']);
    const ours = lines.find((l) => l.startsWith(`${code};`));
    expect(ours).toContain(';Poster;');
    expect(ours).not.toContain(';poster;');
  });

  it('refuses a too-long name under the field before sending', async () => {
    await visit(page, `/systems-manage/${systemId}/edit`);
    let sent = 0;
    await page.route('**/system/update**', (route) => {
      sent += 1;
      return route.continue();
    });
    await page.getByLabel(/^Nome/).fill('x'.repeat(201));
    await page.getByRole('button', { name: 'Salva' }).click();
    await page.locator('.ra-input-name').getByText('Deve contenere al massimo 200 caratteri').waitFor();
    expect(sent).toBe(0);
    await page.unroute('**/system/update**');
  });

  it('renamed to a formula, the export holds it as text', async () => {
    await visit(page, `/systems-manage/${systemId}/edit`);
    // The form is filled once the record and the geo cascade's choices have loaded: typing before
    // that is typing into a form about to be reset.
    await expect.poll(() => page.getByLabel(/^Nome/).inputValue(), { timeout: 30_000 }).not.toBe('');
    await networkQuiet(page);
    await page.getByLabel(/^Nome/).fill('=HYPERLINK("x")');
    await page.getByRole('button', { name: 'Salva' }).click();
    await page.waitForURL(new RegExp(`/systems-manage/${systemId}$`), { timeout: 60_000 });
    await visit(page, '/systems-manage/manage?filter=%7B%7D');
    await page.getByRole('table').waitFor();
    const ours = (await exportLines()).find((l) => l.startsWith(`${code};`));
    expect(ours).toContain(`;"'=HYPERLINK(""x"")";`);
  });

  it('shows it on the map (viewport loaded through inAreaList, clustered markers)', async () => {
    const answer = page.waitForResponse((r) => r.url().includes('/system/inAreaList'));
    await visit(page, '/systems-manage/map');
    const markers = (await (await answer).json()) as { id: number }[];
    expect(markers.map((m) => m.id)).toContain(systemId);
    await expect.poll(() => page.locator('.system-cluster, .system-marker').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    expect(await page.locator('.leaflet-marker-icon').count()).toBeLessThan(500);
  });

  it('uploads and deletes an image', async () => {
    await visit(page, `/systems-manage/${systemId}`);
    await page.getByTestId('system-gallery').waitFor({ timeout: 30_000 });
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    await page.getByTestId('image-input').setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: png });
    await expect.poll(() => page.locator('[data-image-id]').count(), { timeout: 30_000 }).toBe(1);
    await page.getByRole('button', { name: /Elimina l’immagine/ }).click();
    await page.getByRole('button', { name: 'Conferma' }).click();
    await expect.poll(() => page.locator('[data-image-id]').count(), { timeout: 30_000 }).toBe(0);
    await expect.poll(() => page.getByTestId('system-history').textContent(), { timeout: 30_000 }).toContain('Rimozione');
    // The history names what happened to the image, never its id.
    const history = await page.getByTestId('system-history').textContent();
    expect(history).toContain('Immagine aggiunta');
    expect(history).toContain('Immagine eliminata');
    expect(history).not.toMatch(/images:/);
    // References by name: the creation names the municipality, not its ISTAT code.
    expect(history).toContain('Comune: Milano');
    expect(history).not.toContain('015146');
  });

  it('from the system detail: refuses a width of 0 under the field, adds the frame, then deletes it', async () => {
    await visit(page, `/systems-manage/${systemId}`);
    await page.getByRole('button', { name: 'Aggiungi un frame' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^Nome/).fill('Faccia nord');
    // The document's width is exclusiveMinimum: 0: the form says so and sends nothing.
    let sent = 0;
    const count = (request: { method(): string; url(): string }) => {
      if (request.method() === 'POST' && /\/frames$/.test(new URL(request.url()).pathname)) sent += 1;
    };
    page.on('request', count);
    await dialog.getByLabel(/^Larghezza/).fill('0');
    await dialog.getByRole('button', { name: 'Salva' }).click();
    await dialog.getByText('Deve essere maggiore di 0').waitFor({ timeout: 10_000 });
    expect(sent).toBe(0);
    await dialog.getByLabel(/^Larghezza/).fill('600');
    // The face excludes an advertisers' business area, picked from the service's list.
    await dialog.getByLabel('Settori esclusi').click();
    await page.getByRole('option', { name: 'Giochi e scommesse' }).click();
    await dialog.getByRole('button', { name: 'Salva' }).click();
    await expect.poll(() => page.getByTestId('system-frames').textContent(), { timeout: 30_000 }).toContain('Faccia nord');
    const [saved] = await api<Array<{ name: string; excludedBusinessAreas: string[] }>>(
      `/frame/v1/frames?filter=${encodeURIComponent(JSON.stringify({ systemId }))}`,
    ).then((frames) => frames.filter((f) => f.name === 'Faccia nord'));
    expect(saved.excludedBusinessAreas).toEqual(['Giochi e scommesse']);
    // The saved dialog closes (its fade-out may outlast the list's refresh).
    await page.getByRole('dialog').waitFor({ state: 'detached', timeout: 10_000 });
    page.off('request', count);
    expect(sent).toBe(1);
    await page.getByRole('button', { name: 'Elimina il frame Faccia nord' }).click();
    await page.getByRole('button', { name: 'Conferma' }).click();
    await expect.poll(() => page.getByTestId('system-frames').textContent(), { timeout: 30_000 }).not.toContain('Faccia nord');
  });

  it('from the system detail: links a team with its duties, adds the system to a circuit, then removes it and unlinks the team', async () => {
    const tag = String(Date.now() % 1000000).padStart(6, '0');
    const TEAM = `E2E Squadra dettaglio ${tag}`;
    const CIRCUIT = `E2E Circuito dettaglio ${tag}`;
    const team = await api<{ id: number }>('/systems/v1/team/create/', {
      method: 'POST',
      body: { companyName: TEAM, vat: `77777${tag}`, providerType: ['installazione', 'manutenzione'], mail: `dettaglio${tag}@squadre.it` },
    });
    const circuit = await api<{ id: number }>(`/circuits/v1/circuit/create?name=${encodeURIComponent(CIRCUIT)}&type=OOH`, { method: 'POST' });
    await page.setViewportSize({ width: 1280, height: 720 });
    await visit(page, `/systems-manage/${systemId}`);
    const teams = page.getByTestId('system-teams');
    const circuits = page.getByTestId('system-circuits');
    // An OOH system takes no players: the devices section says so instead of offering to attach one.
    await expect.poll(() => page.getByTestId('system-devices').textContent(), { timeout: 30_000 }).toContain('Un impianto OOH non ha player');

    // Link the team, picked by name, with two duties picked by their labels.
    let dialog = page.getByRole('dialog', { name: 'Collega una squadra a questo impianto' });
    await openDialog(teams.getByRole('button', { name: 'Collega una squadra a questo impianto' }), dialog);
    await pickOption(page, dialog.getByRole('combobox', { name: /^Squadra/ }), TEAM);
    await dialog.getByRole('combobox', { name: /^Mansioni/ }).click();
    await page.getByRole('option', { name: 'Manutenzione' }).click();
    await page.getByRole('option', { name: 'Affissione' }).click();
    await page.keyboard.press('Escape');
    await page.screenshot({ path: '.e2e/screenshots/system-detail-link-team.png', animations: 'disabled' });
    await dialog.getByRole('button', { name: 'Collega' }).click();
    await page.getByText(`Squadra ${TEAM} collegata all’impianto ${code}`).waitFor();
    const teamRow = teams.getByRole('row').filter({ hasText: TEAM });
    await expect.poll(() => teamRow.textContent(), { timeout: 30_000 }).toMatch(/Manutenzione, Affissione|Affissione, Manutenzione/);

    // Change its duties: Pulizia as well.
    await teams.getByRole('button', { name: `Modifica le mansioni di ${TEAM}` }).click();
    dialog = page.getByRole('dialog', { name: `Mansioni di ${TEAM}` });
    await dialog.getByRole('combobox', { name: /^Mansioni/ }).click();
    await page.getByRole('option', { name: 'Pulizia' }).click();
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Salva' }).click();
    await page.getByText(`Mansioni di ${TEAM} aggiornate`).waitFor();
    await expect.poll(() => teamRow.textContent(), { timeout: 30_000 }).toContain('Pulizia');

    // Into the circuit, picked by name.
    await circuits.getByRole('button', { name: 'Aggiungi a un circuito' }).click();
    dialog = page.getByRole('dialog', { name: `Aggiungi ${code} a un circuito` });
    await pickOption(page, dialog.getByRole('combobox', { name: /^Circuito OOH/ }), CIRCUIT);
    await page.screenshot({ path: '.e2e/screenshots/system-detail-add-circuit.png', animations: 'disabled' });
    await dialog.getByRole('button', { name: 'Aggiungi impianto' }).click();
    await page.getByText(`Impianto ${code} aggiunto al circuito ${CIRCUIT}`).waitFor();
    await circuits.getByRole('cell', { name: CIRCUIT, exact: true }).waitFor({ timeout: 30_000 });

    // Out of it, after a confirmation naming it.
    await circuits.getByRole('button', { name: `Togli dal circuito ${CIRCUIT}` }).click();
    dialog = page.getByRole('dialog', { name: `Togliere l’impianto dal circuito ${CIRCUIT}?` });
    await page.screenshot({ path: '.e2e/screenshots/system-detail-remove-circuit.png', animations: 'disabled' });
    await dialog.getByRole('button', { name: 'Conferma' }).click();
    await page.getByText(`Impianto ${code} rimosso dal circuito ${CIRCUIT}`).waitFor();
    await expect.poll(() => circuits.textContent(), { timeout: 30_000 }).not.toContain(CIRCUIT);

    // Unlink the team, after a confirmation naming it.
    await teams.getByRole('button', { name: `Scollega ${TEAM}` }).click();
    dialog = page.getByRole('dialog', { name: `Scollegare ${TEAM} da questo impianto?` });
    await page.screenshot({ path: '.e2e/screenshots/system-detail-unlink-team.png', animations: 'disabled' });
    await dialog.getByRole('button', { name: 'Conferma' }).click();
    await page.getByText(`${TEAM} scollegata dall’impianto`).waitFor();
    await expect.poll(() => teams.textContent(), { timeout: 30_000 }).not.toContain(TEAM);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.setViewportSize({ width: 1366, height: 900 });

    await api(`/circuits/v1/circuit/delete?id=${circuit.id}`, { method: 'DELETE' });
    await api(`/systems/v1/team/delete/${team.id}`, { method: 'DELETE' });
  });

  it('imports nothing from a template with a bad row, naming it; then imports a good one', async () => {
    await visit(page, '/systems-manage/manage/import');
    const good = ['', `${NAME} import`, 'OOH', 'poster', 'active', 'Via Verdi 1', '015146', '', 45.47, 9.19];
    const bad = ['', 'Senza coordinate', 'OOH', 'poster', '', 'Via Verdi 2', '015146', '', '', ''];
    await page.getByTestId('import-input').setInputFiles({ name: 'impianti.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: await workbook([good, bad]) });
    await expect.poll(() => page.getByTestId('import-result').textContent(), { timeout: 30_000 }).toContain('nessun impianto importato');
    // One line per mistake: the row's missing latitude and longitude, each named by its column.
    expect(await page.locator('[data-rejected-row="3"]').allTextContents()).toEqual([expect.stringContaining('Latitudine'), expect.stringContaining('Longitudine')]);
    expect(await page.locator('[data-rejected-row]').count()).toBe(2);
    await page.getByTestId('import-input').setInputFiles({ name: 'impianti.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: await workbook([good]) });
    await expect.poll(() => page.getByTestId('import-result').textContent(), { timeout: 30_000 }).toContain('1 creati');
  });

  it('deletes the system', async () => {
    await visit(page, `/systems-manage/${systemId}`);
    await page.getByRole('button', { name: 'Elimina', exact: true }).click();
    await page.getByRole('button', { name: 'Conferma' }).click();
    await page.waitForURL(/\/systems-manage\/manage$/);
    await visit(page, `/systems-manage/${systemId}`);
    await expect.poll(() => page.getByRole('alert').first().textContent(), { timeout: 30_000 }).toContain('non trovato');
  });

  it('left no console errors', () => {
    // react-admin logs every refused data-provider call: the refused import and the deleted system's "non trovato" are the steps' expected answers.
    expect(errors.filter((e) => !/404|Failed to load resource|Impianto \d+ non trovato|Importazione annullata/.test(e))).toEqual([]);
  });
});

describe('bulk work on the systems list, as an asset manager', () => {
  const BULK = `Bulk${Date.now() % 1000000}`;
  const CIRCUIT = `E2E circuito ${BULK}`;
  const filterUrl = () =>
    appUrl(`/systems-manage/manage?filter=${encodeURIComponent(JSON.stringify({ searchTerm: BULK, systemTypes: ['poster', 'totem'] }))}`);
  const rowOf = (code: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name: code, exact: true }) });
  let codes: string[] = [];

  async function openFilter(count: number) {
    await page.goto(filterUrl());
    await expect.poll(() => page.getByTestId('systems-count').textContent(), { timeout: 60_000 }).toBe(`${count} impianti trovati`);
  }

  it('imports its own systems: three OOH, one DOOH', async () => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await visit(page, '/systems-manage/manage/import');
    const row = (n: number, type: string, systemType: string) => ['', `${BULK} ${n}`, type, systemType, 'initialized', `Via Verdi ${n}`, '015146', '', 45.47, 9.19];
    await page.getByTestId('import-input').setInputFiles({
      name: 'impianti.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await workbook([row(1, 'OOH', 'poster'), row(2, 'OOH', 'poster'), row(3, 'OOH', 'poster'), row(4, 'DOOH', 'totem')]),
    });
    await expect.poll(() => page.getByTestId('import-result').textContent(), { timeout: 30_000 }).toContain('4 creati');
    await openFilter(4);
    codes = (await page.getByTestId('systems-virtual').locator('tbody td.column-code').allTextContents()).map((c) => c.trim());
    expect(codes).toHaveLength(4);
  });

  it('the page selection offers all of the filter', async () => {
    await visit(page, '/systems-manage/manage?filter=%7B%7D');
    await page.getByRole('table').waitFor();
    await page.getByRole('checkbox', { name: 'Seleziona tutto' }).click();
    const all = page.getByRole('button', { name: /^Seleziona tutti i \d+ del filtro$/ });
    const total = Number((await all.textContent())!.match(/\d+/)![0]);
    expect(total).toBeGreaterThan(10);
    await all.click();
    await expect.poll(() => page.getByText(`${total} elementi selezionati`).count(), { timeout: 30_000 }).toBe(1);
    await page.screenshot({ path: '.e2e/screenshots/systems-bulk-toolbar.png' });
    await page.getByRole('button', { name: 'Deseleziona' }).click();
  });

  it('changes the status of the whole filter: confirmation with the count, the result, the new status on the rows', async () => {
    await openFilter(4);
    await page.getByRole('checkbox', { name: 'Seleziona tutto' }).click();
    await page.getByText('4 elementi selezionati').waitFor();
    await page.getByRole('button', { name: 'Modifica selezionati' }).click();
    const dialog = page.getByRole('dialog', { name: 'Modifica 4 impianti' });
    await dialog.getByRole('radio', { name: 'Stato' }).check();
    await dialog.getByRole('combobox', { name: /^Stato/ }).click();
    await page.getByRole('option', { name: 'In manutenzione' }).click();
    await page.screenshot({ path: '.e2e/screenshots/systems-bulk-dialog.png' });
    await dialog.getByRole('button', { name: 'Conferma' }).click();
    const confirm = page.getByRole('dialog', { name: 'Modificare 4 impianti?' });
    expect(await confirm.textContent()).toContain('Stato diventa «In manutenzione» su 4 impianti.');
    await confirm.getByRole('button', { name: 'Conferma' }).click();
    const result = page.getByTestId('bulk-result');
    await expect.poll(() => result.textContent(), { timeout: 60_000 }).toContain('4 impianti modificati');
    await page.screenshot({ path: '.e2e/screenshots/systems-bulk-result.png' });
    await page.getByRole('button', { name: 'Chiudi' }).click();
    for (const code of codes)
      await expect.poll(() => rowOf(code).locator('td.column-status').textContent(), { timeout: 30_000 }).toBe('In manutenzione');
  });

  it('adds a selection to a circuit: the DOOH one refused by its code, the OOH ones on the circuit page', async () => {
    await visit(page, '/circuit-manage/manage');
    await page.getByRole('button', { name: 'Nuovo circuito' }).click({ timeout: 120_000 });
    await page.getByRole('dialog').getByLabel(/^Nome/).fill(CIRCUIT);
    await page.getByRole('dialog').getByRole('button', { name: 'Salva' }).click();
    await page.getByText(`Circuito ${CIRCUIT} creato`).waitFor();

    await openFilter(4);
    await page.getByRole('checkbox', { name: 'Seleziona tutto' }).click();
    await page.getByRole('button', { name: 'Aggiungi a circuito' }).click();
    const dialog = page.getByRole('dialog', { name: 'Aggiungi 4 impianti a un circuito' });
    await pickOption(page, dialog.getByRole('combobox', { name: /^Circuito/ }), CIRCUIT);
    await dialog.getByRole('button', { name: 'Conferma' }).click();
    await page.getByRole('dialog', { name: `Aggiungere 4 impianti al circuito ${CIRCUIT}?` }).getByRole('button', { name: 'Conferma' }).click();
    const result = page.getByTestId('bulk-result');
    await expect.poll(() => result.textContent(), { timeout: 60_000 }).toContain('3 impianti aggiunti');
    expect(await page.locator('[data-refused-code]').count()).toBe(1);
    const dooh = (await page.locator('[data-refused-code]').getAttribute('data-refused-code'))!;
    expect(codes).toContain(dooh);
    expect(await page.locator('[data-refused-code]').textContent()).toContain('non sono di tipo OOH');
    await page.screenshot({ path: '.e2e/screenshots/systems-bulk-circuit-result.png' });
    await page.getByRole('button', { name: 'Chiudi' }).click();

    await visit(page, '/circuit-manage/manage');
    await page.getByRole('cell', { name: CIRCUIT, exact: true }).click({ timeout: 120_000 });
    for (const code of codes.filter((c) => c !== dooh)) await page.getByRole('cell', { name: code, exact: true }).waitFor();
    expect(await page.getByRole('cell', { name: dooh, exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Elimina circuito' }).click();
    await page.getByRole('button', { name: 'Conferma' }).click();
    await page.getByText(`Circuito ${CIRCUIT} eliminato`).waitFor();
  });

  it('exports a selection of three: exactly those rows in the file', async () => {
    await openFilter(4);
    const chosen = [codes[0], codes[2], codes[3]];
    for (const code of chosen) await rowOf(code).getByRole('checkbox').click();
    await page.getByText('3 elementi selezionati').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Esporta selezionati' }).click()]);
    const lines = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0].split(';').slice(0, 5)).toEqual(['Codice', 'Nome', 'Tipo', 'Tipologia', 'Stato']);
    expect(lines.slice(1).map((l) => l.split(';')[0]).sort()).toEqual([...chosen].sort());
    expect(lines[1]).toContain(';In manutenzione;');
  });

  it('deletes its systems with the bulk delete', async () => {
    await openFilter(4);
    await page.getByRole('checkbox', { name: 'Seleziona tutto' }).click();
    await page.getByRole('button', { name: 'Elimina', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Conferma' }).click();
    await expect.poll(() => page.getByTestId('systems-empty').count(), { timeout: 60_000 }).toBe(1);
  });
});

describe('systems as a sales user', () => {
  it('cannot open the systems routes (lands on /403)', async () => {
    const ctx = await newContext(browser);
    const p = await ctx.newPage();
    await signIn(p, 'sales');
    await p.waitForURL((u) => !u.pathname.startsWith('/login'));
    for (const path of ['/systems-manage/manage', '/systems-manage/map', '/systems-manage/manage/new']) {
      await visit(p, path);
      await p.waitForURL(/\/403$/);
    }
    await ctx.close();
  });
});
