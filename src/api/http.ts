import createClient, { type Client, type Middleware } from 'openapi-fetch';
import { getAuthToken, getUser, clearSession, hasAnySessionItem, hasCompleteCredentials, isGuest } from '@/auth/session';
import { DOWNLOAD_URL_REVOKE_MS, FORCED_LOGOUT_URL, USERNAME_HEADER, WRONG_CREDENTIALS_LOG } from '@/config/constants';
import { getRuntimeConfig, serviceBase } from '@/config/environment';
import type { Service } from '@/config/services';
import { ApiError } from './errors';
import { hideServerFailure } from './failures';
import { translateMessage } from '@/i18n/lookup';

export { ApiError };

/** What a 409 resolves with: the parsed body plus statusCode 409. */
export type Conflict<B = Record<string, unknown>> = B & { statusCode: 409 };

/** Page navigation, replaceable in tests (jsdom cannot navigate). */
export const browser = {
  reload: (): void => window.location.reload(),
  assign: (url: string): void => window.location.assign(url),
};

/** Every body is read as text and parsed as JSON if not empty (text that is not JSON stays text). */
export async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function messageOf(body: unknown, fallback: string): string {
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' && body.message) {
    return body.message;
  }
  return fallback;
}

/**
 * The app's one reaction to a 401: clears the session, then fully reloads the page,
 * or goes to `to` (the share calls go to /404). Every 401 comes here: the typed clients, the
 * react-admin HTTP client, the upload, the share handling and the authProvider's checkError.
 * The reload happens only when something was stored, so two reactions to one 401 (the call's,
 * then react-admin's checkError) reload once.
 */
export function handleUnauthorized(to?: string): void {
  const hadSession = hasAnySessionItem();
  clearSession();
  if (to) browser.assign(to);
  else if (hadSession) browser.reload();
}

/**
 * The response rule of every call, in one place: an OK answer resolves with its body; a 409
 * resolves with the body plus `statusCode: 409`; a 404 resolves with the body; a 401 clears the
 * session, reloads the page and rejects; any other answer rejects with the body's message, else
 * the status text (no answer or a 5xx: a clear Italian message, see hideServerFailure).
 */
export function settle(response: Response, body: unknown): unknown {
  if (response.ok) return body;
  if (response.status === 401) {
    handleUnauthorized();
    throw new ApiError(401, messageOf(body, response.statusText || 'Unauthorized'), body);
  }
  if (response.status === 409) {
    return { ...(body && typeof body === 'object' ? body : { message: body }), statusCode: 409 } satisfies Conflict;
  }
  if (response.status === 404) return body;
  throw hideServerFailure(new ApiError(response.status, messageOf(body, response.statusText || `HTTP ${response.status}`), body));
}

/**
 * What a data provider hands react-admin for what settle resolved: a 409 becomes the refused
 * save (an error with the service's message; its field list becomes the form's field errors,
 * see userFacingError); a 404 becomes react-admin's "not found" (a rejection with status 404,
 * upon which a show or edit page says the record does not exist and goes back to the list).
 */
export function forReactAdmin(status: number, settled: unknown): unknown {
  if (status === 409) throw new ApiError(409, messageOf(settled, 'Conflict'), settled);
  if (status === 404) throw new ApiError(404, messageOf(settled, 'Not Found'), settled);
  return settled;
}

/** The share service's own rule: 401 logs out to /404; 422 is the result; others reject. */
export function settleShare(response: Response, body: unknown): unknown {
  if (response.ok || response.status === 422) return body;
  if (response.status === 401) {
    handleUnauthorized('/404');
    throw new ApiError(401, messageOf(body, response.statusText || 'Unauthorized'), body);
  }
  throw new ApiError(response.status, messageOf(body, response.statusText), body);
}

/**
 * Without stored credentials the call does not leave: 'User or password wrong' is logged
 * and the page goes to the forced logout.
 */
export function requireCredentials(): void {
  if (!hasCompleteCredentials() && !(isGuest() && getAuthToken())) {
    console.log(WRONG_CREDENTIALS_LOG);
    browser.assign(FORCED_LOGOUT_URL);
    throw new ApiError(401, WRONG_CREDENTIALS_LOG);
  }
}

/** Bearer authorization; on JSON calls the JSON content type and the username header. */
export const authMiddleware: Middleware = {
  onRequest({ request }) {
    requireCredentials();
    authorise(request.headers, request.method, getAuthToken());
    return request;
  },
};

