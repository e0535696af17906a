import { describe, expect, it } from 'vitest';
import type { SocketUser } from './kiosk-client.ts';
import { rightsError } from './room-rights.ts';

const member: SocketUser = { id: 5, is_admin: false, role_id: 2 };
const admin: SocketUser = { id: 1, is_admin: true, role_id: 1 };

describe('room rights', () => {
  it('let anyone watch the floor and members their tables', () => {
    expect(rightsError({ kind: 'floor' }, null)).toBeNull();
    expect(rightsError({ kind: 'table', id: 3 }, null)).toBe('error.auth_required');
    expect(rightsError({ kind: 'table', id: 3 }, member)).toBeNull();
  });

  it('keep a user room to its user and the admin room to admins', () => {
    expect(rightsError({ kind: 'user', id: 5 }, member)).toBeNull();
    expect(rightsError({ kind: 'user', id: 6 }, member)).toBe('error.forbidden');
    expect(rightsError({ kind: 'admin' }, member)).toBe('error.forbidden');
    expect(rightsError({ kind: 'admin' }, admin)).toBeNull();
  });
});
