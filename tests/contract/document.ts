/**
 * The OpenAPI documents as the contract suite sees them: loading, local `$ref` resolution, the
 * operations of a document with their parameters, security and responses, and service bases.
 */
import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** A JSON Schema (OpenAPI 3.1 = JSON Schema 2020-12) as plain data; keywords are read loosely. */
export type Schema = { [keyword: string]: unknown };

export interface ServerVariable {
  default: string;
  enum?: string[];
  description?: string;
}

export interface ParameterObject {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Schema;
  content?: Record<string, MediaTypeObject>;
  example?: unknown;
  examples?: Record<string, unknown>;
  style?: string;
  explode?: boolean;
}

export interface MediaTypeObject {
  schema?: Schema;
  example?: unknown;
  examples?: Record<string, unknown>;
  encoding?: Record<string, { contentType?: string }>;
}

export interface RequestBodyObject {
  required?: boolean;
  content?: Record<string, MediaTypeObject>;
}

export interface HeaderObject {
  required?: boolean;
  schema?: Schema;
}

export interface ResponseObject {
  description?: string;
  headers?: Record<string, HeaderObject>;
  content?: Record<string, MediaTypeObject>;
}

export type SecurityRequirement = Record<string, string[]>;

export interface OperationObject {
  operationId?: string;
  summary?: string;
  parameters?: unknown[];
  requestBody?: unknown;
  responses?: Record<string, unknown>;
  security?: SecurityRequirement[];
  [extension: string]: unknown;
}

export interface OpenApiDocument {
  openapi?: string;
  servers?: Array<{ url: string; variables?: Record<string, ServerVariable> }>;
  security?: SecurityRequirement[];
  paths?: Record<string, Record<string, unknown>>;
  components?: Record<string, Record<string, unknown>>;
  [key: string]: unknown;
}

export const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
export type Method = (typeof METHODS)[number];

/** One operation of a document, every `$ref` above the schemas resolved. */
export interface Operation {
  service: string;
  method: Method;
  /** The path template as the document writes it (`/systems/{id}`). */
  path: string;
  operationId: string;
  /** Path-level and operation-level parameters merged (the operation's win). */
  parameters: ParameterObject[];
  requestBody?: RequestBodyObject;
  responses: Record<string, ResponseObject>;
  /** The security requirements in force (the operation's, else the document's). */
  security: SecurityRequirement[];
  /** True when the operation needs no credentials at all (`security: []` or an empty requirement). */
  isPublic: boolean;
  /** JSON pointer of the operation object inside the document. */
  pointer: string;
  raw: OperationObject;
}

export interface LoadedDocument {
  service: string;
  file: string;
  doc?: OpenApiDocument;
  error?: string;
}

export function loadDocumentFile(service: string, file: string): LoadedDocument {
  try {
    const doc = parseYaml(readFileSync(file, 'utf8')) as unknown;
    if (!doc || typeof doc !== 'object') return { service, file, error: 'il documento non è un oggetto YAML' };
    return { service, file, doc: doc as OpenApiDocument };
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return { service, file, error: `documento non leggibile: ${message}` };
  }
}

export function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

