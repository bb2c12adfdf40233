import type { DataProvider, Identifier, UpdateParams } from 'react-admin';

/*
 * No silent overwrites, on the app's side. Every record an edit form saves carries `lockVersion`
 * (the version its last write left); every `update` sends back the one the form read
 * (`previousData.lockVersion`, unless the form's data carries its own). A service refuses a stale
 * one with 409 naming who saved the record since and when: the refusal is told to the form that
 * made the save (`onStaleRefusal`), which keeps what the user typed and offers to reload and
 * compare. Once the user has seen the record as saved now, its version is the one the next save
 * sends (`acceptLockVersion`), so that saving again keeps the user's values knowingly.
 */

export const LOCK_VERSION = 'lockVersion';

/** What a refused stale save says: the service's message, who saved the record since and when. */
export interface StaleRefusal {
  resource: string;
  id: Identifier;
  message: string;
  modifiedBy: string | null;
  modifiedAt: string | null;
  lockVersion: number;
}

type Listener = (refusal: StaleRefusal) => void;
const listeners = new Set<Listener>();
type SavedListener = (saved: { resource: string; id: Identifier }) => void;
const savedListeners = new Set<SavedListener>();
const accepted = new Map<string, number>();
const keyOf = (resource: string, id: Identifier) => `${resource}\u0000${String(id)}`;

/** Calls `listener` on every refused stale save; the returned function stops it. */
export function onStaleRefusal(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Calls `listener` on every update that succeeds (a refusal shown for the record is then over). */
export function onSaved(listener: SavedListener): () => void {
  savedListeners.add(listener);
  return () => {
    savedListeners.delete(listener);
  };
}

/** The next save of the record sends `version`: the user has seen the record as saved now. */
export function acceptLockVersion(resource: string, id: Identifier, version: number): void {
  accepted.set(keyOf(resource, id), version);
}

const numberOf = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/** The refusal a failure is, when it is a stale save's 409 (its body names the record's version now). */
export function staleRefusalOf(error: unknown): Omit<StaleRefusal, 'resource' | 'id'> | undefined {
  if (!error || typeof error !== 'object' || Reflect.get(error, 'status') !== 409) return undefined;
  const body: unknown = Reflect.get(error, 'body');
  if (!body || typeof body !== 'object') return undefined;
  const lockVersion = numberOf(Reflect.get(body, LOCK_VERSION));
  if (lockVersion === undefined || !('modifiedAt' in body)) return undefined;
  const text = (key: string) => {
    const value: unknown = Reflect.get(body, key);
    return typeof value === 'string' ? value : null;
  };
  const message = text('message') ?? (error instanceof Error ? error.message : '');
  return { message, modifiedBy: text('modifiedBy'), modifiedAt: text('modifiedAt'), lockVersion };
}

/** The version an update sends: the one the user accepted after a refusal, the form's, or the one read. */
export function lockVersionFor(resource: string, params: Pick<UpdateParams, 'id' | 'data' | 'previousData'>): number | undefined {
  const data: unknown = params.data;
  const previous: unknown = params.previousData;
  return (
    accepted.get(keyOf(resource, params.id)) ??
    numberOf(data && typeof data === 'object' ? Reflect.get(data, LOCK_VERSION) : undefined) ??
    numberOf(previous && typeof previous === 'object' ? Reflect.get(previous, LOCK_VERSION) : undefined)
  );
}

/** The data provider whose every `update` sends the version it read, and tells a stale refusal to the forms. */
export function withLockVersions<T extends DataProvider>(provider: T): T {
  const update: DataProvider['update'] = async (resource, params) => {
    const version = lockVersionFor(resource, params);
    const data = version === undefined ? params.data : { ...params.data, [LOCK_VERSION]: version };
    try {
      const result = await provider.update(resource, { ...params, data });
      accepted.delete(keyOf(resource, params.id));
      for (const listener of [...savedListeners]) listener({ resource, id: params.id });
      return result;
    } catch (error) {
      const refusal = staleRefusalOf(error);
      if (refusal) for (const listener of [...listeners]) listener({ ...refusal, resource, id: params.id });
      throw error;
    }
  };
  return new Proxy(provider, {
    get(target, property, receiver) {
      return property === 'update' ? update : Reflect.get(target, property, receiver);
    },
  });
}
