import { describe, expect, it } from 'vitest';
import { dayStates, daysOf, periodProblem } from '@/ui/AvailabilityTimeline';

describe('the availability timeline of a planning search', () => {
  it('lists every calendar day of the period, both ends included, across a month end', () => {
    expect(daysOf('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(daysOf('2026-03-01', '2026-03-01')).toEqual(['2026-03-01']);
  });

  it('marks the days this planning books, the days another planning holds, and the free ones', () => {
    const days = daysOf('2026-03-01', '2026-03-06');
    const bookings = [
      { planningId: 7, periodStart: '2026-02-20', periodEnd: '2026-03-02' },
      { planningId: 3, periodStart: '2026-03-04', periodEnd: '2026-03-04' },
      // Another planning overlapping this one's own days: the own booking wins.
      { planningId: 9, periodStart: '2026-03-04', periodEnd: '2026-03-05' },
    ];
    expect(dayStates(days, bookings, 3)).toEqual(['taken', 'taken', 'free', 'mine', 'taken', 'free']);
  });

  it("on a system's own calendar (no planning) every booked day is taken", () => {
    const days = daysOf('2026-03-01', '2026-03-04');
    const bookings = [
      { planningId: 3, periodStart: '2026-03-02', periodEnd: '2026-03-02' },
      { planningId: 7, periodStart: '2026-03-04', periodEnd: '2026-03-09' },
    ];
    expect(dayStates(days, bookings)).toEqual(['free', 'taken', 'free', 'taken']);
  });

  it('refuses a period with a day missing, ending before it starts, or longer than allowed', () => {
    expect(periodProblem('', '2026-03-01', 366)).toBe('missing');
    expect(periodProblem('2026-03-02', '2026-03-01', 366)).toBe('order');
    expect(periodProblem('2026-01-01', '2026-12-31', 365)).toBeUndefined();
    expect(periodProblem('2026-01-01', '2027-01-01', 365)).toBe('long');
    expect(periodProblem('2026-03-01', '2026-03-01', 1)).toBeUndefined();
  });
});