/** The headers every authorised call carries: bearer; on JSON calls the JSON type and the username. */
function authorise(headers: Headers, method: string, token: string | null): void {
  headers.set('Authorization', `Bearer ${token}`);
  const body = headers.get('Content-Type');
  if (!body || body.includes('json')) {
    if (method !== 'GET' && method !== 'DELETE' && method !== 'HEAD') headers.set('Content-Type', 'application/json');
    const username = getUser()?.username;
    if (username) headers.set(USERNAME_HEADER, username);
  }
}

/**
 * Normalises every response body as readBody reads it (text, then JSON when not empty), so that
 * openapi-fetch never fails on an empty body.
 */
export const responseMiddleware: Middleware = {
  async onResponse({ response }) {
    if (response.status === 204 || response.status === 205 || response.status === 304) return response;
    const type = response.headers.get('Content-Type') ?? '';
    if (type && !type.includes('json') && !type.startsWith('text/')) return response; // blobs stay blobs
    const text = await response.clone().text();
    if (text) return response;
    const headers = new Headers(response.headers);
    headers.delete('Content-Length');
    return new Response(response.ok ? 'null' : '', { status: response.status, statusText: response.statusText, headers });
  },
};

export interface ServiceClientOptions {
  /** Public calls (sign-in, signup, token auth) carry no credentials. */
  public?: boolean;
  fetch?: (request: Request) => Promise<Response>;
}

/**
 * Obtains a new access token with the refresh token (spec: an expired access token is refreshed
 * once before giving up); resolves with the new token, or null when it cannot.
 */
export type TokenRefresher = () => Promise<string | null>;

let tokenRefresher: TokenRefresher | undefined;
let pendingRefresh: Promise<string | null> | undefined;

/** Registers how tokens are refreshed (the authProvider does it); `undefined` switches refresh off. */
export function setTokenRefresher(refresher: TokenRefresher | undefined): void {
  tokenRefresher = refresher;
  pendingRefresh = undefined;
}

/**
 * Sends with the current token; on a 401 sends once more with a newer token (another call's
 * refresh, else a refresh of its own). The caller then treats a second 401 as the 401 it is.
 */
async function withTokenRefresh<R extends { status: number }>(send: (token: string | null) => Promise<R>): Promise<R> {
  const usedToken = getAuthToken();
  const answer = await send(usedToken);
  if (answer.status !== 401) return answer;
  const current = getAuthToken();
  const token = current && current !== usedToken ? current : await refreshAccessToken();
  return token ? send(token) : answer;
}

/** One refresh at a time: concurrent 401s wait for the same refresh. */
export function refreshAccessToken(): Promise<string | null> {
  if (!tokenRefresher) return Promise.resolve(null);
  if (!pendingRefresh) {
    const refresher = tokenRefresher;
    pendingRefresh = refresher()
      .catch(() => null)
      .finally(() => {
        pendingRefresh = undefined;
      });
  }
  return pendingRefresh;
}

const replayable = new Map<string, Request>();

/**
 * On a 401 of an authorised call, refreshes the access token once (see setTokenRefresher) and
 * replays the call with the new token; when the refresh fails, or the replay answers 401 again,
 * the 401 goes on to settle's 401 rule (clear the session, reload). Inert until a refresher is
 * registered.
 */
export const tokenRefreshMiddleware: Middleware = {
  onRequest({ request, id }) {
    if (tokenRefresher) replayable.set(id, request.clone());
    return undefined;
  },
  async onResponse({ response, id, options }) {
    const original = replayable.get(id);
    replayable.delete(id);
    if (response.status !== 401 || !original) return undefined;
    const usedToken = original.headers.get('Authorization')?.replace(/^Bearer\s+/i, '');
    const current = getAuthToken();
    const token = current && current !== usedToken ? current : await refreshAccessToken();
    if (!token) return undefined;
    const retry = new Request(original);
    retry.headers.set('Authorization', `Bearer ${token}`);
    return options.fetch(retry);
  },
  onError({ id }) {
    replayable.delete(id);
    return undefined;
  },
};

