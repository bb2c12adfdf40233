import { isoDay } from '@/ui/period';

/*
 * A link's expiry is picked as a day: the link works through that whole day, in the user's own
 * time, and stops at its end. The service stores an instant.
 */

/** 'YYYY-MM-DD' → the last second of that day, local time, as the service's date-time; '' → null (never expires). */
export function expiryOfDay(day: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return null;
  return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 23, 59, 59).toISOString();
}

/** The service's expiry → the local day it falls on, 'YYYY-MM-DD'; '' when the link never expires. */
export function dayOfExpiry(expiresAt: string | null | undefined): string {
  if (!expiresAt) return '';
  const d = new Date(expiresAt);
  return Number.isNaN(d.getTime()) ? '' : isoDay(d);
}
