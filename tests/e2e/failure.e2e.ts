import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, launch, sandboxUrl, visit } from './support/browser';
import { signedInPage } from './support/session';

/*
 * The app under failure, as the admin: a 500 and a network failure on a save show a clear
 * Italian message and keep every typed value, and saving works once the service is back; a dirty
 * form asks before leaving (menu link, dialog Escape); a 409 of the real sandbox says what
 * conflicted; script text saved in free-text fields renders as text on every screen.
 */

let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[] = [];
const STAMP = Date.now() % 1000000;
const XSS = `<img src=x onerror="window.__xss=1"><script>window.__xss=2</script> ${STAMP}`;
const SERVER_MESSAGE = /Il servizio ha avuto un problema \(errore 500\)/;
const UNREACHABLE = 'Il servizio non risponde. Controlla la connessione e riprova.';
const dialogs: string[] = [];
let answer: 'accept' | 'dismiss' = 'accept';
const systems: { id: number; code: string }[] = [];

/** Opens a system's edit form and waits until it has loaded (so typing is not overwritten). */
async function openEdit(index: number, name: string): Promise<void> {
  answer = 'accept';
  await page.goto(appUrl(`/systems-manage/${systems[index].id}/edit`));
  await expect.poll(() => page.getByLabel(/^Nome/).inputValue().catch(() => ''), { timeout: 30_000 }).toBe(name);
  await page.waitForLoadState('networkidle');
}

async function api(path: string, body: unknown): Promise<Record<string, unknown>> {
  const token = await page.evaluate(() => window.localStorage.getItem('auth'));
  const response = await fetch(sandboxUrl(path), {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', username: 'admin' },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

const systemInput = (name: string, latitude: number, longitude: number, notes = '') => ({
  name,
  type: 'OOH',
  systemType: 'poster',
  address: 'Via Dante 7',
  region: 'Lombardia',
  province: 'Milano',
  municipalityId: '015146',
  latitude,
  longitude,
  notes,
});

/** No script text ran and no element was made from it. */
async function expectInert(): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  expect(await page.locator('img[src="x"]').count()).toBe(0);
  expect(await page.locator('script', { hasText: 'window.__xss' }).count()).toBe(0);
}

beforeAll(async () => {
  browser = await launch();
  ({ context, page, errors } = await signedInPage(browser, 'admin'));
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void (answer === 'accept' ? dialog.accept() : dialog.dismiss());
  });
  for (const [i, input] of [
    systemInput(`E2E guasti ${STAMP}`, 45.4701, 9.1902),
    systemInput(`E2E conflitto ${STAMP}`, 45.4702, 9.1903),
    systemInput(XSS, 39.9, 11.4, XSS),
  ].entries()) {
    const saved = await api('/systems/v1/system/create?type=OOH', input);
    systems[i] = { id: Number(saved.id), code: String(saved.code) };
  }
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('saving through failures keeps the typed values', () => {
  const NAME = `E2E guasti modificato ${STAMP}`;
  const NOTES = 'Note scritte a mano, da non perdere';

  it('a 500 shows the Italian message, not the service body, and keeps the values', async () => {
    await openEdit(0, `E2E guasti ${STAMP}`);
    await page.getByLabel(/^Nome/).fill(NAME);
    await page.getByLabel(/^Note/).fill(NOTES);
    let posts = 0;
    const fail = (route: Route) => {
      posts += 1;
      return route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'java.lang.NullPointerException at Foo.java:12' }) });
    };
    await page.route('**/systems/v1/system/update**', fail);
    await page.getByRole('button', { name: 'Salva' }).click();
    await page.getByText(SERVER_MESSAGE).first().waitFor({ timeout: 30_000 });
    expect(await page.getByText('NullPointerException').count()).toBe(0);
    expect(posts).toBe(1);
    expect(await page.getByLabel(/^Nome/).inputValue()).toBe(NAME);
    expect(await page.getByLabel(/^Note/).inputValue()).toBe(NOTES);
    expect(new URL(page.url()).pathname).toBe(`/systems-manage/${systems[0].id}/edit`);
    await page.unroute('**/systems/v1/system/update**', fail);
  });

  it('a network failure shows the unreachable message and keeps the values', async () => {
    const abort = (route: Route) => route.abort('failed');
    await page.route('**/systems/v1/system/update**', abort);
    await page.getByRole('button', { name: 'Salva' }).click();
    await page.getByText(UNREACHABLE).first().waitFor({ timeout: 30_000 });
    expect(await page.getByText('Failed to fetch').count()).toBe(0);
    expect(await page.getByLabel(/^Nome/).inputValue()).toBe(NAME);
    expect(await page.getByLabel(/^Note/).inputValue()).toBe(NOTES);
    await page.unroute('**/systems/v1/system/update**', abort);
  });

  it('once the service is back, the same save goes through without asking to leave', async () => {
    const before = dialogs.length;
    await page.getByRole('button', { name: 'Salva' }).click();
    await page.waitForURL(new RegExp(`/systems-manage/${systems[0].id}$`), { timeout: 30_000 });
    await page.getByTestId('system-detail').getByText(NAME).first().waitFor({ timeout: 30_000 });
    expect(dialogs.length).toBe(before);
  });

  it('a 409 of the sandbox (a code already in use) says what conflicted, under the field, and keeps the form', async () => {
    await openEdit(1, `E2E conflitto ${STAMP}`);
    await page.getByLabel(/^Codice/).fill(systems[0].code);
    await page.getByLabel(/^Note/).fill('Nota del conflitto');
    // What the form sends and what the sandbox answers, so that a failure here says which side it
    // was (this case once timed out on a loaded machine waiting for the message).
    expect(await page.getByLabel(/^Codice/).inputValue()).toBe(systems[0].code);
    const saved = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/system/update'), {
      timeout: 30_000,
    });
    await page.getByRole('button', { name: 'Salva' }).click();
    const answer = await saved;
    expect(answer.status(), `sent ${answer.request().postData() ?? ''}, answered ${await answer.text()}`).toBe(409);
    const message = `Il codice ${systems[0].code} è già in uso`;
    await page.getByText(message).first().waitFor({ timeout: 30_000 });
    expect(await page.locator('.MuiFormHelperText-root', { hasText: message }).count()).toBe(1);
    expect(await page.getByLabel(/^Note/).inputValue()).toBe('Nota del conflitto');
    expect(new URL(page.url()).pathname).toBe(`/systems-manage/${systems[1].id}/edit`);
  });
});

