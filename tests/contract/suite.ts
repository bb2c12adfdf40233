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
import { runHostileInputs } from './hostile-inputs';
import { harvestIds, idParameter, IdRegistry, resourceKey, withId } from './ids';
import { authorizationFor, send, type Credentials } from './client';
import { listOperations, loadDocumentFile, sandboxBase, type LoadedDocument, type OpenApiDocument, type Operation, type Schema } from './document';
import { formatFailures, formatLine, summarize, type CheckResult, type CleanupReport, type OperationResult, type Report } from './report';
import { buildInvalidCases, buildUnauthorizedCase, buildValidRequest, changesOwnPassword, concretePath, type BuildContext, type RequestCase, type RequestSpec } from './requests';
import { CASE_MODULES, type CaseModule } from './cases';
import { ALSO_CREATES, FIXTURES, MADE_BY_ANSWER, RESOURCES, type FixtureApi, type Made, type RequestPatch } from './fixtures';
import { applyPatch, Ledger, RunMarker } from './ledger';
import { requestUrl } from './client';
import { hostileImportCases } from './hostile-imports';
import { adaptForMock } from './mock';
import { EmailRewriter, ownStateOf, OWN_RECORD_OPERATIONS, restorePlan, SHARED_DATA_OPERATIONS, type OwnState } from './safety';

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
  /** `read-only`: only the sign-in and GET requests are sent. */
  mode?: 'write' | 'read-only';
  /** List the requests instead of sending them (nothing is sent, not even the sign-in). */
  dryRun?: boolean;
  /** Extra purpose-built cases (default: `cases/index.ts`). */
  caseModules?: CaseModule[];
  /** The run marker (default: a new one). */
  marker?: RunMarker;
  /** Stops the run between operations (the clean-up still runs). */
  signal?: AbortSignal;
  /** Also check the project sandbox's own rules, which no document states (a NUL byte → 400, any body over its limit → 413, an unknown path → JSON 404). */
  sandboxExtras?: boolean;
  /** The target is a throw-away sandbox: operations that act on records the run did not make (the lead sync) are sent. */
  disposable?: boolean;
  /** The target is a mock of the documents: it keeps no records and reads no `x-` extension. */
  mock?: boolean;
}

