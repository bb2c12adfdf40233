/**
 * The contract suite: signs in, runs every operation of every document (GETs first, then
 * creates and updates, DELETEs last) with its valid request, the request without credentials and
 * the invalid cases, and checks every answer against the document.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { serviceBase, type RuntimeConfig } from '../../src/config/environment';
import type { Service } from '../../src/config/services';
import { isJsonMediaType, isNotImplemented, parseJson, ResponseChecker, type ReceivedResponse } from './check';
import { harvestIds, idParameter, IdRegistry, resourceKey, withId } from './ids';
import { authorizationFor, send, type Credentials } from './client';
import { listOperations, loadDocumentFile, sandboxBase, type LoadedDocument, type OpenApiDocument, type Operation, type Schema } from './document';
import { formatFailures, formatLine, summarize, type CheckResult, type OperationResult, type Report } from './report';
import { hostileImportCases } from './hostile-imports';
import { buildInvalidCases, buildUnauthorizedCase, buildValidRequest, type BuildContext, type RequestCase, type RequestSpec } from './requests';

export type Target = { kind: 'base'; origin: string } | { kind: 'env'; environment: string; config: RuntimeConfig };

export interface SuiteOptions {
  target: Target;
  /** Every service, in order (scripts/services.mjs). */
  allServices: string[];
  /** The services to run (default: all). */
  services: string[];
  openapiDir: string;
  username: string;
  password: string;
  /** `id:secret` of the OAuth client. */
  client: string;
  invalid: boolean;
  timeoutMs: number;
  log: (line: string) => void;
}

/** The service that signs users in, and how. */
const AUTH_SERVICE = 'user';
const MAX_RESIGNINS = 20;
const PHASE: Record<string, number> = { get: 0, post: 1, put: 2, patch: 3, delete: 4 };

interface Session {
  accessToken?: string;
  /** Why there is no token. */
  error?: string;
  me?: { id?: number; username: string };
  resignins: number;
}

interface Loaded extends LoadedDocument {
  base?: string;
  operations: Operation[];
}

function targetLabel(target: Target): string {
  return target.kind === 'base' ? target.origin : `environment ${target.environment}`;
}

function baseOf(target: Target, service: string, doc: OpenApiDocument): string | undefined {
  if (target.kind === 'base') return sandboxBase(target.origin, service, doc);
  const base = serviceBase(service as Service, { ...target.config, environment: target.environment });
  return base || undefined;
}

function short(text: string, max = 160): string {
  const oneLine = text.replace(/\s+/g, ' ');
  return oneLine.length > max ? `${oneLine.slice(0, max)}…` : oneLine;
}

function bodyMessage(response: ReceivedResponse): string {
  const text = new TextDecoder().decode(response.body);
  try {
    const json = JSON.parse(text) as { message?: unknown; errors?: unknown };
    if (json && typeof json.message === 'string') return `${json.message}${violationText(json.errors)}`;
  } catch {
    // not JSON
  }
  return short(text, 120);
}

function violationText(errors: unknown): string {
  if (!Array.isArray(errors) || !errors.length) return '';
  const parts = errors.slice(0, 3).map((e: { path?: unknown; message?: unknown }) => `${String(e?.path ?? '')} ${String(e?.message ?? '')}`.trim());
  return `: ${parts.join('; ')}${errors.length > 3 ? ` (+${errors.length - 3})` : ''}`;
}

/** Whether an error answer names violations of the document (`errors: [...]`, as the sandbox's 400s do). */
function namesViolations(response: ReceivedResponse): boolean {
  try {
    const json = JSON.parse(new TextDecoder().decode(response.body)) as { errors?: unknown };
    return Array.isArray(json?.errors) && json.errors.length > 0;
  } catch {
    return false;
  }
}

