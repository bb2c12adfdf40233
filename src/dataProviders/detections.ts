import type { DataProvider, GetListParams, Identifier } from 'react-admin';
import {
  deleteDetection,
  exportDetections,
  importDetections,
  listAllDetections,
  listDetectionsByRange,
  listDistinct,
  saveDetection,
  sendToAgent,
  syncLeads,
  updateDetection,
  updateLead,
  type DetectionRangeQuery,
  type ImportOutcome,
} from '@/api/audit';
import { ApiError } from '@/api/errors';
import type {
  SchemaDetection,
  SchemaDetectionInput,
  SchemaDistinctField,
  SchemaLeadStatus,
  SchemaSendToAgentResult,
  SchemaSyncLeadsReport,
} from '@/api/generated/audit';
import { createDetectionBody } from '@/api/generated/audit.fields';
import { inputOf, read, toDeleted, toList, toMany, toOne } from './shared';

/** A detection as react-admin sees it: the service's `auditId` is also its `id`. */
export type DetectionRecord = SchemaDetection & { id: number };

/** The list filters of `detections`: the period, the query fields mediaOwner, brandName, subject, and the lead status. */
export interface DetectionFilter {
  dateStart?: string;
  dateEnd?: string;
  mediaOwner?: string;
  brandName?: string;
  subject?: string;
  leadStatus?: SchemaLeadStatus;
  /** The chosen agent's detections only (agent mail). */
  agentId?: number;
  /** The list's search box: a part of the brand, subject, media owner, municipality or agent. */
  q?: string;
}

/** The service has no text search: the list's `q` matches the text fields here. */
function matchesSearch(d: SchemaDetection, q: string | undefined): boolean {
  const needle = q?.trim().toLocaleLowerCase('it');
  if (!needle) return true;
  const agent = d.agent ? `${d.agent.name} ${d.agent.surname}` : '';
  return [d.brandName, d.subject, d.mediaOwner, d.municipality, d.address, agent].some((text) =>
    String(text ?? '').toLocaleLowerCase('it').includes(needle),
  );
}

export const toRecord = (d: SchemaDetection): DetectionRecord => ({ ...d, id: d.auditId });

const positiveId = (value: unknown): number | undefined => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : undefined;
};

/** The sub-items chosen, each written by its id alone. */
function itemRefsOf(value: unknown): SchemaDetectionInput['items'] {
  if (!value || typeof value !== 'object') return undefined;
  const refs: Record<string, { id: number }> = {};
  for (const [type, ref] of Object.entries(value)) {
    const id = positiveId(ref && typeof ref === 'object' ? Reflect.get(ref, 'id') : undefined);
    if (id !== undefined) refs[type] = { id };
  }
  return refs;
}

/**
 * The body of save / update: the detection's fields, a cleared one sent as null; sub-items written by
 * id alone. What the document says it ignores (the agent's name, the lead's note and opportunity, the
 * auditId of the body) is not sent: the update names its auditId itself.
 */
export const detectionInputOf = inputOf<SchemaDetectionInput>(
  createDetectionBody,
  {
    auditId: () => undefined,
    agent: () => undefined,
    leadNote: () => undefined,
    opportunityId: () => undefined,
    detectionDate: 'form',
    mediaOwner: 'form',
    brandName: 'form',
    subject: 'form',
    municipality: 'form',
    agentId: read.number,
    latitude: read.number,
    longitude: read.number,
    photoIds: (value) =>
      Array.isArray(value) ? [...new Set(value.map(positiveId).filter((id) => id !== undefined))] : undefined,
    leadStatus: 'form',
    items: itemRefsOf,
  },
  { empty: 'null' },
);

/** The call a list makes: by period when both dates are set (byRangeDate), else all. */
export function listDetectionsRequest(filter: DetectionFilter) {
  if (filter.dateStart && filter.dateEnd) {
    const query: DetectionRangeQuery = { dateStart: filter.dateStart, dateEnd: filter.dateEnd };
    for (const key of ['mediaOwner', 'brandName', 'subject'] as const)
      if (filter[key]) query[key] = filter[key];
    return { path: '/detection/byRangeDate' as const, query };
  }
  return { path: '/detection/all' as const, query: undefined };
}

/** Fetches the detections a filter names; the query fields narrow in the browser when the list is `all`. */
export async function fetchDetections(filter: DetectionFilter): Promise<DetectionRecord[]> {
  const request = listDetectionsRequest(filter);
  const rows = request.query ? await listDetectionsByRange(request.query) : await listAllDetections();
  return rows
    .filter(
      (d) =>
        (!filter.mediaOwner || d.mediaOwner === filter.mediaOwner) &&
        (!filter.brandName || d.brandName === filter.brandName) &&
        (!filter.subject || d.subject === filter.subject) &&
        (!filter.leadStatus || d.leadStatus === filter.leadStatus) &&
        (filter.agentId === undefined || d.agentId === filter.agentId) &&
        matchesSearch(d, filter.q),
    )
    .map(toRecord);
}

function sortValue(record: DetectionRecord, field: string): string | number {
  if (field === 'agent')
    return record.agent ? `${record.agent.surname} ${record.agent.name}`.toLowerCase() : '';
  const value: unknown = Reflect.get(record, field);
  if (typeof value === 'number') return value;
  return value === null || value === undefined ? '' : String(value).toLowerCase();
}

/** The endpoint answers the whole period: react-admin's sort and page are applied here. */
export function pageOf(
  rows: DetectionRecord[],
  { pagination, sort }: Pick<GetListParams, 'pagination' | 'sort'>,
) {
  const field = sort?.field || 'detectionDate';
  const dir = sort?.order === 'ASC' ? 1 : -1;
  const sorted = [...rows].sort((a, b) => {
    const x = sortValue(a, field);
    const y = sortValue(b, field);
    return (x < y ? -1 : x > y ? 1 : 0) * dir || (a.id - b.id) * dir;
  });
  const page = pagination?.page ?? 1;
  const perPage = pagination?.perPage ?? 25;
  return { data: sorted.slice((page - 1) * perPage, page * perPage), total: sorted.length };
}

