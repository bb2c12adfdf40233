import { describe, expect, it } from 'vitest';
import { dayOfExpiry, expiryOfDay } from '@/pages/shared/expiry';

/* The share panel's expiry: a day picked by staff ↔ the instant the share service stores. */

describe('a link expiry picked as a day', () => {
  it('lasts through the whole picked day, local time, and stops at its end', () => {
    const expiry = new Date(expiryOfDay('2026-12-31')!);
    expect([expiry.getFullYear(), expiry.getMonth(), expiry.getDate(), expiry.getHours(), expiry.getMinutes()]).toEqual([2026, 11, 31, 23, 59]);
    expect(expiry.getTime()).toBeLessThan(new Date(2027, 0, 1).getTime());
  });

  it('an empty day is "nessuna scadenza": null for the service', () => {
    expect(expiryOfDay('')).toBeNull();
  });

  it('reads back as the same day, and a share without expiry as an empty field', () => {
    expect(dayOfExpiry(expiryOfDay('2027-03-05'))).toBe('2027-03-05');
    expect(dayOfExpiry(null)).toBe('');
    expect(dayOfExpiry(undefined)).toBe('');
  });
});
