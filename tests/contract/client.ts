/**
 * Sends a built request: URL from the base, credentials by the operation's security schemes,
 * bodies (JSON, form, multipart with generated files, raw), a timeout on every call.
 */
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { joinUrl, type OpenApiDocument, type Operation } from './document';
import { concretePath, type FileKind, type FilePart, type RequestSpec } from './requests';
import type { ReceivedResponse } from './check';

export interface Credentials {
  /** Bearer access token of the signed-in user. */
  accessToken?: string;
  /** `id:secret` of the OAuth client (http basic schemes). */
  client: string;
}

export interface SendResult extends ReceivedResponse {
  url: string;
  ms: number;
}

/** 1×1 transparent PNG. */
const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);
/** The start and end markers of a JPEG (enough for a media-type sniff). */
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xd9]);
const PDF = new TextEncoder().encode(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
/** An empty ZIP archive (end of central directory only). */
const ZIP = Uint8Array.from([0x50, 0x4b, 0x05, 0x06, ...new Array<number>(18).fill(0)]);

let xlsxCache: Uint8Array | undefined;

/** A small real workbook (one sheet, a header row), made with exceljs on first use. */
async function xlsx(): Promise<Uint8Array> {
  if (xlsxCache) return xlsxCache;
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Foglio1');
  sheet.addRow(['codice', 'nome', 'comune']);
  const buffer = await workbook.xlsx.writeBuffer();
  xlsxCache = new Uint8Array(buffer as ArrayBuffer);
  return xlsxCache;
}

export async function fileBytes(kind: FileKind, size?: number): Promise<Uint8Array> {
  switch (kind) {
    case 'png':
      return PNG;
    case 'jpeg':
      return JPEG;
    case 'pdf':
      return PDF;
    case 'zip':
      return ZIP;
    case 'xlsx':
      return xlsx();
    case 'given':
      return new Uint8Array();
    case 'bytes': {
      const out = new Uint8Array(size ?? 64);
      out.set(PNG.subarray(0, Math.min(PNG.length, out.length)));
      return out;
    }
  }
}

async function fileBlob(file: FilePart): Promise<Blob> {
  const bytes = file.content ?? (file.kind === 'given' && file.bytes ? file.bytes : await fileBytes(file.kind, file.size));
  return new Blob([bytes as BlobPart], { type: file.mediaType });
}

function fieldText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The Authorization header an operation's security asks for, or undefined. */
export function authorizationFor(doc: OpenApiDocument, op: Operation, credentials: Credentials): string | undefined {
  if (op.isPublic) return undefined;
  const schemes = (doc.components?.securitySchemes ?? {}) as Record<string, { type?: string; scheme?: string }>;
  for (const requirement of op.security) {
    for (const name of Object.keys(requirement)) {
      const scheme = schemes[name];
      if (scheme?.type !== 'http') continue;
      const kind = (scheme.scheme ?? '').toLowerCase();
      if (kind === 'bearer' && credentials.accessToken) return `Bearer ${credentials.accessToken}`;
      if (kind === 'basic') return `Basic ${Buffer.from(credentials.client).toString('base64')}`;
    }
  }
  return undefined;
}

export function requestUrl(base: string, request: RequestSpec): string {
  const url = joinUrl(base, concretePath(request));
  if (!request.query.length) return url;
  return `${url}?${new URLSearchParams(request.query).toString()}`;
}

export async function send(base: string, request: RequestSpec, authorization: string | undefined, timeoutMs: number): Promise<SendResult> {
  const url = requestUrl(base, request);
  const headers = new Headers(request.headers);
  headers.set('accept', 'application/json, */*;q=0.8');
  if (authorization && request.auth === 'operation') headers.set('authorization', authorization);
  let body: BodyInit | undefined;
  const b = request.body;
  if (b) {
    switch (b.type) {
      case 'json':
        headers.set('content-type', b.contentType);
        body = JSON.stringify(b.value);
        break;
      case 'form': {
        const form = new URLSearchParams();
        for (const [k, v] of Object.entries(b.value)) {
          if (Array.isArray(v)) for (const item of v) form.append(k, fieldText(item));
          else if (v !== undefined) form.append(k, fieldText(v));
        }
        headers.set('content-type', b.contentType);
        body = form.toString();
        break;
      }
      case 'multipart': {
        const form = new FormData();
        for (const [k, v] of Object.entries(b.fields)) {
          if (Array.isArray(v)) for (const item of v) form.append(k, fieldText(item));
          else if (v !== undefined) form.append(k, fieldText(v));
        }
        for (const file of b.files) form.append(file.field, await fileBlob(file), file.fileName);
        body = form; // fetch writes the multipart Content-Type with its boundary
        break;
      }
      case 'binary':
        headers.set('content-type', b.contentType);
        body = await fileBlob(b.file);
        break;
      case 'raw':
        headers.set('content-type', b.contentType);
        body = b.text;
        break;
    }
  }
  const started = performance.now();
  try {
    if (isLarge(request)) return { url, ...(await sendIsolated(url, request.method.toUpperCase(), headers, body, timeoutMs)), ms: performance.now() - started };
    const response = await fetch(url, { method: request.method.toUpperCase(), headers, body, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
    const bytes = new Uint8Array(await response.arrayBuffer());
    return { url, status: response.status, headers: response.headers, body: bytes, ms: performance.now() - started };
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
    const message = error instanceof Error ? `${error.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : error.message}${cause}` : String(error);
    throw new Error(`${request.method.toUpperCase()} ${url}: ${message}`, { cause: error });
  }
}

const LARGE_BYTES = 1024 * 1024;

function isLarge(request: RequestSpec): boolean {
  const b = request.body;
  if (b?.type === 'multipart') return b.files.some((f) => (f.size ?? 0) > LARGE_BYTES);
  if (b?.type === 'binary') return (b.file.size ?? 0) > LARGE_BYTES;
  return false;
}

/** How long a large upload waits for `100 Continue` (or a final answer) before sending its body anyway. */
const CONTINUE_WAIT_MS = 2000;

/**
 * A large upload on a connection of its own, closed afterwards: a server that refuses it before
 * reading it all (413) may reset that connection, which must not hit the next request. It asks
 * first (`Expect: 100-continue`, RFC 9110): the body goes only after `100 Continue`, so a server
 * that refuses it from its headers answers before a byte of it is sent.
 */
async function sendIsolated(url: string, method: string, headers: Headers, body: BodyInit | undefined, timeoutMs: number): Promise<ReceivedResponse> {
  // Let the platform serialise the body (multipart boundary included), then send it by hand.
  const prepared = new Request(url, { method, headers, body });
  const bytes = Buffer.from(await prepared.arrayBuffer());
  const outgoing: Record<string, string> = {};
  prepared.headers.forEach((value, key) => {
    outgoing[key] = value;
  });
  outgoing['content-length'] = String(bytes.length);
  outgoing.connection = 'close';
  outgoing.expect = '100-continue';
  const target = new URL(url);
  const requestFn = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<ReceivedResponse>((resolve, reject) => {
    let bodySent = false;
    const sendBody = () => {
      if (bodySent) return;
      bodySent = true;
      req.end(bytes);
    };
    const req = requestFn(target, { method, headers: outgoing, agent: false, timeout: timeoutMs }, (res) => {
      // A final answer before `100 Continue`: the body is never sent.
      bodySent = true;
      clearTimeout(wait);
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const responseHeaders = new Headers();
        for (const [key, value] of Object.entries(res.headers)) {
          if (Array.isArray(value)) for (const v of value) responseHeaders.append(key, v);
          else if (value !== undefined) responseHeaders.set(key, value);
        }
        resolve({ status: res.statusCode ?? 0, headers: responseHeaders, body: new Uint8Array(Buffer.concat(chunks)) });
        req.destroy();
      });
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    // The server may answer and close before the whole body is written: the answer is what counts.
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE' || error.code === 'ECONNRESET') return;
      reject(error);
    });
    req.on('close', () => {
      clearTimeout(wait);
      reject(new Error('connection closed without an answer'));
    });
    req.on('continue', () => {
      clearTimeout(wait);
      sendBody();
    });
    // A server that ignores the expectation gets the body after a short wait.
    const wait = setTimeout(sendBody, CONTINUE_WAIT_MS);
    req.flushHeaders();
  });
}
