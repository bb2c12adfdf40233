/**
 * Requests built from a document: the VALID request of an operation (examples first, then values
 * derived from the schemas), the same request without credentials, and one INVALID request per
 * constraint the document states (parameters, bodies, media types, sizes, hostile strings).
 */
import {
  deref,
  matchesTemplate,
  mediaExample,
  type MediaTypeObject,
  type Method,
  type OpenApiDocument,
  type Operation,
  type ParameterObject,
  type Schema,
} from './document';
import {
  mainType,
  pickBranch,
  resolveSchema,
  sampleValue,
  schemaTypes,
  violateFormat,
  violatePattern,
  wrongTypeValue,
} from './values';

export type FileKind = 'png' | 'jpeg' | 'xlsx' | 'pdf' | 'zip' | 'bytes' | 'given';

export interface FilePart {
  field: string;
  fileName: string;
  mediaType: string;
  kind: FileKind;
  /** For `bytes`: how many bytes to send (the oversized case). */
  size?: number;
  /** For `given`: the content, made for the run (a workbook with a row of its own, say). */
  bytes?: Uint8Array;
  /** Bytes sent instead of the kind's sample (e.g. tests/contract/hostile-imports.ts). */
  content?: Uint8Array;
}

export type BodySpec =
  | { type: 'json'; contentType: string; value: unknown }
  | { type: 'form'; contentType: string; value: Record<string, unknown> }
  | { type: 'multipart'; fields: Record<string, unknown>; files: FilePart[] }
  | { type: 'binary'; contentType: string; file: FilePart }
  | { type: 'raw'; contentType: string; text: string };

export interface RequestSpec {
  method: Method;
  /** The path template (`/systems/{id}`). */
  path: string;
  pathParams: Record<string, string>;
  /** A concrete path used instead of filling the template (a path parameter left out). */
  rawPath?: string;
  query: Array<[string, string]>;
  headers: Record<string, string>;
  body?: BodySpec;
  /** `operation`: the operation's credentials (bearer token, client basic); `none`: no credentials. */
  auth: 'operation' | 'none';
  /** A bearer token of a user this run made, sent instead of the run's own (one's own password change). */
  bearer?: string;
}

export type Expectation =
  /** A status the operation declares, with its media type and schema. */
  | { kind: 'valid' }
  /** 401 (declared) with a JSON `message`. */
  | { kind: 'unauthorized' }
  /**
   * A 4xx with a JSON `message`: one of `statuses` when given; declared by the operation when
   * `declaredOnly`; its body carrying every one of `bodyFields` when given.
   */
  | { kind: 'rejected'; statuses?: number[]; declaredOnly: boolean; statusOnly?: boolean; bodyFields?: string[] }
  /** Anything but a 5xx (hostile but well-formed input). */
  | { kind: 'no-5xx' };

export interface RequestCase {
  /** Stable short id, e.g. `query.type:page`. */
  id: string;
  /** What the case does, for the report. */
  label: string;
  request: RequestSpec;
  expect: Expectation;
  /**
   * True when only the operation's handler can decide (unknown id, script text, upload limits
   * of the service): an answer "not implemented" then skips the case instead of failing it.
   */
  handlerLevel: boolean;
  /**
   * Sent with fresh unique values: the create's resource patch (fixtures.ts) is made again and
   * applied, except to the body fields listed, which keep the case's own values.
   */
  freshUnique?: string[];
}

export interface BuildContext {
  doc: OpenApiDocument;
  /** Every path template of the document (a left-out path segment must not reach another operation). */
  templates?: string[];
  /** Substituted into sign-in forms and password fields so that a run never changes the password. */
  credentials?: { username: string; password: string };
  /** The run marker: the script-text cases carry it, so a record they make is still the run's. */
  marker?: string;
  /** Also build the cases of the sandbox's own rules, which no document states (an unknown path → JSON 404, any body over its limit → 413). */
  sandboxExtras?: boolean;
  /** The target keeps no records: no case that needs one (an unknown id → 404). */
  mock?: boolean;
}

export const SCRIPT_TEXT = '<script>alert(1)</script>';
export const UNKNOWN_ID = 987654321;
/** The body limit of an operation without `x-max-body-bytes` (openapi/CONVENTIONS.md). */
export const DEFAULT_BODY_LIMIT = 10 * 1024 * 1024;
/** Sent in the oversized case: beyond the file limit and beyond the 1 MiB multipart framing allowance. */
export function oversizedBytes(op: object, doc?: unknown): number {
  const allowance = requestRules(doc).multipartAllowanceBytes ?? 1024 * 1024;
  return (bodyLimit(op) ?? bodyLimit(doc) ?? DEFAULT_BODY_LIMIT) + allowance + 1;
}

