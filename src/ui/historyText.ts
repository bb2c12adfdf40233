import { formatDate, formatMoney, formatNumber } from '@/ui/format';

/*
 * Every history screen reads its entries the same way: who by name, when as dd/mm/yyyy hh:mm, each
 * change as "Field label: before → after", with values as a person reads them: a reference by the
 * name or code the service gives (`oldText`/`newText`), a code by its Italian label, a date
 * dd/mm/yyyy, money in euro, yes/no for a flag; never JSON, an id or an ISO date.
 */

export interface HistoryChange {
  field: string;
  oldValue?: unknown;
  newValue?: unknown;
  oldText?: string;
  newText?: string;
}

export interface HistoryFormat {
  /** The field's Italian label. */
  fieldLabel: (field: string) => string;
  /** Fields holding a code, and the label of each code. */
  codes?: Record<string, (code: string) => string>;
  /** Fields holding an amount in euro. */
  money?: readonly string[];
  /** A field's own wording for a value (e.g. images named by what happened to them), or undefined. */
  special?: (change: HistoryChange) => string | undefined;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** "03/03/2026 10:15". */
export function whenText(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${formatDate(d)} ${d.toLocaleTimeString('it-IT', { hour: '2-digit', minute: '2-digit' })}`;
}

/** Who made the change: their full name; the account name only when the account has no name. */
export const whoText = (entry: { username: string; userFullName?: string }) => entry.userFullName || entry.username;

/** One value as a person reads it. */
export function valueText(field: string, value: unknown, format: HistoryFormat, text?: string): string {
  if (text) return text;
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Sì' : 'No';
  if (Array.isArray(value)) return value.length ? value.map((v) => valueText(field, v, format)).join(', ') : '—';
  if (typeof value === 'string' && format.codes?.[field]) return format.codes[field](value);
  if (typeof value === 'number' && format.money?.includes(field)) return formatMoney(value);
  if (typeof value === 'number') return formatNumber(value);
  if (typeof value === 'string' && ISO_DAY.test(value)) return formatDate(value);
  if (typeof value === 'string' && ISO_INSTANT.test(value)) return whenText(value);
  if (typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (o.name !== undefined) return o.role ? `${String(o.name)} (${String(o.role)})` : String(o.name);
    if (o.width !== undefined && o.height !== undefined) return `${String(o.width)}×${String(o.height)}`;
    return Object.values(o).map((v) => valueText(field, v, format)).join(' ');
  }
  return String(value);
}

/** "Stato: Pianificata → In corso"; a value set for the first time shows only the new one. */
export function changeText(c: HistoryChange, format: HistoryFormat): string {
  const special = format.special?.(c);
  if (special) return special;
  const before = c.oldValue === null || c.oldValue === undefined ? '' : `${valueText(c.field, c.oldValue, format, c.oldText)} → `;
  return `${format.fieldLabel(c.field)}: ${before}${valueText(c.field, c.newValue, format, c.newText)}`;
}
