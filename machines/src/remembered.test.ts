import { describe, expect, it } from 'vitest';
import { nextGameState } from './game.ts';
import { remembered } from './remembered.ts';

describe('a remembered machine answer', () => {
  it('asks once per question, and tells questions apart by every argument', () => {
    const asked: string[] = [];
    const next = remembered((status: string, seats: number) => {
      asked.push(`${status}/${seats}`);
      return seats > 0 ? { status, seats } : null;
    });
    expect(next('playing', 1)).toEqual({ status: 'playing', seats: 1 });
    expect(next('playing', 1)).toEqual({ status: 'playing', seats: 1 });
    expect(next('paused', 1)).toEqual({ status: 'paused', seats: 1 });
    expect(next('playing', 0)).toBeNull();
    expect(next('playing', 0)).toBeNull();
    expect(asked).toEqual(['playing/1', 'paused/1', 'playing/0']);
  });

  it('hands out frozen answers, so no caller changes another’s', () => {
    const answer = nextGameState({ status: 'playing', capacity: 4, players: 1 }, { type: 'JOIN', seats: 1 });
    expect(answer).toEqual({ status: 'playing', players: 2 });
    expect(Object.isFrozen(answer)).toBe(true);
    expect(nextGameState({ status: 'playing', capacity: 4, players: 1 }, { type: 'JOIN', seats: 1 })).toBe(answer);
  });

  it('forgets everything once it holds its limit, and still answers right', () => {
    let asked = 0;
    const double = remembered((n: number) => {
      asked++;
      return n * 2;
    }, 3);
    for (const n of [1, 2, 3, 4, 1]) expect(double(n)).toBe(n * 2);
    expect(asked).toBe(5);
  });
});
