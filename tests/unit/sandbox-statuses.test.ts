// @vitest-environment node
import { request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Document } from 'openapi-backend';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../sandbox/db';
import { internalServices } from '../../sandbox/internal';
import { rng } from '../../sandbox/seed/random';
import { apiRootOf, bodyLimits, bodyMediaTypes, canForbid, createSandbox, loadDocument, needsBearer } from '../../sandbox/server';
import { HANDLERS, SERVICE_MODULES } from '../../sandbox/services';
import { SERVICES } from '../../src/config/services';
import { openMigrated } from './support/smallSeed';

/*
 * The documents are the whole contract: every status the sandbox's request rules give an operation
 * (openapi/CONVENTIONS.md, "Request rules") is declared in its responses, and the sandbox gives it.
 */

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

type Parameter = { name: string; in: string; example?: unknown; schema?: { enum?: unknown[]; example?: unknown; default?: unknown; $ref?: string } };
type Operation = {
  operationId: string;
  responses: Record<string, unknown>;
  requestBody?: unknown;
  parameters?: Parameter[];
  security?: unknown[];
  'x-guest'?: boolean;
  'x-roles'?: string[];
};
interface Op {
  service: string;
  doc: Document;
  method: string;
  path: string;
  url: string;
  op: Operation;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
const deref = <T,>(doc: Document, value: T): T => {
  let v = value as { $ref?: string };
  while (v?.$ref) v = v.$ref.slice(2).split('/').reduce((o: Record<string, unknown>, k) => o[k] as Record<string, unknown>, doc as never) as never;
  return v as T;
};

/** A value that routes to the operation: the parameter's example, its first enum value, or 1. */
function pathValue(doc: Document, p: Parameter): string {
  const schema = deref(doc, p.schema) ?? {};
  return encodeURIComponent(String(p.example ?? schema.enum?.[0] ?? schema.example ?? schema.default ?? 1));
}

const OPERATIONS: Op[] = SERVICES.flatMap((service) => {
  const doc = loadDocument(service);
  const root = apiRootOf(service, doc);
  return Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    METHODS.filter((m) => (item as Record<string, unknown>)[m]).map((method) => {
      const op = (item as Record<string, Operation>)[method];
      const params = [...((item as { parameters?: Parameter[] }).parameters ?? []), ...(op.parameters ?? [])].map((p) => deref(doc, p));
      const url = root + path.replace(/\{(\w+)\}/g, (_, name: string) => pathValue(doc, params.find((p) => p.name === name && p.in === 'path') ?? { name, in: 'path' }));
      return { service, doc, method, path, url, op };
    }),
  );
});
const label = (o: Op) => `${o.service}.${o.op.operationId}`;
const WITH_BODY = OPERATIONS.filter((o) => bodyMediaTypes(o.op).length);

describe('each document declares the statuses of the request rules', () => {
  it('states its rules at the root: the default body limit and x-request-rules', () => {
    for (const service of SERVICES) {
      const doc = loadDocument(service) as Document & Record<string, unknown>;
      expect(doc['x-max-body-bytes'], service).toBeGreaterThan(0);
      expect(doc['x-request-rules'], service).toMatchObject({ multipartAllowanceBytes: expect.any(Number), maxJsonDepth: expect.any(Number), badText: 400, unknownPath: 404, otherMethod: 405 });
    }
  });

  it.each(OPERATIONS.map((o) => [label(o), o] as const))('%s', (_name, o) => {
    const declared = Object.keys(o.op.responses);
    const owed = [
      '400',
      ...(needsBearer(o.doc, o.op) ? ['401'] : []),
      ...(canForbid(o.doc, o.op) ? ['403'] : []),
      ...(bodyMediaTypes(o.op).length ? ['413', '415'] : []),
    ];
    expect(owed.filter((s) => !declared.includes(s))).toEqual([]);
    // Every operation has its handler: the sandbox never answers 501, which no document declares.
    expect(HANDLERS[o.service]?.[o.op.operationId], 'handler').toBeTypeOf('function');
  });
});

describe('the sandbox answers those statuses where the documents declare them', () => {
  let db: Db;
  let server: Server;
  let port: number;
  let token: string;

  beforeAll(async () => {
    db = await openMigrated();
    await SERVICE_MODULES.user.seed?.(db, { size: 'small', rng: rng(20260301) });
    ({ server } = await createSandbox({ db, handlers: HANDLERS, services: internalServices, origin: 'http://127.0.0.1:8787' }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    const res = await fetch(`http://127.0.0.1:${port}/user/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: `Basic ${Buffer.from('backoffice:backoffice-secret').toString('base64')}` },
      body: new URLSearchParams({ grant_type: 'password', username: 'admin', password: 'demo' }).toString(),
    });
    token = ((await res.json()) as { access_token: string }).access_token;
  });

  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    await db?.close();
  });

  /** The status of a request that declares a body of `length` bytes and sends it only if told to continue. */
  function status(o: Op, headers: Record<string, string>, body?: Buffer, length = body?.length ?? 0, url = o.url): Promise<number> {
    return new Promise((resolve, reject) => {
      const req = request({
        host: '127.0.0.1',
        port,
        path: url,
        method: o.method.toUpperCase(),
        headers: { Authorization: `Bearer ${token}`, ...headers, ...(length ? { 'Content-Length': String(length), Expect: '100-continue' } : {}) },
      });
      req.on('continue', () => req.end(body));
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
        req.destroy();
      });
      req.on('error', reject);
      if (length) req.flushHeaders();
      else req.end();
    });
  }

  it('400 to a NUL byte in the query, on every operation', async () => {
    const wrong: string[] = [];
    for (const o of OPERATIONS) {
      const got = await status(o, {}, undefined, 0, `${o.url}${o.url.includes('?') ? '&' : '?'}nota=%00`);
      if (got !== 400 || !o.op.responses['400']) wrong.push(`${label(o)}: ${got}`);
    }
    expect(wrong).toEqual([]);
  });

  it('401 without a token, on every operation that asks for one', async () => {
    const wrong: string[] = [];
    for (const o of OPERATIONS.filter((x) => needsBearer(x.doc, x.op))) {
      const got = await status(o, { Authorization: '' });
      if (got !== 401 || !o.op.responses['401']) wrong.push(`${label(o)}: ${got}`);
    }
    expect(wrong).toEqual([]);
  });

  it('415 to a body in a media type the operation does not list, on every operation with a body', async () => {
    const wrong: string[] = [];
    for (const o of WITH_BODY) {
      const got = await status(o, { 'Content-Type': 'text/plain' }, Buffer.from('testo'));
      if (got !== 415 || !o.op.responses['415']) wrong.push(`${label(o)}: ${got}`);
    }
    expect(wrong).toEqual([]);
  });

  it('413 to a body one byte past its limit, on every operation with a body', async () => {
    const wrong: string[] = [];
    for (const o of WITH_BODY) {
      const type = bodyMediaTypes(o.op)[0];
      const contentType = type === 'multipart/form-data' ? `${type}; boundary=limite` : type;
      const got = await status(o, { 'Content-Type': contentType }, undefined, bodyLimits(o.op as never, contentType, o.doc as never).body + 1);
      if (got !== 413 || !o.op.responses['413']) wrong.push(`${label(o)}: ${got}`);
    }
    expect(wrong).toEqual([]);
  });
});
