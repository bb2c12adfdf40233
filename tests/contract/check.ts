/**
 * Responses checked against the document: the status is declared, the Content-Type is one the
 * status declares, the body validates against the declared schema (Ajv, JSON Schema 2020-12 with
 * ajv-formats), declared headers are present and valid. Binary bodies: the media type only.
 */
import Ajv2020 from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { OpenApiDocument, Operation, ResponseObject, Schema } from './document';
import type { Expectation } from './requests';

export interface ReceivedResponse {
  status: number;
  headers: Headers;
  body: Uint8Array;
}

const NOT_IMPLEMENTED = /non ancora implementata/i;

/** The sandbox's answer for an operation whose handler is not written yet. */
export function isNotImplemented(response: ReceivedResponse): boolean {
  if (response.status !== 501) return false;
  const json = parseJson(response);
  return Boolean(json.ok && json.value && typeof json.value === 'object' && NOT_IMPLEMENTED.test(String((json.value as { message?: unknown }).message ?? '')));
}

export function baseMediaType(contentType: string | null | undefined): string {
  return (contentType ?? '').split(';')[0].trim().toLowerCase();
}

export function isJsonMediaType(type: string): boolean {
  const base = baseMediaType(type);
  return base === 'application/json' || base.endsWith('+json');
}

/** The declared response for a status: exact, then `4XX`-style ranges, then `default`. */
export function declaredResponse(op: Operation, status: number): { key: string; response: ResponseObject } | undefined {
  const exact = op.responses[String(status)];
  if (exact) return { key: String(status), response: exact };
  const range = `${String(status)[0]}XX`;
  for (const [key, response] of Object.entries(op.responses)) if (key.toUpperCase() === range) return { key, response };
  if (op.responses.default) return { key: 'default', response: op.responses.default };
  return undefined;
}

/** The declared media type a Content-Type matches (`image/*`, `*\/*` included), or undefined. */
export function matchMediaType(declared: string[], actual: string | null | undefined): string | undefined {
  const base = baseMediaType(actual);
  if (!base) return undefined;
  const [type] = base.split('/');
  return (
    declared.find((d) => baseMediaType(d) === base) ??
    declared.find((d) => baseMediaType(d) === `${type}/*`) ??
    declared.find((d) => baseMediaType(d) === '*/*')
  );
}

