import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { clock } from './clock';
import type { Db } from './db';
import type { Principal } from './http';

const scrypt = promisify(scryptCb) as (password: string, salt: Buffer, keylen: number, options: { N: number }) => Promise<Buffer>;

/**
 * Lifetimes in seconds (each overridable by its environment variable): access tokens are
 * short-lived, refresh tokens longer; `session` is the absolute lifetime of a sign-in, which no
 * refresh extends.
 */
export const TOKEN_LIFETIMES = {
  access: Number(process.env.SANDBOX_ACCESS_TTL ?? 15 * 60),
  refresh: Number(process.env.SANDBOX_REFRESH_TTL ?? 8 * 60 * 60),
  guest: Number(process.env.SANDBOX_GUEST_TTL ?? 60 * 60),
  session: Number(process.env.SANDBOX_SESSION_MAX_AGE ?? 12 * 60 * 60),
};

/** The fixed basic client authorization of `/oauth/token`. */
export const OAUTH_CLIENT = { id: 'backoffice', secret: 'backoffice-secret' };

const SCRYPT_N = 16384;

/** A slow, salted hash (scrypt): `scrypt$N$salt$hash`. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, 32, { N: SCRYPT_N });
  return `scrypt$${SCRYPT_N}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, { N: Number(n) });
  return timingSafeEqual(actual, expected);
}

const token = () => randomBytes(24).toString('base64url');

export interface IssuedTokens {
  token_type: 'bearer';
  access_token: string;
  refresh_token: string;
  expires_in: number;
}

/**
 * A new token pair. `signedInAt` is the sign-in the session counts from (now for a sign-in, the
 * original one for a refresh): neither token outlives it by more than the session's lifetime.
 */
export async function issueTokens(
  db: Db,
  username: string,
  kind: 'user' | 'guest' = 'user',
  data: Record<string, unknown> = {},
  signedInAt: Date = clock.now(),
): Promise<IssuedTokens> {
  const access = token();
  const refresh = token();
  const now = clock.now();
  const end = signedInAt.getTime() + TOKEN_LIFETIMES.session * 1000;
  const until = (seconds: number) => new Date(Math.min(now.getTime() + seconds * 1000, end));
  const accessExpires = until(kind === 'guest' ? TOKEN_LIFETIMES.guest : TOKEN_LIFETIMES.access);
  const refreshExpires = kind === 'guest' ? accessExpires : until(TOKEN_LIFETIMES.refresh);
  await db.query(
    `INSERT INTO sessions (access_token, refresh_token, username, kind, access_expires_at, refresh_expires_at, data, signed_in_at, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [access, refresh, username, kind, accessExpires.toISOString(), refreshExpires.toISOString(), JSON.stringify(data), signedInAt.toISOString(), now.toISOString()],
  );
  const expiresIn = Math.max(0, Math.round((accessExpires.getTime() - now.getTime()) / 1000));
  return { token_type: 'bearer', access_token: access, refresh_token: refresh, expires_in: expiresIn };
}

/**
 * Exchanges a valid refresh token for new tokens; the old pair is revoked. The new pair keeps the
 * original sign-in time: past the session's absolute lifetime there is nothing to refresh.
 */
export async function refreshTokens(db: Db, refreshToken: string): Promise<IssuedTokens | null> {
  const now = clock.now().toISOString();
  const { rows } = await db.query<{ username: string; kind: 'user' | 'guest'; data: Record<string, unknown>; signed_in_at: Date | string }>(
    `UPDATE sessions SET revoked = true
      WHERE refresh_token = $1 AND NOT revoked AND refresh_expires_at > $2::timestamptz
        AND signed_in_at + make_interval(secs => $3) > $2::timestamptz
      RETURNING username, kind, data, signed_in_at`,
    [refreshToken, now, TOKEN_LIFETIMES.session],
  );
  if (!rows[0]) return null;
  return issueTokens(db, rows[0].username, rows[0].kind, rows[0].data, new Date(rows[0].signed_in_at));
}

/**
 * Token revocation (RFC 7009): the session holding `token`, as its refresh or its access token,
 * ends; both of its tokens stop working. An unknown, expired or already revoked token changes
 * nothing. Answers whether a session ended.
 */
export async function revokeToken(db: Db, token: string): Promise<boolean> {
  const { rows } = await db.query(
    'UPDATE sessions SET revoked = true WHERE (refresh_token = $1 OR access_token = $1) AND NOT revoked RETURNING 1',
    [token],
  );
  return rows.length > 0;
}

export async function revokeUserSessions(db: Db, username: string): Promise<number> {
  const { rows } = await db.query('UPDATE sessions SET revoked = true WHERE username = $1 AND NOT revoked RETURNING 1', [username]);
  return rows.length;
}

/** The principal behind a `Bearer` header, or undefined when missing, unknown, revoked or expired. */
export async function authenticate(db: Db, authorization: string | undefined): Promise<Principal | undefined> {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  if (!match) return undefined;
  const { rows } = await db.query<{ username: string; kind: 'user' | 'guest'; data: Record<string, unknown>; role: string | null; enabled: boolean | null }>(
    `SELECT s.username, s.kind, s.data, u.role, u.enabled
       FROM sessions s LEFT JOIN users u ON u.username = s.username
      WHERE s.access_token = $1 AND NOT s.revoked AND s.access_expires_at > $2::timestamptz`,
    [match[1], clock.now().toISOString()],
  );
  const row = rows[0];
  if (!row) return undefined;
  if (row.kind === 'guest') {
    const resource = row.data.resource as Principal['resource'];
    return { username: row.username, role: 'ROLE_GUEST', kind: 'guest', resource, accessToken: match[1] };
  }
  if (!row.role || row.enabled === false) return undefined;
  return { username: row.username, role: row.role, kind: 'user', accessToken: match[1] };
}

/** Basic client authorization of the token endpoint. */
export function isOAuthClient(authorization: string | undefined): boolean {
  const match = /^Basic\s+(\S+)$/i.exec(authorization ?? '');
  if (!match) return false;
  // RFC 7617: the id ends at the first colon and the secret is all the rest, compared whole
  // (`backoffice:backoffice-secret:anything` is another secret) and in constant time.
  const credentials = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = credentials.indexOf(':');
  if (colon < 0) return false;
  return sameText(credentials.slice(0, colon), OAUTH_CLIENT.id) && sameText(credentials.slice(colon + 1), OAUTH_CLIENT.secret);
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}
