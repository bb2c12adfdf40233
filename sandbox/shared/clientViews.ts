import type { Db } from '../db';
import { oneRow } from '../store';
import { readResource } from './resources';
import { patrimonio } from '../../src/i18n/it/patrimonio';
import { CampaignStatusLabels } from '../../src/api/generated/campaign.rules';
import { OrderStatusLabels } from '../../src/api/generated/order.rules';
import { PlanningStatusLabels } from '../../src/api/generated/planner.rules';

/*
 * What a shared link's page shows a client beside the record: every reference by its name (the
 * campaign, the advertiser, the sales person, a system's type and town), every code by its Italian
 * label, and for a planning the faces it books with their photo, format, address and period. A
 * guest may read none of the services these names come from, so the share service gives them.
 * Nothing internal (commissions, usernames, ids of other records) is added.
 */

type Row = Record<string, unknown>;

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
const labelOf = (labels: Readonly<Record<string, string>>, code: unknown) => (typeof code === 'string' ? (labels[code] ?? code) : undefined);
const SYSTEM_TYPES = (patrimonio.systems as unknown as { systemTypes: Record<string, string> }).systemTypes;

/** A person's full name by username, never the username itself (undefined when unknown). */
export async function personName(db: Db, username: string | undefined): Promise<string | undefined> {
  if (!username) return undefined;
  const { rows } = await db.query<{ data: { name?: string; surname?: string } }>('SELECT data FROM users WHERE username = $1', [username]);
  const d = rows[0]?.data;
  const full = [d?.name, d?.surname].map(text).filter(Boolean).join(' ');
  return full || undefined;
}

/** A person's full name by user id (the sales person of an order). */
async function personNameById(db: Db, id: unknown): Promise<string | undefined> {
  if (id === null || id === undefined) return undefined;
  const { rows } = await db.query<{ data: { name?: string; surname?: string } }>('SELECT data FROM users WHERE id = $1', [Number(id)]);
  const d = rows[0]?.data;
  const full = [d?.name, d?.surname].map(text).filter(Boolean).join(' ');
  return full || undefined;
}

async function nameOf(db: Db, resourceType: string, id: unknown): Promise<string | undefined> {
  if (id === null || id === undefined || !Number.isInteger(Number(id))) return undefined;
  const found = await readResource(db, resourceType, Number(id));
  return found.status === 'found' ? text(found.record.name) : undefined;
}

/** "600 × 300 cm" from a width and height in centimetres. */
const format = (w: unknown, h: unknown) => (Number(w) > 0 && Number(h) > 0 ? `${Number(w)} × ${Number(h)} cm` : undefined);

interface SystemLike {
  code?: string;
  name?: string;
  type?: string;
  systemType?: string;
  address?: string;
  municipality?: { name?: string };
  province?: { name?: string; code?: string } | string;
  latitude?: number;
  longitude?: number;
  sizes?: Array<{ width?: number; height?: number }>;
  images?: number[];
  illuminated?: boolean;
}

/** A system as a client reads it. */
function placeOf(s: SystemLike) {
  const size = s.sizes?.[0];
  return {
    code: s.code,
    name: s.name,
    kind: s.type,
    typeLabel: labelOf(SYSTEM_TYPES, s.systemType),
    address: s.address,
    municipality: s.municipality?.name,
    latitude: s.latitude,
    longitude: s.longitude,
    format: size ? format(size.width, size.height) : undefined,
    imageId: s.images?.[0] ?? null,
    illuminated: s.illuminated ?? false,
  };
}

/**
 * The faces a planning books: one entry per item, the face's name and format when the item books a
 * frame (`frameId`), else the system's; the system's photo, address and place on the map.
 */
async function planningPlaces(db: Db, planningId: number) {
  const { rows } = await db.query<{ id: string; data: Row }>(
    `SELECT id, data FROM records WHERE collection = 'planningItems' AND data->>'planningId' = $1 ORDER BY (data->>'periodStart'), id`,
    [String(planningId)],
  );
  const systems = new Map<number, SystemLike | undefined>();
  const places = [];
  for (const r of rows) {
    const item: Row = { ...r.data, id: Number(r.id) };
    const systemId = Number(item.systemId);
    if (!systems.has(systemId)) {
      const found = Number.isInteger(systemId) ? await readResource(db, 'system', systemId) : undefined;
      systems.set(systemId, found?.status === 'found' ? (found.record as SystemLike) : undefined);
    }
    const system = systems.get(systemId);
    const frameId = Number(item.frameId);
    const frame = Number.isInteger(frameId) && frameId > 0 ? await oneRow(db, 'frames', frameId) : undefined;
    const place = placeOf(system ?? {});
    places.push({
      id: item.id,
      systemId,
      ...place,
      face: frame ? (text(frame.name) ?? (frame.position ? `Faccia ${String(frame.position)}` : undefined)) : undefined,
      format: (frame && format(frame.width, frame.height)) ?? place.format,
      periodStart: item.periodStart,
      periodEnd: item.periodEnd,
      price: Number(item.price ?? 0),
    });
  }
  return places;
}

/** The names and labels a client page shows beside the record of a shared resource. */
export async function clientViewOf(db: Db, resourceType: string, record: Row): Promise<Row> {
  switch (resourceType) {
    case 'planning': {
      const campaign = await readResource(db, 'campaign', Number(record.campaignId));
      const c = campaign.status === 'found' ? campaign.record : undefined;
      return {
        statusLabel: labelOf(PlanningStatusLabels, record.status),
        campaignName: text(c?.name),
        advertiserName: c ? await nameOf(db, 'advertiser', c.advertiserId) : undefined,
        places: await planningPlaces(db, Number(record.id)),
      };
    }
    case 'campaign': {
      const order = record.orderId ? await readResource(db, 'order', Number(record.orderId)) : undefined;
      return {
        statusLabel: labelOf(CampaignStatusLabels, record.status),
        advertiserName: await nameOf(db, 'advertiser', record.advertiserId),
        orderCode: order?.status === 'found' ? text(order.record.code) : undefined,
      };
    }
    case 'order':
      return {
        statusLabel: labelOf(OrderStatusLabels, record.status),
        advertiserName: await nameOf(db, 'advertiser', record.advertiserId),
        salesName: await personNameById(db, record.salesId),
      };
    case 'system':
      return { place: placeOf(record as SystemLike) };
    default:
      return {};
  }
}
