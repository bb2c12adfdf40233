import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser, callOrThrow, setTokenRefresher } from '@/api/http';
import { userApi } from '@/api/user';
import { AUTH_ERRORS, AuthError, authProvider, loginAsGuest, refreshSession, REVOKE_TIMEOUT_MS } from '@/auth/authProvider';
import {
  getAuthToken,
  getRefreshToken,
  getRole,
  getUser,
  isGuest,
  SESSION_KEYS,
  storeSession,
} from '@/auth/session';
import { sandboxHosts, setRuntimeConfig } from '@/config/environment';
import { documentHandlers, type Seen } from './support/documentMock';

const USER = 'http://user.test';
const BASIC = `Basic ${btoa('backoffice:backoffice-secret')}`;

const profile = (over: Record<string, unknown> = {}) => ({
  id: 5,
  name: 'Chiara',
  surname: 'Esposito',
  email: 'sales@ooh-demo.it',
  avatarId: null,
  principal: { username: 'sales', preference: { theme: 'dark' } },
  authorities: [{ authority: 'ROLE_SALES' }, { authority: 'ROLE_PLANNER' }],
  group: 'commerciali',
  subscription: { plan: 'enterprise', active: true },
  ...over,
});

const tokenRequests: { authorization: string | null; form: URLSearchParams; contentType: string | null }[] =
  [];
const profileTokens: (string | null)[] = [];
/** The revocations the service received: the form, and the access token still stored at that moment. */
const revocations: { authorization: string | null; form: URLSearchParams; storedAuth: string | null }[] = [];

const server = setupServer();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  setRuntimeConfig({ environment: 'dev', hosts: { dev: { user: USER } } });
  setTokenRefresher(refreshSession);
  tokenRequests.length = 0;
  profileTokens.length = 0;
  revocations.length = 0;
  vi.spyOn(browser, 'reload').mockImplementation(() => {});
  vi.spyOn(browser, 'assign').mockImplementation(() => {});
  server.use(
    http.post(`${USER}/oauth/token`, async ({ request }) => {
      const form = new URLSearchParams(await request.text());
      tokenRequests.push({
        authorization: request.headers.get('Authorization'),
        form,
        contentType: request.headers.get('Content-Type'),
      });
      if (request.headers.get('Authorization') !== BASIC)
        return HttpResponse.json({ message: 'client' }, { status: 401 });
      if (form.get('grant_type') === 'password') {
        if (form.get('password') !== 'demo')
          return HttpResponse.json({ message: 'Credenziali non valide' }, { status: 400 });
        return HttpResponse.json({
          token_type: 'bearer',
          access_token: 'access-1',
          refresh_token: 'refresh-1',
        });
      }
      if (form.get('grant_type') === 'refresh_token' && form.get('refresh_token') === 'refresh-1') {
        return HttpResponse.json({
          token_type: 'bearer',
          access_token: 'access-2',
          refresh_token: 'refresh-2',
        });
      }
      return HttpResponse.json({ message: 'Sessione scaduta' }, { status: 400 });
    }),
    http.get(`${USER}/user/profile`, ({ request }) => {
      profileTokens.push(request.headers.get('Authorization'));
      return HttpResponse.json(profile());
    }),
    http.post(`${USER}/oauth/revoke`, async ({ request }) => {
      revocations.push({
        authorization: request.headers.get('Authorization'),
        form: new URLSearchParams(await request.text()),
        storedAuth: getAuthToken(),
      });
      return new HttpResponse(null, { status: 200 });
    }),
  );
});
afterEach(() => server.resetHandlers());

