import type { AuthProvider, UserIdentity } from 'react-admin';
import { ApiError, browser, handleUnauthorized, setTokenRefresher } from '@/api/http';
import { revokeRefreshToken, userPublicApi } from '@/api/user';
import type { SchemaTokenResponse, SchemaUserProfile } from '@/api/generated/user';
import { DEFAULT_GROUP, DEFAULT_ROLE, OAUTH_CLIENT_AUTHORIZATION } from '@/config/constants';
import { afterLoginPath, canAccessResource } from './permissions';
import { avatarUrl } from './avatar';
import {
  clearSession,
  getRefreshToken,
  getRole,
  getUser,
  hasAnySessionItem,
  storeGuest,
  storeSession,
  storeTokens,
  type SessionUser,
} from './session';
import { forgetColumnChoices } from '@/ui/listViews/columnStore';

/** A sign-in failure; `message` is an i18n key under app.auth.errors, `params` its placeholders. */
export class AuthError extends Error {
  readonly status?: number;
  readonly params?: Record<string, unknown>;
  constructor(
    message: string,
    status?: number,
    options?: { cause?: unknown; params?: Record<string, unknown> },
  ) {
    super(message, options);
    this.name = 'AuthError';
    this.status = status;
    this.params = options?.params;
  }
}

export const AUTH_ERRORS = {
  invalidGrant: 'app.auth.errors.invalid_grant',
  client: 'app.auth.errors.client',
  unreachable: 'app.auth.errors.unreachable',
  server: 'app.auth.errors.server',
  profile: 'app.auth.errors.profile',
  tooMany: 'app.auth.errors.too_many',
} as const;

/** The whole minutes of a `Retry-After` in seconds (at least one). */
function retryMinutes(retryAfter: string | null): number {
  const seconds = Number(retryAfter);
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds / 60) : 1;
}

const formBody = (body: Record<string, string>) => new URLSearchParams(body).toString();

const clientHeaders = () => ({
  Authorization: `Basic ${btoa(OAUTH_CLIENT_AUTHORIZATION)}`,
  'Content-Type': 'application/x-www-form-urlencoded',
});

type Grant =
  | { grant_type: 'password'; username: string; password: string }
  | { grant_type: 'refresh_token'; refresh_token: string };

/** POST /oauth/token with the fixed basic client authorization. */
async function requestTokens(grant: Grant): Promise<SchemaTokenResponse> {
  let result;
  try {
    result = await userPublicApi().POST('/oauth/token', {
      body: grant,
      bodySerializer: formBody,
      headers: clientHeaders(),
    });
  } catch (error) {
    throw new AuthError(AUTH_ERRORS.unreachable, undefined, { cause: error });
  }
  const { data, response } = result;
  if (response.ok && data?.access_token) return data;
  if (response.status === 400) throw new AuthError(AUTH_ERRORS.invalidGrant, 400);
  if (response.status === 401) throw new AuthError(AUTH_ERRORS.client, 401);
  if (response.status === 429) {
    const minutes = retryMinutes(response.headers.get('Retry-After'));
    throw new AuthError(AUTH_ERRORS.tooMany, 429, { params: { smart_count: minutes } });
  }
  throw new AuthError(AUTH_ERRORS.server, response.status);
}

