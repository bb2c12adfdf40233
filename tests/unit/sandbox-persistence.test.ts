// @vitest-environment node
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it, vi } from 'vitest';
import { openDb, type Db } from '../../sandbox/db';
import { migrate } from '../../sandbox/db/migrate';
import { internalServices } from '../../sandbox/internal';
import { rng } from '../../sandbox/seed/random';
import { createSandbox } from '../../sandbox/server';
import { HANDLERS, SERVICE_MODULES } from '../../sandbox/services';

/* Data written through the API is still there after the sandbox stops and starts on the same folder. */

vi.setConfig({ testTimeout: 300_000, hookTimeout: 300_000 });

const BASIC = `Basic ${Buffer.from('backoffice:backoffice-secret').toString('base64')}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'sandbox-persistence-'));

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function start(): Promise<{ db: Db; server: Server; base: string; stop: () => Promise<void> }> {
  const db = await openDb({ dataDir });
  await migrate(db);
  const { rows } = await db.query("SELECT 1 FROM sandbox_meta WHERE key = 'test-seed'");
  if (!rows.length) {
    await db.transaction(async (tx) => {
      for (const name of ['user', 'geo', 'mail'] as const) await SERVICE_MODULES[name].seed?.(tx, { size: 'small', rng: rng(20260301) });
      await tx.query(`INSERT INTO sandbox_meta (key, value) VALUES ('test-seed', '{}')`);
    });
  }
  const { server } = await createSandbox({ db, handlers: HANDLERS, services: internalServices, origin: 'http://127.0.0.1:8787' });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    db,
    server,
    base,
    stop: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await db.close();
    },
  };
}

async function signIn(base: string, username: string, password: string) {
  const res = await fetch(`${base}/user/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: BASIC },
    body: new URLSearchParams({ grant_type: 'password', username, password }).toString(),
  });
  return { status: res.status, body: await res.json() };
}

const json = (token: string) => ({ Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' });

it('keeps users, passwords, preferences, mails and shares across a restart', async () => {
  const first = await start();
  const admin = (await signIn(first.base, 'admin', 'demo')).body.access_token;
  const created = await fetch(`${first.base}/user/user/createUser`, {
    method: 'POST',
    headers: json(admin),
    body: JSON.stringify({ username: 'sara.neri', password: 'Autunno-sul-Ticino-2026', name: 'Sara', surname: 'Neri', email: 'sara.neri@ooh-demo.it', role: 'ROLE_PLANNER' }),
  });
  expect(created.status).toBe(201);
  const sara = (await signIn(first.base, 'sara.neri', 'Autunno-sul-Ticino-2026')).body;
  await fetch(`${first.base}/user/user/preference`, { method: 'PUT', headers: json(sara.access_token), body: JSON.stringify({ theme: 'dark' }) });
  const mail = await (
    await fetch(`${first.base}/mail/v1/mails`, { method: 'POST', headers: json(admin), body: JSON.stringify({ to: 'a@example.it', subject: 'Prova', body: 'Testo' }) })
  ).json();
  const share = await (
    await fetch(`${first.base}/share/v1/share/create`, { method: 'POST', headers: json(admin), body: JSON.stringify({ resourceType: 'planning', resourceId: 7 }) })
  ).json();
  expect(share.token).toBeTruthy();
  await first.stop();

  const second = await start();
  try {
    const again = await signIn(second.base, 'sara.neri', 'Autunno-sul-Ticino-2026');
    expect(again.status).toBe(200);
    // The refresh token of before the restart still works; the seed did not run twice.
    const refreshed = await fetch(`${second.base}/user/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: BASIC },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: sara.refresh_token }).toString(),
    });
    expect(refreshed.status).toBe(200);
    const profile = await (await fetch(`${second.base}/user/user/profile`, { headers: { Authorization: `Bearer ${again.body.access_token}` } })).json();
    expect(profile).toMatchObject({ principal: { username: 'sara.neri', preference: { theme: 'dark' } }, authorities: [{ authority: 'ROLE_PLANNER' }] });
    const adminAgain = (await signIn(second.base, 'admin', 'demo')).body.access_token;
    const stored = await fetch(`${second.base}/mail/v1/mails/${mail.id}`, { headers: { Authorization: `Bearer ${adminAgain}` } });
    expect((await stored.json()).subject).toBe('Prova');
    const auth = await fetch(`${second.base}/share/v1/token/auth?resourceType=planning&resourceId=7&token=${share.token}`, { method: 'POST' });
    expect(auth.status).toBe(200);
    const { rows } = await second.db.query<{ n: string }>("SELECT count(*) AS n FROM users WHERE username = 'admin'");
    expect(Number(rows[0].n)).toBe(1);
  } finally {
    await second.stop();
  }
});
