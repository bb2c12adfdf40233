import type { components, operations } from '../../src/api/generated/history';
import { HttpError, type HandlerContext } from '../http';
import { defineHandlers } from '../typed';
import { readResource } from '../shared/resources';

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
  return rows.map((r) => toEntry(Number(r.id), r.data));
}

export const handlers = defineHandlers<operations>({
  listSystemHistory: (ctx) => listHistory(ctx as unknown as HandlerContext, 'system', 'system'),
  listCampaignHistory: (ctx) => listHistory(ctx as unknown as HandlerContext, 'campaign', 'campaign'),
  listAdvertiserHistory: (ctx) => listHistory(ctx as unknown as HandlerContext, 'advertiser', 'advertiser'),
  listAdvertiserUserHistory: (ctx) => listHistory(ctx as unknown as HandlerContext, 'advertiserUser', 'advertiser'),
});