/** A typed openapi-fetch client for one service, its base read from the runtime configuration. */
export function createServiceClient<Paths extends object>(service: Service, options: ServiceClientOptions = {}): Client<Paths> {
  const client = createClient<Paths>({
    baseUrl: serviceBase(service, getRuntimeConfig()) ?? undefined,
    fetch: options.fetch ?? ((request: Request) => globalThis.fetch(request)),
  });
  if (!options.public) client.use(authMiddleware);
  client.use(responseMiddleware);
  // Registered last so that it sees a response first: a retried answer still passes the ones above.
  if (!options.public) client.use(tokenRefreshMiddleware);
  return client;
}

/** A lazily built client, so that it reads the configuration loaded at start-up. */
export function lazyClient<Paths extends object>(service: Service, options: ServiceClientOptions = {}): () => Client<Paths> {
  let cached: Client<Paths> | undefined;
  let builtFor: unknown;
  return () => {
    const config = getRuntimeConfig();
    if (!cached || builtFor !== config) {
      cached = createServiceClient<Paths>(service, options);
      builtFor = config;
    }
    return cached;
  };
}

interface FetchResult<D> {
  data?: D;
  error?: unknown;
  response: Response;
}

/**
 * The call of every named operation in `src/api/<service>.ts`, whose callers are the data
 * providers: the answer goes through settle, then forReactAdmin. It resolves with the OK body and
 * rejects with an ApiError (status, message, body) on everything else; no answer at all rejects
 * with a clear Italian message.
 */
export async function callOrThrow<D>(promise: Promise<FetchResult<D>>): Promise<D> {
  let result: FetchResult<D>;
  try {
    result = await promise;
  } catch (failure) {
    throw hideServerFailure(failure);
  }
  const { data, error, response } = result;
  return forReactAdmin(response.status, settle(response, response.ok ? data : error)) as D;
}

/** What react-admin's `fetchUtils.fetchJson` resolves with, which ra-data-simple-rest reads. */
export interface FetchJsonResult {
  status: number;
  headers: Headers;
  body: string;
  json: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- fetchJson's own contract
}

export interface FetchJsonOptions extends Omit<RequestInit, 'headers'> {
  headers?: HeadersInit;
}

/**
 * A `fetchUtils.fetchJson`-compatible HTTP client for react-admin's REST data providers
 * (ra-data-simple-rest): the same bearer and username, token refresh, body parsing (text, then
 * JSON when not empty) and response rule (settle, then forReactAdmin) as the typed clients.
 */
export async function fetchJson(url: string, options: FetchJsonOptions = {}): Promise<FetchJsonResult> {
  requireCredentials();
  const method = (options.method ?? 'GET').toUpperCase();
  const send = (token: string | null) => {
    const headers = new Headers(options.headers);
    if (!headers.has('Accept')) headers.set('Accept', 'application/json');
    // ra-data-simple-rest labels its body-less DELETE text/plain; without a body no type is sent.
    if (options.body == null) headers.delete('Content-Type');
    authorise(headers, method, token);
    return globalThis.fetch(url, { ...options, method, headers }).catch((failure: unknown) => {
      throw hideServerFailure(failure);
    });
  };
  const response = await withTokenRefresh(send);
  const text = await response.text();
  const json = text ? await readBody(new Response(text)) : undefined;
  forReactAdmin(response.status, settle(response, json));
  return { status: response.status, headers: response.headers, body: text, json };
}

/** Downloads a file and revokes its object URL after 40 s. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), DOWNLOAD_URL_REVOKE_MS);
}

/** The file name a Content-Disposition header gives, else the fallback. */
export function fileNameFrom(response: Response, fallback: string): string {
  const header = response.headers.get('Content-Disposition') ?? '';
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(header);
  return match ? decodeURIComponent(match[1]) : fallback;
}

export async function downloadBlob(promise: Promise<FetchResult<unknown>>, fallbackName: string): Promise<string> {
  const { data, error, response } = await promise;
  if (!response.ok) {
    settle(response, error);
    throw new ApiError(response.status, messageOf(error, response.statusText), error);
  }
  const name = fileNameFrom(response, fallbackName);
  saveBlob(data as Blob, name);
  return name;
}

/** Upload progress, 0..1 (1 once the service has answered OK). */
export type UploadProgress = (fraction: number) => void;

export interface UploadOptions {
  onProgress?: UploadProgress;
  /** Non-OK statuses that are an answer, not a failure (e.g. 422 with the rejected rows of an import). */
  answerStatuses?: readonly number[];
}