describe('authProvider.login: sign-in and the session', () => {
  it('posts the password grant as a form with the fixed basic client authorization, then loads the profile with the new token', async () => {
    await authProvider.login({ username: 'sales', password: 'demo' });
    expect(tokenRequests).toHaveLength(1);
    expect(tokenRequests[0].authorization).toBe(BASIC);
    expect(tokenRequests[0].contentType).toContain('application/x-www-form-urlencoded');
    expect(Object.fromEntries(tokenRequests[0].form)).toEqual({
      grant_type: 'password',
      username: 'sales',
      password: 'demo',
    });
    expect(profileTokens).toEqual(['Bearer access-1']);
  });

  it('stores auth, refresh token, user, type (the first authority), group, subscription and the check flag', async () => {
    await authProvider.login({ username: 'sales', password: 'demo' });
    expect(getAuthToken()).toBe('access-1');
    expect(getRefreshToken()).toBe('refresh-1');
    expect(getUser()).toMatchObject({
      username: 'sales',
      name: 'Chiara',
      surname: 'Esposito',
      id: 5,
      theme: 'dark',
    });
    expect(getRole()).toBe('ROLE_SALES');
    expect(localStorage.getItem(SESSION_KEYS.group)).toBe('commerciali');
    expect(JSON.parse(localStorage.getItem(SESSION_KEYS.subscription)!)).toEqual({
      plan: 'enterprise',
      active: true,
    });
    expect(localStorage.getItem(SESSION_KEYS.check)).toBe('true');
  });

  it('defaults the role to ROLE_ADMIN when there is no authority, and the group to administrators', async () => {
    server.use(
      http.get(`${USER}/user/profile`, () =>
        HttpResponse.json(profile({ authorities: [], group: undefined })),
      ),
    );
    await authProvider.login({ username: 'sales', password: 'demo' });
    expect(getRole()).toBe('ROLE_ADMIN');
    expect(localStorage.getItem(SESSION_KEYS.group)).toBe('administrators');
  });

  it('redirects to the remembered location, else to the role home', async () => {
    await expect(
      authProvider.login({ username: 'sales', password: 'demo', from: '/campaigns/3' }),
    ).resolves.toEqual({
      redirectTo: '/campaigns/3',
    });
    await expect(authProvider.login({ username: 'sales', password: 'demo' })).resolves.toEqual({
      redirectTo: '/orders',
    });
  });

  it('wrong credentials (400) reject with the invalid-grant message and store nothing', async () => {
    await expect(authProvider.login({ username: 'sales', password: 'nope' })).rejects.toMatchObject({
      message: AUTH_ERRORS.invalidGrant,
    });
    expect(getAuthToken()).toBeNull();
    expect(profileTokens).toHaveLength(0);
  });

  it('a failed profile load after sign-in is logged and returned as an error, leaving no session', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.get(`${USER}/user/profile`, () => HttpResponse.json({ message: 'boom' }, { status: 500 })),
    );
    await expect(authProvider.login({ username: 'sales', password: 'demo' })).rejects.toMatchObject({
      message: AUTH_ERRORS.profile,
    });
    expect(log).toHaveBeenCalled();
    expect(getAuthToken()).toBeNull();
    expect(getUser()).toBeNull();
  });

  it('a slowed sign-in (429) rejects with the too-many message and the whole minutes of Retry-After', async () => {
    server.use(
      http.post(`${USER}/oauth/token`, () =>
        HttpResponse.json(
          { message: 'Troppi tentativi di accesso non riusciti: riprova tra 14 minuti', status: 429 },
          { status: 429, headers: { 'Retry-After': '801' } },
        ),
      ),
    );
    const failure = await authProvider.login({ username: 'sales', password: 'demo' }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(AuthError);
    expect(failure).toMatchObject({ message: AUTH_ERRORS.tooMany, status: 429, params: { smart_count: 14 } });
    expect(getAuthToken()).toBeNull();
  });

  it('an unreachable service rejects with the unreachable message', async () => {
    server.use(http.post(`${USER}/oauth/token`, () => HttpResponse.error()));
    await expect(authProvider.login({ username: 'sales', password: 'demo' })).rejects.toMatchObject({
      message: AUTH_ERRORS.unreachable,
    });
  });
});

