import type { AvailabilityFilter } from '@/dataProviders';
import { isoDay } from '@/ui/period';

/*
 * The availability screen's filters live in the URL (`/availability?periodStart=…&step=…`), so a
 * notice's link (`/availability?frameId=11&periodStart=2026-03-02`) opens the face it names.
 */

/** The longest period the service answers: 53 weeks from the first day. */
export const MAX_DAYS = 53 * 7;
/** Columns shown when the URL names no end: eight weeks or eight 14-day cycles. */
const DEFAULT_COLUMNS = 8;
export const STEPS = ['week', 'cycle14'] as const;
export const PER_PAGE_OPTIONS = [25, 50, 100];

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const FORMAT = /^[0-9]{1,5}x[0-9]{1,5}$/;

export const isDay = (value: string | null | undefined): value is string =>
  Boolean(value && DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)));

/** `day` moved by `days` (ISO days, no time zone). */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const daysBetween = (a: string, b: string) => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);

/** The Monday of the week of `today`. */
export function mondayOf(today: Date): string {
  const day = isoDay(today);
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

export interface ScreenState {
  filter: AvailabilityFilter;
  page: number;
  perPage: number;
}

const positive = (value: string | null): number | undefined => {
  const n = Number(value);
  return value && Number.isSafeInteger(n) && n > 0 ? n : undefined;
};

/** The screen's state from the URL: defaults for what is missing or unreadable. */
export function readState(params: URLSearchParams, today = new Date()): ScreenState {
  const step = params.get('step') === 'cycle14' ? 'cycle14' : 'week';
  const start = isDay(params.get('periodStart')) ? params.get('periodStart')! : mondayOf(today);
  const end = params.get('periodEnd');
  const span = (step === 'cycle14' ? 14 : 7) * DEFAULT_COLUMNS;
  const periodEnd = isDay(end) && end >= start && daysBetween(start, end) <= MAX_DAYS ? end : addDays(start, span - 1);
  const filter: AvailabilityFilter = { periodStart: start, periodEnd, step };
  for (const key of ['q', 'municipality'] as const) {
    const value = params.get(key)?.trim();
    if (value) filter[key] = value;
  }
  const format = params.get('format')?.trim();
  if (format && FORMAT.test(format)) filter.format = format;
  const systemType = params.get('systemType');
  if (systemType) filter.systemType = systemType as AvailabilityFilter['systemType'];
  const circuitId = positive(params.get('circuitId'));
  if (circuitId) filter.circuitId = circuitId;
  const frameIds = params.getAll('frameId').map((v) => positive(v)).filter((v): v is number => v !== undefined);
  if (frameIds.length) filter.frameIds = frameIds;
  const perPage = Number(params.get('perPage'));
  return {
    filter,
    page: positive(params.get('page')) ?? 1,
    perPage: PER_PAGE_OPTIONS.includes(perPage) ? perPage : PER_PAGE_OPTIONS[0],
  };
}

/** The URL of a state (what is default or empty left out, except the period). */
export function writeState({ filter, page, perPage }: ScreenState): URLSearchParams {
  const params = new URLSearchParams();
  params.set('periodStart', filter.periodStart);
  params.set('periodEnd', filter.periodEnd);
  if (filter.step === 'cycle14') params.set('step', 'cycle14');
  for (const key of ['q', 'municipality', 'format', 'systemType'] as const) {
    const value = filter[key]?.trim();
    if (value) params.set(key, value);
  }
  if (filter.circuitId) params.set('circuitId', String(filter.circuitId));
  for (const id of filter.frameIds ?? []) params.append('frameId', String(id));
  if (page > 1) params.set('page', String(page));
  if (perPage !== PER_PAGE_OPTIONS[0]) params.set('perPage', String(perPage));
  return params;
}

/** The message keys of what is wrong with a draft of the filters, by field; empty when it may be applied. */
export function filterErrors(draft: { periodStart: string; periodEnd: string; format?: string }): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!isDay(draft.periodStart)) errors.periodStart = 'resources.availability.errors.day';
  if (!isDay(draft.periodEnd)) errors.periodEnd = 'resources.availability.errors.day';
  else if (isDay(draft.periodStart)) {
    if (draft.periodEnd < draft.periodStart) errors.periodEnd = 'resources.availability.errors.end_before_start';
    else if (daysBetween(draft.periodStart, draft.periodEnd) > MAX_DAYS) errors.periodEnd = 'resources.availability.errors.too_long';
  }
  const format = draft.format?.trim();
  if (format && !FORMAT.test(format)) errors.format = 'resources.availability.errors.format';
  return errors;
}
