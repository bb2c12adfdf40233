// @vitest-environment node
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TOKEN_LIFETIMES } from '../../sandbox/auth';
import { advanceClock, resetClock } from '../../sandbox/clock';
import type { Db } from '../../sandbox/db';
import { internalServices } from '../../sandbox/internal';
import { rng } from '../../sandbox/seed/random';
import { createSandbox } from '../../sandbox/server';
import { HANDLERS, SERVICE_MODULES } from '../../sandbox/services';
import { resetSignInThrottle, SIGNIN_LIMITS } from '../../sandbox/signin';
import { openMigrated } from './support/smallSeed';

/*
 * How sessions end: sign-out revokes them (RFC 7009), they have an absolute lifetime from the
 * sign-in, and sign-in throttling slows guessing without locking the owner out. A sandbox
 * in-process on an in-memory database; requests come from chosen loopback addresses
 * (127.0.0.0/8 is all loopback), so the sandbox sees different client addresses.
 */

// Sign-ins hash with scrypt on purpose: slow by design, and slower on a busy machine.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 300_000 });

const BASIC = `Basic ${Buffer.from('backoffice:backoffice-secret').toString('base64')}`;
const HOUR = 60 * 60 * 1000;
const LIMITS = { ...SIGNIN_LIMITS };
const QUICK = { firstDelayMs: 1, maxDelayMs: 8 };

let db: Db;
let server: Server;
let port: number;

beforeAll(async () => {
  Object.assign(SIGNIN_LIMITS, QUICK); // the slowdown is asserted elsewhere, not waited for here
  resetSignInThrottle();
  db = await openMigrated();
  await db.transaction(async (tx) => {
    for (const name of ['user', 'companies'] as const) await SERVICE_MODULES[name].seed?.(tx, { size: 'small', rng: rng(20260301) });
  });
  ({ server } = await createSandbox({ db, handlers: HANDLERS, services: internalServices, origin: 'http://127.0.0.1:8787' }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterEach(() => {
  resetClock();
  Object.assign(SIGNIN_LIMITS, LIMITS, QUICK);
  resetSignInThrottle();
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await db.close();
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  body: Record<string, unknown> | undefined;
}

/** A request from the loopback address `from`. */
function send(from: string, method: string, path: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, localAddress: from, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body: text ? JSON.parse(text) : undefined });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

const form = (fields: Record<string, string>, authorization = BASIC) => ({
  headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: authorization },
  body: new URLSearchParams(fields).toString(),
});

function token(fields: Record<string, string>, from = '127.0.0.1') {
  const f = form(fields);
  return send(from, 'POST', '/user/oauth/token', f.headers, f.body);
}

function revoke(fields: Record<string, string>, authorization = BASIC) {
  const f = form(fields, authorization);
  return send('127.0.0.1', 'POST', '/user/oauth/revoke', f.headers, f.body);
}

const profile = (accessToken: string) => send('127.0.0.1', 'GET', '/user/user/profile', { Authorization: `Bearer ${accessToken}` });

async function signIn(username: string, from = '127.0.0.1'): Promise<{ access_token: string; refresh_token: string; expires_in: number }> {
  const res = await token({ grant_type: 'password', username, password: 'demo' }, from);
  expect(res.status, `sign in ${username} from ${from}`).toBe(200);
  return res.body as never;
}

const refresh = (refreshToken: string) => token({ grant_type: 'refresh_token', refresh_token: refreshToken });

describe('sign-out: token revocation', () => {
  it('revoking the refresh token ends the session: the refresh is refused and the access token answers 401', async () => {
    const session = await signIn('sales');
    expect((await profile(session.access_token)).status).toBe(200);
    const res = await revoke({ token: session.refresh_token, token_type_hint: 'refresh_token' });
    expect(res.status).toBe(200);
    expect(res.text).toBe('');
    expect(res.headers['cache-control']).toBe('no-store');
    const refused = await refresh(session.refresh_token);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: 'invalid_grant' });
    expect((await profile(session.access_token)).status).toBe(401);
  });

  it('revoking the access token ends its refresh token too', async () => {
    const session = await signIn('planner');
    expect((await revoke({ token: session.access_token })).status).toBe(200);
    expect((await profile(session.access_token)).status).toBe(401);
    expect((await refresh(session.refresh_token)).status).toBe(400);
  });

  it('answers 200 for an unknown or already revoked token, and leaves the other sessions alone', async () => {
    const kept = await signIn('designer');
    const ended = await signIn('designer');
    expect((await revoke({ token: 'non-esiste-questo-token' })).status).toBe(200);
    expect((await revoke({ token: ended.refresh_token })).status).toBe(200);
    expect((await revoke({ token: ended.refresh_token })).status).toBe(200);
    expect((await profile(kept.access_token)).status).toBe(200);
    expect((await refresh(kept.refresh_token)).status).toBe(200);
  });

  it('needs the client authorization (401) and a token (400)', async () => {
    const session = await signIn('supervisor');
    const wrong = `Basic ${Buffer.from('backoffice:sbagliato').toString('base64')}`;
    expect((await revoke({ token: session.refresh_token }, wrong)).status).toBe(401);
    expect((await profile(session.access_token)).status).toBe(200);
    expect((await revoke({})).status).toBe(400);
  });
});

describe('absolute session lifetime', () => {
  it('is 12 hours by default', () => {
    expect(TOKEN_LIFETIMES.session).toBe(12 * 60 * 60);
  });

  it('refreshing all the time does not make a session outlive its sign-in by more than the lifetime', async () => {
    let session = await signIn('sales');
    for (let hour = 3; hour < 12; hour += 3) {
      advanceClock(3 * HOUR);
      const res = await refresh(session.refresh_token);
      expect(res.status, `refresh after ${hour} h`).toBe(200);
      session = res.body as never;
      expect((await profile(session.access_token)).status).toBe(200);
    }
    // 11 h 55 min after the sign-in: the new access token lasts the 5 minutes left, not 15.
    advanceClock(2 * HOUR + 55 * 60 * 1000);
    const late = await refresh(session.refresh_token);
    expect(late.status).toBe(200);
    session = late.body as never;
    expect(session.expires_in).toBeLessThanOrEqual(5 * 60);
    expect((await profile(session.access_token)).status).toBe(200);
    // Past 12 h: the refresh token, issued 5 minutes ago, is refused, and the access token with it.
    advanceClock(6 * 60 * 1000);
    const refused = await refresh(session.refresh_token);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: 'invalid_grant', message: 'Sessione scaduta, accedi di nuovo' });
    expect((await profile(session.access_token)).status).toBe(401);
  });

  it('counts from the sign-in: a new sign-in starts a new lifetime', async () => {
    advanceClock(20 * HOUR);
    const session = await signIn('sales');
    advanceClock(7 * HOUR);
    expect((await refresh(session.refresh_token)).status).toBe(200);
  });
});

