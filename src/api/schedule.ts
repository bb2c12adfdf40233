import type { SchemaSecretariatSendRequest, SchemaSupplierSendRequest } from './generated/audit';
import type { SchemaEvent, SchemaEventInput } from './generated/scheduler';
import { auditCallbackUrl } from './sends';

/*
 * Scheduled sends as the scheduler takes them: when (a moment, or a daily, weekly or monthly cron
 * expression read in the business's time zone) and what (the send operation as the callback).
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

/** A repetition as the screens show it: `custom` for a cron expression `cronOf` does not write. */
export type EventRepetition = Repetition | 'custom';

/** How an event repeats, read back from its cron expression (the forms `cronOf` writes). */
export function repetitionOf(event: Pick<SchemaEvent, 'cronExpression'>): EventRepetition {
  const cron = event.cronExpression;
  if (!cron) return 'once';
  const time = String.raw`0 \d{1,2} \d{1,2}`;
  if (new RegExp(`^${time} \\* \\* \\*$`).test(cron)) return 'daily';
  if (new RegExp(`^${time} \\* \\* (${DOW.join('|')})$`).test(cron)) return 'weekly';
  if (new RegExp(`^${time} \\d{1,2} \\* \\*$`).test(cron)) return 'monthly';
  return 'custom';
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