/** The body limit an operation (or a document, at its root) states (`x-max-body-bytes`, or `x-body-limit`), in bytes. */
export function bodyLimit(where: unknown): number | undefined {
  if (!where || typeof where !== 'object') return undefined;
  for (const key of ['x-max-body-bytes', 'x-body-limit']) {
    const limit = (where as Record<string, unknown>)[key];
    if (typeof limit === 'number' && limit > 0) return limit;
  }
  return undefined;
}

/** The rules a document states at its root for every request (`x-request-rules`, openapi/CONVENTIONS.md). */
export interface RequestRules {
  /** The status of a NUL byte, a lone surrogate or a malformed percent escape. */
  badText?: number;
  /** Nesting of a JSON body beyond which it is refused (400). */
  maxJsonDepth?: number;
  /** The status of a path under the service root that no operation has. */
  unknownPath?: number;
  multipartAllowanceBytes?: number;
}

export function requestRules(doc: unknown): RequestRules {
  const raw = doc && typeof doc === 'object' ? (doc as Record<string, unknown>)['x-request-rules'] : undefined;
  if (!raw || typeof raw !== 'object') return {};
  const out: RequestRules = {};
  for (const key of ['badText', 'maxJsonDepth', 'unknownPath', 'multipartAllowanceBytes'] as const) {
    const value = (raw as Record<string, unknown>)[key];
    if (typeof value === 'number' && value > 0) out[key] = value;
  }
  return out;
}

/**
 * A refusal as the document states it: the `preferred` status when the operation declares it,
 * else any 4xx the operation declares. An undeclared status is never accepted.
 */
export function declaredRefusal(op: Operation, preferred: number): Expectation {
  return String(preferred) in op.responses ? { kind: 'rejected', statuses: [preferred], declaredOnly: true } : { kind: 'rejected', declaredOnly: true };
}
export const MAX_INVALID_CASES = 60;
/** Repeated query values in the boundary case (more than the 20 that `qs`-style parsers keep as an array). */
export const MANY_VALUES = 25;
const UNKNOWN_PROPERTY = 'campoNonPrevisto';

// --------------------------------------------------------------------------------------------
// Parameters

export function parameterSchema(doc: unknown, p: ParameterObject): Schema {
  if (p.schema) return resolveSchema(doc, p.schema);
  const media = Object.values(p.content ?? {})[0];
  return resolveSchema(doc, media?.schema ?? {});
}

export function parameterValue(doc: unknown, p: ParameterObject): unknown {
  if (p.example !== undefined) return p.example;
  for (const entry of Object.values(p.examples ?? {})) {
    const example = deref<{ value?: unknown }>(doc, entry);
    if (example && typeof example === 'object' && 'value' in example) return example.value;
  }
  const media = Object.values(p.content ?? {})[0];
  const fromMedia = mediaExample(doc, media);
  if (fromMedia.found) return fromMedia.value;
  return sampleValue(doc, p.schema ?? media?.schema ?? {}, { mode: 'request' });
}

function hasExplicitValue(doc: unknown, p: ParameterObject): boolean {
  if (p.example !== undefined || Object.keys(p.examples ?? {}).length) return true;
  const schema = parameterSchema(doc, p);
  return schema.example !== undefined || (Array.isArray(schema.examples) && schema.examples.length > 0);
}

function scalar(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** A parameter value as it travels in a path segment. */
export function serializePathValue(value: unknown): string {
  if (Array.isArray(value)) return value.map(scalar).join(',');
  if (value && typeof value === 'object') return Object.entries(value).map(([k, v]) => `${k},${scalar(v)}`).join(',');
  return scalar(value);
}

/** Query entries of one parameter (form style, explode by default; deepObject; `content` = JSON). */
export function serializeQuery(p: ParameterObject, value: unknown): Array<[string, string]> {
  if (value === undefined) return [];
  if (p.content) return [[p.name, JSON.stringify(value)]];
  const style = p.style ?? 'form';
  const explode = p.explode ?? style === 'form';
  if (Array.isArray(value)) {
    if (explode) return value.map((v) => [p.name, scalar(v)]);
    const separator = style === 'spaceDelimited' ? ' ' : style === 'pipeDelimited' ? '|' : ',';
    return [[p.name, value.map(scalar).join(separator)]];
  }
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (style === 'deepObject') return entries.map(([k, v]) => [`${p.name}[${k}]`, scalar(v)]);
    if (explode) return entries.map(([k, v]) => [k, scalar(v)]);
    return [[p.name, entries.map(([k, v]) => `${k},${scalar(v)}`).join(',')]];
  }
  return [[p.name, scalar(value)]];
}

/** The query keys a parameter occupies on the wire. */
function queryKeys(p: ParameterObject, value: unknown): string[] {
  return [...new Set(serializeQuery(p, value).map(([k]) => k))];
}

