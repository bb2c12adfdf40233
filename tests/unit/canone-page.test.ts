import { describe, expect, it } from 'vitest';
import { visibleRows } from '@/resources/canone/CanonePage';

/* The canone unico summary on screen: searched by municipality or province (accents ignored), sorted by any column. */

const row = (municipality: string, province: string, amount: number, faces: number) => ({
  municipalityIstat: String(100000 + amount),
  municipality,
  province,
  faces,
  litFaces: 0,
  totalSurface: faces * 6,
  litSurface: 0,
  exposureDays: faces * 14,
  amount,
  ratesMissing: false,
});
const rows = [
  row('Milano', 'Milano', 300, 2),
  row('Forlì', 'Forlì-Cesena', 50, 5),
  row('Abano Terme', 'Padova', 120, 1),
];

describe('the summary rows', () => {
  it('sort by name in Italian order, and by amount either way', () => {
    expect(visibleRows(rows, '', { key: 'municipality', asc: true }).map((r) => r.municipality)).toEqual([
      'Abano Terme',
      'Forlì',
      'Milano',
    ]);
    expect(visibleRows(rows, '', { key: 'amount', asc: false }).map((r) => r.amount)).toEqual([300, 120, 50]);
    expect(visibleRows(rows, '', { key: 'faces', asc: true }).map((r) => r.faces)).toEqual([1, 2, 5]);
  });

  it('are searched by municipality or province, accents ignored', () => {
    expect(visibleRows(rows, 'forli', { key: 'municipality', asc: true }).map((r) => r.municipality)).toEqual(
      ['Forlì'],
    );
    expect(
      visibleRows(rows, 'padova', { key: 'municipality', asc: true }).map((r) => r.municipality),
    ).toEqual(['Abano Terme']);
    expect(visibleRows(rows, 'nessuno', { key: 'municipality', asc: true })).toEqual([]);
  });
});
