/** A day as the services write it (`2026-03-01`), in local time. */
export function isoDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The default period of the media monitor screens: the last `days` days up to today. */
export function lastDays(days: number, today = new Date()): { dateStart: string; dateEnd: string } {
  const start = new Date(today);
  start.setDate(start.getDate() - days + 1);
  return { dateStart: isoDay(start), dateEnd: isoDay(today) };
}

export const isPeriod = (p: { dateStart?: string; dateEnd?: string }) =>
  Boolean(p.dateStart && p.dateEnd && p.dateStart <= p.dateEnd);
