import { clock } from '../clock';
import { HttpError } from '../http';

/* Small rules several services apply the same way. */

export const MB = 1024 * 1024;

/** Today's date (UTC) and the instant, both read from the sandbox's clock. */
export const today = (): string => clock.now().toISOString().slice(0, 10);
export const nowIso = (): string => clock.now().toISOString().replace(/\.\d{3}Z$/, 'Z');

/** Half up to the cent. */
export const cents = (value: number) => Math.round((value + Number.EPSILON) * 100) / 100;

export interface Change {
  field: string;
  oldValue: unknown;
  newValue: unknown;
}

/**
 * The fields that differ between two versions of a record, as the history service lists them:
 * the given fields, or every field either version has.
 */
export function diff(before: Record<string, unknown>, after: Record<string, unknown>, fields?: readonly string[]): Change[] {
  const keys = fields ?? [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys
    .filter((f) => JSON.stringify(before[f] ?? null) !== JSON.stringify(after[f] ?? null))
    .map((f) => ({ field: f, oldValue: before[f] ?? null, newValue: after[f] ?? null }));
}

export interface PeriodNames {
  /** Where the end travels, e.g. `/body/periodEnd` or `/query/dateEnd`. */
  endPath: string;
  startName: string;
  message: string;
}

const BODY_PERIOD: PeriodNames = { endPath: '/body/periodEnd', startName: 'periodStart', message: 'La fine del periodo non può precedere l’inizio' };

/** A period whose end precedes its start is a 400 naming the end (ISO dates compare as text). */
export function checkPeriod(start: unknown, end: unknown, names: Partial<PeriodNames> = {}): void {
  const { endPath, startName, message } = { ...BODY_PERIOD, ...names };
  if (typeof start === 'string' && typeof end === 'string' && end < start) {
    throw new HttpError(400, message, { errors: [{ path: endPath, message: `non può precedere ${startName}` }] });
  }
}
