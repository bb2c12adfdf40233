import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, launch, pickOption, sandboxUrl, visit } from './support/browser';
import { api, apiToken, planSystem, signedInPage } from './support/session';

/*
 * ESECUZIONE as the admin: from an accepted estimate an order, a document, a connected campaign,
 * its planning with three systems from the search (a fourth, booked elsewhere in the period, is
 * refused naming that planning), a member and an attachment, the history, the order visualizer.
 */

let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[] = [];
const STAMP = Date.now() % 100000;
const CAMPAIGN = `E2E Campagna ${STAMP}`;
const OTHER_PLANNING = `E2E Pianificazione concorrente ${STAMP}`;
const DOC = `contratto_e2e_${STAMP}.pdf`;
const ATTACHMENT = `brief_e2e_${STAMP}.pdf`;
let orderId = 0;
let campaignId = 0;
let planningId = 0;
/** A system the competing planning books over the order's period, and its items there, one per face or slot (set by the planning case). */
let bookedElsewhere = { systemId: 0, periodStart: '', periodEnd: '', items: 0 };

const pdf = (name: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.from(`%PDF-1.4\n% ${name}\n%%EOF\n`),
});

/** A blank PNG of `width`×`height` (one filter byte and grey pixels per row), as a browser file. */
function png(name: string, width: number, height: number) {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale, no interlace
  const rows = Buffer.alloc((width + 1) * height, 0x80);
  for (let y = 0; y < height; y += 1) rows[y * (width + 1)] = 0;
  const buffer = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return { name, mimeType: 'image/png', buffer };
}

