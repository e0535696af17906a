import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ADMIN_ROOM, FLOOR_ROOM, STAFF_ROOM, tableRoom, userRoom } from '@club/shared/realtime';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createFanOut } from './fan-out.ts';
import { createLiveView } from './live-view.ts';
import { createSocketServer, type GatewayServer } from './socket-server.ts';
import { game, player, table } from './test-games.ts';
import { eventually } from './testing.ts';

let io: GatewayServer;
let url: string;
const clients: Socket[] = [];

beforeAll(async () => {
  const http = createServer();
  io = createSocketServer(http, {});
  // the test's sockets ask for their room in the handshake: rights are not what is tested here
  io.on('connection', (socket) => {
    const room = socket.handshake.query.room;
    if (typeof room === 'string') void socket.join(room.split(','));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const c of clients) c.close();
  await io.close();
});

/** A real client in `room` (and any `more`), recording every event it hears. */
async function listener(room: string, ...more: string[]) {
  const heard: { event: string; payload: Record<string, unknown> }[] = [];
  const socket = connect(url, { transports: ['websocket'], query: { room: [room, ...more].join(',') } });
  clients.push(socket);
  socket.onAny((event: string, payload: Record<string, unknown>) => heard.push({ event, payload }));
  await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
  await eventually(() => io.of('/').adapter.rooms.get(room)?.size === 1, 2000, 'joined');
  return heard;
}

describe('the fan-out', () => {
  it('stamps each room with the sequence number and the room’s previous one', async () => {
    const view = createLiveView();
    const fanOut = createFanOut(io, view);
    const floor = await listener(FLOOR_ROOM);
    view.tables.set(1, table(1));
    fanOut.startRound();
    fanOut.table(view.viewOf(table(1)), 5);
    fanOut.floor(6);
    await eventually(() => floor.length === 2, 2000, 'two events');
    expect(floor.map((h) => [h.event, h.payload.seq, h.payload.prev_seq])).toEqual([
      ['table:updated', 5, null],
      ['floor:snapshot', 6, 5],
    ]);
    expect(fanOut.touched()).toEqual(expect.arrayContaining([[FLOOR_ROOM, 6]]));
  });

  it('tells a table’s room of a game and its table in one message; the admin room hears both', async () => {
    const view = createLiveView();
    const fanOut = createFanOut(io, view);
    const tableHeard = await listener(tableRoom(2));
    const admin = await listener(ADMIN_ROOM);
    const g = game(9, 2, [player(1, 9)]);
    fanOut.table(view.viewOf(table(2, 9)), 7, true);
    fanOut.game(g, 7, true);
    fanOut.carried(g, view.viewOf(table(2, 9)), 7);
    await eventually(() => tableHeard.length === 1 && admin.length === 2, 2000, 'the messages');
    expect(tableHeard[0]).toMatchObject({ event: 'game:updated', payload: { game: { id: 9 }, table: { id: 2 } } });
    expect(admin.map((h) => h.event)).toEqual(['table:updated', 'game:updated']);
  });

  it('alone, sends nothing to a room nobody is in, yet moves its sequence number; shared, sends anyway', async () => {
    const view = createLiveView();
    const broadcast = vi.spyOn(io.of('/').adapter, 'broadcast');
    const sentTo = (room: string) => broadcast.mock.calls.filter(([, opts]) => opts.rooms.has(room)).length;
    try {
      const fanOut = createFanOut(io, view);
      fanOut.game(game(21, 20, [player(1, 21)]), 30);
      fanOut.tick(tableRoom(20), { game_id: 21, table_id: 20, players: [] });
      expect(sentTo(tableRoom(20))).toBe(0);
      expect(view.roomSeqs.get(tableRoom(20))).toBe(30);

      const heard = await listener(tableRoom(20));
      fanOut.game(game(21, 20, [player(1, 21)]), 31);
      await eventually(() => heard.length === 1, 2000, 'the event');
      expect(heard[0]!.payload).toMatchObject({ seq: 31, prev_seq: 30 });
      expect(sentTo(tableRoom(20))).toBe(1);

      createFanOut(io, view, { shared: true }).tick(tableRoom(22), { game_id: 23, table_id: 22, players: [] });
      expect(sentTo(tableRoom(22))).toBe(1);
    } finally {
      broadcast.mockRestore();
    }
  });

  it('sends a tick with the room’s sequence number as its own, so no gap shows', async () => {
    const view = createLiveView();
    const fanOut = createFanOut(io, view);
    const tableHeard = await listener(tableRoom(3));
    view.roomSeqs.set(tableRoom(3), 12);
    fanOut.tick(tableRoom(3), { game_id: 4, table_id: 3, players: [{ id: 1, minutes: 2, total: 600 }] });
    await eventually(() => tableHeard.length === 1, 2000, 'the tick');
    expect(tableHeard[0]).toMatchObject({ event: 'game:tick', payload: { seq: 12, prev_seq: 12, game_id: 4 } });
  });

  it('takes a table’s room from a player who left, not from one who sat down again nor from staff', async () => {
    const fanOut = createFanOut(io, createLiveView());
    const room = tableRoom(40);
    const seated = (user: number) => io.of('/').adapter.rooms.get(room)?.has(sockets.get(user)!) ?? false;
    const sockets = new Map<number, string>();
    for (const user of [101, 102, 103]) {
      const extra = user === 103 ? [STAFF_ROOM] : [];
      await listener(userRoom(user), room, ...extra);
      sockets.set(user, clients.at(-1)!.id!);
    }
    const left = (p: ReturnType<typeof player>) => ({ ...p, status: 'left' as const });
    // 101 left and joined again under a new seat; 102 left; 103, staff, played and left too
    const g = game(41, 40, [
      left(player(1, 41)),
      { ...player(4, 41), user_id: 101 },
      left(player(2, 41)),
      left(player(3, 41)),
    ]);
    fanOut.game(g, 50);
    await eventually(() => !seated(102), 2000, 'the leaver gone');
    expect([seated(101), seated(103)]).toEqual([true, true]);
  });
});
