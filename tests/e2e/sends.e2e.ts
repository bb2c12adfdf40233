import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { readCsv } from '../../sandbox/excel';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, pickOption, sandboxUrl, visit } from './support/browser';
import { api, apiToken, signedInPage } from './support/session';

/*
 * The media monitor's sends: a media owner's detections go to its supplier, a subject's (one of its
 * brands picked) to the secretariat, and a weekly send scheduled from the page runs when the
 * sandbox's clock reaches it; each mail is in the admin's outbox.
 */

let browser: Browser;

interface Detection {
  auditId: number;
  mediaOwner: string;
  subject: string;
  brandName: string;
}
interface Mail {
  to: string;
  subject: string;
  sentBy: string;
}

const day = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** The detections of the pages' default period (the last 30 days, as the app counts). */
async function recentDetections(): Promise<Detection[]> {
  const today = new Date();
  const start = new Date(today);
  start.setDate(start.getDate() - 29);
  return api<Detection[]>(`/audit/v1/detection/byRangeDate?dateStart=${day(start)}&dateEnd=${day(today)}`, { as: 'mediamonitor' });
}

/** The mails of the outbox sent to `to` (as the admin sees them). */
async function mailsTo(to: string): Promise<Mail[]> {
  const filter = encodeURIComponent(JSON.stringify({ to }));
  return api<Mail[]>(`/mail/v1/mails?filter=${filter}&range=${encodeURIComponent('[0,99]')}`);
}

async function signedIn(username: string): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const { context, page, errors } = await signedInPage(browser, username);
  await page.setViewportSize({ width: 1280, height: 720 });
  return { page, errors, close: () => context.close() };
}

/** Picks a value of an autocomplete by its label. */
async function pick(page: Page, label: string, value: string) {
  const box = page.getByRole('combobox', { name: new RegExp(`^${label}( \\*)?$`) });
  await box.click();
  await pickOption(page, box, value, value, { exact: true });
}

/** The list's «Esporta», downloaded and read as the imports read a CSV: its records, each its cells. */
async function exported(page: Page): Promise<string[][]> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Esporta', exact: true }).click()]);
  const records: string[][] = [];
  readCsv(readFileSync(await download.path()), { maxRows: 10_000, maxInflatedBytes: 50_000_000 }, (row) => records.push(row.cells));
  return records;
}

/** The admin's outbox screen, searched for `text`: the rows it shows. */
async function outboxRows(text: string) {
  const admin = await signedIn('admin');
  try {
    await visit(admin.page, '/settings/outbox');
    await admin.page.getByRole('heading', { name: 'Posta in uscita' }).waitFor();
    await admin.page.getByRole('textbox', { name: 'Cerca' }).fill(text);
    const table = admin.page.getByRole('table', { name: 'Posta in uscita' });
    const rows = table.getByRole('row').filter({ hasText: text });
    await rows.first().waitFor({ timeout: 20_000 });
    // The search has applied (it waits for a pause in the typing): every row of the table holds the text.
    // (An expanded mail's text is a row of its own, empty while closed.)
    const shownRows = table.locator('tbody tr').filter({ hasText: /\S/ });
    await expect.poll(async () => (await shownRows.count()) === (await rows.count()), { timeout: 20_000 }).toBe(true);
    await admin.page.screenshot({ path: '.e2e/screenshots/sends-outbox.png' });
    const shown = await rows.allInnerTexts();
    const secrets = await admin.page.getByRole('table', { name: 'Posta in uscita' }).innerText();
    // The export holds the searched mails, in the list's columns and with their text.
    const lines = await exported(admin.page);
    expect(lines[0]).toEqual(['Inviata il', 'Destinatario', 'Oggetto', 'Tipo', 'Mittente', 'Esito', 'Testo']);
    expect(lines.length - 1).toBeGreaterThanOrEqual(shown.length);
    expect(lines.slice(1).every((l) => l.join(' ').toLowerCase().includes(text.toLowerCase()))).toBe(true);
    return { shown, secrets };
  } finally {
    await admin.close();
  }
}

beforeAll(async () => {
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
});