// --------------------------------------------------------------------------------------------
// Bodies

/** The media type the valid request uses: JSON, then form, then multipart, then the first. */
export function chooseMediaType(content: Record<string, MediaTypeObject> | undefined): string | undefined {
  const types = Object.keys(content ?? {});
  const lower = (t: string) => t.toLowerCase();
  return (
    types.find((t) => lower(t) === 'application/json') ??
    types.find((t) => lower(t).endsWith('+json')) ??
    types.find((t) => lower(t) === 'application/x-www-form-urlencoded') ??
    types.find((t) => lower(t) === 'multipart/form-data') ??
    types[0]
  );
}

function isBinarySchema(schema: Schema): boolean {
  if (schema.format === 'binary' || schema.contentEncoding !== undefined) return true;
  return typeof schema.contentMediaType === 'string' && mainType(schema) === 'string';
}

/** The file kind and media type to send for a list of accepted media types. */
export function fileFor(accepted: string[], field = 'file'): FilePart {
  const types = accepted.map((t) => t.trim().toLowerCase()).filter(Boolean);
  const pick = (kind: FileKind, mediaType: string, ext: string): FilePart => ({ field, fileName: `contratto-qa.${ext}`, mediaType, kind });
  const has = (t: string) => types.includes(t);
  if (!types.length || has('application/octet-stream') || has('image/png') || has('image/*') || has('*/*')) return pick('png', 'image/png', 'png');
  if (has('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')) {
    return pick('xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'xlsx');
  }
  if (has('image/jpeg')) return pick('jpeg', 'image/jpeg', 'jpg');
  if (has('application/pdf')) return pick('pdf', 'application/pdf', 'pdf');
  const first = types[0];
  if (first.includes('openxmlformats') || first.includes('zip')) return pick('zip', first, first.includes('word') ? 'docx' : first.includes('presentation') ? 'pptx' : 'zip');
  return pick('bytes', first, first.split('/')[1]?.replace(/[^a-z0-9]/g, '') || 'bin');
}

function acceptedTypes(media: MediaTypeObject, field: string, schema: Schema): string[] {
  const fromEncoding = media.encoding?.[field]?.contentType;
  if (fromEncoding) return fromEncoding.split(',');
  if (typeof schema.contentMediaType === 'string') return [schema.contentMediaType];
  return [];
}

const PASSWORD_FIELD = /^(old|new|current)?_?password(_?confirm(ation)?)?$/i;
const CURRENT_PASSWORD_FIELD = /^(old|current)_?password$/i;

/** Whether a body changes the signed-in user's own password (it names the current one). */
export function changesOwnPassword(value: unknown): boolean {
  return Boolean(value && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).some((k) => CURRENT_PASSWORD_FIELD.test(k)));
}

/**
 * Keeps a run from changing the signed-in user's password or signing in as someone else: the
 * sign-in form and a change of one's own password carry the run's password. The new password of
 * someone else (sign-up, reset, user creation) keeps the document's example.
 */
function substituteCredentials(value: unknown, credentials: BuildContext['credentials']): unknown {
  if (!credentials || !value || typeof value !== 'object' || Array.isArray(value)) return value;
  const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  if (out.grant_type === 'password') {
    out.username = credentials.username;
    out.password = credentials.password;
  }
  const own = changesOwnPassword(out);
  for (const key of Object.keys(out)) {
    if (!PASSWORD_FIELD.test(key) || typeof out[key] !== 'string') continue;
    if (own || CURRENT_PASSWORD_FIELD.test(key)) out[key] = credentials.password;
  }
  return out;
}

function buildBody(op: Operation, ctx: BuildContext, concrete?: string): BodySpec | undefined {
  const content = op.requestBody?.content;
  const mediaType = chooseMediaType(content);
  if (!content || !mediaType) return undefined;
  const media = content[mediaType];
  const base = mediaType.toLowerCase().split(';')[0].trim();
  const schema = resolveSchema(ctx.doc, media.schema ?? {});
  const example = mediaExample(ctx.doc, media, concrete);
  const value = () => substituteCredentials(example.found ? example.value : sampleValue(ctx.doc, schema, { mode: 'request' }), ctx.credentials);
  if (base === 'application/json' || base.endsWith('+json')) return { type: 'json', contentType: mediaType, value: value() };
  if (base === 'application/x-www-form-urlencoded') {
    const v = value();
    return { type: 'form', contentType: mediaType, value: v && typeof v === 'object' ? (v as Record<string, unknown>) : {} };
  }
  if (base === 'multipart/form-data') {
    const v = value();
    const fields: Record<string, unknown> = { ...(v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {}) };
    const files: FilePart[] = [];
    const properties = (schema.properties as Record<string, unknown> | undefined) ?? {};
    const required = new Set((schema.required as string[] | undefined) ?? []);
    for (const [name, raw] of Object.entries(properties)) {
      let prop = resolveSchema(ctx.doc, raw);
      if (mainType(prop) === 'array' && prop.items) prop = resolveSchema(ctx.doc, prop.items);
      if (!isBinarySchema(prop)) continue;
      delete fields[name];
      if (required.has(name) || name in (example.found && example.value && typeof example.value === 'object' ? (example.value as object) : {}) || files.length === 0) {
        files.push(fileFor(acceptedTypes(media, name, prop), name));
      }
    }
    return { type: 'multipart', fields, files };
  }
  return { type: 'binary', contentType: mediaType, file: { ...fileFor([base]), field: '' } };
}

