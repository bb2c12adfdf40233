import type { components } from '../../../src/api/generated/user';
import { clock } from '../../clock';
import type { Db } from '../../db';
import { HttpError } from '../../http';

/*
 * The saved list views of a user: kept in the user's preferences (`data.preference.views` of the
 * `users` row), so they follow the user to any browser. Each view has an id unique among the
 * user's own views; a name is unique within its list, ignoring case and surrounding spaces.
 */

export type SavedView = components['schemas']['SavedView'];
export type SavedViewInput = components['schemas']['SavedViewInput'];

/** The most views one list holds for one user. */
export const MAX_VIEWS_PER_LIST = 50;

const sameName = (a: string, b: string) => a.trim().toLocaleLowerCase('it') === b.trim().toLocaleLowerCase('it');

/** The view `input` makes among `views`, or the 409 that refuses it. */
export function addView(views: SavedView[], input: SavedViewInput, now: Date, lastId = 0): SavedView {
  const name = input.name.trim();
  const ofList = views.filter((v) => v.list === input.list);
  if (ofList.some((v) => sameName(v.name, name))) throw new HttpError(409, `Esiste già una vista «${name}» per questo elenco`);
  if (ofList.length >= MAX_VIEWS_PER_LIST) throw new HttpError(409, `Puoi salvare al massimo ${MAX_VIEWS_PER_LIST} viste per elenco: eliminane una`);
  return {
    // Never an id used before, even by a view since deleted.
    id: views.reduce((max, v) => Math.max(max, v.id), lastId) + 1,
    list: input.list,
    name,
    filter: input.filter ?? {},
    ...(input.sort ? { sort: input.sort } : {}),
    hiddenColumns: input.hiddenColumns ?? [],
    createdAt: now.toISOString(),
  };
}

/** The user's views as stored (an absent or malformed entry reads as none). */
function storedViews(value: unknown): SavedView[] {
  return Array.isArray(value) ? (value as SavedView[]) : [];
}

/** Reads the user's views under a row lock, lets `change` answer the new list, and writes it. */
async function changeViews<T>(
  db: Db,
  username: string,
  change: (views: SavedView[], lastId: number) => { views: SavedView[]; answer: T },
): Promise<T> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ views: unknown; last_id: unknown }>(
      `SELECT data->'preference'->'views' AS views, data->'preference'->'lastViewId' AS last_id FROM users WHERE username = $1 FOR UPDATE`,
      [username],
    );
    if (!rows[0]) throw new HttpError(401, 'Autenticazione richiesta o scaduta: accedi di nuovo');
    const stored = storedViews(rows[0].views);
    const lastId = Math.max(Number(rows[0].last_id) || 0, ...stored.map((v) => v.id));
    const { views, answer } = change(stored, lastId);
    await tx.query(
      `UPDATE users SET data = jsonb_set(data, '{preference}', COALESCE(data->'preference', '{}'::jsonb) || jsonb_build_object('views', $2::jsonb, 'lastViewId', $3::bigint)), updated_at = now() WHERE username = $1`,
      [username, JSON.stringify(views), Math.max(lastId, ...views.map((v) => v.id))],
    );
    return answer;
  });
}

export async function listViews(db: Db, username: string, list?: string): Promise<SavedView[]> {
  const { rows } = await db.query<{ views: unknown }>(`SELECT data->'preference'->'views' AS views FROM users WHERE username = $1`, [username]);
  const views = storedViews(rows[0]?.views);
  return list === undefined ? views : views.filter((v) => v.list === list);
}

export function createView(db: Db, username: string, input: SavedViewInput): Promise<SavedView> {
  return changeViews(db, username, (views, lastId) => {
    const view = addView(views, input, clock.now(), lastId);
    return { views: [...views, view], answer: view };
  });
}

export function deleteView(db: Db, username: string, id: number): Promise<SavedView> {
  return changeViews(db, username, (views) => {
    const view = views.find((v) => v.id === id);
    if (!view) throw new HttpError(404, 'Vista salvata non trovata');
    return { views: views.filter((v) => v !== view), answer: view };
  });
}
