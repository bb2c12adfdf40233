import { describe, expect, it } from 'vitest';
import { isArea, pointsInShape, shapeBounds, type AreaShape } from '@/ui/map/selection';

/* The selection math of "Seleziona area": which systems fall inside a rectangle or a lasso drawn on the map. */

const at = (id: number, latitude: number, longitude: number) => ({ id, latitude, longitude });

// Milan's centre, roughly: a grid of points 0.01° apart.
const grid = Array.from({ length: 5 }, (_, i) => Array.from({ length: 5 }, (_, j) => at(i * 5 + j + 1, 45.44 + i * 0.01, 9.16 + j * 0.01))).flat();

describe('a rectangle', () => {
  it('holds the points between its corners, whichever corner the drag started from', () => {
    const down: AreaShape = { kind: 'rectangle', corners: [[45.465, 9.175], [45.445, 9.195]] };
    const up: AreaShape = { kind: 'rectangle', corners: [[45.445, 9.175], [45.465, 9.195]] };
    const ids = pointsInShape(grid, down).map((p) => p.id);
    // rows 45.45 and 45.46, columns 9.18 and 9.19
    expect(ids).toEqual([8, 9, 13, 14]);
    expect(pointsInShape(grid, up).map((p) => p.id)).toEqual(ids);
    expect(shapeBounds(down)).toEqual({ north: 45.465, south: 45.445, east: 9.195, west: 9.175 });
  });

  it('counts a point on its edge as inside', () => {
    const shape: AreaShape = { kind: 'rectangle', corners: [[45.44, 9.16], [45.45, 9.17]] };
    expect(pointsInShape(grid, shape).map((p) => p.id)).toEqual([1, 2, 6, 7]);
  });

  it('a click without a drag selects nothing', () => {
    const shape: AreaShape = { kind: 'rectangle', corners: [[45.45, 9.18], [45.45, 9.18]] };
    expect(isArea(shape)).toBe(false);
    expect(pointsInShape(grid, shape)).toEqual([]);
  });
});

describe('a lasso', () => {
  // A triangle with its right angle at the south-west corner of the grid: the points under the diagonal.
  const triangle: AreaShape = {
    kind: 'lasso',
    points: [
      [45.435, 9.155],
      [45.48, 9.155],
      [45.435, 9.2],
    ],
  };

  it('holds the points inside the outline, not those inside its box only', () => {
    const inside = pointsInShape(grid, triangle);
    // (lat - 45.435) + (lng - 9.155) < 0.045 → i + j < 4 (the grid is 0.01 apart, 0.005 from the corner)
    const expected = grid.filter((_, n) => Math.floor(n / 5) + (n % 5) < 4).map((p) => p.id);
    expect(inside.map((p) => p.id)).toEqual(expected);
    expect(inside).toHaveLength(10);
    // the box holds the whole grid
    expect(pointsInShape(grid, { kind: 'rectangle', corners: [[45.435, 9.155], [45.485, 9.205]] })).toHaveLength(25);
  });

  it('follows a concave outline (an L): the notch is outside', () => {
    const ell: AreaShape = {
      kind: 'lasso',
      points: [
        [45.435, 9.155],
        [45.485, 9.155],
        [45.485, 9.165],
        [45.445, 9.165],
        [45.445, 9.205],
        [45.435, 9.205],
      ],
    };
    // the first column (j = 0) and the first row (i = 0)
    const ids = pointsInShape(grid, ell).map((p) => p.id);
    expect(ids).toEqual([1, 2, 3, 4, 5, 6, 11, 16, 21]);
  });

  it('needs three points to enclose anything', () => {
    const line: AreaShape = { kind: 'lasso', points: [[45.435, 9.155], [45.485, 9.205]] };
    expect(isArea(line)).toBe(false);
    expect(pointsInShape(grid, line)).toEqual([]);
  });
});

describe('the map filters', () => {
  it('keep out the points they exclude, even inside the shape', () => {
    const shape: AreaShape = { kind: 'rectangle', corners: [[45.435, 9.155], [45.485, 9.205]] };
    const allowed = new Set([3, 7, 99]);
    expect(pointsInShape(grid, shape, allowed).map((p) => p.id)).toEqual([3, 7]);
    expect(pointsInShape(grid, shape, new Set())).toEqual([]);
  });
});
