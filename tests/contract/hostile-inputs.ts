/**
 * Hostile inputs every operation must answer with a 4xx (never a 500 or a broken download):
 *
 * - an integer path or query parameter far beyond any id (22 digits: more than PostgreSQL's bigint);
 * - a NUL byte in a string parameter (PostgreSQL text cannot hold one);
 * - an uploaded file with an unsafe name (non-Latin-1 characters, CR/LF, an injected `filename*`),
 *   followed by the download of the stored file, whose `Content-Disposition` must be a valid header
 *   that names the file exactly as stored.
 *
 * Registered in `suite.ts` (`runOperation`, after the invalid cases) with one call to
 * `runHostileInputs`.
 */
import { parse as parseDisposition } from 'content-disposition';
import type { ReceivedResponse } from './check';
import { listOperations, type OpenApiDocument, type Operation } from './document';
import type { CheckResult } from './report';
import { declaredRefusal, parameterSchema, requestRules, serializePathValue, serializeQuery, type BodySpec, type BuildContext, type RequestCase, type RequestSpec } from './requests';
import { mainType, resolveSchema } from './values';

/** 22 digits: beyond 2^53 and beyond PostgreSQL's bigint. */
export const HUGE_ID = '1234567890123456789012';
export const NUL_TEXT = 'contratto\u0000qa';
export const UNSAFE_FILE_NAMES: ReadonlyArray<[string, string]> = [
  ['nonLatin1', 'контракт-日本-€.png'],
  ['crlf', 'contratto\r\nX-Iniettato: 1.png'],
  ['filenameStar', `contratto.png"; filename*=UTF-8''evil.exe`],
];

/** The sandbox's own rule (`--sandbox-extras`): 400, and the operation must declare it. */
const refused: RequestCase['expect'] = { kind: 'rejected', statuses: [400], declaredOnly: true };

function withParameter(valid: RequestSpec, p: Operation['parameters'][number], value: string): RequestSpec {
  if (p.in === 'path') return { ...valid, pathParams: { ...valid.pathParams, [p.name]: serializePathValue(value) } };
  return { ...valid, query: [...valid.query.filter(([k]) => k !== p.name), ...serializeQuery(p, value)] };
}

/** The huge-id and NUL-byte cases of one operation (at most one of each). */
export function parameterHostileCases(op: Operation, ctx: BuildContext, valid: RequestSpec): RequestCase[] {
  const params = op.parameters.filter((p) => (p.in === 'path' || p.in === 'query') && !p.content);
  const typeOf = (p: Operation['parameters'][number]) => {
    const schema = parameterSchema(ctx.doc, p);
    return mainType(schema) === 'array' && schema.items ? mainType(resolveSchema(ctx.doc, schema.items)) : mainType(schema);
  };
  const cases: RequestCase[] = [];
  const integer = params.find((p) => typeOf(p) === 'integer');
  if (integer) {
    // The document states the bound when the schema has a maximum or an int32/int64 format; then
    // the value breaks it. Without one, 22 digits are a valid integer: anything declared but a 5xx.
    const schema = parameterSchema(ctx.doc, integer);
    const item = mainType(schema) === 'array' && schema.items ? resolveSchema(ctx.doc, schema.items) : schema;
    const bounded = item.maximum !== undefined || item.exclusiveMaximum !== undefined || item.format === 'int32' || item.format === 'int64';
    const expect: RequestCase['expect'] = ctx.sandboxExtras ? refused : bounded ? declaredRefusal(op, 400) : { kind: 'no-5xx' };
    cases.push({
      id: `hostile.hugeId:${integer.name}`,
      label: `${integer.in} "${integer.name}" of 22 digits (beyond bigint) → ${expect.kind === 'no-5xx' ? 'no 5xx' : '400'}`,
      request: withParameter(valid, integer, HUGE_ID),
      expect,
      handlerLevel: !ctx.sandboxExtras && !bounded,
    });
  }
  const text = params.find((p) => typeOf(p) === 'string');
  if (text) {
    // A NUL byte is refused where the document states it (`x-request-rules.badText`), or as the
    // sandbox's own rule with --sandbox-extras; elsewhere only a 5xx is wrong.
    const badText = ctx.mock ? undefined : (requestRules(ctx.doc).badText ?? (ctx.sandboxExtras ? 400 : undefined));
    cases.push({
      id: `hostile.nul:${text.name}`,
      label: `${text.in} "${text.name}" holding a NUL byte → ${badText ?? 'no 5xx'}`,
      request: withParameter(valid, text, NUL_TEXT),
      expect: badText ? { kind: 'rejected', statuses: [badText], declaredOnly: true } : { kind: 'no-5xx' },
      handlerLevel: !badText,
    });
  }
  return cases;
}

