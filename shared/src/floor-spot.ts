/**
 * Where a new table goes on the floor plan (x, y in percent): the first place in reading order
 * that no table already takes, so a new table is never drawn on top of another. Two tables
 * closer than `SPACING` on both axes would overlap on the staff's plan (a tile is about a tenth
 * of the plan wide and a sixth of it high).
 */
export const SPACING = { x: 14, y: 22 } as const;

const COLUMNS = [10, 26, 42, 58, 74, 90];
const ROWS = [12, 37, 62, 87];

interface Spot {
  x: number;
  y: number;
}

/** Whether two tables' tiles would cover each other. */
export function crowds(a: Spot, b: Spot): boolean {
  return Math.abs(a.x - b.x) < SPACING.x && Math.abs(a.y - b.y) < SPACING.y;
}

export function freeSpot(taken: readonly Spot[]): Spot {
  const candidates = ROWS.flatMap((y) => COLUMNS.map((x) => ({ x, y })));
  const free = candidates.find((spot) => !taken.some((t) => crowds(spot, t)));
  if (free) return free;
  // a full floor: the place farthest from its nearest table
  const room = (spot: Spot) => Math.min(...taken.map((t) => Math.hypot(spot.x - t.x, spot.y - t.y)));
  return candidates.reduce((best, spot) => (room(spot) > room(best) ? spot : best));
}