/** The operation that signs in: a POST to `…/oauth/token` (or any token endpoint with a basic scheme). */
export function findSignInOperation(operations: Operation[]): Operation | undefined {
  return operations.find((op) => op.method === 'post' && /\/oauth\/token\/?$/.test(op.path)) ?? operations.find((op) => op.method === 'post' && /token\/?$/i.test(op.path) && op.requestBody?.content?.['application/x-www-form-urlencoded']);
}

/** The operation that reads the signed-in user's profile (for the user's id). */
export function findProfileOperation(operations: Operation[]): Operation | undefined {
  return operations.find((op) => op.method === 'get' && (/profile$/i.test(op.operationId) || /\/profile\/?$/i.test(op.path)) && !op.parameters.some((p) => p.required));
}

/** Whether a request would delete or disable the signed-in user. */
export function targetsSignedInUser(op: Operation, request: RequestSpec, me: Session['me'], authService = AUTH_SERVICE): boolean {
  if (!me) return false;
  const body = request.body && (request.body.type === 'json' || request.body.type === 'form') ? request.body.value : undefined;
  const record = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const disables = record.enabled === false || record.enabled === 'false' || record.active === false || record.disabled === true;
  if (op.method !== 'delete' && !disables) return false;
  const values: Array<[string, string]> = [...Object.entries(request.pathParams), ...request.query];
  for (const [name, value] of Object.entries(record)) if (typeof value !== 'object') values.push([name, String(value)]);
  return values.some(
    ([name, value]) =>
      (op.service === authService && me.id !== undefined && /^(user_?)?id$/i.test(name) && value === String(me.id)) ||
      (/^user_?name$/i.test(name) && value === me.username),
  );
}

