import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import type { Db } from './db';
import type { Principal } from './http';

const scrypt = promisify(scryptCb) as (password: string, salt: Buffer, keylen: number, options: { N: number }) => Promise<Buffer>;

/** Access tokens are short-lived, refresh tokens longer (seconds; overridable for tests). */
export const TOKEN_LIFETIMES = {
  access: Number(process.env.SANDBOX_ACCESS_TTL ?? 15 * 60),
  refresh: Number(process.env.SANDBOX_REFRESH_TTL ?? 8 * 60 * 60),
  guest: Number(process.env.SANDBOX_GUEST_TTL ?? 60 * 60),
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

export async function issueTokens(
  db: Db,
  username: string,
  kind: 'user' | 'guest' = 'user',
  data: Record<string, unknown> = {},
): Promise<IssuedTokens> {
  const access = token();
  const refresh = token();
  const accessTtl = kind === 'guest' ? TOKEN_LIFETIMES.guest : TOKEN_LIFETIMES.access;
  await db.query(
    `INSERT INTO sessions (access_token, refresh_token, username, kind, access_expires_at, refresh_expires_at, data)
     VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5), now() + make_interval(secs => $6), $7)`,
    [access, refresh, username, kind, accessTtl, kind === 'guest' ? accessTtl : TOKEN_LIFETIMES.refresh, JSON.stringify(data)],
  );
  return { token_type: 'bearer', access_token: access, refresh_token: refresh, expires_in: accessTtl };
}

/** Exchanges a valid refresh token for new tokens; the old pair is revoked. */
export async function refreshTokens(db: Db, refreshToken: string): Promise<IssuedTokens | null> {
  const { rows } = await db.query<{ username: string; kind: 'user' | 'guest'; data: Record<string, unknown> }>(
    `UPDATE sessions SET revoked = true
      WHERE refresh_token = $1 AND NOT revoked AND refresh_expires_at > now()
      RETURNING username, kind, data`,
    [refreshToken],
  );
  if (!rows[0]) return null;
  return issueTokens(db, rows[0].username, rows[0].kind, rows[0].data);
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
      WHERE s.access_token = $1 AND NOT s.revoked AND s.access_expires_at > now()`,
    [match[1]],
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