describe('guest login', () => {
  it('stores the bearer token and the guest marker, then loads the profile with that token', async () => {
    server.use(
      http.get(`${USER}/user/profile`, ({ request }) => {
        profileTokens.push(request.headers.get('Authorization'));
        return HttpResponse.json(
          profile({
            id: undefined,
            principal: { username: 'guest' },
            authorities: [{ authority: 'ROLE_GUEST' }],
          }),
        );
      }),
    );
    await expect(loginAsGuest('guest-token')).resolves.toBe('ROLE_GUEST');
    expect(profileTokens).toEqual(['Bearer guest-token']);
    expect(getAuthToken()).toBe('guest-token');
    expect(isGuest()).toBe(true);
    expect(getRole()).toBe('ROLE_GUEST');
    expect(tokenRequests).toHaveLength(0);
  });

  it("keeps the guest session in the tab's own storage: a staff session of the browser stays signed in", async () => {
    storeSession({ auth: 'staff-token', refreshToken: 'staff-refresh', user: { username: 'sales' }, type: 'ROLE_SALES', group: 'g' });
    const staffItems = { ...localStorage };
    server.use(
      http.get(`${USER}/user/profile`, () =>
        HttpResponse.json(profile({ id: undefined, principal: { username: 'guest' }, authorities: [{ authority: 'ROLE_GUEST' }] })),
      ),
    );
    await expect(loginAsGuest('guest-token')).resolves.toBe('ROLE_GUEST');
    // This tab reads the guest; the browser's storage, which the staff tabs read, is untouched.
    expect([getAuthToken(), getRole(), isGuest()]).toEqual(['guest-token', 'ROLE_GUEST', true]);
    expect(sessionStorage.getItem(SESSION_KEYS.auth)).toBe('guest-token');
    expect({ ...localStorage }).toEqual(staffItems);
    // The guest tab's 401 clears its own session; the staff one is still there for the other tabs.
    await expect(authProvider.checkError({ status: 401 })).rejects.toBeDefined();
    expect(sessionStorage.getItem(SESSION_KEYS.auth)).toBeNull();
    expect({ ...localStorage }).toEqual(staffItems);
    expect([getAuthToken(), getRole(), isGuest()]).toEqual(['staff-token', 'ROLE_SALES', false]);
  });

  it('a second link opened in the same tab replaces the guest session it held', async () => {
    server.use(
      http.get(`${USER}/user/profile`, () =>
        HttpResponse.json(profile({ id: undefined, principal: { username: 'guest' }, authorities: [{ authority: 'ROLE_GUEST' }] })),
      ),
    );
    await loginAsGuest('first-token');
    await loginAsGuest('second-token');
    expect(getAuthToken()).toBe('second-token');
    expect(localStorage.getItem(SESSION_KEYS.auth)).toBeNull();
  });

  it('login({ guestToken }) sends a guest to the login page notice, whatever was remembered', async () => {
    server.use(
      http.get(`${USER}/user/profile`, () =>
        HttpResponse.json(profile({ authorities: [{ authority: 'ROLE_GUEST' }] })),
      ),
    );
    await expect(authProvider.login({ guestToken: 'g', from: '/orders' })).resolves.toEqual({
      redirectTo: '/login',
    });
  });
});

