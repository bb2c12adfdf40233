import type { Db } from '../db';
import { ROLE_LABELS } from '../../src/i18n/it/roles';

/*
 * People as the screens name them: "Name Surname", never the username; a role by its Italian label.
 * One read of the users for a whole list.
 */

const full = (d: { name?: unknown; surname?: unknown } | undefined) =>
  [d?.name, d?.surname].filter((v): v is string => typeof v === 'string' && Boolean(v.trim())).map((v) => v.trim()).join(' ');

/** username → full name, for the usernames asked (a username with no name is left out). */
export async function fullNames(db: Db, usernames: Iterable<string>): Promise<Map<string, string>> {
  const wanted = [...new Set(usernames)].filter(Boolean);
  if (!wanted.length) return new Map();
  const { rows } = await db.query<{ username: string; data: { name?: unknown; surname?: unknown } }>(
    'SELECT username, data FROM users WHERE username = ANY($1::text[])',
    [wanted],
  );
  return new Map(rows.map((r) => [r.username, full(r.data)] as const).filter(([, name]) => Boolean(name)));
}

/** user id → full name. */
export async function fullNameById(db: Db, id: number): Promise<string | undefined> {
  const { rows } = await db.query<{ data: { name?: unknown; surname?: unknown } }>('SELECT data FROM users WHERE id = $1', [id]);
  return full(rows[0]?.data) || undefined;
}

export const roleLabel = (role: string) => (ROLE_LABELS as Record<string, string>)[role] ?? role;