// --------------------------------------------------------------------------------------------
// The valid request

export function buildValidRequest(op: Operation, ctx: BuildContext): RequestSpec {
  const pathParams: Record<string, string> = {};
  const query: Array<[string, string]> = [];
  const headers: Record<string, string> = {};
  for (const p of op.parameters) {
    if (p.in === 'cookie') continue;
    const wanted = p.in === 'path' || p.required || hasExplicitValue(ctx.doc, p);
    if (!wanted) continue;
    const value = parameterValue(ctx.doc, p);
    if (p.in === 'path') pathParams[p.name] = serializePathValue(value);
    else if (p.in === 'query') query.push(...serializeQuery(p, value));
    else if (p.in === 'header') headers[p.name] = scalar(value);
  }
  const concrete = op.path.replace(/\{([^}]+)\}/g, (_all, name: string) => pathParams[name] ?? '');
  return { method: op.method, path: op.path, pathParams, query, headers, body: buildBody(op, ctx, concrete), auth: op.isPublic ? 'none' : 'operation' };
}

/** The valid request without credentials: a non-public operation must answer 401. */
export function buildUnauthorizedCase(op: Operation, valid: RequestSpec): RequestCase | undefined {
  if (op.isPublic) return undefined;
  return {
    id: 'auth.none',
    label: 'no credentials → 401',
    request: { ...valid, auth: 'none' },
    expect: { kind: 'unauthorized' },
    handlerLevel: false,
  };
}

// --------------------------------------------------------------------------------------------
// Invalid cases

interface Violation {
  code: string;
  label: string;
  value: unknown;
}

/**
 * One value per constraint of a schema that breaks it (and, where possible, only it).
 * `wire` = the value travels as text (query, path, form): a number given for a string is no violation.
 */