describe('sign-out and 401', () => {
  const signIn = () =>
    storeSession({
      auth: 'access-1',
      refreshToken: 'refresh-1',
      user: { username: 'sales' },
      type: 'ROLE_SALES',
      group: 'g',
    });

  it('logout clears user, type, group, auth, subscription and check, and reloads the page', async () => {
    signIn();
    await authProvider.logout({});
    for (const key of ['user', 'type', 'group', 'auth', 'subscription', 'check'] as const) {
      expect(localStorage.getItem(SESSION_KEYS[key])).toBeNull();
    }
    expect(browser.reload).toHaveBeenCalledOnce();
  });

  it('logout revokes the refresh token with the client authorization before it clears the session', async () => {
    signIn();
    await authProvider.logout({});
    expect(revocations).toHaveLength(1);
    expect(revocations[0].authorization).toBe(BASIC);
    expect(revocations[0].form.get('token')).toBe('refresh-1');
    expect(revocations[0].form.get('token_type_hint')).toBe('refresh_token');
    expect(revocations[0].storedAuth).toBe('access-1');
    expect(getAuthToken()).toBeNull();
  });

  it.each([
    ['answers 500', () => HttpResponse.json({ message: 'boom' }, { status: 500 })],
    ['is unreachable', () => HttpResponse.error()],
  ])('when the revocation %s, logout still clears the session and reloads', async (_, answer) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    server.use(http.post(`${USER}/oauth/revoke`, answer));
    signIn();
    await expect(authProvider.logout({})).resolves.toBe(false);
    expect(getAuthToken()).toBeNull();
    expect(getUser()).toBeNull();
    expect(browser.reload).toHaveBeenCalledOnce();
    expect(warn).toHaveBeenCalled();
  });

  it(`a revocation that does not answer holds logout no longer than ${REVOKE_TIMEOUT_MS} ms`, async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    let arrived!: () => void;
    const received = new Promise<void>((resolve) => (arrived = resolve));
    server.use(
      http.post(`${USER}/oauth/revoke`, () => {
        arrived();
        return new Promise<never>(() => {});
      }),
    );
    signIn();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const done = authProvider.logout({});
      await received;
      expect(getAuthToken()).toBe('access-1');
      await vi.advanceTimersByTimeAsync(REVOKE_TIMEOUT_MS);
      await expect(done).resolves.toBe(false);
    } finally {
      vi.useRealTimers();
    }
    expect(getAuthToken()).toBeNull();
    expect(browser.reload).toHaveBeenCalledOnce();
  });

  it('the revocation is the documented operation of the user service, called as the document says', async () => {
    const seen: Seen[] = [];
    const ORIGIN = 'http://docs.test';
    server.use(...(await documentHandlers(ORIGIN, ['user'], seen)));
    setRuntimeConfig({ environment: 'dev', hosts: { dev: sandboxHosts(ORIGIN) } });
    signIn();
    await authProvider.logout({});
    expect(seen.map((r) => [r.operationId, r.violations])).toEqual([['revokeToken', []]]);
    expect(getAuthToken()).toBeNull();
  });

  it('logout without a session does not reload (no loop on the login page)', async () => {
    await expect(authProvider.logout({})).resolves.toBe('/login');
    expect(browser.reload).not.toHaveBeenCalled();
  });

  it('checkError: a 401 clears the session and rejects; a 403 keeps the user signed in', async () => {
    signIn();
    await expect(authProvider.checkError({ status: 403 })).resolves.toBeUndefined();
    expect(getAuthToken()).toBe('access-1');
    await expect(authProvider.checkError({ status: 401 })).rejects.toBeInstanceOf(Error);
    expect(getAuthToken()).toBeNull();
  });

  it('checkAuth needs a stored user and role', async () => {
    await expect(authProvider.checkAuth({})).rejects.toBeInstanceOf(Error);
    signIn();
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
  });

  it('getIdentity gives the full name; getPermissions the role; canAccess follows the table', async () => {
    storeSession({
      auth: 'a',
      user: { username: 'admin', name: 'Marco', surname: 'Rossi', id: 1 },
      type: 'ROLE_ADMIN',
      group: 'g',
    });
    await expect(authProvider.getIdentity!()).resolves.toMatchObject({ id: 1, fullName: 'Marco Rossi' });
    await expect(authProvider.getPermissions!({})).resolves.toBe('ROLE_ADMIN');
    await expect(authProvider.canAccess!({ resource: 'users', action: 'list' })).resolves.toBe(true);
    storeSession({ auth: 'a', user: { username: 'sales' }, type: 'ROLE_SALES', group: 'g' });
    await expect(authProvider.canAccess!({ resource: 'users', action: 'list' })).resolves.toBe(false);
  });
});

