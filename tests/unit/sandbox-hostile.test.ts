// @vitest-environment node
import { request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../sandbox/db';
import { internalServices } from '../../sandbox/internal';
import { rng } from '../../sandbox/seed/random';
import { bodyLimits, createSandbox, jsonNestsDeeper, loadDocument } from '../../sandbox/server';
import { HANDLERS, SERVICE_MODULES } from '../../sandbox/services';
import { insertRecord } from '../../sandbox/store';
import { badTextIn } from '../../sandbox/uploads';
import { openMigrated } from './support/smallSeed';

/* Hostile requests the sandbox answers with a 4xx and an Italian message: never a 500, never a body held. */

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

const BASIC = `Basic ${Buffer.from('backoffice:backoffice-secret').toString('base64')}`;
const MB = 1024 * 1024;
let db: Db;
let server: Server;
let base: string;
let port: number;
let token: string;
let advertiserId: number;

beforeAll(async () => {
  db = await openMigrated();
  await SERVICE_MODULES.user.seed?.(db, { size: 'small', rng: rng(20260301) });
  advertiserId = (await insertRecord(db, 'advertisers', { name: 'Caffè Aurora' })).id;
  ({ server } = await createSandbox({ db, handlers: HANDLERS, services: internalServices, origin: 'http://127.0.0.1:8787' }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
  const res = await fetch(`${base}/user/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: BASIC },
    body: new URLSearchParams({ grant_type: 'password', username: 'admin', password: 'demo' }).toString(),
  });
  token = ((await res.json()) as { access_token: string }).access_token;
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await db?.close();
});

type Answer = { status: number; body: { message: string; status: number; errors?: Array<{ path: string; message: string }> } };

/** Sends a JSON text as written (a lone surrogate or a 22-digit number survives no JSON.stringify). */
async function send(method: string, path: string, text?: string): Promise<Answer> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(text !== undefined ? { 'Content-Type': 'application/json' } : {}) },
    body: text,
  });
  return { status: res.status, body: await res.json() };
}

const campaign = (fields: Record<string, string>) => {
  const all = { name: '"Primavera 2026"', advertiserId: String(advertiserId), periodStart: '"2026-03-01"', periodEnd: '"2026-03-31"', budget: '18450.5', ...fields };
  return `{${Object.entries(all).map(([k, v]) => `"${k}":${v}`).join(',')}}`;
};

/** An Italian refusal: a message that is not a stack trace nor English boilerplate. */
const italian = (message: string) => expect(message).toMatch(/non |Richiesta|inesistent|supera|Autenticazione/);

describe('malformed or unrepresentable input answers 400, never 500', () => {
  it.each([['%ZZ'], ['%E0%A4'], ['1%'], ['%ED%A0%80']])('a path segment with the malformed escape %s', async (segment) => {
    const res = await send('GET', `/campaign/v1/campaigns/${segment}`);
    expect(res.status).toBe(400);
    italian(res.body.message);
    expect(res.body.errors).toEqual([{ path: '/path', message: 'sequenza di escape (%) non valida' }]);
  });

  it('JSON nested deeper than the document allows (x-request-rules.maxJsonDepth)', async () => {
    const res = await send('POST', '/campaign/v1/campaigns', campaign({ name: `${'['.repeat(100_000)}${']'.repeat(100_000)}` }));
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ path: '/body', message: 'annidamento oltre 32 livelli' }]);
    // Within the limit, the depth is no reason to refuse.
    expect(jsonNestsDeeper(`${'['.repeat(32)}${']'.repeat(32)}`, 32)).toBe(false);
    expect(jsonNestsDeeper(`"${'['.repeat(40)}"`, 32)).toBe(false);
  });

  it('a lone surrogate in a string, naming the field', async () => {
    const res = await send('POST', '/campaign/v1/campaigns', campaign({ name: '"Primavera \\ud800"' }));
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ path: '/body/name', message: 'contiene un surrogato UTF-16 isolato' }]);
    expect(badTextIn({ ok: '😀 emoji in coppia' })).toEqual([]);
  });

  it('a 22-digit id in a body, naming the field', async () => {
    const res = await send('POST', '/campaign/v1/campaigns', campaign({ advertiserId: '1234567890123456789012' }));
    expect(res.status).toBe(400);
    italian(res.body.message);
    expect(res.body.errors?.map((e) => e.path).join()).toContain('advertiserId');
  });

  it('an amount of 1e21, beyond the declared maximum, is refused and not stored', async () => {
    const res = await send('POST', '/campaign/v1/campaigns', campaign({ budget: '1e21' }));
    expect(res.status).toBe(400);
    expect(res.body.errors?.map((e) => e.path).join()).toContain('budget');
    const { rows } = await db.query(`SELECT 1 FROM records WHERE collection = 'campaigns' AND (data->>'budget')::numeric > 1e12`);
    expect(rows).toHaveLength(0);
  });

  it('ids beyond any record in a list filter or range', async () => {
    expect((await send('GET', `/campaign/v1/campaigns?filter=${encodeURIComponent('{"id":[1e30]}')}`)).status).toBe(200);
    expect((await send('GET', `/campaign/v1/campaigns?range=${encodeURIComponent('[0,1e21]')}`)).status).toBe(400);
  });
});

describe('references to records that do not exist', () => {
  it('answer 422 naming the field, and nothing is stored', async () => {
    const res = await send('POST', '/campaign/v1/campaigns', campaign({ advertiserId: '987654', orderId: '987655' }));
    expect(res.status).toBe(422);
    italian(res.body.message);
    expect(res.body.errors).toEqual([
      { path: '/body/advertiserId', message: 'inserzionista inesistente: 987654' },
      { path: '/body/orderId', message: 'ordine inesistente: 987655' },
    ]);
    const { rows } = await db.query(`SELECT 1 FROM records WHERE collection = 'campaigns' AND data->>'advertiserId' = '987654'`);
    expect(rows).toHaveLength(0);
  });

  it('an existing reference is taken', async () => {
    expect((await send('POST', '/campaign/v1/campaigns', campaign({}))).status).toBe(201);
  });
});

interface Early {
  status?: number;
  continued: boolean;
  /** Body bytes written before the answer came. */
  sentBefore: number;
}

/**
 * Declares a body of `declared` bytes, writes it 64 KB at a time (or, with `Expect: 100-continue`,
 * waits to be told to) and stops at the first answer: how much was sent before it shows whether the
 * sandbox read the body.
 */
function earlyAnswer(path: string, declared: number, headers: Record<string, string>): Promise<Early> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    let continued = false;
    let answered = false;
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const req = request({ host: '127.0.0.1', port, path, method: 'POST', headers: { 'Content-Length': String(declared), ...headers } });
    const pump = () => {
      while (!answered && sent + chunk.length <= declared) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
    };
    req.on('continue', () => {
      continued = true;
      pump();
    });
    req.on('response', (res: IncomingMessage) => {
      answered = true;
      resolve({ status: res.statusCode, continued, sentBefore: sent });
      res.resume();
      req.destroy();
    });
    req.on('error', (error) => (answered ? undefined : reject(error)));
    req.flushHeaders();
    if (!headers.Expect) pump();
  });
}

describe('bodies are not read before the caller is known', () => {
  it('a 150 MB upload without a token is answered 401 before its body is sent', async () => {
    const early = await earlyAnswer('/campaign/v1/campaigns', 150 * MB, { 'Content-Type': 'application/json' });
    expect(early.status).toBe(401);
    expect(early.sentBefore).toBeLessThan(150 * MB);
  });

  it('with Expect: 100-continue, a caller without a token is refused before being told to send', async () => {
    const early = await earlyAnswer('/campaign/v1/campaigns', 150 * MB, { 'Content-Type': 'application/json', Expect: '100-continue' });
    expect(early).toEqual({ status: 401, continued: false, sentBefore: 0 });
  });

  it('with Expect: 100-continue, a signed-in caller is told to send', async () => {
    const body = Buffer.from(campaign({}));
    const res = await new Promise<{ status?: number; continued: boolean }>((resolve, reject) => {
      let continued = false;
      const req = request({
        host: '127.0.0.1',
        port,
        path: '/campaign/v1/campaigns',
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Content-Length': String(body.length), Authorization: `Bearer ${token}`, Expect: '100-continue' },
      });
      req.on('continue', () => {
        continued = true;
        req.end(body);
      });
      req.on('response', (r) => {
        r.resume();
        resolve({ status: r.statusCode, continued });
      });
      req.on('error', reject);
      req.flushHeaders();
    });
    expect(res).toEqual({ status: 201, continued: true });
  });
});

describe("each operation's body limit, from its document", () => {
  it('takes the operation\'s x-max-body-bytes, else the document\'s, and the multipart allowance from x-request-rules', () => {
    const doc = { 'x-max-body-bytes': 1234, 'x-request-rules': { multipartAllowanceBytes: 10 } };
    expect(bodyLimits({}, 'application/json', doc)).toEqual({ body: 1234 });
    expect(bodyLimits({ 'x-max-body-bytes': 99 }, 'application/json', doc)).toEqual({ body: 99 });
    expect(bodyLimits({ 'x-max-body-bytes': 99 }, 'multipart/form-data; boundary=x', doc)).toEqual({ body: 109, file: 99 });
    const user = loadDocument('user') as { paths: Record<string, { post?: object }> };
    expect(bodyLimits(user.paths['/oauth/token'].post!, 'application/x-www-form-urlencoded', user as never)).toEqual({ body: 16 * 1024 });
  });

  it('a public body past its 16 KB limit answers 413 from its Content-Length, before it is sent', async () => {
    const early = await earlyAnswer('/user/oauth/token', 17 * 1024 * 64, { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: BASIC, Expect: '100-continue' });
    expect(early).toEqual({ status: 413, continued: false, sentBefore: 0 });
  });

  it('a streamed body (no Content-Length) answers 413 as soon as it passes the limit', async () => {
    const res = await fetch(`${base}/user/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: BASIC },
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(`grant_type=password&username=${'a'.repeat(20 * 1024)}`));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: 'Il contenuto supera il limite di 16 KB', status: 413 });
  });

  it('a body within the limit is taken', async () => {
    const res = await fetch(`${base}/user/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: BASIC },
      body: new URLSearchParams({ grant_type: 'password', username: 'admin', password: 'demo' }).toString(),
    });
    expect(res.status).toBe(200);
  });
});
