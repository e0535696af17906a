import { resources, translate } from '@club/shared/i18n/resources';
import { describe, expect, it } from 'vitest';
import { floorStatusKey } from './format.ts';

const hold = { entry_id: 1, party_size: 2, until: '2026-11-27T19:00:00.000Z' };

describe('a table’s state as staff read it', () => {
  it('is held, not free, while a waitlist party may take it', () => {
    expect(floorStatusKey({ active: true, status: 'free', held_for: hold })).toBe('live.status.held');
    expect(floorStatusKey({ active: true, status: 'free', held_for: null })).toBe('live.status.free');
    expect(floorStatusKey({ active: false, status: 'free', held_for: null })).toBe('live.status.closed');
    expect(floorStatusKey({ active: true, status: 'playing', held_for: null })).toBe('live.status.playing');
  });

  it.each(['nb', 'en'] as const)('has words for every state in %s', (locale) => {
    expect(resources[locale]).toBeDefined();
    for (const status of ['free', 'playing', 'paused', 'closed', 'held'])
      expect(translate(locale, `live.status.${status}`)).not.toBe(`live.status.${status}`);
    expect(translate(locale, 'live.status.held')).not.toBe(translate(locale, 'live.status.free'));
  });
});
