import type {
  paths,
  SchemaAgent,
  SchemaAgentSummary,
  SchemaDetection,
  SchemaDetectionInput,
  SchemaDistinctField,
  SchemaImportRejected,
  SchemaImportReport,
  SchemaLeadStatus,
  SchemaMediaSupplier,
  SchemaSecretarialData,
  SchemaSendToAgentResult,
  SchemaSubItem,
  SchemaSyncLeadsReport,
  SchemaSubItemInput,
  SchemaSubItemPathType,
  SchemaSubItemSaveBody,
  SchemaSubItemTypeName,
} from './generated/audit';
import { createDetectionBody } from './generated/audit.fields';
import { ApiError } from './errors';
import { callOrThrow, downloadBlob, fileForm, lazyClient, uploadWithAnswer } from './http';

/** The audit service: a typed openapi-fetch client. */
export const auditApi = lazyClient<paths>('audit');

/** The sub-item type names (Gestione Campi): the keys of a detection's `items`, in the document's order. */
const SUB_ITEM_FIELDS = createDetectionBody.fields.items.fields;
// Object.keys gives strings: they are the generated object's own keys, the document's type names.
export const SUB_ITEM_TYPES: readonly SchemaSubItemTypeName[] = Object.keys(SUB_ITEM_FIELDS) as Array<keyof typeof SUB_ITEM_FIELDS>;

export function isSubItemType(value: unknown): value is SchemaSubItemTypeName {
  return typeof value === 'string' && (SUB_ITEM_TYPES as readonly string[]).includes(value);
}

/** A type name is written in paths with its underscores removed (`media_type` → `mediatype`). */
export function subItemPathType(type: SchemaSubItemTypeName): SchemaSubItemPathType {
  return type.replace(/_/g, '') as SchemaSubItemPathType;
}

/** The body of `POST {type}/save` is an object keyed by the type name holding the item. */
export function subItemSaveBody(
  type: SchemaSubItemTypeName,
  item: SchemaSubItemInput,
): SchemaSubItemSaveBody {
  return { [type]: item } as SchemaSubItemSaveBody;
}

/* ---------- sub-items (Gestione Campi): one named call per endpoint, the type in its path form ---------- */

/** The body of `PUT {type}/update`: the value's id, name and description. */
export type SubItemUpdateBody = paths['/detection/{type}/update']['put']['requestBody']['content']['application/json'];

/** GET {type}/all: every value of a sub-item type. */
export function listSubItems(type: SchemaSubItemTypeName): Promise<SchemaSubItem[]> {
  return callOrThrow(auditApi().GET('/detection/{type}/all', { params: { path: { type: subItemPathType(type) } } }));
}

/** GET {type}/findById/{id}: one value of a sub-item type. */
export function getSubItem(type: SchemaSubItemTypeName, id: number): Promise<SchemaSubItem> {
  return callOrThrow(
    auditApi().GET('/detection/{type}/findById/{id}', { params: { path: { type: subItemPathType(type), id } } }),
  );
}

/** POST {type}/save with the body keyed by the type name: the new value. */
export function createSubItem(type: SchemaSubItemTypeName, item: SchemaSubItemInput): Promise<SchemaSubItem> {
  return callOrThrow(
    auditApi().POST('/detection/{type}/save', {
      params: { path: { type: subItemPathType(type) } },
      body: subItemSaveBody(type, item),
    }),
  );
}

/** PUT {type}/update: the changed value (the body names its id). */
export function updateSubItem(type: SchemaSubItemTypeName, body: SubItemUpdateBody): Promise<SchemaSubItem> {
  return callOrThrow(
    auditApi().PUT('/detection/{type}/update', { params: { path: { type: subItemPathType(type) } }, body }),
  );
}

/** DELETE {type}/delete/{id}. */
export async function deleteSubItem(type: SchemaSubItemTypeName, id: number): Promise<void> {
  await callOrThrow(
    auditApi().DELETE('/detection/{type}/delete/{id}', { params: { path: { type: subItemPathType(type), id } } }),
  );
}

/** The spreadsheet name of an export: `export` plus the two dates. */
export function exportFileName(dateStart: string, dateEnd: string): string {
  return `export_${dateStart}_${dateEnd}.xlsx`;
}

/* ---------- detections: one named call per endpoint ---------- */

/** The query of byRangeDate: the period and the optional query fields. */
export interface DetectionRangeQuery {
  dateStart: string;
  dateEnd: string;
  mediaOwner?: string;
  brandName?: string;
  subject?: string;
}