describe('sends of the media monitor', () => {
  it('sends a media owner’s detections to its supplier, and the mail is in the outbox', async () => {
    const detections = await recentDetections();
    const owner = detections[0].mediaOwner;
    const count = detections.filter((d) => d.mediaOwner === owner).length;
    const supplier = await api<{ email: string }>(`/audit/v1/detection/getMediaOwnerToSendMediaSupplier?mediaOwner=${encodeURIComponent(owner)}`, { as: 'mediamonitor' });
    const before = (await mailsTo(supplier.email)).length;

    const { page, errors, close } = await signedIn('mediamonitor');
    try {
      await page.getByRole('button', { name: 'MEDIA MONITOR', exact: true }).click();
      await page.getByRole('menuitem', { name: 'Invio ai fornitori' }).click();
      await page.getByRole('heading', { name: 'Invio rilevazioni al fornitore' }).waitFor();
      await pick(page, 'Media owner', owner);
      await page.getByText(`<${supplier.email}>`).waitFor();
      const table = page.getByRole('table', { name: 'Rilevazioni da inviare' });
      await table.getByRole('row').nth(1).waitFor();
      expect(await table.getByRole('row').count()).toBe(count + 1);
      await page.screenshot({ path: '.e2e/screenshots/sends-supplier.png' });
      await page.getByRole('button', { name: 'Invia tutte' }).click();
      await page.getByText(new RegExp(`Mail n\\. \\d+ inviata a ${supplier.email.replace(/\./g, '\\.')} con ${count} rilevazion`)).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
    const after = await mailsTo(supplier.email);
    expect(after.length).toBe(before + 1);
    expect(after[0]).toMatchObject({ subject: `Rilevazioni ${owner} (${count})`, sentBy: 'mediamonitor' });
    const { shown } = await outboxRows(supplier.email);
    expect(shown.some((row) => row.includes(`Rilevazioni ${owner} (${count})`) && row.includes('mediamonitor'))).toBe(true);
  });

  it('sends a subject’s detections to the secretariat, the brand picked from the subject’s brands', async () => {
    const detections = await recentDetections();
    const { subject, brandName } = detections[0];
    const brands = await api<string[]>(`/audit/v1/detection/getListOfBrandName?subject=${encodeURIComponent(subject)}`, { as: 'mediamonitor' });
    expect(brands).toContain(brandName);
    const secretariat = await api<{ email: string }>(`/audit/v1/detection/getBrandNameToSendSecretarialData?brandName=${encodeURIComponent(brandName)}`, { as: 'mediamonitor' });

    const { page, errors, close } = await signedIn('mediamonitor');
    try {
      await visit(page, '/media/monitor/secretariat-mail');
      await page.getByRole('heading', { name: 'Invio rilevazioni alla segreteria' }).waitFor();
      await pick(page, 'Soggetto', subject);
      await page.getByRole('combobox', { name: 'Brand del soggetto' }).click();
      const options = page.getByRole('listbox').getByRole('option');
      // The subject's brands are read once it is picked: the menu holds them when they arrive.
      await expect.poll(() => options.allInnerTexts(), { timeout: 20_000 }).toEqual(['Tutti i brand', ...brands]);
      await options.filter({ hasText: brandName }).click();
      await page.getByText(`<${secretariat.email}>`).waitFor();
      const table = page.getByRole('table', { name: 'Rilevazioni da inviare' });
      await table.getByRole('row').nth(1).waitFor();
      await page.screenshot({ path: '.e2e/screenshots/sends-secretariat.png' });
      // The first row, chosen alone, goes out.
      await table.getByRole('row').nth(1).click();
      await page.getByRole('button', { name: 'Invia le selezionate' }).click();
      await page.getByText(new RegExp(`Mail n\\. \\d+ inviata a ${secretariat.email.replace(/\./g, '\\.')} con 1 rilevazione`)).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
    const mails = await mailsTo(secretariat.email);
    expect(mails[0].subject).toBe(`Rilevazioni «${subject}» · ${brandName} (1)`);
  });

  it('runs a weekly scheduled send when the sandbox clock reaches it; its mail is in the outbox', async () => {
    const detections = await recentDetections();
    const owners = [...new Set(detections.map((d) => d.mediaOwner))];
    const owner = owners[owners.length - 1];
    const supplier = await api<{ email: string }>(`/audit/v1/detection/getMediaOwnerToSendMediaSupplier?mediaOwner=${encodeURIComponent(owner)}`, { as: 'mediamonitor' });
    const name = `Settimanale E2E ${Date.now()}`;

    const { page, errors, close } = await signedIn('mediamonitor');
    try {
      await visit(page, '/media/monitor/supplier-mail');
      await pick(page, 'Media owner', owner);
      await page.getByText(`<${supplier.email}>`).waitFor();
      await page.getByRole('button', { name: 'Programma l’invio' }).click();
      const dialog = page.getByRole('dialog', { name: 'Programma l’invio' });
      await dialog.getByRole('textbox', { name: /^Nome/ }).fill(name);
      await expect(dialog.getByRole('combobox', { name: 'Ripetizione' }).innerText()).resolves.toBe('Ogni settimana');
      await page.screenshot({ path: '.e2e/screenshots/sends-schedule.png' });
      await dialog.getByRole('button', { name: 'Salva' }).click();
      await page.getByText(`Invio programmato: «${name}»`).waitFor();

      await page.getByRole('button', { name: 'MEDIA MONITOR', exact: true }).click();
      await page.getByRole('menuitem', { name: 'Invii programmati' }).click();
      const row = page.getByRole('row').filter({ hasText: name });
      await row.waitFor();
      expect(await row.innerText()).toMatch(/Ogni settimana[\s\S]*Mai eseguito/);
      const before = (await mailsTo(supplier.email)).filter((m) => m.subject.startsWith(`Rilevazioni ${owner}`)).length;

      // Eight days later on the sandbox's clock (which then comes back): the event has run once.
      const moved = await fetch(sandboxUrl(`/internal/clock?advanceSeconds=${8 * 86_400}&back=1`), { method: 'POST' });
      expect(moved.status).toBe(200);
      const after = (await mailsTo(supplier.email)).filter((m) => m.subject.startsWith(`Rilevazioni ${owner}`));
      expect(after.length).toBe(before + 1);
      expect(after[0].sentBy).toBe('mediamonitor');

      await page.reload();
      const ran = page.getByRole('row').filter({ hasText: name });
      await ran.getByText('Riuscito').waitFor();
      await page.screenshot({ path: '.e2e/screenshots/sends-scheduled.png' });
      const lines = await exported(page);
      expect(lines[0]).toEqual(['Nome', 'Ripetizione', 'Prossimo invio', 'Ultimo invio', 'Esito', 'Creato da']);
      const line = lines.find((l) => l[0] === name);
      expect(line?.slice(1, 2)).toEqual(['Ogni settimana']);
      expect(line?.[4]).toMatch(/^Riuscito/);
      expect(line?.[5]).toBe('mediamonitor');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
    const { shown, secrets } = await outboxRows(supplier.email);
    expect(shown.some((r) => r.includes(`Rilevazioni ${owner}`))).toBe(true);
    // The outbox shows no secret: no link token is ever in it.
    expect(secrets).not.toMatch(/token=[A-Za-z0-9_-]{8,}/);
  });
});

describe('the project’s own operations where a user needs them', () => {
  it('deletes a planned campaign from its page (a running one offers no delete)', async () => {
    const [advertiser] = await api<Array<{ id: number }>>('/advertiser/v1/getAll', { as: 'sales' });
    const name = `E2E Da eliminare ${Date.now()}`;
    const campaign = await api<{ id: number }>('/campaign/v1/campaigns', {
      method: 'POST',
      as: 'sales',
      body: { name, advertiserId: advertiser.id, periodStart: '2031-05-01', periodEnd: '2031-05-31', budget: 0 },
    });
    const { page, errors, close } = await signedIn('sales');
    try {
      await visit(page, `/campaigns/${campaign.id}`);
      await page.getByRole('link', { name: 'Modifica' }).first().waitFor();
      await page.getByRole('button', { name: 'Elimina' }).click();
      const dialog = page.getByRole('dialog', { name: `Eliminare la campagna «${name}»?` });
      await dialog.getByRole('button', { name: 'Conferma' }).click();
      await page.waitForURL((url) => url.pathname === '/campaigns');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
    const left = await fetch(sandboxUrl(`/campaign/v1/campaigns/${campaign.id}`), { headers: { Authorization: `Bearer ${await apiToken('sales')}` } });
    expect(left.status).toBe(404);

    const campaigns = await api<Array<{ id: number; status: string }>>(`/campaign/v1/campaigns?range=${encodeURIComponent('[0,199]')}`, { as: 'sales' });
    const running = campaigns.find((c) => c.status !== 'planned' && c.status !== 'cancelled')!;
    expect(running).toBeTruthy();
    const second = await signedIn('sales');
    try {
      await visit(second.page, `/campaigns/${running.id}`);
      await second.page.getByRole('link', { name: 'Modifica' }).first().waitFor();
      expect(await second.page.getByRole('button', { name: 'Elimina' }).count()).toBe(0);
    } finally {
      await second.close();
    }
  });
});
