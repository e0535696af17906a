import { describe, expect, it } from 'vitest';
import { MIN_ROWS, tvGrid } from './tv-layout.ts';

describe('tvGrid', () => {
  it('puts a small club in three columns on a 16:10 screen, and a big one in more', () => {
    expect(tvGrid(1350, 700, 26, 7)).toEqual({ columns: 3, rows: 3 });
    expect(tvGrid(1820, 880, 32, 20)).toEqual({ columns: 5, rows: 4 });
    expect(tvGrid(1820, 880, 32, 40).columns).toBeGreaterThanOrEqual(6);
  });

  it('always has a cell for every table', () => {
    for (let tables = 0; tables <= 60; tables++) {
      for (const [w, h] of [
        [1820, 880],
        [1000, 560],
        [3700, 1950],
      ] as const) {
        const { columns, rows } = tvGrid(w, h, 24, tables);
        expect(columns * rows).toBeGreaterThanOrEqual(tables);
        expect(rows).toBeGreaterThanOrEqual(MIN_ROWS);
      }
    }
  });

  it('does not stretch one table over the whole screen', () => {
    expect(tvGrid(1820, 880, 32, 1)).toEqual({ columns: 1, rows: MIN_ROWS });
  });
});
