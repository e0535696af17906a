import { describe, expect, it } from 'vitest';
import { type KioskNotification, notificationRoom } from './notification-rooms.ts';

const AT = Date.parse('2026-11-21T18:00:00.000Z');
const note = (fields: Partial<KioskNotification>): KioskNotification => ({
  id: 1,
  message: 'Hei',
  link_text: null,
  url: null,
  audience: 'all',
  role_id: null,
  user_id: null,
  starts_at: null,
  ends_at: null,
  created_at: '2026-11-21T17:00:00.000Z',
  ...fields,
});

describe('who hears of a new notification', () => {
  it('its person, its role or every member', () => {
    expect(notificationRoom(note({ audience: 'user', user_id: 5 }), AT)).toBe('user:5');
    expect(notificationRoom(note({ audience: 'role', role_id: 2 }), AT)).toBe('role-2');
    expect(notificationRoom(note({}), AT)).toBe('members');
  });

  it('nobody yet when it starts later, and nobody when it has ended', () => {
    expect(notificationRoom(note({ starts_at: '2026-11-21T19:00:00.000Z' }), AT)).toBeNull();
    expect(notificationRoom(note({ ends_at: '2026-11-21T18:00:00.000Z' }), AT)).toBeNull();
  });
});