describe('leaving a form with unsaved changes asks first', () => {
  it('a menu link: cancel stays with the data, confirm leaves', async () => {
    await openEdit(1, `E2E conflitto ${STAMP}`);
    await page.getByLabel(/^Nome/).fill(`Nome da non perdere ${STAMP}`);
    const before = dialogs.length;
    answer = 'dismiss';
    await page.getByRole('button', { name: 'PATRIMONIO' }).click();
    await page.getByRole('menuitem', { name: 'Circuiti' }).click();
    await expect.poll(() => dialogs.length, { timeout: 10_000 }).toBe(before + 1);
    expect(dialogs.at(-1)).toBe('Alcune modifiche non sono state salvate. Vuoi davvero ignorarle?');
    await page.keyboard.press('Escape');
    expect(new URL(page.url()).pathname).toBe(`/systems-manage/${systems[1].id}/edit`);
    expect(await page.getByLabel(/^Nome/).inputValue()).toBe(`Nome da non perdere ${STAMP}`);
    answer = 'accept';
    await page.getByRole('button', { name: 'PATRIMONIO' }).click();
    await page.getByRole('menuitem', { name: 'Circuiti' }).click();
    await page.waitForURL(/\/circuit-manage\/manage/, { timeout: 30_000 });
    expect(dialogs.length).toBe(before + 2);
  });

  it('the tests’ own in-app move (support/browser.ts visit) meets the same question and says so, instead of loading the page behind the form’s back', async () => {
    await openEdit(1, `E2E conflitto ${STAMP}`);
    await page.getByLabel(/^Nome/).fill(`Nome da non perdere ${STAMP}`);
    const before = dialogs.length;
    answer = 'dismiss';
    await expect(visit(page, '/circuit-manage/manage')).rejects.toThrow(/stayed on .*unsaved changes/);
    await expect.poll(() => dialogs.length, { timeout: 10_000 }).toBe(before + 1);
    expect(new URL(page.url()).pathname).toBe(`/systems-manage/${systems[1].id}/edit`);
    expect(await page.getByLabel(/^Nome/).inputValue()).toBe(`Nome da non perdere ${STAMP}`);
  });

  it('a react-admin form in a dialog: Escape asks, cancelling keeps the dialog and what was typed', async () => {
    answer = 'accept';
    await page.goto(appUrl('/advertisers'));
    await page.getByRole('button', { name: 'Nuovo inserzionista' }).click();
    const dialog = page.getByRole('dialog');
    await page.waitForLoadState('networkidle');
    const before = dialogs.length;
    answer = 'dismiss';
    // Escape at once: the name's uniqueness check (a pause, then the service) has not answered yet,
    // and the dialog asks all the same.
    await dialog.getByLabel(/Ragione sociale/).fill(`Da non perdere ${STAMP}`);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialogs.length, { timeout: 10_000 }).toBe(before + 1);
    expect(await dialog.getByLabel(/Ragione sociale/).inputValue()).toBe(`Da non perdere ${STAMP}`);
    answer = 'accept';
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached', timeout: 10_000 });
  });
});