export function parseJson(response: ReceivedResponse): { ok: true; value: unknown } | { ok: false; error: string } {
  try {
    return { ok: true, value: JSON.parse(new TextDecoder().decode(response.body)) as unknown };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

function rewriteRefs(value: unknown, prefix: string): unknown {
  if (Array.isArray(value)) return value.map((v) => rewriteRefs(v, prefix));
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = k === '$ref' && typeof v === 'string' && v.startsWith('#') ? `${prefix}${v}` : rewriteRefs(v, prefix);
  return out;
}

function short(value: unknown, max = 80): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  if (text === undefined) return String(value);
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

export class ResponseChecker {
  private readonly ajv: Ajv2020;
  private readonly documents = new Set<string>();
  private readonly cache = new Map<string, ValidateFunction>();

  constructor() {
    this.ajv = new Ajv2020({ strict: false, allErrors: true, logger: false, validateSchema: false });
    addFormats(this.ajv);
  }

  /** Registers a document so its `#/components/...` references resolve. */
  addDocument(service: string, doc: OpenApiDocument): void {
    const id = `urn:contract:${service}`;
    if (this.documents.has(id)) return;
    this.ajv.addSchema({ ...(structuredClone(doc) as Record<string, unknown>), $id: id }, id);
    this.documents.add(id);
  }

  /** Errors of a value against a schema of a registered document (empty = valid). */
  validate(service: string, schema: Schema, value: unknown, cacheKey?: string): string[] {
    const key = cacheKey ? `${service} ${cacheKey}` : undefined;
    let validate = key ? this.cache.get(key) : undefined;
    if (!validate) {
      try {
        validate = this.ajv.compile(rewriteRefs(schema, `urn:contract:${service}`) as Schema);
      } catch (error) {
        return [`the declared schema does not compile: ${error instanceof Error ? error.message : String(error)}`];
      }
      if (key) this.cache.set(key, validate);
    }
    if (validate(value)) return [];
    return (validate.errors ?? []).slice(0, 4).map((e) => {
      const extra = e.params && 'additionalProperty' in e.params ? ` (${String(e.params.additionalProperty)})` : e.params && 'allowedValues' in e.params ? ` (${short(e.params.allowedValues)})` : '';
      return `${e.instancePath || '/'} ${e.message ?? 'invalid'}${extra}`;
    });
  }

  /**
   * Problems of a response against the operation's declared responses (empty = conforms).
   * `requireDeclared` false: an undeclared status is not itself a problem (the caller decides).
   */
  checkResponse(op: Operation, response: ReceivedResponse, requireDeclared = true): string[] {
    const problems: string[] = [];
    const declared = declaredResponse(op, response.status);
    if (!declared) {
      if (requireDeclared) problems.push(`status ${response.status} is not declared (declared: ${Object.keys(op.responses).join(', ')})`);
      return problems;
    }
    const contentType = response.headers.get('content-type');
    const content = declared.response.content ?? {};
    const mediaTypes = Object.keys(content);
    const hasBody = response.body.length > 0;
    if (!mediaTypes.length) {
      if (hasBody) problems.push(`status ${response.status} declares no body, got ${response.body.length} bytes of ${contentType ?? 'no Content-Type'}`);
    } else if (!hasBody) {
      problems.push(`status ${response.status} declares a body (${mediaTypes.join(', ')}), got none`);
    } else {
      const matched = matchMediaType(mediaTypes, contentType);
      if (!matched) {
        problems.push(`Content-Type ${contentType ?? '(none)'} is not declared for ${response.status} (declared: ${mediaTypes.join(', ')})`);
      } else {
        const schema = content[matched].schema;
        if (isJsonMediaType(matched)) {
          const json = parseJson(response);
          if (!json.ok) problems.push(`body is not JSON: ${json.error}`);
          else if (schema) {
            const errors = this.validate(op.service, schema as Schema, json.value, `${op.pointer}/responses/${declared.key}/${matched}`);
            for (const error of errors) problems.push(`body ${error}`);
          }
        } else if (baseMediaType(matched).startsWith('text/') && schema) {
          const errors = this.validate(op.service, schema as Schema, new TextDecoder().decode(response.body), `${op.pointer}/responses/${declared.key}/${matched}`);
          for (const error of errors) problems.push(`body ${error}`);
        }
        // Binary bodies: the media type is all that is checked.
      }
    }
    for (const [name, header] of Object.entries(declared.response.headers ?? {})) {
      const value = response.headers.get(name);
      if (value === null) {
        if (header.required) problems.push(`required header ${name} missing`);
        continue;
      }
      if (!header.schema) continue;
      const numeric = (header.schema as { type?: unknown }).type === 'integer' || (header.schema as { type?: unknown }).type === 'number';
      const errors = this.validate(op.service, header.schema, numeric && value.trim() !== '' && !Number.isNaN(Number(value)) ? Number(value) : value, `${op.pointer}/responses/${declared.key}/headers/${name}`);
      for (const error of errors) problems.push(`header ${name}: ${short(value)} ${error.replace(/^\/ /, '')}`);
    }
    return problems;
  }

  /** Problems of a response against what a request case expects (empty = as expected). */
  checkExpectation(op: Operation, expect: Expectation, response: ReceivedResponse): string[] {
    const status = response.status;
    if (status >= 500) {
      const json = parseJson(response);
      const message = json.ok && json.value && typeof json.value === 'object' ? (json.value as { message?: unknown }).message : undefined;
      return [`answered ${status}${message ? ` (${short(message)})` : ''}: a 5xx is never acceptable`];
    }
    switch (expect.kind) {
      case 'valid':
        return this.checkResponse(op, response);
      case 'unauthorized': {
        if (status !== 401) return [`expected 401 without credentials, got ${status}`];
        return [...this.checkResponse(op, response), ...messageProblems(response)];
      }
      case 'rejected': {
        if (status < 400 || status >= 500) return [`expected a 4xx${expect.statuses ? ` (${expect.statuses.join('/')})` : ''}, got ${status}`];
        if (expect.statuses && !expect.statuses.includes(status)) return [`expected ${expect.statuses.join('/')}, got ${status}${messageSuffix(response)}`];
        const declared = declaredResponse(op, status);
        if (expect.declaredOnly && !declared) return [`answered ${status}, which the operation does not declare${messageSuffix(response)}`];
        if (expect.statusOnly) return [];
        return [...(declared ? this.checkResponse(op, response) : []), ...messageProblems(response), ...missingFields(response, expect.bodyFields ?? [])];
      }
      case 'no-5xx': {
        // Any status the operation declares, answered as declared; an undeclared one is a failure.
        const declared = declaredResponse(op, status);
        if (!declared) return [`answered ${status}, which the operation does not declare (declared: ${Object.keys(op.responses).join(', ')})${messageSuffix(response)}`];
        return [...this.checkResponse(op, response), ...(status >= 400 ? messageProblems(response) : [])];
      }
    }
  }
}

/** The fields an error body must carry and does not. */
export function missingFields(response: ReceivedResponse, fields: string[]): string[] {
  if (!fields.length) return [];
  const json = parseJson(response);
  const value = json.ok && json.value && typeof json.value === 'object' ? (json.value as Record<string, unknown>) : {};
  const missing = fields.filter((f) => !(f in value));
  return missing.length ? [`error body lacks ${missing.map((f) => `\`${f}\``).join(', ')}`] : [];
}

function messageSuffix(response: ReceivedResponse): string {
  const json = parseJson(response);
  const message = json.ok && json.value && typeof json.value === 'object' ? (json.value as { message?: unknown }).message : undefined;
  return typeof message === 'string' ? ` (${short(message)})` : '';
}

/** An error answer must be JSON with a string `message`. */
export function messageProblems(response: ReceivedResponse): string[] {
  if (!isJsonMediaType(response.headers.get('content-type') ?? '')) return [`error body is not JSON (Content-Type ${response.headers.get('content-type') ?? 'none'})`];
  const json = parseJson(response);
  if (!json.ok) return [`error body is not JSON: ${json.error}`];
  const message = json.value && typeof json.value === 'object' ? (json.value as { message?: unknown }).message : undefined;
  if (typeof message !== 'string' || !message.trim()) return ['error body has no `message`'];
  return [];
}
