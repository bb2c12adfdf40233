import type { components, operations } from '../../src/api/generated/scheduler';
import type { Db } from '../db';
import { expireDue } from '../shared/reservations';
import { HttpError } from '../http';
import { deleteRecord, getRecord, guardedUpdate, inRecords, insertRecord, lockVersionOf, updateRecord, type StoredRecord } from '../store';
import type { SeedOptions } from '../seed/options';
import { defineHandlers } from '../typed';
import { advanceClock, clock, onClockMove, resetClock } from '../clock';
import { issueTokens } from '../auth';
import type { InternalServices, SandboxServices } from '../http';
import { sendMailAs } from '../shared/mail';

/*
 * The scheduler service: events (collection `scheduler_events` of the record store). The sandbox
 * stores them, computes when each fires next on its clock, and runs each callback when its time
 * comes (`startScheduler`): when the clock moves and every minute.
 */

type Event = components['schemas']['Event'];
type Callback = components['schemas']['Callback'];

const DEFAULT_TIMEZONE = 'Europe/Rome';

/* ---------- Spring cron expressions ---------- */

interface CronField {
  values: Set<number>;
  any: boolean;
}

interface Cron {
  second: CronField;
  minute: CronField;
  hour: CronField;
  dayOfMonth: CronField;
  month: CronField;
  dayOfWeek: CronField;
  year?: CronField;
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const DAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];

function parseField(text: string, min: number, max: number, names: string[] = [], nameBase = 0): CronField {
  const value = (s: string): number => {
    const i = names.indexOf(s.toUpperCase());
    const n = i >= 0 ? i + nameBase : /^\d+$/.test(s) ? Number(s) : NaN;
    if (!Number.isInteger(n) || n < min || n > max) throw new Error(s);
    return n;
  };
  if (text === '*' || text === '?') return { values: new Set(), any: true };
  const values = new Set<number>();
  for (const part of text.split(',')) {
    const [range, stepText] = part.split('/');
    const step = stepText === undefined ? 1 : Number(stepText);
    if (!Number.isInteger(step) || step < 1) throw new Error(part);
    let from: number;
    let to: number;
    if (range === '*' || range === '?') [from, to] = [min, max];
    else if (range.includes('-')) {
      const [a, b] = range.split('-');
      [from, to] = [value(a), value(b)];
      if (to < from) throw new Error(part);
    } else {
      from = value(range);
      to = stepText === undefined ? from : max;
    }
    for (let n = from; n <= to; n += step) values.add(n);
  }
  return { values, any: false };
}

/** Parses a Spring cron expression (second minute hour day-of-month month day-of-week [year]). */
export function parseCron(expression: string): Cron {
  const f = expression.trim().split(/\s+/);
  if (f.length !== 6 && f.length !== 7) throw new HttpError(400, 'Espressione cron non valida: servono 6 campi (più l\'anno, facoltativo)');
  try {
    const dayOfWeek = parseField(f[5], 0, 7, DAYS);
    if (dayOfWeek.values.has(7)) dayOfWeek.values.add(0); // 7 is Sunday too
    return {
      second: parseField(f[0], 0, 59),
      minute: parseField(f[1], 0, 59),
      hour: parseField(f[2], 0, 23),
      dayOfMonth: parseField(f[3], 1, 31),
      month: parseField(f[4], 1, 12, MONTHS, 1),
      dayOfWeek,
      year: f[6] ? parseField(f[6], 1970, 2199) : undefined,
    };
  } catch (error) {
    throw new HttpError(400, `Espressione cron non valida: ${expression}`, {
      errors: [{ path: '/body/cronExpression', message: `elemento non valido: ${error instanceof Error ? error.message : String(error)}` }],
    });
  }
}

const matches = (field: CronField | undefined, n: number) => !field || field.any || field.values.has(n);
const valuesOf = (field: CronField, min: number, max: number) => {
  const out: number[] = [];
  for (let n = min; n <= max; n++) if (matches(field, n)) out.push(n);
  return out;
};