/** Parallel creates of one resource in the concurrency case. */
export const PARALLEL_CREATES = 5;

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
  const mode = options.mode ?? 'write';
  const dryRun = Boolean(options.dryRun);
  const caseModules = options.caseModules ?? CASE_MODULES;
  const marker = options.marker ?? new RunMarker();
  const checker = new ResponseChecker();
  const ids = new IdRegistry();
  const ledger = new Ledger();
  // Every address a request carries becomes a marker address on a reserved domain.
  const emails = new EmailRewriter(() => marker.email());
  /** The signed-in user's theme and avatar before the run (write mode), put back at the end. */
  let ownBefore: OwnState | undefined;
  const wouldCreate: NonNullable<Report['wouldCreate']> = [];
  const results: OperationResult[] = [];
  const emit = (r: OperationResult) => {
    results.push(r);
    log(formatLine(r));
    if (r.outcome === 'FAIL') for (const line of formatFailures(r)) log(line);
  };

  // Documents: the selected services, plus the user service for signing in (and the services the
  // fixtures reach: a precondition may live in another service).
  const wanted = new Set(options.services);
  const loaded = new Map<string, Loaded>();
  for (const service of options.allServices) {
    const file = path.join(options.openapiDir, `${service}.yaml`);
    if (!existsSync(file)) {
      if (wanted.has(service)) emit({ service, method: '-', path: `openapi/${service}.yaml`, operationId: '-', outcome: 'SKIP', reason: 'no document yet', checks: [], ms: 0, successChecked: false });
      continue;
    }
    const doc = loadDocumentFile(service, file);
    if (!doc.doc) {
      if (wanted.has(service)) emit({ service, method: '-', path: `openapi/${service}.yaml`, operationId: '-', outcome: 'FAIL', reason: doc.error ?? 'unreadable document', checks: [{ id: 'document', label: 'document parses', outcome: 'fail', detail: doc.error }], ms: 0, successChecked: false });
      continue;
    }
    let operations: Operation[] = [];
    try {
      operations = listOperations(service, doc.doc);
      checker.addDocument(service, doc.doc);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (wanted.has(service)) emit({ service, method: '-', path: `openapi/${service}.yaml`, operationId: '-', outcome: 'FAIL', reason: `document not usable: ${message}`, checks: [{ id: 'document', label: 'document resolves', outcome: 'fail', detail: message }], ms: 0, successChecked: false });
      continue;
    }
    loaded.set(service, { ...doc, base: baseOf(options.target, service, doc.doc), operations });
  }

  const byKey = new Map<string, { entry: Loaded; op: Operation }>();
  for (const entry of loaded.values()) for (const op of entry.operations) byKey.set(opKey(op), { entry, op });
  const createdBy = new Map<string, string>(Object.entries(ALSO_CREATES));
  const removedBy = new Map<string, string>();
  for (const [name, spec] of Object.entries(RESOURCES)) {
    createdBy.set(spec.create, name);
    if (spec.remove) removedBy.set(spec.remove.op, name);
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
    try {
      const response = await send(auth.base, signInRequest(signInOp), authorizationFor(auth.doc, signInOp, credentials), options.timeoutMs);
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

  function signInRequest(op: Operation): RequestSpec {
    return {
      method: 'post',
      path: op.path,
      pathParams: {},
      query: [],
      headers: {},
      body: { type: 'form', contentType: 'application/x-www-form-urlencoded', value: { grant_type: 'password', username: options.username, password: options.password } },
      auth: 'operation',
    };
  }

  const modeLabel = dryRun ? `dry run (${mode}): nothing is sent` : mode === 'read-only' ? 'read-only: sign-in and GET requests only' : `write mode, run marker ${marker.marker}`;
  if (dryRun) {
    const signInUrl = auth?.base && signInOp ? requestUrl(auth.base, signInRequest(signInOp)) : '(no sign-in operation or host)';
    log(`Contract suite against ${targetLabel(options.target)} — ${modeLabel}`);
    log(`  would send POST ${signInUrl} (sign-in as ${options.username})`);
  } else {
    await signIn();
    if (session.accessToken && auth?.doc && auth.base) {
      const profileOp = findProfileOperation(auth.operations);
      session.me = { username: options.username };
      if (profileOp) {
        try {
          const response = await send(auth.base, buildValidRequest(profileOp, { doc: auth.doc }), authorizationFor(auth.doc, profileOp, credentials), options.timeoutMs);
          const json = response.status === 200 ? (JSON.parse(new TextDecoder().decode(response.body)) as { id?: unknown }) : undefined;
          if (json && typeof json.id === 'number') session.me.id = json.id;
          if (json && mode === 'write') ownBefore = await readOwnState(json);
        } catch {
          // the id stays unknown: only the username protects the signed-in user
        }
      }
    }
    log(`Contract suite against ${targetLabel(options.target)} — ${modeLabel} — ${session.accessToken ? `signed in as ${options.username}${session.me?.id !== undefined ? ` (id ${session.me.id})` : ''}` : `NOT signed in: ${session.error}`}`);
  }

  // Every operation, GETs first, then creates and updates, DELETEs last.
  const queue: Array<{ entry: Loaded; op: Operation; order: number }> = [];
  let order = 0;
  for (const service of options.allServices) {
    const entry = loaded.get(service);
    if (!entry || !wanted.has(service)) continue;
    for (const op of entry.operations) queue.push({ entry, op, order: order++ });
  }
  queue.sort((a, b) => (PHASE[a.op.method] ?? 9) - (PHASE[b.op.method] ?? 9) || a.order - b.order);

  // Records the fixtures make, shared by the operations that only read or change them.
  const shared = new Map<string, Promise<Made>>();
  async function signInAs(username: string, password: string): Promise<string> {
    if (!auth?.doc || !auth.base || !signInOp) throw new Error('no sign-in operation');
    const request = signInRequest(signInOp);
    const response = await send(auth.base, { ...request, body: { type: 'form', contentType: 'application/x-www-form-urlencoded', value: { grant_type: 'password', username, password } } }, authorizationFor(auth.doc, signInOp, credentials), options.timeoutMs);
    const json = response.status === 200 ? (JSON.parse(new TextDecoder().decode(response.body)) as { access_token?: unknown }) : undefined;
    if (!json || typeof json.access_token !== 'string') throw new Error(`sign-in as ${username}: ${response.status} ${bodyMessage(response)}`);
    return json.access_token;
  }

  const api: FixtureApi = {
    signInAs,
    unique: () => marker.unique(),
    email: () => marker.email(),
    digits: (length) => marker.digits(length),
    code: () => marker.code(),
    username: options.username,
    need(resource) {
      let made = shared.get(resource);
      if (!made) {
        made = make(resource);
        shared.set(resource, made);
      }
      return made;
    },
    fresh: (resource) => make(resource),
    spare: (resource) => ledger.spare(resource),
    call: async (key, patch) => (await callOperation(key, patch)).json,
    async download(key, patch) {
      const { response } = await sendOperation(key, patch);
      if (response.status < 200 || response.status >= 300) throw new Error(`${key} answered ${response.status} (${bodyMessage(response)})`);
      return response.body;
    },
  };

  let cleanup: CleanupReport | undefined;
  try {
    for (const { entry, op } of queue) {
      if (options.signal?.aborted) {
        log(`Stopped before ${opKey(op)}: ${String(options.signal.reason ?? 'aborted')}`);
        break;
      }
      emit(dryRun ? await describeOperation(entry, op) : await runOperation(entry, op));
    }
  } finally {
    if (dryRun && mode === 'write') {
      const counts = new Map<string, number>();
      for (const r of wouldCreate) counts.set(r.resource, (counts.get(r.resource) ?? 0) + 1);
      log(`Records a write run would create (each carrying the run marker, deleted at the end where a document has a delete): ${wouldCreate.length}${counts.size ? ` — ${[...counts].map(([r, n]) => `${r} ×${n}`).join(', ')}` : ''}`);
    }
    if (!dryRun && mode === 'write') {
      cleanup = await cleanUp();
      const own = await restoreOwnState();
      if (own.restored.length || own.notRestored.length) Object.assign(cleanup, own);
      log(formatCleanup(cleanup));
    }
  }

  const { overall, services } = summarize(results);
  return {
    ...overall,
    target: targetLabel(options.target),
    mode: dryRun ? 'dry-run' : mode,
    marker: mode === 'write' ? marker.marker : undefined,
    wouldCreate: dryRun && mode === 'write' ? wouldCreate : undefined,
    startedAt: new Date(started).toISOString(),
    seconds: (Date.now() - started) / 1000,
    successChecked: results.filter((r) => r.successChecked).length,
    services,
    operations: results,
    cleanup,
  };

  function opKey(op: Operation): string {
    return `${op.service}.${op.operationId}`;
  }

  function buildContext(entry: Loaded): BuildContext {
    return {
      doc: entry.doc as OpenApiDocument,
      templates: entry.operations.map((o) => o.path),
      credentials: { username: options.username, password: options.password },
      marker: mode === 'write' ? marker.unique() : marker.marker,
      sandboxExtras: options.sandboxExtras,
      mock: options.mock,
    };
  }

  /** The theme and avatar of the signed-in user (its avatar's bytes too, to put back). */
  async function readOwnState(profile: unknown): Promise<OwnState> {
    const state = ownStateOf(profile);
    if (typeof state.avatarId === 'number' && byKey.has('user.getAvatar')) {
      try {
        const { response } = await sendOperation('user.getAvatar', { path: { id: state.avatarId } });
        if (response.status === 200) state.avatar = { bytes: response.body, mediaType: response.headers.get('content-type')?.split(';')[0].trim() || 'image/png' };
      } catch {
        // without its bytes, a replaced avatar is reported, not put back
      }
    }
    return state;
  }

  /** Puts the signed-in user's theme and avatar back as they were before the run. */
  async function restoreOwnState(): Promise<{ restored: string[]; notRestored: string[] }> {
    const restored: string[] = [];
    const notRestored: string[] = [];
    const profileOp = auth ? findProfileOperation(auth.operations) : undefined;
    if (!ownBefore || !profileOp || !auth?.doc || !auth.base) return { restored, notRestored };
    try {
      const response = await sendWithSession(auth, profileOp, buildValidRequest(profileOp, { doc: auth.doc }));
      const now = ownStateOf(jsonOf(response));
      const plan = restorePlan(ownBefore, now);
      notRestored.push(...plan.cannot);
      for (const step of plan.steps) {
        try {
          const { response: answer } = await sendOperation(step.op, step.patch);
          if (answer.status >= 200 && answer.status < 300) restored.push(step.what);
          else notRestored.push(`${step.what}: ${step.op} answered ${answer.status} (${bodyMessage(answer)})`);
        } catch (error) {
          notRestored.push(`${step.what}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    } catch (error) {
      notRestored.push(`the profile could not be read again: ${error instanceof Error ? error.message : String(error)}`);
    }
    return { restored, notRestored };
  }

  function needsBearer(doc: OpenApiDocument, op: Operation): boolean {
    return !op.isPublic && !authorizationFor(doc, op, { client: options.client, accessToken: 'probe' })?.startsWith('Basic');
  }

  /** Sends a request with the operation's credentials; signs in again once on an unexpected 401. */
  async function sendWithSession(entry: Loaded, op: Operation, requestIn: RequestSpec, retryOn401 = true): Promise<ReceivedResponse> {
    const request = emails.request(requestIn);
    const doc = entry.doc as OpenApiDocument;
    const base = entry.base as string;
    if (request.bearer && request.auth === 'operation') return send(base, request, `Bearer ${request.bearer}`, options.timeoutMs);
    let response = await send(base, request, authorizationFor(doc, op, credentials), options.timeoutMs);
    if (retryOn401 && response.status === 401 && needsBearer(doc, op) && request.auth === 'operation' && session.resignins < MAX_RESIGNINS) {
      // An earlier operation may have revoked the session: sign in again, once per request.
      session.resignins += 1;
      await signIn();
      if (session.accessToken) response = await send(base, request, authorizationFor(doc, op, credentials), options.timeoutMs);
    }
    return response;
  }

  function jsonOf(response: ReceivedResponse): unknown {
    if (!isJsonMediaType(response.headers.get('content-type') ?? '')) return undefined;
    const json = parseJson(response);
    return json.ok ? json.value : undefined;
  }

  /** A record made by a create operation's 2xx answer goes into the ledger. */
  async function registerCreated(key: string, json: unknown, spare = false): Promise<Made | undefined> {
    const resource = createdBy.get(key);
    if (!resource || !json || typeof json !== 'object' || Array.isArray(json)) return undefined;
    const find = RESOURCES[resource]?.find;
    let id = (json as Record<string, unknown>)[RESOURCES[resource]?.idField ?? 'id'];
    if (typeof id !== 'number' && find) id = await find(api, json as Record<string, unknown>).catch(() => undefined);
    if (typeof id !== 'number') return undefined;
    // Only the resource's own create makes spare records: an order made from an estimate is in another state.
    return ledger.add({ resource, id, json: json as Record<string, unknown>, by: key, spare: spare && RESOURCES[resource]?.create === key });
  }

  /** Sends an operation's valid request (a create with its resource patch) and the extra patch. */
  async function sendOperation(key: string, extra?: RequestPatch): Promise<{ response: ReceivedResponse; request: RequestSpec }> {
    const found = byKey.get(key);
    if (!found?.entry.base || !found.entry.doc) throw new Error(`${key}: no such operation, or no host for its service`);
    const { entry, op } = found;
    let request = buildValidRequest(op, buildContext(entry));
    const resource = createdBy.get(key);
    if (resource && RESOURCES[resource]?.create === key) request = applyPatch(request, await RESOURCES[resource].patch?.(api));
    request = applyPatch(request, extra);
    return { response: await sendWithSession(entry, op, request), request };
  }

  async function callOperation(key: string, extra?: RequestPatch): Promise<{ json: unknown; made?: Made }> {
    const { response } = await sendOperation(key, extra);
    if (response.status < 200 || response.status >= 300) throw new Error(`${key} answered ${response.status} (${bodyMessage(response)})`);
    const json = jsonOf(response);
    return { json, made: await registerCreated(key, json) };
  }

  async function make(resource: string): Promise<Made> {
    const spec = RESOURCES[resource];
    if (!spec) throw new Error(`no resource "${resource}" in fixtures.ts`);
    const { made } = await callOperation(spec.create);
    if (!made) throw new Error(`${spec.create} answered without an id (${spec.idField ?? 'id'})`);
    return made;
  }

  /** The ledger entry a DELETE request names, when this run made it. */
  function ownedTarget(resource: string, request: RequestSpec): Made | undefined {
    const spec = RESOURCES[resource];
    if (!spec?.remove) return undefined;
    const at = spec.remove.at;
    return ledger.entries.find((entry) => {
      if (entry.resource !== resource || entry.deleted) return false;
      const patch = at(entry);
      const pathOk = Object.entries(patch.path ?? {}).every(([k, v]) => request.pathParams[k] === String(v));
      const queryOk = Object.entries(patch.query ?? {}).every(([k, v]) => request.query.some(([qk, qv]) => qk === k && qv === String(v)));
      return pathOk && queryOk;
    });
  }

  /** A DELETE of part of a record (`/system/{id}/domains`): every id it names belongs to a record of this run. */
  function namesOnlyOwnRecords(op: Operation, request: RequestSpec): boolean {
    const values = op.parameters
      .filter((p) => (p.in === 'path' || p.in === 'query') && /^(id|[a-z]+Id)$/.test(p.name))
      .map((p) => (p.in === 'path' ? request.pathParams[p.name] : request.query.find(([k]) => k === p.name)?.[1]));
    return values.length > 0 && values.every((v) => v !== undefined && ledger.entries.some((e) => !e.deleted && String(e.id) === v));
  }

  /** Deletes what the run made and has not deleted yet, newest first; a record still in use waits for the next pass. */
  async function cleanUp(): Promise<CleanupReport> {
    const deletedByChecks = ledger.entries.filter((e) => e.deleted).length;
    const reasons = new Map<string, string>();
    let deleted = 0;
    for (let pass = 0; pass < 3; pass += 1) {
      const pending = ledger.remaining().filter((e) => RESOURCES[e.resource]?.remove);
      if (!pending.length) break;
      for (const entry of pending) {
        const remove = RESOURCES[entry.resource].remove as NonNullable<(typeof RESOURCES)[string]['remove']>;
        try {
          const { response } = await sendOperation(remove.op, remove.at(entry));
          if ((response.status >= 200 && response.status < 300) || response.status === 404) {
            ledger.markDeleted(entry.resource, entry.id);
            deleted += 1;
          } else reasons.set(`${entry.resource} ${entry.id}`, `${remove.op} answered ${response.status} (${bodyMessage(response)})`);
        } catch (error) {
          reasons.set(`${entry.resource} ${entry.id}`, error instanceof Error ? error.message : String(error));
        }
      }
    }
    const left = ledger.remaining().map((e) => ({
      resource: e.resource,
      id: e.id,
      by: e.by,
      reason: RESOURCES[e.resource]?.remove ? (reasons.get(`${e.resource} ${e.id}`) ?? 'not deleted') : 'the document has no delete operation for it',
    }));
    return { marker: marker.marker, made: ledger.entries.length, deletedByChecks, deleted, left };
  }

  /** Dry run: the requests an operation would send, listed, none sent. */
  async function describeOperation(entry: Loaded, op: Operation): Promise<OperationResult> {
    const key = opKey(op);
    const result = (reason: string): OperationResult => ({ service: op.service, method: op.method, path: op.path, operationId: op.operationId, outcome: 'SKIP', reason, checks: [], ms: 0, successChecked: false });
    if (mode === 'read-only' && op.method !== 'get') return result('read-only: not sent');
    if (!entry.base) return result(`no host configured for ${op.service} in ${targetLabel(options.target)}`);
    if (SHARED_DATA_OPERATIONS[key] && !options.disposable) return result(`${SHARED_DATA_OPERATIONS[key]}: sent only to a throw-away target (--disposable)`);
    const ctx = buildContext(entry);
    const valid = emails.request(buildValidRequest(op, ctx));
    const lines: string[] = [];
    if (mode === 'write') lines.push(...(await recordsWouldCreate(key)).map((r) => `  would create ${r.resource} (${r.by})`));
    const made = mode === 'write' && (FIXTURES[key] || createdBy.get(key)) ? ' — after making the records it needs (fixtures.ts), whose ids replace the example ones' : '';
    lines.push(`  would send ${op.method.toUpperCase()} ${requestUrl(entry.base, valid)} (valid request${made})`);
    const unauthorized = buildUnauthorizedCase(op, valid);
    if (unauthorized) lines.push(`  would send ${op.method.toUpperCase()} ${requestUrl(entry.base, unauthorized.request)} (${unauthorized.label})`);
    const cases = options.invalid ? buildInvalidCases(op, ctx, valid) : [];
    const resource = createdBy.get(key);
    for (const m of caseModules) cases.push(...m.cases({ op, doc: entry.doc as OpenApiDocument, key, valid, creates: resource, uniqueResource: Boolean(resource && RESOURCES[resource]?.unique), mode, sandboxExtras: options.sandboxExtras, mock: options.mock }));
    for (const c of cases) {
      if (mode === 'read-only' && c.request.method !== 'get') continue;
      lines.push(`  would send ${c.request.method.toUpperCase()} ${requestUrl(entry.base, emails.request(c.request))} (${c.label})`);
    }
    for (const line of lines) log(line);
    return result(`dry run: ${lines.filter((l) => l.startsWith('  would send')).length} requests listed, none sent`);
  }

  /**
   * Dry run: the records an operation's fixture and its own create would make, found by running
   * the fixture against a stand-in that records each create and sends nothing. Records shared by
   * the run are listed once, for the first operation that needs them.
   */
  async function recordsWouldCreate(key: string): Promise<Array<{ resource: string; by: string }>> {
    const found: Array<{ resource: string; by: string }> = [];
    const note = (resource: string, by: string) => {
      found.push({ resource, by });
      wouldCreate.push({ resource, by, for: key });
    };
    const stub = (resource: string): Made => ({ resource, id: 0, json: {} });
    const dry: FixtureApi = {
      ...api,
      need(resource) {
        if (!shared.has(resource)) {
          shared.set(resource, Promise.resolve(stub(resource)));
          note(resource, `${RESOURCES[resource]?.create ?? '?'}, shared by the run`);
        }
        return shared.get(resource) as Promise<Made>;
      },
      async fresh(resource) {
        note(resource, RESOURCES[resource]?.create ?? '?');
        return stub(resource);
      },
      spare: () => undefined,
      async call(opKey) {
        const resource = createdBy.get(opKey);
        if (resource) note(resource, opKey);
        return {};
      },
      async download() {
        throw new Error('a download: the rest of the fixture needs its answer');
      },
      signInAs: async () => 'dry-run',
    };
    const fixture = FIXTURES[key];
    try {
      if (fixture) await fixture(dry, { method: 'get', path: '', pathParams: {}, query: [], headers: {}, auth: 'operation' });
    } catch {
      // the rest of the fixture needs answers the dry run does not have
    }
    const resource = createdBy.get(key);
    if (resource && RESOURCES[resource]?.create === key) {
      note(resource, `${key}, its valid request`);
      if (RESOURCES[resource].read && !options.mock) for (let i = 0; i < PARALLEL_CREATES; i += 1) note(resource, `${key}, the parallel creates`);
    }
    return found;
  }

  /** N creates of one resource at once: every one succeeds, the ids are distinct, each reads back. */
  async function parallelCreates(resource: string): Promise<CheckResult[]> {
    const spec = RESOURCES[resource];
    const read = spec.read as NonNullable<typeof spec.read>;
    const label = `${PARALLEL_CREATES} parallel ${spec.create}`;
    const answers = await Promise.allSettled(Array.from({ length: PARALLEL_CREATES }, () => callOperation(spec.create)));
    const made = answers.flatMap((a) => (a.status === 'fulfilled' && a.value.made ? [a.value.made] : []));
    for (const m of made) ledger.markSpare(m.resource, m.id);
    const refused = answers.flatMap((a) => (a.status === 'rejected' ? [a.reason instanceof Error ? a.reason.message : String(a.reason)] : []));
    const checks: CheckResult[] = [];
    checks.push({
      id: 'concurrency.creates',
      label: `${label}: every one succeeds`,
      outcome: refused.length || made.length < PARALLEL_CREATES ? 'fail' : 'pass',
      detail: refused.length ? refused.slice(0, 3).join('; ') : made.length < PARALLEL_CREATES ? `${PARALLEL_CREATES - made.length} answers named no id` : `${made.length} created`,
    });
    const ids = made.map((m) => m.id);
    const distinct = new Set(ids).size === ids.length;
    checks.push({ id: 'concurrency.ids', label: `${label}: distinct ids`, outcome: distinct ? 'pass' : 'fail', detail: `ids ${ids.join(', ')}` });
    const unread: string[] = [];
    for (const m of made) {
      try {
        const { response } = await sendOperation(read.op, read.at(m));
        const json = jsonOf(response) as { id?: unknown } | undefined;
        if (response.status !== 200) unread.push(`${m.id}: ${read.op} answered ${response.status}`);
        else if (json && json.id !== undefined && json.id !== m.id) unread.push(`${m.id}: ${read.op} answered the record ${String(json.id)}`);
      } catch (error) {
        unread.push(`${m.id}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    checks.push({ id: 'concurrency.read', label: `${label}: each one reads back (${read.op})`, outcome: unread.length ? 'fail' : 'pass', detail: unread.length ? unread.join('; ') : `${made.length} read` });
    return checks;
  }

  /** Problems of the valid request's JSON body against the document (an example that breaks its own schema). */
  function selfCheck(op: Operation, request: RequestSpec): string[] {
    const body = request.body;
    if (body?.type !== 'json') return [];
    const schema = op.requestBody?.content?.[body.contentType]?.schema;
    if (!schema) return [];
    return checker.validate(op.service, schema as Schema, body.value, `${op.pointer}/requestBody/${body.contentType}`).map((e) => `request body ${e}`);
  }

  // (hoisted) one operation: the preconditions, the 401 check, the valid request, the invalid and extra cases.
  async function runOperation(entry: Loaded, op: Operation): Promise<OperationResult> {
    const opStarted = performance.now();
    const key = opKey(op);
    const doc = entry.doc as OpenApiDocument;
    const checks: CheckResult[] = [];
    let successChecked = false;
    const result = (outcome: OperationResult['outcome'], reason: string): OperationResult => ({
      service: op.service,
      method: op.method,
      path: op.path,
      operationId: op.operationId,
      outcome,
      reason,
      checks,
      ms: Math.round(performance.now() - opStarted),
      successChecked,
    });
    if (mode === 'read-only' && op.method !== 'get') return result('SKIP', 'read-only run: not sent');
    if (!entry.base) return result('SKIP', `no host configured for ${op.service} in ${targetLabel(options.target)}`);
    if (SHARED_DATA_OPERATIONS[key] && !options.disposable) return result('SKIP', `${SHARED_DATA_OPERATIONS[key]}: sent only to a throw-away target (--disposable)`);
    const ctx = buildContext(entry);
    let valid: RequestSpec;
    try {
      valid = buildValidRequest(op, ctx);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      checks.push({ id: 'build', label: 'requests built from the document', outcome: 'fail', detail: message });
      return result('FAIL', `cannot build requests from the document: ${message}`);
    }
    const resource = createdBy.get(key);
    if (mode === 'write') {
      try {
        const fixture = FIXTURES[key];
        const patch = fixture ? await fixture(api, valid) : resource && RESOURCES[resource].create === key ? await RESOURCES[resource].patch?.(api) : undefined;
        valid = applyPatch(valid, patch);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if (options.mock) {
          // A mock keeps nothing: a mailed token, a stored workbook cannot come back from it.
          checks.push({ id: 'precondition', label: 'records the valid request needs, made by this run', outcome: 'skip', detail: message });
          return result('SKIP', `needs records a mock does not keep: ${short(message, 200)}`);
        }
        checks.push({ id: 'precondition', label: 'records the valid request needs, made by this run', outcome: 'fail', detail: message });
        return result('FAIL', `cannot make the records the valid request needs: ${short(message, 200)}`);
      }
    }
    if (OWN_RECORD_OPERATIONS.includes(key) && !valid.bearer && !options.disposable) {
      return result('SKIP', `would change the signed-in user's own record (${options.username}): sent only as a user this run made, or to a throw-away target`);
    }
    const removes = removedBy.get(key);
    const target = removes ? ownedTarget(removes, valid) : undefined;
    if (op.method === 'delete' && !target && !(!removes && namesOnlyOwnRecords(op, valid))) {
      return result('SKIP', `no record of this run to delete (${concretePath(valid)}): a DELETE names only what this run made`);
    }
    if (targetsSignedInUser(op, valid, session.me)) {
      return result('SKIP', `the example targets the signed-in user ${session.me?.username}${session.me?.id !== undefined ? ` (id ${session.me.id})` : ''}: never deleted or disabled`);
    }
    let invalid: RequestCase[] = [];
    try {
      if (options.invalid) invalid = [...buildInvalidCases(op, ctx, valid), ...(options.mock ? [] : await hostileImportCases(op, valid))];
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      checks.push({ id: 'build', label: 'requests built from the document', outcome: 'fail', detail: message });
      return result('FAIL', `cannot build requests from the document: ${message}`);
    }
    if (changesOwnPassword(valid.body && 'value' in valid.body ? valid.body.value : undefined) && selfCheck(op, valid).length) {
      return result('SKIP', `setting the password of ${options.username} to itself breaks the document's password rule: a run never changes its own password`);
    }
    const bearer = needsBearer(doc, op);
    let notImplemented = false;

    /** A case that asks for fresh unique values gets them from the create's resource patch, its own fields kept. */
    async function withFreshUnique(c: RequestCase): Promise<RequestCase> {
      const patchOf = resource && RESOURCES[resource].create === key ? RESOURCES[resource].patch : undefined;
      const body = c.request.body;
      if (!c.freshUnique || !patchOf || body?.type !== 'json' || !body.value || typeof body.value !== 'object') return c;
      const own = body.value as Record<string, unknown>;
      const patched = applyPatch(c.request, await patchOf(api));
      const value = patched.body?.type === 'json' ? (patched.body.value as Record<string, unknown>) : own;
      const kept = Object.fromEntries(c.freshUnique.filter((name) => name in own).map((name) => [name, own[name]]));
      return { ...c, request: { ...patched, body: { ...body, value: { ...value, ...kept } } } };
    }

    async function exec(c: RequestCase): Promise<CheckResult> {
      return (await execWithResponse(c)).check;
    }

    async function execWithResponse(c: RequestCase): Promise<{ check: CheckResult; response?: ReceivedResponse }> {
      const base_: CheckResult = { id: c.id, label: c.label, outcome: 'pass' };
      if (mode === 'read-only' && c.request.method !== 'get') return { check: { ...base_, outcome: 'skip', detail: 'read-only run: not sent' } };
      if (options.mock) {
        const adapted = adaptForMock(op, c);
        if ('skip' in adapted) return { check: { ...base_, outcome: 'skip', detail: `a gap of the mock: ${adapted.skip}` } };
        c = adapted.case;
      }
      if (bearer && c.request.auth === 'operation' && !session.accessToken) {
        return { check: { ...base_, outcome: 'skip', detail: `not signed in (${session.error})` } };
      }
      let response: ReceivedResponse;
      try {
        response = await sendWithSession(entry, op, c.request, c.expect.kind !== 'unauthorized');
      } catch (error) {
        return { check: { ...base_, outcome: 'fail', detail: error instanceof Error ? error.message : String(error) } };
      }
      // Whatever a create made, even from a case that was expected to be refused, is cleaned up.
      if (response.status >= 200 && response.status < 300) await registerCreated(key, jsonOf(response), true);
      const status = response.status;
      if (isNotImplemented(response)) {
        if (c.expect.kind === 'valid') {
          notImplemented = true;
          return { check: { ...base_, outcome: 'skip', status, detail: 'not implemented in this environment' }, response };
        }
        if (c.handlerLevel) return { check: { ...base_, outcome: 'skip', status, detail: 'only the handler can decide, and it is not implemented' }, response };
        return { check: { ...base_, outcome: 'fail', status, detail: 'not rejected: the request reached the (not yet implemented) handler, 501' }, response };
      }
      const problems = checker.checkExpectation(op, c.expect, response);
      if (c.expect.kind === 'valid' && !problems.length) {
        if (status === 401) problems.push(`a valid request with valid credentials answered 401 (${bodyMessage(response)})`);
        if (status === 413 || status === 415) problems.push(`a valid request answered ${status} (${bodyMessage(response)})`);
        if (status === 400 && namesViolations(response)) problems.push(`a request built from the document was refused as breaking it (${bodyMessage(response)})`);
      }
      if (problems.length) return { check: { ...base_, outcome: 'fail', status, detail: problems.join('; ') }, response };
      const note = status >= 400 ? ` (${bodyMessage(response)})` : '';
      return { check: { ...base_, status, detail: `${status}${note}` }, response };
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
    if (validResponse?.status === 404 && idParam && validCheck.outcome === 'pass' && op.method !== 'delete') {
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
    successChecked = validCheck.outcome === 'pass' && validResponse !== undefined && validResponse.status >= 200 && validResponse.status < 300;
    checks.push({ ...validCheck, detail: `${validCheck.detail ?? ''}${successChecked ? ' — success answer checked' : ''}` });
    if (successChecked && validResponse) {
      if (target && removes) ledger.markDeleted(removes, target.id);
      // Records an operation made from the run's own records (the lead sync's opportunities).
      for (const made of MADE_BY_ANSWER[key]?.(jsonOf(validResponse), (r, id) => ledger.owns(r, id)) ?? []) ledger.add({ ...made, json: {}, by: key });
      if (op.method !== 'delete' && isJsonMediaType(validResponse.headers.get('content-type') ?? '')) {
        const json = parseJson(validResponse);
        if (json.ok) {
          const found = harvestIds(json.value);
          const single = Boolean(json.value && typeof json.value === 'object' && !Array.isArray(json.value) && !('content' in (json.value as object)));
          ids.record(resourceKey(op, usedRequest, false), found, op.method === 'post' && single);
        }
      }
    }
    for (const c of invalid) checks.push(await exec(c));
    for (const m of caseModules) {
      const extra = m.cases({ op, doc, key, valid: usedRequest, validResponse, creates: resource, uniqueResource: Boolean(resource && RESOURCES[resource]?.unique), mode, sandboxExtras: options.sandboxExtras, mock: options.mock });
      for (const c0 of extra) {
        const c = { ...c0, id: c0.id.startsWith(`${m.name}.`) ? c0.id : `${m.name}.${c0.id}` };
        try {
          checks.push(await exec(await withFreshUnique(c)));
        } catch (error) {
          checks.push({ id: c.id, label: c.label, outcome: 'fail', detail: `fresh unique values not made: ${error instanceof Error ? error.message : String(error)}` });
        }
      }
    }
    if (successChecked && mode === 'write' && !options.mock && resource && RESOURCES[resource]?.create === key && RESOURCES[resource].read) {
      checks.push(...(await parallelCreates(resource)));
    }
    if (options.invalid) checks.push(...(await runHostileInputs(op, ctx, usedRequest, execWithResponse)));

    const failed = checks.filter((c) => c.outcome === 'fail');
    const invalidChecks = checks.filter((c) => c.id !== 'valid' && c.id !== 'auth.none' && c.id !== 'example');
    const invalidDone = invalidChecks.filter((c) => c.outcome === 'pass').length;
    const invalidSkipped = invalidChecks.filter((c) => c.outcome === 'skip').length;
    const summaryParts: string[] = [];
    const authCheck = checks.find((c) => c.id === 'auth.none');
    if (authCheck) summaryParts.push(authCheck.outcome === 'pass' ? '401 without credentials' : authCheck.outcome === 'skip' ? '401 check skipped' : '401 check FAILED');
    if (options.invalid || invalidChecks.length) summaryParts.push(`${invalidDone}/${invalidChecks.length} invalid/boundary/extra cases as expected${invalidSkipped ? ` (${invalidSkipped} skipped)` : ''}`);
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

export function formatCleanup(cleanup: CleanupReport): string {
  const head = `Clean-up (run marker ${cleanup.marker}): ${cleanup.made} records made by this run; ${cleanup.deletedByChecks} deleted by the run's DELETE checks, ${cleanup.deleted} deleted now, ${cleanup.left.length} left`;
  if (!cleanup.left.length) return head;
  return `${head}:\n${cleanup.left.map((l) => `    ${l.resource} ${l.id} (made by ${l.by}): ${l.reason}`).join('\n')}`;
}
