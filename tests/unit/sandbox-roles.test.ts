// @vitest-environment node
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../sandbox/db';
import { internalServices } from '../../sandbox/internal';
import { rng } from '../../sandbox/seed/random';
import { createSandbox, type Sandbox } from '../../sandbox/server';
import { HANDLERS, SERVICE_MODULES } from '../../sandbox/services';
import { openMigrated } from './support/smallSeed';

/*
 * Who may call what (openapi/CONVENTIONS.md, "Who may call an operation"), on an in-process
 * sandbox: the password-signed-in guest account and a designer are refused outside their areas.
 */

vi.setConfig({ testTimeout: 120_000, hookTimeout: 300_000 });

const BASIC = `Basic ${Buffer.from('backoffice:backoffice-secret').toString('base64')}`;
const ORIGIN = 'http://127.0.0.1:8787';

let db: Db;
let sandbox: Sandbox;
let server: Server;
let base: string;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  db = await openMigrated();
  await db.transaction(async (tx) => {
    await SERVICE_MODULES.user.seed?.(tx, { size: 'small', rng: rng(20260301) });
  });
  sandbox = await createSandbox({ db, handlers: HANDLERS, services: internalServices, origin: ORIGIN });
  server = sandbox.server;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  for (const username of ['guest', 'designer', 'admin']) {
    const res = await fetch(`${base}/user/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: BASIC },
      body: new URLSearchParams({ grant_type: 'password', username, password: 'demo' }).toString(),
    });
    expect(res.status, username).toBe(200);
    tokens[username] = (await res.json()).access_token;
  }
});

afterAll(async () => {
  await sandbox?.close(1000);
  await db?.close();
});

const status = async (method: string, path: string, token: string) =>
  (await fetch(`${base}${path}`, { method, headers: { Authorization: `Bearer ${token}` } })).status;

interface Operation {
  service: string;
  method: string;
  path: string;
  operationId: string;
  roles?: string[];
  public: boolean;
}

/** Every operation the sandbox serves, with its address (path parameters filled with 1). */
function operations(): Operation[] {
  return sandbox.mounted.flatMap((m) =>
    m.api.router.getOperations().map((op) => {
      const raw = op as unknown as { 'x-roles'?: string[]; security?: unknown[] };
      return {
        service: m.service,
        method: op.method.toUpperCase(),
        path: `${m.root}${op.path.replace(/\{[^}]+\}/g, '1')}`,
        operationId: op.operationId ?? '',
        roles: raw['x-roles'],
        public: Array.isArray(raw.security) && !raw.security.some((s) => Object.keys(s as object).includes('bearerAuth')),
      };
    }),
  );
}

describe('the guest account (ROLE_GUEST, signed in with a password)', () => {
  it('reads its own profile', async () => {
    const res = await fetch(`${base}/user/user/profile`, { headers: { Authorization: `Bearer ${tokens.guest}` } });
    expect(res.status).toBe(200);
    expect((await res.json()).authorities[0].authority).toBe('ROLE_GUEST');
  });

  it.each([
    ['advertisers', 'GET', '/advertiser/v1/getAll'],
    ['an advertiser', 'GET', '/advertiser/v1/getById?id=1'],
    ['estimates', 'GET', '/estimate/estimate/getAllDto'],
    ['an estimate', 'GET', '/estimate/estimate/1'],
    ['an estimate PDF', 'GET', '/estimate/estimate/1/pdf'],
    ['orders', 'GET', '/order/orders'],
    ['opportunities', 'GET', '/opportunity/v1/opportunity/getAllDto'],
    ['systems', 'GET', '/systems/v1/system/all/'],
    ['a system', 'GET', '/systems/v1/system/id/1'],
    ['the mail outbox', 'GET', '/mail/v1/mails'],
    ['sending a mail', 'POST', '/mail/v1/mails'],
    ['the theme preference', 'PUT', '/user/user/preference'],
  ])('is refused %s', async (_what, method, path) => {
    expect(await status(method, path, tokens.guest)).toBe(403);
  });

  it('is refused every operation whose document does not name ROLE_GUEST', async () => {
    const ops = operations().filter((op) => !op.public && !op.roles?.includes('ROLE_GUEST'));
    expect(ops.length).toBeGreaterThan(200);
    const letThrough: string[] = [];
    for (const op of ops) {
      if ((await status(op.method, op.path, tokens.guest)) !== 403) letThrough.push(`${op.service}.${op.operationId}`);
    }
    expect(letThrough).toEqual([]);
  });
});

describe('a designer', () => {
  it.each([
    ['creatives', '/creativity/v1/creatives'],
    ['orders', '/order/orders'],
    ['opportunities', '/opportunity/v1/opportunity/getAllDto'],
    ['its profile', '/user/user/profile'],
  ])('reads %s', async (_what, path) => {
    expect(await status('GET', path, tokens.designer)).toBe(200);
  });

  it.each([
    ['the estimates list', 'GET', '/estimate/estimate/getAllDto'],
    ['an estimate PDF', 'GET', '/estimate/estimate/1/pdf'],
    ['products', 'GET', '/product/v1/estimate/product/all'],
    ['systems', 'GET', '/systems/v1/system/all/'],
    ['teams', 'GET', '/systems/v1/team/getAll'],
    ['detections', 'GET', '/audit/v1/detection/all'],
    ['plannings', 'GET', '/planner/v1/planningItems'],
    ['users', 'GET', '/user/user/all/page/0/perPage/10/sort/ASC'],
    ['sending a mail', 'POST', '/mail/v1/mails'],
  ])('is refused %s', async (_what, method, path) => {
    expect(await status(method, path, tokens.designer)).toBe(403);
  });

  it('is refused every operation whose document does not name ROLE_DESIGNER', async () => {
    const ops = operations().filter((op) => !op.public && op.roles && !op.roles.includes('ROLE_DESIGNER'));
    expect(ops.length).toBeGreaterThan(100);
    const letThrough: string[] = [];
    for (const op of ops) {
      if ((await status(op.method, op.path, tokens.designer)) !== 403) letThrough.push(`${op.service}.${op.operationId}`);
    }
    expect(letThrough).toEqual([]);
  });
});

it('admin passes every role check', async () => {
  expect(await status('GET', '/estimate/estimate/getAllDto', tokens.admin)).toBe(200);
  expect(await status('GET', '/systems/v1/system/all/', tokens.admin)).not.toBe(403);
});
