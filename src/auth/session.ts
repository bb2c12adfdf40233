/**
 * The session items: auth (access token), refresh token, user, type (the role), group,
 * subscription and the check flag; a guest marker for tokenised links.
 *
 * A staff session lives in localStorage, shared by the browser's tabs. A guest session (a shared
 * link's viewer) lives in its own tab's sessionStorage: a staff member who opens a link from the
 * share panel gets a guest tab beside the staff tabs, and neither signs the other out.
 */
export const SESSION_KEYS = {
  auth: 'auth',
  refreshToken: 'refresh_token',
  user: 'user',
  type: 'type',
  group: 'group',
  subscription: 'subscription',
  check: 'check',
  guest: 'guest',
} as const;

export interface SessionUser {
  username: string;
  name?: string;
  surname?: string;
  id?: number;
  avatarId?: number | null;
  theme?: string;
}

const SESSION_ITEMS = Object.values(SESSION_KEYS);

/** This tab's own storage, when it can be had (private-mode quotas can refuse it). */
function tabStorage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** Whether this tab holds a guest session of its own. */
function tabIsGuest(): boolean {
  return tabStorage()?.getItem(SESSION_KEYS.guest) === 'true';
}

/** Where this tab's session lives: its own storage for a guest, the browser's for staff. */
const storage = (): Storage => (tabIsGuest() ? window.sessionStorage : window.localStorage);

export function getAuthToken(): string | null {
  return storage().getItem(SESSION_KEYS.auth);
}

export function getRefreshToken(): string | null {
  return storage().getItem(SESSION_KEYS.refreshToken);
}

export function getRole(): string | null {
  return storage().getItem(SESSION_KEYS.type);
}

export function getUser(): SessionUser | null {
  const raw = storage().getItem(SESSION_KEYS.user);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as SessionUser;
  } catch {
    return null;
  }
}

export function isGuest(): boolean {
  return storage().getItem(SESSION_KEYS.guest) === 'true';
}

export interface SessionItems {
  auth: string;
  refreshToken?: string;
  user: SessionUser;
  type: string;
  group: string;
  subscription?: unknown;
}

export function storeSession(items: SessionItems): void {
  const s = storage();
  s.setItem(SESSION_KEYS.auth, items.auth);
  if (items.refreshToken) s.setItem(SESSION_KEYS.refreshToken, items.refreshToken);
  s.setItem(SESSION_KEYS.user, JSON.stringify(items.user));
  s.setItem(SESSION_KEYS.type, items.type);
  s.setItem(SESSION_KEYS.group, items.group);
  s.setItem(SESSION_KEYS.subscription, JSON.stringify(items.subscription ?? null));
  s.setItem(SESSION_KEYS.check, 'true');
}

export function storeTokens(auth: string, refreshToken?: string): void {
  storage().setItem(SESSION_KEYS.auth, auth);
  if (refreshToken) storage().setItem(SESSION_KEYS.refreshToken, refreshToken);
}

/**
 * Guest login: a bearer token and a guest marker, in this tab's own storage, replacing
 * any guest session the tab held and leaving the browser's staff session alone. Where the tab's
 * storage is refused, the browser's is used, as a single-tab session.
 */
export function storeGuest(token: string): void {
  const tab = tabStorage();
  let s: Storage = window.localStorage;
  if (tab) {
    try {
      for (const key of SESSION_ITEMS) tab.removeItem(key);
      tab.setItem(SESSION_KEYS.guest, 'true');
      s = tab;
    } catch {
      // Quota refused: fall back to the browser's storage below.
    }
  }
  s.setItem(SESSION_KEYS.auth, token);
  s.setItem(SESSION_KEYS.guest, 'true');
}

/**
 * Sign-out or any 401 clears user, type, group, auth, subscription and check (and the
 * refresh token and guest marker) of this tab's session: a guest tab's own, or the staff one.
 */
export function clearSession(): void {
  const s = storage();
  for (const key of SESSION_ITEMS) s.removeItem(key);
}

/** The auth header helper needs user, type, auth and the check flag. */
export function hasCompleteCredentials(): boolean {
  const s = storage();
  return Boolean(
    s.getItem(SESSION_KEYS.user) && s.getItem(SESSION_KEYS.type) && s.getItem(SESSION_KEYS.auth) && s.getItem(SESSION_KEYS.check),
  );
}

/** Changes stored fields of the signed-in user (theme preference, avatar) without touching the rest. */
export function updateSessionUser(patch: Partial<SessionUser>): void {
  const user = getUser();
  if (!user) return;
  storage().setItem(SESSION_KEYS.user, JSON.stringify({ ...user, ...patch }));
}

/** Whether any session item is stored (a sign-out has something to clear). */
export function hasAnySessionItem(): boolean {
  const s = storage();
  return SESSION_ITEMS.some((key) => s.getItem(key) !== null);
}