export function violations(doc: unknown, schemaIn: unknown, wire: boolean): Violation[] {
  const schema = resolveSchema(doc, schemaIn);
  const out: Violation[] = [];
  const types = schemaTypes(schema);
  const main = mainType(schema);
  if (types.length && !types.includes('null') && !(wire && (types.includes('string') || main === 'array' || main === 'object'))) {
    const wrong = wrongTypeValue(types);
    if (wrong !== undefined) out.push({ code: 'type', label: `wrong type (${JSON.stringify(wrong)} for ${types.join('|')})`, value: wrong });
  }
  if (Array.isArray(schema.enum) && schema.enum.length) {
    const bad = main === 'integer' || main === 'number' ? Math.max(...(schema.enum as unknown[]).filter((e): e is number => typeof e === 'number'), 0) + 7919 : 'VALORE_NON_PREVISTO';
    out.push({ code: 'enum', label: `not one of the enum (${JSON.stringify(bad)})`, value: bad });
  }
  if ('const' in schema && typeof schema.const !== 'object') {
    const bad = typeof schema.const === 'string' ? `${schema.const}_altro` : typeof schema.const === 'number' ? schema.const + 1 : !schema.const;
    out.push({ code: 'const', label: `not the constant (${JSON.stringify(bad)})`, value: bad });
  }
  if (main === 'string' && !schema.enum) {
    const min = Number(schema.minLength ?? 0);
    const max = schema.maxLength === undefined ? Infinity : Number(schema.maxLength);
    if (typeof schema.pattern === 'string') {
      const bad = violatePattern(schema.pattern, min, max);
      if (bad !== undefined) out.push({ code: 'pattern', label: `breaks pattern ${schema.pattern} (${JSON.stringify(bad)})`, value: bad });
    }
    if (min > 0) out.push({ code: 'minLength', label: `shorter than minLength ${min}`, value: 'x'.repeat(min - 1) });
    if (Number.isFinite(max) && max < 100_000) out.push({ code: 'maxLength', label: `longer than maxLength ${max}`, value: 'x'.repeat(max + 1) });
    const badFormat = violateFormat(schema.format);
    if (badFormat !== undefined) out.push({ code: 'format', label: `not a valid ${String(schema.format)} (${JSON.stringify(badFormat)})`, value: badFormat });
  }
  if (main === 'integer' || main === 'number') {
    if (typeof schema.minimum === 'number') out.push({ code: 'minimum', label: `below minimum ${schema.minimum}`, value: schema.minimum - 1 });
    if (typeof schema.exclusiveMinimum === 'number') out.push({ code: 'exclusiveMinimum', label: `not above exclusiveMinimum ${schema.exclusiveMinimum}`, value: schema.exclusiveMinimum });
    if (typeof schema.maximum === 'number') out.push({ code: 'maximum', label: `above maximum ${schema.maximum}`, value: schema.maximum + 1 });
    if (typeof schema.exclusiveMaximum === 'number') out.push({ code: 'exclusiveMaximum', label: `not below exclusiveMaximum ${schema.exclusiveMaximum}`, value: schema.exclusiveMaximum });
    if (main === 'integer' && !wire) out.push({ code: 'integer', label: 'a fraction where an integer is due (1.5)', value: 1.5 });
  }
  if (main === 'array') {
    const item = sampleValue(doc, schema.items ?? {}, { mode: 'request' });
    const maxItems = schema.maxItems === undefined ? undefined : Number(schema.maxItems);
    if (maxItems !== undefined && maxItems < 1000) {
      out.push({ code: 'maxItems', label: `more than maxItems ${maxItems}`, value: Array.from({ length: maxItems + 1 }, (_v, i) => varyItem(item, i, Boolean(schema.uniqueItems))) });
    }
    const minItems = Number(schema.minItems ?? 0);
    if (minItems > 0) out.push({ code: 'minItems', label: `fewer than minItems ${minItems}`, value: Array.from({ length: minItems - 1 }, (_v, i) => varyItem(item, i, true)) });
    if (schema.uniqueItems === true) out.push({ code: 'uniqueItems', label: 'duplicate items', value: [item, item] });
    if (schema.items) {
      const itemSchema = resolveSchema(doc, schema.items);
      const itemTypes = schemaTypes(itemSchema);
      if (itemTypes.length && !itemTypes.includes('null') && !(wire && itemTypes.includes('string')) && mainType(itemSchema) !== 'object') {
        const wrong = wrongTypeValue(itemTypes);
        if (wrong !== undefined) out.push({ code: 'items.type', label: `item of the wrong type (${JSON.stringify(wrong)})`, value: [wrong] });
      }
      if (Array.isArray(itemSchema.enum)) out.push({ code: 'items.enum', label: 'item not one of the enum', value: ['VALORE_NON_PREVISTO'] });
    }
  }
  return out;
}

function varyItem(item: unknown, i: number, unique: boolean): unknown {
  if (!unique) return item;
  if (typeof item === 'number') return item + i;
  if (typeof item === 'string') return `${item}${i}`;
  return item;
}

/** The script text a case sends: after the run marker, when there is one. */
export function scriptText(ctx: Pick<BuildContext, 'marker'>): string {
  return ctx.marker ? `${ctx.marker} ${SCRIPT_TEXT}` : SCRIPT_TEXT;
}

function isPlainString(schema: Schema, text = SCRIPT_TEXT): boolean {
  return (
    mainType(schema) === 'string' &&
    !schema.enum &&
    !('const' in schema) &&
    schema.pattern === undefined &&
    schema.format === undefined &&
    schema.contentMediaType === undefined &&
    (schema.maxLength === undefined || Number(schema.maxLength) >= text.length)
  );
}

const NO_SCRIPT_FIELD = /password|token|secret|mail|url|uri|link|callback/i;

function fillPath(request: RequestSpec): string {
  return request.path.replace(/\{([^}]+)\}/g, (_all, name: string) => encodeURIComponent(request.pathParams[name] ?? ''));
}

/** The concrete path (no query) a request goes to. */
export function concretePath(request: RequestSpec): string {
  return request.rawPath ?? fillPath(request);
}

