import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  browser,
  callOrThrow,
  createServiceClient,
  downloadBlob,
  forReactAdmin,
  readBody,
  settle,
  settleShare,
} from '@/api/http';
import { setRuntimeConfig } from '@/config/environment';
import { storeSession, getAuthToken, SESSION_KEYS } from '@/auth/session';
import { DOWNLOAD_URL_REVOKE_MS } from '@/config/constants';

const json = (status: number, body: unknown, statusText = '') =>
  new Response(body === undefined ? '' : JSON.stringify(body), {
    status,
    statusText,
    headers: { 'Content-Type': 'application/json' },
  });

function signIn() {
  storeSession({ auth: 'tok-1', refreshToken: 'ref-1', user: { username: 'mario.rossi' }, type: 'ROLE_ADMIN', group: 'administrators' });
}

beforeEach(() => {
  vi.spyOn(browser, 'reload').mockImplementation(() => {});
  vi.spyOn(browser, 'assign').mockImplementation(() => {});
});

const settled = async (response: Response) => settle(response, await readBody(response));

describe('the response rule of every call (settle)', () => {
  it('parses a non-empty body as JSON', async () => {
    await expect(settled(json(200, { a: 1 }))).resolves.toEqual({ a: 1 });
  });

  it('resolves an empty OK body with nothing', async () => {
    await expect(settled(new Response('', { status: 200 }))).resolves.toBeUndefined();
  });

  it('a 409 resolves with the body and statusCode 409', async () => {
    await expect(settled(json(409, { message: 'Duplicato' }))).resolves.toEqual({ message: 'Duplicato', statusCode: 409 });
  });

  it('a 404 resolves with the parsed body, not an error', async () => {
    await expect(settled(json(404, { message: 'Non trovato' }))).resolves.toEqual({ message: 'Non trovato' });
  });

  it('any other non-OK rejects with the body message', async () => {
    await expect(settled(json(403, { message: 'Ruolo non ammesso' }, 'Forbidden'))).rejects.toMatchObject({
      status: 403,
      message: 'Ruolo non ammesso',
    });
  });

  it('any other non-OK without a message rejects with the status text', async () => {
    await expect(settled(new Response('', { status: 422, statusText: 'Unprocessable Content' }))).rejects.toThrow('Unprocessable Content');
  });

  it('a 5xx rejects with a clear Italian message, the body kept on the error', async () => {
    const error = await settled(json(500, { message: 'NullPointerException' }, 'Server Error')).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 500, body: { message: 'NullPointerException' } });
    expect((error as Error).message).not.toContain('NullPointerException');
  });

  it('a 401 clears the session and reloads the page', async () => {
    signIn();
    await expect(settled(json(401, { message: 'scaduto' }))).rejects.toBeInstanceOf(ApiError);
    for (const key of ['user', 'type', 'group', 'auth', 'subscription', 'check'] as const) {
      expect(window.localStorage.getItem(SESSION_KEYS[key])).toBeNull();
    }
    expect(browser.reload).toHaveBeenCalledOnce();
  });
});

describe('react-admin states of a settled answer (forReactAdmin)', () => {
  it('a settled 409 rejects with its message and the whole body', () => {
    expect(() => forReactAdmin(409, { message: 'Duplicato', statusCode: 409 })).toThrow(
      expect.objectContaining({ status: 409, message: 'Duplicato', body: { message: 'Duplicato', statusCode: 409 } }),
    );
  });

  it('a settled 404 rejects with status 404, react-admin\'s not found', () => {
    expect(() => forReactAdmin(404, { message: 'Non trovato' })).toThrow(expect.objectContaining({ status: 404, message: 'Non trovato' }));
    expect(() => forReactAdmin(404, undefined)).toThrow(expect.objectContaining({ status: 404 }));
  });

  it('an OK body passes through', () => {
    expect(forReactAdmin(200, { id: 1 })).toEqual({ id: 1 });
  });
});

describe('the share service\'s rule', () => {
  it('422 returns the body as the result', () => {
    expect(settleShare(new Response(null, { status: 422 }), { message: 'scaduto' })).toEqual({ message: 'scaduto' });
  });

  it('401 logs out and goes to /404', () => {
    signIn();
    expect(() => settleShare(new Response(null, { status: 401 }), undefined)).toThrow(ApiError);
    expect(getAuthToken()).toBeNull();
    expect(browser.assign).toHaveBeenCalledWith('/404');
  });

  it('other errors reject with the body message or the status text', () => {
    expect(() => settleShare(new Response(null, { status: 500, statusText: 'Boom' }), undefined)).toThrow('Boom');
    expect(() => settleShare(new Response(null, { status: 400 }), { message: 'Token mancante' })).toThrow('Token mancante');
  });
});

