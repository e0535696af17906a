import { describe, expect, it } from 'vitest';
import { likelyNotes, oreFromKroner } from './till-amounts.ts';

describe('amounts typed at the till', () => {
  it('reads kroner with a comma or a point, at most to the øre', () => {
    expect(oreFromKroner('250')).toBe(25000);
    expect(oreFromKroner('249,50')).toBe(24950);
    expect(oreFromKroner(' 1 000.5 ')).toBe(100050);
    expect(oreFromKroner('')).toBeNull();
    expect(oreFromKroner('12,345')).toBeNull();
    expect(oreFromKroner('-5')).toBeNull();
    expect(oreFromKroner('kr 5')).toBeNull();
  });

  it('offers the notes a customer is likely to hand over, each above the total', () => {
    expect(likelyNotes(7000)).toEqual([10000, 20000, 50000]);
    expect(likelyNotes(5000)).toEqual([10000, 20000, 50000]);
    expect(likelyNotes(12300)).toEqual([15000, 20000, 50000]);
    expect(likelyNotes(50000)).toEqual([60000]);
  });
});