function parameterCases(op: Operation, ctx: BuildContext, valid: RequestSpec): RequestCase[] {
  const cases: RequestCase[] = [];
  const declares404 = '404' in op.responses;
  let scriptDone = false;
  for (const p of op.parameters) {
    if (p.in !== 'path' && p.in !== 'query') continue;
    const schema = parameterSchema(ctx.doc, p);
    const where = `${p.in} "${p.name}"`;
    const value = parameterValue(ctx.doc, p);
    const objectStyle = mainType(schema) === 'object' && !p.content;
    const keys = p.in === 'query' ? queryKeys(p, value) : [];
    const withQueryValue = (v: unknown): Array<[string, string]> => [
      ...valid.query.filter(([k]) => !keys.includes(k)),
      ...serializeQuery(p, v),
    ];
    const reject: Expectation = { kind: 'rejected', declaredOnly: true };

    if (p.required) {
      if (p.in === 'query') {
        cases.push({ id: `query.missing:${p.name}`, label: `required ${where} missing`, request: { ...valid, query: valid.query.filter(([k]) => !keys.includes(k)) }, expect: reject, handlerLevel: false });
      } else {
        const rawPath = valid.path
          .replace(new RegExp(`/\\{${p.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\}`), '')
          .replace(/\{([^}]+)\}/g, (_all, name: string) => encodeURIComponent(valid.pathParams[name] ?? ''));
        const reachesOther = (ctx.templates ?? []).some((t) => t !== op.path && (matchesTemplate(t, rawPath) || matchesTemplate(t.replace(/\/+$/, ''), rawPath.replace(/\/+$/, ''))));
        // A path no operation serves: its status is the document's `x-request-rules.unknownPath`,
        // or, where no document states one, the sandbox's own rule (a JSON 404).
        const unknownPath = requestRules(ctx.doc).unknownPath ?? (ctx.sandboxExtras ? 404 : undefined);
        if (unknownPath && !ctx.mock && !reachesOther && rawPath !== concretePath(valid)) {
          cases.push({ id: `path.missing:${p.name}`, label: `${where} left out of the path → ${unknownPath}`, request: { ...valid, rawPath }, expect: { kind: 'rejected', statuses: [unknownPath], declaredOnly: false }, handlerLevel: false });
        }
      }
    }
    if (objectStyle) continue;
    if (p.in === 'query' && mainType(schema) === 'array' && (p.explode ?? (p.style ?? 'form') === 'form') && !p.content) {
      // Boundary, still valid: more repeated values than naive query parsers keep as an array (20).
      const max = schema.maxItems === undefined ? Infinity : Number(schema.maxItems);
      if (max > MANY_VALUES) {
        const item = sampleValue(ctx.doc, schema.items ?? {}, { mode: 'request' });
        const many = Array.from({ length: MANY_VALUES }, (_v, i) => varyItem(item, i, true));
        cases.push({ id: `query.many:${p.name}`, label: `${where} repeated ${MANY_VALUES} times (valid: within maxItems)`, request: { ...valid, query: withQueryValue(many) }, expect: { kind: 'valid' }, handlerLevel: false });
      }
    }
    for (const v of violations(ctx.doc, schema, true)) {
      const request: RequestSpec =
        p.in === 'path' ? { ...valid, pathParams: { ...valid.pathParams, [p.name]: serializePathValue(v.value) } } : { ...valid, query: withQueryValue(v.value) };
      cases.push({ id: `${p.in}.${v.code}:${p.name}`, label: `${where} ${v.label}`, request, expect: reject, handlerLevel: false });
    }
    const main = mainType(schema);
    if (p.in === 'path' && declares404 && !ctx.mock && (main === 'integer' || main === 'number') && /id$/i.test(p.name)) {
      const max = typeof schema.maximum === 'number' ? schema.maximum : Infinity;
      const unknown = Math.min(UNKNOWN_ID, max);
      cases.push({
        id: `path.unknownId:${p.name}`,
        label: `${where} names no record (${unknown}) → 404`,
        request: { ...valid, pathParams: { ...valid.pathParams, [p.name]: String(unknown) } },
        expect: { kind: 'rejected', statuses: [404], declaredOnly: true },
        handlerLevel: true,
      });
    }
    if (p.in === 'path' && main === 'string' && !schema.enum) {
      cases.push({
        id: `path.traversal:${p.name}`,
        label: `${where} with path traversal ("../../etc/passwd")`,
        request: { ...valid, pathParams: { ...valid.pathParams, [p.name]: '../../etc/passwd' } },
        expect: { kind: 'no-5xx' },
        handlerLevel: true,
      });
    }
    if (p.in === 'query' && !scriptDone && isPlainString(schema, scriptText(ctx)) && !NO_SCRIPT_FIELD.test(p.name)) {
      scriptDone = true;
      cases.push({ id: `query.script:${p.name}`, label: `${where} holding script text`, request: { ...valid, query: withQueryValue(scriptText(ctx)) }, expect: { kind: 'no-5xx' }, handlerLevel: true });
    }
  }
  return cases;
}

type Path = Array<string | number>;

function setAt(root: unknown, path: Path, value: unknown, remove = false): unknown {
  const copy = structuredClone(root) as unknown;
  if (!path.length) return value;
  let node = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1];
  if (remove) {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete node[last];
  } else node[last] = value;
  return copy;
}

function pointerOf(path: Path): string {
  return path.length ? `/${path.join('/')}` : '/';
}

interface BodyMutation {
  code: string;
  label: string;
  apply: (value: unknown) => unknown;
}

