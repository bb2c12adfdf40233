// @vitest-environment node
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../sandbox/db';
import { internalServices } from '../../sandbox/internal';
import { rng } from '../../sandbox/seed/random';
import { createSandbox } from '../../sandbox/server';
import { HANDLERS, SERVICE_MODULES } from '../../sandbox/services';
import { testMailbox } from '../../sandbox/services/mail';
import { DEMO_USERS } from '../../sandbox/seed/demoUsers';
import { ROLES } from '../../src/auth/roles';
import { failureDelayMs, lockedFor, recordFailure, recordSuccess, SIGNIN_LIMITS } from '../../sandbox/signin';
import { openMigrated } from './support/smallSeed';

/* The user service end to end: a sandbox in-process on an in-memory database, driven with fetch. */

// Sign-ins hash with scrypt on purpose: slow by design, and slower on a busy machine.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 300_000 });

const BASIC = `Basic ${Buffer.from('backoffice:backoffice-secret').toString('base64')}`;

let db: Db;
let server: Server;
let base: string;

beforeAll(async () => {
  SIGNIN_LIMITS.firstDelayMs = 1; // the slowdown's growth is asserted, not waited for
  db = await openMigrated();
  // The seeds this file needs (the full seed also loads every other service's data, which takes minutes).
  await db.transaction(async (tx) => {
    for (const name of ['user', 'companies', 'geo', 'mail', 'scheduler'] as const) await SERVICE_MODULES[name].seed?.(tx, { size: 'small', rng: rng(20260301) });
  });
  ({ server } = await createSandbox({ db, handlers: HANDLERS, services: internalServices, origin: 'http://127.0.0.1:8787', testEndpoints: { '/internal/mailbox': testMailbox } }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await db.close();
});

function tokenRequest(form: Record<string, string>, authorization: string | null = BASIC) {
  return fetch(`${base}/user/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...(authorization ? { Authorization: authorization } : {}) },
    body: new URLSearchParams(form).toString(),
  });
}

async function signIn(username: string, password = 'demo'): Promise<{ access_token: string; refresh_token: string }> {
  const res = await tokenRequest({ grant_type: 'password', username, password });
  expect(res.status, `sign in ${username}`).toBe(200);
  return res.json();
}

async function call(method: string, path: string, token?: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

/** The newest mail of `kind` to `to`, as its recipient got it: from the sandbox's test mailbox (the outbox hides its tokens). */
async function latestMail(kind: string, to: string) {
  const res = await call('GET', `/internal/mailbox?${new URLSearchParams({ kind, to })}`);
  expect(res.status).toBe(200);
  return res.body[0] as { id: number; body: string; subject: string; sentBy: string } | undefined;
}

describe('sign-in and profile', () => {
  it.each(DEMO_USERS.map((u) => [u.username, u.role]))('%s signs in and reads a profile whose first authority is %s', async (username, role) => {
    const res = await tokenRequest({ grant_type: 'password', username, password: 'demo' });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const tokens = await res.json();
    expect(tokens).toMatchObject({ token_type: 'bearer', access_token: expect.any(String), refresh_token: expect.any(String) });
    const profile = await call('GET', '/user/user/profile', tokens.access_token);
    expect(profile.status).toBe(200);
    expect(profile.body.authorities[0].authority).toBe(role);
    expect(profile.body.principal.username).toBe(username);
    expect(profile.body.principal.preference.theme).toBe(username === 'designer' ? 'dark' : 'classic');
    expect(profile.body.group).toBeTruthy();
    expect(profile.body.subscription).toMatchObject({ plan: expect.any(String), active: true });
    expect(profile.body.id).toBeGreaterThan(0);
  });

  it('refuses a wrong password or an unknown user with 400 and an Italian message', async () => {
    for (const [username, password] of [['admin', 'sbagliata'], ['nessuno', 'demo']]) {
      const res = await tokenRequest({ grant_type: 'password', username, password });
      expect(res.status).toBe(400);
      expect((await res.json()).message).toBe('Credenziali non valide');
    }
  });

  it('refuses a wrong or missing client authorization with 401', async () => {
    const wrong = await tokenRequest({ grant_type: 'password', username: 'admin', password: 'demo' }, `Basic ${Buffer.from('backoffice:nope').toString('base64')}`);
    expect(wrong.status).toBe(401);
    // The secret is everything after the first colon, compared whole.
    for (const client of ['backoffice:backoffice-secret:anything', 'backoffice:backoffice-secret ', 'backoffice:backoffice-secre', 'backoffice-secret', 'backofficeX:backoffice-secret']) {
      const res = await tokenRequest({ grant_type: 'password', username: 'admin', password: 'demo' }, `Basic ${Buffer.from(client).toString('base64')}`);
      expect(res.status, client).toBe(401);
    }
    const missing = await tokenRequest({ grant_type: 'password', username: 'admin', password: 'demo' }, null);
    expect(missing.status).toBe(401);
  });

  it('exchanges a refresh token once; the old pair stops working', async () => {
    const first = await signIn('sales');
    const refreshed = await tokenRequest({ grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(refreshed.status).toBe(200);
    const second = await refreshed.json();
    expect(second.access_token).not.toBe(first.access_token);
    expect((await call('GET', '/user/user/profile', second.access_token)).status).toBe(200);
    const again = await tokenRequest({ grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(again.status).toBe(400);
    expect((await again.json()).message).toBe('Sessione scaduta, accedi di nuovo');
    expect((await call('GET', '/user/user/profile', first.access_token)).status).toBe(401);
  });

  it('answers 401 without a token, with an unknown one and with an expired one', async () => {
    expect((await call('GET', '/user/user/profile')).status).toBe(401);
    expect((await call('GET', '/user/user/profile', 'non-esiste-questo-token')).status).toBe(401);
    const { access_token } = await signIn('planner');
    expect((await call('GET', '/user/user/profile', access_token)).status).toBe(200);
    await db.query(`UPDATE sessions SET access_expires_at = now() - interval '1 second' WHERE access_token = $1`, [access_token]);
    const expired = await call('GET', '/user/user/profile', access_token);
    expect(expired.status).toBe(401);
    expect(expired.body.message).toMatch(/Autenticazione/);
    expect(JSON.stringify(expired.body)).not.toMatch(/at .*\.ts/);
  });

  it('saves the theme preference', async () => {
    const { access_token } = await signIn('supervisor');
    expect((await call('PUT', '/user/user/preference', access_token, { theme: 'dark' })).body).toEqual({ theme: 'dark' });
    expect((await call('GET', '/user/user/profile', access_token)).body.principal.preference.theme).toBe('dark');
    expect((await call('PUT', '/user/user/preference', access_token, { theme: 'rosa' })).status).toBe(400);
    await call('PUT', '/user/user/preference', access_token, { theme: 'classic' });
  });
});

describe('user management', () => {
  it('is refused to roles other than admin and manager (403)', async () => {
    const { access_token } = await signIn('sales');
    expect((await call('GET', '/user/user/all/page/0/perPage/10/sort/ASC', access_token)).status).toBe(403);
    expect((await call('GET', '/user/user/getAllRole', access_token)).status).toBe(403);
    const created = await call('POST', '/user/user/createUser', access_token, {
      username: 'intruso', password: 'Intruso-nel-Castello-9', name: 'In', surname: 'Truso', email: 'intruso@example.it', role: 'ROLE_ADMIN',
    });
    expect(created.status).toBe(403);
    expect((await call('DELETE', '/user/user/deleteUser?userId=1', access_token)).status).toBe(403);
    const manager = await signIn('manager');
    expect((await call('GET', '/user/user/all/page/0/perPage/10/sort/ASC', manager.access_token)).status).toBe(200);
  });

  it('lists users as a Spring page sorted by the field and direction asked', async () => {
    const { access_token } = await signIn('admin');
    const page = await call('GET', '/user/user/all/page/1/perPage/5/sort/DESC?sortValue=surname', access_token);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ number: 1, size: 5 });
    expect(page.body.content).toHaveLength(5);
    expect(page.body.totalElements).toBeGreaterThanOrEqual(25);
    expect(page.body.totalPages).toBe(Math.ceil(page.body.totalElements / 5));
    const all = await call('GET', '/user/user/all/page/0/perPage/9999/sort/DESC?sortValue=surname', access_token);
    const surnames = all.body.content.map((u: { surname: string }) => u.surname.toLowerCase());
    expect(surnames).toEqual([...surnames].sort((a: string, b: string) => (a < b ? 1 : a > b ? -1 : 0)));
    expect(page.body.content.map((u: { id: number }) => u.id)).toEqual(all.body.content.slice(5, 10).map((u: { id: number }) => u.id));
    const roles = await call('GET', '/user/user/getAllRole', access_token);
    // The role list is src/auth/roles.ts's, in its order (one source for the app and the sandbox).
    expect(roles.body.map((r: { name: string }) => r.name)).toEqual([...ROLES]);
  });

  it('creates, reads, updates and deletes a user; deleting revokes their sessions', async () => {
    const admin = await signIn('admin');
    const input = { username: 'luca.verdi', password: 'Estate-sul-Garda-2026', name: 'Luca', surname: 'Verdi', email: 'luca.verdi@ooh-demo.it', role: 'ROLE_SALES' };
    const created = await call('POST', '/user/user/createUser', admin.access_token, input);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ username: 'luca.verdi', role: 'ROLE_SALES', enabled: true, group: 'administrators' });
    expect(created.body).not.toHaveProperty('password');
    expect((await call('POST', '/user/user/createUser', admin.access_token, input)).status).toBe(409);
    expect((await call('POST', '/user/user/createUser', admin.access_token, { ...input, username: 'altro.verdi' })).status).toBe(409);

    // The admin's new user gets the same password rule as one's own new password, under its field.
    const weak = await call('POST', '/user/user/createUser', admin.access_token, { ...input, username: 'debole.verdi', email: 'debole@ooh-demo.it', password: 'Estate2026' });
    expect(weak.status).toBe(400);
    expect(weak.body.errors).toEqual([{ path: '/body/password', message: expect.stringContaining('facile da indovinare') }]);
    const id = created.body.id as number;
    const luca = await signIn('luca.verdi', 'Estate-sul-Garda-2026');
    expect((await call('GET', `/user/user/getUserById/${id}`, luca.access_token)).status).toBe(200);
    expect((await call('GET', '/user/user/getUserById/1', luca.access_token)).status).toBe(403);

    const updated = await call('POST', `/user/user/updateUser?id=${id}`, admin.access_token, { role: 'ROLE_SALESLEADER', surname: 'Verdini' });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ role: 'ROLE_SALESLEADER', surname: 'Verdini', email: input.email });
    expect((await call('POST', `/user/user/updateUser?id=${id}`, admin.access_token, { password: 'luca.verdi1' })).status).toBe(400);
    expect((await call('POST', `/user/user/updateUser?id=${id}`, admin.access_token, { id: id + 1, name: 'X' })).status).toBe(400);
    expect((await call('POST', '/user/user/updateUser?id=99999', admin.access_token, { name: 'X' })).status).toBe(404);
    expect((await call('GET', '/user/user/profile', luca.access_token)).body.authorities[0].authority).toBe('ROLE_SALESLEADER');

    // A manager may not touch a super admin.
    const manager = await signIn('manager');
    expect((await call('POST', '/user/user/updateUser?id=1', manager.access_token, { name: 'X' })).status).toBe(403);
    expect((await call('POST', `/user/user/updateUser?id=${id}`, manager.access_token, { role: 'ROLE_ADMIN' })).status).toBe(403);

    const self = (await call('GET', '/user/user/profile', admin.access_token)).body.id;
    expect((await call('DELETE', `/user/user/deleteUser?userId=${self}`, admin.access_token)).status).toBe(409);
    const deleted = await call('DELETE', `/user/user/deleteUser?userId=${id}`, admin.access_token);
    expect(deleted.status).toBe(200);
    expect(deleted.body.username).toBe('luca.verdi');
    expect((await call('GET', '/user/user/profile', luca.access_token)).status).toBe(401);
    expect((await call('GET', `/user/user/getUserById/${id}`, admin.access_token)).status).toBe(404);
    expect((await call('DELETE', `/user/user/deleteUser?userId=${id}`, admin.access_token)).status).toBe(404);
  });

  it('disabling a user ends their sessions and refuses their sign-in', async () => {
    const admin = await signIn('admin');
    const created = await call('POST', '/user/user/createUser', admin.access_token, {
      username: 'temp.user', password: 'Temporale-sul-Po-2026', name: 'Temp', surname: 'User', email: 'temp.user@ooh-demo.it', role: 'ROLE_PLANNER',
    });
    const temp = await signIn('temp.user', 'Temporale-sul-Po-2026');
    await call('POST', `/user/user/updateUser?id=${created.body.id}`, admin.access_token, { enabled: false });
    expect((await call('GET', '/user/user/profile', temp.access_token)).status).toBe(401);
    const res = await tokenRequest({ grant_type: 'password', username: 'temp.user', password: 'Temporale-sul-Po-2026' });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toMatch(/disabilitato/);
  });

  it('answers 400 naming each violation for a request that breaks the document', async () => {
    const { access_token } = await signIn('admin');
    const res = await call('POST', '/user/user/createUser', access_token, { username: 'x', email: 'non-una-mail', role: 'ROLE_BOSS', extra: 1 });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Richiesta non valida');
    expect(res.body.errors.length).toBeGreaterThanOrEqual(3);
    for (const e of res.body.errors) expect(e).toMatchObject({ path: expect.any(String), message: expect.any(String) });
    expect((await call('GET', '/user/user/all/page/0/perPage/10/sort/SU', access_token)).status).toBe(400);
  });
});

describe('passwords and signup', () => {
  it('signup → confirmation mail → confirm (once) → sign in', async () => {
    const signup = { username: 'giulia.bianchi', email: 'giulia.bianchi@example.it', password: 'Primavera-sul-Naviglio', name: 'Giulia', surname: 'Bianchi', companyName: 'Affissioni Lombarde S.r.l.' };
    const res = await call('POST', '/user/prereg/signup', undefined, signup);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ username: 'giulia.bianchi', status: 'pending' });
    expect((await call('POST', '/user/prereg/signup', undefined, signup)).status).toBe(409);

    const early = await tokenRequest({ grant_type: 'password', username: 'giulia.bianchi', password: 'Primavera-sul-Naviglio' });
    expect(early.status).toBe(400);
    expect((await early.json()).message).toBe('Account non ancora confermato');

    const mail = await latestMail('signup-confirmation', 'giulia.bianchi@example.it');
    const token = /\/user\/confirm\/([A-Za-z0-9_-]+)/.exec(mail!.body)?.[1];
    expect(mail!.body).toContain('http://127.0.0.1:5173/user/confirm/');
    expect(token).toBeTruthy();
    expect((await call('GET', '/user/prereg/confirm/sconosciuto-1234567890'))).toMatchObject({ status: 404 });
    const confirmed = await call('GET', `/user/prereg/confirm/${token}`);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.status).toBe('confirmed');
    expect((await call('GET', `/user/prereg/confirm/${token}`)).status).toBe(409);

    const tokens = await signIn('giulia.bianchi', 'Primavera-sul-Naviglio');
    expect((await call('GET', '/user/user/profile', tokens.access_token)).body.authorities[0].authority).toBe('ROLE_GUEST');
  });

  it('forgot password → mailed token → new password → sign in; the token works once', async () => {
    const accepted = await call('POST', '/user/user/forgotPassword?username=mediamonitor');
    expect(accepted.status).toBe(200);
    const unknown = await call('POST', '/user/user/forgotPassword?username=nessuno.qui');
    expect(unknown).toMatchObject({ status: 200, body: accepted.body });

    const mail = await latestMail('password-reset', 'mediamonitor@demo.ooh.it');
    expect(mail!.sentBy).toBe('system');
    const token = /change-password\?token=([A-Za-z0-9_-]+)/.exec(mail!.body)?.[1];
    expect(token).toBeTruthy();
    const old = await signIn('mediamonitor');

    const saved = await call('POST', '/user/user/savePassword', undefined, { token, newPassword: 'NuovaPassword2026' });
    expect(saved.status).toBe(200);
    expect((await call('POST', '/user/user/savePassword', undefined, { token, newPassword: 'Altra-Strada-Lunga' })).status).toBe(404);
    expect((await tokenRequest({ grant_type: 'password', username: 'mediamonitor', password: 'demo' })).status).toBe(400);
    expect((await call('GET', '/user/user/profile', old.access_token)).status).toBe(401);
    const fresh = await signIn('mediamonitor', 'NuovaPassword2026');

    // And back, through the signed-in change (old, new, confirm).
    const next = 'Tramonto-Milano-42';
    const wrongOld = await call('POST', '/user/user/new-password', fresh.access_token, { oldPassword: 'demo', newPassword: next, newPasswordConfirm: next });
    expect(wrongOld).toMatchObject({ status: 400, body: { message: 'La password attuale non è corretta' } });
    const mismatch = await call('POST', '/user/user/new-password', fresh.access_token, { oldPassword: 'NuovaPassword2026', newPassword: next, newPasswordConfirm: 'Tramonto-Milano-43' });
    expect(mismatch).toMatchObject({ status: 400, body: { message: 'Le nuove password non coincidono' } });
    const changed = await call('POST', '/user/user/new-password', fresh.access_token, { oldPassword: 'NuovaPassword2026', newPassword: next, newPasswordConfirm: next });
    expect(changed.status).toBe(200);
    await signIn('mediamonitor', next);
  });
});

describe('the rule for a new password (src/auth/password.ts)', () => {
  it.each([
    ['too short', 'Ab1!xyz'],
    ['a common password', 'password1'],
    ['a keyboard run', 'qwertyuiop'],
    ['an Italian word and a year', 'Primavera2026'],
  ])('signup refuses %s with 400 under the field', async (_what, password) => {
    const res = await call('POST', '/user/prereg/signup', undefined, { username: 'marco.gialli', email: 'marco.gialli@example.it', password, name: 'Marco', surname: 'Gialli' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ path: expect.stringContaining('password') })]));
  });

  it('the signed-in change refuses a guessable password or one made of the user\'s own name', async () => {
    const { access_token } = await signIn('planner');
    for (const password of ['juventus1', 'planner2026']) {
      const res = await call('POST', '/user/user/new-password', access_token, { oldPassword: 'demo', newPassword: password, newPasswordConfirm: password });
      expect(res.status, password).toBe(400);
      expect(res.body.errors[0].path).toBe('/body/newPassword');
    }
    await signIn('planner');
  });
});

describe('sign-in throttling', () => {
  it('holds each wrong password longer than the one before', () => {
    const delays = [1, 2, 3, 4, 5].map(failureDelayMs);
    for (let i = 1; i < delays.length; i++) expect(delays[i]).toBeGreaterThanOrEqual(delays[i - 1]);
    expect(delays[3]).toBeGreaterThan(delays[0]);
  });

  it('waits the growing delay per failure, then answers 429 with Retry-After to that address, the right password included', async () => {
    const waited: number[] = [];
    const from = '192.0.2.1';
    for (let i = 0; i < SIGNIN_LIMITS.maxFailures; i++) expect(await recordFailure('tentativi.unit', from, async (ms) => void waited.push(ms))).toBeUndefined();
    expect(waited).toEqual([1, 2, 3, 4, 5].map(failureDelayMs));
    const locked = await recordFailure('tentativi.unit', from, async (ms) => void waited.push(ms));
    expect(locked).toBeGreaterThan(0);
    expect(waited).toHaveLength(SIGNIN_LIMITS.maxFailures);
    expect(await lockedFor('TENTATIVI.unit', from)).toBeGreaterThan(0);
    expect(await lockedFor('tentativi.unit', '192.0.2.2')).toBeUndefined();
    await recordSuccess('tentativi.unit', from);
    expect(await lockedFor('tentativi.unit', from)).toBeUndefined();
  });

  it('slows the wrong passwords of a username from a new address after those from other addresses', async () => {
    const waited: number[] = [];
    for (const from of ['192.0.2.10', '192.0.2.11', '192.0.2.12']) await recordFailure('sparsi.unit', from, async (ms) => void waited.push(ms));
    expect(waited).toEqual([1, 2, 3].map(failureDelayMs));
  });

  it('locks one username over HTTP for the address of repeated wrong passwords; other users still sign in', async () => {
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i <= SIGNIN_LIMITS.maxFailures; i++) {
      last = await tokenRequest({ grant_type: 'password', username: 'supervisor', password: `sbagliata-${i}` });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([...Array(SIGNIN_LIMITS.maxFailures).fill(400), 429]);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await last!.json()).message).toMatch(/Troppi tentativi/);
    const right = await tokenRequest({ grant_type: 'password', username: 'supervisor', password: 'demo' });
    expect(right.status).toBe(429);
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
    await signIn('designer');
  });
});

describe('avatars', () => {
  const PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );

  async function upload(token: string, content: Buffer, type: string, name: string) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(content)], { type }), name);
    const res = await fetch(`${base}/user/user/uploadAvatar`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
    return { status: res.status, body: await res.json() };
  }

  it('stores a PNG avatar and serves it back as a blob', async () => {
    const { access_token } = await signIn('designer');
    const res = await upload(access_token, PNG, 'image/png', 'avatar.png');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ contentType: 'image/png', size: PNG.length });
    expect((await call('GET', '/user/user/profile', access_token)).body.avatarId).toBe(res.body.id);
    const blob = await fetch(`${base}/user/user/getAvatar/${res.body.id}`, { headers: { Authorization: `Bearer ${access_token}` } });
    expect(blob.status).toBe(200);
    expect(blob.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await blob.arrayBuffer()).equals(PNG)).toBe(true);
    expect((await call('GET', '/user/user/getAvatar/999999', access_token)).status).toBe(404);
  });

  it('refuses other types (415) and images over 2 MB (413)', async () => {
    const { access_token } = await signIn('designer');
    expect((await upload(access_token, Buffer.from('ciao'), 'text/plain', 'nota.txt')).status).toBe(415);
    expect((await upload(access_token, Buffer.from('non sono un png'), 'image/png', 'finto.png')).status).toBe(415);
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const res = await upload(access_token, big, 'image/png', 'grande.png');
    expect(res.status).toBe(413);
    expect(res.body.message).toMatch(/2 MB/);
  });
});
