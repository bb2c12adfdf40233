import { describe, expect, it } from 'vitest';
import { everyPage } from '@/dataProviders/shared';

describe('everyPage', () => {
  it('reads every page of a paged endpoint until its total, each row once', async () => {
    const rows = Array.from({ length: 23 }, (_, i) => i);
    const asked: number[] = [];
    const all = await everyPage(async (page, size) => {
      asked.push(page);
      return { content: rows.slice(page * size, (page + 1) * size), totalElements: rows.length };
    }, 5);
    expect(all).toEqual(rows);
    expect(asked).toEqual([0, 1, 2, 3, 4]);
  });

  it('stops at an exact multiple of the page size without asking an empty page', async () => {
    const asked: number[] = [];
    const all = await everyPage(async (page, size) => {
      asked.push(page);
      return { content: Array.from({ length: size }, (_, i) => page * size + i), totalElements: 10 };
    }, 5);
    expect(all).toHaveLength(10);
    expect(asked).toEqual([0, 1]);
  });
});
