import type { DataProvider, GetListParams, Identifier, RaRecord } from 'react-admin';
import { auditApi, exportFileName } from '@/api/audit';
import { ApiError, callOrThrow, downloadBlob, fileForm, uploadWithAnswer } from '@/api/http';
import type {
  SchemaDetection,
  SchemaDetectionInput,
  SchemaDistinctField,
  SchemaImportReport,
  SchemaImportRejected,
  SchemaLeadStatus,
  SchemaMediaSupplier,
  SchemaSecretarialData,
  SchemaSendToAgentResult,
  SchemaSyncLeadsReport,
} from '@/api/generated/audit';

/** A detection as react-admin sees it: the service's `auditId` is also its `id`. */
export type DetectionRecord = SchemaDetection & { id: number };

/** The list filters of `detections`: the period and the query fields of spec §3 (plus the lead status). */
export interface DetectionFilter {
  dateStart?: string;
  dateEnd?: string;
  mediaOwner?: string;
  brandName?: string;
  subject?: string;
  leadStatus?: SchemaLeadStatus;
}

export const toRecord = (d: SchemaDetection): DetectionRecord => ({ ...d, id: d.auditId });

const INPUT_FIELDS = [
  'detectionDate',
  'mediaOwner',
  'brandName',
  'subject',
  'agentId',
  'address',
  'municipality',
  'latitude',
  'longitude',
  'format',
  'mediaType',
  'photoIds',
  'leadStatus',
  'notes',
  'items',
] as const;

/** The body of save / update: the detection's writable fields; sub-items written by id alone. */
export function detectionInputOf(data: Record<string, unknown>): SchemaDetectionInput {
  const out: Record<string, unknown> = {};
  for (const key of INPUT_FIELDS) {
    const value = data[key];
    if (value === undefined) continue;
    out[key] = value === '' ? null : value;
  }
  const items = data.items as Record<string, { id?: unknown } | null | undefined> | undefined;
  if (items && typeof items === 'object') {
    const refs: Record<string, { id: number }> = {};
    for (const [type, ref] of Object.entries(items)) {
      const id = Number(ref?.id);
      if (Number.isInteger(id) && id > 0) refs[type] = { id };
    }
    out.items = refs;
  }
  if (Array.isArray(out.photoIds))
    out.photoIds = [
      ...new Set((out.photoIds as unknown[]).map(Number).filter((n) => Number.isInteger(n) && n > 0)),
    ];
  for (const key of ['latitude', 'longitude', 'agentId'] as const) {
    if (out[key] !== undefined && out[key] !== null) out[key] = Number(out[key]);
  }
  return out as unknown as SchemaDetectionInput;
}

/** The call a list makes: by period when both dates are set (spec §7 byRangeDate), else all. */
export function listDetectionsRequest(filter: DetectionFilter) {
  if (filter.dateStart && filter.dateEnd) {
    const query: {
      dateStart: string;
      dateEnd: string;
      mediaOwner?: string;
      brandName?: string;
      subject?: string;
    } = {
      dateStart: filter.dateStart,
      dateEnd: filter.dateEnd,
    };
    for (const key of ['mediaOwner', 'brandName', 'subject'] as const)
      if (filter[key]) query[key] = filter[key];
    return { path: '/detection/byRangeDate' as const, query };
  }
  return { path: '/detection/all' as const, query: undefined };
}

/** Fetches the detections a filter names; the query fields narrow in the browser when the list is `all`. */
export async function fetchDetections(filter: DetectionFilter): Promise<DetectionRecord[]> {
  const request = listDetectionsRequest(filter);
  const rows =
    request.path === '/detection/byRangeDate'
      ? await callOrThrow(auditApi().GET('/detection/byRangeDate', { params: { query: request.query! } }))
      : await callOrThrow(auditApi().GET('/detection/all'));
  return rows
    .filter(
      (d) =>
        (!filter.mediaOwner || d.mediaOwner === filter.mediaOwner) &&
        (!filter.brandName || d.brandName === filter.brandName) &&
        (!filter.subject || d.subject === filter.subject) &&
        (!filter.leadStatus || d.leadStatus === filter.leadStatus),
    )
    .map(toRecord);
}

