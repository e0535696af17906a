import { expectedMinutes, type FreeTimeModel } from './free-time-model.ts';

/** A table as the waitlist sees it: its seats and when it is expected to be free (null: not for the line). */
export interface Slot {
  capacity: number;
  freeAt: Date;
}

/**
 * Minutes each party in line is expected to wait, in line order: every party takes the table
 * that fits it and frees first (the parties before it took theirs), and that table frees again
 * after a session of the usual length for the party. Null for a party no table fits.
 */
export function predictWaits(model: FreeTimeModel, slots: Slot[], parties: number[], now: Date): (number | null)[] {
  const open = slots.map((s) => ({ ...s, at: Math.max(s.freeAt.getTime(), now.getTime()) }));
  return parties.map((party) => {
    let best = -1;
    for (let i = 0; i < open.length; i++) {
      const slot = open[i]!;
      if (slot.capacity >= party && (best < 0 || slot.at < open[best]!.at)) best = i;
    }
    if (best < 0) return null;
    const slot = open[best]!;
    const wait = Math.ceil((slot.at - now.getTime()) / 60_000);
    const start = new Date(slot.at);
    slot.at += expectedMinutes(model, { startedAt: start, partySize: party }, 0) * 60_000;
    return wait;
  });
}
