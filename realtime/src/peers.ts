import type { TKioskRead } from '@club/shared/realtime';
import type { LiveView } from './live-view.ts';
import type { Applied, GatewayServer } from './socket-server.ts';

/**
 * Several gateways on one PostgreSQL (the adapter): each tells the others what it applied and
 * what the ticker sent, so any of them can go on where another stopped.
 */
export function createPeers(io: GatewayServer, view: LiveView, clustered: boolean) {
  // server-side events arrive on the namespace, not on the server
  io.of('/').on('gateway:applied', (message) => {
    for (const id of message.ids) view.remember(id);
    view.seq = Math.max(view.seq, message.seq);
    for (const t of message.tables) view.tables.set(t.id, t);
    for (const id of message.removedTables) view.tables.delete(id);
    for (const g of message.games) view.absorbGame(g);
    for (const [room, s] of message.roomSeqs) if (s > (view.roomSeqs.get(room) ?? 0)) view.roomSeqs.set(room, s);
  });
  io.of('/').on('gateway:ticked', (players) => {
    for (const [id, minutes] of players) view.lastMinutes.set(id, minutes);
  });

  return {
    applied(ids: number[], read: TKioskRead | null, removedTables: number[], roomSeqs: [string, number][]) {
      if (!clustered) return;
      const message: Applied = {
        ids,
        seq: view.seq,
        tables: read?.tables ?? [],
        removedTables,
        games: read?.games ?? [],
        roomSeqs,
      };
      io.serverSideEmit('gateway:applied', message);
    },
    ticked(players: [number, number][]) {
      if (players.length && clustered) io.serverSideEmit('gateway:ticked', players);
    },
  };
}

export type Peers = ReturnType<typeof createPeers>;
