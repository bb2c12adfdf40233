// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { planPlayLogs, type PlayLogInput } from '../../sandbox/seed/playLogs';
import { rng } from '../../sandbox/seed/random';

/* The DOOH analytics seed varies by day, by device and by campaign, the same way on every run. */

const DAYS = 728;
const END = new Date(Date.UTC(2026, 10, 23));
const input = (): PlayLogInput => ({
  deviceIds: Array.from({ length: 300 }, (_, i) => 1001 + i),
  campaigns: Array.from({ length: 14 }, (_, i) => ({ id: 4377 + i, creativeIds: i < 6 ? [80 + 2 * i, 81 + 2 * i] : [] })),
  creativeIds: Array.from({ length: 12 }, (_, i) => 80 + i),
  end: END,
  days: DAYS,
  rng: rng(20260302),
});
const plan = planPlayLogs(input());
const day = (iso: string) => iso.slice(0, 10);
const countBy = <K>(keys: K[]) => keys.reduce((m, k) => m.set(k, (m.get(k) ?? 0) + 1), new Map<K, number>());
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

describe('the DOOH play logs of the seed', () => {
  it('are the same for the same seed and end day', () => {
    expect(planPlayLogs(input())).toEqual(plan);
  });

  it('keep to the sample size and the two-year window that ends yesterday', () => {
    const n = plan.playedAt.length;
    expect(n).toBeGreaterThan(300 * 130 * 0.8);
    expect(n).toBeLessThan(300 * 130 * 1.2);
    const sorted = [...plan.playedAt].sort();
    expect(day(sorted[0])).toBe('2024-11-25');
    expect(day(sorted.at(-1)!)).toBe('2026-11-22');
  });

  it('fall on most days, not every 7th, and the days differ', () => {
    const recent = plan.playedAt.filter((t) => t >= '2026-08-25');
    const perDay = countBy(recent.map(day));
    expect(perDay.size).toBeGreaterThan(85);
    const counts = [...perDay.values()];
    expect(new Set(counts).size).toBeGreaterThan(30);
    expect(Math.max(...counts)).toBeGreaterThan(2 * Math.min(...counts));
  });

  it('follow each place: stations busier on weekdays, shopping centres at the weekend', () => {
    const rate = (venue: string, weekend: boolean) => {
      const plays = plan.playedAt.filter((t, i) => plan.venueOf[plan.deviceId[i]] === venue && [0, 6].includes(new Date(t).getUTCDay()) === weekend).length;
      return plays / (weekend ? 2 : 5);
    };
    expect(rate('stazione', false)).toBeGreaterThan(1.4 * rate('stazione', true));
    expect(rate('centro commerciale', true)).toBeGreaterThan(1.3 * rate('centro commerciale', false));
  });

  it('have an hour-of-day shape: none at night, rush hours above mid-morning at stations', () => {
    const hours = plan.playedAt.map((t) => new Date(t).getUTCHours());
    expect(hours.filter((h) => h < 5).length).toBe(0);
    const station = plan.playedAt.filter((_, i) => plan.venueOf[plan.deviceId[i]] === 'stazione').map((t) => new Date(t).getUTCHours());
    const at = countBy(station);
    expect(at.get(8)!).toBeGreaterThan(2 * at.get(11)!);
  });

  it('differ by device: busy screens play several times the median one, quiet ones half as much', () => {
    const perDevice = [...countBy(plan.deviceId).values()];
    expect(perDevice.length).toBeGreaterThan(250);
    expect(Math.max(...perDevice)).toBeGreaterThan(3 * median(perDevice));
    expect(Math.min(...perDevice)).toBeLessThan(median(perDevice) / 2);
    const audience = new Map<number, number>();
    plan.deviceId.forEach((id, i) => audience.set(id, (audience.get(id) ?? 0) + plan.audience[i]));
    expect(new Set(audience.values()).size).toBeGreaterThan(200);
  });

  it('run in campaign flights: each campaign on air in separate periods, the campaigns at different times, two on air yesterday', () => {
    const days = new Map<number, Set<number>>();
    plan.campaignId.forEach((c, i) => {
      const set = days.get(c) ?? new Set<number>();
      set.add(Math.floor((END.getTime() - Date.parse(plan.playedAt[i])) / 86_400_000));
      days.set(c, set);
    });
    expect(days.size).toBe(14);
    for (const set of days.values()) {
      const sorted = [...set].sort((a, b) => a - b);
      const gaps = sorted.slice(1).filter((d, i) => d - sorted[i] > 7).length;
      expect(gaps).toBeGreaterThanOrEqual(1);
      expect(set.size).toBeLessThan(300);
    }
    const first = [...days.values()].map((set) => Math.max(...set));
    expect(new Set(first).size).toBeGreaterThan(10);
    const yesterday = [...days.values()].filter((set) => set.has(0));
    expect(yesterday.length).toBeGreaterThanOrEqual(2);
    // A campaign with creatives plays only its own.
    plan.campaignId.forEach((c, i) => {
      if (c === 4377) expect([80, 81]).toContain(plan.creativeId[i]);
    });
  });
});
