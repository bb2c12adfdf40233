import { formatDate } from '@/ui/format';

/*
 * The numbers behind the dashboards' charts, kept apart from the chart components so that they are
 * tested without a browser and without the chart library.
 */

export interface Datum {
  label: string;
  value: number;
}

/** A count per key, largest first. */
export function countBy<T>(
  items: T[],
  key: (item: T) => string,
  value: (item: T) => number = () => 1,
): Datum[] {
  const map = new Map<string, number>();
  for (const item of items) map.set(key(item), (map.get(key(item)) ?? 0) + value(item));
  return [...map]
    .map(([label, v]) => ({ label, value: v }))
    .sort((a, b) => b.value - a.value || a.label.localeCompare(b.label, 'it'));
}

/** Month (`2026-03`) or day buckets of a period, every bucket present (zero where nothing happened). */
export function timeBuckets(dateStart: string, dateEnd: string): { unit: 'day' | 'month'; labels: string[] } {
  const start = new Date(`${dateStart}T00:00:00Z`);
  const end = new Date(`${dateEnd}T00:00:00Z`);
  const days = Math.round((end.getTime() - start.getTime()) / 86400000) + 1;
  const labels: string[] = [];
  if (days <= 62) {
    for (let d = new Date(start); d <= end; d.setUTCDate(d.getUTCDate() + 1))
      labels.push(d.toISOString().slice(0, 10));
    return { unit: 'day', labels };
  }
  for (
    let d = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), 1));
    d <= end;
    d.setUTCMonth(d.getUTCMonth() + 1)
  )
    labels.push(d.toISOString().slice(0, 7));
  return { unit: 'month', labels };
}

export function overTime<T>(
  items: T[],
  day: (item: T) => string,
  dateStart: string,
  dateEnd: string,
  value: (item: T) => number = () => 1,
): Datum[] {
  const { unit, labels } = timeBuckets(dateStart, dateEnd);
  const map = new Map(labels.map((l) => [l, 0]));
  for (const item of items) {
    const key = unit === 'day' ? day(item).slice(0, 10) : day(item).slice(0, 7);
    if (map.has(key)) map.set(key, map.get(key)! + value(item));
  }
  return [...map].map(([label, v]) => ({ label, value: v }));
}

const MONTH = {
  long: new Intl.DateTimeFormat('it-IT', { month: 'long', year: 'numeric', timeZone: 'UTC' }),
  short: new Intl.DateTimeFormat('it-IT', { month: 'short', year: '2-digit', timeZone: 'UTC' }),
};

/**
 * A time bucket of `timeBuckets` as a person reads it: `2026-03-05` → "05/03/2026" (short: "05/03"),
 * `2026-03` → "marzo 2026" (short: "mar 26"). The short form is for axis ticks, where many sit side
 * by side. Anything else is returned unchanged.
 */
export function periodLabel(bucket: string, length: 'long' | 'short' = 'long'): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(bucket)) {
    const date = formatDate(bucket);
    return length === 'short' ? date.slice(0, 5) : date;
  }
  const month = /^(\d{4})-(\d{2})$/.exec(bucket);
  if (month) return MONTH[length].format(new Date(Date.UTC(Number(month[1]), Number(month[2]) - 1, 1)));
  return bucket;
}
