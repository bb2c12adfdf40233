import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { OpenAPIBackend, type Context, type Document } from 'openapi-backend';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { parse as parseYaml } from 'yaml';
import type { Db } from './db';
import { HttpError, isReply, type HandlerContext, type InternalServices, type Principal, type SandboxServices, type ServiceHandlers, type UploadedFile } from './http';
import { SERVICES } from '../src/config/services';
import { authenticate } from './auth';
import { ROLES } from '../src/auth/roles';
import { renderDocsIndex, renderServiceReference } from './docs';
import { seller } from './company';
import { badTextIn, checkPictureBytes, nulBytesIn } from './uploads';

const STAFF_ROLES: readonly string[] = ROLES.filter((r) => r !== 'ROLE_GUEST');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The body limit of an operation when neither it nor its document sets `x-max-body-bytes`. */
export const MAX_BODY_BYTES = 10 * 1024 * 1024;
/**
 * Room a multipart body gets on top of its operation's `x-max-body-bytes` (which limits each file):
 * the multipart framing and the other form fields. A document states its own in `x-request-rules`.
 */
export const MULTIPART_ALLOWANCE_BYTES = 1024 * 1024;
/** How deep arrays and objects may nest in a JSON body, unless the document states its own. */
export const MAX_JSON_DEPTH = 32;

