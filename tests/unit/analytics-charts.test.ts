import { describe, expect, it } from 'vitest';
import { countBy, overTime, periodLabel, timeBuckets } from '@/pages/analytics/series';
import { toCsv } from '@/ui/csv';

describe('analytics numbers', () => {
  it('counts per key, largest first, summing a value when given', () => {
    const items = [{ b: 'A', n: 2 }, { b: 'B', n: 5 }, { b: 'A', n: 1 }];
    expect(countBy(items, (i) => i.b)).toEqual([{ label: 'A', value: 2 }, { label: 'B', value: 1 }]);
    expect(countBy(items, (i) => i.b, (i) => i.n)).toEqual([{ label: 'B', value: 5 }, { label: 'A', value: 3 }]);
  });

  it('buckets a short period by day and a long one by month, every bucket present', () => {
    expect(timeBuckets('2026-02-27', '2026-03-02')).toEqual({ unit: 'day', labels: ['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02'] });
    const long = timeBuckets('2025-11-15', '2026-03-10');
    expect(long.unit).toBe('month');
    expect(long.labels).toEqual(['2025-11', '2025-12', '2026-01', '2026-02', '2026-03']);
  });

  it('counts over time with zeros where nothing happened', () => {
    const data = overTime([{ d: '2026-03-01' }, { d: '2026-03-01' }, { d: '2026-03-03T10:00:00Z' }, { d: '2026-04-01' }], (i) => i.d, '2026-03-01', '2026-03-03');
    expect(data.map((d) => d.value)).toEqual([2, 0, 1]);
  });

  it('names a day bucket dd/mm/yyyy and a month bucket by its Italian month, shorter on the axis', () => {
    expect(periodLabel('2026-03-05')).toBe('05/03/2026');
    expect(periodLabel('2026-03-05', 'short')).toBe('05/03');
    expect(periodLabel('2026-03')).toBe('marzo 2026');
    expect(periodLabel('2025-12', 'short')).toBe('dic 25');
    expect(periodLabel('Totale')).toBe('Totale');
  });

  it('writes CSV for Excel in Italian: semicolons, decimal commas, quotes where needed', () => {
    const csv = toCsv(['Brand', 'Valore'], [['Caffè; Aurora', 1.5], ['Pasta "Etrusca"', 2]]);
    expect(csv).toBe('\uFEFFBrand;Valore\r\n"Caffè; Aurora";1,5\r\n"Pasta ""Etrusca""";2\r\n');
  });
});