/** The operation of the same document that downloads what an upload stored: a GET of `{id}` answering a `Content-Disposition`. */
function downloadOf(op: Operation, doc: OpenApiDocument): Operation | undefined {
  const candidates = listOperations(op.service, doc).filter(
    (o) =>
      o.method === 'get' &&
      o.parameters.filter((p) => p.in === 'path').map((p) => p.name).join() === 'id' &&
      Object.entries(o.responses).some(([status, r]) => status.startsWith('2') && Object.keys(r.headers ?? {}).some((h) => h.toLowerCase() === 'content-disposition')),
  );
  return candidates.length === 1 ? candidates[0] : undefined;
}

type Exec = (c: RequestCase) => Promise<{ check: CheckResult; response?: ReceivedResponse }>;

function json(response: ReceivedResponse | undefined): Record<string, unknown> | undefined {
  try {
    return JSON.parse(new TextDecoder().decode(response?.body)) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/** What a download's `Content-Disposition` names, or why it names nothing usable. */
function namedFile(header: string | null): { name?: string; problem?: string } {
  if (!header) return { problem: 'no Content-Disposition' };
  try {
    const parsed = parseDisposition(header);
    if (Object.keys(parsed.parameters).some((k) => k !== 'filename')) return { problem: `extra parameters in ${JSON.stringify(header)}` };
    return { name: parsed.parameters.filename };
  } catch (error) {
    return { problem: `unparsable ${JSON.stringify(header)}: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/** Upload a file under each unsafe name, then download it: the upload succeeds, the download names it exactly. */
async function fileNameChecks(op: Operation, ctx: BuildContext, valid: RequestSpec, exec: Exec): Promise<CheckResult[]> {
  const body = valid.body;
  if (op.method !== 'post' || body?.type !== 'multipart' || !body.files.length) return [];
  const download = downloadOf(op, ctx.doc as OpenApiDocument);
  // The name comes back from the record kept: a mock keeps none.
  if (!download || ctx.mock) return [];
  const checks: CheckResult[] = [];
  for (const [id, fileName] of UNSAFE_FILE_NAMES) {
    const upload: BodySpec = { ...body, files: body.files.map((f, i) => (i === 0 ? { ...f, fileName } : f)) };
    const sent = await exec({
      id: `hostile.fileName.${id}`,
      label: `upload of a file named ${JSON.stringify(fileName)}`,
      request: { ...valid, body: upload },
      expect: { kind: 'valid' },
      handlerLevel: true,
    });
    checks.push(sent.check);
    const stored = json(sent.response);
    if (sent.check.outcome !== 'pass' || typeof stored?.id !== 'number') continue;
    const got = await exec({
      id: `hostile.fileName.${id}.download`,
      label: `${download.operationId} of the file named ${JSON.stringify(fileName)}`,
      request: { method: 'get', path: download.path, pathParams: { id: String(stored.id) }, query: [], headers: {}, auth: 'operation' },
      expect: { kind: 'no-5xx' },
      handlerLevel: true,
    });
    // The download is another operation: its answer is judged here, not against the upload's responses.
    const answered = got.response && got.response.status < 500 && got.response.status !== 501;
    checks.push({ ...got.check, outcome: answered ? 'pass' : 'fail', status: got.response?.status, detail: answered ? undefined : (got.check.detail ?? 'no answer') });
    if (!answered || !got.response) continue;
    const expected = typeof stored.fileName === 'string' ? stored.fileName : fileName;
    const named = namedFile(got.response.headers.get('content-disposition'));
    checks.push({
      id: `hostile.fileName.${id}.header`,
      label: `the download's Content-Disposition names the file exactly (RFC 6266/5987)`,
      outcome: named.name === expected ? 'pass' : 'fail',
      status: got.response.status,
      detail: named.problem ?? (named.name === expected ? undefined : `names ${JSON.stringify(named.name)}, stored ${JSON.stringify(expected)}`),
    });
  }
  return checks;
}

/** Runs every hostile-input case of one operation (the suite's hook). */
export async function runHostileInputs(op: Operation, ctx: BuildContext, valid: RequestSpec, exec: Exec): Promise<CheckResult[]> {
  const checks: CheckResult[] = [];
  for (const c of parameterHostileCases(op, ctx, valid)) checks.push((await exec(c)).check);
  checks.push(...(await fileNameChecks(op, ctx, valid, exec)));
  return checks;
}