interface TestPaths {
  '/things': {
    get: { responses: { 200: { content: { 'application/json': { id: number }[] } } } };
    post: {
      requestBody: { content: { 'application/json': { name: string } } };
      responses: { 200: { content: { 'application/json': { id: number } } } };
    };
  };
}

describe('typed clients and their middleware', () => {
  let seen: Request[] = [];
  let reply: () => Response = () => json(200, []);
  const fakeFetch = async (request: Request) => {
    seen.push(request);
    return reply();
  };

  beforeEach(() => {
    seen = [];
    setRuntimeConfig({ environment: 'dev', hosts: { dev: { systems: 'http://svc.test/systems' } } });
  });
  afterEach(() => setRuntimeConfig({ environment: 'prod', hosts: {} }));

  it('sends the bearer token, and on JSON calls the JSON type and the username', async () => {
    signIn();
    const client = createServiceClient<TestPaths>('systems', { fetch: fakeFetch });
    reply = () => json(200, { id: 3 });
    await expect(callOrThrow(client.POST('/things', { body: { name: 'x' } }))).resolves.toEqual({ id: 3 });
    const request = seen[0];
    expect(request.url).toBe('http://svc.test/systems/v1/things');
    expect(request.headers.get('Authorization')).toBe('Bearer tok-1');
    expect(request.headers.get('Content-Type')).toBe('application/json');
    expect(request.headers.get('username')).toBe('mario.rossi');
  });

  it('an empty OK body does not break the typed call', async () => {
    signIn();
    const client = createServiceClient<TestPaths>('systems', { fetch: fakeFetch });
    reply = () => new Response('', { status: 200, headers: { 'Content-Type': 'application/json' } });
    await expect(callOrThrow(client.GET('/things'))).resolves.toBeNull();
  });

  it('without stored credentials logs the wrong-user message and forces the logout', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const client = createServiceClient<TestPaths>('systems', { fetch: fakeFetch });
    await expect(client.GET('/things')).rejects.toThrow('User or password wrong');
    expect(log).toHaveBeenCalledWith('User or password wrong');
    expect(browser.assign).toHaveBeenCalledWith('/logout?error=wronguser');
    expect(seen).toHaveLength(0);
  });

  it('public clients send no credentials', async () => {
    const client = createServiceClient<TestPaths>('systems', { fetch: fakeFetch, public: true });
    await callOrThrow(client.GET('/things'));
    expect(seen[0].headers.get('Authorization')).toBeNull();
  });

  it('callOrThrow rejects a 404 with status and message for react-admin', async () => {
    signIn();
    const client = createServiceClient<TestPaths>('systems', { fetch: fakeFetch });
    reply = () => json(404, { message: 'Impianto non trovato' });
    await expect(callOrThrow(client.GET('/things'))).rejects.toMatchObject({ status: 404, message: 'Impianto non trovato' });
  });

  it('a typed call that gets 401 clears the session and reloads', async () => {
    signIn();
    const client = createServiceClient<TestPaths>('systems', { fetch: fakeFetch });
    reply = () => json(401, { message: 'Token scaduto' });
    await expect(callOrThrow(client.GET('/things'))).rejects.toMatchObject({ status: 401 });
    expect(getAuthToken()).toBeNull();
    expect(browser.reload).toHaveBeenCalled();
  });
});

describe('blob downloads', () => {
  it('saves the file under the Content-Disposition name and revokes its URL after 40 s', async () => {
    vi.useFakeTimers();
    const created = vi.fn(() => 'blob:x');
    const revoked = vi.fn();
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: revoked });
    const response = new Response('xlsx', {
      headers: { 'Content-Disposition': 'attachment; filename="template_impianti.xlsx"' },
    });
    const name = await downloadBlob(Promise.resolve({ data: new Blob(['xlsx']), response }), 'file');
    expect(name).toBe('template_impianti.xlsx');
    expect(revoked).not.toHaveBeenCalled();
    vi.advanceTimersByTime(DOWNLOAD_URL_REVOKE_MS - 1);
    expect(revoked).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(revoked).toHaveBeenCalledWith('blob:x');
    vi.useRealTimers();
  });
});
