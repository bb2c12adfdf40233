import type { components, operations } from '../../src/api/generated/history';
import { HttpError, type HandlerContext } from '../http';
import { defineHandlers } from '../typed';
import { readResource } from '../shared/resources';
import type { Db } from '../db';
import { fullNameById, fullNames, roleLabel } from '../shared/people';

/*
 * The history service: reads the entries the other services write through
 * `ctx.services.recordHistory` (collection `history` of the record store), newest first.
 */

type HistoryEntry = components['schemas']['HistoryEntry'];
type FieldChange = components['schemas']['FieldChange'];
type EntityType = HistoryEntry['entityType'];

const ACTIONS: HistoryEntry['action'][] = ['create', 'update', 'delete', 'statusChange', 'attach', 'detach'];

/** The changes as the document lists them, from an array of changes or a `{ field: value | {oldValue, newValue} }` map. */
function changesOf(value: unknown): FieldChange[] {
  if (Array.isArray(value)) {
    return value
      .filter((c): c is Record<string, unknown> => Boolean(c) && typeof c === 'object' && typeof (c as Record<string, unknown>).field === 'string')
      .map((c) => ({ field: String(c.field), oldValue: c.oldValue ?? null, newValue: c.newValue ?? null }));
  }
  if (value && typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>).map(([field, v]) => {
      if (v && typeof v === 'object' && !Array.isArray(v)) {
        const o = v as Record<string, unknown>;
        if ('oldValue' in o || 'newValue' in o) return { field, oldValue: o.oldValue ?? null, newValue: o.newValue ?? null };
        if ('old' in o || 'new' in o) return { field, oldValue: o.old ?? null, newValue: o.new ?? null };
        if ('from' in o || 'to' in o) return { field, oldValue: o.from ?? null, newValue: o.to ?? null };
      }
      return { field, oldValue: null, newValue: v ?? null };
    });
  }
  return [];
}

function toEntry(id: number, data: Record<string, unknown>): HistoryEntry {
  const action = ACTIONS.includes(data.action as HistoryEntry['action']) ? (data.action as HistoryEntry['action']) : 'update';
  return {
    id,
    entityType: data.entityType as EntityType,
    entityId: Number(data.entityId),
    action,
    username: String(data.username ?? 'system'),
    timestamp: String(data.timestamp),
    changes: changesOf(data.changes),
  };
}

const NOT_FOUND: Record<EntityType, (id: number) => string> = {
  system: (id) => `Impianto ${id} non trovato`,
  campaign: (id) => `Campagna ${id} non trovata`,
  advertiser: (id) => `Inserzionista ${id} non trovato`,
  advertiserUser: (id) => `Inserzionista ${id} non trovato`,
};

async function listHistory(ctx: HandlerContext, entityType: EntityType, resourceType: string): Promise<HistoryEntry[]> {
  const id = Number(ctx.params.id);
  const { rows } = await ctx.db.query<{ id: string; data: Record<string, unknown> }>(
    `SELECT id, data FROM records WHERE collection = 'history' AND data->>'entityType' = $1 AND data->>'entityId' = $2
      ORDER BY data->>'timestamp' DESC, id DESC`,
    [entityType, String(id)],
  );
  if (!rows.length) {
    // 404 only for a record that never existed: one with no history that its service does not know.
    const found = await readResource(ctx.db, resourceType, id);
    if (found.status === 'missing') throw new HttpError(404, NOT_FOUND[entityType](id));
  }
  return named(ctx.db, rows.map((r) => toEntry(Number(r.id), r.data)));
}

/** A record's name (or an order's code) by type and id, read once per list. */
function referenceNamer(db: Db) {
  const cache = new Map<string, Promise<string | undefined>>();
  return (resourceType: string, id: unknown): Promise<string | undefined> => {
    const n = Number(id);
    if (id === null || id === undefined || !Number.isInteger(n) || n <= 0) return Promise.resolve(undefined);
    const key = `${resourceType}:${n}`;
    if (!cache.has(key)) {
      cache.set(
        key,
        (async () => {
          if (resourceType === 'user') return fullNameById(db, n);
          const found = await readResource(db, resourceType, n);
          if (found.status !== 'found') return undefined;
          const { code, name } = found.record;
          return typeof code === 'string' && code ? code : typeof name === 'string' && name ? name : undefined;
        })(),
      );
    }
    return cache.get(key)!;
  };
}

/** The fields whose value is the id of another record, and the kind of record. */
const REFERENCES: Record<string, string> = {
  advertiserId: 'advertiser',
  orderId: 'order',
  campaignId: 'campaign',
  estimateId: 'estimate',
  planningId: 'planning',
  salesId: 'user',
};

/** "username (ROLE_X)": how a campaign member is written in its history. */
const MEMBER = /^(\S+) \((ROLE_[A-Z]+)\)$/;

/**
 * Entries as a person reads them: who by full name, and the values that name a record or a person
 * (`oldText`, `newText`) by its name, code, or full name and role.
 */
export async function named(db: Db, entries: HistoryEntry[]): Promise<HistoryEntry[]> {
  const memberUsernames = entries.flatMap((e) =>
    e.changes.flatMap((c) => [c.oldValue, c.newValue].map((v) => (typeof v === 'string' ? MEMBER.exec(v)?.[1] : undefined)).filter((u): u is string => Boolean(u))),
  );
  const people = await fullNames(db, [...entries.map((e) => e.username), ...memberUsernames]);
  const nameOf = referenceNamer(db);
  const text = async (field: string, value: unknown): Promise<string | undefined> => {
    if (value === null || value === undefined) return undefined;
    if (REFERENCES[field]) return nameOf(REFERENCES[field], value);
    const member = typeof value === 'string' ? MEMBER.exec(value) : null;
    if (member) return `${people.get(member[1]) ?? member[1]} (${roleLabel(member[2])})`;
    return undefined;
  };
  return Promise.all(
    entries.map(async (e) => ({
      ...e,
      ...(people.has(e.username) ? { userFullName: people.get(e.username) } : {}),
      changes: await Promise.all(
        e.changes.map(async (c) => {
          const [oldText, newText] = await Promise.all([text(c.field, c.oldValue), text(c.field, c.newValue)]);
          return { ...c, ...(oldText ? { oldText } : {}), ...(newText ? { newText } : {}) };
        }),
      ),
    })),
  );
}

export const handlers = defineHandlers<operations>({
  listSystemHistory: (ctx) => listHistory(ctx as unknown as HandlerContext, 'system', 'system'),
  listCampaignHistory: (ctx) => listHistory(ctx as unknown as HandlerContext, 'campaign', 'campaign'),
  listAdvertiserHistory: (ctx) => listHistory(ctx as unknown as HandlerContext, 'advertiser', 'advertiser'),
  listAdvertiserUserHistory: (ctx) => listHistory(ctx as unknown as HandlerContext, 'advertiserUser', 'advertiser'),
});
