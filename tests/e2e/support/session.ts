import { existsSync, mkdirSync, renameSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';
import { appUrl, newContext, sandboxUrl, signIn, watchErrors } from './browser';

/*
 * Signed-in browser states, one per demo user, shared by every end-to-end file of a run: the first
 * file that needs a user signs in through the form and saves the context's storage state (the
 * session lives in localStorage); later files open a context from that state and skip the
 * form. A state is made again when it is older than STATE_MAX_AGE_MS, well inside the sandbox's
 * 15-minute access token, so that no test meets a token expiring under it.
 */

const STATE_MAX_AGE_MS = 10 * 60_000;

/** States written by this process so far (names each one's aside file). */
let writes = 0;

function stateFile(username: string): string {
  const dir = inject('sessionDir');
  mkdirSync(dir, { recursive: true });
  return path.join(dir, `${username}.json`);
}

function freshState(username: string): string | undefined {
  const file = stateFile(username);
  if (!existsSync(file)) return undefined;
  return Date.now() - statSync(file).mtimeMs < STATE_MAX_AGE_MS ? file : undefined;
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Navigazione principale' });
const signInButton = (page: Page) => page.getByRole('button', { name: /accedi/i });

export interface SignedIn {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught exceptions of the page, from its first load on. */
  errors: string[];
}

/**
 * A new context and page signed in as `username`, opened at `at` (the app's home by default) with
 * the app bar shown. The saved state is used when there is one; a state the server refuses (the
 * app shows the sign-in form) is replaced by signing in through the form.
 */
export async function signedInPage(browser: Browser, username: string, at = '/'): Promise<SignedIn> {
  const saved = freshState(username);
  const context = await newContext(browser, saved ? { storageState: saved } : {});
  const page = await context.newPage();
  const errors = watchErrors(page);
  if (saved) {
    await page.goto(appUrl(at));
    await nav(page).or(signInButton(page)).first().waitFor({ timeout: 60_000 });
    if (await nav(page).isVisible()) return { context, page, errors };
  }
  await signIn(page, username);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 60_000 });
  await nav(page).waitFor({ timeout: 60_000 });
  // Written aside and renamed: a file running beside this one never reads half a state. The aside
  // name is this call's own, as two tests of one file may sign the same user in side by side.
  const file = stateFile(username);
  writes += 1;
  const partial = `${file}.${process.pid}.${writes}.tmp`;
  await context.storageState({ path: partial });
  renameSync(partial, file);
  if (at !== '/') {
    await page.goto(appUrl(at));
    await nav(page).waitFor({ timeout: 60_000 });
  }
  return { context, page, errors };
}

const tokens = new Map<string, string>();

/** An access token of `username` from the sandbox's password grant (once per file and user). */
export async function apiToken(username = 'admin', password = 'demo'): Promise<string> {
  const key = `${username}:${password}`;
  const known = tokens.get(key);
  if (known) return known;
  const response = await fetch(sandboxUrl('/user/oauth/token'), {
    method: 'POST',
    headers: {
      Authorization: `Basic ${Buffer.from('backoffice:backoffice-secret').toString('base64')}`,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ grant_type: 'password', username, password }),
  });
  if (!response.ok) throw new Error(`token of ${username}: ${response.status} ${await response.text()}`);
  const token = ((await response.json()) as { access_token: string }).access_token;
  tokens.set(key, token);
  return token;
}

/**
 * A JSON call to the sandbox as `as` (the admin by default), for a test's set-up and checks; a
 * non-2xx answer throws with its body.
 */
export async function api<T>(pathname: string, init: { method?: string; body?: unknown; as?: string } = {}): Promise<T> {
  const response = await fetch(sandboxUrl(pathname), {
    method: init.method ?? 'GET',
    headers: {
      Authorization: `Bearer ${await apiToken(init.as ?? 'admin')}`,
      ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${pathname}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * Fills every face of a system in a planning, a screen's every slot too (a face is what a planning
 * books; a screen takes as many sales as its loop has slots): the system is then taken for any
 * other sale in the period. The items made.
 */
export async function planSystem(planningId: number, systemId: number): Promise<Array<{ id: number; frameId: number; systemId: number }>> {
  const faces = await api<Array<{ id: number; slots: number }>>(`/frame/v1/frames?filter=${encodeURIComponent(JSON.stringify({ systemId: [systemId] }))}`);
  if (!faces.length) throw new Error(`the system ${systemId} has no faces to plan`);
  const items = [];
  for (const face of faces) {
    for (let slot = 0; slot < face.slots; slot += 1) {
      items.push(await api<{ id: number; frameId: number; systemId: number }>('/planner/v1/planningItems', { method: 'POST', body: { planningId, frameId: face.id } }));
    }
  }
  return items;
}
