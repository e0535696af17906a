import type { TTable } from '@club/shared/tables';

/**
 * A table the player can just sit down at: in use, in order, with nobody's game on it and held
 * for nobody (a game with a seat left is someone else's party, as the waitlist sees it). When
 * no table is, the start page offers the line.
 */
export const freeToSit = (table: Pick<TTable, 'active' | 'out_of_order' | 'status' | 'held_for'>): boolean =>
  table.active && !table.out_of_order && table.status === 'free' && table.held_for === null;

/**
 * Whether a table stands out of order with nobody at it: then the floor shows it out of order,
 * not free (a game already running there plays on, and shows as playing; nobody new joins it).
 */
export const standsOutOfOrder = (table: Pick<TTable, 'out_of_order' | 'status'>): boolean =>
  table.out_of_order && table.status === 'free';

/**
 * What the start page's waitlist card needs of the floor: whether no open table is free to sit
 * at (then it offers the line), and the most seats an open table has (the largest party).
 */
export function lineOffer(tables: readonly TTable[]): { allBusy: boolean; largest: number } {
  const open = tables.filter((table) => table.active && !table.out_of_order);
  return { allBusy: !open.some(freeToSit), largest: Math.max(0, ...open.map((table) => table.capacity)) };
}
