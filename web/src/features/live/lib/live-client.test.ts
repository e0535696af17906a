import type { TRoomSnapshot } from '@club/shared/realtime';
import type { TTable } from '@club/shared/tables';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findSchema } from '../../../app/schema-registry.ts';
import { liveKeys, tableKeys } from '../../../lib/query-keys.ts';
import { checkWith, createSchemaChecks } from '../../../lib/schema-checks.ts';
import { createCacheWriter } from './cache-writer.ts';
import { createLiveClient, type LiveSocket } from './live-client.ts';

/**
 * The client's rules against a scripted socket (the real gateway is in
 * live-gateway.test.ts): snapshots on subscribe, stale events dropped, a gap, a reconnect
 * and a wake-up each ask for `sync`, and it reconnects where Socket.IO gives up.
 */
type Handler = (...args: unknown[]) => void;

class FakeSocket {
  connected = false;
  active = false;
  handlers = new Map<string, Handler[]>();
  requests: { kind: string; room: string }[] = [];
  connects = 0;
  seq = 10;
  answer: (kind: string, room: string) => unknown = (_kind, room) => ({ data: snapshot(room, this.seq) });

  on(event: string, handler: Handler) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    return this;
  }
  fire(event: string, ...args: unknown[]) {
    for (const handler of this.handlers.get(event) ?? []) handler(...args);
  }
  connect() {
    this.connects += 1;
    this.active = true;
    return this;
  }
  /** the gateway accepts the handshake */
  open() {
    this.connected = true;
    this.fire('connect');
  }
  drop(reason: string) {
    this.connected = false;
    this.active = reason !== 'io server disconnect';
    this.fire('disconnect', reason);
  }
  refuse(message: string) {
    this.connected = false;
    this.active = false;
    this.fire('connect_error', new Error(message));
  }
  disconnect() {
    this.connected = false;
    this.active = false;
    return this;
  }
  timeout() {
    return {
      emitWithAck: async (kind: string, body: { room: string }) => {
        this.requests.push({ kind, room: body.room });
        return this.answer(kind, body.room);
      },
    };
  }
  emit() {
    return this;
  }
  removeAllListeners() {
    this.handlers.clear();
    return this;
  }
}

const floorTable = (id: number, status: 'free' | 'playing') => ({
  id,
  name: `Bord ${id}`,
  capacity: 4,
  active: true,
  x: 10,
  y: 10,
  status,
  players_count: status === 'free' ? 0 : 1,
  free_seats: status === 'free' ? 4 : 3,
  game_id: status === 'free' ? null : 30,
  started_at: null,
  predicted_free_at: null,
  held_for: null,
});
/** the floor as the gateway has it: table 3, free */
function snapshot(room: string, seq: number): TRoomSnapshot {
  return {
    kind: 'floor',
    room,
    seq,
    server_time: new Date().toISOString(),
    tables: [{ ...floorTable(3, 'free'), out_of_order: false, reserved_from: null }],
  };
}