beforeAll(async () => {
  browser = await launch();
  ({ context, page, errors } = await signedInPage(browser, 'admin'));
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('execution: estimate → order → campaign → planning', () => {
  it('creates an order from an accepted estimate that has none', async () => {
    const estimates = await api<Array<{ id: number; status: string }>>('/estimate/estimate/getAllDto');
    const orders = await api<Array<{ estimateId: number | null }>>('/order/orders');
    const taken = new Set(orders.map((o) => o.estimateId));
    const free = estimates.find((e) => e.status === 'accepted' && !taken.has(e.id));
    expect(free, 'the seed leaves an accepted estimate without an order').toBeDefined();
    await visit(page, '/orders');
    await page.getByRole('button', { name: 'Crea da preventivo' }).click();
    await page.getByRole('combobox', { name: /preventivo/i }).click();
    await page.getByRole('option', { name: new RegExp(`^${free!.id} – `) }).click();
    await page.getByRole('button', { name: 'Crea ordine' }).click();
    await page.waitForURL(/\/orders\/orderVisualizer\?id=\d+/);
    orderId = Number(new URL(page.url()).searchParams.get('id'));
    await page.getByTestId('order-visualizer').waitFor();
    const order = await api<{ estimateId: number; status: string }>(`/order/orders/${orderId}`);
    expect(order).toMatchObject({ estimateId: free!.id, status: 'draft' });
  });

  it('uploads a document to the order', async () => {
    await visit(page, `/orders/${orderId}/documents`);
    await page.getByRole('button', { name: 'Carica documento' }).waitFor();
    await page.getByTestId('upload-input').setInputFiles(pdf(DOC));
    await page.getByRole('cell', { name: DOC, exact: true }).waitFor();
  });

  it('creates a campaign connected to the order', async () => {
    await visit(page, `/orders/${orderId}/campaigns`);
    await page.getByLabel(/^Nome/).fill(CAMPAIGN);
    await page.getByRole('button', { name: 'Crea campagna' }).click();
    await page.getByRole('link', { name: CAMPAIGN, exact: true }).waitFor();
    const [campaign] = await api<Array<{ id: number; orderId: number }>>(
      `/campaign/v1/campaigns?filter=${encodeURIComponent(JSON.stringify({ q: CAMPAIGN }))}`,
    );
    expect(campaign.orderId).toBe(orderId);
    campaignId = campaign.id;
  });

  it('plans it: three systems added from the search; a system booked elsewhere is occupied on its row and timeline, its Aggiungi disabled; a booking lost to a race names the system by its code', async () => {
    const order = await api<{ periodStart: string; periodEnd: string; advertiserId: number }>(
      `/order/orders/${orderId}`,
    );
    // Another planning books a system in the same period.
    const otherCampaign = await api<{ id: number }>('/campaign/v1/campaigns', {
      method: 'POST',
      body: {
        name: `E2E concorrente ${STAMP}`,
        advertiserId: order.advertiserId,
        periodStart: order.periodStart,
        periodEnd: order.periodEnd,
        budget: 0,
      },
    });
    const other = await api<{ id: number }>('/planner/v1/plannings', {
      method: 'POST',
      body: {
        name: OTHER_PLANNING,
        campaignId: otherCampaign.id,
        periodStart: order.periodStart,
        periodEnd: order.periodEnd,
      },
    });
    const page0 = await api<{ content: Array<{ id: number; code: string; name: string }> }>(
      '/systems/v1/system/search/params?page=0&size=200&type=ALL',
      { method: 'POST', body: { type: 'ALL' } },
    );
    const codeOf = new Map(page0.content.map((s) => [s.id, s.code]));
    const labelOf = new Map(page0.content.map((s) => [s.id, `${s.code} · ${s.name}`]));
    const ids = page0.content.map((s) => s.id);
    const availability = await api<Array<{ systemId: number; free: boolean }>>(
      `/planner/v1/plannings/${other.id}/availability?${ids.map((i) => `systemIds=${i}`).join('&')}`,
    );
    const free = availability.filter((a) => a.free).map((a) => a.systemId);
    expect(free.length).toBeGreaterThanOrEqual(5);
    const [booked, late, ...mine] = free;
    // Every face of it, every slot of a screen: a system is taken when none of its faces has room.
    const bookedItems = await planSystem(other.id, booked);
    bookedElsewhere = { systemId: booked, periodStart: order.periodStart, periodEnd: order.periodEnd, items: bookedItems.length };

    await visit(page, '/plannings');
    // The configurator's form opens on demand (its lookups are not the list's first page).
    await page.getByRole('button', { name: 'Configura una pianificazione' }).click();
    const campaignPicker = page.getByRole('combobox', { name: /campagna/i }).first();
    await pickOption(page, campaignPicker, CAMPAIGN, CAMPAIGN, { exact: true });
    await page.getByRole('button', { name: 'Crea e cerca gli impianti' }).click();
    await page.waitForURL(/\/plannings\/\d+\/search$/);
    planningId = Number(/\/plannings\/(\d+)\/search/.exec(page.url())![1]);

    const search = page.getByPlaceholder('Codice, nome o indirizzo');
    const rowOf = async (systemId: number) => {
      await search.fill(codeOf.get(systemId)!);
      const row = page.getByRole('row').filter({ has: page.getByTestId(`system-${systemId}`) });
      await row.waitFor();
      return row;
    };
    for (const systemId of mine.slice(0, 3)) {
      const row = await rowOf(systemId);
      await row.getByText('Libero').waitFor();
      await row.getByRole('button', { name: 'Aggiungi' }).click();
      await row.getByRole('button', { name: 'Rimuovi' }).waitFor();
    }

    // Booked elsewhere: occupied on its row and on its timeline, nothing to add.
    const bookedRow = await rowOf(booked);
    await bookedRow.getByText(`Occupato: ${OTHER_PLANNING}`).waitFor();
    expect(await bookedRow.getByRole('button', { name: 'Aggiungi' }).isDisabled()).toBe(true);
    const timeline = bookedRow.getByTestId(`timeline-${booked}`);
    expect(await timeline.locator('[data-day="taken"]').count()).toBeGreaterThan(0);
    expect(await timeline.locator('[data-day="free"]').count()).toBe(0);
    expect(await timeline.getAttribute('aria-label')).toMatch(/^0 giorni liberi, \d+ occupati/);

    // Free when the page read it, booked elsewhere a moment later: the refusal names the system's code.
    const lateRow = await rowOf(late);
    await lateRow.getByText('Libero').waitFor();
    await planSystem(other.id, late);
    await lateRow.getByRole('button', { name: 'Aggiungi' }).click();
    const conflict = page.getByTestId('booking-conflict');
    await conflict.waitFor();
    const message = await conflict.textContent();
    expect(message).toContain(`L’impianto ${codeOf.get(late)} è già prenotato`);
    expect(message).toContain(OTHER_PLANNING);
    await lateRow.getByText(`Occupato: ${OTHER_PLANNING}`).waitFor();
    expect(await lateRow.getByRole('button', { name: 'Aggiungi' }).isDisabled()).toBe(true);

    await page
      .getByTestId('planning-totals')
      .filter({ hasText: / su 3 impianti · / })
      .waitFor();
    // Every face of the three systems, one item each.
    const items = await api<Array<{ systemId: number; frameId: number }>>(
      `/planner/v1/planningItems?filter=${encodeURIComponent(JSON.stringify({ planningId }))}`,
    );
    expect([...new Set(items.map((i) => i.systemId))].sort()).toEqual(mine.slice(0, 3).sort());
    const faces = await api<Array<{ id: number; systemId: number; name: string }>>(`/frame/v1/frames?filter=${encodeURIComponent(JSON.stringify({ systemId: mine.slice(0, 3) }))}`);
    expect(items.map((i) => i.frameId).sort((a, b) => a - b)).toEqual(faces.map((f) => f.id).sort((a, b) => a - b));

    // The detail: the booked systems on the map; in the list every face of them, one row each, by its
    // name beside its system's code and name.
    await visit(page, `/plannings/${planningId}`);
    await page.getByTestId('planning-map').locator('path.leaflet-interactive').first().waitFor();
    expect(await page.getByTestId('planning-map').locator('path.leaflet-interactive').count()).toBe(3);
    for (const face of faces) {
      await page
        .getByRole('row')
        .filter({ has: page.getByRole('cell', { name: labelOf.get(face.systemId)!, exact: true }) })
        .filter({ has: page.getByRole('cell', { name: face.name, exact: true }) })
        .waitFor();
    }
    expect(await page.getByRole('row').filter({ has: page.getByRole('cell', { name: / · / }) }).count()).toBe(faces.length);
    await page.getByText(CAMPAIGN, { exact: true }).waitFor();

    // The list: the campaign by its name.
    await visit(page, '/plannings');
    const row = page.getByRole('row').filter({ hasText: `Pianificazione ${CAMPAIGN}` });
    await row.getByRole('cell', { name: CAMPAIGN, exact: true }).waitFor();
  }, 240_000);

  it("the system's detail shows its bookings over a period: the planning by name, every day occupied; a period ending before it starts is refused", async () => {
    const { systemId, periodStart, periodEnd, items } = bookedElsewhere;
    expect(systemId).toBeGreaterThan(0);
    await visit(page, `/systems-manage/${systemId}`);
    const panel = page.getByTestId('system-bookings');
    await panel.getByRole('heading', { name: 'Disponibilità' }).waitFor();
    await panel.getByLabel('Dal', { exact: true }).fill(periodStart);
    await panel.getByLabel('Al', { exact: true }).fill(periodEnd);
    // One booking per face (or slot) the planning holds, each naming it.
    const links = panel.getByRole('link', { name: OTHER_PLANNING, exact: true });
    await links.first().waitFor();
    await expect.poll(() => links.count()).toBe(items);
    const strip = panel.getByTestId(`timeline-${systemId}`);
    expect(await strip.getAttribute('aria-label')).toMatch(/^0 giorni liberi, [1-9]\d* occupati$/);
    expect(await strip.locator('[data-day="free"]').count()).toBe(0);

    await panel.getByLabel('Al', { exact: true }).fill('2020-01-01');
    await panel.getByText('La data finale non può precedere quella iniziale.').waitFor();
    expect(await panel.getByTestId(`timeline-${systemId}`).count()).toBe(0);
  });

  it('adds a member and an attachment, and sees them in the history tab', async () => {
    await visit(page, `/campaigns/${campaignId}`);
    await page.getByRole('tab', { name: 'Membri' }).click();
    // The picker searches as the user types (the users provider filters on username, name, e-mail).
    await page.getByLabel(/^Utente/).fill('designer');
    await page.getByRole('option', { name: 'Elena Bruno' }).waitFor();
    await expect.poll(() => page.getByRole('option').count()).toBe(1);
    await page.getByRole('option', { name: 'Elena Bruno' }).click();
    await page.getByRole('button', { name: 'Aggiungi membro' }).click();
    await page.getByText('Grafico').first().waitFor();
    await page.getByRole('tab', { name: 'Allegati' }).click();
    await page.getByTestId('upload-input').setInputFiles(pdf(ATTACHMENT));
    await page.getByRole('cell', { name: ATTACHMENT, exact: true }).waitFor();
    await page.getByRole('tab', { name: 'Storico' }).click();
    const history = page.getByTestId('campaign-history');
    await history.waitFor();
    // The member by full name and role label, never "designer (ROLE_DESIGNER)".
    await history.getByText(/Membro: [^;]*\S+ \S+ \(Grafico\)/).waitFor();
    expect(await history.innerText()).not.toMatch(/ROLE_|\bdesigner\b/);
    await history.getByText(new RegExp(ATTACHMENT)).waitFor();
    await history
      .getByText(/creazione/)
      .first()
      .waitFor();
  });

  it('opens the order visualizer with the estimate lines, the document, the campaign and the planning', async () => {
    await visit(page, `/orders/orderVisualizer?id=${orderId}`);
    const view = page.getByTestId('order-visualizer');
    await view.getByText(DOC).waitFor();
    await view.getByRole('link', { name: CAMPAIGN, exact: true }).waitFor();
    await view.getByRole('link', { name: `Pianificazione ${CAMPAIGN}` }).waitFor();
    await view.getByRole('region', { name: 'Righe del preventivo' }).getByRole('table').waitFor();
    // The refused booking above (409) is logged by the browser and by the app on purpose.
    expect(errors.filter((e) => !/status of 409|già prenotato/.test(e))).toEqual([]);
  });
});

describe('DOOH players: the system by name, never by id', () => {
  it('picks the system by name in the player form and shows that name in the players list', async () => {
    const serial = `SN-E2E-${Date.now() % 1000000}`;
    await visit(page, '/dooh/players');
    await page.getByRole('heading', { name: 'Player', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Nuovo player' }).click();
    const dialog = page.getByRole('dialog');
    const system = dialog.getByRole('combobox', { name: /^Impianto/ });
    await system.click();
    // The picker offers DOOH systems as "code · name"; search one by a piece of its name.
    const first = (await page.getByRole('option').first().textContent()) ?? '';
    const name = first.split(' · ').pop() ?? first;
    expect(name).not.toMatch(/^\d+$/);
    await pickOption(page, system, name.slice(0, Math.min(name.length, 12)), first);
    await dialog.getByLabel(/^Numero di serie/).fill(serial);
    await dialog.getByLabel(/^Modello/).fill('E2E Player');
    await dialog.getByLabel(/^Risoluzione/).fill('1920x1080');
    await dialog.getByRole('button', { name: 'Salva' }).click();
    await dialog.waitFor({ state: 'detached', timeout: 15000 });
    await page.getByRole('textbox', { name: 'Cerca' }).fill(serial);
    const row = page.getByRole('row').filter({ hasText: serial });
    await row.getByText(first).waitFor({ timeout: 15000 });
    expect(await row.textContent()).toContain(name);
  });
});

describe('the order visualizer: the advertiser by name, never by id', () => {
  // The admin, and a role that may open every order but not the advertisers' screens.
  it.each(['admin', 'supervisor'])('shows a seeded order’s advertiser by its name under "Inserzionista" (%s)', async (user) => {
    const orders = await api<Array<{ id: number; advertiserId: number }>>('/order/orders');
    const advertisers = await api<Array<{ id: number; name: string }>>('/advertiser/v1/getAll');
    const order = orders.find((o) => advertisers.some((a) => a.id === o.advertiserId));
    expect(order, 'the seed has an order of a known advertiser').toBeDefined();
    const advertiser = advertisers.find((a) => a.id === order!.advertiserId)!;
    const session = user === 'admin' ? { page, context: undefined } : await signedInPage(browser, user);
    try {
      const view = session.page;
      await view.goto(appUrl(`/orders/orderVisualizer?id=${order!.id}`));
      const summary = view.getByTestId('order-visualizer').getByRole('region', { name: 'Ordine', exact: true });
      const field = summary.locator('div', { has: view.getByText('Inserzionista', { exact: true }) }).last();
      await field.getByText(advertiser.name, { exact: true }).waitFor();
      expect(await summary.textContent()).not.toMatch(new RegExp(`Inserzionista\\s*#?\\s*${advertiser.id}\\b`));
    } finally {
      await session.context?.close();
    }
  });
});

describe('creatives: uploaded, listed and exported by name', () => {
  const NAME = `E2E Creatività ${STAMP}`;
  let mineId = 0;
  let size: { id: number; name: string; width: number; height: number };

  beforeAll(async () => {
    const [advertiser] = await api<Array<{ id: number }>>('/advertiser/v1/getAll');
    const campaign = (name: string) =>
      api<{ id: number }>('/campaign/v1/campaigns', {
        method: 'POST',
        body: { name, advertiserId: advertiser.id, periodStart: '2031-03-01', periodEnd: '2031-03-31', budget: 0 },
      });
    mineId = (await campaign(`E2E Campagna creatività ${STAMP}`)).id;
    // Another campaign's creative: the export must leave it out (the list's own campaign filter).
    const other = await campaign(`E2E Altra campagna ${STAMP}`);
    const form = new FormData();
    form.set('campaignId', String(other.id));
    form.set('name', `E2E Altrui ${STAMP}`);
    const file = png('altrui.png', 40, 20);
    form.set('file', new Blob([file.buffer], { type: file.mimeType }), file.name);
    const response = await fetch(sandboxUrl('/creativity/v1/creatives/upload'), {
      method: 'POST',
      headers: { Authorization: `Bearer ${await apiToken('admin')}` },
      body: form,
    });
    expect(response.status).toBe(201);
    const sizes = await api<Array<{ id: number; name: string; width: number; height: number }>>('/systems/v1/size/all?type=OOH');
    // A size in pixels small enough for a test image, with a name that is not a number.
    size = [...sizes].sort((a, b) => a.width * a.height - b.width * b.height)[0];
    expect(size.name).not.toMatch(/^\d+$/);
  });

  it('uploads an image with its size picked by name, and lists it by name with the size by name', async () => {
    await visit(page, `/campaigns/${mineId}/creatives`);
    await page.getByRole('heading', { level: 1, name: `Creatività di E2E Campagna creatività ${STAMP}` }).waitFor();
    await page.getByLabel(/^Nome/).fill(NAME);
    const sizeLabel = `${size.name} (${size.width}×${size.height})`;
    await page.getByRole('combobox', { name: 'Formato' }).first().click();
    await page.getByRole('option', { name: sizeLabel, exact: true }).click();
    const ratio = size.width / size.height;
    const width = Math.max(10, Math.round(Math.min(size.width, 400)));
    await page.locator('form input[type=file]').setInputFiles(png('creativita.png', width, Math.max(1, Math.round(width / ratio))));
    await page.getByRole('button', { name: 'Carica creatività' }).click();
    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: NAME, exact: true }) });
    await row.waitFor();
    await row.getByText('In attesa').waitFor();
    await row.getByText(/^Immagine · \d+×\d+$/).waitFor();
    // The size column reads the size's name, and the matching sizes by name.
    expect(await row.getByRole('combobox', { name: 'Formato' }).textContent()).toBe(sizeLabel);
    await row.getByText(new RegExp(`^Adatta ai formati: .*${size.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)).waitFor();
    const saved = await api<Array<{ name: string; sizeId: number | null; campaignId: number }>>(
      `/creativity/v1/creatives?filter=${encodeURIComponent(JSON.stringify({ campaignId: mineId }))}`,
    );
    expect(saved).toEqual([expect.objectContaining({ name: NAME, sizeId: size.id, campaignId: mineId })]);
  });

  it('exports the campaign’s creatives only, with the size by name and Italian labels', async () => {
    await visit(page, `/campaigns/${mineId}/creatives`);
    // The name's own cell (the preview's cell is named by the image's alt text once it loads).
    await page.getByText(NAME, { exact: true }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Esporta', exact: true }).click(),
    ]);
    const lines = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0]).toBe('Nome;Tipo;Larghezza;Altezza;Formato;Stato;Caricata il');
    expect(lines).toHaveLength(2);
    const cells = lines[1].split(';');
    expect(cells[0]).toBe(NAME);
    expect(cells[1]).toBe('Immagine');
    expect(cells[4]).toBe(`${size.name} (${size.width}×${size.height})`);
    expect(cells[5]).toBe('In attesa');
    expect(cells[6]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
  });
});