describe('script text saved in free-text fields renders as text', () => {
  it('the systems list, show and edit screens', async () => {
    answer = 'accept';
    const { id, code } = systems[2];
    await visit(page, '/systems-manage/manage');
    const search = page.getByRole('combobox', { name: /Cerca impianti/ });
    await search.fill(code);
    await search.press('Escape');
    await search.press('Enter');
    // The list is react-admin's DataTable: the system's row is the one that holds its code.
    await page.locator('tbody tr').filter({ hasText: code }).getByText(XSS).first().waitFor({ timeout: 30_000 });
    await expectInert();
    await visit(page, `/systems-manage/${id}`);
    await page.getByTestId('system-detail').getByText(XSS).first().waitFor({ timeout: 30_000 });
    await expectInert();
    await visit(page, `/systems-manage/${id}/edit`);
    await expect.poll(() => page.getByLabel(/^Nome/).inputValue(), { timeout: 30_000 }).toBe(XSS);
    expect(await page.getByLabel(/^Note/).inputValue()).toBe(XSS);
    await expectInert();
  });

  it('the map marker and its popup', async () => {
    const { code } = systems[2];
    await visit(page, '/systems-manage/map');
    const marker = page.locator(`.leaflet-marker-icon[title^="${code} "]`);
    await marker.waitFor({ timeout: 30_000 });
    expect(await marker.getAttribute('title')).toBe(`${code} · ${XSS}`);
    await marker.click();
    await page.getByTestId('map-popup').getByText(XSS).first().waitFor({ timeout: 30_000 });
    await expectInert();
  });

  it('an advertiser: list and detail', async () => {
    const saved = await api('/advertiser/v1/create', {
      name: XSS,
      vatNumber: String(80000000000 + STAMP).slice(0, 11),
      email: `xss${STAMP}@example.it`,
      businessArea: 'Alimentare',
    });
    await visit(page, '/advertisers');
    await page.getByText(XSS).first().waitFor({ timeout: 30_000 });
    await expectInert();
    await visit(page, `/advertisers/${String(saved.id)}`);
    await page.getByRole('heading', { name: XSS }).waitFor({ timeout: 30_000 });
    await expectInert();
  });

  it('left no console errors', () => {
    // react-admin logs a refused save (console.error of the ApiError): this file causes two on purpose,
    // the unreachable service and the code already in use.
    const expected = /404|409|500|Failed to load resource|ERR_FAILED|ApiError: Il servizio non risponde|ApiError: Il codice \S+ è già in uso/;
    expect(errors.filter((e) => !expected.test(e))).toEqual([]);
  });
});
