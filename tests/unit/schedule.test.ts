import { describe, expect, it } from 'vitest';
import { cronOf, repetitionOf, scheduledRequest, timingOf } from '@/api/schedule';
import { dueAt, nextCronRun, parseCron } from '../../sandbox/services/scheduler';

/* Scheduled sends: the cron expressions the screens write, and when the sandbox's scheduler runs them. */

// Tuesday 3 March 2026, 9:30 in Rome (8:30 UTC).
const AT = new Date('2026-03-03T08:30:00Z');

describe('the schedule a send is given', () => {
  it('writes daily, weekly and monthly repetitions at the moment’s Rome time, weekday and day', () => {
    expect(cronOf('daily', AT)).toBe('0 30 9 * * *');
    expect(cronOf('weekly', AT)).toBe('0 30 9 * * TUE');
    expect(cronOf('monthly', AT)).toBe('0 30 9 3 * *');
    expect(timingOf({ repetition: 'once', at: AT })).toEqual({ runAt: '2026-03-03T08:30:00.000Z' });
    expect(timingOf({ repetition: 'weekly', at: AT })).toEqual({ cronExpression: '0 30 9 * * TUE', timezone: 'Europe/Rome' });
  });

  it('reads the repetition back, and any other cron expression as custom', () => {
    for (const r of ['daily', 'weekly', 'monthly'] as const) expect(repetitionOf({ cronExpression: cronOf(r, AT) })).toBe(r);
    expect(repetitionOf({ cronExpression: null })).toBe('once');
    expect(repetitionOf({ cronExpression: '0 0 8 * * MON-FRI' })).toBe('custom');
  });

  it('a repeated send lists the days since its previous run; a one-off keeps what was chosen', () => {
    const chosen = { mediaOwner: 'X', dateStart: '2026-03-01', dateEnd: '2026-03-02', auditIds: [4] };
    expect(scheduledRequest(chosen, 'weekly')).toEqual({ mediaOwner: 'X', lastDays: 7 });
    expect(scheduledRequest(chosen, 'daily')).toEqual({ mediaOwner: 'X', lastDays: 1 });
    expect(scheduledRequest(chosen, 'once')).toBe(chosen);
  });
});

describe('when the sandbox’s scheduler runs an event', () => {
  const created = '2026-03-03T08:30:00.000Z';
  const weekly = { cronExpression: '0 30 9 * * TUE', timezone: 'Europe/Rome', enabled: true, createdAt: created, lastRunAt: null };
  const t = (iso: string) => Date.parse(iso);

  it('runs a weekly event once its next moment has come, not before', () => {
    expect(dueAt(weekly, t(created), t('2026-03-10T08:29:59Z'))).toBe(false);
    expect(dueAt(weekly, t(created), t('2026-03-10T08:30:00Z'))).toBe(true);
  });

  it('does not run it again for the same moment, nor a disabled one, nor a one-off before its time', () => {
    const ran = { ...weekly, lastRunAt: '2026-03-10T08:30:00.000Z' };
    expect(dueAt(ran, t('2026-03-10T08:30:00Z'), t('2026-03-16T00:00:00Z'))).toBe(false);
    expect(dueAt({ ...weekly, enabled: false }, t(created), t('2026-04-01T00:00:00Z'))).toBe(false);
    const once = { runAt: '2026-03-05T10:00:00.000Z', enabled: true, createdAt: created };
    expect(dueAt(once, t(created), t('2026-03-05T09:59:00Z'))).toBe(false);
    expect(dueAt(once, t(created), t('2026-03-05T10:00:00Z'))).toBe(true);
    expect(dueAt({ ...once, lastRunAt: '2026-03-05T10:00:00.000Z' }, t('2026-03-05T10:00:00Z'), t('2026-03-09T00:00:00Z'))).toBe(false);
  });

  it('reads the cron expression in its time zone', () => {
    expect(nextCronRun(parseCron('0 30 9 * * TUE'), 'Europe/Rome', t(created))?.toISOString()).toBe('2026-03-10T08:30:00.000Z');
  });
});