/** GET detection/all. */
export function listAllDetections(): Promise<SchemaDetection[]> {
  return callOrThrow(auditApi().GET('/detection/all'));
}

/** GET detection/byRangeDate. */
export function listDetectionsByRange(query: DetectionRangeQuery): Promise<SchemaDetection[]> {
  return callOrThrow(auditApi().GET('/detection/byRangeDate', { params: { query } }));
}

/** POST detection/save. */
export function saveDetection(body: SchemaDetectionInput): Promise<SchemaDetection> {
  return callOrThrow(auditApi().POST('/detection/save', { body }));
}

/** PUT detection/update?auditId. */
export function updateDetection(auditId: number, body: SchemaDetectionInput): Promise<SchemaDetection> {
  return callOrThrow(auditApi().PUT('/detection/update', { params: { query: { auditId } }, body }));
}

/** DELETE detection/delete?auditId. */
export async function deleteDetection(auditId: number): Promise<void> {
  await callOrThrow(auditApi().DELETE('/detection/delete', { params: { query: { auditId } } }));
}

/** GET distinct/{field}: the values the list's filters offer. */
export function listDistinct(field: SchemaDistinctField): Promise<string[]> {
  return callOrThrow(auditApi().GET('/detection/distinct/{field}', { params: { path: { field } } }));
}

/** PUT updateDetectionNewLead/{id}: sets the lead status (and its note). */
export function updateLead(
  id: number,
  leadStatus: SchemaLeadStatus,
  note?: string | null,
  lockVersion?: number,
): Promise<SchemaDetection> {
  return callOrThrow(
    auditApi().PUT('/detection/updateDetectionNewLead/{id}', {
      params: { path: { id } },
      body: { leadStatus, note: note ?? null, ...(lockVersion === undefined ? {} : { lockVersion }) },
    }),
  );
}

/** GET exportExcel: downloads the period as `export_<dateStart>_<dateEnd>.xlsx`; resolves with the name. */
export function exportDetections(dateStart: string, dateEnd: string): Promise<string> {
  return downloadBlob(
    auditApi().GET('/detection/exportExcel', { params: { query: { dateStart, dateEnd } }, parseAs: 'blob' }),
    exportFileName(dateStart, dateEnd),
  );
}

/** The answer of an import: the report (200) or the rejection (422, nothing imported). */
export type ImportOutcome =
  { ok: true; report: SchemaImportReport } | { ok: false; rejected: SchemaImportRejected };

/**
 * POST upload through the one upload helper: `onProgress` gets 0..1. A 422 resolves with the
 * rejected rows; any other failure rejects with an ApiError.
 */
export async function importDetections(
  file: File,
  onProgress?: (fraction: number) => void,
): Promise<ImportOutcome> {
  const { status, body } = await uploadWithAnswer<SchemaImportReport | SchemaImportRejected>(
    'audit',
    '/detection/upload',
    fileForm(file),
    { onProgress, answerStatuses: [422] },
  );
  return status === 422
    ? { ok: false, rejected: body as SchemaImportRejected }
    : { ok: true, report: body as SchemaImportReport };
}

/** POST sendToAgent: one mail to the agent listing the detections. */
export function sendToAgent(agentId: number, auditIds: number[]): Promise<SchemaSendToAgentResult> {
  return callOrThrow(auditApi().POST('/detection/sendToAgent', { body: { agentId, auditIds } }));
}

/** POST syncLeads: new leads become (or update) opportunities. */
export function syncLeads(): Promise<SchemaSyncLeadsReport> {
  return callOrThrow(auditApi().POST('/detection/syncLeads'));
}

/** The lookups from a detection's media owner, brand or subject; `null` when the service knows nothing (404). */
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

/* ---------- agents ---------- */

/** GET agent/allNameAndSurname. */
export function listAgents(): Promise<SchemaAgentSummary[]> {
  return callOrThrow(auditApi().GET('/detection/agent/allNameAndSurname'));
}

/** GET agent/findByNameAndSurname/{fullName}: the agent with its mail address. */
export function findAgentByFullName(fullName: string): Promise<SchemaAgent> {
  return callOrThrow(
    auditApi().GET('/detection/agent/findByNameAndSurname/{fullName}', { params: { path: { fullName } } }),
  );
}

/** POST agent/save. */
export function saveAgent(body: { name: string; surname: string; email: string }): Promise<SchemaAgent> {
  return callOrThrow(auditApi().POST('/detection/agent/save', { body }));
}
