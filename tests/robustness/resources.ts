/**
 * The resources the robustness run writes: how to create, update and find one through the API,
 * and how to count them back from the sandbox's database. Every written name starts with a marker
 * unique to the run (`load-<run>-…`, `restart-<run>-…`), so the database count is exact.
 */
import type { Db } from '../../sandbox/db';
import type { Client, Outcome } from './client';

export type Kind = 'system' | 'campaign' | 'team';

/** A stored record as the database has it: id and name. */
export interface StoredName {
  id: number;
  name: string;
}

const MUNICIPALITIES = [
  { municipalityId: '015146', address: 'Via Torino 12', latitude: 45.4613, longitude: 9.1853 },
  { municipalityId: '058091', address: 'Via del Corso 101', latitude: 41.9015, longitude: 12.4812 },
];

function systemBody(name: string, n: number) {
  const where = MUNICIPALITIES[n % MUNICIPALITIES.length];
  return { name, type: 'OOH', systemType: 'poster', ...where, faces: 1 + (n % 2), notes: 'scritto dal test di robustezza' };
}

function campaignBody(name: string, n: number) {
  return { name, advertiserId: 1 + (n % 5), periodStart: '2026-03-01', periodEnd: '2026-03-31', budget: 1000 + n, description: 'scritta dal test di robustezza' };
}

/** An 11-digit VAT number unique in the run (teams refuse a repeated one with 409). */
function vatOf(run: string, n: number): string {
  const digits = run.replace(/\D/g, '').padStart(4, '0').slice(-4);
  return `9${digits}${String(n).padStart(6, '0')}`;
}

export function create(client: Client, kind: Kind, name: string, n: number, run: string): Promise<Outcome> {
  switch (kind) {
    case 'system':
      return client.call('/systems/v1/system/create?type=OOH', { method: 'POST', body: systemBody(name, n) });
    case 'campaign':
      return client.call('/campaign/v1/campaigns', { method: 'POST', body: campaignBody(name, n) });
    case 'team':
      return client.call('/systems/v1/team/create/', {
        method: 'POST',
        body: { companyName: name, vat: vatOf(run, n), providerType: ['installazione'], mail: `squadra${n}@robustezza.it`, address: 'Via Torino 12, 20123 Milano' },
      });
  }
}

/** Full replacement with a new name (systems and campaigns). */
export function update(client: Client, kind: 'system' | 'campaign', id: number, name: string, n: number): Promise<Outcome> {
  if (kind === 'system') return client.call(`/systems/v1/system/update?id=${id}&type=OOH`, { method: 'POST', body: systemBody(name, n) });
  return client.call(`/campaign/v1/campaigns/${id}`, { method: 'PUT', body: campaignBody(name, n) });
}

/**
 * The ids of the records named exactly `name`, read through the API (systems and campaigns): how a
 * careful client learns whether a write whose answer it lost was stored.
 */
export async function findByName(client: Client, kind: 'system' | 'campaign', name: string): Promise<number[] | undefined> {
  const outcome =
    kind === 'system'
      ? await client.call(`/systems/v1/system/all/page/0/perPage/50?searchTerm=${encodeURIComponent(name)}`)
      : await client.call(`/campaign/v1/campaigns?range=${encodeURIComponent('[0,49]')}&filter=${encodeURIComponent(JSON.stringify({ q: name }))}`);
  if (outcome.status !== 200) return undefined;
  const items = (kind === 'system' ? (outcome.body as { content?: unknown[] }).content : outcome.body) as Array<{ id: number; name: string }> | undefined;
  if (!Array.isArray(items)) return undefined;
  return items.filter((item) => item.name === name).map((item) => item.id);
}

/** The records of one kind whose name starts with `prefix`, from the database itself. */
export async function storedNames(db: Db, kind: Kind, prefix: string): Promise<StoredName[]> {
  const like = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const { rows } =
    kind === 'system'
      ? await db.query<{ id: string; name: string }>('SELECT id, name FROM systems WHERE name LIKE $1 ORDER BY id', [like])
      : await db.query<{ id: string; name: string }>(
          `SELECT id, data->>${kind === 'team' ? "'companyName'" : "'name'"} AS name FROM records WHERE collection = $1 AND data->>${kind === 'team' ? "'companyName'" : "'name'"} LIKE $2 ORDER BY id`,
          [kind === 'team' ? 'teams' : 'campaigns', like],
        );
  return rows.map((r) => ({ id: Number(r.id), name: r.name }));
}

export interface Expected {
  /** Acknowledged id → the name it must have now (its last acknowledged write). */
  byId: Map<number, string>;
}

export interface Comparison {
  expected: number;
  stored: number;
  found: number;
  missing: Array<{ id: number; name: string }>;
  /** Stored under the marker but never acknowledged (and not learnt by the client either). */
  unexpected: StoredName[];
  /** Stored with a name other than the last acknowledged one. */
  wrongName: Array<{ id: number; expected: string; stored: string }>;
  /** Names stored more than once. */
  duplicates: string[];
}

/** Compares what the client was told (acknowledged) with what the database holds. */
export function compare(expected: Map<number, string>, stored: StoredName[]): Comparison {
  const byId = new Map(stored.map((s) => [s.id, s.name]));
  const missing: Comparison['missing'] = [];
  const wrongName: Comparison['wrongName'] = [];
  let found = 0;
  for (const [id, name] of expected) {
    const actual = byId.get(id);
    if (actual === undefined) missing.push({ id, name });
    else {
      found += 1;
      if (actual !== name) wrongName.push({ id, expected: name, stored: actual });
    }
  }
  const seen = new Map<string, number>();
  for (const s of stored) seen.set(s.name, (seen.get(s.name) ?? 0) + 1);
  return {
    expected: expected.size,
    stored: stored.length,
    found,
    missing,
    unexpected: stored.filter((s) => !expected.has(s.id)),
    wrongName,
    duplicates: [...seen].filter(([, count]) => count > 1).map(([name]) => name),
  };
}

/** Whether the database holds exactly what was acknowledged: all of it, nothing twice, last values. */
export function exact(c: Comparison): boolean {
  return c.found === c.expected && c.stored === c.expected && !c.missing.length && !c.unexpected.length && !c.wrongName.length && !c.duplicates.length;
}
