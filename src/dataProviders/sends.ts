import type { DataProvider, GetListParams } from 'react-admin';
import { lookups } from '@/api/audit';
import { ApiError } from '@/api/errors';
import type { SchemaMediaSupplier, SchemaSecretarialData, SchemaSendToAgentResult, SchemaSupplierSendRequest, SchemaSecretariatSendRequest } from '@/api/generated/audit';
import type { SchemaEvent, SchemaEventInput } from '@/api/generated/scheduler';
import { auditCallbackUrl, deleteScheduledEvent, listScheduledEvents, saveScheduledEvent, sendToMediaSupplier, sendToSecretariat } from '@/api/sends';
import { simpleRestProvider } from './simpleRest';

/*
 * The media monitor's sends (to a media owner's supplier, to a brand's or subject's secretariat),
 * the scheduled events (`scheduledEvents`, the scheduler service) and the outbox (`mails`, the mail
 * service, ra-data-simple-rest).
 */

export type ScheduledEventRecord = SchemaEvent;

/** Where a send goes: the supplier of a media owner, or the secretariat of a brand or subject. */
export type SendTarget =
  | { kind: 'supplier'; request: SchemaSupplierSendRequest }
  | { kind: 'secretariat'; request: SchemaSecretariatSendRequest };

export type Repetition = 'once' | 'daily' | 'weekly' | 'monthly';

export interface Schedule {
  name: string;
  repetition: Repetition;
  /** The first (or only) run. */
  at: Date;
}

/** The sandbox's and the business's time zone: a repetition's time of day is read there. */
export const SCHEDULE_TIMEZONE = 'Europe/Rome';
const DOW = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];
/** The days a repeated send lists each time: those since its previous run. */
export const REPETITION_DAYS: Record<Exclude<Repetition, 'once'>, number> = { daily: 1, weekly: 7, monthly: 31 };

/** The wall clock of `at` in the schedule's time zone: [day of month, weekday, hour, minute]. */
function wallClock(at: Date): { day: number; weekday: number; hour: number; minute: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: SCHEDULE_TIMEZONE, hourCycle: 'h23', day: 'numeric', weekday: 'short', hour: 'numeric', minute: 'numeric' })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return { day: Number(parts.day), weekday: DOW.indexOf(String(parts.weekday).toUpperCase()), hour: Number(parts.hour), minute: Number(parts.minute) };
}

/** The Spring cron expression of a repetition starting at `at` (read in the schedule's time zone). */
export function cronOf(repetition: Exclude<Repetition, 'once'>, at: Date): string {
  const { day, weekday, hour, minute } = wallClock(at);
  if (repetition === 'daily') return `0 ${minute} ${hour} * * *`;
  if (repetition === 'weekly') return `0 ${minute} ${hour} * * ${DOW[weekday]}`;
  return `0 ${minute} ${hour} ${day} * *`;
}

/** How an event repeats, read back from its cron expression (as `cronOf` writes it). */
export function repetitionOf(event: Pick<SchemaEvent, 'cronExpression'>): Repetition {
  const cron = event.cronExpression;
  if (!cron) return 'once';
  const [, , , dayOfMonth, , dayOfWeek] = cron.split(' ');
  if (dayOfWeek && dayOfWeek !== '*' && dayOfWeek !== '?') return 'weekly';
  if (dayOfMonth && dayOfMonth !== '*' && dayOfMonth !== '?') return 'monthly';
  return 'daily';
}

/** When an event fires, as the input of the scheduler: a moment, or a cron expression. */
export function timingOf(schedule: Pick<Schedule, 'repetition' | 'at'>): { runAt: string } | { cronExpression: string; timezone: string } {
  return schedule.repetition === 'once'
    ? { runAt: schedule.at.toISOString() }
    : { cronExpression: cronOf(schedule.repetition, schedule.at), timezone: SCHEDULE_TIMEZONE };
}

/**
 * The body a scheduled send posts: a repeated one lists the days since its previous run (its own
 * period, not the one on screen); a one-off keeps the period or the detections chosen.
 */
export function scheduledRequest<T extends { dateStart?: string; dateEnd?: string; lastDays?: number; auditIds?: number[] }>(request: T, repetition: Repetition): T {
  if (repetition === 'once') return request;
  const { dateStart: _s, dateEnd: _e, auditIds: _a, ...rest } = request;
  return { ...rest, lastDays: REPETITION_DAYS[repetition] } as T;
}

