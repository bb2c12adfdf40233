import type { components } from '../../../src/api/generated/audit';
import type { Db } from '../../db';
import { subItemSequence } from '../../db/sequences';
import { HttpError } from '../../http';

/*
 * The audit service (media monitor): detections, sub-item values (Gestione Campi), agents, lookups,
 * Excel export / all-or-nothing import, lead updates, mail to an agent and the CRM sync.
 * Tables from migration 060_audit.sql. This module: the records and how they are read and written.
 */

export type Detection = components['schemas']['Detection'];
type DetectionInput = components['schemas']['DetectionInput'];
type DetectionItems = components['schemas']['DetectionItems'];
export type SubItem = components['schemas']['SubItem'];
export type SubItemTypeName = components['schemas']['SubItemTypeName'];
type SubItemPathType = components['schemas']['SubItemPathType'];
export type LeadStatus = components['schemas']['LeadStatus'];
type Agent = components['schemas']['Agent'];
export type SyncLeadsReport = components['schemas']['SyncLeadsReport'];

export const SUB_ITEM_TYPES: SubItemTypeName[] = [
  'format',
  'media_type',
  'location',
  'supplier',
  'product_category',
];
export const AUDIT_PERIOD = { endPath: '/query/dateEnd', startName: 'dateStart', message: 'La data di fine precede la data di inizio' };
export const LEAD_STATUSES: LeadStatus[] = ['none', 'new', 'contacted', 'converted', 'discarded'];
export const IMPORT_LIMIT_BYTES = 10 * 1024 * 1024;

/** The path form of a type name: underscores removed (`media_type` → `mediatype`). */
export const pathTypeOf = (type: SubItemTypeName): SubItemPathType =>
  type.replace(/_/g, '') as SubItemPathType;
export const typeOfPath = (pathType: string): SubItemTypeName => {
  const type = SUB_ITEM_TYPES.find((t) => pathTypeOf(t) === pathType);
  if (!type) throw new HttpError(400, `Tipo di sotto-voce sconosciuto: ${pathType}`);
  return type;
};

/** The Excel columns, shared by the export and the import. */
export const EXCEL_COLUMNS = [
  'Data',
  'Media owner',
  'Brand',
  'Soggetto',
  'Agente',
  'Indirizzo',
  'Comune',
  'Latitudine',
  'Longitudine',
  'Formato',
  'Tipo media',
  'Stato lead',
  'Note',
] as const;

/* ---------- reading and writing detections ---------- */

export interface StoredDetection {
  detectionDate: string;
  mediaOwner: string;
  brandName: string;
  subject: string;
  agentId: number | null;
  address: string | null;
  municipality: string;
  latitude: number | null;
  longitude: number | null;
  format: string | null;
  mediaType: string | null;
  photoIds: number[];
  leadStatus: LeadStatus;
  leadNote: string | null;
  notes: string | null;
  items: DetectionItems;
  opportunityId?: number;
}

type AgentMap = Map<number, { name: string; surname: string; email: string }>;

export async function agentMap(db: Db): Promise<AgentMap> {
  const { rows } = await db.query<{ id: string; name: string; surname: string; email: string }>(
    'SELECT id, name, surname, email FROM audit_agents',
  );
  return new Map(rows.map((r) => [Number(r.id), { name: r.name, surname: r.surname, email: r.email }]));
}

function toDetection(auditId: number, data: StoredDetection, agents: AgentMap, version?: string | number): Detection {
  const agent = data.agentId ? agents.get(data.agentId) : undefined;
  const out: Detection = {
    auditId,
    detectionDate: data.detectionDate,
    mediaOwner: data.mediaOwner,
    brandName: data.brandName,
    subject: data.subject,
    agentId: data.agentId ?? null,
    agent: agent ? { name: agent.name, surname: agent.surname } : null,
    address: data.address ?? null,
    municipality: data.municipality,
    latitude: data.latitude ?? null,
    longitude: data.longitude ?? null,
    format: data.format ?? null,
    mediaType: data.mediaType ?? null,
    photoIds: data.photoIds ?? [],
    leadStatus: data.leadStatus ?? 'none',
    leadNote: data.leadNote ?? null,
    notes: data.notes ?? null,
    items: data.items ?? {},
  };
  if (data.opportunityId) out.opportunityId = data.opportunityId;
  if (version !== undefined) out.lockVersion = Number(version);
  return out;
}

interface DetectionQuery {
  dateStart?: string;
  dateEnd?: string;
  mediaOwner?: string;
  brandName?: string;
  subject?: string;
  auditIds?: number[];
  leadStatus?: LeadStatus;
}

export async function queryDetections(db: Db, q: DetectionQuery): Promise<Detection[]> {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  if (q.dateStart) where.push(`detection_date >= ${add(q.dateStart)}::date`);
  if (q.dateEnd) where.push(`detection_date <= ${add(q.dateEnd)}::date`);
  for (const key of ['mediaOwner', 'brandName', 'subject', 'leadStatus'] as const) {
    if (q[key]) where.push(`data->>'${key}' = ${add(q[key])}`);
  }
  if (q.auditIds) where.push(`audit_id = ANY(${add(q.auditIds)}::bigint[])`);
  const { rows } = await db.query<{ audit_id: string; data: StoredDetection; version: string }>(
    `SELECT audit_id, data, version FROM audit_detections ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY detection_date DESC, audit_id DESC`,
    params,
  );
  const agents = await agentMap(db);
  return rows.map((r) => toDetection(Number(r.audit_id), r.data, agents, r.version));
}