/** Mutations of a body value, one per constraint of its schema, walking nested objects. */
function bodyMutations(doc: unknown, schemaIn: unknown, value: unknown, wire: boolean, path: Path = [], depth = 0): BodyMutation[] {
  let schema = resolveSchema(doc, schemaIn);
  const branches = (schema.oneOf ?? schema.anyOf) as unknown[] | undefined;
  if (Array.isArray(branches) && branches.length) schema = { ...pickBranch(doc, branches, value), ...omit(schema, ['oneOf', 'anyOf']) };
  const out: BodyMutation[] = [];
  if (mainType(schema) !== 'object' || !value || typeof value !== 'object' || Array.isArray(value)) return out;
  const record = value as Record<string, unknown>;
  const properties = (schema.properties as Record<string, unknown> | undefined) ?? {};
  const at = pointerOf(path);
  if (schema.additionalProperties === false && !(UNKNOWN_PROPERTY in properties)) {
    out.push({ code: `unknown:${at}`, label: `unknown property "${UNKNOWN_PROPERTY}" at ${at} (additionalProperties: false)`, apply: (v) => setAt(v, [...path, UNKNOWN_PROPERTY], 'x') });
  }
  for (const name of (schema.required as string[] | undefined) ?? []) {
    if (name in record) out.push({ code: `missing:${pointerOf([...path, name])}`, label: `required property ${pointerOf([...path, name])} missing`, apply: (v) => setAt(v, [...path, name], undefined, true) });
  }
  for (const [name, raw] of Object.entries(properties)) {
    if (!(name in record)) continue;
    const prop = resolveSchema(doc, raw);
    if (prop.readOnly === true) continue;
    const here = [...path, name];
    for (const v of violations(doc, prop, wire)) {
      out.push({ code: `${v.code}:${pointerOf(here)}`, label: `${pointerOf(here)} ${v.label}`, apply: (body) => setAt(body, here, v.value) });
    }
    if (depth < 2) {
      const child = record[name];
      if (mainType(prop) === 'object' || prop.oneOf || prop.anyOf) out.push(...bodyMutations(doc, prop, child, wire, here, depth + 1));
      else if (mainType(prop) === 'array' && Array.isArray(child) && child.length && prop.items) {
        out.push(...bodyMutations(doc, prop.items, child[0], wire, [...here, 0], depth + 1));
      }
    }
  }
  return out;
}

function omit(schema: Schema, keys: string[]): Schema {
  const out: Schema = {};
  for (const [k, v] of Object.entries(schema)) if (!keys.includes(k)) out[k] = v;
  return out;
}

/** The first plain string property of a body (for the script-text case). */
function scriptField(doc: unknown, schemaIn: unknown, text: string): string | undefined {
  const schema = resolveSchema(doc, schemaIn);
  const properties = (schema.properties as Record<string, unknown> | undefined) ?? {};
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const names = Object.keys(properties).filter((n) => !NO_SCRIPT_FIELD.test(n) && isPlainString(resolveSchema(doc, properties[n]), text) && resolveSchema(doc, properties[n]).readOnly !== true);
  return names.find((n) => required.has(n)) ?? names[0];
}

function declaredTypes(op: Operation): string[] {
  return Object.keys(op.requestBody?.content ?? {}).map((t) => t.toLowerCase().split(';')[0].trim());
}

function undeclaredContentType(op: Operation): string {
  const declared = declaredTypes(op);
  return ['text/plain', 'application/xml', 'application/octet-stream', 'text/csv'].find((t) => !declared.includes(t)) ?? 'application/x-unknown';
}