/* The service has no read by id: the last lists are kept, and `all` is read on a miss. */
const known = new Map<number, DetectionRecord>();
const remember = (rows: DetectionRecord[]) => rows.forEach((r) => known.set(r.id, r));

async function findDetection(id: Identifier): Promise<DetectionRecord> {
  const auditId = Number(id);
  const cached = known.get(auditId);
  if (cached) return cached;
  remember(await fetchDetections({}));
  const found = known.get(auditId);
  if (!found) throw new ApiError(404, `Rilevazione ${auditId} non trovata`);
  return found;
}

async function removeDetection(id: Identifier): Promise<void> {
  await deleteDetection(Number(id));
  known.delete(Number(id));
}

/**
 * A 400 of save / update carries `errors: [{ path: '/body/latitude', message }]`; react-admin shows
 * `body.errors` keyed by field on the form's inputs, so the list becomes `{ latitude: message }`.
 */
export function withFieldErrors(error: unknown): never {
  const list =
    error instanceof ApiError && error.status === 400
      ? (error.body as { errors?: unknown } | undefined)?.errors
      : undefined;
  if (error instanceof ApiError && Array.isArray(list)) {
    const errors: Record<string, string> = {};
    for (const e of list as Array<{ path?: string; message?: string }>) {
      const field = (e.path ?? '')
        .replace(/^\/body\/?/, '')
        .split('/')
        .filter(Boolean)
        .join('.');
      if (field && e.message) errors[field] = e.message;
    }
    throw new ApiError(400, error.message, { ...(error.body as object), errors });
  }
  throw error;
}

/**
 * The media monitor's calls beyond CRUD, reached by screens through
 * `useDataProvider<AppDataProvider>()` (resource `detections`).
 */
export interface DetectionsMethods {
  /** Every detection of a filter (period, query fields, lead status, agent), unpaged. */
  detectionsOf(resource: 'detections', params: { filter: DetectionFilter }): Promise<DetectionRecord[]>;
  detectionValues(resource: 'detections', params: { field: SchemaDistinctField }): Promise<string[]>;
  markLead(
    resource: 'detections',
    /** `lockVersion`: the detection's as read, so that a change saved meanwhile is not overwritten. */
    params: { id: Identifier; leadStatus: SchemaLeadStatus; note?: string | null; lockVersion?: number },
  ): Promise<DetectionRecord>;
  exportDetections(resource: 'detections', params: { dateStart: string; dateEnd: string }): Promise<string>;
  importDetections(
    resource: 'detections',
    params: { file: File; onProgress?: (fraction: number) => void },
  ): Promise<ImportOutcome>;
  sendToAgent(
    resource: 'detections',
    params: { agentId: number; auditIds: number[] },
  ): Promise<SchemaSendToAgentResult>;
  syncLeads(resource: 'detections'): Promise<SchemaSyncLeadsReport>;
}

/** react-admin's CRUD contract for `detections` (auditId ⇄ id), and the media monitor's calls. */
export const detectionsDataProvider: DataProvider & DetectionsMethods = {
  detectionsOf: async (_r, { filter }) => {
    const rows = await fetchDetections(filter);
    remember(rows);
    return rows;
  },
  detectionValues: (_r, { field }) => listDistinct(field),
  markLead: async (_r, { id, leadStatus, note, lockVersion }) => {
    const record = toRecord(await updateLead(Number(id), leadStatus, note, lockVersion));
    known.set(record.id, record);
    return record;
  },
  exportDetections: (_r, { dateStart, dateEnd }) => exportDetections(dateStart, dateEnd),
  importDetections: (_r, { file, onProgress }) => importDetections(file, onProgress),
  sendToAgent: (_r, { agentId, auditIds }) => sendToAgent(agentId, auditIds),
  syncLeads: async () => {
    const report = await syncLeads();
    known.clear();
    return report;
  },
  async getList(_resource, params) {
    const rows = await fetchDetections((params.filter ?? {}) as DetectionFilter);
    remember(rows);
    return toList(pageOf(rows, params));
  },
  async getOne(_resource, params) {
    return toOne(await findDetection(params.id));
  },
  async getMany(_resource, params) {
    return toMany(await Promise.all(params.ids.map(findDetection)));
  },
  async getManyReference(_resource, params) {
    const rows = (await fetchDetections({})).filter(
      (r) => String(Reflect.get(r, params.target)) === String(params.id),
    );
    return toList(pageOf(rows, params));
  },
  async create(_resource, params) {
    const created = toRecord(await saveDetection(detectionInputOf(params.data)).catch(withFieldErrors));
    known.set(created.id, created);
    return toOne(created);
  },
  async update(_resource, params) {
    const auditId = Number(params.id);
    const body = {
      ...detectionInputOf({ ...params.previousData, ...params.data }),
      auditId,
    };
    const updated = toRecord(
      await updateDetection(auditId, body).catch(withFieldErrors),
    );
    known.set(updated.id, updated);
    return toOne(updated);
  },
  async updateMany() {
    throw new Error('Le rilevazioni si modificano una alla volta');
  },
  async delete(_resource, params) {
    const previous = params.previousData ?? known.get(Number(params.id));
    await removeDetection(params.id);
    return toDeleted(params.id, previous);
  },
  async deleteMany(_resource, params) {
    for (const id of params.ids) await removeDetection(id);
    return { data: params.ids };
  },
};
