import type { SchemaAgentSummary, SchemaSubItem, SchemaSubItemTypeName } from '@/api/generated/audit';
import { createAgentBody, createDetectionBody, createSubItemBody } from '@/api/generated/audit.zod';
import type { AppDataProvider } from '@/dataProviders';

/** A detection as the data provider answers it (`auditId` is also its react-admin `id`). */
export type DetectionRecord = Awaited<ReturnType<AppDataProvider['markLead']>>;
/** The answer of an import: the report, or the rejected rows (nothing imported). */
export type ImportOutcome = Awaited<ReturnType<AppDataProvider['importDetections']>>;
/** An agent of the `agents` resource. */
export type AgentRecord = SchemaAgentSummary & { email?: string };
/** A value of the `subItems` resource: its id is `<type>:<value id>`. */
export type SubItemRecord = Omit<SchemaSubItem, 'id'> & { id: string; itemId: number; type: SchemaSubItemTypeName };

/** The detection body schema (the document's constraints) for the create and edit forms. */
export const detectionSchema = createDetectionBody;

/** The sub-item type names (Gestione Campi) in the document's order: the keys of a detection's `items`. */
export const SUB_ITEM_TYPES: readonly SchemaSubItemTypeName[] = createDetectionBody.shape.items.unwrap().innerType().keyof().options;

/** A value of a sub-item type, added or changed (Gestione Campi): the document's rules of the type. */
export const subItemSchema = (type: SchemaSubItemTypeName) => createSubItemBody.innerType().shape[type].unwrap();

/** A new agent: the document's rules (name and surname up to 100 characters, a mail address). */
export const agentSchema = createAgentBody;