function sortValue(record: DetectionRecord, field: string): string | number {
  if (field === 'agent')
    return record.agent ? `${record.agent.surname} ${record.agent.name}`.toLowerCase() : '';
  const value = (record as unknown as Record<string, unknown>)[field];
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

async function deleteDetection(id: Identifier): Promise<void> {
  await callOrThrow(auditApi().DELETE('/detection/delete', { params: { query: { auditId: Number(id) } } }));
  known.delete(Number(id));
}

/* ---------- the calls beyond CRUD ---------- */

/** GET distinct/{field}: the values the list's filters offer. */
export async function listDistinct(field: SchemaDistinctField): Promise<string[]> {
  return callOrThrow(auditApi().GET('/detection/distinct/{field}', { params: { path: { field } } }));
}

/** PUT updateDetectionNewLead/{id}: sets the lead status (and its note). */
export async function updateLead(
  id: Identifier,
  leadStatus: SchemaLeadStatus,
  note?: string | null,
): Promise<DetectionRecord> {
  const updated = await callOrThrow(
    auditApi().PUT('/detection/updateDetectionNewLead/{id}', {
      params: { path: { id: Number(id) } },
      body: { leadStatus, note: note ?? null },
    }),
  );
  const record = toRecord(updated);
  known.set(record.id, record);
  return record;
}

/** GET exportExcel: downloads the period as `export_<dateStart>_<dateEnd>.xlsx`; resolves with the name. */
export async function exportDetections(dateStart: string, dateEnd: string): Promise<string> {
  return downloadBlob(
    auditApi().GET('/detection/exportExcel', { params: { query: { dateStart, dateEnd } }, parseAs: 'blob' }),
    exportFileName(dateStart, dateEnd),
  );
}

/** The answer of an import: the report (200) or the rejection (422, nothing imported). */
export type ImportOutcome =
  { ok: true; report: SchemaImportReport } | { ok: false; rejected: SchemaImportRejected };

/**
 * POST upload through the one upload helper: `onProgress` gets
 * 0..1. A 422 resolves with the rejected rows; any other failure rejects with an ApiError.
 */
export async function importDetections(
  file: File,
  onProgress?: (fraction: number) => void,
): Promise<ImportOutcome> {
  const { status, body } = await uploadWithAnswer<SchemaImportReport | SchemaImportRejected>('audit', '/detection/upload', fileForm(file), {
    onProgress,
    answerStatuses: [422],
  });
  return status === 422 ? { ok: false, rejected: body as SchemaImportRejected } : { ok: true, report: body as SchemaImportReport };
}

/** POST sendToAgent: one mail to the agent listing the detections. */
export async function sendToAgent(agentId: number, auditIds: number[]): Promise<SchemaSendToAgentResult> {
  return callOrThrow(auditApi().POST('/detection/sendToAgent', { body: { agentId, auditIds } }));
}

/** POST syncLeads: new leads become (or update) opportunities. */
export async function syncLeads(): Promise<SchemaSyncLeadsReport> {
  const report = await callOrThrow(auditApi().POST('/detection/syncLeads'));
  known.clear();
  return report;
}

/** The lookups of spec §7; `null` when the service knows nothing (404). */
async function orNull<T>(promise: Promise<T>): Promise<T | null> {
  try {
    return await promise;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const lookups = {
  mediaSupplier: (mediaOwner: string): Promise<SchemaMediaSupplier | null> =>
    orNull(
      callOrThrow(
        auditApi().GET('/detection/getMediaOwnerToSendMediaSupplier', { params: { query: { mediaOwner } } }),
      ),
    ),
  brandSecretarialData: (brandName: string): Promise<SchemaSecretarialData | null> =>
    orNull(
      callOrThrow(
        auditApi().GET('/detection/getBrandNameToSendSecretarialData', { params: { query: { brandName } } }),
      ),
    ),
  subjectSecretarialData: (subject: string): Promise<SchemaSecretarialData | null> =>
    orNull(
      callOrThrow(
        auditApi().GET('/detection/getSubjectToSendSecretarialData', { params: { query: { subject } } }),
      ),
    ),
  brandNamesOfSubject: (subject: string): Promise<string[]> =>
    callOrThrow(auditApi().GET('/detection/getListOfBrandName', { params: { query: { subject } } })),
};

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

/** react-admin's CRUD contract for `detections` (auditId ⇄ id). */
export const detectionsDataProvider: DataProvider = {
  async getList(_resource, params) {
    const rows = await fetchDetections((params.filter ?? {}) as DetectionFilter);
    remember(rows);
    return pageOf(rows, params) as never;
  },
  async getOne(_resource, params) {
    return { data: (await findDetection(params.id)) as never };
  },
  async getMany(_resource, params) {
    return { data: (await Promise.all(params.ids.map(findDetection))) as never[] };
  },
  async getManyReference(_resource, params) {
    const rows = (await fetchDetections({})).filter(
      (r) => String((r as unknown as Record<string, unknown>)[params.target]) === String(params.id),
    );
    return pageOf(rows, params) as never;
  },
  async create(_resource, params) {
    const created = toRecord(
      await callOrThrow(
        auditApi().POST('/detection/save', {
          body: detectionInputOf(params.data as Record<string, unknown>),
        }),
      ).catch(withFieldErrors),
    );
    known.set(created.id, created);
    return { data: created as never };
  },
  async update(_resource, params) {
    const auditId = Number(params.id);
    const body = {
      ...detectionInputOf({
        ...(params.previousData as Record<string, unknown>),
        ...(params.data as Record<string, unknown>),
      }),
      auditId,
    };
    const updated = toRecord(
      await callOrThrow(auditApi().PUT('/detection/update', { params: { query: { auditId } }, body })).catch(
        withFieldErrors,
      ),
    );
    known.set(updated.id, updated);
    return { data: updated as never };
  },
  async updateMany() {
    throw new Error('Le rilevazioni si modificano una alla volta');
  },
  async delete(_resource, params) {
    const previous = (params.previousData as RaRecord | undefined) ??
      known.get(Number(params.id)) ?? { id: params.id };
    await deleteDetection(params.id);
    return { data: previous as never };
  },
  async deleteMany(_resource, params) {
    for (const id of params.ids) await deleteDetection(id);
    return { data: params.ids };
  },
};