/** The scheduler's input for a send: its callback is the send operation itself. */
export function eventInputOf(schedule: Schedule, target: SendTarget | { kind: 'agent'; request: { agentId: number; auditIds: number[] } }, description?: string): SchemaEventInput {
  const path = { supplier: '/detection/sendToMediaSupplier', secretariat: '/detection/sendToSecretariat', agent: '/detection/sendToAgent' }[target.kind];
  const body = target.kind === 'agent' ? target.request : scheduledRequest(target.request, schedule.repetition);
  return {
    name: schedule.name.trim(),
    ...(description ? { description } : {}),
    ...timingOf(schedule),
    enabled: true,
    callback: { url: auditCallbackUrl(path), method: 'POST', body: body as Record<string, unknown> },
  } as SchemaEventInput;
}

export interface SendsMethods {
  mediaSupplierOf(resource: 'sends', params: { mediaOwner: string }): Promise<SchemaMediaSupplier | null>;
  secretarialDataOf(resource: 'sends', params: { brandName?: string; subject?: string }): Promise<SchemaSecretarialData | null>;
  brandsOfSubject(resource: 'sends', params: { subject: string }): Promise<string[]>;
  sendDetections(resource: 'sends', target: SendTarget): Promise<SchemaSendToAgentResult>;
  scheduleEvent(resource: 'sends', params: { input: SchemaEventInput }): Promise<SchemaEvent>;
}

export const sendsMethods: SendsMethods = {
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
  const value = (e: SchemaEvent) => (e as unknown as Record<string, unknown>)[field];
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

/** The input that saves an event again with its own fields, `changes` applied. */
export function eventInputFrom(event: SchemaEvent, changes: Partial<SchemaEventInput> = {}): SchemaEventInput {
  const timing = event.cronExpression ? { cronExpression: event.cronExpression } : { runAt: event.runAt! };
  const { authenticationUrl, ...callback } = event.callback;
  return {
    id: event.id,
    name: event.name,
    ...(event.description ? { description: event.description } : {}),
    ...timing,
    timezone: event.timezone,
    enabled: event.enabled,
    callback: { ...callback, authenticationUrl },
    ...changes,
  } as SchemaEventInput;
}

/** `scheduledEvents`: the scheduler's events (one list call; changes save the whole event). */
export const scheduledEventsDataProvider: DataProvider = {
  async getList(_resource, params) {
    const all = sorted(await listScheduledEvents(), params);
    const q = String((params.filter as Record<string, unknown> | undefined)?.q ?? '').trim().toLowerCase();
    const rows = q ? all.filter((e) => `${e.name} ${e.description ?? ''} ${e.createdBy}`.toLowerCase().includes(q)) : all;
    const { page, perPage } = params.pagination ?? { page: 1, perPage: 25 };
    return { data: rows.slice((page - 1) * perPage, page * perPage) as never, total: rows.length };
  },
  getOne: async (_r, { id }) => ({ data: (await eventById(id)) as never }),
  async getMany(_r, { ids }) {
    const wanted = new Set(ids.map(Number));
    return { data: (await listScheduledEvents()).filter((e) => wanted.has(e.id)) as never };
  },
  getManyReference: () => Promise.reject(new ApiError(400, 'Non previsto per gli eventi programmati')),
  create: async (_r, { data }) => ({ data: (await saveScheduledEvent(data as SchemaEventInput)) as never }),
  async update(_r, { id, data }) {
    return { data: (await saveScheduledEvent({ ...(data as SchemaEventInput), id: Number(id) })) as never };
  },
  updateMany: () => Promise.reject(new ApiError(400, 'Non previsto per gli eventi programmati')),
  delete: async (_r, { id }) => ({ data: (await deleteScheduledEvent(Number(id))) as never }),
  async deleteMany(_r, { ids }) {
    for (const id of ids) await deleteScheduledEvent(Number(id));
    return { data: ids };
  },
};

/** `mails`: the outbox, read only. */
export const mailsDataProvider: DataProvider = simpleRestProvider('mail', { mails: { inputFields: [], readOnly: true } });