const megabytes = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.round(bytes / 1024)} KB` : `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`);

/** A document's `x-request-rules` (openapi/CONVENTIONS.md, "Request rules"). */
export interface RequestRules {
  multipartAllowanceBytes?: number;
  maxJsonDepth?: number;
}
type RuledDocument = { 'x-max-body-bytes'?: unknown; 'x-request-rules'?: RequestRules };
const positive = (value: unknown): number | undefined => (Number.isInteger(Number(value)) && Number(value) > 0 ? Number(value) : undefined);

/**
 * The limits of an operation's request, from its document (see openapi/CONVENTIONS.md,
 * `x-max-body-bytes`, on the operation or at the document's root): `body` bounds the bytes read,
 * `file` each uploaded file (multipart only).
 */
export function bodyLimits(operation: { 'x-max-body-bytes'?: unknown }, contentType: string, doc: RuledDocument = {}): { body: number; file?: number } {
  const limit = positive(operation['x-max-body-bytes']) ?? positive(doc['x-max-body-bytes']) ?? MAX_BODY_BYTES;
  const multipart = contentType.split(';')[0].trim().toLowerCase() === 'multipart/form-data';
  if (!multipart) return { body: limit };
  return { body: limit + (positive(doc['x-request-rules']?.multipartAllowanceBytes) ?? MULTIPART_ALLOWANCE_BYTES), file: limit };
}

/** The media types an operation's document lists for its body (none: it takes no body). */
export function bodyMediaTypes(operation: { requestBody?: unknown }): string[] {
  return Object.keys((operation.requestBody as { content?: Record<string, unknown> } | undefined)?.content ?? {});
}

/** Whether an operation asks for a bearer token (every one but the public ones and client credentials). */
export function needsBearer(doc: Document, operation: { security?: unknown[] }): boolean {
  const security = operationSecurity(doc, operation);
  return security.length > 0 && !security.some((s) => Object.keys(s).length === 0) && security.some((s) => 'bearerAuth' in s);
}

/** Whether the role and guest checks can refuse a caller of the operation (a 403). */
export function canForbid(doc: Document, operation: { security?: unknown[]; 'x-guest'?: boolean; 'x-roles'?: string[] }): boolean {
  if (!needsBearer(doc, operation)) return false;
  return !operation['x-guest'] || !ROLES.every((role) => (operation['x-roles'] ?? STAFF_ROLES).includes(role));
}

export function loadDocument(service: string): Document {
  return parseYaml(readFileSync(path.join(root, 'openapi', `${service}.yaml`), 'utf8')) as Document;
}

/** The path the sandbox serves a service under: `/<service>` plus its address form (versioned at the root, under a prefix, with a trailing slash, or none). */
export function apiRootOf(service: string, doc: Document): string {
  const server = doc.servers?.[0];
  let url = server?.url ?? '{host}';
  for (const [name, variable] of Object.entries(server?.variables ?? {})) {
    url = url.replace(`{${name}}`, name === 'host' ? `/${service}` : String(variable.default));
  }
  return url.replace(/\/+$/, '') || `/${service}`;
}

interface Mounted {
  service: string;
  root: string;
  api: OpenAPIBackend;
  doc: Document;
}

export interface SandboxOptions {
  db: Db;
  handlers: Record<string, ServiceHandlers>;
  services: InternalServices;
  origin: string;
  allowedOrigins?: string[];
  log?: (line: string) => void;
  /**
   * Test-only endpoints by path (GET, outside every document, e.g. the recipient's mailbox of
   * `--test-mailbox`): served only when the sandbox is started with them, and only to a loopback
   * client; otherwise their paths are unknown like any other.
   */
  testEndpoints?: Record<string, TestEndpoint>;
}

/** A test-only endpoint: GET unless it names its method (a POST moves state, e.g. the clock). */
export type TestEndpoint = ((db: Db, query: URLSearchParams) => Promise<unknown>) & { method?: 'GET' | 'POST' };

type RawRequest = { method: string; path: string; headers: Record<string, string>; body: unknown; query?: Record<string, unknown> };

function operationSecurity(doc: Document, operation: { security?: unknown[] }): Array<Record<string, unknown>> {
  return (operation.security ?? doc.security ?? []) as Array<Record<string, unknown>>;
}

const isLoopback = (address: string | undefined) => address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';

/** The path's segments decoded, or undefined when one holds a malformed percent escape (`%ZZ`, `%E0%A4`, a lone `%`). */
function decodedSegments(pathname: string): string[] | undefined {
  try {
    return pathname.split('/').map((segment) => decodeURIComponent(segment));
  } catch {
    return undefined;
  }
}

/** Validation errors of Ajv as `{ path, message }`, in Italian where it matters to a person. */
function violations(context: Context): Array<{ path: string; message: string }> {
  return (context.validation.errors ?? []).map((e) => ({
    path: `${e.instancePath || ''}${e.params && 'missingProperty' in e.params ? `/${String(e.params.missingProperty)}` : ''}` || '/',
    message: e.message ?? 'non valido',
  }));
}

/**
 * Reads the body, keeping at most `limit` bytes. Past the limit it answers 413 at once: the rest of
 * the body is discarded as it arrives (the connection stays usable, and the client, still sending,
 * gets the 413 rather than a reset) and nothing past the limit is held in memory.
 */
function readRaw(req: IncomingMessage, limit: number, tooLarge: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
    };
    function onData(chunk: Buffer) {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      stop();
      chunks.length = 0;
      req.resume(); // flowing with no listener: what is still to come is dropped
      reject(new HttpError(413, tooLarge));
    }
    function onEnd() {
      stop();
      resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size));
    }
    function onError(error: Error) {
      stop();
      reject(error);
    }
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}

/**
 * Whether arrays and objects in a JSON text nest deeper than `max`: counted on the text, before
 * parsing, so that no later walk (validation, the text checks, storing) meets a deep structure.
 */
export function jsonNestsDeeper(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

type ParsedBody = { body: unknown; files: UploadedFile[]; forValidation: unknown };
const NO_BODY: ParsedBody = { body: undefined, files: [], forValidation: undefined };

async function parseBody(raw: Buffer, contentType: string, fileLimit: number | undefined, maxDepth: number): Promise<ParsedBody> {
  if (!raw.length) return NO_BODY;
  const type = contentType.split(';')[0].trim().toLowerCase();
  if (type === 'application/json' || type.endsWith('+json')) {
    const text = raw.toString('utf8');
    if (jsonNestsDeeper(text, maxDepth)) {
      throw new HttpError(400, 'Richiesta non valida', { errors: [{ path: '/body', message: `annidamento oltre ${maxDepth} livelli` }] });
    }
    try {
      const body = JSON.parse(text) as unknown;
      // openapi-backend JSON-parses string bodies itself: hand it the JSON text of a bare string.
      return { body, files: [], forValidation: typeof body === 'string' ? JSON.stringify(body) : body };
    } catch {
      throw new HttpError(400, 'Il corpo della richiesta non è JSON valido');
    }
  }
  if (type === 'application/x-www-form-urlencoded') {
    const body = Object.fromEntries(new URLSearchParams(raw.toString('utf8')));
    return { body, files: [], forValidation: body };
  }
  if (type === 'multipart/form-data') {
    let form: FormData;
    try {
      form = await new Request('http://sandbox.local/', { method: 'POST', headers: { 'content-type': contentType }, body: new Uint8Array(raw.buffer as ArrayBuffer, raw.byteOffset, raw.byteLength) }).formData(); // a view, not a copy
    } catch {
      throw new HttpError(400, 'Il corpo multipart non è leggibile');
    }
    const body: Record<string, unknown> = {};
    const files: UploadedFile[] = [];
    for (const [name, value] of form.entries()) {
      if (typeof value === 'string') body[name] = value;
      else {
        if (fileLimit !== undefined && value.size > fileLimit) throw new HttpError(413, `Il file supera la dimensione massima di ${megabytes(fileLimit)}`);
        const content = Buffer.from(await value.arrayBuffer());
        files.push({ fieldName: name, fileName: value.name, mediaType: value.type || 'application/octet-stream', size: content.length, content });
        body[name] = value.name;
      }
    }
    return { body, files, forValidation: body };
  }
  return { body: raw, files: [], forValidation: raw.toString('utf8') };
}

type SchemaLike = { type?: string | string[]; properties?: Record<string, SchemaLike> };

/**
 * Form and multipart fields arrive as text; where the document types a field as a number, an
 * integer or a boolean, the text is converted before validation (JSON bodies are left as sent).
 */
function coerceFormFields(
  parsed: { body: unknown; forValidation: unknown },
  operation: { requestBody?: { content?: Record<string, { schema?: SchemaLike }> } },
  contentType: string,
) {
  const base = contentType.split(';')[0].trim().toLowerCase();
  if (base !== 'multipart/form-data' && base !== 'application/x-www-form-urlencoded') return;
  const properties = operation.requestBody?.content?.[base]?.schema?.properties;
  const body = parsed.body as Record<string, unknown> | undefined;
  if (!properties || !body || typeof body !== 'object') return;
  for (const [name, schema] of Object.entries(properties)) {
    const value = body[name];
    if (typeof value !== 'string') continue;
    const types = ([] as string[]).concat(schema.type ?? []);
    let converted: unknown = value;
    if ((types.includes('integer') || types.includes('number')) && /^-?\d+(\.\d+)?$/.test(value.trim())) converted = Number(value);
    else if (types.includes('boolean') && (value === 'true' || value === 'false')) converted = value === 'true';
    body[name] = converted;
  }
  parsed.forValidation = body;
}

/**
 * A database refusal caused by the request's values rather than by the sandbox: PostgreSQL's data
 * exceptions (class 22: a number out of range, text it cannot represent, an impossible date) and
 * program limits (class 54: a statement too complex). The documents' constraints refuse these
 * first; this keeps one that slips past them a 400, never a 500.
 */
export function inputRefusal(error: unknown): { status: 400; message: string } | undefined {
  const code = error && typeof error === 'object' ? (error as { code?: unknown }).code : undefined;
  if (typeof code !== 'string' || !/^(22|54)[0-9A-Z]{3}$/.test(code)) return undefined;
  return { status: 400, message: 'Richiesta non valida: un valore è fuori dall\'intervallo ammesso o non è rappresentabile' };
}

/** Requests that came with `Expect: 100-continue`, to be told to go on when their body is read. */
const continuing = new WeakSet<IncomingMessage>();

export interface Sandbox {
  server: Server;
  mounted: Mounted[];
  /** Graceful stop: refuse new work, finish what is in flight (bounded), close the connections. */
  close(timeoutMs?: number): Promise<{ drained: boolean; abandoned: number }>;
}

export async function createSandbox(options: SandboxOptions): Promise<Sandbox> {
  const log = options.log ?? (() => {});
  // Graceful shutdown (see `close`): requests in flight are counted so that a stop can wait for them.
  let inFlight = 0;
  let closing = false;
  let onSettled: (() => void) | undefined;
  const mounted: Mounted[] = [];
  for (const service of SERVICES) {
    if (!existsSync(path.join(root, 'openapi', `${service}.yaml`))) {
      log(`documento mancante: openapi/${service}.yaml — servizio non montato`);
      continue;
    }
    const doc = loadDocument(service);
    const api = new OpenAPIBackend({
      definition: structuredClone(doc),
      apiRoot: apiRootOf(service, doc),
      validate: true,
      coerceTypes: true,
      ignoreTrailingSlashes: false, // the documents spell some paths with a trailing slash; they are routed as written
      quick: true, // the documents are validated by redocly lint; its 3.0-era validator rejects 3.1 keywords
      customizeAjv: (_original, ajvOpts) => {
        const ajv = new Ajv2020({ ...ajvOpts, strict: false, allErrors: true, coerceTypes: ajvOpts.coerceTypes });
        addFormats(ajv);
        return ajv as never;
      },
    });
    // Security is checked before routing reaches openapi-backend (see `handle`); tell it so.
    for (const scheme of Object.keys(doc.components?.securitySchemes ?? {})) api.registerSecurityHandler(scheme, () => true);
    await api.init();
    // The definition is fixed once initialised: list its operations once. openapi-backend rebuilds
    // the list (lodash over every path) twice per routing, and a request is routed twice.
    const operations = api.router.getOperations();
    api.router.getOperations = () => operations;
    mounted.push({ service, root: apiRootOf(service, doc), api, doc: api.definition as Document });
  }
  // Longest roots first so that `/estimate/estimate/catalog` never falls to a shorter one.
  mounted.sort((a, b) => b.root.length - a.root.length);

  const allowed = new Set(options.allowedOrigins ?? ['http://127.0.0.1:5173', 'http://localhost:5173', 'http://127.0.0.1:4173', 'http://localhost:4173']);

  function cors(req: IncomingMessage, res: ServerResponse) {
    const origin = req.headers.origin;
    if (origin && (allowed.has(origin) || /^http:\/\/(127\.0\.0\.1|localhost):\d+$/.test(origin))) {
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Vary', 'Origin');
      res.setHeader('Access-Control-Allow-Headers', 'Authorization, Content-Type, username, Range');
      res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE, OPTIONS');
      res.setHeader('Access-Control-Expose-Headers', 'Content-Range, Content-Disposition, X-Total-Count');
      res.setHeader('Access-Control-Max-Age', '600');
    }
  }

  function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
    if (res.headersSent) return;
    // While stopping, every answer ends its connection (see `close`).
    if (closing) res.setHeader('Connection', 'close');
    for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (body === undefined || body === null || status === 204) {
      res.statusCode = status;
      res.end();
      return;
    }
    if (Buffer.isBuffer(body)) {
      if (!res.hasHeader('Content-Type')) res.setHeader('Content-Type', 'application/octet-stream');
      res.statusCode = status;
      res.end(body);
      return;
    }
    if (typeof body === 'string' && res.hasHeader('Content-Type')) {
      res.statusCode = status;
      res.end(body);
      return;
    }
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.statusCode = status;
    res.end(JSON.stringify(body));
  }

  function sendError(res: ServerResponse, status: number, message: string, details?: Record<string, unknown>) {
    send(res, status, { message, status, ...details });
  }

  function sendNul(res: ServerResponse, where: string[]) {
    sendError(res, 400, 'Richiesta non valida', { errors: where.map((path) => ({ path: `/${path}`, message: 'contiene un carattere nullo (NUL)' })) });
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    cors(req, res);
    const url = new URL(req.url ?? '/', options.origin);
    const method = (req.method ?? 'GET').toUpperCase();
    if (method === 'OPTIONS') return send(res, 204, undefined);
    if (url.pathname === '/health') return send(res, 200, { status: 'ok' });
    // The seller the estimate PDFs name, as configured (public, like the app's own config.json).
    if (url.pathname === '/company') {
      const { identity, logo } = seller();
      return send(res, 200, { ...identity, ...(logo ? { logo: '/company/logo' } : {}) });
    }
    if (url.pathname === '/company/logo') {
      const { logo } = seller();
      if (!logo) return sendError(res, 404, 'Nessun logo configurato');
      return send(res, 200, Buffer.from(logo.bytes), { 'Content-Type': logo.kind === 'png' ? 'image/png' : 'image/jpeg', 'Cache-Control': 'no-cache' });
    }
    const testEndpoint = options.testEndpoints?.[url.pathname];
    if (testEndpoint && isLoopback(req.socket.remoteAddress)) {
      if (method !== (testEndpoint.method ?? 'GET')) return sendError(res, 405, `Metodo ${method} non consentito su ${url.pathname}`);
      return send(res, 200, await testEndpoint(options.db, url.searchParams), { 'Cache-Control': 'no-store' });
    }
    if (url.pathname === '/docs' || url.pathname === '/docs/') {
      return send(res, 200, renderDocsIndex(mounted.map((m) => ({ service: m.service, root: m.root, doc: m.doc }))), { 'Content-Type': 'text/html; charset=utf-8' });
    }
    const docMatch = /^\/docs\/([a-z]+)(\.yaml)?$/.exec(url.pathname);
    if (docMatch) {
      const m = mounted.find((x) => x.service === docMatch[1]);
      if (!m) return sendError(res, 404, 'Documento non trovato');
      if (docMatch[2]) return send(res, 200, readFileSync(path.join(root, 'openapi', `${m.service}.yaml`), 'utf8'), { 'Content-Type': 'application/yaml; charset=utf-8' });
      return send(res, 200, renderServiceReference(m.service, m.root, m.doc), { 'Content-Type': 'text/html; charset=utf-8' });
    }

    const target = mounted.find((m) => url.pathname === m.root || url.pathname.startsWith(`${m.root}/`));
    if (!target) return sendError(res, 404, `Nessun servizio risponde a ${url.pathname}`);

    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k.toLowerCase()] = v;
    const contentType = headers['content-type'] ?? '';

    // The query as the URL has it: a repeated key is an array however often it repeats (qs, which
    // openapi-backend would use, stops making arrays after 20 values).
    const query: Record<string, string | string[]> = {};
    for (const key of new Set(url.searchParams.keys())) {
      const all = url.searchParams.getAll(key);
      query[key] = all.length > 1 ? all : all[0];
    }
    const rawReq: RawRequest = { method, path: url.pathname + url.search, headers, body: undefined, query };
    const operation = target.api.matchOperation(rawReq as never);
    if (!operation) {
      const anyMethod = target.api.router.getOperations().some((op) => target.api.router.matchOperation({ ...rawReq, method: op.method } as never)?.path === op.path);
      return sendError(res, anyMethod ? 405 : 404, anyMethod ? `Metodo ${method} non consentito su ${url.pathname}` : `Percorso sconosciuto: ${url.pathname}`);
    }

    // The path and the query: a malformed percent escape or a NUL byte is refused before anything
    // else (openapi-backend would throw on the escape; PostgreSQL text cannot hold a NUL).
    const segments = decodedSegments(url.pathname);
    if (!segments) return sendError(res, 400, 'Richiesta non valida', { errors: [{ path: '/path', message: 'sequenza di escape (%) non valida' }] });
    const nulInParams = [...(segments.some((segment) => segment.includes('\u0000')) ? ['path'] : []), ...nulBytesIn(query).map((at) => `query${at}`)];
    if (nulInParams.length) return sendNul(res, nulInParams);

    // Who calls, before the body is read: an unknown caller's body is never read, let alone held.
    let user: Principal | undefined;
    if (needsBearer(target.doc, operation as never)) {
      user = await authenticate(options.db, headers.authorization);
      if (!user) return sendError(res, 401, 'Autenticazione richiesta o scaduta: accedi di nuovo');
      const op = operation as { 'x-guest'?: boolean; 'x-roles'?: string[] };
      if (user.kind === 'guest' && !op['x-guest']) {
        return sendError(res, 403, 'Il link condiviso non dà accesso a questa operazione');
      }
      // `x-roles` in a document lists the roles allowed to call the operation; admin passes every check.
      // Without it (a guest-link operation) only staff roles pass: the ROLE_GUEST account
      // reaches nothing its document does not name it for.
      const roles = op['x-roles'] ?? STAFF_ROLES;
      if (user.kind === 'user' && user.role !== 'ROLE_ADMIN' && !roles.includes(user.role)) {
        return sendError(res, 403, 'Il tuo ruolo non consente questa operazione');
      }
    }

    // The body, only where the operation declares one (elsewhere it is discarded unread).
    let parsed = NO_BODY;
    const declared = bodyMediaTypes(operation);
    if (declared.length) {
      const rules = target.doc as RuledDocument;
      const sent = Number(headers['content-length'] ?? 0) > 0 || headers['transfer-encoding'] !== undefined;
      const base = contentType.split(';')[0].trim().toLowerCase();
      if (sent && !declared.some((d) => d.toLowerCase() === base)) {
        return sendError(res, 415, `Tipo di contenuto non supportato: ${base || 'assente'} (attesi: ${declared.join(', ')})`);
      }
      const limits = bodyLimits(operation as never, contentType, rules);
      const tooLarge = limits.file ? `Il file supera la dimensione massima di ${megabytes(limits.file)}` : `Il contenuto supera il limite di ${megabytes(limits.body)}`;
      if (Number(headers['content-length']) > limits.body) {
        // Discarded as it arrives, read to its end: the client, still sending, gets the 413 rather
        // than a reset, and the connection stays usable.
        req.resume();
        throw new HttpError(413, tooLarge);
      }
      if (continuing.has(req)) res.writeContinue();
      const raw = await readRaw(req, limits.body, tooLarge);
      parsed = await parseBody(raw, contentType, limits.file, positive(rules['x-request-rules']?.maxJsonDepth) ?? MAX_JSON_DEPTH);
      coerceFormFields(parsed, operation as never, contentType);
    }

    const badInBody = badTextIn(parsed.body).map((bad) => ({ ...bad, path: `/body${bad.path === '/' ? '' : bad.path}` }));
    if (badInBody.length) return sendError(res, 400, 'Richiesta non valida', { errors: badInBody });
    await checkPictureBytes(operation as never, parsed.files);

    const result = await target.api.handleRequest({ ...rawReq, body: parsed.forValidation } as never, {
      parsed,
      user,
      clientAddress: req.socket.remoteAddress ?? '',
    });
    const outcome = result as { status: number; body?: unknown; headers?: Record<string, string> };
    return send(res, outcome.status, outcome.body, outcome.headers);
  }

  const services: SandboxServices = {
    ...options.services,
    async invoke(caller, db, service, operationId, request) {
      const handler = options.handlers[service]?.[operationId];
      if (!handler) throw new Error(`Nessun gestore per ${service}.${operationId}`);
      const value = await handler({ ...caller, db, service, operationId, extensions: {}, params: request.params ?? {}, query: request.query ?? {}, body: request.body, files: [] });
      return isReply(value) ? value.body : value;
    },
  };

  // Register every operation: the service's handler, or a 501 that says so.
  for (const m of mounted) {
    const handlers = options.handlers[m.service] ?? {};
    m.api.register({
      validationFail: (c: Context) => ({ status: 400, body: { message: 'Richiesta non valida', status: 400, errors: violations(c) } }),
      notFound: () => ({ status: 404, body: { message: 'Percorso sconosciuto', status: 404 } }),
      methodNotAllowed: () => ({ status: 405, body: { message: 'Metodo non consentito', status: 405 } }),
      notImplemented: (c: Context) => ({
        status: 501,
        body: { message: `Operazione non ancora implementata nella sandbox: ${m.service}.${c.operation.operationId}`, status: 501 },
      }),
    });
    for (const op of m.api.router.getOperations()) {
      const operationId = op.operationId;
      if (!operationId || !handlers[operationId]) continue;
      const handler = handlers[operationId];
      const extensions = Object.fromEntries(Object.entries(op).filter(([key]) => key.startsWith('x-')));
      m.api.register(operationId, async (c: Context, extra: { parsed: { body: unknown; files: UploadedFile[] }; user?: Principal; clientAddress: string }) => {
        const ctx: HandlerContext = {
          db: options.db,
          service: m.service,
          operationId,
          extensions,
          params: (c.request.params ?? {}) as Record<string, string>,
          query: (c.request.query ?? {}) as Record<string, unknown>,
          headers: c.request.headers as Record<string, string>,
          clientAddress: extra.clientAddress,
          body: extra.parsed.body,
          files: extra.parsed.files,
          user: extra.user,
          origin: options.origin,
          services,
        };
        try {
          const value = await handler(ctx);
          if (isReply(value)) return { status: value.status ?? 200, body: value.body, headers: value.headers };
          return { status: 200, body: value };
        } catch (error) {
          if (error instanceof HttpError) return { status: error.status, body: { message: error.message, status: error.status, ...error.details } };
          const refused = inputRefusal(error);
          if (refused) return { status: refused.status, body: { message: refused.message, status: refused.status } };
          log(`errore in ${m.service}.${operationId}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
          return { status: 500, body: { message: 'Errore interno della sandbox', status: 500 } };
        }
      });
    }
  }

  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    if (closing) {
      // Stopping: a request that comes after the stop began (e.g. pipelined behind the one in
      // flight) is not started — its answer could not be delivered on a closing connection.
      res.setHeader('Connection', 'close');
      return sendError(res, 503, 'La sandbox si sta arrestando: riprova tra poco');
    }
    inFlight += 1;
    res.once('close', () => {
      inFlight -= 1;
      if (closing) {
        server.closeIdleConnections();
        if (inFlight === 0) onSettled?.();
      }
    });
    handle(req, res).catch((error: unknown) => {
      // A body left unread (a 413 on its declared length) is discarded as it arrives, by node.
      if (error instanceof HttpError) return sendError(res, error.status, error.message, error.details);
      const refused = inputRefusal(error);
      if (refused) return sendError(res, refused.status, refused.message);
      log(`errore non gestito: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      sendError(res, 500, 'Errore interno della sandbox');
    });
  };
  const server = createServer(onRequest);
  // `Expect: 100-continue`: the caller is checked first, and told to send the body only once the
  // operation is about to read it (a refused caller never sends it).
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    continuing.add(req);
    onRequest(req, res);
  });

  /**
   * Stops accepting connections, lets the requests in flight finish (at most `timeoutMs`), then
   * closes every connection. Answers whether every request finished; the caller closes the db.
   */
  async function close(timeoutMs = 10_000): Promise<{ drained: boolean; abandoned: number }> {
    closing = true;
    const closed = new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      server.close(() => resolve());
    });
    server.closeIdleConnections();
    let timer: NodeJS.Timeout | undefined;
    const drained =
      inFlight === 0 ||
      (await new Promise<boolean>((resolve) => {
        onSettled = () => resolve(true);
        timer = setTimeout(() => resolve(false), timeoutMs);
      }));
    clearTimeout(timer);
    const abandoned = inFlight;
    server.closeAllConnections();
    await closed;
    return { drained, abandoned };
  }

  return { server, mounted, close };
}