export async function runSuite(options: SuiteOptions): Promise<Report> {
  const started = Date.now();
  const { log } = options;
  const checker = new ResponseChecker();
  const ids = new IdRegistry();
  const results: OperationResult[] = [];
  const emit = (r: OperationResult) => {
    results.push(r);
    log(formatLine(r));
    if (r.outcome === 'FAIL') for (const line of formatFailures(r)) log(line);
  };

  // Documents: the selected services, plus the user service for signing in.
  const wanted = new Set(options.services);
  const loaded = new Map<string, Loaded>();
  for (const service of options.allServices) {
    if (!wanted.has(service) && service !== AUTH_SERVICE) continue;
    const file = path.join(options.openapiDir, `${service}.yaml`);
    if (!existsSync(file)) {
      if (wanted.has(service)) emit({ service, method: '-', path: `openapi/${service}.yaml`, operationId: '-', outcome: 'SKIP', reason: 'no document yet', checks: [], ms: 0 });
      continue;
    }
    const doc = loadDocumentFile(service, file);
    if (!doc.doc) {
      if (wanted.has(service)) emit({ service, method: '-', path: `openapi/${service}.yaml`, operationId: '-', outcome: 'FAIL', reason: doc.error ?? 'unreadable document', checks: [{ id: 'document', label: 'document parses', outcome: 'fail', detail: doc.error }], ms: 0 });
      continue;
    }
    let operations: Operation[] = [];
    try {
      operations = listOperations(service, doc.doc);
      checker.addDocument(service, doc.doc);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (wanted.has(service)) emit({ service, method: '-', path: `openapi/${service}.yaml`, operationId: '-', outcome: 'FAIL', reason: `document not usable: ${message}`, checks: [{ id: 'document', label: 'document resolves', outcome: 'fail', detail: message }], ms: 0 });
      continue;
    }
    loaded.set(service, { ...doc, base: baseOf(options.target, service, doc.doc), operations });
  }

  // Sign in.
  const credentials: Credentials = { client: options.client };
  const session: Session = { resignins: 0 };
  const auth = loaded.get(AUTH_SERVICE);
  const signInOp = auth ? findSignInOperation(auth.operations) : undefined;

  async function signIn(): Promise<void> {
    session.accessToken = undefined;
    credentials.accessToken = undefined;
    if (!auth?.doc || !signInOp) {
      session.error = `no sign-in operation (POST /oauth/token in openapi/${AUTH_SERVICE}.yaml)`;
      return;
    }
    if (!auth.base) {
      session.error = `no host for the ${AUTH_SERVICE} service in ${targetLabel(options.target)}`;
      return;
    }
    const request: RequestSpec = {
      method: 'post',
      path: signInOp.path,
      pathParams: {},
      query: [],
      headers: {},
      body: { type: 'form', contentType: 'application/x-www-form-urlencoded', value: { grant_type: 'password', username: options.username, password: options.password } },
      auth: 'operation',
    };
    try {
      const response = await send(auth.base, request, authorizationFor(auth.doc, signInOp, credentials), options.timeoutMs);
      if (isNotImplemented(response)) {
        session.error = `sign-in not implemented in this environment (${AUTH_SERVICE}.${signInOp.operationId})`;
        return;
      }
      const json = response.status === 200 ? (JSON.parse(new TextDecoder().decode(response.body)) as { access_token?: unknown }) : undefined;
      if (!json || typeof json.access_token !== 'string') {
        session.error = `sign-in as ${options.username} failed: ${response.status} ${bodyMessage(response)}`;
        return;
      }
      session.accessToken = json.access_token;
      credentials.accessToken = json.access_token;
      session.error = undefined;
    } catch (error) {
      session.error = `sign-in failed: ${error instanceof Error ? error.message : String(error)}`;
    }
  }

  await signIn();
  if (session.accessToken && auth?.doc && auth.base) {
    const profileOp = findProfileOperation(auth.operations);
    session.me = { username: options.username };
    if (profileOp) {
      try {
        const response = await send(auth.base, buildValidRequest(profileOp, { doc: auth.doc }), authorizationFor(auth.doc, profileOp, credentials), options.timeoutMs);
        const json = response.status === 200 ? (JSON.parse(new TextDecoder().decode(response.body)) as { id?: unknown }) : undefined;
        if (json && typeof json.id === 'number') session.me.id = json.id;
      } catch {
        // the id stays unknown: only the username protects the signed-in user
      }
    }
  }
  log(`Contract suite against ${targetLabel(options.target)} — ${session.accessToken ? `signed in as ${options.username}${session.me?.id !== undefined ? ` (id ${session.me.id})` : ''}` : `NOT signed in: ${session.error}`}`);

  // Every operation, GETs first, then creates and updates, DELETEs last.
  const queue: Array<{ entry: Loaded; op: Operation; order: number }> = [];
  let order = 0;
  for (const service of options.allServices) {
    const entry = loaded.get(service);
    if (!entry || !wanted.has(service)) continue;
    for (const op of entry.operations) queue.push({ entry, op, order: order++ });
  }
  queue.sort((a, b) => (PHASE[a.op.method] ?? 9) - (PHASE[b.op.method] ?? 9) || a.order - b.order);

  for (const { entry, op } of queue) emit(await runOperation(entry, op));

  const { overall, services } = summarize(results);
  return { ...overall, target: targetLabel(options.target), startedAt: new Date(started).toISOString(), seconds: (Date.now() - started) / 1000, services, operations: results };

  /** Problems of the valid request's JSON body against the document (an example that breaks its own schema). */
  function selfCheck(op: Operation, request: RequestSpec): string[] {
    const body = request.body;
    if (body?.type !== 'json') return [];
    const schema = op.requestBody?.content?.[body.contentType]?.schema;
    if (!schema) return [];
    return checker.validate(op.service, schema as Schema, body.value, `${op.pointer}/requestBody/${body.contentType}`).map((e) => `request body ${e}`);
  }

  // (hoisted) one operation: the 401 check, the valid request, the invalid cases.
  async function runOperation(entry: Loaded, op: Operation): Promise<OperationResult> {
    const opStarted = performance.now();
    const doc = entry.doc as OpenApiDocument;
    const checks: CheckResult[] = [];
    const result = (outcome: OperationResult['outcome'], reason: string): OperationResult => ({
      service: op.service,
      method: op.method,
      path: op.path,
      operationId: op.operationId,
      outcome,
      reason,
      checks,
      ms: Math.round(performance.now() - opStarted),
    });
    if (!entry.base) return result('SKIP', `no host configured for ${op.service} in ${targetLabel(options.target)}`);
    const base = entry.base;
    const ctx: BuildContext = { doc, templates: entry.operations.map((o) => o.path), credentials: { username: options.username, password: options.password } };
    let valid: RequestSpec;
    let invalid: RequestCase[] = [];
    try {
      valid = buildValidRequest(op, ctx);
      if (options.invalid) invalid = [...buildInvalidCases(op, ctx, valid), ...(await hostileImportCases(op, valid))];
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      checks.push({ id: 'build', label: 'requests built from the document', outcome: 'fail', detail: message });
      return result('FAIL', `cannot build requests from the document: ${message}`);
    }
    if (targetsSignedInUser(op, valid, session.me)) {
      return result('SKIP', `the example targets the signed-in user ${session.me?.username}${session.me?.id !== undefined ? ` (id ${session.me.id})` : ''}: never deleted or disabled`);
    }
    const needsBearer = !op.isPublic && !authorizationFor(doc, op, { client: options.client, accessToken: 'probe' })?.startsWith('Basic');
    let notImplemented = false;

    async function exec(c: RequestCase): Promise<CheckResult> {
      return (await execWithResponse(c)).check;
    }

    async function execWithResponse(c: RequestCase): Promise<{ check: CheckResult; response?: ReceivedResponse }> {
      let response: ReceivedResponse | undefined;
      const check = await execCase(c, (r) => {
        response = r;
      });
      return { check, response };
    }

    async function execCase(c: RequestCase, keep: (response: ReceivedResponse) => void): Promise<CheckResult> {
      const base_: CheckResult = { id: c.id, label: c.label, outcome: 'pass' };
      if (needsBearer && c.request.auth === 'operation' && !session.accessToken) {
        return { ...base_, outcome: 'skip', detail: `not signed in (${session.error})` };
      }
      let response: ReceivedResponse;
      try {
        response = await send(base, c.request, authorizationFor(doc, op, credentials), options.timeoutMs);
        if (response.status === 401 && needsBearer && c.request.auth === 'operation' && c.expect.kind !== 'unauthorized' && session.resignins < MAX_RESIGNINS) {
          // An earlier operation may have revoked the session: sign in again, once per request.
          session.resignins += 1;
          await signIn();
          if (session.accessToken) response = await send(base, c.request, authorizationFor(doc, op, credentials), options.timeoutMs);
        }
      } catch (error) {
        return { ...base_, outcome: 'fail', detail: error instanceof Error ? error.message : String(error) };
      }
      keep(response);
      const status = response.status;
      if (isNotImplemented(response)) {
        if (c.expect.kind === 'valid') {
          notImplemented = true;
          return { ...base_, outcome: 'skip', status, detail: 'not implemented in this environment' };
        }
        if (c.handlerLevel) return { ...base_, outcome: 'skip', status, detail: 'only the handler can decide, and it is not implemented' };
        return { ...base_, outcome: 'fail', status, detail: 'not rejected: the request reached the (not yet implemented) handler, 501' };
      }
      const problems = checker.checkExpectation(op, c.expect, response);
      if (c.expect.kind === 'valid' && !problems.length) {
        if (status === 401) problems.push(`a valid request with valid credentials answered 401 (${bodyMessage(response)})`);
        if (status === 413 || status === 415) problems.push(`a valid request answered ${status} (${bodyMessage(response)})`);
        if (status === 400 && namesViolations(response)) problems.push(`a request built from the document was refused as breaking it (${bodyMessage(response)})`);
      }
      if (problems.length) return { ...base_, outcome: 'fail', status, detail: problems.join('; ') };
      const note = status >= 400 ? ` (${bodyMessage(response)})` : '';
      return { ...base_, status, detail: `${status}${note}` };
    }

    const exampleProblems = selfCheck(op, valid);
    if (exampleProblems.length) {
      checks.push({ id: 'example', label: 'the valid request conforms to the document', outcome: 'fail', detail: exampleProblems.join('; ') });
    }
    const unauthorized = buildUnauthorizedCase(op, valid);
    if (unauthorized) checks.push(await exec(unauthorized));
    const validCase: RequestCase = { id: 'valid', label: op.isPublic ? 'valid request, no credentials (public)' : 'valid request', request: valid, expect: { kind: 'valid' }, handlerLevel: false };
    let { check: validCheck, response: validResponse } = await execWithResponse(validCase);
    let usedRequest = valid;
    const idParam = idParameter(op);
    if (validResponse?.status === 404 && idParam && validCheck.outcome === 'pass') {
      // The example names a record this environment does not have: once more with a known id.
      const exampleId = idParam.in === 'path' ? (valid.pathParams[idParam.name] ?? '') : (valid.query.find(([k]) => k === idParam.name)?.[1] ?? '');
      const candidate = ids.candidate(resourceKey(op, valid), op.method, exampleId);
      const retried = candidate === undefined ? undefined : withId(valid, idParam, candidate);
      if (retried && !targetsSignedInUser(op, retried, session.me)) {
        const second = await execWithResponse({ ...validCase, request: retried });
        validCheck = { ...second.check, detail: `${second.check.detail ?? ''} with id ${candidate} from an earlier answer (the example's id ${exampleId}: 404)` };
        validResponse = second.response;
        usedRequest = retried;
      }
    }
    checks.push(validCheck);
    if (validResponse && validResponse.status >= 200 && validResponse.status < 300) {
      if (op.method === 'delete' && idParam) {
        const used = idParam.in === 'path' ? usedRequest.pathParams[idParam.name] : usedRequest.query.find(([k]) => k === idParam.name)?.[1];
        if (used) ids.forget(resourceKey(op, usedRequest), Number(used));
      } else if (isJsonMediaType(validResponse.headers.get('content-type') ?? '')) {
        const json = parseJson(validResponse);
        if (json.ok) {
          const found = harvestIds(json.value);
          const single = Boolean(json.value && typeof json.value === 'object' && !Array.isArray(json.value) && !('content' in (json.value as object)));
          ids.record(resourceKey(op, usedRequest, false), found, op.method === 'post' && single);
        }
      }
    }
    for (const c of invalid) checks.push(await exec(c));

    const failed = checks.filter((c) => c.outcome === 'fail');
    const invalidChecks = checks.filter((c) => c.id !== 'valid' && c.id !== 'auth.none' && c.id !== 'example');
    const invalidDone = invalidChecks.filter((c) => c.outcome === 'pass').length;
    const invalidSkipped = invalidChecks.filter((c) => c.outcome === 'skip').length;
    const summaryParts: string[] = [];
    const authCheck = checks.find((c) => c.id === 'auth.none');
    if (authCheck) summaryParts.push(authCheck.outcome === 'pass' ? '401 without credentials' : authCheck.outcome === 'skip' ? '401 check skipped' : '401 check FAILED');
    if (options.invalid) summaryParts.push(`${invalidDone}/${invalidChecks.length} invalid/boundary cases as expected${invalidSkipped ? ` (${invalidSkipped} skipped)` : ''}`);
    const tail = summaryParts.length ? `; ${summaryParts.join('; ')}` : '';
    if (failed.length) {
      const first = failed[0];
      return result('FAIL', `${first.label}${first.status !== undefined ? ` [${first.status}]` : ''}: ${short(first.detail ?? '', 200)}${failed.length > 1 ? ` (+${failed.length - 1} more failed checks)` : ''}`);
    }
    if (notImplemented) return result('SKIP', `not implemented in this environment (501)${tail}`);
    if (validCheck.outcome === 'skip') return result('SKIP', `${validCheck.detail ?? 'valid request not sent'}${tail}`);
    return result('PASS', `valid → ${validCheck.detail ?? ''}${tail}`);
  }
}