function setup() {
  const socket = new FakeSocket();
  const queryClient = new QueryClient();
  const kicked = vi.fn();
  const authRejected = vi.fn();
  const visibility = new EventTarget() as EventTarget & { visibilityState: DocumentVisibilityState };
  visibility.visibilityState = 'visible';
  const client = createLiveClient({
    getToken: () => 'a-token-long-enough-for-the-gateway',
    me: () => 7,
    writer: createCacheWriter({ queryClient, me: () => 7 }),
    checks: createSchemaChecks({ local: async () => (schema, value) => checkWith(findSchema, schema, value) }),
    connect: () => socket as unknown as LiveSocket,
    onKicked: kicked,
    onAuthRejected: authRejected,
    retryMinMs: 10,
    retryMaxMs: 40,
    lingerMs: 10,
    visibility: visibility as unknown as Document,
  });
  return { socket, queryClient, client, kicked, authRejected, visibility };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** an event, and the time it takes to be checked before it is applied */
async function hear(socket: FakeSocket, event: string, payload: unknown) {
  socket.fire(event, payload);
  await flush();
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the live client', () => {
  it('connects when a room is followed, subscribes, and keeps the snapshot in the cache', async () => {
    const { socket, client, queryClient } = setup();
    expect(socket.connects).toBe(0);
    client.follow('floor');
    expect(socket.connects).toBe(1);
    socket.open();
    await flush();
    expect(socket.requests).toEqual([{ kind: 'subscribe', room: 'floor' }]);
    expect(client.lastSeq('floor')).toBe(10);
    expect(queryClient.getQueryData(liveKeys.room('floor'))).toMatchObject({ kind: 'floor', seq: 10 });
    expect(client.status()).toBe('connected');
  });

  it('drops events it already holds, applies new ones, and syncs when a sequence number was skipped', async () => {
    const { socket, client, queryClient } = setup();
    queryClient.setQueryData<TTable[]>(tableKeys.list(), [
      { ...floorTable(3, 'free'), price_per_minute: 250 } as unknown as TTable,
    ]);
    client.follow('floor');
    socket.open();
    await flush();

    // older than the snapshot: ignored
    await hear(socket, 'table:updated', { room: 'floor', seq: 9, prev_seq: 8, table: floorTable(3, 'playing') });
    expect(queryClient.getQueryData<TTable[]>(tableKeys.list())?.[0]?.status).toBe('free');
    // the snapshot's own number: in it already
    await hear(socket, 'table:updated', { room: 'floor', seq: 10, prev_seq: 9, table: floorTable(3, 'playing') });
    expect(queryClient.getQueryData<TTable[]>(tableKeys.list())?.[0]?.status).toBe('free');
    // next in line: applied, no sync
    await hear(socket, 'table:updated', { room: 'floor', seq: 11, prev_seq: 10, table: floorTable(3, 'playing') });
    expect(queryClient.getQueryData<TTable[]>(tableKeys.list())?.[0]?.status).toBe('playing');
    expect(client.lastSeq('floor')).toBe(11);
    // another event of the same kiosk change (one number, as a table and its game): applied too
    await hear(socket, 'table:updated', { room: 'floor', seq: 11, prev_seq: 11, table: floorTable(3, 'free') });
    expect(queryClient.getQueryData<TTable[]>(tableKeys.list())?.[0]?.status).toBe('free');
    expect(client.lastSeq('floor')).toBe(11);
    await flush();
    expect(socket.requests.map((r) => r.kind)).toEqual(['subscribe']);

    // 12 and 13 never came: sync
    socket.seq = 14;
    await hear(socket, 'table:updated', { room: 'floor', seq: 14, prev_seq: 13, table: floorTable(3, 'free') });
    expect(socket.requests.map((r) => r.kind)).toEqual(['subscribe', 'sync']);
    expect(client.lastSeq('floor')).toBe(14);
  });

  it('syncs every followed room after a reconnect, and reconnects itself after a server-side disconnect', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { socket, client } = setup();
    client.follow('floor');
    client.follow('table:3');
    socket.open();
    await vi.advanceTimersByTimeAsync(0);
    expect(socket.requests.map((r) => `${r.kind} ${r.room}`).sort()).toEqual(['subscribe floor', 'subscribe table:3']);

    socket.drop('io server disconnect');
    expect(client.status()).toBe('reconnecting');
    const before = socket.connects;
    await vi.advanceTimersByTimeAsync(100);
    expect(socket.connects).toBe(before + 1);
    socket.open();
    await vi.advanceTimersByTimeAsync(0);
    expect(
      socket.requests
        .slice(2)
        .map((r) => `${r.kind} ${r.room}`)
        .sort(),
    ).toEqual(['sync floor', 'sync table:3']);
    expect(client.status()).toBe('connected');
  });

  it('retries a refused handshake, and lets the session be checked when the token was refused', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { socket, client, authRejected } = setup();
    client.follow('floor');
    socket.refuse('error.service_unavailable');
    expect(client.status()).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(100);
    expect(socket.connects).toBe(2);
    socket.refuse('error.auth_required');
    expect(authRejected).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(socket.connects).toBe(3);
  });

  it('syncs when the tab comes back after sleeping', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { socket, client, visibility } = setup();
    client.follow('floor');
    socket.open();
    await vi.advanceTimersByTimeAsync(0);
    visibility.visibilityState = 'hidden';
    visibility.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(60_000);
    visibility.visibilityState = 'visible';
    visibility.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(socket.requests.map((r) => r.kind)).toEqual(['subscribe', 'sync']);
  });

  it('tells the app about a kick in the person’s own room only', async () => {
    const { socket, client, kicked } = setup();
    client.follow('user:7');
    socket.open();
    await flush();
    const kick = { game_id: 30, player_id: 301, order_id: 55 };
    await hear(socket, 'player:kicked', { room: 'admin', seq: 20, prev_seq: null, ...kick });
    expect(kicked).not.toHaveBeenCalled();
    await hear(socket, 'player:kicked', { room: 'user:7', seq: 21, prev_seq: null, ...kick });
    expect(kicked).toHaveBeenCalledWith(expect.objectContaining({ order_id: 55 }));
  });

  it('retries a room the gateway could not answer, and rejects one it refuses', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { socket, client } = setup();
    let refusals = 1;
    socket.answer = (_kind, room) => {
      if (room === 'admin') return { error: 'error.forbidden' };
      if (refusals-- > 0) return { error: 'error.service_unavailable' };
      return { data: snapshot(room, 10) };
    };
    client.follow('floor');
    socket.open();
    const admin = client.snapshot('admin');
    await expect(admin).rejects.toMatchObject({ key: 'error.forbidden' });
    await vi.advanceTimersByTimeAsync(100);
    expect(socket.requests.filter((r) => r.room === 'floor')).toHaveLength(2);
    expect(client.lastSeq('floor')).toBe(10);
  });
});
