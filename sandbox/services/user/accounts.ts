import { createHash, randomBytes } from 'node:crypto';
import type { components } from '../../../src/api/generated/user';
import { hashPassword, verifyPassword } from '../../auth';
import type { Db } from '../../db';
import { HttpError } from '../../http';

/* The user service's accounts: rows of the core table `users`, their profile data and the hashed single-use tokens of user_tokens. */

export type User = components['schemas']['User'];
type Role = components['schemas']['Role'];

export const DEFAULT_SUBSCRIPTION = { plan: 'enterprise', active: true, expiresAt: null };

export interface UserData {
  name?: string;
  surname?: string;
  email?: string;
  group?: string;
  preference?: { theme?: string };
  avatarId?: number | null;
  subscription?: { plan: string; active: boolean; expiresAt?: string | null };
  companyName?: string;
  /** A self registration not yet confirmed. */
  pendingConfirmation?: boolean;
}

export interface UserRow {
  id: string;
  username: string;
  password_hash: string;
  role: string;
  data: UserData;
  enabled: boolean;
  created_at: Date | string;
  /** The version the row's last write left (migration 093). */
  version: string | number;
}

export const COLUMNS = 'id, username, password_hash, role, data, enabled, created_at, version';

export async function userByName(db: Db, username: string): Promise<UserRow | undefined> {
  return (await db.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE username = $1`, [username])).rows[0];
}

export async function userById(db: Db, id: number): Promise<UserRow | undefined> {
  return (await db.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE id = $1`, [id])).rows[0];
}

export async function requireUserById(db: Db, id: number): Promise<UserRow> {
  const row = await userById(db, id);
  if (!row) throw new HttpError(404, 'Utente non trovato');
  return row;
}

export async function emailTaken(db: Db, email: string, exceptId = 0): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 FROM users WHERE lower(data->>'email') = lower($1) AND id <> $2`, [email, exceptId]);
  return rows.length > 0;
}

export function toUser(row: UserRow): User {
  return {
    id: Number(row.id),
    username: row.username,
    name: row.data.name ?? '',
    surname: row.data.surname ?? '',
    email: row.data.email ?? '',
    role: row.role as Role,
    group: row.data.group ?? 'administrators',
    enabled: row.enabled,
    avatarId: row.data.avatarId ?? null,
    createdAt: new Date(row.created_at).toISOString(),
    lockVersion: Number(row.version),
  };
}

export const themeOf = (data: UserData) => (data.preference?.theme === 'dark' ? 'dark' : 'classic');

export const isUniqueViolation = (error: unknown) => Boolean(error && typeof error === 'object' && (error as { code?: unknown }).code === '23505');

/* ---------- single-use tokens ---------- */

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export async function createUserToken(db: Db, purpose: 'password-reset' | 'signup-confirmation', username: string, ttlSeconds: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.query(
    `INSERT INTO user_tokens (token_hash, purpose, username, expires_at) VALUES ($1, $2, $3, now() + make_interval(secs => $4))`,
    [sha256(token), purpose, username, ttlSeconds],
  );
  return token;
}

/* ---------- sign-in ---------- */

let dummyHash: Promise<string> | undefined;
/** Checks a password even for an unknown user, so the answer time does not tell which usernames exist. */
export async function checkPassword(row: UserRow | undefined, password: string): Promise<boolean> {
  if (!row) {
    dummyHash ??= hashPassword(randomBytes(12).toString('hex'));
    await verifyPassword(password, await dummyHash);
    return false;
  }
  return verifyPassword(password, row.password_hash);
}
