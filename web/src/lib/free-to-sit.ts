import type { TTable } from '@club/shared/tables';

/**
 * A table the player can just sit down at: in use, in order, with nobody's game on it and held
 * for nobody (a game with a seat left is someone else's party, as the waitlist sees it). When
 * no table is, the start page offers the line.
 */
export const freeToSit = (table: Pick<TTable, 'active' | 'out_of_order' | 'status' | 'held_for'>): boolean =>
  table.active && !table.out_of_order && table.status === 'free' && table.held_for === null;
