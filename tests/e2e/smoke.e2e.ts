import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, launch, newContext, sandboxUrl, watchErrors } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('the stack', () => {
  it('the sandbox serves the API reference offline', async () => {
    const response = await fetch(sandboxUrl('/docs'));
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Riferimento API');
  });

  it('the app opens the login page in Italian without errors', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(appUrl('/login'));
    await page.getByRole('button', { name: /accedi/i }).waitFor({ timeout: 30_000 });
    await page.getByLabel(/nome utente/i).waitFor();
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
    await context.close();
  });
});
