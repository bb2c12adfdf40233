import type { SchemaSecretariatSendRequest, SchemaSendToAgentResult, SchemaSupplierSendRequest } from './generated/audit';
import type { SchemaEvent, SchemaEventInput } from './generated/scheduler';
import { getRuntimeConfig, serviceBase } from '@/config/environment';
import { auditApi } from './audit';
import { callOrThrow } from './http';
import { schedulerApi } from './scheduler';

/* The media monitor's sends (to a media supplier, to the secretariat) and their scheduling. */

/** POST sendToMediaSupplier: one mail to the media owner's supplier with its detections. */
export function sendToMediaSupplier(body: SchemaSupplierSendRequest): Promise<SchemaSendToAgentResult> {
  return callOrThrow(auditApi().POST('/detection/sendToMediaSupplier', { body }));
}

/** POST sendToSecretariat: one mail to the brand's (or subject's) secretariat with its detections. */
export function sendToSecretariat(body: SchemaSecretariatSendRequest): Promise<SchemaSendToAgentResult> {
  return callOrThrow(auditApi().POST('/detection/sendToSecretariat', { body }));
}

/** GET eventScheduler/all: every scheduled event, the next to fire first. */
export function listScheduledEvents(): Promise<SchemaEvent[]> {
  return callOrThrow(schedulerApi().GET('/eventScheduler/all'));
}

/** POST eventScheduler/save: creates the event, or replaces it when it has an id. */
export function saveScheduledEvent(body: SchemaEventInput): Promise<SchemaEvent> {
  return callOrThrow(schedulerApi().POST('/eventScheduler/save', { body }));
}

/** DELETE eventScheduler/delete. */
export function deleteScheduledEvent(id: number): Promise<SchemaEvent> {
  return callOrThrow(schedulerApi().DELETE('/eventScheduler/delete', { params: { query: { id } } }));
}

/** The absolute address of an audit operation, for a callback the scheduler makes. */
export function auditCallbackUrl(path: string): string {
  const base = (serviceBase('audit', getRuntimeConfig()) ?? '').replace(/\/+$/, '');
  return new URL(`${base}${path}`, window.location.origin).href;
}