/** GET /user/profile with the given bearer token (the session is not complete yet). */
async function fetchProfile(accessToken: string): Promise<SchemaUserProfile> {
  const { data, error, response } = await userPublicApi().GET('/user/profile', {
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  if (!response.ok || !data) {
    throw new ApiError(
      response.status,
      `GET /user/profile: ${response.status} ${response.statusText}`,
      error,
    );
  }
  return data;
}

/** The role is the first authority, ROLE_ADMIN when there is none; the group defaults to administrators. */
export function roleOf(profile: Pick<SchemaUserProfile, 'authorities'>): string {
  return profile.authorities?.[0]?.authority ?? DEFAULT_ROLE;
}

function sessionUserOf(profile: SchemaUserProfile): SessionUser {
  return {
    username: profile.principal.username,
    name: profile.name,
    surname: profile.surname,
    id: profile.id,
    avatarId: profile.avatarId ?? null,
    theme: profile.principal.preference?.theme,
  };
}

/** Loads the profile and stores the session items; a failure is logged and returned as an error. */
async function loadProfileIntoSession(accessToken: string, refreshToken?: string): Promise<string> {
  let profile: SchemaUserProfile;
  try {
    profile = await fetchProfile(accessToken);
  } catch (error) {
    console.error('Caricamento del profilo dopo l’accesso non riuscito', error);
    clearSession();
    throw new AuthError(AUTH_ERRORS.profile, error instanceof ApiError ? error.status : undefined, {
      cause: error,
    });
  }
  const role = roleOf(profile);
  storeSession({
    auth: accessToken,
    refreshToken,
    user: sessionUserOf(profile),
    type: role,
    group: profile.group ?? DEFAULT_GROUP,
    subscription: profile.subscription,
  });
  return role;
}

/** Sign-in with username and password: /oauth/token, then /user/profile. */
export async function signIn(username: string, password: string): Promise<string> {
  clearSession();
  const tokens = await requestTokens({ grant_type: 'password', username, password });
  storeTokens(tokens.access_token, tokens.refresh_token);
  return loadProfileIntoSession(tokens.access_token, tokens.refresh_token);
}

/**
 * Guest login for a tokenised link: stores the bearer token and the guest marker, then
 * loads the profile. The shared-resource viewer calls it with the share service's guest token.
 * The guest session is the tab's own (session.ts): a staff session in other tabs stays signed in.
 */
export async function loginAsGuest(accessToken: string): Promise<string> {
  storeGuest(accessToken);
  return loadProfileIntoSession(accessToken);
}

/** The refresh-token grant: stores and returns the new access token, or null when refused. */
export async function refreshSession(): Promise<string | null> {
  const refreshToken = getRefreshToken();
  if (!refreshToken) return null;
  try {
    const tokens = await requestTokens({ grant_type: 'refresh_token', refresh_token: refreshToken });
    storeTokens(tokens.access_token, tokens.refresh_token);
    return tokens.access_token;
  } catch {
    return null;
  }
}

setTokenRefresher(refreshSession);

/** How long sign-out waits for the service to revoke the session before it signs out anyway. */
export const REVOKE_TIMEOUT_MS = 3000;

/**
 * Ends the stored session on the server: its refresh token is revoked, and its access token with
 * it. A failure (or no answer within REVOKE_TIMEOUT_MS) is logged and does not stop the sign-out.
 */
async function revokeStoredSession(): Promise<void> {
  const refreshToken = getRefreshToken();
  if (!refreshToken) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`nessuna risposta entro ${REVOKE_TIMEOUT_MS} ms`)), REVOKE_TIMEOUT_MS);
  });
  try {
    await Promise.race([revokeRefreshToken(refreshToken), late]);
  } catch (error) {
    console.warn('Revoca della sessione sul servizio utenti non riuscita: la sessione locale si chiude comunque', error);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Sign-out ends the session on the server, then clears user, type, group, auth,
 * subscription and check and reloads the page. Reloads only when something was stored, so a page
 * that signs out on load does not loop.
 */
export async function signOut(): Promise<boolean> {
  const hadSession = hasAnySessionItem();
  await revokeStoredSession();
  clearSession();
  try {
    forgetColumnChoices(window.localStorage);
  } catch {
    // No storage to clean (a browser that refuses it): nothing was kept either.
  }
  if (hadSession) browser.reload();
  return hadSession;
}

export function isSignedIn(): boolean {
  return Boolean(getUser() && getRole());
}

export interface LoginParams {
  username?: string;
  password?: string;
  /** A guest access token from the share service (instead of username and password). */
  guestToken?: string;
  /** The remembered location to go back to after sign-in. */
  from?: string | null;
}

export const authProvider: AuthProvider = {
  async login(params: LoginParams) {
    const role = params.guestToken
      ? await loginAsGuest(params.guestToken)
      : await signIn(params.username ?? '', params.password ?? '');
    return { redirectTo: afterLoginPath(role, params.from) };
  },

  async logout() {
    return (await signOut()) ? false : '/login';
  },

  async checkAuth() {
    if (!isSignedIn()) throw new Error('ra.auth.auth_check_error');
  },

  async checkError(error: { status?: number } | undefined) {
    if (error?.status === 401) {
      handleUnauthorized();
      throw new Error('ra.notification.logged_out');
    }
    // 403 and the rest are the screen's business: the user stays signed in.
  },

  async getIdentity(): Promise<UserIdentity> {
    const user = getUser();
    if (!user) throw new Error('ra.auth.auth_check_error');
    const fullName = [user.name, user.surname].filter(Boolean).join(' ').trim() || user.username;
    const avatar = user.avatarId ? await avatarUrl(user.avatarId).catch(() => undefined) : undefined;
    return { id: user.id ?? user.username, fullName, avatar, username: user.username };
  },

  async getPermissions() {
    return getRole();
  },

  async canAccess({ resource, action }) {
    return canAccessResource(getRole(), resource, action);
  },
};