export async function getStored(db: Db, auditId: number): Promise<StoredDetection> {
  const { rows } = await db.query<{ data: StoredDetection }>(
    'SELECT data FROM audit_detections WHERE audit_id = $1',
    [auditId],
  );
  if (!rows[0]) throw new HttpError(404, `Rilevazione ${auditId} non trovata`);
  return rows[0].data;
}

export async function readDetection(db: Db, auditId: number): Promise<Detection> {
  const data = await getStored(db, auditId);
  const { rows } = await db.query<{ version: string }>('SELECT version FROM audit_detections WHERE audit_id = $1', [auditId]);
  return toDetection(auditId, data, await agentMap(db), rows[0]?.version);
}

/** Resolves the chosen sub-item values (by id) to copies with their names; 404 for an unknown one. */
async function resolveItems(db: Db, items: DetectionItems | undefined): Promise<DetectionItems> {
  const out: DetectionItems = {};
  for (const [type, ref] of Object.entries(items ?? {}) as Array<
    [SubItemTypeName, { id: number } | undefined]
  >) {
    if (!ref) continue;
    const { rows } = await db.query<{ id: string; name: string; description: string | null }>(
      'SELECT id, name, description FROM audit_subitems WHERE type = $1 AND id = $2',
      [type, ref.id],
    );
    if (!rows[0]) throw new HttpError(404, `Valore ${ref.id} di ${type} non trovato`);
    out[type] = { id: Number(rows[0].id), name: rows[0].name, description: rows[0].description };
  }
  return out;
}

async function requireAgent(db: Db, agentId: number | null | undefined): Promise<number | null> {
  if (!agentId) return null;
  const { rows } = await db.query('SELECT 1 FROM audit_agents WHERE id = $1', [agentId]);
  if (!rows[0]) {
    const message = `agente inesistente: ${agentId}`;
    throw new HttpError(422, `Riferimento a un elemento inesistente (${message})`, { errors: [{ path: '/body/agentId', message }] });
  }
  return agentId;
}

export async function storedFromInput(
  db: Db,
  input: DetectionInput,
  existing?: StoredDetection,
): Promise<StoredDetection> {
  const data: StoredDetection = {
    detectionDate: input.detectionDate,
    mediaOwner: input.mediaOwner.trim(),
    brandName: input.brandName.trim(),
    subject: input.subject.trim(),
    agentId: await requireAgent(db, input.agentId),
    address: input.address ?? null,
    municipality: input.municipality.trim(),
    latitude: input.latitude ?? null,
    longitude: input.longitude ?? null,
    format: input.format ?? null,
    mediaType: input.mediaType ?? null,
    photoIds: input.photoIds ?? [],
    leadStatus: input.leadStatus ?? existing?.leadStatus ?? 'none',
    leadNote: existing?.leadNote ?? null,
    notes: input.notes ?? null,
    items: await resolveItems(db, input.items),
  };
  if (existing?.opportunityId) data.opportunityId = existing.opportunityId;
  return data;
}

export async function insertDetection(db: Db, data: StoredDetection): Promise<number> {
  const { rows } = await db.query<{ audit_id: string }>(
    'INSERT INTO audit_detections (detection_date, data) VALUES ($1::date, $2::jsonb) RETURNING audit_id',
    [data.detectionDate, JSON.stringify(data)],
  );
  return Number(rows[0].audit_id);
}

export async function writeDetection(db: Db, auditId: number, data: StoredDetection): Promise<void> {
  await db.query(
    'UPDATE audit_detections SET detection_date = $2::date, data = $3::jsonb WHERE audit_id = $1',
    [auditId, data.detectionDate, JSON.stringify(data)],
  );
}

/* ---------- sub-items ---------- */

export async function listSubItems(db: Db, type: SubItemTypeName): Promise<SubItem[]> {
  const { rows } = await db.query<{ id: string; name: string; description: string | null; version: string }>(
    'SELECT id, name, description, version FROM audit_subitems WHERE type = $1 ORDER BY lower(name), id',
    [type],
  );
  return rows.map((r) => ({ id: Number(r.id), name: r.name, description: r.description, lockVersion: Number(r.version) }));
}

export async function insertSubItem(
  db: Db,
  type: SubItemTypeName,
  item: { name: string; description?: string | null },
): Promise<SubItem> {
  const name = item.name.trim();
  const clash = await db.query('SELECT 1 FROM audit_subitems WHERE type = $1 AND lower(name) = lower($2)', [
    type,
    name,
  ]);
  if (clash.rows[0]) throw new HttpError(409, `Esiste già un valore «${name}» per ${type}`);
  const { rows } = await db.query<{ id: string }>(
    'INSERT INTO audit_subitems (type, id, name, description) VALUES ($1, nextval($4::regclass), $2, $3) RETURNING id',
    [type, name, item.description ?? null, subItemSequence(type)],
  );
  return { id: Number(rows[0].id), name, description: item.description ?? null };
}

/* ---------- agents ---------- */

export async function insertAgent(db: Db, agent: { name: string; surname: string; email: string }): Promise<Agent> {
  const name = agent.name.trim();
  const surname = agent.surname.trim();
  const clash = await db.query(
    'SELECT 1 FROM audit_agents WHERE lower(name || $3 || surname) = lower($1 || $3 || $2)',
    [name, surname, ' '],
  );
  if (clash.rows[0]) throw new HttpError(409, `Esiste già un agente ${name} ${surname}`);
  const { rows } = await db.query<{ id: string }>(
    'INSERT INTO audit_agents (name, surname, email) VALUES ($1, $2, $3) RETURNING id',
    [name, surname, agent.email],
  );
  return { id: Number(rows[0].id), name, surname, email: agent.email };
}
