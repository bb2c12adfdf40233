// @vitest-environment node
import { request } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../sandbox/db';
import { internalServices } from '../../sandbox/internal';
import { rng } from '../../sandbox/seed/random';
import { bodyLimits, createSandbox, loadDocument, MAX_BODY_BYTES, MULTIPART_ALLOWANCE_BYTES } from '../../sandbox/server';
import { HANDLERS, SERVICE_MODULES } from '../../sandbox/services';
import { insertRecord, readFile, storeFile } from '../../sandbox/store';
import { openMigrated } from './support/smallSeed';

/* The sandbox's body limit follows each operation's `x-max-body-bytes` (openapi/CONVENTIONS.md). */

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const MB = 1024 * 1024;
const BASIC = `Basic ${Buffer.from('backoffice:backoffice-secret').toString('base64')}`;
let db: Db;
let server: Server;
let base: string;
let token: string;
let orderId: number;

beforeAll(async () => {
  db = await openMigrated();
  await SERVICE_MODULES.user.seed?.(db, { size: 'small', rng: rng(20260301) });
  orderId = (await insertRecord(db, 'orders', { code: 'ORD-2026-0001', status: 'draft', advertiserId: 1, total: 100 })).id;
  ({ server } = await createSandbox({ db, handlers: HANDLERS, services: internalServices, origin: 'http://127.0.0.1:8787' }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const res = await fetch(`${base}/user/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: BASIC },
    body: new URLSearchParams({ grant_type: 'password', username: 'sales', password: 'demo' }).toString(),
  });
  token = ((await res.json()) as { access_token: string }).access_token;
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await db?.close();
});

/**
 * Posts `parts` with node's http client, which reads the answer even when it comes while the body is
 * still being sent (fetch may report the closing of such an exchange as a reset).
 */
function post(path: string, contentType: string, parts: Buffer[]): Promise<{ status: number; body: Record<string, unknown>; connection?: string }> {
  const length = parts.reduce((sum, p) => sum + p.length, 0);
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}${path}`,
      { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': contentType, 'Content-Length': String(length) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')), connection: res.headers.connection }));
      },
    );
    req.on('error', reject);
    for (const part of parts.slice(0, -1)) req.write(part);
    req.end(parts.at(-1));
  });
}

/** Posts a multipart body of one file of `size` bytes (a PDF header, then filler). */
function upload(path: string, size: number, mediaType = 'application/pdf') {
  const boundary = '----robustezza';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="contratto.pdf"\r\nContent-Type: ${mediaType}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const content = Buffer.alloc(size, 0x20);
  content.write('%PDF-1.4\n');
  return post(path, `multipart/form-data; boundary=${boundary}`, [head, content, tail]);
}

it('stores binary content and reads it back byte for byte (the bytea hex codec of sandbox/db)', async () => {
  const content = Buffer.alloc(3 * MB);
  for (let i = 0; i < content.length; i++) content[i] = (i * 7919) % 256;
  const id = await storeFile(db, { collection: 'orderDocuments', id: orderId }, { fileName: 'tutti-i-byte.bin', mediaType: 'application/octet-stream', content });
  const back = await readFile(db, id);
  expect(back?.content.length).toBe(content.length);
  expect(Buffer.compare(back!.content, content)).toBe(0);
});

describe('per-operation body limits', () => {
  it('reads the limits from the documents', () => {
    const op = (service: string, path: string) => (loadDocument(service).paths?.[path]?.post ?? {}) as { 'x-max-body-bytes'?: number };
    expect(bodyLimits(op('order', '/orders/{id}/documents'), 'multipart/form-data; boundary=x')).toEqual({ body: 20 * MB + MULTIPART_ALLOWANCE_BYTES, file: 20 * MB });
    expect(bodyLimits(op('creativity', '/creatives/upload'), 'multipart/form-data; boundary=x')).toEqual({ body: 200 * MB + MULTIPART_ALLOWANCE_BYTES, file: 200 * MB });
    expect(bodyLimits(op('campaign', '/campaigns/{id}/attachments'), 'multipart/form-data').file).toBe(20 * MB);
    // No extension: the default limit, JSON or not.
    expect(bodyLimits(op('campaign', '/campaigns'), 'application/json')).toEqual({ body: MAX_BODY_BYTES });
  });

  it('accepts a 15 MB order document (the document allows 20 MB) and stores all of it', async () => {
    const res = await upload(`/order/orders/${orderId}/documents`, 15 * MB);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ orderId, fileName: 'contratto.pdf', mediaType: 'application/pdf', size: 15 * MB });
    const { rows } = await db.query<{ size: string; length: number }>(`SELECT size, octet_length(content) AS length FROM files WHERE owner_collection = 'orderDocuments' ORDER BY id DESC LIMIT 1`);
    expect(Number(rows[0].size)).toBe(15 * MB);
    expect(Number(rows[0].length)).toBe(15 * MB);
  });

  it('refuses an order document one byte over 20 MB with 413 and a clear body', async () => {
    const res = await upload(`/order/orders/${orderId}/documents`, 20 * MB + 1);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: 'Il file supera la dimensione massima di 20 MB', status: 413 });
  });

  it('refuses a body past the limit and its allowance, discarding the rest: the connection stays usable', async () => {
    const res = await upload(`/order/orders/${orderId}/documents`, 22 * MB);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: 'Il file supera la dimensione massima di 20 MB', status: 413 });
    expect(res.connection).toBe('keep-alive');
  });

  it('keeps the 10 MB default where the document sets no limit', async () => {
    const res = await post('/campaign/v1/campaigns', 'application/json', [Buffer.from(JSON.stringify({ name: 'x'.repeat(11 * MB) }))]);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: 'Il contenuto supera il limite di 10 MB', status: 413 });
  });
});