/** What an upload answered: the status and the body (parsed as readBody parses it). */
export interface UploadAnswer<T> {
  status: number;
  body: T;
}

function sendMultipart(url: string, form: FormData, token: string | null, onProgress?: UploadProgress) {
  return new Promise<{ status: number; statusText: string; text: string }>((resolve, reject) => {
    // fetch cannot report upload progress; XMLHttpRequest can. This is the app's only one.
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    const username = getUser()?.username;
    if (username) xhr.setRequestHeader(USERNAME_HEADER, username);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total) onProgress?.(Math.min(event.loaded / event.total, 0.99));
    };
    xhr.onerror = () => reject(new TypeError('network'));
    xhr.onload = () => resolve({ status: xhr.status, statusText: xhr.statusText, text: xhr.responseText });
    xhr.send(form);
  });
}

/**
 * The app's one multipart upload (`POST {service base}{path}`), for every file a person sends:
 * reports progress (0..1), carries the bearer and username like every call, goes through the token
 * refresh (a 401 refreshes once and replays the upload; a second 401 takes settle's 401 rule),
 * and fails with one Italian message (`app.errors.upload`) when no answer comes, the service's
 * clear message for a 5xx (see hideServerFailure), else the service's own message. Resolves with
 * the status and the body; `answerStatuses` lists non-OK statuses that resolve too.
 */
export async function uploadWithAnswer<T>(service: Service, path: string, form: FormData, options: UploadOptions = {}): Promise<UploadAnswer<T>> {
  requireCredentials();
  const url = `${(serviceBase(service, getRuntimeConfig()) ?? '').replace(/\/+$/, '')}${path}`;
  const send = (token: string | null) =>
    sendMultipart(url, form, token, options.onProgress).catch(() => {
      throw new ApiError(0, translateMessage('app.errors.upload'));
    });
  const answer = await withTokenRefresh(send);
  const body = (await readBody(new Response(answer.text || null))) as T;
  if ((answer.status >= 200 && answer.status < 300) || options.answerStatuses?.includes(answer.status)) {
    options.onProgress?.(1);
    return { status: answer.status, body };
  }
  if (answer.status === 401) handleUnauthorized();
  throw hideServerFailure(new ApiError(answer.status, messageOf(body, answer.statusText || `HTTP ${answer.status}`), body));
}

/**
 * A multipart upload with no session (a team link's installer page): progress (0..1), and on a
 * bad connection (no answer at all) it tries again, up to `retries` more times after a growing
 * pause, reporting each new try through `onRetry`; a service answer is never retried.
 */
export async function uploadPublic<T>(
  service: Service,
  path: string,
  form: FormData,
  options: { onProgress?: UploadProgress; onRetry?: (attempt: number) => void; retries?: number; pauseMs?: number } = {},
): Promise<T> {
  const url = `${(serviceBase(service, getRuntimeConfig()) ?? '').replace(/\/+$/, '')}${path}`;
  const { retries = 3, pauseMs = 1000 } = options;
  for (let attempt = 0; ; attempt += 1) {
    let answer: { status: number; statusText: string; text: string };
    try {
      answer = await sendMultipart(url, form, null, options.onProgress);
    } catch {
      if (attempt >= retries) throw new ApiError(0, translateMessage('app.errors.upload'));
      options.onRetry?.(attempt + 1);
      await new Promise((resolve) => setTimeout(resolve, pauseMs * 2 ** attempt));
      continue;
    }
    const body = (await readBody(new Response(answer.text || null))) as T;
    if (answer.status >= 200 && answer.status < 300) {
      options.onProgress?.(1);
      return body;
    }
    throw hideServerFailure(new ApiError(answer.status, messageOf(body, answer.statusText || `HTTP ${answer.status}`), body));
  }
}

/** uploadWithAnswer for the usual case: resolves with the OK body. */
export async function upload<T>(service: Service, path: string, form: FormData, onProgress?: UploadProgress): Promise<T> {
  return (await uploadWithAnswer<T>(service, path, form, { onProgress })).body;
}

/** A multipart form: the fields (empty ones left out), then the file under `file`. */
export function fileForm(file: File, fields: Record<string, string | number | undefined> = {}): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined && v !== '') form.append(k, String(v));
  form.append('file', file, file.name);
  return form;
}
