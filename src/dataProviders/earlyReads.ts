import type { DataProvider } from 'react-admin';

/**
 * Reads asked for before the screen that needs them has rendered: a list's first page, sent as the
 * page's code is still arriving (a full load) or as the router moves to it, instead of after the
 * whole screen has rendered and react-query has asked. When the screen then asks for the same
 * thing (the same method, resource and parameters), it gets the answer already on its way; any
 * other call goes to the service as before. An early answer is used once, and only within
 * `EARLY_READ_MS` of being asked for, so that a screen never shows rows older than that.
 */
export const EARLY_READ_MS = 10_000;

/** The read methods a screen may ask for early. */
export type EarlyMethod = 'getList' | 'getAvailability';
const EARLY_METHODS: readonly string[] = ['getList', 'getAvailability'] satisfies EarlyMethod[];

const early = new Map<string, { at: number; result: Promise<unknown>; taken: boolean }>();

/** JSON with the keys of every object sorted, and without the abort signal react-query adds. */
function stable(value: unknown): string {
  return JSON.stringify(value, (key, v: unknown) => {
    if (key === 'signal') return undefined;
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      // A plain comparison: localeCompare's first call sets up a collator, some 10 ms on a full load.
      return Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    }
    return v;
  });
}

const keyOf = (method: string, resource: string, params: unknown) => `${method} ${resource} ${stable(params)}`;

const fresh = (entry: { at: number }) => Date.now() - entry.at <= EARLY_READ_MS;

function take(key: string): Promise<unknown> | undefined {
  const hit = early.get(key);
  if (!hit || hit.taken || !fresh(hit)) return undefined;
  hit.taken = true;
  return hit.result;
}

/** The data provider whose list reads first look for an answer asked for early. */
export function withEarlyReads<T extends DataProvider>(provider: T): T {
  return new Proxy(provider, {
    get(target, property, receiver) {
      const method: unknown = Reflect.get(target, property, receiver);
      if (typeof property !== 'string' || !EARLY_METHODS.includes(property) || typeof method !== 'function') return method;
      return (resource: string, params: unknown) =>
        take(keyOf(property, resource, params)) ?? Reflect.apply(method, target, [resource, params]);
    },
  });
}

/**
 * Asks for `method(resource, params)` now, for a screen about to ask for the same: its answer waits
 * (at most `EARLY_READ_MS`) for that call. A second early ask of the same read within that time is
 * ignored, whether or not the screen has taken the first answer: a move back and forth asks for the
 * same page again, and the screen may have asked in between.
 */
export function readEarly(provider: DataProvider, method: EarlyMethod, resource: string, params: object): void {
  const key = keyOf(method, resource, params);
  const asked = early.get(key);
  if (asked && fresh(asked)) return;
  const call: unknown = Reflect.get(provider, method);
  if (typeof call !== 'function') return;
  const result = Promise.resolve(Reflect.apply(call, provider, [resource, params]));
  // Its failure is the screen's to show, when the screen asks; unasked, it is dropped.
  result.catch(() => undefined);
  for (const [k, entry] of early) if (!fresh(entry)) early.delete(k);
  early.set(key, { at: Date.now(), result, taken: false });
}

/** Forgets every early read (tests; signing out). */
export function forgetEarlyReads(): void {
  early.clear();
}
