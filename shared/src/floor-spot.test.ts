import { describe, expect, it } from 'vitest';
import { crowds, freeSpot } from './floor-spot.ts';

describe('a new table’s place on the floor', () => {
  it('is the first free place, never on top of a table already there', () => {
    expect(freeSpot([])).toEqual({ x: 10, y: 12 });
    const taken = [
      { x: 50, y: 50 },
      { x: 12, y: 14 },
    ];
    const spot = freeSpot(taken);
    expect(taken.some((t) => crowds(spot, t))).toBe(false);
  });

  it('fills a floor without any two tables covering each other', () => {
    const placed: { x: number; y: number }[] = [];
    for (let i = 0; i < 24; i++) placed.push(freeSpot(placed));
    for (const [i, a] of placed.entries()) for (const b of placed.slice(i + 1)) expect(crowds(a, b)).toBe(false);
    // the 25th still gets a place, the roomiest one left
    expect(freeSpot(placed)).toMatchObject({ x: expect.any(Number), y: expect.any(Number) });
  });
});