describe('refresh once on an expired access token', () => {
  const signIn = () =>
    storeSession({
      auth: 'access-1',
      refreshToken: 'refresh-1',
      user: { username: 'sales' },
      type: 'ROLE_SALES',
      group: 'g',
    });

  it('a 401 triggers one refresh_token grant and replays the call with the new token', async () => {
    signIn();
    const seen: (string | null)[] = [];
    server.use(
      http.get(`${USER}/user/profile`, ({ request }) => {
        const auth = request.headers.get('Authorization');
        seen.push(auth);
        return auth === 'Bearer access-2'
          ? HttpResponse.json(profile())
          : HttpResponse.json({ message: 'scaduto' }, { status: 401 });
      }),
    );
    await expect(callOrThrow(userApi().GET('/user/profile'))).resolves.toMatchObject({ id: 5 });
    expect(seen).toEqual(['Bearer access-1', 'Bearer access-2']);
    expect(tokenRequests.map((r) => Object.fromEntries(r.form))).toEqual([
      { grant_type: 'refresh_token', refresh_token: 'refresh-1' },
    ]);
    expect(tokenRequests[0].authorization).toBe(BASIC);
    expect(getAuthToken()).toBe('access-2');
    expect(getRefreshToken()).toBe('refresh-2');
    expect(browser.reload).not.toHaveBeenCalled();
  });

  it('replays a JSON body too', async () => {
    signIn();
    const bodies: unknown[] = [];
    server.use(
      http.post(`${USER}/user/new-password`, async ({ request }) => {
        bodies.push(await request.json());
        return request.headers.get('Authorization') === 'Bearer access-2'
          ? HttpResponse.json({ message: 'ok' })
          : HttpResponse.json({ message: 'scaduto' }, { status: 401 });
      }),
    );
    const body = { oldPassword: 'demo', newPassword: 'nuova1', newPasswordConfirm: 'nuova1' };
    await expect(callOrThrow(userApi().POST('/user/new-password', { body }))).resolves.toEqual({
      message: 'ok',
    });
    expect(bodies).toEqual([body, body]);
  });

  it('when the refresh is refused, the 401 clears the session and reloads', async () => {
    storeSession({
      auth: 'access-1',
      refreshToken: 'revoked',
      user: { username: 'sales' },
      type: 'ROLE_SALES',
      group: 'g',
    });
    server.use(
      http.get(`${USER}/user/profile`, () => HttpResponse.json({ message: 'scaduto' }, { status: 401 })),
    );
    await expect(callOrThrow(userApi().GET('/user/profile'))).rejects.toMatchObject({ status: 401 });
    expect(tokenRequests).toHaveLength(1);
    expect(getAuthToken()).toBeNull();
    expect(browser.reload).toHaveBeenCalledOnce();
  });

  it('refreshes only once: a replay that answers 401 again gives up', async () => {
    signIn();
    let calls = 0;
    server.use(
      http.get(`${USER}/user/profile`, () => {
        calls += 1;
        return HttpResponse.json({ message: 'scaduto' }, { status: 401 });
      }),
    );
    await expect(callOrThrow(userApi().GET('/user/profile'))).rejects.toMatchObject({ status: 401 });
    expect(calls).toBe(2);
    expect(tokenRequests).toHaveLength(1);
    expect(browser.reload).toHaveBeenCalledOnce();
  });

  it('concurrent 401s share a single refresh', async () => {
    signIn();
    server.use(
      http.get(`${USER}/user/profile`, ({ request }) =>
        request.headers.get('Authorization') === 'Bearer access-2'
          ? HttpResponse.json(profile())
          : HttpResponse.json({ message: 'scaduto' }, { status: 401 }),
      ),
    );
    await Promise.all([1, 2, 3].map(() => callOrThrow(userApi().GET('/user/profile'))));
    expect(tokenRequests).toHaveLength(1);
  });

  it('without a refresh token there is no refresh', async () => {
    storeSession({ auth: 'access-1', user: { username: 'sales' }, type: 'ROLE_SALES', group: 'g' });
    server.use(
      http.get(`${USER}/user/profile`, () => HttpResponse.json({ message: 'scaduto' }, { status: 401 })),
    );
    await expect(callOrThrow(userApi().GET('/user/profile'))).rejects.toMatchObject({ status: 401 });
    expect(tokenRequests).toHaveLength(0);
  });
});