const formatters = new Map<string, Intl.DateTimeFormat>();
function wallClock(instant: number, timeZone: string): number[] {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    formatters.set(timeZone, f);
  }
  const parts = Object.fromEntries(f.formatToParts(new Date(instant)).map((p) => [p.type, p.value]));
  return [Number(parts.year), Number(parts.month), Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second)];
}

/** The instant at which the wall clock of `timeZone` shows the given time. */
function instantOf(y: number, mo: number, d: number, h: number, mi: number, s: number, timeZone: string): number {
  const asUtc = Date.UTC(y, mo - 1, d, h, mi, s);
  const offsetAt = (t: number) => {
    const [Y, M, D, H, Mi, S] = wallClock(t, timeZone);
    return Date.UTC(Y, M - 1, D, H, Mi, S) - t;
  };
  const first = asUtc - offsetAt(asUtc);
  return asUtc - offsetAt(first);
}

export function validTimezone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** The first moment after `after` that the expression matches, read in `timeZone`; null within 30 years. */
export function nextCronRun(cron: Cron, timeZone: string, after = Date.now()): Date | null {
  const [y0, m0, d0, h0, mi0, s0] = wallClock(after, timeZone);
  const hours = valuesOf(cron.hour, 0, 23);
  const minutes = valuesOf(cron.minute, 0, 59);
  const seconds = valuesOf(cron.second, 0, 59);
  for (let k = 0; k < 366 * 30; k++) {
    const day = new Date(Date.UTC(y0, m0 - 1, d0 + k));
    const [y, mo, d, dow] = [day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate(), day.getUTCDay()];
    if (!matches(cron.year, y) || !matches(cron.month, mo) || !matches(cron.dayOfMonth, d) || !matches(cron.dayOfWeek, dow)) continue;
    for (const h of hours) {
      if (k === 0 && h < h0) continue;
      for (const mi of minutes) {
        if (k === 0 && h === h0 && mi < mi0) continue;
        for (const s of seconds) {
          if (k === 0 && h === h0 && mi === mi0 && s <= s0) continue;
          const t = instantOf(y, mo, d, h, mi, s, timeZone);
          if (t > after) return new Date(t);
        }
      }
    }
  }
  return null;
}

/* ---------- events ---------- */

function nextRunOf(record: Record<string, unknown>): string | null {
  if (record.enabled === false) return null;
  if (typeof record.runAt === 'string') return Date.parse(record.runAt) > clock.now().getTime() ? record.runAt : null;
  if (typeof record.cronExpression === 'string') {
    try {
      return nextCronRun(parseCron(record.cronExpression), String(record.timezone ?? DEFAULT_TIMEZONE), clock.now().getTime())?.toISOString() ?? null;
    } catch {
      return null;
    }
  }
  return null;
}

function toEvent(record: StoredRecord): Event {
  return {
    id: record.id,
    name: String(record.name),
    ...(typeof record.description === 'string' ? { description: record.description } : {}),
    cronExpression: (record.cronExpression as string | null | undefined) ?? null,
    runAt: (record.runAt as string | null | undefined) ?? null,
    timezone: String(record.timezone ?? DEFAULT_TIMEZONE),
    enabled: record.enabled !== false,
    callback: record.callback as Callback,
    createdAt: String(record.createdAt),
    createdBy: String(record.createdBy),
    lastRunAt: (record.lastRunAt as string | null | undefined) ?? null,
    nextRunAt: nextRunOf(record),
    lastRunResult: (record.lastRunResult as Event['lastRunResult'] | undefined) ?? null,
    ...lockVersionOf(record),
  };
}

const isUniqueViolation = (error: unknown) => Boolean(error && typeof error === 'object' && (error as { code?: unknown }).code === '23505');

