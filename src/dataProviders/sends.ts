import type { DataProvider, GetListParams } from 'react-admin';
import { lookups } from '@/api/audit';
import { ApiError } from '@/api/errors';
import type { SchemaMediaSupplier, SchemaSecretarialData, SchemaSendToAgentResult } from '@/api/generated/audit';
import type { SchemaEvent, SchemaEventInput } from '@/api/generated/scheduler';
import type { SendTarget } from '@/api/schedule';
import { deleteScheduledEvent, listScheduledEvents, saveScheduledEvent, sendToMediaSupplier, sendToSecretariat } from '@/api/sends';
import { noRecordMethods, toDeleted, toList, toMany, toOne } from './shared';
import { simpleRestProvider } from './simpleRest';

/*
 * The media monitor's sends (to a media owner's supplier, to a brand's or subject's secretariat),
 * the scheduled events (`scheduledEvents`, the scheduler service) and the outbox (`mails`, the mail
 * service, ra-data-simple-rest).
 */

export interface SendsMethods {
  mediaSupplierOf(resource: 'sends', params: { mediaOwner: string }): Promise<SchemaMediaSupplier | null>;
  secretarialDataOf(resource: 'sends', params: { brandName?: string; subject?: string }): Promise<SchemaSecretarialData | null>;
  brandsOfSubject(resource: 'sends', params: { subject: string }): Promise<string[]>;
  sendDetections(resource: 'sends', target: SendTarget): Promise<SchemaSendToAgentResult>;
  scheduleEvent(resource: 'sends', params: { input: SchemaEventInput }): Promise<SchemaEvent>;
}

const noRecords = noRecordMethods(() => new ApiError(400, 'Gli invii non hanno record propri: si fanno con i loro metodi'));

export const sendsMethods: DataProvider & SendsMethods = {
  ...noRecords,
  mediaSupplierOf: (_r, { mediaOwner }) => lookups.mediaSupplier(mediaOwner),
  secretarialDataOf: (_r, { brandName, subject }) =>
    brandName ? lookups.brandSecretarialData(brandName) : subject ? lookups.subjectSecretarialData(subject) : Promise.resolve(null),
  brandsOfSubject: (_r, { subject }) => lookups.brandNamesOfSubject(subject),
  sendDetections: (_r, target) => (target.kind === 'supplier' ? sendToMediaSupplier(target.request) : sendToSecretariat(target.request)),
  scheduleEvent: (_r, { input }) => saveScheduledEvent(input),
};

function sorted(events: SchemaEvent[], params: GetListParams): SchemaEvent[] {
  const { field, order } = params.sort ?? { field: 'nextRunAt', order: 'ASC' };
  const dir = order === 'DESC' ? -1 : 1;
  const value = (e: SchemaEvent): unknown => Reflect.get(e, field);
  return [...events].sort((a, b) => {
    const [x, y] = [value(a), value(b)];
    if (x === y) return a.id - b.id;
    if (x === null || x === undefined) return 1;
    if (y === null || y === undefined) return -1;
    return String(x).localeCompare(String(y), 'it', { numeric: true }) * dir;
  });
}

async function eventById(id: unknown): Promise<SchemaEvent> {
  const event = (await listScheduledEvents()).find((e) => e.id === Number(id));
  if (!event) throw new ApiError(404, 'Evento non trovato');
  return event;
}

/** What a save sends: the generated body schema's fields (a one-off or a repeating event), checked as the document says. */
async function eventInputOf(record: object): Promise<SchemaEventInput> {
  // zod is loaded with the first save, not with the back office.
  const { saveEventBody } = await import('@/api/generated/scheduler.zod');
  return saveEventBody.parse(record);
}

/** `scheduledEvents`: the scheduler's events (one list call; changes save the whole event). */
export const scheduledEventsDataProvider: DataProvider = {
  async getList(_resource, params) {
    const all = sorted(await listScheduledEvents(), params);
    const q = String((params.filter as Record<string, unknown> | undefined)?.q ?? '').trim().toLowerCase();
    const rows = q ? all.filter((e) => `${e.name} ${e.description ?? ''} ${e.createdBy}`.toLowerCase().includes(q)) : all;
    const { page, perPage } = params.pagination ?? { page: 1, perPage: 25 };
    return toList({ data: rows.slice((page - 1) * perPage, page * perPage), total: rows.length });
  },
  getOne: async (_r, { id }) => toOne(await eventById(id)),
  async getMany(_r, { ids }) {
    const wanted = new Set(ids.map(Number));
    return toMany((await listScheduledEvents()).filter((e) => wanted.has(e.id)));
  },
  getManyReference: () => Promise.reject(new ApiError(400, 'Non previsto per gli eventi programmati')),
  create: async (_r, { data }) => toOne(await saveScheduledEvent(await eventInputOf(data))),
  async update(_r, { id, data }) {
    return toOne(await saveScheduledEvent({ ...(await eventInputOf(data)), id: Number(id) }));
  },
  updateMany: () => Promise.reject(new ApiError(400, 'Non previsto per gli eventi programmati')),
  delete: async (_r, { id }) => toDeleted(id, await deleteScheduledEvent(Number(id))),
  async deleteMany(_r, { ids }) {
    for (const id of ids) await deleteScheduledEvent(Number(id));
    return { data: ids };
  },
};

/** `mails`: the outbox, read only. */
export const mailsDataProvider: DataProvider = simpleRestProvider('mail', { mails: { readOnly: true } });