describe('sign-in throttling', () => {
  it('wrong passwords for a username from other addresses never lock its owner out of their own address', async () => {
    const wrong: number[] = [];
    for (const from of ['127.0.0.2', '127.0.0.3', '127.0.0.4']) {
      for (let i = 0; i <= SIGNIN_LIMITS.maxFailures; i++) {
        wrong.push((await token({ grant_type: 'password', username: 'manager', password: `sbagliata-${i}` }, from)).status);
      }
    }
    // Each attacking address is slowed and then locked out of that username ...
    expect(wrong).toEqual(Array(3).fill([...Array(SIGNIN_LIMITS.maxFailures).fill(400), 429]).flat());
    const locked = await token({ grant_type: 'password', username: 'manager', password: 'demo' }, '127.0.0.2');
    expect(locked.status).toBe(429);
    // ... while the owner signs in from theirs with the right password.
    await signIn('manager', '127.0.0.1');
  });

  it('one guess on each of many usernames from one address is slowed down to a 429, that address only', async () => {
    SIGNIN_LIMITS.maxAddressFailures = 6;
    resetSignInThrottle();
    const statuses: number[] = [];
    let last: Answer | undefined;
    for (let i = 0; i <= SIGNIN_LIMITS.maxAddressFailures; i++) {
      last = await token({ grant_type: 'password', username: `utente.${i}`, password: 'demo' }, '127.0.0.20');
      statuses.push(last.status);
    }
    expect(statuses).toEqual([...Array(SIGNIN_LIMITS.maxAddressFailures).fill(400), 429]);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    expect(last!.body).toMatchObject({ status: 429, message: expect.stringMatching(/^Troppi tentativi di accesso non riusciti: riprova tra \d+ minuti$/) });
    // The address is slowed for every username, the right password included ...
    expect((await token({ grant_type: 'password', username: 'admin', password: 'demo' }, '127.0.0.20')).status).toBe(429);
    // ... and the others are not.
    await signIn('admin', '127.0.0.21');
  });

  it('a successful sign-in does not wash away the guesses of its address', async () => {
    SIGNIN_LIMITS.maxAddressFailures = 4;
    resetSignInThrottle();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push((await token({ grant_type: 'password', username: `altro.${i}`, password: 'demo' }, '127.0.0.30')).status);
      if (i === 1) await signIn('designer', '127.0.0.30');
    }
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
  });
});