/** The authentication URL of this sandbox: the user service's token endpoint. */
export const authenticationUrlOf = (origin: string) => `${origin.replace(/\/+$/, '')}/user/oauth/token`;

export const handlers = defineHandlers<operations>({
  async saveEvent(ctx) {
    const input = ctx.body;
    const cronExpression = 'cronExpression' in input ? input.cronExpression : null;
    const runAt = 'runAt' in input ? new Date(input.runAt).toISOString() : null;
    const timezone = input.timezone ?? DEFAULT_TIMEZONE;
    if (!validTimezone(timezone)) {
      throw new HttpError(400, `Fuso orario sconosciuto: ${timezone}`, { errors: [{ path: '/body/timezone', message: 'deve essere un fuso orario IANA' }] });
    }
    if (cronExpression) parseCron(cronExpression);
    const callback: Callback = {
      url: input.callback.url,
      method: input.callback.method,
      authenticationUrl: input.callback.authenticationUrl ?? authenticationUrlOf(ctx.origin),
      ...(input.callback.headers ? { headers: input.callback.headers } : {}),
      ...(input.callback.body ? { body: input.callback.body } : {}),
    };
    const data: Record<string, unknown> = {
      name: input.name.trim(),
      description: input.description ?? null,
      cronExpression,
      runAt,
      timezone,
      enabled: input.enabled ?? true,
      callback,
    };
    if (data.description === null) delete data.description;
    try {
      return await guardedUpdate(ctx, inRecords('scheduler_events', Number(input.id ?? 0), 'invio programmato'), async (tx) => {
        const id = input.id === undefined ? undefined : Number(input.id);
        const existing = id === undefined ? undefined : await getRecord(tx, 'scheduler_events', id);
        if (id !== undefined && !existing) throw new HttpError(404, 'Evento non trovato');
        const { rows } = await tx.query(
          `SELECT 1 FROM records WHERE collection = 'scheduler_events' AND lower(data->>'name') = lower($1) AND id <> $2`,
          [data.name, id ?? 0],
        );
        if (rows.length) throw new HttpError(409, 'Esiste già un evento con questo nome');
        if (existing) {
          const kept = { createdAt: existing.createdAt, createdBy: existing.createdBy, lastRunAt: existing.lastRunAt ?? null, lastRunResult: existing.lastRunResult ?? null };
          return toEvent((await updateRecord(tx, 'scheduler_events', existing.id, { ...data, ...kept }, false))!);
        }
        return toEvent(await insertRecord(tx, 'scheduler_events', { ...data, createdAt: clock.now().toISOString(), createdBy: ctx.user!.username, lastRunAt: null }));
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(409, 'Esiste già un evento con questo nome');
      throw error;
    }
  },

  async listEvents(ctx) {
    const { rows } = await ctx.db.query<{ id: string; data: Record<string, unknown> }>(`SELECT id, data FROM records WHERE collection = 'scheduler_events'`);
    const events = rows.map((r) => toEvent({ ...r.data, id: Number(r.id) }));
    const key = (e: Event) => (e.nextRunAt ? Date.parse(e.nextRunAt) : Number.POSITIVE_INFINITY);
    return events.sort((a, b) => key(a) - key(b) || a.id - b.id);
  },

  async deleteEvent(ctx) {
    const deleted = await deleteRecord(ctx.db, 'scheduler_events', Number(ctx.query.id));
    if (!deleted) throw new HttpError(404, 'Evento non trovato');
    return toEvent(deleted);
  },
});

/* ---------- running the callbacks ---------- */

type RunResult = components['schemas']['RunResult'];

/**
 * When an event is due at `now`: its first moment after the last one considered (its last run, its
 * creation, or the scheduler's previous check, whichever is latest) is not later than `now`.
 * Moments missed while the sandbox was stopped are skipped, not caught up.
 */
export function dueAt(record: Record<string, unknown>, checkedUntil: number, now: number): boolean {
  if (record.enabled === false) return false;
  const since = Math.max(checkedUntil, Date.parse(String(record.createdAt ?? '')) || 0, Date.parse(String(record.lastRunAt ?? '')) || 0);
  if (typeof record.runAt === 'string') {
    const at = Date.parse(record.runAt);
    return at > since && at <= now;
  }
  if (typeof record.cronExpression !== 'string') return false;
  try {
    const next = nextCronRun(parseCron(record.cronExpression), String(record.timezone ?? DEFAULT_TIMEZONE), since);
    return next !== null && next.getTime() <= now;
  } catch {
    return false;
  }
}

/**
 * Runs one callback: a token for the event's author (what its authentication URL would give the
 * scheduler), then the call. Only the sandbox's own addresses are called: nothing leaves the machine.
 */
async function runCallback(db: Db, origin: string, record: StoredRecord): Promise<RunResult> {
  const callback = record.callback as Callback;
  let url: URL;
  try {
    url = new URL(callback.url);
  } catch {
    return { ok: false, status: 0, message: `Indirizzo non valido: ${callback.url}` };
  }
  if (url.origin !== new URL(origin).origin) return { ok: false, status: 0, message: `Indirizzo fuori dalla sandbox, non chiamato: ${url.origin}` };
  const { access_token } = await issueTokens(db, String(record.createdBy));
  try {
    const response = await fetch(url, {
      method: callback.method,
      headers: {
        Authorization: `Bearer ${access_token}`,
        'X-Username': String(record.createdBy),
        ...(callback.body ? { 'Content-Type': 'application/json' } : {}),
        ...(callback.headers ?? {}),
      },
      body: callback.body ? JSON.stringify(callback.body) : undefined,
    });
    const text = await response.text();
    let message = response.ok ? 'Eseguito' : response.statusText;
    try {
      const parsed = JSON.parse(text) as { message?: unknown };
      if (!response.ok && typeof parsed.message === 'string') message = parsed.message;
    } catch {
      // not JSON: the status text says it
    }
    return { ok: response.ok, status: response.status, message };
  } catch (error) {
    return { ok: false, status: 0, message: `Servizio non raggiungibile: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/** A failed run is told to the event's author by mail, so the outbox shows it. */
async function mailFailure(services: InternalServices, db: Db, record: StoredRecord, result: RunResult): Promise<void> {
  const { rows } = await db.query<{ email: string | null }>(`SELECT data->>'email' AS email FROM users WHERE username = $1`, [String(record.createdBy)]);
  await sendMailAs(services as SandboxServices, db, {
    to: rows[0]?.email || `${String(record.createdBy)}@localhost`,
    subject: `Invio programmato non riuscito: ${String(record.name)}`,
    body: `L'evento programmato «${String(record.name)}» non è riuscito (${result.status || 'nessuna risposta'}): ${result.message}`,
    kind: 'generic',
    sentBy: 'system',
    relatedResource: null,
  });
}

export interface SchedulerRunner {
  /** Runs every event due on the sandbox's clock (or by `atMs`, a later instant); resolves when they have run. */
  runDue(atMs?: number): Promise<void>;
  stop(): void;
}

/** Runs the due events when the clock moves and every `intervalMs`, each once per due moment. */
export function startScheduler(options: { db: Db; services: InternalServices; origin: string; intervalMs?: number; log?: (line: string) => void }): SchedulerRunner {
  const { db, services, origin } = options;
  let checkedUntil = clock.now().getTime();
  let running: Promise<void> = Promise.resolve();
  const check = async (atMs?: number) => {
    const now = Math.max(atMs ?? clock.now().getTime(), checkedUntil);
    const { rows } = await db.query<{ id: string; data: Record<string, unknown> }>(`SELECT id, data FROM records WHERE collection = 'scheduler_events' ORDER BY id`);
    const due = rows.filter((r) => dueAt(r.data, checkedUntil, now));
    checkedUntil = now;
    for (const row of due) {
      const record = { ...r(row) };
      const result = await runCallback(db, origin, record);
      await updateRecord(db, 'scheduler_events', record.id, { lastRunAt: new Date(now).toISOString(), lastRunResult: result }, true);
      if (!result.ok) await mailFailure(services, db, record, result);
      options.log?.(`Evento programmato ${record.id} «${String(record.name)}»: ${result.ok ? 'eseguito' : `non riuscito (${result.message})`}`);
    }
  };
  const r = (row: { id: string; data: Record<string, unknown> }): StoredRecord => ({ ...row.data, id: Number(row.id) }) as StoredRecord;
  const runDue = (atMs?: number) => {
    running = running.then(() => check(atMs)).catch((error: unknown) => options.log?.(`Eventi programmati: ${error instanceof Error ? error.message : String(error)}`));
    return running;
  };
  const unsubscribe = onClockMove(() => runDue());
  const timer = setInterval(() => void runDue(), options.intervalMs ?? 60_000);
  timer.unref();
  return {
    runDue,
    stop: () => {
      unsubscribe();
      clearInterval(timer);
    },
  };
}

/**
 * Tests only (served at POST /internal/clock with `--test-mailbox`): moves the sandbox's clock by
 * `advanceSeconds` (or back to the real time with `reset=1`), then runs the events now due and
 * expires the options due. With `back=1` the clock itself does not move: the events due by that
 * later instant run and the options due by then expire, and every other caller keeps the sandbox's
 * time (a session checked meanwhile is not 8 days older for a moment).
 */
export function moveClock(runner: SchedulerRunner) {
  return Object.assign(
    async (db: Db, query: URLSearchParams) => {
      if (query.get('reset') === '1') {
        await resetClock();
        return { now: clock.now().toISOString() };
      }
      const seconds = Number(query.get('advanceSeconds'));
      if (!Number.isFinite(seconds)) throw new HttpError(400, 'Indicare advanceSeconds (secondi, un numero)');
      if (query.get('back') === '1') {
        const at = clock.now().getTime() + seconds * 1000;
        await runner.runDue(at);
        // The options and queue places that will have expired by then, expired now.
        await expireDue(db, new Date(at));
        return { now: new Date(at).toISOString() };
      }
      await advanceClock(seconds * 1000);
      await runner.runDue();
      await expireDue(db);
      return { now: clock.now().toISOString() };
    },
    { method: 'POST' as const },
  );
}

export async function seed(db: Db, _options: SeedOptions): Promise<void> {
  const origin = 'http://127.0.0.1:8787';
  const events = [
    {
      name: 'Report rilevazioni giornaliero',
      description: 'Invia ogni mattina il riepilogo delle rilevazioni agli agenti.',
      cronExpression: '0 0 8 * * MON-FRI',
      runAt: null,
      timezone: DEFAULT_TIMEZONE,
      enabled: true,
      callback: { url: `${origin}/audit/v1/detection/all`, method: 'GET', authenticationUrl: authenticationUrlOf(origin) },
      createdAt: '2026-02-02T09:00:00.000Z',
      createdBy: 'mediamonitor',
      lastRunAt: null,
    },
    {
      name: 'Avvio campagna primavera Milano',
      description: 'Attiva la campagna il primo giorno di affissione.',
      cronExpression: null,
      runAt: '2026-04-01T06:00:00.000Z',
      timezone: DEFAULT_TIMEZONE,
      enabled: true,
      callback: {
        url: `${origin}/campaign/v1/campaigns/1`,
        method: 'PUT',
        authenticationUrl: authenticationUrlOf(origin),
        headers: { 'X-Origin': 'scheduler' },
        body: { status: 'active' },
      },
      createdAt: '2026-02-20T10:10:00.000Z',
      createdBy: 'sales',
      lastRunAt: null,
    },
  ];
  for (const event of events) await insertRecord(db, 'scheduler_events', event);
}