export function unescapePointer(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** The value at a local pointer (`#/components/schemas/X`), or undefined. */
export function resolvePointer(doc: unknown, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  const parts = ref.slice(1).split('/').slice(1).map((p) => unescapePointer(decodeURIComponent(p)));
  let node: unknown = doc;
  for (const part of parts) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** Follows a chain of local `$ref`s (at most 20) and returns the object it ends on. */
export function deref<T = unknown>(doc: unknown, value: unknown): T {
  let node = value;
  for (let i = 0; i < 20; i += 1) {
    if (!node || typeof node !== 'object' || Array.isArray(node)) break;
    const ref = (node as { $ref?: unknown }).$ref;
    if (typeof ref !== 'string') break;
    const target = resolvePointer(doc, ref);
    if (target === undefined) throw new Error(`riferimento non risolto: ${ref}`);
    node = target;
  }
  return node as T;
}

/**
 * A media type example: `example`, else one of `examples` (Example Objects resolved): the one whose
 * summary or description names `hint` (the concrete path the request goes to), else the first.
 */
export function mediaExample(
  doc: unknown,
  media: { example?: unknown; examples?: Record<string, unknown> } | undefined,
  hint?: string,
): { found: boolean; value?: unknown } {
  if (!media) return { found: false };
  if (media.example !== undefined) return { found: true, value: media.example };
  const candidates: Array<{ value: unknown; text: string }> = [];
  for (const entry of Object.values(media.examples ?? {})) {
    const example = deref<{ value?: unknown; summary?: string; description?: string }>(doc, entry);
    if (example && typeof example === 'object' && 'value' in example) candidates.push({ value: example.value, text: `${example.summary ?? ''} ${example.description ?? ''}` });
  }
  if (!candidates.length) return { found: false };
  const named = hint ? candidates.find((c) => new RegExp(`${hint.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w/])`).test(c.text)) : undefined;
  return { found: true, value: (named ?? candidates[0]).value };
}

function isPublicSecurity(security: SecurityRequirement[]): boolean {
  return security.length === 0 || security.some((requirement) => Object.keys(requirement).length === 0);
}

export function listOperations(service: string, doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, rawItem] of Object.entries(doc.paths ?? {})) {
    const item = deref<Record<string, unknown>>(doc, rawItem);
    const shared = ((item.parameters as unknown[] | undefined) ?? []).map((p) => deref<ParameterObject>(doc, p));
    for (const method of METHODS) {
      const raw = item[method] as OperationObject | undefined;
      if (!raw || typeof raw !== 'object') continue;
      const own = (raw.parameters ?? []).map((p) => deref<ParameterObject>(doc, p));
      const parameters = [...shared.filter((p) => !own.some((o) => o.name === p.name && o.in === p.in)), ...own];
      const responses: Record<string, ResponseObject> = {};
      for (const [status, response] of Object.entries(raw.responses ?? {})) {
        const resolved = deref<ResponseObject>(doc, response);
        const headers: Record<string, HeaderObject> = {};
        for (const [name, header] of Object.entries(resolved.headers ?? {})) headers[name] = deref<HeaderObject>(doc, header);
        responses[status] = { ...resolved, headers };
      }
      const security = raw.security ?? doc.security ?? [];
      operations.push({
        service,
        method,
        path,
        operationId: raw.operationId ?? `${method}${path}`,
        parameters,
        requestBody: raw.requestBody ? deref<RequestBodyObject>(doc, raw.requestBody) : undefined,
        responses,
        security,
        isPublic: isPublicSecurity(security),
        pointer: `#/paths/${escapePointer(path)}/${method}`,
        raw,
      });
    }
  }
  return operations;
}

/**
 * The base of a service on the sandbox origin: origin + `/<service>` + the path of `servers[0].url`
 * with `{host}` removed and every other variable at its default.
 */
export function sandboxBase(origin: string, service: string, doc: OpenApiDocument): string {
  const server = doc.servers?.[0];
  let url = server?.url ?? '{host}';
  const variables = server?.variables ?? {};
  url = url.replace(/\{([^}]+)\}/g, (_all, name: string) => (name === 'host' ? '' : String(variables[name]?.default ?? '')));
  return `${origin.replace(/\/+$/, '')}/${service}${url}`;
}

/** The URL of a path under a base: one slash between them whatever either side carries. */
export function joinUrl(base: string, path: string): string {
  const tail = path.startsWith('/') ? path : `/${path}`;
  return base.replace(/\/+$/, '') + tail;
}

/** Whether a concrete path (no query) matches a path template (`/a/{id}`); trailing slashes count. */
export function matchesTemplate(template: string, concrete: string): boolean {
  const pattern = template
    .split(/(\{[^}]+\})/)
    .map((part) => (/^\{[^}]+\}$/.test(part) ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${pattern}$`).test(concrete);
}
