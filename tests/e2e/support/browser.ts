import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { SERVICES } from '@/config/services';
import { CHROMIUM } from './stack';

export { SERVICES };

export function appUrl(pathname = '/'): string {
  return inject('appUrl') + pathname;
}

export function sandboxUrl(pathname = ''): string {
  return inject('sandboxUrl') + pathname;
}

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
}

/**
 * A fresh browser context whose app talks to this run's sandbox: `/config.json` is answered with
 * the sandbox hosts, exactly as public/config.json does for `npm start`.
 */
export async function newContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ locale: 'it-IT', viewport: { width: 1366, height: 900 }, ...options });
  const hosts = Object.fromEntries(SERVICES.map((s) => [s, sandboxUrl(`/${s}`)]));
  await context.route('**/config.json', (route) =>
    route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({ environment: 'dev', hosts: { dev: hosts }, companyPrefix: 'company', opportunityFallbackHost: sandboxUrl('/opportunity'), tileUrl: '' }),
    }),
  );
  return context;
}

/** Console errors and failed requests of a page, to assert a screen stays clean. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  return errors;
}

export async function signIn(page: Page, username: string, password = 'demo'): Promise<void> {
  await page.goto(appUrl('/login'));
  await page.getByLabel(/nome utente/i).fill(username);
  await page.getByLabel(/password/i).first().fill(password);
  await page.getByRole('button', { name: /accedi/i }).click();
}