function bodyCases(op: Operation, ctx: BuildContext, valid: RequestSpec): RequestCase[] {
  const body = valid.body;
  if (!body) return [];
  const cases: RequestCase[] = [];
  const reject: Expectation = { kind: 'rejected', declaredOnly: true };
  const mediaType = chooseMediaType(op.requestBody?.content) ?? '';
  const media = op.requestBody?.content?.[mediaType] ?? {};
  const schema = resolveSchema(ctx.doc, media.schema ?? {});

  if (op.requestBody?.required) {
    cases.push({ id: 'body.missing', label: 'required body missing', request: { ...valid, body: undefined }, expect: reject, handlerLevel: false });
  }
  if (body.type === 'json') {
    cases.push({ id: 'body.malformed', label: 'malformed JSON body', request: { ...valid, body: { type: 'raw', contentType: body.contentType, text: '{"rotto": ' } }, expect: reject, handlerLevel: false });
    const types = schemaTypes(schema);
    const wrong = types.length && !types.includes('null') ? wrongTypeValue(types) : undefined;
    if (wrong !== undefined) {
      cases.push({ id: 'body.type', label: `body of the wrong type (${JSON.stringify(wrong)})`, request: { ...valid, body: { ...body, value: wrong } }, expect: reject, handlerLevel: false });
    }
  }
  const wrongType = undeclaredContentType(op);
  const text = body.type === 'json' || body.type === 'form' ? JSON.stringify(body.value) : 'contenuto di un tipo non previsto';
  const contentTypeRefusal = declaredRefusal(op, 415);
  cases.push({
    id: 'body.contentType',
    label: `wrong Content-Type (${wrongType}) → ${contentTypeRefusal.kind === 'rejected' && contentTypeRefusal.statuses ? contentTypeRefusal.statuses.join('/') : 'a declared 4xx'}`,
    request: { ...valid, body: { type: 'raw', contentType: wrongType, text } },
    expect: contentTypeRefusal,
    handlerLevel: false,
  });

  // The size limit: where the operation declares 413 (its limit from `x-body-limit`, else the
  // default of openapi/CONVENTIONS.md); elsewhere only as one of the sandbox's own rules.
  if ((body.type === 'multipart' || body.type === 'binary') && !ctx.mock && ('413' in op.responses || ctx.sandboxExtras)) {
    const size = oversizedBytes(op.raw, ctx.doc);
    const oversized: FilePart = { ...(body.type === 'multipart' ? (body.files[0] ?? fileFor([])) : body.file), kind: 'bytes', size };
    const request: RequestSpec = body.type === 'multipart' ? { ...valid, body: { ...body, files: [oversized, ...body.files.slice(1)] } } : { ...valid, body: { ...body, file: oversized } };
    cases.push({ id: 'body.oversized', label: `upload of ${(size / 1024 / 1024).toFixed(1)} MB → 413`, request, expect: { kind: 'rejected', statuses: [413], declaredOnly: true }, handlerLevel: false });
  }
  if (body.type === 'multipart' && body.files.length) {
    const files = body.files.map((f, i) => (i === 0 ? { ...f, fileName: `../../../etc/passwd${f.fileName.slice(f.fileName.lastIndexOf('.'))}` } : f));
    cases.push({ id: 'body.fileName.traversal', label: 'file name with path traversal', request: { ...valid, body: { ...body, files } }, expect: { kind: 'no-5xx' }, handlerLevel: true });
    const required = new Set((schema.required as string[] | undefined) ?? []);
    for (const f of body.files) {
      if (required.has(f.field)) {
        cases.push({ id: `missing:/${f.field}`, label: `required file part "${f.field}" missing`, request: { ...valid, body: { ...body, files: body.files.filter((x) => x !== f) } }, expect: reject, handlerLevel: false });
      }
    }
  }

  const wire = body.type !== 'json';
  const current: unknown = body.type === 'json' || body.type === 'form' ? body.value : body.type === 'multipart' ? body.fields : undefined;
  if (current !== undefined) {
    // Multipart file parts are not in `fields`: only mutate the fields that are there.
    for (const m of bodyMutations(ctx.doc, schema, current, wire)) {
      const mutated = m.apply(current);
      const newBody: BodySpec =
        body.type === 'json' ? { ...body, value: mutated } : body.type === 'form' ? { ...body, value: mutated as Record<string, unknown> } : { ...(body as Extract<BodySpec, { type: 'multipart' }>), fields: mutated as Record<string, unknown> };
      cases.push({ id: `body.${m.code}`, label: `body ${m.label}`, request: { ...valid, body: newBody }, expect: reject, handlerLevel: false });
    }
    const field = scriptField(ctx.doc, schema, scriptText(ctx));
    if (field && current && typeof current === 'object' && !Array.isArray(current)) {
      const mutated = { ...(current as Record<string, unknown>), [field]: scriptText(ctx) };
      const newBody: BodySpec =
        body.type === 'json' ? { ...body, value: mutated } : body.type === 'form' ? { ...body, value: mutated } : { ...(body as Extract<BodySpec, { type: 'multipart' }>), fields: mutated };
      cases.push({ id: `body.script:/${field}`, label: `body /${field} holding script text`, request: { ...valid, body: newBody }, expect: { kind: 'no-5xx' }, handlerLevel: true });
    }
  }
  return cases;
}

/** Every invalid case of an operation, one request per constraint (capped, ids unique). */
export function buildInvalidCases(op: Operation, ctx: BuildContext, valid: RequestSpec = buildValidRequest(op, ctx)): RequestCase[] {
  const all = [...parameterCases(op, ctx, valid), ...bodyCases(op, ctx, valid)];
  const seen = new Set<string>();
  const unique = all.filter((c) => (seen.has(c.id) ? false : (seen.add(c.id), true)));
  if (unique.length <= MAX_INVALID_CASES) return unique;
  // Keep the hostile-input cases; trim the per-constraint ones.
  const special = unique.filter((c) => c.expect.kind !== 'rejected' || c.expect.statuses);
  const rest = unique.filter((c) => !special.includes(c)).slice(0, Math.max(0, MAX_INVALID_CASES - special.length));
  return [...rest, ...special];
}

