import type { components } from '../../src/api/generated/planner';
import type { Db } from '../db';
import { insertRecord } from '../store';
import { nowIso, today } from './values';

/**
 * The in-app notices (the inbox of each user): what happened to them (a face freed, an offer accepted)
 * and what is due (an option or a permit about to end, a late work order). Events add theirs as they
 * happen; what is due is found by the sweeps, run when the inbox is read.
 */

export const NOTIFICATIONS = 'notifications';
export type NoticeKind = components['schemas']['Notification']['kind'];

export interface Notice {
  username: string;
  kind: NoticeKind;
  /** Italian text. */
  message: string;
  /** The app route that shows it. */
  link: string;
  /** With a key, one notice per user and key: a sweep run again adds nothing. */
  key?: string;
}

export async function notify(db: Db, notice: Notice): Promise<void> {
  const { key, ...rest } = notice;
  if (key) {
    const { rows } = await db.query(
      `SELECT 1 FROM records WHERE collection = $1 AND data->>'username' = $2 AND data->>'key' = $3 LIMIT 1`,
      [NOTIFICATIONS, notice.username, key],
    );
    if (rows.length) return;
  }
  await insertRecord(db, NOTIFICATIONS, { ...rest, ...(key ? { key } : {}), createdAt: nowIso(), readAt: null });
}

/** The usernames of the active users with one of `roles` (ROLE_… names). */
export async function usernamesWithRoles(db: Db, roles: readonly string[]): Promise<string[]> {
  const { rows } = await db.query<{ username: string }>(
    'SELECT username FROM users WHERE role = ANY($1::text[]) AND enabled ORDER BY username',
    [roles],
  );
  return rows.map((r) => r.username);
}

/** The usernames of the active users of these ids (the `salesId` of orders and estimates). */
export async function usernamesByIds(db: Db, ids: number[]): Promise<string[]> {
  if (!ids.length) return [];
  const { rows } = await db.query<{ username: string }>('SELECT username FROM users WHERE id = ANY($1::bigint[]) AND enabled ORDER BY username', [ids]);
  return rows.map((r) => r.username);
}

/** A sweep finds what is due on `day` (the sandbox clock's today) and notifies; run again, it adds nothing new. */
export type Sweep = (db: Db, day: string) => Promise<void>;
const sweeps = new Map<string, Sweep>();
/** Moved by every registration, so that a sweep registered later runs at the next read. */
let registrations = 0;

/** Registers a sweep under a name (registering the name again replaces it). */
export function registerSweep(name: string, sweep: Sweep): void {
  sweeps.set(name, sweep);
  registrations += 1;
}

/**
 * Per database (tests open several), the day, the sweeps and the version of the data the sweeps
 * last ran on, as they left it.
 */
const swept = new WeakMap<Db, string>();

/**
 * The version of what a sweep reads: every insert, update and delete of the records and of the
 * users moves `record_version_seq` (migrations 093 and 097), every write of the systems moves
 * `systems_version`.
 */
async function sweptState(db: Db, day: string): Promise<string> {
  const { rows } = await db.query<{ v: string }>(
    `SELECT (SELECT last_value::text || is_called::text FROM record_version_seq) || '.' || (SELECT version FROM systems_version)::text AS v`,
  );
  return `${day} ${registrations} ${rows[0]?.v ?? ''}`;
}

/**
 * Runs every registered sweep for today, in the order registered. A sweep run again on the same
 * day and data adds nothing, so the run is skipped while nothing was written since the last one
 * (reading the inbox costs one query, not every sweep's).
 */
export async function runSweeps(db: Db): Promise<void> {
  const day = today();
  if (swept.get(db) === (await sweptState(db, day))) return;
  for (const sweep of sweeps.values()) await sweep(db, day);
  swept.set(db, await sweptState(db, day));
}
